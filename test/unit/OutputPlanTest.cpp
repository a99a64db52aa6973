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

// A unit migrated while others were parsed has its text set aside and read
// again to be written in place: if the file changed since, its edits are for
// another text, and it is left as it is.
TEST(OutputPlanWrite, ATextSetAsideIsWrittenOnlyIfUnchanged) {
  llvm::SmallString<128> Root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("output-plan", Root));
  std::string Path = (Root + "/a.cu").str();
  auto Put = [&](llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream(Path, EC) << Text;
    ASSERT_FALSE(EC);
  };
  auto Now = [&] { return (*llvm::MemoryBuffer::getFile(Path))->getBuffer().str(); };
  InputSet Inputs;
  Inputs.Roots = {Root.str().str()};
  Inputs.MirrorBase = Root.str().str();
  Inputs.Files.push_back(InputFile{});
  Inputs.Files.back().Path = Path;
  Inputs.Files.back().Role = FileRole::TranslationUnit;
  OutputSettings Settings;
  Settings.Mode = OutputMode::InPlace;
  RenameMap Renamed; // the plan holds it by reference
  OutputPlan Plan(Settings, Inputs, Renamed);
  auto Migrate = [&](llvm::StringRef Changed) {
    Put("cudaMalloc(p);");
    RunState State;
    FileState &S = State.state(Path);
    S.Input = &Inputs.Files.back();
    RunState::text(S);
    S.Edits.add({0, 10, "hipMalloc"});
    S.setAsideText(AfterWriting::KeepNothing);
    if (!Changed.empty())
      Put(Changed);
    std::string Out, Errs;
    llvm::raw_string_ostream OutS(Out), ErrS(Errs);
    bool Ok = Plan.writeFiles(State, AfterWriting::KeepNothing, OutS, ErrS);
    return std::pair{Ok, Errs};
  };
  EXPECT_EQ(Migrate(""), std::pair(true, std::string()));
  EXPECT_EQ(Now(), "hipMalloc(p);");
  auto [Ok, Errs] = Migrate("cudaFree(p);");
  EXPECT_FALSE(Ok);
  EXPECT_NE(Errs.find("changed while it was migrated; it is not written"),
            std::string::npos);
  EXPECT_EQ(Now(), "cudaFree(p);");
  llvm::sys::fs::remove_directories(Root);
}

} // namespace

// An input written since the run found it (here by another program, with a
// text of the same size, a second later) is left as it now is: the parses
// may have read the other text, and the edits are for theirs.
TEST(OutputPlanWrite, AnInputChangedSinceTheRunFoundItIsNotWritten) {
  llvm::SmallString<128> Root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("output-plan", Root));
  std::string Path = (Root + "/a.cu").str();
  auto Put = [&](llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream(Path, EC) << Text;
    ASSERT_FALSE(EC);
  };
  auto Now = [&] { return (*llvm::MemoryBuffer::getFile(Path))->getBuffer().str(); };
  Put("cudaMalloc(p);");
  InputSet Inputs;
  Inputs.Roots = {Root.str().str()};
  Inputs.MirrorBase = Root.str().str();
  Inputs.Files.push_back(InputFile{});
  Inputs.Files.back().Path = Path;
  Inputs.Files.back().Role = FileRole::TranslationUnit;
  Inputs.Files.back().Found = FileStamp::of(Path);
  ASSERT_TRUE(Inputs.Files.back().Found);
  OutputSettings Settings;
  Settings.Mode = OutputMode::InPlace;
  RenameMap Renamed;
  OutputPlan Plan(Settings, Inputs, Renamed);
  auto Write = [&] {
    RunState State;
    FileState &S = State.state(Path);
    S.Input = &Inputs.Files.back();
    S.Edits.add({0, 10, "hipMalloc"});
    std::string Out, Errs;
    llvm::raw_string_ostream OutS(Out), ErrS(Errs);
    bool Ok = Plan.writeFiles(State, AfterWriting::KeepNothing, OutS, ErrS);
    return std::pair{Ok, Errs};
  };
  Put("cudaFree(p);;;");
  int FD = -1;
  ASSERT_FALSE(llvm::sys::fs::openFileForReadWrite(
      Path, FD, llvm::sys::fs::CD_OpenExisting, llvm::sys::fs::OF_None));
  EXPECT_FALSE(llvm::sys::fs::setLastAccessAndModificationTime(
      FD, Inputs.Files.back().Found->Modified + std::chrono::seconds(1)));
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  auto [Ok, Errs] = Write();
  EXPECT_FALSE(Ok);
  EXPECT_NE(Errs.find("changed while it was migrated; it is not written"),
            std::string::npos);
  EXPECT_EQ(Now(), "cudaFree(p);;;");
  // Unchanged since the run found it: written.
  Put("cudaMalloc(p);");
  Inputs.Files.back().Found = FileStamp::of(Path);
  EXPECT_EQ(Write(), std::pair(true, std::string()));
  EXPECT_EQ(Now(), "hipMalloc(p);");
  llvm::sys::fs::remove_directories(Root);
}
