// Reading a unit's #include lines before it is parsed.
#include "frontend/IncludeScan.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace musify;

namespace {

TEST(IncludeScan, ReadsIncludeLinesAsWritten) {
  std::vector<IncludeLine> Lines =
      IncludeScan::includeLines("#include <a.h>\n"
                                "  #  include \"b/c.h\" // why\n"
                                "#include_next <d.h>\n"
                                "#import <e.h>\n"
                                "#include MACRO_HEADER\n"
                                "#include <>\n"
                                "int x; #include <f.h>\n"
                                "#include <g.h>");
  ASSERT_EQ(Lines.size(), 3u);
  EXPECT_EQ(Lines[0].spelled(), "<a.h>");
  EXPECT_EQ(Lines[1].spelled(), "\"b/c.h\"");
  EXPECT_EQ(Lines[2].spelled(), "<g.h>");
}

class IncludeScanTree : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("musify-include-scan", Root));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }
  std::string write(llvm::StringRef Relative, llvm::StringRef Text) {
    llvm::SmallString<256> Path(Root);
    llvm::sys::path::append(Path, Relative);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
    std::error_code EC;
    llvm::raw_fd_ostream(Path, EC) << Text;
    EXPECT_FALSE(EC);
    llvm::SmallString<256> Real;
    llvm::sys::fs::real_path(Path, Real);
    return Real.str().str();
  }
  std::optional<IncludeLine> first(llvm::StringRef Unit, std::vector<std::string> Args) {
    std::string User = Root.str().str() + "/src";
    IncludeScan Scan([User](llvm::StringRef Path) { return Path.starts_with(User); });
    return Scan.firstHeader(
        Unit, Args, Root, {Root.str().str() + "/sdk"},
        [](const IncludeLine &Line, llvm::StringRef) { return Line.Name != "plain.h"; });
  }
  llvm::SmallString<128> Root;
};

// The user's headers are read where they are included, depth first; a
// header found in the SDK that Wanted turns down is passed over.
TEST_F(IncludeScanTree, FindsTheFirstWantedHeaderThroughUserHeaders) {
  std::string Unit = write("src/u.cu", "#include \"local.cuh\"\n#include <late.h>\n");
  write("src/local.cuh", "#include <plain.h>\n#include <inc/deep.cuh>\n");
  write("src/include/inc/deep.cuh", "#include <missing.h>\n#include <lib.h>\n");
  write("sdk/plain.h", "");
  write("sdk/lib.h", "");
  write("sdk/late.h", "");
  std::optional<IncludeLine> Found = first(Unit, {"-I", "src/include"});
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->spelled(), "<lib.h>");
  // Without the include folder the user's header is not found.
  Found = first(Unit, {});
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->spelled(), "<late.h>");
}

// Headers that include each other are read once.
TEST_F(IncludeScanTree, ReadsEachUserHeaderOnce) {
  std::string Unit = write("src/u.cu", "#include \"a.h\"\n");
  write("src/a.h", "#include \"b.h\"\n");
  write("src/b.h", "#include \"a.h\"\n");
  EXPECT_FALSE(first(Unit, {}));
}

} // namespace
