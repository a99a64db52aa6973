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
  /// The headers Unit includes, spelled, found in sdk/ and Angled.
  std::vector<std::string> headers(llvm::StringRef Unit,
                                   std::vector<std::string> Angled = {}) {
    std::string User = Root.str().str() + "/src";
    IncludeScan Scan([User](llvm::StringRef Path) { return Path.starts_with(User); });
    SearchFolders Folders;
    Folders.Angled = std::move(Angled);
    Folders.Angled.push_back(Root.str().str() + "/sdk");
    std::vector<std::string> Spelled;
    for (const IncludeLine &Line :
         Scan.headers(Unit, Folders, [](const IncludeLine &Line, llvm::StringRef) {
           return Line.Name != "plain.h";
         }))
      Spelled.push_back(Line.spelled());
    return Spelled;
  }
  llvm::SmallString<128> Root;
};

// The user's headers are read where they are included, depth first; a
// header found in the SDK that Wanted turns down is passed over, and so is
// one no folder holds; each is listed once.
TEST_F(IncludeScanTree, ListsTheWantedHeadersThroughUserHeaders) {
  std::string Unit =
      write("src/u.cu", "#include \"local.cuh\"\n#include <late.h>\n#include <lib.h>\n");
  write("src/local.cuh", "#include <plain.h>\n#include <inc/deep.cuh>\n");
  write("src/include/inc/deep.cuh", "#include <missing.h>\n#include <lib.h>\n");
  write("sdk/plain.h", "");
  write("sdk/lib.h", "");
  write("sdk/late.h", "");
  EXPECT_EQ(headers(Unit, {Root.str().str() + "/src/include"}),
            (std::vector<std::string>{"<lib.h>", "<late.h>"}));
  // Without the include folder the user's header is not found.
  EXPECT_EQ(headers(Unit), (std::vector<std::string>{"<late.h>", "<lib.h>"}));
}

// Headers that include each other are read once.
TEST_F(IncludeScanTree, ReadsEachUserHeaderOnce) {
  std::string Unit = write("src/u.cu", "#include \"a.h\"\n");
  write("src/a.h", "#include \"b.h\"\n");
  write("src/b.h", "#include \"a.h\"\n");
  EXPECT_TRUE(headers(Unit).empty());
}

// The list ends at a conditional #include that finds a file, the user's or
// not, but not at one inside a header's include guard, or one that finds
// nothing.
TEST_F(IncludeScanTree, EndsAtAConditionalInclude) {
  write("sdk/a.h", "");
  write("sdk/b.h", "");
  write("sdk/c.h", "");
  write("src/guarded.h", "#ifndef GUARDED_H\n#define GUARDED_H\n#include <a.h>\n"
                         "#ifdef _WIN32\n#include <windows.h>\n#endif\n#endif\n");
  std::string Unit =
      write("src/u.cu", "#include \"guarded.h\"\n#include <b.h>\n"
                        "#if WITH_C\n#include <c.h>\n#endif\n#include <a.h>\n");
  EXPECT_EQ(headers(Unit), (std::vector<std::string>{"<a.h>", "<b.h>"}));
  std::string Local =
      write("src/v.cu", "#include <b.h>\n#ifdef X\n#include \"guarded.h\"\n"
                        "#endif\n#include <c.h>\n");
  EXPECT_EQ(headers(Local), (std::vector<std::string>{"<b.h>"}));
}

// Whether an #include lies in a conditional block, as written.
TEST(IncludeScan, MarksConditionalIncludes) {
  std::vector<IncludeLine> Lines =
      IncludeScan::includeLines("#pragma once\n#include <a.h>\n#if X\n#include <b.h>\n"
                                "#else\n#include <c.h>\n#endif\n#include <d.h>\n");
  ASSERT_EQ(Lines.size(), 4u);
  EXPECT_FALSE(Lines[0].Conditional);
  EXPECT_TRUE(Lines[1].Conditional);
  EXPECT_TRUE(Lines[2].Conditional);
  EXPECT_FALSE(Lines[3].Conditional);
}

} // namespace
