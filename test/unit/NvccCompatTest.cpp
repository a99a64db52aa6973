// The nvcc-compatible view of the files a parse reads.
#include "frontend/NvccCompat.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <gtest/gtest.h>

#include <string>

using namespace musify;

namespace {

std::string readThroughView(llvm::StringRef Name, llvm::StringRef Text) {
  auto Base = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Base->addFile(Name, 0, llvm::MemoryBuffer::getMemBufferCopy(Text));
  auto Buffer = makeNvccCompatibleView(Base)->getBufferForFile(Name);
  return Buffer ? (*Buffer)->getBuffer().str() : "<unreadable>";
}

TEST(NvccCompat, SourceTextIsReordered) {
  EXPECT_EQ(readThroughView("/k.cu", "__shared__ alignas(16) float t[4];\n"),
            "alignas(16) __shared__ float t[4];\n");
}

// A precompiled header is read as it was written: its bytes may hold any
// text, and it is loaded by every parse that shares it.
TEST(NvccCompat, PrecompiledHeadersAreReadAsWritten) {
  std::string Pch = std::string("CPCH\x01\x02", 6) + "__shared__ alignas(16)";
  EXPECT_EQ(readThroughView("/shared/1.pch", Pch), Pch);
}

} // namespace
