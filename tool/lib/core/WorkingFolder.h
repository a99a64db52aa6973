// The folder the run was started in, as the shard manifests, SARIF and the
// include lookups of renamed sources name it, and paths as the console shows
// them: relative to it where they lie in it.
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

/// Path as every console message shows it: relative to the working folder
/// where it lies in it, else as it is.
inline std::string displayPath(llvm::StringRef Path) {
  std::string Folder = workingFolder();
  if (!Folder.empty() && Path.starts_with(Folder) && Path.size() > Folder.size() + 1 &&
      Path[Folder.size()] == '/')
    return Path.drop_front(Folder.size() + 1).str();
  return Path.str();
}

/// Text (a compiler's message) with each path in the working folder written
/// relative to it.
inline std::string withDisplayPaths(llvm::StringRef Text) {
  std::string Folder = workingFolder();
  if (Folder.empty() || Folder == "/")
    return Text.str();
  Folder += '/';
  std::string Out;
  for (size_t At; (At = Text.find(Folder)) != llvm::StringRef::npos;
       Text = Text.drop_front(At + Folder.size()))
    Out += Text.take_front(At).str();
  return Out + Text.str();
}

} // namespace musify
