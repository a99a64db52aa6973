// The raw-lexer scanners of core/SourceText: where a scan stops.
#include "core/SourceText.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace musify;

namespace {

std::vector<std::string> includesBefore(const std::string &Text, unsigned End) {
  std::vector<std::string> Found;
  forEachInclude(Text, End, [&](llvm::StringRef Name, unsigned, unsigned) {
    Found.push_back(Name.str());
  });
  return Found;
}

// The includes before a line are found in the whole text up to that line,
// not in a slice of it: a slice has no NUL after it, and Clang's lexer reads
// on past its end (into an unterminated comment, past the whole buffer).
TEST(SourceText, IncludesBeforeAnOffset) {
  std::string Text = "#include <a.h>\n#include \"b.h\"\n#include <c.h>\n";
  unsigned ThirdLine = Text.find("#include <c.h>");
  EXPECT_EQ(includesBefore(Text, ThirdLine), (std::vector<std::string>{"a.h", "b.h"}));
  EXPECT_EQ(includesBefore(Text, Text.size()).size(), 3u);
  EXPECT_TRUE(includesBefore(Text, 0).empty());
}

TEST(SourceText, AnUnterminatedCommentEndsTheScan) {
  std::string Text = "#include <a.h>\n/* never closed\n#include <b.h>\n";
  unsigned Comment = Text.find("/*");
  EXPECT_EQ(includesBefore(Text, Comment + 3), std::vector<std::string>{"a.h"});
  EXPECT_EQ(includesBefore(Text, Text.size()), std::vector<std::string>{"a.h"});
}

// The outermost #if blocks, nested ones inside them, not the include
// guard; an unterminated one runs to the end.
TEST(SourceText, ConditionalBlocks) {
  std::string Text = "#ifndef G\n#define G\n"
                     "#ifdef A\n#if B\nint b;\n#endif\n#else\nint a;\n#endif\n"
                     "int c;\n#if C\n#endif\n#endif\n";
  std::vector<std::pair<unsigned, unsigned>> Blocks = conditionalBlocks(Text);
  ASSERT_EQ(Blocks.size(), 2u);
  EXPECT_EQ(Text.substr(Blocks[0].first, Blocks[0].second - Blocks[0].first),
            "#ifdef A\n#if B\nint b;\n#endif\n#else\nint a;\n#endif");
  EXPECT_EQ(Text.substr(Blocks[1].first, Blocks[1].second - Blocks[1].first),
            "#if C\n#endif");
  // An unterminated block runs to the end.
  std::string Open = "int c;\n#if D\nint d;\n";
  Blocks = conditionalBlocks(Open);
  ASSERT_EQ(Blocks.size(), 1u);
  EXPECT_EQ(Open.substr(Blocks[0].first), "#if D\nint d;\n");
  EXPECT_EQ(Blocks[0].second, Open.size());
  // Without a guard, a leading #ifndef is a condition like any other; so is
  // one with its #define whose #endif does not close the file.
  EXPECT_EQ(conditionalBlocks("#ifndef G\nint g;\n#endif\n").size(), 1u);
  EXPECT_EQ(conditionalBlocks("#ifndef M\n#define M\n#endif\nint m;\n").size(), 1u);
}

// A line goes above the line of an offset, or above the first line of a
// directive, comment or literal that holds that line: never inside one.
TEST(SourceText, LineInsertionPoints) {
  std::string Text = "int a;\n"
                     "#define M(x) \\\n  f(x) \\\n  + 1\n"
                     "/* two\n lines */ int b;\n"
                     "const char *s = R\"(x\ny)\";\n"
                     "  int c; // a \\\n still\n"
                     "int d;\n";
  LineInsertionPoints Points(Text);
  auto Before = [&](llvm::StringRef Needle) {
    return Points.before(unsigned(Text.find(Needle.str())));
  };
  EXPECT_EQ(Before("int a"), 0u);
  EXPECT_EQ(Before("f(x)"), Text.find("#define"));
  EXPECT_EQ(Before("+ 1"), Text.find("#define"));
  EXPECT_EQ(Before("int b"), Text.find("/* two"));
  EXPECT_EQ(Before("y)"), Text.find("const char"));
  EXPECT_EQ(Before("int c"), Text.find("  int c"));
  EXPECT_EQ(Before("still"), Text.find("  int c"));
  EXPECT_EQ(Before("int d"), Text.find("int d"));
  EXPECT_EQ(Points.before(unsigned(Text.size())), Text.size());
}

} // namespace

// What a run's units may include: every directive that names a header, in
// disabled branches too; a header named through a macro is not known.
TEST(SourceText, IncludedNamesAndMacroIncludes) {
  auto Named = [](const std::string &Text, bool &EveryOne) {
    std::vector<std::string> Found;
    EveryOne =
        forEachIncludedName(Text, [&](llvm::StringRef N) { Found.push_back(N.str()); });
    return Found;
  };
  bool EveryOne = false;
  EXPECT_EQ(Named("#include \"a.cu\"\n#if 0\n#  include_next <dir/b.h>\n#endif\n"
                  "// #include \"c.cu\"\n/* #include \"d.cu\" */\n#\n#import \"e.h\"\n",
                  EveryOne),
            (std::vector<std::string>{"a.cu", "dir/b.h", "e.h"}));
  EXPECT_TRUE(EveryOne);
  EXPECT_EQ(Named("#define K \"k.cu\"\n#include K\n#include <f.h>\n", EveryOne),
            std::vector<std::string>{"f.h"});
  EXPECT_FALSE(EveryOne);
  EXPECT_TRUE(Named("int include = 1; # define X include\n", EveryOne).empty());
  // The scanners the rewriters use see it after a null directive too.
  EXPECT_EQ(includesBefore("#\n#include <a.h>\n", 17), std::vector<std::string>{"a.h"});
  EXPECT_TRUE(EveryOne);
}

TEST(SourceText, PreambleEndPassesOnlyAGuardThatClosesTheFile) {
  llvm::StringRef Guarded = "// c\n#ifndef G_H\n#define G_H\nint a;\n#endif // G_H\n";
  EXPECT_EQ(preambleEnd(Guarded), Guarded.find("int a"));
  llvm::StringRef Block = "#ifndef M\n#define M\n#include <x.h>\n#endif\nint a;\n";
  EXPECT_EQ(preambleEnd(Block), 0u);
  llvm::StringRef Nested = "#ifndef G\n#define G\n#if A\nint a;\n#endif\n#endif\n";
  EXPECT_EQ(preambleEnd(Nested), Nested.find("#if A"));
  llvm::StringRef Unclosed = "#ifndef G\n#define G\nint a;\n";
  EXPECT_EQ(preambleEnd(Unclosed), 0u);
}
