// Inline PTX to C++: reading `asm` statements as written (bad ones refused,
// never a crash) and rewriting their instructions by the HIP table.
#include "hazards/PtxTranslator.h"
#include "hazards/HazardCheck.h"

#include <gtest/gtest.h>

using namespace musify;

namespace {

const PtxTable &hipTable() {
  static const RuleTable Rules = [] {
    llvm::Expected<RuleTable> Table = loadTargetRules(MUSIFY_TEST_RULES_DIR, "hip");
    if (!Table) {
      ADD_FAILURE() << llvm::toString(Table.takeError());
      return RuleTable();
    }
    return std::move(*Table);
  }();
  return *Rules.hazardData<PtxTable>("inline-asm");
}

PtxTranslation translated(llvm::StringRef Text) {
  std::string Why;
  std::optional<AsmStatement> S = parseAsmStatement(Text, Why);
  if (!S) {
    PtxTranslation T;
    T.Why = Why;
    return T;
  }
  return translatePtx(*S, hipTable());
}

} // namespace

TEST(PtxTranslator, ReadsTemplatesOperandsAndClobbers) {
  std::string Why;
  std::optional<AsmStatement> S = parseAsmStatement(
      "__asm__ __volatile__ (\"add.u32 %0, \" \"%1, %[b];\\n\" : \"=r\"(x[f(1, 2)]) "
      ": \"r\"(a), [b] \"r\"(g(')')) : \"memory\")",
      Why);
  ASSERT_TRUE(S) << Why;
  EXPECT_EQ(S->Template, "add.u32 %0, %1, %[b];\n");
  ASSERT_EQ(S->Outputs.size(), 1u);
  EXPECT_EQ(S->Outputs[0].Expr, "x[f(1, 2)]");
  ASSERT_EQ(S->Inputs.size(), 2u);
  EXPECT_EQ(S->Inputs[1].Name, "b");
  EXPECT_EQ(S->Inputs[1].Expr, "g(')')");
}

TEST(PtxTranslator, RefusesWhatItCannotRead) {
  for (const char *Text :
       {"asm(PTX_MACRO : \"=r\"(x))", "asm goto(\"bra %l0;\" :::: done)", "asm(\"mov.u32",
        "asm(\"a\" : \"=r\"(x", "asm(\"x\\q\")", "asm(\"x\") trailing", "ASM(\"x\")",
        "asm(\"x\" : : : : label)", "asm(\"x\" : [\"=r\"(x))"}) {
    std::string Why;
    EXPECT_FALSE(parseAsmStatement(Text, Why)) << Text;
    EXPECT_FALSE(Why.empty()) << Text;
  }
}

TEST(PtxTranslator, LeavesMalformedPtxWithAReason) {
  for (const char *Text : {
           "asm(\"add.u32 %0, %1, %2;\" : \"=r\"(r) : \"r\"(a))", // no %2
           "asm(\"add.u32 %0, %1, %1;\" : \"=r\"(r) : \"f\"(a))", // f for u32
           "asm(\"add.u32 %0, %1;\" : \"=r\"(r) : \"r\"(a))",     // arity
           "asm(\"add.u32 %0 %1, %1;\" : \"=r\"(r) : \"r\"(a))",  // no comma
           "asm(\"{ .reg .u32 t; add.u32 t, %1, q; }\" : \"=r\"(r) : \"r\"(a))",
           "asm(\"L1: bra L1;\")",                                      // label
           "asm(\"ld.shared.u32 %0, [%1];\" : \"=r\"(r) : \"r\"(off))", // window address
           "asm(\"mov.u32 %0, %%nosuchreg;\" : \"=r\"(r))",
           "asm(\"mov.f32 %0, 0f7F800000;\" : \"=f\"(r))",      // infinity
           "asm(\"add.u32 %0, %1, 1;\" : \"r\"(r) : \"r\"(a))", // output without =
           "asm(\"@ add.u32 %0, %1, 1;\" : \"=r\"(r) : \"r\"(a))",
           "asm(\"add.u32 %0, %1, #;\" : \"=r\"(r) : \"r\"(a))",
           "asm(\"mov.u32 %0, %5;\" : \"=r\"(r))",
           "asm(\".reg .u32 r<999>;\")",
       }) {
    PtxTranslation T = translated(Text);
    EXPECT_TRUE(T.Code.empty()) << Text << " -> " << T.Code;
    EXPECT_FALSE(T.Why.empty()) << Text;
  }
}

TEST(PtxTranslator, NamesTheUnknownInstructionAndTheTensorCoreRoute) {
  PtxTranslation T = translated(
      "asm(\"{ add.u32 %0, %1, 1; frobnicate.b32 %0, %0; }\" : \"=r\"(r) : \"r\"(a))");
  EXPECT_TRUE(T.Code.empty());
  EXPECT_NE(T.Why.find("frobnicate.b32"), std::string::npos);
  EXPECT_EQ(T.Instructions, (std::vector<std::string>{"add.u32", "frobnicate.b32"}));
  T = translated("asm volatile(\"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\" : \"+f\"(c0), "
                 "\"+f\"(c1), \"+f\"(c2), \"+f\"(c3) : \"r\"(a0), \"r\"(a1), \"r\"(a2), "
                 "\"r\"(a3), \"r\"(b0), \"r\"(b1))");
  EXPECT_TRUE(T.Code.empty());
  EXPECT_NE(T.Why.find("rocWMMA"), std::string::npos);
}

TEST(PtxTranslator, RewritesSequencesWithRegistersPredicatesAndVectors) {
  PtxTranslation T = translated(
      "asm(\"{\\n .reg .pred p;\\n setp.lt.s32 p, %1, %2;\\n @p mov.s32 %0, %1;\\n"
      " @!p mov.s32 %0, %2;\\n}\" : \"=r\"(m) : \"r\"(x[i]), \"r\"(y))");
  EXPECT_EQ(T.Code, "{\n"
                    "const int ptx_in1 = (int)(x[i]);\n"
                    "const int ptx_in2 = (int)y;\n"
                    "bool ptx_p;\n"
                    "ptx_p = ptx_in1 < ptx_in2;\n"
                    "if (ptx_p) m = ptx_in1;\n"
                    "if (!ptx_p) m = ptx_in2;\n"
                    "}");
  T = translated("asm(\"ld.global.nc.v2.f32 {%0, %1}, [%2+8];\" : \"=f\"(a), \"=f\"(b) : "
                 "\"l\"(p))");
  EXPECT_EQ(T.Code, "{\n"
                    "a = (((float *)((char *)(unsigned long long)p + 8))[0]);\n"
                    "b = (((float *)((char *)(unsigned long long)p + 8))[1]);\n"
                    "}");
  ASSERT_EQ(T.Notes.size(), 1u);
  EXPECT_NE(T.Notes[0].find("(.nc)"), std::string::npos);
  // An operand with a side effect, read by each element, is read once.
  T = translated("asm(\"ld.global.v2.u32 {%0, %1}, [%2];\" : \"=r\"(a), \"=r\"(b) : "
                 "\"l\"(p++))");
  EXPECT_NE(T.Code.find("const unsigned long long ptx_in2 = (unsigned long long)(p++);"),
            std::string::npos)
      << T.Code;
  EXPECT_EQ(llvm::StringRef(T.Code).count("p++"), 1u);
}
