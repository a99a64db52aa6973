#include "frontend/FilePaths.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"

#include <mutex>

namespace musify {

std::optional<std::string> realPath(llvm::StringRef Path) {
  // Every parse asks for the same headers, and resolving a path asks the
  // system about each folder on it.
  static std::mutex Lock;
  static llvm::StringMap<std::optional<std::string>> Resolved;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (auto It = Resolved.find(Path); It != Resolved.end())
      return It->second;
  }
  llvm::SmallString<256> Real;
  std::optional<std::string> Found;
  if (!llvm::sys::fs::real_path(Path, Real))
    Found = Real.str().str();
  std::lock_guard<std::mutex> Guard(Lock);
  return Resolved.try_emplace(Path, std::move(Found)).first->second;
}

std::string realPathOf(clang::FileEntryRef File) {
  llvm::StringRef Known = File.getFileEntry().tryGetRealPathName();
  llvm::StringRef Name = Known.empty() ? File.getName() : Known;
  // A header of the shared headers was not opened by this parse: its path is
  // the one it was found by (through the SDK's symbolic link, say).
  return realPath(Name).value_or(Name.str());
}

std::string realPathOf(const clang::SourceManager &SM, clang::FileID FID) {
  clang::OptionalFileEntryRef Entry = SM.getFileEntryRefForID(FID);
  return Entry ? realPathOf(*Entry) : "";
}

} // namespace musify
