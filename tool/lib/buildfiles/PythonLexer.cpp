// Lexing Python build scripts: enough of Python's token rules to find names
// and strings and never mistake a comment or a string's text for either.
#include "buildfiles/PythonLexer.h"

#include "llvm/ADT/StringExtras.h"

namespace musify {

namespace {

bool isNameStart(char C) { return llvm::isAlpha(C) || C == '_'; }
bool isNameChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// The length of a string prefix (r, b, f, u, rb, ...) at At followed by a
/// quote, or 0.
size_t stringPrefix(llvm::StringRef Text, size_t At) {
  size_t N = 0;
  while (N < 2 && At + N < Text.size() &&
         llvm::StringRef("rRbBfFuU").contains(Text[At + N]))
    ++N;
  return At + N < Text.size() && (Text[At + N] == '\'' || Text[At + N] == '"') ? N : 0;
}

/// The string literal whose opening quote is at Quote (after a prefix that
/// starts at Start); its end is past the closing quote, or the text's end.
PythonToken lexString(llvm::StringRef Text, size_t Start, size_t Quote) {
  char Q = Text[Quote];
  bool Triple = Text.substr(Quote, 3) == std::string(3, Q);
  size_t Open = Quote + (Triple ? 3 : 1), I = Open;
  while (I < Text.size()) {
    if (Text[I] == '\\') {
      I += 2;
      continue;
    }
    if (Triple ? Text.substr(I, 3) == std::string(3, Q) : Text[I] == Q)
      break;
    if (!Triple && Text[I] == '\n')
      break; // unterminated: the line ends it
    ++I;
  }
  size_t Close = std::min(I, Text.size());
  size_t End =
      std::min(Close + (Close < Text.size() ? (Triple ? 3 : 1) : 0), Text.size());
  return {PythonToken::String, unsigned(Open), unsigned(Close), unsigned(Start),
          unsigned(End)};
}

/// A dotted name starting at Start: identifiers joined by dots with nothing
/// between them.
PythonToken lexName(llvm::StringRef Text, size_t Start) {
  size_t I = Start;
  while (true) {
    while (I < Text.size() && isNameChar(Text[I]))
      ++I;
    if (I + 1 < Text.size() && Text[I] == '.' && isNameStart(Text[I + 1]))
      ++I;
    else
      break;
  }
  return {PythonToken::Name, unsigned(Start), unsigned(I), unsigned(Start), unsigned(I)};
}

} // namespace

std::vector<PythonToken> lexPython(llvm::StringRef Text) {
  std::vector<PythonToken> Tokens;
  size_t I = 0;
  while (I < Text.size()) {
    char C = Text[I];
    if (C == '#') {
      I = Text.find('\n', I);
      if (I == llvm::StringRef::npos)
        break;
    } else if (llvm::isSpace(C) || C == '\\') {
      ++I;
    } else if (size_t Prefix = isNameStart(C) ? stringPrefix(Text, I) : 0;
               Prefix || C == '\'' || C == '"') {
      Tokens.push_back(lexString(Text, I, I + Prefix));
      I = Tokens.back().OuterEnd;
    } else if (isNameStart(C)) {
      Tokens.push_back(lexName(Text, I));
      I = Tokens.back().End;
    } else {
      Tokens.push_back({PythonToken::Punct, unsigned(I), unsigned(I + 1), unsigned(I),
                        unsigned(I + 1)});
      ++I;
    }
  }
  return Tokens;
}

} // namespace musify
