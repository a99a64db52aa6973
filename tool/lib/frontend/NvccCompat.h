// The nvcc-compatibility layer of the front end: what lets Clang parse every
// file nvcc compiles. Parsing only: none of it reaches any output.
#pragma once

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace musify {

/// Declarations Clang's CUDA headers lack (prelude/musify_nvcc_compat.h).
llvm::StringRef nvccCompatPrelude();

/// Source text rewritten where nvcc's grammar is wider than Clang's, or
/// nullopt if it needs nothing. Rewrites keep every offset: tokens are
/// reordered, never added or removed, so locations stay true to the file.
///   `__shared__ alignas(16) float t[];` -> `alignas(16) __shared__ float t[];`
///   (Clang takes a C++11 attribute only before the GNU attribute a memory
///   space macro expands to.)
std::optional<std::string> nvccCompatibleText(llvm::StringRef Text);

/// The SDK's driver_types.h with what CUDA 13 removed from cudaDeviceProp
/// (clockRate, memoryClockRate, ...) declared again, so older code that reads
/// them parses and migrates, reported as using removed names; nullopt for
/// any other text. The text keeps its size and lines: the declarations take
/// the room of doc comments.
std::optional<std::string> sdkCompatibleText(llvm::StringRef Text);

/// The files a run's parses have read that need no rewrite, so that later
/// parses do not scan them again (every parse reads the standard library and
/// the SDK's headers). A file is known by its identity, size and time: one
/// that changed is scanned again. Safe to use from several threads at once.
class PlainFiles {
public:
  bool contains(const llvm::vfs::Status &File) const;
  void insert(const llvm::vfs::Status &File);

private:
  mutable std::mutex Lock;
  std::map<llvm::sys::fs::UniqueID, std::pair<uint64_t, llvm::sys::TimePoint<>>> Known;
};

/// Base, with every file read through nvccCompatibleText; Plain, if given,
/// remembers the files that need nothing across the views that share it.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeNvccCompatibleView(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                       PlainFiles *Plain = nullptr);

} // namespace musify
