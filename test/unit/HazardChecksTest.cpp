// The hazard registry: one check per kind, each found by its name, with its
// help; and what deciding a hazard says on each target.
#include "hazards/HazardCheck.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace musify;

namespace {

RuleTable rulesOf(const char *Target) {
  llvm::Expected<RuleTable> Table = loadTargetRules(MUSIFY_TEST_RULES_DIR, Target);
  if (!Table) {
    ADD_FAILURE() << llvm::toString(Table.takeError());
    return RuleTable();
  }
  return std::move(*Table);
}

/// The kind of the check named Name (which must be registered).
HazardKind kindNamed(const char *Name) {
  std::optional<HazardKind> Kind = hazardKindNamed(Name);
  EXPECT_TRUE(Kind.has_value()) << Name;
  return Kind.value_or(HazardKind{});
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

TEST(HazardChecks, OnePerKindEachNamedWithHelp) {
  std::set<std::string> Names;
  size_t I = 0;
  for (const HazardCheck *Check : hazardChecks()) {
    EXPECT_EQ(static_cast<size_t>(Check->kind()), I++);
    EXPECT_EQ(&hazardCheck(Check->kind()), Check);
    EXPECT_GT(std::string(Check->help()).size(), 20u) << Check->name();
    EXPECT_TRUE(Names.insert(Check->name()).second);
    EXPECT_EQ(hazardKindNamed(Check->name()), Check->kind());
  }
  EXPECT_EQ(Names, (std::set<std::string>{"device-launch", "initialised-vla",
                                          "inline-asm", "vector-operator", "warp-size"}));
  EXPECT_FALSE(hazardKindNamed("no-such-hazard").has_value());
}

TEST(HazardChecks, InlineAsmWithAnUnknownInstructionIsLeftNamingIt) {
  RuleTable Rules = rulesOf("hip");
  std::string Hip = "HIP";
  std::string Text = "asm(\"trap;\");\n";
  HazardDecision D =
      hazardCheck(kindNamed("inline-asm"))
          .decide(hazardOf(kindNamed("inline-asm"), 0, 12, "asm(\"trap;\")"), Text,
                  {Rules, Hip});
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
      hazardCheck(kindNamed("inline-asm"))
          .decide(hazardOf(kindNamed("inline-asm"), 2, End, "asm"), Text, {Rules, Hip});
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
      hazardCheck(kindNamed("vector-operator"))
          .decide(hazardOf(kindNamed("vector-operator"), 0, End, Text.substr(0, End)),
                  Text, {Rules, Hip});
  ASSERT_EQ(D.Edits.size(), 2u);
  EXPECT_EQ(D.Edits[0].Offset, 0u);
  EXPECT_EQ(D.Edits[1].Offset, End);
  EXPECT_TRUE(D.Record.Defused);
  // Sharing its line with other code: left as it is, and said.
  std::string Shared = "int y; void operator+=(float4 &a, float4 b) {}\n";
  D = hazardCheck(kindNamed("vector-operator"))
          .decide(hazardOf(kindNamed("vector-operator"), 7, Shared.find('\n'), "void"),
                  Shared, {Rules, Hip});
  EXPECT_TRUE(D.Edits.empty());
  EXPECT_FALSE(D.Record.Defused);
  EXPECT_NE(D.Record.Message.find("by hand"), std::string::npos);
}
