// Expanding command-line inputs into the files of a migration.
#include "inputs/Inputs.h"
#include "core/TemporaryNames.h"
#include "core/WorkingFolder.h"
#include "inputs/NvccFlags.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/Path.h"

#include <unistd.h>

#include <map>
#include <set>

namespace musify {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

std::optional<BuildFileKind> buildFileKindOf(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  if (Name == "CMakeLists.txt" || Name.ends_with(".cmake"))
    return BuildFileKind::CMake;
  if (Name == "Makefile" || Name == "makefile" || Name == "GNUmakefile" ||
      Name.ends_with(".mk"))
    return BuildFileKind::Makefile;
  if (Name == "setup.py")
    return BuildFileKind::Python;
  return std::nullopt;
}

FileRole roleOf(llvm::StringRef Path) {
  if (buildFileKindOf(Path))
    return FileRole::BuildFile;
  return llvm::StringSwitch<FileRole>(path::extension(Path))
      .Cases(".cu", ".cpp", ".cc", ".cxx", ".c", FileRole::TranslationUnit)
      .Cases(".cuh", ".h", ".hpp", ".hh", ".inl", FileRole::Header)
      .Case(".py", FileRole::Python)
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

/// Hidden folders (.git, .svn, .cache), CVS's and CMake's own hold nothing
/// to migrate.
bool isSkippedFolder(llvm::StringRef Name) {
  return Name.starts_with(".") || Name == "CMakeFiles" || Name == "CVS";
}

/// A CMake build folder (`build/` beside the sources): its copy could not
/// be configured, and its files are generated.
bool isBuildFolder(llvm::StringRef Dir) {
  llvm::SmallString<256> Cache(Dir);
  path::append(Cache, "CMakeCache.txt");
  return fs::is_regular_file(Cache);
}

/// Symbolic links are never followed: a link to a folder could lead out of
/// the input or round in a cycle. What a link leads to inside the folder is
/// read where it really is; a relative link that stays inside is kept as a
/// link (InputSet::Links).
llvm::Error addFolder(llvm::StringRef Dir, llvm::StringRef SkipDir, InputSet &Set,
                      bool RequireSources = true) {
  std::vector<InputFile> &Out = Set.Files;
  std::vector<InputSet::Link> &Links = Set.Links;
  std::error_code EC;
  size_t Sources = 0;
  for (fs::recursive_directory_iterator It(Dir, EC, /*follow_symlinks=*/false), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Name = path::filename(It->path());
    if (It->type() == fs::file_type::directory_file) {
      if (isSkippedFolder(Name) || (!SkipDir.empty() && isWithin(It->path(), SkipDir)))
        It.no_push();
      else if (isBuildFolder(It->path())) {
        Set.BuildFolders.push_back(It->path());
        It.no_push();
      }
      continue;
    }
    if (It->type() == fs::file_type::symlink_file) {
      char Target[4096];
      ssize_t Length = ::readlink(It->path().c_str(), Target, sizeof Target);
      llvm::SmallString<256> Real;
      if (Length > 0 && size_t(Length) < sizeof Target &&
          path::is_relative(llvm::StringRef(Target, Length)) &&
          !fs::real_path(It->path(), Real) && isWithin(Real, Dir))
        Links.push_back({It->path(), std::string(Target, Length)});
      continue;
    }
    if (It->type() != fs::file_type::regular_file)
      continue;
    llvm::SmallString<256> Real;
    if (fs::real_path(It->path(), Real))
      continue;
    // Only a run that writes in the input folders leaves its temporary
    // files there; for any other, a file so named is the user's.
    if (Set.TemporariesAreStale && isTemporaryName(Name)) {
      Set.StaleTemporaries.push_back(Real.str().str());
      continue;
    }
    InputFile F;
    F.Path = Real.str().str();
    F.Role = roleOf(F.Path);
    Sources += F.Role != FileRole::Other;
    Out.push_back(std::move(F));
  }
  if (EC)
    return inputError("cannot read folder '" + Dir + "': " + EC.message());
  if (Sources == 0 && RequireSources)
    return inputError("no CUDA, C++ or Python sources (.cu .cuh .cpp .cc .cxx .c .h "
                      ".hpp .inl .py) or build files under '" +
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

/// The files --include and --exclude leave out.
class InputFilter {
public:
  static llvm::Expected<InputFilter> create(const InputRequest &Request) {
    InputFilter F;
    for (auto [Globs, Into] : {std::pair(&Request.IncludeGlobs, &F.Include),
                               std::pair(&Request.ExcludeGlobs, &F.Exclude)})
      for (const std::string &Glob : *Globs) {
        llvm::Expected<llvm::GlobPattern> P = llvm::GlobPattern::create(Glob);
        if (!P)
          return inputError("bad glob '" + Glob + "': " + llvm::toString(P.takeError()));
        Into->push_back(std::move(*P));
      }
    F.IncludeMatched.assign(F.Include.size(), false);
    F.ExcludeMatched.assign(F.Exclude.size(), false);
    return F;
  }

  /// Relative: the path from the inputs' common folder. Each glob that
  /// matches is remembered (unmatched()).
  bool leavesOut(llvm::StringRef Relative) const {
    bool Included = Include.empty(), Excluded = false;
    for (size_t I = 0; I < Include.size(); ++I)
      if (Include[I].match(Relative))
        Included = IncludeMatched[I] = true;
    for (size_t I = 0; I < Exclude.size(); ++I)
      if (Exclude[I].match(Relative))
        Excluded = ExcludeMatched[I] = true;
    return !Included || Excluded;
  }

  /// "--exclude 'GLOB'" for each glob no file matched.
  std::vector<std::string> unmatched(const InputRequest &Request) const {
    std::vector<std::string> Out;
    for (size_t I = 0; I < Include.size(); ++I)
      if (!IncludeMatched[I])
        Out.push_back("--include '" + Request.IncludeGlobs[I] + "'");
    for (size_t I = 0; I < Exclude.size(); ++I)
      if (!ExcludeMatched[I])
        Out.push_back("--exclude '" + Request.ExcludeGlobs[I] + "'");
    return Out;
  }

private:
  std::vector<llvm::GlobPattern> Include, Exclude;
  mutable std::vector<bool> IncludeMatched, ExcludeMatched;
};

} // namespace

/// A folder of the toolchain rather than the project: the system's include
/// folders, or a CUDA SDK's (one that holds cuda_runtime_api.h, itself or in
/// include/, or lies inside such a folder). A build's -I may name them; their
/// headers are never inputs.
static bool isToolchainFolder(llvm::StringRef Real) {
  for (llvm::StringRef System :
       {"/usr/include", "/usr/local/include", "/usr/lib", "/opt/rocm"})
    if (isWithin(Real, System))
      return true;
  for (llvm::StringRef Folder = Real; !Folder.empty() && Folder != "/";
       Folder = llvm::sys::path::parent_path(Folder)) {
    llvm::SmallString<256> Header(Folder), Nested(Folder);
    llvm::sys::path::append(Header, "cuda_runtime_api.h");
    llvm::sys::path::append(Nested, "include", "cuda_runtime_api.h");
    if (fs::exists(Header) || fs::exists(Nested))
      return true;
  }
  return false;
}

/// Without paths, the compile database's: its files, and the project's own
/// include folders, which hold headers to migrate. The build folder's
/// (generated files), -isystem ones and the toolchain's do not. The project
/// is the folder that holds the build folder (CMake's `project/build`): a
/// database is data, and an entry naming a file outside it (an SDK header,
/// /etc/...) is refused, never made an input; an include folder outside it
/// is searched but not migrated.
static llvm::Error addDatabaseInputs(const InputRequest &Request,
                                     std::vector<std::string> &Paths, InputSet &Set) {
  llvm::SmallString<256> BuildDir;
  fs::real_path(Request.BuildDir, BuildDir);
  std::string Project = path::parent_path(BuildDir).str();
  if (Project.empty())
    Project = BuildDir.str().str();
  std::set<std::string> Folders;
  for (const CompileCommand &C : Request.Commands) {
    if (!isWithin(C.File, Project) || isToolchainFolder(path::parent_path(C.File)))
      return inputError("the compile database in '" + Request.BuildDir + "' lists '" +
                        C.File + "', which is not a file of the project '" + Project +
                        "' (a database's files lie in the folder that holds its build "
                        "folder, outside the CUDA SDK and the system's folders); name "
                        "the folders to migrate on the command line");
    Paths.push_back(C.File);
    for (const std::string &Folder :
         includeFoldersOf(translateNvccFlags(C.Flags), C.Directory, /*System=*/false)) {
      llvm::SmallString<256> Real;
      if (!fs::real_path(Folder, Real) && fs::is_directory(Real) &&
          isWithin(Real, Project) && !(!BuildDir.empty() && isWithin(Real, BuildDir)) &&
          !isToolchainFolder(Real))
        Folders.insert(Real.str().str());
    }
  }
  for (const std::string &Folder : Folders) {
    if (llvm::Error E = addFolder(Folder, Request.SkipDir, Set, /*RequireSources=*/false))
      return E;
    Set.Roots.push_back(Folder);
    Set.Folders.push_back(Folder);
  }
  return llvm::Error::success();
}

/// One path of the command line: a folder, or a file musify can migrate.
static llvm::Error addGivenPath(const std::string &Given, llvm::StringRef SkipDir,
                                InputSet &Set) {
  llvm::SmallString<256> Real;
  if (std::error_code EC = fs::real_path(Given, Real))
    return inputError("cannot open '" + Given + "': " + EC.message());
  if (fs::is_directory(Real)) {
    if (llvm::Error E = addFolder(Real, SkipDir, Set))
      return E;
    Set.Roots.push_back(Real.str().str());
    Set.Folders.push_back(Real.str().str());
    return llvm::Error::success();
  }
  // A device (a link to /dev/zero named z.cu) or a file no source is as
  // big as would only exhaust memory.
  fs::file_status Status;
  if (fs::status(Real, Status) || Status.type() != fs::file_type::regular_file)
    return inputError("'" + Given + "' is not a regular file");
  if (Status.getSize() > MaxSourceBytes)
    return inputError("'" + Given + "' is larger than " +
                      std::to_string(MaxSourceBytes >> 20) +
                      " MiB; musify migrates sources, not files that size");
  InputFile F;
  F.Path = Real.str().str();
  F.Role = roleOf(F.Path);
  F.Explicit = true;
  if (F.Role == FileRole::Other)
    return inputError("'" + Given +
                      "' is not a CUDA, C++ or Python source (.cu .cuh .cpp .cc .cxx "
                      ".c .h .hpp .inl .py) or a build file (CMakeLists.txt, *.cmake, "
                      "Makefile, setup.py)");
  Set.Roots.push_back(path::parent_path(F.Path).str());
  Set.Files.push_back(std::move(F));
  return llvm::Error::success();
}

std::optional<FileStamp> FileStamp::of(llvm::StringRef Path) {
  fs::file_status Status;
  if (fs::status(Path, Status))
    return std::nullopt;
  return FileStamp{Status.getUniqueID(), Status.getSize(),
                   Status.getLastModificationTime()};
}

/// A file named and also found in a named folder is one input; keep the
/// explicit flag, which decides whether it is parsed on its own.
static void removeDuplicates(InputSet &Set) {
  llvm::sort(Set.Files, [](const InputFile &A, const InputFile &B) {
    return std::tie(A.Path, B.Explicit) < std::tie(B.Path, A.Explicit);
  });
  Set.Files.erase(
      llvm::unique(Set.Files, [](const InputFile &A,
                                 const InputFile &B) { return A.Path == B.Path; }),
      Set.Files.end());
  llvm::sort(Set.Roots);
  Set.Roots.erase(llvm::unique(Set.Roots), Set.Roots.end());
  llvm::sort(Set.Folders);
  Set.Folders.erase(llvm::unique(Set.Folders), Set.Folders.end());
}

/// Each file's path from the inputs' common folder, whether the filter
/// leaves it out, and its compile command.
static void describeFiles(InputSet &Set, const InputRequest &Request,
                          const InputFilter &Filter) {
  std::map<std::string, const CompileCommand *> CommandOf;
  for (const CompileCommand &C : Request.Commands)
    CommandOf.emplace(C.File, &C); // the first entry of a file wins, as in Clang tools

  Set.MirrorBase = commonFolder(Set.Roots);
  for (InputFile &F : Set.Files) {
    llvm::StringRef Rel = llvm::StringRef(F.Path).drop_front(Set.MirrorBase.size());
    F.Relative = Rel.ltrim('/').str();
    F.LeftOut = F.Role != FileRole::Other && Filter.leavesOut(F.Relative);
    if (auto It = CommandOf.find(F.Path); It != CommandOf.end())
      F.Command = *It->second;
    if (!F.LeftOut)
      F.Found = FileStamp::of(F.Path);
  }
}

llvm::Expected<InputSet> collectInputs(const InputRequest &Request) {
  llvm::Expected<InputFilter> Filter = InputFilter::create(Request);
  if (!Filter)
    return Filter.takeError();
  InputSet Set;
  Set.TemporariesAreStale = Request.WritesInPlace;
  std::vector<std::string> Paths = Request.Paths;
  if (Paths.empty())
    if (llvm::Error E = addDatabaseInputs(Request, Paths, Set))
      return E;
  if (Paths.empty())
    return inputError("no input files");
  for (const std::string &Given : Paths)
    if (llvm::Error E = addGivenPath(Given, Request.SkipDir, Set))
      return E;
  if (Request.FromStdin)
    if (std::string Here = workingFolder(); !Here.empty())
      Set.Roots.push_back(std::move(Here));
  removeDuplicates(Set);
  describeFiles(Set, Request, *Filter);
  Set.UnmatchedGlobs = Filter->unmatched(Request);
  if (llvm::all_of(Set.Files, [](const InputFile &F) {
        return F.Role == FileRole::Other || F.LeftOut;
      }))
    return inputError("--include and --exclude leave no file to migrate");
  return Set;
}

void printWhatWasLeftOut(const InputSet &Inputs, llvm::raw_ostream &OS) {
  for (const std::string &Glob : Inputs.UnmatchedGlobs)
    OS << "musify: warning: " << Glob << " matches no source file (globs match "
       << "paths relative to '" << Inputs.MirrorBase << "', and '*' crosses folders)\n";
  for (const std::string &Folder : Inputs.BuildFolders)
    OS << "musify: note: left out '" << Folder << "', a CMake build folder (it holds "
       << "CMakeCache.txt); name it as an input to migrate it\n";
}

} // namespace musify
