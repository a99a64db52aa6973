// The folder the run was started in, as the shard manifests, SARIF and the
// include lookups of renamed sources name it.
#pragma once

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <string>

namespace musify {

/// The working folder; "" where it cannot be read.
inline std::string workingFolder() {
  llvm::SmallString<256> Folder;
  if (llvm::sys::fs::current_path(Folder))
    return "";
  return Folder.str().str();
}

} // namespace musify
