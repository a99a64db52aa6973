// Merging edits from several translation units: identical edits merge,
// different edits of the same text conflict and are never applied.
#include "edit/EditSet.h"

#include <gtest/gtest.h>

using musify::Edit;
using musify::EditConflict;
using musify::EditSet;

namespace {

TEST(EditSet, AppliesInOffsetOrder) {
  EditSet Set;
  EXPECT_EQ(Set.add({11, 4, "musaFree"}), EditSet::AddResult::Added);
  EXPECT_EQ(Set.add({0, 4, "musa"}), EditSet::AddResult::Added);
  EXPECT_EQ(Set.apply("cudaMalloc(cuda);"), "musaMalloc(musaFree);");
}

TEST(EditSet, IdenticalEditsMergeIntoOne) {
  EditSet Set;
  EXPECT_EQ(Set.add({0, 4, "musa"}), EditSet::AddResult::Added);
  EXPECT_EQ(Set.add({0, 4, "musa"}), EditSet::AddResult::Duplicate);
  EXPECT_EQ(Set.edits().size(), 1u);
  EXPECT_EQ(Set.apply("cudaX"), "musaX");
}

TEST(EditSet, LinesAddedAfterInsertionsShareTheirOffset) {
  EditSet Set;
  ASSERT_EQ(Set.add({0, 0, "#include <a.h>\n"}), EditSet::AddResult::Added);
  EXPECT_EQ(Set.addAfterInsertions({0, 0, "#include <b.h>\n"}),
            EditSet::AddResult::Added);
  EXPECT_EQ(Set.addAfterInsertions({0, 0, "#include <a.h>\n"}),
            EditSet::AddResult::Duplicate);
  EXPECT_EQ(Set.apply("int x;\n"), "#include <a.h>\n#include <b.h>\nint x;\n");
  // Anything else is as add().
  EXPECT_EQ(Set.addAfterInsertions({4, 1, "y"}), EditSet::AddResult::Added);
  EXPECT_EQ(Set.addAfterInsertions({4, 1, "z"}), EditSet::AddResult::Conflict);
}

TEST(EditSet, DifferentEditsOfTheSameTextConflict) {
  EditSet Set;
  EditConflict C;
  ASSERT_EQ(Set.add({0, 10, "musaMalloc"}), EditSet::AddResult::Added);
  ASSERT_EQ(Set.add({0, 10, "hipMalloc"}, &C), EditSet::AddResult::Conflict);
  EXPECT_EQ(C.Existing.Text, "musaMalloc");
  EXPECT_EQ(C.Incoming.Text, "hipMalloc");
  // Neither is applied, and the text stays blocked for later edits.
  EXPECT_TRUE(Set.empty());
  EXPECT_EQ(Set.add({0, 10, "musaMalloc"}), EditSet::AddResult::Conflict);
  EXPECT_EQ(Set.apply("cudaMalloc()"), "cudaMalloc()");
}

TEST(EditSet, OverlappingRangesConflict) {
  EditSet Set;
  ASSERT_EQ(Set.add({4, 6, "abcdef"}), EditSet::AddResult::Added);
  EXPECT_EQ(Set.add({8, 4, "wxyz"}), EditSet::AddResult::Conflict);
  EXPECT_EQ(Set.add({20, 2, "ok"}), EditSet::AddResult::Added);
  EXPECT_EQ(Set.add({2, 4, "no"}), EditSet::AddResult::Conflict);
}

TEST(EditSet, InsertionAtTheStartOfAReplacementGoesFirst) {
  EditSet Set;
  ASSERT_EQ(Set.add({0, 4, "musa"}), EditSet::AddResult::Added);
  ASSERT_EQ(Set.add({0, 0, "/*m*/ "}), EditSet::AddResult::Added);
  ASSERT_EQ(Set.add({4, 0, ")"}), EditSet::AddResult::Added);
  EXPECT_EQ(Set.apply("cudaX"), "/*m*/ musa)X");
}

TEST(EditSet, InsertionsAtOneOffsetConflictUnlessIdentical) {
  EditSet Set;
  ASSERT_EQ(Set.add({3, 0, "a"}), EditSet::AddResult::Added);
  EXPECT_EQ(Set.add({3, 0, "a"}), EditSet::AddResult::Duplicate);
  EXPECT_EQ(Set.add({3, 0, "b"}), EditSet::AddResult::Conflict);
}

TEST(EditSet, InsertionInsideAReplacementConflicts) {
  EditSet Set;
  ASSERT_EQ(Set.add({0, 10, "replaced"}), EditSet::AddResult::Added);
  EXPECT_EQ(Set.add({5, 0, "x"}), EditSet::AddResult::Conflict);
}

TEST(EditSet, ClaimKeepsTheFirstEditOfAPlace) {
  EditSet Set;
  ASSERT_TRUE(Set.claim({4, 6, "abcdef"}));
  EXPECT_TRUE(Set.blocks({8, 4, ""}));
  EXPECT_FALSE(Set.claim({8, 4, "wxyz"}));
  EXPECT_FALSE(Set.claim({6, 0, "inside"}));
  EXPECT_TRUE(Set.claim({4, 0, "<"}));
  EXPECT_TRUE(Set.claim({10, 0, ">"}));
  // Insertions at one place go in the order they were claimed.
  EXPECT_FALSE(Set.blocks({10, 0, ""}));
  EXPECT_TRUE(Set.claim({10, 0, "!"}));
  EXPECT_EQ(Set.apply("0123456789XY"), "0123<abcdef>!XY");
}

} // namespace
