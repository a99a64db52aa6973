// OutputPlan: where each output mode writes a file, and the named outputs it
// refuses (an input, a mirrored file, a backup, the same file twice).
#include "output/OutputPlan.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "llvm/Support/Process.h"

#include <gtest/gtest.h>

using namespace musify;

namespace {

class OutputPlanTest : public ::testing::Test {
protected:
  OutputPlanTest() {
    Inputs.Roots = {"/src"};
    Inputs.MirrorBase = "/src";
    for (auto [Path, Role] : {std::pair{"/src/a.cu", FileRole::TranslationUnit},
                              {"/src/notes.txt", FileRole::Other}}) {
      InputFile F;
      F.Path = Path;
      F.Role = Role;
      F.Explicit = true;
      Inputs.Files.push_back(F);
    }
    Renamed["/src/a.cu"] = "/src/a.mu";
  }
  OutputSettings Settings;
  InputSet Inputs;
  RenameMap Renamed;
};

TEST_F(OutputPlanTest, DestinationFollowsTheMode) {
  OutputPlan Plan(Settings, Inputs, Renamed);
  Settings.Mode = OutputMode::Stdout;
  EXPECT_EQ(Plan.destinationOf("/src/a.cu", true, true, true), "-");
  EXPECT_EQ(Plan.destinationOf("/src/h.cuh", false, true, true), "");
  Settings.Mode = OutputMode::OutRoot;
  Settings.OutRoot = "/out";
  EXPECT_EQ(Plan.destinationOf("/src/a.cu", true, true, false), "/out/a.mu");
  // A header the inputs include goes along; a file that is neither does not.
  EXPECT_EQ(Plan.destinationOf("/src/inc/h.cuh", false, true, false), "/out/inc/h.cuh");
  EXPECT_EQ(Plan.destinationOf("/src/other.bin", false, false, false), "");
  Settings.Mode = OutputMode::InPlace;
  EXPECT_EQ(Plan.destinationOf("/src/a.cu", true, true, false), "/src/a.mu");
  EXPECT_EQ(Plan.destinationOf("/src/b.cu", true, true, false), "");
  EXPECT_EQ(Plan.destinationOf("/src/b.cu", true, true, true), "/src/b.cu");
  Settings.Mode = OutputMode::None;
  EXPECT_EQ(Plan.destinationOf("/src/a.cu", true, true, true), "");
}

TEST_F(OutputPlanTest, NamedOutputsReplaceNothingTheRunReadsOrWrites) {
  OutputPlan Plan(Settings, Inputs, Renamed);
  Settings.Mode = OutputMode::InPlace;
  Settings.Backup = true;
  auto Why = [&](std::vector<std::pair<std::string, std::string>> Named) {
    return Plan.whyNotNamedOutputs(Named).value_or("");
  };
  EXPECT_EQ(Why({}), "");
  EXPECT_NE(Why({{"--report", "/src/a.cu"}}).find("is the input file"),
            std::string::npos);
  EXPECT_NE(Why({{"--report", "/src/a.mu"}}).find("--rename-extensions"),
            std::string::npos);
  EXPECT_NE(Why({{"--sarif", "/src/a.cu.orig.2"}}).find("--backup keeps"),
            std::string::npos);
  EXPECT_NE(Why({{"--report", "/tmp/r.json"}, {"--html", "/tmp/r.json"}})
                .find("is also given to --report"),
            std::string::npos);
  // In place, a file musify does not migrate is neither read nor written.
  EXPECT_EQ(Why({{"--report", "/src/notes.txt"}}), "");
}

TEST_F(OutputPlanTest, SingleFileModesTakeOneNamedInput) {
  OutputPlan Plan(Settings, Inputs, Renamed);
  Settings.Mode = OutputMode::File;
  Settings.OutputFile = "/tmp/x.cu";
  std::optional<std::string> Why = Plan.whyNotWritable("");
  ASSERT_TRUE(Why);
  EXPECT_NE(Why->find("exactly one input file"), std::string::npos);
}

/// One input, a.cu in a folder of its own, and a plan that writes it in place.
class InPlaceWrite : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("output-plan", Root));
    Path = (Root + "/a.cu").str();
    Inputs.Roots = {Root.str().str()};
    Inputs.MirrorBase = Root.str().str();
    Inputs.Files.push_back(InputFile{});
    Inputs.Files.back().Path = Path;
    Inputs.Files.back().Role = FileRole::TranslationUnit;
    Settings.Mode = OutputMode::InPlace;
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }

  void put(llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream(Path, EC) << Text;
    ASSERT_FALSE(EC);
  }
  std::string now() { return (*llvm::MemoryBuffer::getFile(Path))->getBuffer().str(); }
  /// The input's state in State, its first ten bytes to become "hipMalloc".
  FileState &migrated(RunState &State) {
    FileState &S = State.state(Path);
    S.Input = &Inputs.Files.back();
    S.Edits.add({0, 10, "hipMalloc"});
    return S;
  }
  /// Whether State's files were written, and what was said.
  std::pair<bool, std::string> write(RunState &State) {
    std::string Out, Errs;
    llvm::raw_string_ostream OutS(Out), ErrS(Errs);
    OutputPlan Plan(Settings, Inputs, Renamed);
    bool Ok = Plan.writeFiles(State, AfterWriting::KeepNothing, OutS, ErrS);
    return {Ok, Errs};
  }

  llvm::SmallString<128> Root;
  std::string Path;
  InputSet Inputs;
  OutputSettings Settings;
  RenameMap Renamed;
};

