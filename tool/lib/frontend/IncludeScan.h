// The headers a unit includes, read from its #include lines as written,
// before it is parsed: the guess of which SDK header a parse may load
// precompiled (HoistedHeader.h), which the parse itself then checks.
#pragma once

#include "frontend/Frontend.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace musify {

/// An #include as written: `<cooperative_groups.h>` or `"kernel.cuh"`.
struct IncludeLine {
  bool Angled = false;
  std::string Name;
  std::string spelled() const { return Angled ? "<" + Name + ">" : "\"" + Name + "\""; }
};

class IncludeScan {
public:
  explicit IncludeScan(IsUserFileFn IsUserFile) : IsUserFile(std::move(IsUserFile)) {}

  /// The first #include, in the order the preprocessor meets them when every
  /// condition holds, that finds a file no user owns and Wanted accepts (the
  /// line and the file's path): "..." is looked for in the includer's folder
  /// first, then as <...> in the folders of Args (-iquote for "...", -I,
  /// -isystem, -idirafter, relative to WorkingDir) and in SdkFolders. The
  /// user's headers it finds are read in turn, each once. Safe to call from
  /// several threads at once.
  std::optional<IncludeLine>
  firstHeader(llvm::StringRef File, const std::vector<std::string> &Args,
              llvm::StringRef WorkingDir, const std::vector<std::string> &SdkFolders,
              llvm::function_ref<bool(const IncludeLine &, llvm::StringRef Path)> Wanted);

  /// The #include lines of Text, in order (not #include_next or #import).
  static std::vector<IncludeLine> includeLines(llvm::StringRef Text);

private:
  /// includeLines of the file at Path, read once per run.
  const std::vector<IncludeLine> &linesOf(const std::string &Path);

  IsUserFileFn IsUserFile;
  std::mutex Lock;
  std::map<std::string, std::vector<IncludeLine>> Lines; ///< by path, never erased
};

} // namespace musify
