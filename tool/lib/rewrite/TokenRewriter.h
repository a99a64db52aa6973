// The token rewriter: finds CUDA names by spelling, with Clang's raw lexer, where
// no parse can resolve them (skipped preprocessor branches, unparsable files).
#pragma once

#include "core/SourceText.h"
#include "model/Findings.h"
#include "rules/RuleTable.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace musify {

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

private:
  const RuleTable &Rules;
};

} // namespace musify
