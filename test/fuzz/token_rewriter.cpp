// The token rewriter on arbitrary text, with the shipped MUSA tables: every
// reference it finds lies inside the text and spells its name there (with
// the backslash-newlines that may split it taken out, as the compiler does).
// Where a finding's comment line goes for each reference (LineInsertionPoints)
// is the start of a line at or before it.
#include "FuzzSupport.h"
#include "rewrite/TokenRewriter.h"

using namespace musify;

// NOLINTNEXTLINE(readability-identifier-naming): libFuzzer names it
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  // A file's text as musify reads it: followed by a NUL (core/SourceText.h).
  const std::string Owned(reinterpret_cast<const char *>(Data), Size);
  llvm::StringRef Text = Owned;
  const RuleTable &Rules = fuzz::shippedRules("musa");
  TokenRewriter Rewriter(Rules);
  LineIndex Lines(Text);
  std::vector<Reference> Found;
  Rewriter.findReferences("fuzz.cu", Text, 0, Text.size(), Evidence::Fallback, Lines,
                          Found);
  // A range that starts and ends inside the text, as for a skipped region.
  Rewriter.findReferences("fuzz.cu", Text, Text.size() / 3, Text.size() / 2,
                          Evidence::SkippedRegion, Lines, Found);
  Rewriter.findStringReferences("fuzz.cu", Text, Lines, Found);
  LineInsertionPoints Points(Text);
  for (const Reference &R : Found) {
    fuzz::require(R.At.Offset + R.Length <= Text.size(), "reference inside the text");
    unsigned Line = Points.before(R.At.Offset);
    // A line start: after `\n`, `\r\n` or a lone `\r`, past a byte order mark.
    fuzz::require(Line <= R.At.Offset && lineStartOf(Text, Line) == Line,
                  "a comment line goes at a line start before the reference");
    if (R.Kind != RuleKind::Header && !R.TokenPasted)
      fuzz::require(withoutSplices(Text.substr(R.At.Offset, R.Length)) == R.Name,
                    "a name reference spells its name");
  }
  return 0;
}
