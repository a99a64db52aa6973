#include "frontend/FilePaths.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

namespace musify {

std::string realPathOf(clang::FileEntryRef File) {
  llvm::StringRef Known = File.getFileEntry().tryGetRealPathName();
  llvm::StringRef Name = Known.empty() ? File.getName() : Known;
  // A header of the shared headers was not opened by this parse: its path is
  // the one it was found by (through the SDK's symbolic link, say).
  llvm::SmallString<256> Resolved;
  if (!llvm::sys::fs::real_path(Name, Resolved))
    return Resolved.str().str();
  return Name.str();
}

std::string realPathOf(const clang::SourceManager &SM, clang::FileID FID) {
  clang::OptionalFileEntryRef Entry = SM.getFileEntryRefForID(FID);
  return Entry ? realPathOf(*Entry) : "";
}

} // namespace musify
