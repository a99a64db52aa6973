// The token rewriter: finds CUDA names by spelling, with Clang's raw lexer, where
// no parse can resolve them (skipped preprocessor branches, unparsable files).
#pragma once

#include "find/Reference.h"
#include "rules/RuleTable.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace musify {

/// Line and column (both 1-based) of offsets in one text; built once per text.
class LineIndex {
public:
  explicit LineIndex(llvm::StringRef Text);
  std::pair<unsigned, unsigned> lineAndColumn(unsigned Offset) const;

private:
  std::vector<unsigned> LineStarts;
};

class TokenRewriter {
public:
  explicit TokenRewriter(const RuleTable &Rules) : Rules(Rules) {}

  /// Appends a reference for every name the rule tables know, and every
  /// `#include` of a known header, in [Begin, End) of Text. Comments and
  /// string literals are not code and are left alone; so are members
  /// (`x.cudaName`) and names qualified by a user scope.
  void findReferences(llvm::StringRef Path, llvm::StringRef Text, unsigned Begin,
                      unsigned End, Evidence How, const LineIndex &Lines,
                      std::vector<Reference> &Out) const;

  /// Appends a reference for every word inside the string literals of Text
  /// that the rule tables know (`"CUDA_VISIBLE_DEVICES"`, `"cudaMalloc
  /// failed"`), for --rewrite-strings.
  void findStringReferences(llvm::StringRef Path, llvm::StringRef Text,
                            const LineIndex &Lines, std::vector<Reference> &Out) const;

  /// Calls Fn(name, offset) for each identifier that can name a global entity
  /// in [Begin, End) of Text.
  static void forEachIdentifier(llvm::StringRef Text, unsigned Begin, unsigned End,
                                llvm::function_ref<void(llvm::StringRef, unsigned)> Fn);

  /// Calls Fn(header, offset, length) for each `#include` of Text: the
  /// header as written inside its delimiters, and the text it occupies with them.
  static void forEachInclude(
      llvm::StringRef Text,
      llvm::function_ref<void(llvm::StringRef, unsigned, unsigned)> Fn);

  /// Where the first line of Text's own content starts: past leading
  /// comments and blank lines, a `#pragma once` and an include guard
  /// (`#ifndef G` followed by `#define G`). An #include put there comes
  /// before everything the file declares, includes or tests.
  static unsigned preambleEnd(llvm::StringRef Text);

private:
  const RuleTable &Rules;
};

} // namespace musify
