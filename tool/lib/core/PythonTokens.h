// Python source as tokens: enough of the language reference's lexical rules
// (with 3.12's f-strings) that a name, a string or a statement boundary is
// never mistaken for another. Shared by setup.py's migration
// (buildfiles/) and the migration of model code (python/).
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace musify {

struct PythonToken {
  enum Kind {
    Name,    ///< `torch.cuda.synchronize` as one token, `torch .cuda` too
    String,  ///< a literal: [Begin, End) is its text between the quotes
    Number,  ///< `3`, `0x1f`, `1e-5`, `2j`
    Punct,   ///< an operator or delimiter (`(`, `==`, `->`, `**=`)
    Newline, ///< the end of a logical line (zero width, at its `\n` or the end)
  } Kind = Punct;
  /// [Begin, End): the token's text. For a string, [OuterBegin, OuterEnd)
  /// holds its prefix and quotes too; for the others it equals [Begin, End).
  unsigned Begin = 0, End = 0, OuterBegin = 0, OuterEnd = 0;
  bool Formatted = false; ///< an f-string (its replacement fields follow it)
  /// A token of an f-string's replacement field: it lies inside the string
  /// token before it (`torch.cuda.memory_allocated` in f"{torch.cuda...()}").
  bool InFString = false;
  /// A name written with blanks, line continuations or (inside brackets)
  /// line breaks and comments around its dots (`torch .cuda`): the name as
  /// Python reads it (`torch.cuda`). Empty for a name written without them.
  std::string Joined;
};

/// The offset in Text of the character InWord of T's word (its Joined name
/// where it has one); T's end for InWord at the word's end.
unsigned textOffsetIn(llvm::StringRef Text, const PythonToken &T, size_t InWord);

/// The tokens of Text. A UTF-8 byte order mark, comments, blank lines and
/// line continuations (`\` at a line's end) make none; a line break inside
/// brackets ends no logical line. Never fails: an unterminated string ends
/// at its line's end (triple-quoted: at the text's end).
std::vector<PythonToken> lexPython(llvm::StringRef Text);

/// Statement-level questions about Text's tokens, as both migrations of
/// Python ask them.
class PythonTokenView {
public:
  PythonTokenView(llvm::StringRef Text, llvm::ArrayRef<PythonToken> Tokens)
      : Text(Text), Tokens(Tokens) {}
  /// Token I's text; "" past the end and for a line end (zero width).
  llvm::StringRef word(size_t I) const {
    if (I >= Tokens.size())
      return "";
    return Tokens[I].Joined.empty() ? Text.slice(Tokens[I].Begin, Tokens[I].End)
                                    : llvm::StringRef(Tokens[I].Joined);
  }
  /// textOffsetIn for token I.
  unsigned offsetIn(size_t I, size_t InWord) const {
    return textOffsetIn(Text, Tokens[I], InWord);
  }
  bool isPunct(size_t I, llvm::StringRef Op) const {
    return I < Tokens.size() && Tokens[I].Kind == PythonToken::Punct && word(I) == Op;
  }
  /// Whether token I ends a statement: a logical line's end, or `;`.
  bool endsStatement(size_t I) const {
    return I >= Tokens.size() || Tokens[I].Kind == PythonToken::Newline ||
           isPunct(I, ";");
  }
  bool startsStatement(size_t I) const {
    return !Tokens[I].InFString && (I == 0 || endsStatement(I - 1));
  }

private:
  llvm::StringRef Text;
  llvm::ArrayRef<PythonToken> Tokens;
};

} // namespace musify
