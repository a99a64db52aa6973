// RunState::keepFound: a header's findings, found again by every unit that
// reads it, are kept once, as the Decide stage would keep them.
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
  Other.Kind = HazardKind::WarpSize;
  F.Hazards.push_back(Other);
  F.References.push_back(referenceAt("/g.cuh", 10, Evidence::Declaration, "b"));
  State.keepFound(F);
  EXPECT_EQ(State.Hazards.size(), 2u);
  EXPECT_EQ(State.References.size(), 3u);
}
