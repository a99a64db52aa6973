// The folder of the --incremental cache: what marks it as the cache's, and
// what eviction may delete there (only what the cache wrote, recognisably).
#pragma once

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace musify {

/// What a run may do with a cache folder.
struct CacheFolderUse {
  bool Read = false;   ///< its entries may be looked up
  bool Write = false;  ///< entries may be stored and old ones removed
  std::string Warning; ///< why not, said once; empty when both hold
};

/// Makes Folder ready to be a cache, or says why it cannot be. A new folder
/// (or an empty one, or one holding only what an earlier musify cache wrote)
/// is created and marked with a CACHEDIR.TAG of musify's. A folder with other
/// files in it is not used at all: eviction there could delete the user's
/// files. A folder that cannot be created (a dangling link, a file on the
/// way) or written is said to be so, not silently never used. Without
/// MayWrite (a dry run), nothing is created or written: a cache folder that
/// is there is read.
CacheFolderUse prepareCacheFolder(llvm::StringRef Folder, bool MayWrite = true);

/// Keeps the cache in Folder within MaxBytes: when its entries hold more, the
/// least recently used go until they hold at most three quarters of it.
/// Temporary files a day old (a run killed while writing) go too. Only a
/// folder with musify's CACHEDIR.TAG is touched, and in it only the names the
/// cache writes (XX/<62 hex digits>.json, and their temporary files) in
/// two-hex-digit folders; no symbolic link is followed. Safe beside other
/// runs on the same cache: an entry removed under a reader is a miss.
/// Returns how many files were removed.
unsigned pruneCacheFolder(llvm::StringRef Folder, uint64_t MaxBytes);

} // namespace musify
