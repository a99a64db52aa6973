// Advisory folder locks for --in-place runs.
#include "output/TreeLock.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

#include <cerrno>
#include <fcntl.h>
#include <map>
#include <sys/file.h>
#include <unistd.h>

namespace musify {

TreeLock::~TreeLock() { release(); }

void TreeLock::release() {
  for (int FD : Held)
    ::close(FD);
  Held.clear();
}

llvm::Error TreeLock::lock(llvm::ArrayRef<std::string> Folders) {
  // flock, not llvm::sys::fs::tryLockFile: that takes a POSIX record lock,
  // which needs a file open for writing (a folder cannot be) and which the
  // process loses when it closes any descriptor of the file.
  std::map<std::string, bool> Wanted; // folder -> exclusive; sorted, so
                                      // every run takes them in one order
  for (const std::string &Folder : Folders) {
    Wanted[Folder] = true;
    for (llvm::StringRef Up = llvm::sys::path::parent_path(Folder); !Up.empty();
         Up = llvm::sys::path::parent_path(Up)) {
      Wanted.emplace(Up.str(), false);
      if (Up == llvm::sys::path::root_path(Up))
        break;
    }
  }
  for (const auto &[Folder, Exclusive] : Wanted) {
    int FD = ::open(Folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (FD < 0)
      continue; // a folder above that may not be read: nobody locks it
    if (::flock(FD, (Exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0) {
      Held.push_back(FD);
      continue;
    }
    int Error = errno;
    ::close(FD);
    if (Error != EWOULDBLOCK)
      continue; // no locks on this file system
    release();
    // Exclusive: a run over this folder or one inside it holds it; shared:
    // a run over this folder above ours does.
    return llvm::createStringError(
        std::make_error_code(std::errc::resource_unavailable_try_again),
        "another musify run is writing in place in '%s'%s (it holds a lock on "
        "the folder); wait for it to finish, then run again",
        Folder.c_str(), Exclusive ? " or in a folder inside it" : ", around this run's");
  }
  return llvm::Error::success();
}

} // namespace musify
