// Precompiled headers a run shares: when each is built, held and let go.
#include "frontend/SharedHeaders.h"
#include "frontend/NamesInFiles.h"
#include "frontend/ParseActions.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <unistd.h>

using namespace musify;
using llvm::sys::fs::UniqueID;

namespace {

TEST(NamesInFiles, FindsEachNameInTheFilesThatWriteIt) {
  NamesInFiles Names;
  UniqueID A(1, 1), B(1, 2), C(1, 3);
  Names.add("size_t", A);
  Names.add("size_t", B);
  Names.add("size_t", A);
  Names.add("NULL", C);
  Names.pack();
  EXPECT_EQ(Names.size(), 2u);
  std::vector<UniqueID> Seen;
  auto Collect = [&](UniqueID File) {
    Seen.push_back(File);
    return false;
  };
  EXPECT_FALSE(Names.writtenIn("size_t", Collect));
  EXPECT_EQ(Seen, (std::vector<UniqueID>{A, B})); // each file once
  EXPECT_TRUE(Names.writtenIn("NULL", [&](UniqueID File) { return File == C; }));
  EXPECT_FALSE(Names.writtenIn("NULL", [&](UniqueID File) { return File == A; }));
  EXPECT_FALSE(Names.writtenIn("size", [](UniqueID) { return true; }));
  EXPECT_FALSE(Names.writtenIn("size_t2", [](UniqueID) { return true; }));
  EXPECT_FALSE(NamesInFiles().writtenIn("NULL", [](UniqueID) { return true; }));
}

/// A builder that writes a file where the precompiled header would go and
/// counts what it built.
struct CountingBuilder {
  std::vector<std::string> Built;
  SharedHeaders::Builder operator()(const std::string &Name) {
    return [this, Name](PchContents &Into) {
      std::error_code EC;
      llvm::raw_fd_ostream(Into.Path, EC) << Name;
      Built.push_back(Name);
      return !EC;
    };
  }
};

TEST(SharedHeaders, BuildsOnTheSecondAskAndKeepsWhatIsNotAnnounced) {
  SharedHeaders Shared;
  CountingBuilder Make;
  EXPECT_EQ(Shared.lookup("k", Make("k")), nullptr);
  auto First = Shared.lookup("k", Make("k"));
  ASSERT_NE(First, nullptr);
  // Asks no one announced may come again: it stays.
  EXPECT_EQ(Shared.lookup("k", Make("k")), First);
  EXPECT_EQ(Make.Built, std::vector<std::string>{"k"});
}

TEST(SharedHeaders, LetsGoAfterTheLastAnnouncedAsk) {
  SharedHeaders Shared(MaxLivePch, /*MaxFinished=*/0);
  CountingBuilder Make;
  Shared.expect({"k", "k"});
  auto First = Shared.lookup("k", Make("k"), /*Asked=*/true);
  ASSERT_NE(First, nullptr);
  std::string Path = First->Path;
  auto Second = Shared.lookup("k", Make("k"), /*Asked=*/true);
  EXPECT_EQ(Second, First);
  EXPECT_TRUE(llvm::sys::fs::exists(Path)); // still held by the parses
  First.reset();
  Second.reset();
  EXPECT_FALSE(llvm::sys::fs::exists(Path)); // its file went with it
  EXPECT_EQ(Make.Built.size(), 1u);
}

TEST(SharedHeaders, KeepsTheLastFinishedForTheNextBatch) {
  SharedHeaders Shared(MaxLivePch, /*MaxFinished=*/1);
  CountingBuilder Make;
  for (const char *Key : {"a", "b"}) {
    Shared.expect({Key, Key});
    Shared.lookup(Key, Make(Key), /*Asked=*/true);
    Shared.lookup(Key, Make(Key), /*Asked=*/true);
  }
  // A later batch announces both again: "b", finished last, is still held.
  Shared.expect({"a", "a", "b", "b"});
  for (const char *Key : {"a", "b"})
    EXPECT_NE(Shared.lookup(Key, Make(Key), /*Asked=*/true), nullptr);
  EXPECT_EQ(Make.Built, (std::vector<std::string>{"a", "b", "a"}));
}

TEST(SharedHeaders, HoldsAtMostItsBoundAndBuildsAgainWhatWentFirst) {
  SharedHeaders Shared(/*MaxHeld=*/2);
  CountingBuilder Make;
  for (const char *Key : {"a", "b", "c"}) {
    Shared.lookup(Key, Make(Key));
    EXPECT_NE(Shared.lookup(Key, Make(Key)), nullptr);
  }
  // "a", used longest ago, went to make room for "c"; "c" stays.
  EXPECT_NE(Shared.lookup("c", Make("c")), nullptr);
  EXPECT_NE(Shared.lookup("a", Make("a")), nullptr);
  EXPECT_EQ(Make.Built, (std::vector<std::string>{"a", "b", "c", "a"}));
}

TEST(SharedHeaders, KeepsWhatARunIsBuiltOnForAsLongAsTheRun) {
  SharedHeaders Shared(MaxLivePch, /*MaxFinished=*/0);
  std::vector<std::string> Keys{"x", "x+y"};
  // Two parses announce the run; each asks once.
  Shared.expect(Keys);
  Shared.expect(Keys);
  Shared.choose({{"x"}, Keys});
  std::vector<std::pair<size_t, bool>> Built; // (index, built on a lower one)
  auto Build = [&](size_t I, size_t, std::shared_ptr<const PchContents> Below,
                   PchContents &Into) {
    std::error_code EC;
    llvm::raw_fd_ostream(Into.Path, EC) << I;
    Built.push_back({I, Below != nullptr});
    if (Below)
      Into.Below = std::move(Below);
    return !EC;
  };
  auto [Index, Longest] = Shared.lookupLongest(Keys, Build, /*Asked=*/true);
  ASSERT_NE(Longest, nullptr);
  EXPECT_EQ(Index, 1u);
  ASSERT_NE(Longest->Below, nullptr);
  std::string BelowPath = Longest->Below->Path;
  Shared.lookupLongest(Keys, Build, /*Asked=*/true);
  EXPECT_EQ(Built, (std::vector<std::pair<size_t, bool>>{{0, false}, {1, true}}));
  // Every ask answered: the run lets go, and what it is built on goes last.
  EXPECT_TRUE(llvm::sys::fs::exists(BelowPath));
  Longest.reset();
  EXPECT_FALSE(llvm::sys::fs::exists(BelowPath));
}

// A parse refused with a long run asks again for a shorter one: it gets one
// another parse asks for too, and its second ask counts for nothing.
TEST(SharedHeaders, AsksAgainWithoutCounting) {
  SharedHeaders Shared;
  std::vector<size_t> Built;
  auto Build = [&](size_t I, size_t, std::shared_ptr<const PchContents>,
                   PchContents &Into) {
    std::error_code EC;
    llvm::raw_fd_ostream(Into.Path, EC) << I;
    Built.push_back(I);
    return !EC;
  };
  // Only this parse asks for "x+y"; another parse asked for "x" before.
  Shared.lookupLongest({"x"}, Build);
  auto [Index, Run] = Shared.lookupLongest({"x", "x+y"}, Build);
  ASSERT_NE(Run, nullptr);
  EXPECT_EQ(Index, 0u);
  // Asked again (as if "x" had been refused) it is the same one, not built
  // again; and "x+y", asked once, is still not built.
  auto [Again, Same] = Shared.lookupAgain({"x", "x+y"}, Build);
  EXPECT_EQ(Same, Run);
  EXPECT_EQ(Again, 0u);
  EXPECT_EQ(Shared.lookupAgain({"x", "x+y"}, Build).first, 0u);
  EXPECT_EQ(Built, std::vector<size_t>{0});
  // Nothing asked twice: nothing.
  EXPECT_EQ(Shared.lookupAgain({"z"}, Build).second, nullptr);
}

// A run killed before it removed its folder leaves it behind: the next run
// removes it, but not one of a run still going, nor a link, nor another's.
TEST(SharedHeaders, RemovesTheFoldersOfEndedRuns) {
  llvm::SmallString<128> Temp;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("musify-temp", Temp));
  auto Make = [&](llvm::StringRef Name) {
    llvm::SmallString<128> Path(Temp);
    llvm::sys::path::append(Path, Name);
    EXPECT_FALSE(llvm::sys::fs::create_directory(Path));
    std::error_code EC;
    llvm::raw_fd_ostream((Path + "/1.pch").str(), EC) << "pch";
    return Path.str().str();
  };
  // No process has this id: above Linux's highest (2^22).
  std::string Ended = Make("musify-shared-headers-999999999-abc123");
  std::string Alive =
      Make("musify-shared-headers-" + std::to_string(::getpid()) + "-abc123");
  std::string Other = Make("musify-other-999999999-abc123");
  std::string Odd = Make("musify-shared-headers-999999999abc");
  llvm::SmallString<128> Link(Temp);
  llvm::sys::path::append(Link, "musify-shared-headers-999999998-abc123");
  ASSERT_FALSE(llvm::sys::fs::create_link(Alive, Link));
  removeFoldersOfEndedRuns(Temp);
  EXPECT_FALSE(llvm::sys::fs::exists(Ended));
  EXPECT_TRUE(llvm::sys::fs::exists(Alive + "/1.pch"));
  EXPECT_TRUE(llvm::sys::fs::exists(Other));
  EXPECT_TRUE(llvm::sys::fs::exists(Odd));
  EXPECT_TRUE(llvm::sys::fs::exists(Link));
  // A folder that is not there, or not a folder: nothing happens.
  removeFoldersOfEndedRuns((Temp + "/missing").str());
  removeFoldersOfEndedRuns(Alive + "/1.pch");
  llvm::sys::fs::remove_directories(Temp);
}

TEST(SharedHeaders, AFullDiskFailsTheWriteInsteadOfTheProcess) {
  std::error_code EC;
  llvm::raw_fd_ostream Full("/dev/full", EC);
  ASSERT_FALSE(EC);
  EXPECT_FALSE(writeChecked(Full, std::string(1 << 16, 'x')));
  EXPECT_FALSE(Full.has_error()); // seen, so its destruction ends nothing
  EXPECT_FALSE(writeChecked(Full, "more"));
  EXPECT_FALSE(Full.has_error());
}

} // namespace
