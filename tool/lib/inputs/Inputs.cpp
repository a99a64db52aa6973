// Expanding command-line inputs into the files of a migration.
#include "inputs/Inputs.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace musify {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

FileRole roleOf(llvm::StringRef Path) {
  return llvm::StringSwitch<FileRole>(path::extension(Path))
      .Cases(".cu", ".cpp", ".cc", ".cxx", ".c", FileRole::TranslationUnit)
      .Cases(".cuh", ".h", ".hpp", ".hh", ".inl", FileRole::Header)
      .Default(FileRole::Other);
}

SourceLanguage languageOf(llvm::StringRef Path) {
  return llvm::StringSwitch<SourceLanguage>(path::extension(Path))
      .Cases(".cu", ".cuh", SourceLanguage::Cuda)
      .Case(".c", SourceLanguage::C)
      .Default(SourceLanguage::Cxx);
}

bool isWithin(llvm::StringRef Path, llvm::StringRef Dir) {
  if (!Path.starts_with(Dir))
    return false;
  return Path.size() == Dir.size() || Dir.ends_with("/") || Path[Dir.size()] == '/';
}

namespace {

llvm::Error inputError(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message.str());
}

/// Hidden folders (.git, .cache) and build folders of other tools hold
/// nothing to migrate.
bool isSkippedFolder(llvm::StringRef Name) {
  return Name.starts_with(".") || Name == "CMakeFiles";
}

llvm::Error addFolder(llvm::StringRef Dir, llvm::StringRef SkipDir,
                      std::vector<InputFile> &Out) {
  std::error_code EC;
  size_t Sources = 0;
  for (fs::recursive_directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = path::filename(It->path());
    if (It->type() == fs::file_type::directory_file) {
      if (isSkippedFolder(Name) || (!SkipDir.empty() && isWithin(It->path(), SkipDir)))
        It.no_push();
      continue;
    }
    if (It->type() != fs::file_type::regular_file &&
        It->type() != fs::file_type::symlink_file)
      continue;
    llvm::SmallString<256> Real;
    if (fs::real_path(It->path(), Real))
      continue; // a dangling link: nothing to read
    InputFile F;
    F.Path = Real.str().str();
    F.Role = roleOf(F.Path);
    Sources += F.Role != FileRole::Other;
    Out.push_back(std::move(F));
  }
  if (EC)
    return inputError("cannot read folder '" + Dir + "': " + EC.message());
  if (Sources == 0)
    return inputError("no CUDA or C++ sources (.cu .cuh .cpp .cc .cxx .c .h .hpp "
                      ".inl) under '" +
                      Dir + "'");
  return llvm::Error::success();
}

std::string commonFolder(const std::vector<std::string> &Folders) {
  std::string Common = Folders.front();
  for (const std::string &F : Folders)
    while (!isWithin(F, Common))
      Common = path::parent_path(Common).str();
  return Common;
}

} // namespace

llvm::Expected<InputSet> collectInputs(const std::vector<std::string> &Paths,
                                       llvm::StringRef SkipDir) {
  if (Paths.empty())
    return inputError("no input files");
  InputSet Set;
  for (const std::string &Given : Paths) {
    llvm::SmallString<256> Real;
    if (std::error_code EC = fs::real_path(Given, Real))
      return inputError("cannot open '" + Given + "': " + EC.message());
    if (fs::is_directory(Real)) {
      if (llvm::Error E = addFolder(Real, SkipDir, Set.Files))
        return E;
      Set.Roots.push_back(Real.str().str());
      continue;
    }
    InputFile F;
    F.Path = Real.str().str();
    F.Role = roleOf(F.Path);
    F.Explicit = true;
    if (F.Role == FileRole::Other)
      return inputError("'" + Given +
                        "' is not a CUDA or C++ source (.cu .cuh .cpp .cc .cxx .c .h "
                        ".hpp .inl)");
    Set.Roots.push_back(path::parent_path(F.Path).str());
    Set.Files.push_back(std::move(F));
  }

  // A file named and also found in a named folder is one input; keep the
  // explicit flag, which decides whether it is parsed on its own.
  llvm::sort(Set.Files, [](const InputFile &A, const InputFile &B) {
    return std::tie(A.Path, B.Explicit) < std::tie(B.Path, A.Explicit);
  });
  Set.Files.erase(llvm::unique(Set.Files,
                               [](const InputFile &A, const InputFile &B) {
                                 return A.Path == B.Path;
                               }),
                  Set.Files.end());
  llvm::sort(Set.Roots);
  Set.Roots.erase(llvm::unique(Set.Roots), Set.Roots.end());

  Set.MirrorBase = commonFolder(Set.Roots);
  for (InputFile &F : Set.Files) {
    llvm::StringRef Rel = llvm::StringRef(F.Path).drop_front(Set.MirrorBase.size());
    F.Relative = Rel.ltrim('/').str();
  }
  return Set;
}

} // namespace musify
