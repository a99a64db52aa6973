// The headers a unit includes, read from its #include lines as written,
// before it is parsed: the guess of which system and SDK headers a parse
// may load precompiled (HoistedHeader.h), which the parse itself then checks.
#pragma once

#include "frontend/FilePaths.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace musify {

/// An #include as written: `<cooperative_groups.h>` or `"kernel.cuh"`.
struct IncludeLine {
  bool Angled = false;
  /// Inside an #if, #ifdef or #ifndef other than the file's guard: whether
  /// the preprocessor reads it is not known before the parse.
  bool Conditional = false;
  std::string Name;
  std::string spelled() const { return Angled ? "<" + Name + ">" : "\"" + Name + "\""; }
};

/// The include folders of a command line, in the order they are searched:
/// Quoted for "..." only (after the includer's own folder), then Angled.
struct SearchFolders {
  std::vector<std::string> Quoted, Angled;
};

class IncludeScan {
public:
  explicit IncludeScan(IsUserFileFn IsUserFile) : IsUserFile(std::move(IsUserFile)) {}

  /// The headers no user owns that File includes and Wanted accepts (the
  /// line and the file's path), each once, in the order the preprocessor
  /// meets them: the user's headers are read where they are included, depth
  /// first, each once. A header no folder holds is passed over (the parse
  /// stands in for it); the list ends at the first conditional #include that
  /// finds a file, since what follows may come after headers it cannot know
  /// of. Safe to call from several threads at once.
  std::vector<IncludeLine>
  headers(llvm::StringRef File, const SearchFolders &Folders,
          llvm::function_ref<bool(const IncludeLine &, llvm::StringRef Path)> Wanted);

  /// The search folders of the command line Key stands for: Make's, made
  /// the first time Key is asked for.
  const SearchFolders &folders(const std::string &Key,
                               llvm::function_ref<SearchFolders()> Make);

  /// The #include lines of Text, in order (not #include_next or #import).
  static std::vector<IncludeLine> includeLines(llvm::StringRef Text);

private:
  /// includeLines of the file at Path, read once per run.
  const std::vector<IncludeLine> &linesOf(const std::string &Path);

  IsUserFileFn IsUserFile;
  std::mutex Lock;
  std::map<std::string, std::vector<IncludeLine>> Lines; ///< by path, never erased
  std::map<std::string, SearchFolders> Folders;          ///< by key, never erased
};

} // namespace musify
