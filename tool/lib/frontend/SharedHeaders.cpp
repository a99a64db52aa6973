// Precompiled headers shared by the parses of one run.
#include "frontend/SharedHeaders.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

namespace musify {

SharedHeaders::~SharedHeaders() {
  if (!Folder.empty())
    llvm::sys::fs::remove_directories(Folder, /*IgnoreErrors=*/true);
}

std::shared_ptr<const PchContents> SharedHeaders::lookup(const std::string &Key,
                                                         const Builder &Build) {
  std::promise<std::shared_ptr<const PchContents>> Promise;
  std::shared_future<std::shared_ptr<const PchContents>> Built;
  bool Mine = false;
  std::string Target;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Entry &E = Entries[Key];
    if (++E.Asked < 2)
      return nullptr;
    Mine = !E.Built.valid();
    if (Mine) {
      E.Built = Promise.get_future().share();
      llvm::SmallString<128> Created;
      if (Folder.empty() &&
          !llvm::sys::fs::createUniqueDirectory("musify-shared-headers", Created))
        Folder = Created.str().str();
      if (!Folder.empty())
        Target = Folder + "/" + std::to_string(++Count) + ".pch";
    }
    Built = E.Built;
  }
  // The thread that made the entry builds it, outside the lock.
  if (Mine) {
    auto Contents = std::make_shared<PchContents>();
    Contents->Path = Target;
    Promise.set_value(!Target.empty() && Build(*Contents) ? std::move(Contents)
                                                          : nullptr);
  }
  return Built.get();
}

} // namespace musify
