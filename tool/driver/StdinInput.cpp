// Standard input kept in a temporary file for the run.
#include "StdinInput.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace musify {

llvm::Expected<StdinInput> StdinInput::read() {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getSTDIN();
  if (!Text)
    return llvm::createStringError(Text.getError(), "cannot read standard input: %s",
                                   Text.getError().message().c_str());
  llvm::SmallString<256> Folder;
  if (std::error_code EC = llvm::sys::fs::createUniqueDirectory("musify-stdin", Folder))
    return llvm::createStringError(
        EC, "cannot keep standard input in a temporary folder: %s", EC.message().c_str());
  llvm::SmallString<256> Path(Folder);
  llvm::sys::path::append(Path, "stdin.cu");
  StdinInput Input(Folder.str().str(), Path.str().str());
  std::error_code EC;
  llvm::raw_fd_ostream Out(Input.Path, EC, llvm::sys::fs::OF_None);
  if (!EC) {
    Out << (*Text)->getBuffer();
    Out.close();
    EC = Out.error();
  }
  if (EC)
    return llvm::createStringError(EC, "cannot keep standard input in '%s': %s",
                                   Input.Path.c_str(), EC.message().c_str());
  return Input;
}

StdinInput::StdinInput(StdinInput &&Other) noexcept
    : Folder(std::move(Other.Folder)), Path(std::move(Other.Path)) {
  Other.Folder.clear();
  Other.Path.clear();
}

StdinInput::~StdinInput() {
  if (!Path.empty())
    llvm::sys::fs::remove(Path);
  if (!Folder.empty())
    llvm::sys::fs::remove(Folder);
}

} // namespace musify
