// Reading a data file musify did not write itself (a cache entry, a shard
// manifest, a --rules file, a compile database): a regular file, bounded.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>

namespace musify {

/// The bounds of docs/hardening.md: far above what a real file of each kind
/// holds, far below what would exhaust a machine's memory.
constexpr uint64_t MaxRuleFileBytes = uint64_t(64) << 20;       ///< 64 MiB
constexpr uint64_t MaxCacheEntryBytes = uint64_t(256) << 20;    ///< 256 MiB
constexpr uint64_t MaxManifestBytes = uint64_t(1) << 30;        ///< 1 GiB
constexpr uint64_t MaxCompileDatabaseBytes = uint64_t(1) << 30; ///< 1 GiB

/// The text of Path, which must be a regular file of at most Limit bytes.
/// A device (/dev/zero), a FIFO or a folder is refused without reading it or
/// waiting for a writer; so is a file past Limit. The error says
/// `cannot read PATH: WHY`, WHY naming What ("rule file") where it helps;
/// its error code is the cause (no_such_file_or_directory, invalid_argument
/// for a file that is not regular, file_too_large).
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readBoundedFile(llvm::StringRef Path, uint64_t Limit, llvm::StringRef What = "file");

} // namespace musify
