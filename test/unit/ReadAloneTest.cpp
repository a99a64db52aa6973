// inputs/ReadAlone: the units a run may write as soon as they are parsed.
#include "inputs/ReadAlone.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace musify;

namespace {

class ReadAloneTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("read-alone", Root));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }

  /// A file of the tree, with Text, listed as an input of its role.
  void add(llvm::StringRef Name, llvm::StringRef Text) {
    llvm::SmallString<128> Path(Root);
    llvm::sys::path::append(Path, Name);
    std::error_code EC;
    llvm::raw_fd_ostream(Path, EC) << Text;
    ASSERT_FALSE(EC);
    InputFile F;
    F.Path = Path.str().str();
    F.Role = roleOf(F.Path);
    Inputs.Files.push_back(F);
  }
  std::set<std::string> names(const std::vector<std::string> &Args = {}) {
    std::set<std::string> Names;
    for (const std::string &Path : unitsReadAlone(Inputs, Args))
      Names.insert(llvm::sys::path::filename(Path).str());
    return Names;
  }

  llvm::SmallString<128> Root;
  InputSet Inputs;
};

TEST_F(ReadAloneTest, UnitsNoFileIncludesByName) {
  add("main.cu", "#include \"kernels/scan.cu\"\n#include \"util.h\"\n");
  add("scan.cu", "__global__ void scan() {}\n");
  add("util.h", "#if 0\n#include \"old.cu\"\n#endif\n");
  add("old.cu", "");
  add("table.inc", "#include \"tab.cpp\"\n");
  add("tab.cpp", "");
  add("alone.cpp", "// #include \"alone.cpp\"\n");
  EXPECT_EQ(names(), (std::set<std::string>{"alone.cpp", "main.cu"}));
  Inputs.Files.back().LeftOut = true;
  EXPECT_EQ(names(), std::set<std::string>{"main.cu"});
}

TEST_F(ReadAloneTest, NoneWhereIncludesAreKnownOnlyToTheParses) {
  add("a.cu", "");
  add("b.cu", "#define K \"a.cu\"\n#include K\n");
  EXPECT_TRUE(names().empty());
  Inputs.Files.pop_back();
  EXPECT_EQ(names(), std::set<std::string>{"a.cu"});
  EXPECT_TRUE(names({"-include", "pre.h"}).empty());
  EXPECT_TRUE(names({"--pre-include=pre.h"}).empty());
  EXPECT_TRUE(names({"--include=pre.h"}).empty());
  // Include folders include nothing by themselves.
  EXPECT_EQ(names({"--include-path=inc", "--include-directory=inc", "-Iinc"}),
            std::set<std::string>{"a.cu"});
  CompileCommand Command;
  Command.Flags = {"-imacros", "m.h"};
  Inputs.Files.back().Command = Command;
  EXPECT_TRUE(names().empty());
}

TEST_F(ReadAloneTest, AUnitListedTwiceOrIncludedThroughALink) {
  add("a.cu", "");
  add("b.cu", "#include \"alias.cu\"\n");
  Inputs.Files.push_back(Inputs.Files.back()); // b.cu, compiled twice
  Inputs.Links.push_back({(Root + "/alias.cu").str(), "a.cu"});
  EXPECT_TRUE(names().empty());
}

// A file of whole pages, which the system maps with nothing after it: the
// lexer that reads it must see the NUL it needs after the text.
TEST_F(ReadAloneTest, AFileOfWholePages) {
  add("a.cu", "");
  std::string Big = "#include \"b.cu\"\n";
  Big.resize(64 * 1024, 'x');
  add("b.cu", Big);
  EXPECT_EQ(names(), std::set<std::string>{"a.cu"});
}

} // namespace
