// Precompiled headers shared by the parses of one run.
#include "frontend/SharedHeaders.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

namespace musify {

SharedHeaders::~SharedHeaders() {
  if (!Folder.empty())
    llvm::sys::fs::remove_directories(Folder, /*IgnoreErrors=*/true);
}

std::string SharedHeaders::lookup(const std::string &Key, const Builder &Build) {
  std::promise<std::string> Built;
  std::shared_future<std::string> Path;
  bool Mine = false;
  std::string Target;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Entry &E = Entries[Key];
    if (++E.Asked < 2)
      return "";
    Mine = !E.Path.valid();
    if (Mine) {
      E.Path = Built.get_future().share();
      llvm::SmallString<128> Created;
      if (Folder.empty() &&
          !llvm::sys::fs::createUniqueDirectory("musify-shared-headers", Created))
        Folder = Created.str().str();
      if (!Folder.empty())
        Target = Folder + "/" + std::to_string(++Count) + ".pch";
    }
    Path = E.Path;
  }
  // The thread that made the entry builds it, outside the lock.
  if (Mine)
    Built.set_value(!Target.empty() && Build(Target) ? Target : "");
  return Path.get();
}

} // namespace musify
