// core/PythonTokens: the tokens of real model and build code.
#include "core/PythonTokens.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace musify;

namespace {

/// Each token as `kind:text` (n: name, s: string content, f: f-string
/// content, d: number, p: punctuation, nl: line end); a token of an
/// f-string's field is marked `^`.
std::vector<std::string> tokens(llvm::StringRef Text) {
  std::vector<std::string> Out;
  for (const PythonToken &T : lexPython(Text)) {
    std::string K;
    switch (T.Kind) {
    case PythonToken::Name:
      K = "n";
      break;
    case PythonToken::String:
      K = T.Formatted ? "f" : "s";
      break;
    case PythonToken::Number:
      K = "d";
      break;
    case PythonToken::Punct:
      K = "p";
      break;
    case PythonToken::Newline:
      K = "nl";
      break;
    }
    Out.push_back((T.InFString ? "^" : "") + K + ":" + Text.slice(T.Begin, T.End).str());
  }
  return Out;
}

using V = std::vector<std::string>;

TEST(PythonTokens, DottedNamesCallsAndLineEnds) {
  EXPECT_EQ(tokens("x = torch.cuda.device_count()\ny.cuda()\nf(x).cuda()\n"),
            (V{"n:x", "p:=", "n:torch.cuda.device_count", "p:(", "p:)", "nl:", "n:y.cuda",
               "p:(", "p:)", "nl:", "n:f", "p:(", "n:x", "p:)", "p:.", "n:cuda", "p:(",
               "p:)", "nl:"}));
}

TEST(PythonTokens, CommentsAndBlankLinesMakeNoTokens) {
  EXPECT_EQ(tokens("# torch.cuda\n\n  \na = 1  # \"not a string\n"),
            (V{"n:a", "p:=", "d:1", "nl:"}));
}

TEST(PythonTokens, ByteOrderMarkIsSkipped) {
  EXPECT_EQ(tokens("\xEF\xBB\xBF"
                   "import torch\n"),
            (V{"n:import", "n:torch", "nl:"}));
}

TEST(PythonTokens, LineContinuationAndBracketsJoinLines) {
  EXPECT_EQ(tokens("a = b + \\\n    c\nf(1,\n  2)\n"),
            (V{"n:a", "p:=", "n:b", "p:+", "n:c", "nl:", "n:f", "p:(", "d:1", "p:,",
               "d:2", "p:)", "nl:"}));
  EXPECT_EQ(tokens("a = b \\\r\n  + c\r\n"),
            (V{"n:a", "p:=", "n:b", "p:+", "n:c", "nl:"}));
}

TEST(PythonTokens, SemicolonsSeparateStatementsOnOneLine) {
  EXPECT_EQ(tokens("import os; import torch\n"),
            (V{"n:import", "n:os", "p:;", "n:import", "n:torch", "nl:"}));
}

TEST(PythonTokens, StringsWithPrefixesAndEscapes) {
  EXPECT_EQ(tokens(R"(a = r"\d" + b'x\'y' + u"cuda" + Rb'z')"),
            (V{"n:a", "p:=", R"(s:\d)", "p:+", R"(s:x\'y)", "p:+", "s:cuda", "p:+", "s:z",
               "nl:"}));
}

TEST(PythonTokens, TripleQuotedStringsSpanLines) {
  EXPECT_EQ(tokens("s = \"\"\"torch.cuda\n'quoted' \"inner\"\n\"\"\"\nx\n"),
            (V{"n:s", "p:=", "s:torch.cuda\n'quoted' \"inner\"\n", "nl:", "n:x", "nl:"}));
}

TEST(PythonTokens, FStringFieldsAreTokens) {
  EXPECT_EQ(tokens(R"(d = f"cuda:{rank}")"),
            (V{"n:d", "p:=", "f:cuda:{rank}", "^n:rank", "nl:"}));
  EXPECT_EQ(tokens(R"(s = f"{torch.cuda.memory_allocated() / 2**20:.1f} MiB {{x}}")"),
            (V{"n:s", "p:=", "f:{torch.cuda.memory_allocated() / 2**20:.1f} MiB {{x}}",
               "^n:torch.cuda.memory_allocated", "^p:(", "^p:)", "^p:/", "^d:2", "^p:**",
               "^d:20", "nl:"}));
}

TEST(PythonTokens, FStringsNestQuotesAndSpecs) {
  // Python 3.12: the field may reuse the string's quote.
  EXPECT_EQ(tokens(R"(f"{d["cuda"]!r:>{w}}" + x)"),
            (V{R"(f:{d["cuda"]!r:>{w}})", "^n:d", "^p:[", "^s:cuda", "^p:]", "^n:w",
               "p:+", "n:x", "nl:"}));
  EXPECT_EQ(tokens("f'{a != b}' 'c'"),
            (V{"f:{a != b}", "^n:a", "^p:!=", "^n:b", "s:c", "nl:"}));
  EXPECT_EQ(tokens("rf'''{x}\n{ {'k': 1}['k'] }'''\n"),
            (V{"f:{x}\n{ {'k': 1}['k'] }", "^n:x", "^p:{", "^s:k", "^p::", "^d:1", "^p:}",
               "^p:[", "^s:k", "^p:]", "nl:"}));
}

TEST(PythonTokens, DecoratorsAndTypeHints) {
  EXPECT_EQ(tokens("@torch.no_grad()\ndef f(x: torch.Tensor) -> int:\n  return 1\n"),
            (V{"p:@", "n:torch.no_grad", "p:(", "p:)", "nl:", "n:def", "n:f", "p:(",
               "n:x", "p::", "n:torch.Tensor", "p:)", "p:->", "n:int",
               "p::", "nl:", "n:return", "d:1", "nl:"}));
}

TEST(PythonTokens, NumbersAreNotNames) {
  EXPECT_EQ(tokens("x = 1e-5 + 0x1E + 2j + .5 + 1_000"),
            (V{"n:x", "p:=", "d:1e-5", "p:+", "d:0x1E", "p:+", "d:2j", "p:+", "d:.5",
               "p:+", "d:1_000", "nl:"}));
}

TEST(PythonTokens, KeywordArgumentIsNotComparison) {
  EXPECT_EQ(tokens("f(device='cuda') if a == b else c"),
            (V{"n:f", "p:(", "n:device", "p:=", "s:cuda", "p:)", "n:if", "n:a",
               "p:==", "n:b", "n:else", "n:c", "nl:"}));
}

TEST(PythonTokens, UnterminatedInputEndsCleanly) {
  EXPECT_EQ(tokens("a = 'open\nb = f\"{x"),
            (V{"n:a", "p:=", "s:open", "nl:", "n:b", "p:=", "f:{x", "^n:x", "nl:"}));
  EXPECT_EQ(tokens("s = '''never closed\n"),
            (V{"n:s", "p:=", "s:never closed\n", "nl:"}));
  EXPECT_EQ(tokens("x = \\"), (V{"n:x", "p:=", "nl:"}));
}

} // namespace
