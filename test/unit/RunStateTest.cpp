// RunState::keepFound: a header's findings, found again by every unit that
// reads it, are kept once, as the Decide stage would keep them; and
// RunState::splitByFile, which hands each file its own findings.
#include "model/RunState.h"

#include <gtest/gtest.h>

using namespace musify;

namespace {

Reference referenceAt(const std::string &File, unsigned Offset, Evidence How,
                      const std::string &Name) {
  Reference R;
  R.At = {File, Offset, 1, Offset + 1};
  R.Name = Name;
  R.How = How;
  return R;
}

/// One unit's parse: a header's references and what else it found there.
TranslationUnitFindings unitFinding(Evidence How, const std::string &Name) {
  TranslationUnitFindings F;
  F.References = {referenceAt("/h.cuh", 10, How, Name),
                  referenceAt("/h.cuh", 20, Evidence::Declaration, "cudaFree")};
  F.Launches.push_back({});
  F.Launches.back().At = {"/h.cuh", 30, 2, 1};
  F.Launches.back().Kernel = Name;
  Hazard H;
  H.At = {"/h.cuh", 40, 3, 1};
  H.Text = Name;
  F.Hazards = {H};
  F.Skipped = {{"/h.cuh", 50, 60, false}};
  return F;
}

} // namespace

TEST(RunState, KeepsEachPlaceOnceStrongestEvidenceThenFirst) {
  RunState State;
  for (auto [How, Name] : {std::pair{Evidence::SkippedRegion, "first"},
                           {Evidence::MacroTest, "stronger"},
                           {Evidence::MacroTest, "as strong, later"},
                           {Evidence::SkippedRegion, "weaker"}}) {
    TranslationUnitFindings F = unitFinding(How, Name);
    State.keepFound(F);
  }
  ASSERT_EQ(State.References.size(), 2u);
  EXPECT_EQ(State.References[0].Name, "stronger");
  EXPECT_EQ(State.References[1].Name, "cudaFree");
  ASSERT_EQ(State.Launches.size(), 1u);
  EXPECT_EQ(State.Launches[0].Kernel, "first");
  ASSERT_EQ(State.Hazards.size(), 1u);
  EXPECT_EQ(State.Hazards[0].Text, "first");
  EXPECT_EQ(State.Skipped.size(), 1u);
}

// Another kind of hazard at the same place, or another file, is another finding.
TEST(RunState, KeepsWhatDiffersInFileOrKind) {
  RunState State;
  TranslationUnitFindings F = unitFinding(Evidence::Declaration, "a");
  Hazard Other = F.Hazards[0];
  Other.Kind = static_cast<HazardKind>(static_cast<unsigned>(Other.Kind) + 1);
  F.Hazards.push_back(Other);
  F.References.push_back(referenceAt("/g.cuh", 10, Evidence::Declaration, "b"));
  State.keepFound(F);
  EXPECT_EQ(State.Hazards.size(), 2u);
  EXPECT_EQ(State.References.size(), 3u);
}

// Each file gets its state and what was found in it, in the order found; a
// file known only from its findings gets a state of its own too; what is the
// run's stays.
TEST(RunState, SplitByFileHandsEachFileItsOwnFindings) {
  RunState State;
  State.state("/a.cu").Report.Events.push_back({});
  State.state("/quiet.cpp");
  State.References = {referenceAt("/a.cu", 5, Evidence::Declaration, "first"),
                      referenceAt("/h.cuh", 10, Evidence::Declaration, "cudaFree"),
                      referenceAt("/a.cu", 1, Evidence::Declaration, "second")};
  State.Launches.push_back({});
  State.Launches.back().At = {"/h.cuh", 30, 2, 1};
  State.ErrorRegions = {{"/a.cu", 0, 4, false}};
  State.ReliesOnImplicitHeader = {"/a.cu"};
  State.ParseFailures = {"/b.cu"};
  State.Units["/a.cu"].Files = {"/a.cu", "/h.cuh"};

  std::map<std::string, RunState> Apart = State.splitByFile();

  ASSERT_EQ(Apart.size(), 3u);
  const RunState &A = Apart.at("/a.cu");
  ASSERT_EQ(A.Files.size(), 1u);
  EXPECT_EQ(A.Files.at("/a.cu").Report.Events.size(), 1u);
  ASSERT_EQ(A.References.size(), 2u);
  EXPECT_EQ(A.References[0].Name, "first");
  EXPECT_EQ(A.References[1].Name, "second");
  EXPECT_EQ(A.ErrorRegions.size(), 1u);
  EXPECT_EQ(A.ReliesOnImplicitHeader, std::vector<std::string>{"/a.cu"});
  const RunState &H = Apart.at("/h.cuh");
  EXPECT_TRUE(H.Files.empty());
  ASSERT_EQ(H.References.size(), 1u);
  EXPECT_EQ(H.References[0].Name, "cudaFree");
  EXPECT_EQ(H.Launches.size(), 1u);
  EXPECT_TRUE(Apart.at("/quiet.cpp").References.empty());

  EXPECT_TRUE(State.Files.empty());
  EXPECT_TRUE(State.References.empty() && State.Launches.empty() &&
              State.ErrorRegions.empty() && State.ReliesOnImplicitHeader.empty());
  EXPECT_EQ(State.ParseFailures, std::vector<std::string>{"/b.cu"});
  EXPECT_EQ(State.Units.count("/a.cu"), 1u);
}
