// Inputs: the files and folders named on the command line, expanded into work.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem/UniqueID.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

#include <string>
#include <vector>

namespace musify {

enum class SourceLanguage { Cuda, Cxx, C };

/// How a file takes part in a migration, decided by its extension.
enum class FileRole {
  TranslationUnit, ///< .cu .cpp .cc .cxx .c: parsed on its own
  Header,          ///< .cuh .h .hpp .inl: migrated through the units including it
  BuildFile, ///< CMakeLists.txt, *.cmake, Makefiles, setup.py: migrated by their rules
  Python,    ///< .py (setup.py aside): model code, migrated by python/
  Other,     ///< anything else: copied as it is when mirroring a folder
};

FileRole roleOf(llvm::StringRef Path);

enum class BuildFileKind { CMake, Makefile, Python };

/// CMakeLists.txt, *.cmake -> CMake; Makefile, makefile, GNUmakefile, *.mk ->
/// Makefile; setup.py (a PyTorch extension's build) -> Python; else nullopt.
std::optional<BuildFileKind> buildFileKindOf(llvm::StringRef Path);

/// The language a file is first parsed as (`.cu`, `.cuh` are CUDA).
SourceLanguage languageOf(llvm::StringRef Path);

/// How a build compiles one file, from compile_commands.json.
struct CompileCommand {
  std::string File;      ///< absolute, symlinks resolved
  std::string Directory; ///< the folder the compiler ran in
  /// The compiler's flags, without the compiler, the file, `-c` and `-o`;
  /// nvcc's flags as written (the front end translates them).
  std::vector<std::string> Flags;
};

/// Reads BuildDir/compile_commands.json. A missing or malformed database is
/// an error; so is one without entries.
llvm::Expected<std::vector<CompileCommand>> readCompileDatabase(llvm::StringRef BuildDir);

/// The folders an `#include` is looked up in: -I and -iquote of Flags (Clang
/// flags: translate nvcc's first), and -isystem with System; relative ones
/// against Directory.
std::vector<std::string> includeFoldersOf(const std::vector<std::string> &Flags,
                                          llvm::StringRef Directory, bool System);

/// A file as it was found: which file, how large, when last written. A file
/// replaced, written or touched since has another stamp.
struct FileStamp {
  llvm::sys::fs::UniqueID Id;
  uint64_t Size = 0;
  llvm::sys::TimePoint<> Modified;

  /// Path's stamp now; nullopt if it cannot be read.
  static std::optional<FileStamp> of(llvm::StringRef Path);
  bool operator==(const FileStamp &O) const {
    return Id == O.Id && Size == O.Size && Modified == O.Modified;
  }
  bool operator!=(const FileStamp &O) const { return !(*this == O); }
};

struct InputFile {
  std::string Path;     ///< absolute, symlinks resolved
  std::string Relative; ///< relative to InputSet::MirrorBase
  FileRole Role = FileRole::Other;
  bool Explicit = false; ///< named on the command line, not found in a folder
  bool LeftOut = false;  ///< excluded by --include/--exclude: left as it is
  std::optional<CompileCommand> Command; ///< its entry in a compile database
  /// The file when the run found it: its migration, made from what the run
  /// read, is written only if the file is still so.
  std::optional<FileStamp> Found;
};

/// The largest input file musify reads (standard input too).
constexpr uint64_t MaxSourceBytes = uint64_t(64) << 20;

/// What to migrate: the inputs, their filters and their compile commands.
struct InputRequest {
  std::vector<std::string> Paths; ///< files and folders; may be empty with Commands
  std::vector<std::string> IncludeGlobs, ExcludeGlobs;
  /// Compile commands: when Paths is empty, the files they name and the
  /// -I folders of their flags (outside BuildDir) are the inputs; otherwise
  /// they give the flags of the inputs they name.
  std::vector<CompileCommand> Commands;
  std::string BuildDir;
  std::string SkipDir; ///< the output folder, when it lies inside an input folder
  /// The run writes in the input folders (--in-place): a temporary file of
  /// output/ there (core/TemporaryNames.h) is one a killed run left.
  bool WritesInPlace = false;
  /// The input is standard input's copy: the text stands in the working
  /// folder, where its quoted includes resolve, so that folder is a root,
  /// as the folder of a file named is.
  bool FromStdin = false;
};

struct InputSet {
  std::vector<InputFile> Files; ///< sorted by path, no duplicates
  /// Folders whose files musify may edit: the folders named, and the folder
  /// of each file named. Headers outside them are never touched.
  std::vector<std::string> Roots;
  /// Of the roots, the folders named (or a database's): each file in them
  /// is an input, so a folder inside one is read too.
  std::vector<std::string> Folders;
  std::string MirrorBase; ///< the deepest folder holding every root
  /// Symbolic links inside input folders: never followed (what they lead to
  /// inside the folder is read where it is; outside it, never), and mirrored
  /// as links by --out-root when they are relative and stay inside.
  struct Link {
    std::string Path;   ///< the link, absolute, its folder's symlinks resolved
    std::string Target; ///< as the link says
  };
  std::vector<Link> Links;
  /// Temporary files an interrupted run left (FILE.musify-XXXXXX), found
  /// only where this run writes (InputRequest::WritesInPlace): never inputs,
  /// removed before this run writes. Elsewhere a file so named is the user's,
  /// an input like any other.
  std::vector<std::string> StaleTemporaries;
  bool TemporariesAreStale = false;
  /// Build folders inside input folders (one holding CMakeCache.txt): never
  /// read nor mirrored, as `.git` is not. A folder named as an input is read.
  std::vector<std::string> BuildFolders;
  /// --include and --exclude globs that match no file ("--exclude 'x/*'").
  std::vector<std::string> UnmatchedGlobs;
};

/// Expands the request. A missing path, a folder without sources, a named
/// file that is not a source or a bad glob are errors. Files under SkipDir
/// are not inputs at all.
llvm::Expected<InputSet> collectInputs(const InputRequest &Request);

/// Says which globs matched nothing and which CMake build folders were left
/// out, so a user sees why a file is missing from the run.
void printWhatWasLeftOut(const InputSet &Inputs, llvm::raw_ostream &OS);

/// Whether Path lies in Dir or below it (both absolute, normalised).
bool isWithin(llvm::StringRef Path, llvm::StringRef Dir);

} // namespace musify
