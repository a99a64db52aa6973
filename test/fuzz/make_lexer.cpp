// The Makefile lexer on arbitrary text: pieces, words and references all lie
// inside the text.
#include "FuzzSupport.h"
#include "buildfiles/MakeLexer.h"

using namespace musify;

static void checkWords(const std::vector<BuildWord> &Words, const MakePiece &P) {
  for (const BuildWord &W : Words)
    fuzz::require(P.Begin <= W.OuterBegin && W.OuterBegin <= W.Begin &&
                      W.Begin <= W.End && W.End <= W.OuterEnd && W.OuterEnd <= P.End,
                  "word inside its piece");
}

// NOLINTNEXTLINE(readability-identifier-naming): libFuzzer names it
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text = fuzz::textOf(Data, Size);
  for (const MakePiece &P : lexMakefile(Text)) {
    fuzz::require(P.Begin <= P.End && P.End <= Text.size(), "piece inside the text");
    fuzz::require(P.NameBegin <= P.NameEnd && P.NameEnd <= Text.size(),
                  "assigned name inside the text");
    MakeWords Words = makeWords(Text, P.Begin, P.End);
    checkWords(Words.TopLevel, P);
    checkWords(Words.Inner, P);
    for (const MakeRef &R : Words.Refs)
      fuzz::require(R.Begin <= R.NameBegin && R.NameBegin <= R.NameEnd &&
                        R.NameEnd <= R.End && R.End <= Text.size(),
                    "reference inside the text");
    for (const auto &[B, E] : Words.ShellTexts)
      fuzz::require(B <= E && E <= Text.size(), "shell text inside the text");
  }
  return 0;
}
