// Atomic file output.
#include "output/OutputWriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace musify {

llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content) {
  llvm::StringRef Parent = llvm::sys::path::parent_path(Path);
  if (!Parent.empty())
    if (std::error_code EC = llvm::sys::fs::create_directories(Parent))
      return llvm::createStringError(EC, "cannot create folder '%s': %s",
                                     Parent.str().c_str(), EC.message().c_str());
  llvm::ErrorOr<llvm::sys::fs::perms> Perms = llvm::sys::fs::getPermissions(Path);
  if (llvm::Error E = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
        OS << Content;
        return llvm::Error::success();
      }))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot write '%s': %s", Path.str().c_str(),
                                   llvm::toString(std::move(E)).c_str());
  if (Perms)
    llvm::sys::fs::setPermissions(Path, *Perms);
  return llvm::Error::success();
}

} // namespace musify
