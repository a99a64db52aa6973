// nvcc flags from users' command lines and compile commands become flags Clang
// accepts for parsing.
#include "inputs/NvccFlags.h"

#include <gtest/gtest.h>

using musify::translateNvccFlags;
using Flags = std::vector<std::string>;

namespace {

TEST(NvccFlags, ClangFlagsPassThrough) {
  Flags In = {"-Iinclude", "-DNDEBUG", "-isystem", "/opt/x", "-std=c++20", "-O2"};
  EXPECT_EQ(translateNvccFlags(In), In);
}

TEST(NvccFlags, CodeGenerationFlagsAreDroppedWithTheirValues) {
  EXPECT_EQ(translateNvccFlags({"-arch=sm_80",
                                "-arch",
                                "sm_90",
                                "-gencode",
                                "arch=compute_80,code=sm_80",
                                "--generate-code=arch=compute_90,code=sm_90",
                                "-rdc=true",
                                "--expt-relaxed-constexpr",
                                "--extended-lambda",
                                "-lineinfo",
                                "-Xptxas",
                                "-v",
                                "-ccbin",
                                "g++-12",
                                "-maxrregcount=64",
                                "-c",
                                "-o",
                                "x.o",
                                "-x",
                                "cu",
                                "-Ikept"}),
            Flags({"-Ikept"}));
}

TEST(NvccFlags, HostCompilerFlagsAreSplit) {
  EXPECT_EQ(translateNvccFlags({"-Xcompiler", "-fopenmp,-Wall", "-Xcompiler=-fPIC",
                                "--compiler-options", "-pthread"}),
            Flags({"-fopenmp", "-Wall", "-fPIC", "-pthread"}));
}

TEST(NvccFlags, SpellingsNvccAloneUses) {
  EXPECT_EQ(translateNvccFlags({"--std", "c++17", "--include-path", "inc",
                                "--define-macro=USE_X=1", "--pre-include", "pre.h",
                                "--default-stream", "per-thread"}),
            Flags({"-std=c++17", "-Iinc", "-DUSE_X=1", "-include", "pre.h",
                   "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"}));
}

TEST(NvccFlags, CMakesCompileCommandsForNvcc) {
  EXPECT_EQ(
      translateNvccFlags({"-forward-unknown-to-host-compiler", "-DUSE_X",
                          "-isystem=/opt/dep/include",
                          "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
                          "-Xcompiler=-fPIC", "-std=c++17", "-x", "cu", "-rdc=true"}),
      Flags({"-DUSE_X", "-isystem", "/opt/dep/include", "-fPIC", "-std=c++17"}));
}

TEST(NvccFlags, AValueMissingAtTheEndIsNotAnError) {
  EXPECT_EQ(translateNvccFlags({"-Ia", "-arch"}), Flags({"-Ia"}));
}

} // namespace
