// Writing results: every file is written whole or not at all.
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace musify {

/// Why a file this run writes may not replace what is at Path, or nullopt:
/// Path must be new or a regular file, never a symbolic link, a device, a
/// FIFO or a folder (renaming a temporary file over one replaces it:
/// /dev/null, as root). With Writable, a read-only file is refused too.
std::optional<std::string> whyNotReplaceable(llvm::StringRef Path, bool Writable = false);

/// Why no file can be written at Path, for its folder, or nullopt: the
/// nearest folder above it that exists must let this process create files
/// (and the folders missing below it).
std::optional<std::string> whyNotWritableFolder(llvm::StringRef Path);

/// The first symbolic link on the way from the folder Root down to Path's
/// folder (Root itself not counted), or nullopt: writing there would go
/// through it, out of Root.
std::optional<std::string> linkBelow(llvm::StringRef Root, llvm::StringRef Path);

/// What becomes of a file that already holds the text it is to be given.
enum class IfUnchanged {
  Touch, ///< a new time, as a rewrite would give it (reports: a run's record)
  Keep,  ///< left as it is, its time too: a build that depends on it (a
         ///< migrated source) compiles nothing again
};

/// Writes Content to Path through a temporary file renamed over it, creating
/// missing parent folders; a Path that already holds Content is not written
/// again, only touched or kept as it is. The file gets the permissions of
/// ModeOf (the source it is a migration or copy of), else keeps Path's if it
/// existed. What is at Path and not a regular file (whyNotReplaceable) is
/// never replaced.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content,
                                llvm::StringRef ModeOf = "",
                                IfUnchanged Unchanged = IfUnchanged::Touch);

/// Writes what Produce writes to Path, as writeFileAtomically does, without
/// holding it all in memory first (a report of a large tree); Path is always
/// replaced, keeping its permissions.
llvm::Error writeStreamAtomically(llvm::StringRef Path,
                                  llvm::function_ref<void(llvm::raw_ostream &)> Produce);

} // namespace musify
