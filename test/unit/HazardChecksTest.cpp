// The hazard checks: one per kind, listed in kind order, each with its help;
// and what deciding a hazard says on each target.
#include "hazards/HazardCheck.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace musify;

namespace {

RuleTable rulesOf(const char *Target) {
  llvm::Expected<RuleTable> Table =
      RuleTable::loadDirectory(MUSIFY_TEST_RULES_DIR, Target);
  if (!Table) {
    ADD_FAILURE() << llvm::toString(Table.takeError());
    return RuleTable();
  }
  return std::move(*Table);
}

Hazard hazardOf(HazardKind Kind, unsigned Offset, unsigned End, std::string Text) {
  Hazard H;
  H.At.File = "/src/a.cu";
  H.At.Offset = Offset;
  H.Kind = Kind;
  H.Text = std::move(Text);
  H.End = End;
  return H;
}

} // namespace

TEST(HazardChecks, OnePerKindInKindOrderEachWithHelp) {
  std::set<std::string> Names;
  size_t I = 0;
  for (const HazardCheck *Check : hazardChecks()) {
    EXPECT_EQ(static_cast<size_t>(Check->kind()), I++);
    EXPECT_EQ(&hazardCheck(Check->kind()), Check);
    EXPECT_GT(std::string(Check->help()).size(), 20u) << hazardKindName(Check->kind());
    EXPECT_TRUE(Names.insert(hazardKindName(Check->kind())).second);
  }
  EXPECT_EQ(hazardChecks().size(), static_cast<size_t>(HazardKind::InitialisedVla) + 1);
}

TEST(HazardChecks, InlineAsmWithAnUnknownInstructionIsLeftNamingIt) {
  RuleTable Rules = rulesOf("hip");
  std::string Hip = "HIP";
  std::string Text = "asm(\"trap;\");\n";
  HazardDecision D = hazardCheck(HazardKind::InlineAsm)
                         .decide(hazardOf(HazardKind::InlineAsm, 0, 12, "asm(\"trap;\")"),
                                 Text, {Rules, Hip});
  EXPECT_TRUE(D.Edits.empty());
  EXPECT_FALSE(D.Record.Defused);
  EXPECT_NE(D.Record.Message.find("not portable to HIP"), std::string::npos);
  EXPECT_NE(D.Record.Message.find("trap has no translation"), std::string::npos);
  EXPECT_EQ(D.Record.Instructions, std::vector<std::string>{"trap"});
}

TEST(HazardChecks, InlineAsmOfTheTableIsRewrittenWithItsSemicolon) {
  RuleTable Rules = rulesOf("hip");
  std::string Hip = "HIP";
  std::string Text =
      "  asm(\"add.u32 %0, %1, %2;\" : \"=r\"(r) : \"r\"(a), \"r\"(b)) ;\n";
  unsigned End = Text.rfind(')') + 1;
  HazardDecision D =
      hazardCheck(HazardKind::InlineAsm)
          .decide(hazardOf(HazardKind::InlineAsm, 2, End, "asm"), Text, {Rules, Hip});
  ASSERT_EQ(D.Edits.size(), 1u);
  EXPECT_EQ(D.Edits[0].Offset, 2u);
  EXPECT_EQ(D.Edits[0].Length, Text.size() - 3);
  EXPECT_EQ(D.Edits[0].Text, "r = (unsigned)a + (unsigned)b;");
  EXPECT_TRUE(D.Record.Defused);
}

TEST(HazardChecks, VectorOperatorOnItsOwnLinesIsGuardedOnHip) {
  RuleTable Rules = rulesOf("hip");
  std::string Hip = "HIP";
  std::string Text = "void operator+=(float4 &a, float4 b) { a.x += b.x; }\nint x;\n";
  unsigned End = Text.find('\n');
  HazardDecision D =
      hazardCheck(HazardKind::VectorOperator)
          .decide(hazardOf(HazardKind::VectorOperator, 0, End, Text.substr(0, End)), Text,
                  {Rules, Hip});
  ASSERT_EQ(D.Edits.size(), 2u);
  EXPECT_EQ(D.Edits[0].Offset, 0u);
  EXPECT_EQ(D.Edits[1].Offset, End);
  EXPECT_TRUE(D.Record.Defused);
  // Sharing its line with other code: left as it is, and said.
  std::string Shared = "int y; void operator+=(float4 &a, float4 b) {}\n";
  D = hazardCheck(HazardKind::VectorOperator)
          .decide(hazardOf(HazardKind::VectorOperator, 7, Shared.find('\n'), "void"),
                  Shared, {Rules, Hip});
  EXPECT_TRUE(D.Edits.empty());
  EXPECT_FALSE(D.Record.Defused);
  EXPECT_NE(D.Record.Message.find("by hand"), std::string::npos);
}
