// writeFileAtomically: what a write leaves on the disk.
#include "output/OutputWriter.h"
#include "core/TemporaryNames.h"
#include "output/TreeLock.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

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

// A migrated file that holds its text already keeps its time: the build
// that compiles it has nothing to do again.
TEST_F(OutputWriter, AFileKeptWhenUnchangedKeepsItsTime) {
  ASSERT_FALSE(llvm::errorToBool(writeFileAtomically(Path, "int a;\n")));
  struct timespec Old[2] = {{1000000000, 0}, {1000000000, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, Path.c_str(), Old, 0), 0);
  ASSERT_FALSE(
      llvm::errorToBool(writeFileAtomically(Path, "int a;\n", "", IfUnchanged::Keep)));
  EXPECT_EQ(statOf().st_mtime, 1000000000);
  ASSERT_FALSE(
      llvm::errorToBool(writeFileAtomically(Path, "int b;\n", "", IfUnchanged::Keep)));
  EXPECT_EQ(text(), "int b;\n");
  EXPECT_GT(statOf().st_mtime, 1000000000);
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

// What is not a regular file is never replaced: renaming the temporary file
// over a FIFO or a link would replace it (as root, over a device node).
TEST_F(OutputWriter, RefusesToReplaceWhatIsNotARegularFile) {
  ASSERT_FALSE(llvm::sys::fs::create_directories(Folder + "/sub"));
  ASSERT_EQ(::mkfifo(Path.c_str(), 0644), 0);
  llvm::Error E = writeFileAtomically(Path, "int a;\n");
  ASSERT_TRUE(bool(E));
  EXPECT_NE(llvm::toString(std::move(E)).find("is not a regular file"),
            std::string::npos);
  EXPECT_TRUE(S_ISFIFO(statOf().st_mode));

  std::string Target = (Folder + "/target.cu").str(), Link = (Folder + "/link.cu").str();
  ASSERT_FALSE(llvm::errorToBool(writeFileAtomically(Target, "keep\n")));
  ASSERT_FALSE(llvm::sys::fs::create_link(Target, Link));
  E = writeFileAtomically(Link, "int a;\n");
  ASSERT_TRUE(bool(E));
  EXPECT_NE(llvm::toString(std::move(E)).find("is a symbolic link"), std::string::npos);
  EXPECT_EQ(whyNotReplaceable((Folder + "/new.cu").str()), std::nullopt);
  EXPECT_EQ(whyNotReplaceable(Target), std::nullopt);
}

// A streamed write replaces the file whole and keeps its permissions; one
// that cannot be written (what is there is not a regular file) leaves it.
TEST_F(OutputWriter, AStreamedWriteReplacesTheFileWhole) {
  auto Write = [&](llvm::StringRef Text) {
    return llvm::errorToBool(writeStreamAtomically(Path, [&](llvm::raw_ostream &OS) {
      for (char C : Text)
        OS << C;
    }));
  };
  ASSERT_FALSE(Write("{\n}\n"));
  EXPECT_EQ(text(), "{\n}\n");
  ASSERT_FALSE(llvm::sys::fs::setPermissions(Path, llvm::sys::fs::perms(0600)));
  ASSERT_FALSE(Write("[]\n"));
  EXPECT_EQ(text(), "[]\n");
  EXPECT_EQ(statOf().st_mode & 0777, 0600u);
  std::string Link = (Folder + "/link.json").str();
  ASSERT_FALSE(llvm::sys::fs::create_link(Path, Link));
  llvm::Error E = writeStreamAtomically(Link, [](llvm::raw_ostream &OS) { OS << "x"; });
  ASSERT_TRUE(bool(E));
  EXPECT_NE(llvm::toString(std::move(E)).find("is a symbolic link"), std::string::npos);
  EXPECT_EQ(text(), "[]\n");
}

// The temporary file's name fits wherever the file's own does, and a later
// run knows it by exactly that shape.
TEST(TemporaryNames, FitAndAreKnownByTheirShape) {
  std::string Long(255, 'n');
  std::string Model = temporaryModelFor("/x/" + Long);
  EXPECT_EQ(llvm::sys::path::filename(Model).size(), MaxFileNameBytes);
  EXPECT_EQ(temporaryModelFor("/x/a.cu"), "/x/a.cu.musify-%%%%%%");
  EXPECT_TRUE(isTemporaryName("a.cu.musify-3f9a0c"));
  EXPECT_FALSE(isTemporaryName("a.cu.musify-backup"));
  EXPECT_FALSE(isTemporaryName("a.cu.musify-3F9A0C"));
  EXPECT_FALSE(isTemporaryName("a.cu.musify-3f9a0c1"));
  EXPECT_FALSE(isTemporaryName(".musify-3f9a0c"));
}

TEST_F(OutputWriter, FindsALinkOnTheWayDown) {
  std::string Outside = (Folder + "/outside").str(), Root = (Folder + "/root").str();
  ASSERT_FALSE(llvm::sys::fs::create_directories(Outside));
  ASSERT_FALSE(llvm::sys::fs::create_directories(Root + "/a"));
  ASSERT_FALSE(llvm::sys::fs::create_link(Outside, Root + "/a/b"));
  EXPECT_EQ(linkBelow(Root, Root + "/a/b/c/x.cu"), Root + "/a/b");
  EXPECT_EQ(linkBelow(Root + "/", Root + "/a/b/x.cu"), Root + "/a/b");
  EXPECT_EQ(linkBelow(Root, Root + "/a/x.cu"), std::nullopt);
  EXPECT_EQ(linkBelow(Root, Root + "/new/x.cu"), std::nullopt);
  EXPECT_EQ(linkBelow(Root + "/a", Root + "/ab/x.cu"), std::nullopt);
}

// Two runs in place over one tree, or over a tree and a folder inside it,
// exclude each other; runs over two separate folders do not.
TEST_F(OutputWriter, TreeLocksExcludeOverlappingRuns) {
  std::string Tree = (Folder + "/tree").str(), Inside = Tree + "/inside",
              Other = (Folder + "/other").str();
  ASSERT_FALSE(llvm::sys::fs::create_directories(Inside));
  ASSERT_FALSE(llvm::sys::fs::create_directories(Other));
  TreeLock First;
  ASSERT_FALSE(llvm::errorToBool(First.lock({Tree})));
  {
    TreeLock Same, Below, Apart;
    llvm::Error E = Same.lock({Tree});
    ASSERT_TRUE(bool(E));
    EXPECT_NE(llvm::toString(std::move(E)).find("another musify run"), std::string::npos);
    EXPECT_TRUE(llvm::errorToBool(Below.lock({Inside})));
    EXPECT_FALSE(llvm::errorToBool(Apart.lock({Other})));
  }
  TreeLock Around;
  EXPECT_TRUE(llvm::errorToBool(Around.lock({Folder.str().str()})));
}

} // namespace
