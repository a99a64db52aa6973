// Standard input kept in a temporary file for the run.
#include "StdinInput.h"
#include "output/OutputWriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

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
  if (llvm::Error E = writeFileAtomically(Input.Path, (*Text)->getBuffer()))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot keep standard input in a temporary folder: %s",
                                   llvm::toString(std::move(E)).c_str());
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
