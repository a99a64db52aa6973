// How the front end names files: by their real path, as every stage does, and
// which of them are the user's.
#pragma once

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>

namespace clang {
class FileEntryRef;
class SourceManager;
} // namespace clang

namespace musify {

/// The real path of Path (symbolic links resolved), asked of the system once
/// a run; nothing where it does not resolve.
std::optional<std::string> realPath(llvm::StringRef Path);

/// The real path of FID's file (symlinks resolved, as every stage names
/// files); empty for built-in and virtual buffers.
std::string realPathOf(const clang::SourceManager &SM, clang::FileID FID);
std::string realPathOf(clang::FileEntryRef File);

/// Whether the file at a real path is the user's (one the run may edit).
using IsUserFileFn = std::function<bool(llvm::StringRef RealPath)>;

} // namespace musify
