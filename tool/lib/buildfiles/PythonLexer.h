// The tokens of a Python build script (setup.py) that its migration reads:
// dotted names, string literals and the punctuation between them. Comments
// and whitespace are dropped.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace musify {

struct PythonToken {
  enum Kind { Name, String, Punct } Kind;
  /// Name: `torch.utils.cpp_extension` as one token (blanks around the dots
  /// end it). String: the text between the quotes, [Begin, End), with its
  /// prefix and quotes in [OuterBegin, OuterEnd). Punct: one character.
  unsigned Begin, End, OuterBegin, OuterEnd;
};

std::vector<PythonToken> lexPython(llvm::StringRef Text);

} // namespace musify
