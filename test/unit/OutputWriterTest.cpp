// writeFileAtomically: what a write leaves on the disk.
#include "output/OutputWriter.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <string>
#include <sys/stat.h>

using namespace musify;

namespace {

class OutputWriter : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("musify-writer-test", Folder));
    Path = (Folder + "/sub/out.cu").str();
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Folder); }

  std::string text() const {
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    return Buffer ? (*Buffer)->getBuffer().str() : "<missing>";
  }
  struct stat statOf() const {
    struct stat S = {};
    ::stat(Path.c_str(), &S);
    return S;
  }

  llvm::SmallString<128> Folder;
  std::string Path;
};

TEST_F(OutputWriter, WritesAndReplacesWholeFiles) {
  ASSERT_FALSE(llvm::errorToBool(writeFileAtomically(Path, "int a;\n")));
  EXPECT_EQ(text(), "int a;\n");
  ASSERT_FALSE(llvm::errorToBool(writeFileAtomically(Path, "int b;\n")));
  EXPECT_EQ(text(), "int b;\n");
}

// An unchanged file is not written again (no new inode, no disk flush) but
// touched, as a rewrite would: a build that compares times still sees it
// as new.
TEST_F(OutputWriter, AFileThatHoldsTheTextAlreadyIsOnlyTouched) {
  ASSERT_FALSE(llvm::errorToBool(writeFileAtomically(Path, "int a;\n")));
  struct timespec Old[2] = {{1000000000, 0}, {1000000000, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, Path.c_str(), Old, 0), 0);
  struct stat Before = statOf();
  ASSERT_FALSE(llvm::errorToBool(writeFileAtomically(Path, "int a;\n")));
  struct stat After = statOf();
  EXPECT_EQ(After.st_ino, Before.st_ino);
  EXPECT_GT(After.st_mtime, Before.st_mtime);
  EXPECT_EQ(text(), "int a;\n");
  // The same size, another text: written.
  ASSERT_FALSE(llvm::errorToBool(writeFileAtomically(Path, "int b;\n")));
  EXPECT_EQ(text(), "int b;\n");
  EXPECT_NE(statOf().st_ino, Before.st_ino);
}

// Permissions follow the source given, whether the text changed or not.
TEST_F(OutputWriter, PermissionsFollowTheSource) {
  std::string Source = (Folder + "/run.sh").str();
  ASSERT_FALSE(llvm::errorToBool(writeFileAtomically(Source, "#!/bin/sh\n")));
  ASSERT_FALSE(llvm::sys::fs::setPermissions(Source, llvm::sys::fs::perms(0750)));
  ASSERT_FALSE(llvm::errorToBool(writeFileAtomically(Path, "#!/bin/sh\n")));
  ASSERT_FALSE(llvm::errorToBool(writeFileAtomically(Path, "#!/bin/sh\n", Source)));
  EXPECT_EQ(statOf().st_mode & 0777, 0750u);
}

} // namespace
