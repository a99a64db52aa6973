// Inputs: the files and folders named on the command line, expanded into work.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace musify {

enum class SourceLanguage { Cuda, Cxx, C };

/// How a file takes part in a migration, decided by its extension.
enum class FileRole {
  TranslationUnit, ///< .cu .cpp .cc .cxx .c: parsed on its own
  Header,          ///< .cuh .h .hpp .inl: migrated through the units including it
  Other,           ///< anything else: copied as it is when mirroring a folder
};

FileRole roleOf(llvm::StringRef Path);
/// The language a file is first parsed as (`.cu`, `.cuh` are CUDA).
SourceLanguage languageOf(llvm::StringRef Path);

struct InputFile {
  std::string Path;     ///< absolute, symlinks resolved
  std::string Relative; ///< relative to InputSet::MirrorBase
  FileRole Role = FileRole::Other;
  bool Explicit = false; ///< named on the command line, not found in a folder
};

struct InputSet {
  std::vector<InputFile> Files; ///< sorted by path, no duplicates
  /// Folders whose files musify may edit: the folders named, and the folder
  /// of each file named. Headers outside them are never touched.
  std::vector<std::string> Roots;
  std::string MirrorBase; ///< the deepest folder holding every root
};

/// Expands Paths. A missing path, a folder without sources or a named file
/// that is not a source are errors. Files under SkipDir (the output folder,
/// when it lies inside an input folder) are left out.
llvm::Expected<InputSet> collectInputs(const std::vector<std::string> &Paths,
                                       llvm::StringRef SkipDir);

/// Whether Path lies in Dir or below it (both absolute, normalised).
bool isWithin(llvm::StringRef Path, llvm::StringRef Dir);

} // namespace musify
