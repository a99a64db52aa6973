// The nvcc-compatible view of the files a parse reads.
#include "frontend/NvccCompat.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

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

// A file the run found to need nothing is not scanned again, unless it
// changed since.
TEST(NvccCompat, PlainFilesAreRememberedUntilTheyChange) {
  llvm::SmallString<128> Path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("musify-plain", "cuh", Path));
  auto Write = [&](llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream Out(Path, EC);
    Out << Text;
  };
  PlainFiles Plain;
  auto Read = [&] {
    auto View = makeNvccCompatibleView(llvm::vfs::createPhysicalFileSystem(), &Plain);
    auto Buffer = View->getBufferForFile(Path);
    return Buffer ? (*Buffer)->getBuffer().str() : "<unreadable>";
  };
  Write("float t[4];\n");
  EXPECT_EQ(Read(), "float t[4];\n");
  auto Status = llvm::vfs::getRealFileSystem()->status(Path);
  ASSERT_TRUE(bool(Status));
  EXPECT_TRUE(Plain.contains(*Status));
  Write("__shared__ alignas(16) float t[4];\n");
  EXPECT_EQ(Read(), "alignas(16) __shared__ float t[4];\n");
  llvm::sys::fs::remove(Path);
}

} // namespace
