// decide/TargetBranches: the #if branches the target's compiler takes, with
// CUDA's macros it leaves undefined read as 0 and architecture comparisons
// as the migration translates them.
#include "decide/TargetBranches.h"

#include <gtest/gtest.h>

#include <string>

using namespace musify;

namespace {

// hipcc's view: nvcc's version macros undefined; `__CUDA_ARCH__ >= N` true
// for N up to 700 on every target GPU, false above, unknown for other
// operators.
bool undefinedOnTarget(llvm::StringRef Name) {
  return Name == "__CUDACC_VER_MAJOR__" || Name == "__NVCC__";
}
std::optional<bool> archOnTarget(llvm::StringRef Name, llvm::StringRef Op,
                                 long long Value) {
  if (Name != "__CUDA_ARCH__" || Op != ">=")
    return std::nullopt;
  return Value <= 700;
}
const TargetMacros Hipcc{undefinedOnTarget, archOnTarget};

std::optional<long long> eval(llvm::StringRef Expression) {
  return evaluateOnTarget(Expression, Hipcc);
}

} // namespace

TEST(TargetBranches, ArithmeticAndLogic) {
  EXPECT_EQ(eval("1 + 2 * 3 == 7"), 1);
  EXPECT_EQ(eval("(1 + 2) * 3"), 9);
  EXPECT_EQ(eval("!0 && 2 > 1"), 1);
  EXPECT_EQ(eval("0x10 - 1"), 15);
}

TEST(TargetBranches, UndefinedMacrosReadAsZero) {
  EXPECT_EQ(eval("__CUDACC_VER_MAJOR__ >= 9"), 0);
  EXPECT_EQ(eval("defined(__NVCC__)"), 0);
  EXPECT_EQ(eval("!defined __NVCC__"), 1);
}

TEST(TargetBranches, ArchitectureComparisonsAsTranslated) {
  EXPECT_EQ(eval("__CUDA_ARCH__ >= 600"), 1);
  EXPECT_EQ(eval("__CUDA_ARCH__ >= 800"), 0);
  EXPECT_EQ(eval("__CUDA_ARCH__ < 600"), std::nullopt);
}

// A macro whose value on the target is unknown makes the value unknown,
// unless the other operand decides it.
TEST(TargetBranches, UnknownUnlessDecided) {
  EXPECT_EQ(eval("USER_FLAG > 1"), std::nullopt);
  EXPECT_EQ(eval("__CUDACC_VER_MAJOR__ >= 9 && USER_FLAG"), 0);
  EXPECT_EQ(eval("!defined(__NVCC__) || USER_FLAG"), 1);
  EXPECT_EQ(eval("1 / 0"), std::nullopt);
  EXPECT_EQ(eval("1 +"), std::nullopt);
}

TEST(TargetBranches, BranchesTheTargetSkips) {
  std::string Text = "#if __CUDACC_VER_MAJOR__ >= 9\n"
                     "int a = __activemask();\n"
                     "#else\n"
                     "int b = 0;\n"
                     "#endif\n"
                     "#if USER_FLAG\n"
                     "int c;\n"
                     "#endif\n"
                     "#ifndef __NVCC__\n"
                     "int d;\n"
                     "#elif __CUDA_ARCH__ >= 600\n"
                     "int e;\n"
                     "#endif\n";
  auto Skips = [&](llvm::StringRef Needle) {
    return branchTargetSkips(Text, unsigned(Text.find(Needle.str())), Hipcc);
  };
  EXPECT_EQ(Skips("int a"), "#if __CUDACC_VER_MAJOR__ >= 9");
  EXPECT_EQ(Skips("int b"), std::nullopt);
  EXPECT_EQ(Skips("int c"), std::nullopt);
  EXPECT_EQ(Skips("int d"), std::nullopt);
  EXPECT_TRUE(Skips("int e").has_value());
}
