// Keeping two runs that write in place from writing the same files at once.
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace musify {

/// Advisory locks (flock) on the folders a run writes in place, held until
/// the object goes (or the process ends, killed or not: the kernel drops
/// them). Each folder named is locked exclusively and every folder above it
/// shared, so a run over a tree and one over a folder inside it exclude each
/// other, while runs over two separate trees do not. Nothing is written: the
/// locks are on the folders themselves, no lock file is left behind. A file
/// system without locks (some network file systems) keeps no run apart.
class TreeLock {
public:
  TreeLock() = default;
  TreeLock(const TreeLock &) = delete;
  TreeLock &operator=(const TreeLock &) = delete;
  ~TreeLock();

  /// Locks Folders (absolute, without dots); an error naming the folder
  /// another process holds, and nothing held, if one is.
  llvm::Error lock(llvm::ArrayRef<std::string> Folders);

private:
  void release();
  std::vector<int> Held;
};

} // namespace musify