constexpr llvm::StringLiteral NotWritten =
    "changed while it was migrated; it is not written";

// A unit migrated while others were parsed has its text set aside and read
// again to be written in place: if the file changed since, its edits are for
// another text, and it is left as it is.
TEST_F(InPlaceWrite, ATextSetAsideIsWrittenOnlyIfUnchanged) {
  auto Migrate = [&](llvm::StringRef Changed) {
    put("cudaMalloc(p);");
    RunState State;
    FileState &S = migrated(State);
    RunState::text(S);
    S.setAsideText(AfterWriting::KeepNothing);
    if (!Changed.empty())
      put(Changed);
    return write(State);
  };
  EXPECT_EQ(Migrate(""), std::pair(true, std::string()));
  EXPECT_EQ(now(), "hipMalloc(p);");
  auto [Ok, Errs] = Migrate("cudaFree(p);");
  EXPECT_FALSE(Ok);
  EXPECT_NE(Errs.find(NotWritten), std::string::npos);
  EXPECT_EQ(now(), "cudaFree(p);");
}

// An input written since the run found it (here by another program, with a
// text of the same size, a second later) is left as it now is: the parses
// may have read the other text, and the edits are for theirs.
TEST_F(InPlaceWrite, AnInputChangedSinceTheRunFoundItIsNotWritten) {
  put("cudaMalloc(p);");
  std::optional<FileStamp> &Found = Inputs.Files.back().Found;
  Found = FileStamp::of(Path);
  ASSERT_TRUE(Found);
  put("cudaFree(p);;;");
  int FD = -1;
  ASSERT_FALSE(llvm::sys::fs::openFileForReadWrite(
      Path, FD, llvm::sys::fs::CD_OpenExisting, llvm::sys::fs::OF_None));
  EXPECT_FALSE(llvm::sys::fs::setLastAccessAndModificationTime(
      FD, Found->Modified + std::chrono::seconds(1)));
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  RunState Changed;
  migrated(Changed);
  auto [Ok, Errs] = write(Changed);
  EXPECT_FALSE(Ok);
  EXPECT_NE(Errs.find(NotWritten), std::string::npos);
  EXPECT_EQ(now(), "cudaFree(p);;;");
  // Unchanged since the run found it: written.
  put("cudaMalloc(p);");
  Found = FileStamp::of(Path);
  RunState Unchanged;
  migrated(Unchanged);
  EXPECT_EQ(write(Unchanged), std::pair(true, std::string()));
  EXPECT_EQ(now(), "hipMalloc(p);");
}

} // namespace
