#include "model/RunState.h"

#include "llvm/Support/MemoryBuffer.h"

namespace musify {

llvm::StringRef RunState::text(FileState &S) {
  if (!S.Text) {
    auto Buffer = llvm::MemoryBuffer::getFile(S.Report.Path, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    S.Text = Buffer ? (*Buffer)->getBuffer().str() : std::string();
  }
  return *S.Text;
}

} // namespace musify
