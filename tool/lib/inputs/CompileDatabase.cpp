// Reading a build's compile_commands.json: which files it compiles, and how.
#include "core/BoundedRead.h"
#include "inputs/Inputs.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace musify {

/// One entry of the database: its file, real path resolved, and the flags a
/// parse needs. nullopt for a file the build generates and has not yet. An
/// entry that names no file, or a folder or a device, is an error: it
/// would make a whole folder an input, or read what is no source.
static llvm::Expected<std::optional<CompileCommand>>
commandOf(const clang::tooling::CompileCommand &Entry, llvm::StringRef Database) {
  auto Refuse = [&](const llvm::Twine &Why) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        ("'" + Database + "' has an entry " + Why + "; an entry names one source file")
            .str());
  };
  if (Entry.Filename.empty())
    return Refuse("with an empty \"file\" (in '" + Entry.Directory + "')");
  CompileCommand C;
  C.Directory = Entry.Directory;
  llvm::SmallString<256> Path(Entry.Filename);
  llvm::sys::fs::make_absolute(Entry.Directory, Path);
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return std::nullopt;
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Real, Status) ||
      Status.type() != llvm::sys::fs::file_type::regular_file)
    return Refuse("for '" + Path + "', which is not a regular file");
  C.File = Real.str().str();
  const std::vector<std::string> &Line = Entry.CommandLine;
  for (size_t I = 1; I < Line.size(); ++I) {
    llvm::StringRef Arg = Line[I];
    if (Arg == Entry.Filename || Arg == Path || Arg == Real)
      continue;
    // The output and the step name nothing a parse needs.
    if (Arg == "-o" || Arg == "--output-file") {
      ++I;
      continue;
    }
    if (Arg == "-c" || Arg == "--")
      continue;
    C.Flags.push_back(Arg.str());
  }
  return C;
}

llvm::Expected<std::vector<CompileCommand>>
readCompileDatabase(llvm::StringRef BuildDir) {
  llvm::SmallString<256> File(BuildDir);
  llvm::sys::path::append(File, "compile_commands.json");
  if (!llvm::sys::fs::exists(File))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "no compile_commands.json in '" + BuildDir.str() +
            "' (CMake writes one with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)");
  // Clang's reader reports malformed JSON and goes on with what it could
  // read; a truncated database must not silently drop files.
  // Read once, bounded: a device or a FIFO named compile_commands.json is
  // refused, not read until memory runs out or a writer comes.
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> Text =
      readBoundedFile(File, MaxCompileDatabaseBytes, "compile database");
  if (!Text)
    return Text.takeError();
  if (llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse((*Text)->getBuffer());
      !Parsed)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + File.str().str() + "' is not valid JSON: " +
                                       llvm::toString(Parsed.takeError()));
  std::string Why;
  std::unique_ptr<clang::tooling::JSONCompilationDatabase> Database =
      clang::tooling::JSONCompilationDatabase::loadFromBuffer(
          (*Text)->getBuffer(), Why, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!Database)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot read '" + File.str().str() + "': " + Why);

  std::vector<CompileCommand> Commands;
  for (const clang::tooling::CompileCommand &Entry : Database->getAllCompileCommands()) {
    llvm::Expected<std::optional<CompileCommand>> C = commandOf(Entry, File);
    if (!C)
      return C.takeError();
    if (*C)
      Commands.push_back(std::move(**C));
  }
  if (Commands.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + File.str().str() +
                                       "' lists no file that exists");
  return Commands;
}

std::vector<std::string> includeFoldersOf(const std::vector<std::string> &Flags,
                                          llvm::StringRef Directory, bool System) {
  std::vector<std::string> Folders;
  for (size_t I = 0; I < Flags.size(); ++I) {
    llvm::StringRef Flag = Flags[I];
    llvm::StringRef Folder;
    for (llvm::StringRef Prefix : {"-I", "-iquote", "-isystem"}) {
      if (!Flag.starts_with(Prefix) || (!System && Prefix == "-isystem"))
        continue;
      Folder = Flag.drop_front(Prefix.size());
      Folder.consume_front("=");
      if (Folder.empty() && I + 1 < Flags.size())
        Folder = Flags[++I];
      break;
    }
    if (Folder.empty())
      continue;
    llvm::SmallString<256> Abs(Folder);
    llvm::sys::fs::make_absolute(Directory, Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    Folders.push_back(Abs.str().str());
  }
  return Folders;
}

} // namespace musify
