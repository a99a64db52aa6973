// Lexing Python: names, strings (f-strings with the tokens of their
// replacement fields), numbers, operators and logical line ends.
#include "core/PythonTokens.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace musify {

namespace {

// Bytes of a UTF-8 sequence count as letters: Python names may hold them.
bool isNameStart(char C) { return llvm::isAlpha(C) || C == '_' || (C & 0x80); }
bool isNameChar(char C) { return isNameStart(C) || llvm::isDigit(C); }

bool isKeyword(llvm::StringRef Word) {
  static const char *const Keywords[] = {
      "False",  "None",   "True",    "and",      "as",       "assert", "async",
      "await",  "break",  "class",   "continue", "def",      "del",    "elif",
      "else",   "except", "finally", "for",      "from",     "global", "if",
      "import", "in",     "is",      "lambda",   "nonlocal", "not",    "or",
      "pass",   "raise",  "return",  "try",      "while",    "with",   "yield"};
  return llvm::is_contained(Keywords, Word);
}

/// Operators of more than one character, longest first.
const char *const LongOperators[] = {
    "**=", "//=", ">>=", "<<=", "...", "!=", "%=", "&=", "**", "*=", "+=", "-=",
    "->",  "//",  "/=",  ":=",  "<<",  "<=", "==", ">=", ">>", "@=", "^=", "|="};

class Lexer {
public:
  explicit Lexer(llvm::StringRef Text) : Text(Text) {}

  std::vector<PythonToken> run() {
    size_t Start = Text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    lexRun(Start, /*Field=*/nullptr);
    if (!Tokens.empty() && Tokens.back().Kind != PythonToken::Newline)
      add(PythonToken::Newline, Text.size(), Text.size());
    return std::move(Tokens);
  }

private:
  /// Where a replacement field of an f-string is lexed: whether a line
  /// break ends it (a string in single quotes ends at its line).
  struct FieldContext {
    bool EndsAtNewline;
  };

  void add(enum PythonToken::Kind K, size_t B, size_t E) {
    PythonToken T;
    T.Kind = K;
    T.Begin = T.OuterBegin = unsigned(B);
    T.End = T.OuterEnd = unsigned(E);
    T.InFString = InField > 0;
    Tokens.push_back(T);
  }

  /// Lexes tokens from I. In a replacement field (Field), stops at the `}`,
  /// `!` or `:` that ends its expression at bracket depth 0, and returns
  /// its offset; otherwise at the text's end.
  size_t lexRun(size_t I, const FieldContext *Field) {
    int Depth = 0;
    while (I < Text.size()) {
      char C = Text[I];
      if (Field && Depth == 0 &&
          (C == '}' || C == ':' || (C == '!' && Text.substr(I, 2) != "!=")))
        return I;
      if (C == '\n') {
        if (Field && Field->EndsAtNewline)
          return I;
        if (!Field && Depth == 0 && !Tokens.empty() &&
            Tokens.back().Kind != PythonToken::Newline)
          add(PythonToken::Newline, I, I);
        ++I;
      } else if (C == '#') {
        I = std::min(Text.find('\n', I), Text.size());
      } else if (C == '\\' || llvm::isSpace(C)) {
        ++I; // a continuation joins the lines: its line break is a blank
        if (C == '\\' && Text.substr(I, 2) == "\r\n")
          I += 2;
        else if (C == '\\' && I < Text.size() && Text[I] == '\n')
          ++I;
      } else if (size_t Prefix = isNameStart(C) ? stringPrefix(I) : 0;
                 Prefix || C == '\'' || C == '"') {
        I = lexString(I, I + Prefix);
      } else if (isNameStart(C)) {
        I = lexName(I, Depth > 0);
      } else if (llvm::isDigit(C) ||
                 (C == '.' && I + 1 < Text.size() && llvm::isDigit(Text[I + 1]))) {
        I = lexNumber(I);
      } else {
        Depth += (C == '(' || C == '[' || C == '{') - (C == ')' || C == ']' || C == '}');
        Depth = std::max(Depth, 0);
        I = lexOperator(I);
      }
    }
    return I;
  }

  /// The length of a string prefix (r, b, f, u, rb, fr, ...) at At followed
  /// by a quote, or 0.
  size_t stringPrefix(size_t At) const {
    size_t N = 0;
    while (N < 2 && At + N < Text.size() &&
           llvm::StringRef("rRbBfFuU").contains(Text[At + N]))
      ++N;
    return At + N < Text.size() && (Text[At + N] == '\'' || Text[At + N] == '"') ? N : 0;
  }

  /// The string whose prefix starts at Start and whose opening quote is at
  /// Quote; returns the offset past its closing quote (or where it ends
  /// unterminated).
  size_t lexString(size_t Start, size_t Quote) {
    llvm::StringRef Prefix = Text.slice(Start, Quote);
    bool Formatted = Prefix.contains_insensitive('f');
    char Q = Text[Quote];
    bool Triple = Text.substr(Quote, 3) == std::string(3, Q);
    size_t Open = Quote + (Triple ? 3 : 1), I = Open;
    size_t Index = Tokens.size();
    add(PythonToken::String, Open, Open);
    Tokens[Index].Formatted = Formatted;
    while (I < Text.size()) {
      char C = Text[I];
      if (C == '\\') {
        I += 2;
        continue;
      }
      if (Triple ? Text.substr(I, 3) == std::string(3, Q) : C == Q)
        break;
      if (!Triple && C == '\n')
        break; // unterminated: the line ends it
      if (Formatted && C == '{' && Text.substr(I, 2) != "{{") {
        I = lexField(I + 1, !Triple);
        continue;
      }
      I += Formatted && (C == '{' || C == '}') && I + 1 < Text.size() && Text[I + 1] == C
               ? 2
               : 1;
    }
    size_t Close = std::min(I, Text.size());
    bool Closed = Close < Text.size() && Text[Close] == Q;
    size_t End = std::min(Close + (Closed ? (Triple ? 3 : 1) : 0), Text.size());
    PythonToken &T = Tokens[Index];
    T.Begin = unsigned(Open);
    T.End = unsigned(Close);
    T.OuterBegin = unsigned(Start);
    T.OuterEnd = unsigned(End);
    return End;
  }

  /// A replacement field whose expression starts at I (past its `{`): its
  /// expression's tokens, a conversion (`!r`) and a format specification,
  /// which may hold fields of its own. Returns the offset past its `}`.
  size_t lexField(size_t I, bool EndsAtNewline) {
    FieldContext Field{EndsAtNewline};
    ++InField;
    I = lexRun(I, &Field);
    --InField;
    if (I < Text.size() && Text[I] == '!')
      while (I < Text.size() && Text[I] != ':' && Text[I] != '}' && Text[I] != '\n')
        ++I;
    if (I < Text.size() && Text[I] == ':')
      for (++I; I < Text.size() && Text[I] != '}' && Text[I] != '\n';)
        I = Text[I] == '{' ? lexField(I + 1, EndsAtNewline) : I + 1;
    return I < Text.size() && Text[I] == '}' ? I + 1 : I;
  }

  /// Past what may lie at I between a part of a dotted name and its dot:
  /// blanks and line continuations; inside brackets, line breaks and
  /// comments too.
  size_t skipNameGap(size_t I, bool InBrackets) const {
    while (I < Text.size()) {
      char C = Text[I];
      if (C == ' ' || C == '\t' || C == '\f' || (InBrackets && (C == '\n' || C == '\r')))
        ++I;
      else if (C == '\\' && Text.substr(I + 1, 2) == "\r\n")
        I += 3;
      else if (C == '\\' && Text.substr(I + 1, 1) == "\n")
        I += 2;
      else if (InBrackets && C == '#')
        I = std::min(Text.find('\n', I), Text.size());
      else
        break;
    }
    return I;
  }

  /// A dotted name from Start: identifiers joined by dots, with what
  /// skipNameGap passes over around them (a keyword is no part: `from .m`).
  size_t lexName(size_t Start, bool InBrackets) {
    size_t I = Start;
    bool Spaced = false;
    while (true) {
      size_t Part = I;
      while (I < Text.size() && isNameChar(Text[I]))
        ++I;
      size_t Dot = skipNameGap(I, InBrackets);
      if (Dot >= Text.size() || Text[Dot] != '.')
        break;
      size_t Next = skipNameGap(Dot + 1, InBrackets);
      if (Next >= Text.size() || !isNameStart(Text[Next]))
        break;
      bool Gap = Dot != I || Next != Dot + 1;
      if (Gap && (isKeyword(Text.slice(Part, I)) || isKeyword(nameAt(Next))))
        break;
      Spaced |= Gap;
      I = Next;
    }
    add(PythonToken::Name, Start, I);
    if (Spaced)
      Tokens.back().Joined = joined(Start, I);
    return I;
  }

  /// The parts and dots of [Begin, End), as textOffsetIn counts them.
  std::string joined(size_t Begin, size_t End) const {
    std::string Name;
    for (size_t I = Begin; I < End; ++I) {
      if (Text[I] == '#')
        I = std::min(Text.find('\n', I), End);
      else if (isNameChar(Text[I]) || Text[I] == '.')
        Name += Text[I];
    }
    return Name;
  }

  llvm::StringRef nameAt(size_t I) const {
    size_t End = I;
    while (End < Text.size() && isNameChar(Text[End]))
      ++End;
    return Text.slice(I, End);
  }

  /// A number: digits, letters (`0x1f`, `2j`, `1_000`), dots, and an
  /// exponent's sign.
  size_t lexNumber(size_t Start) {
    size_t I = Start;
    bool Hex = Text.substr(Start, 2).equals_insensitive("0x");
    while (I < Text.size()) {
      char C = Text[I];
      if ((C == '+' || C == '-') && !Hex && (Text[I - 1] == 'e' || Text[I - 1] == 'E'))
        ++I;
      else if (llvm::isAlnum(C) || C == '_' || C == '.')
        ++I;
      else
        break;
    }
    add(PythonToken::Number, Start, I);
    return I;
  }

  size_t lexOperator(size_t I) {
    for (const char *Op : LongOperators)
      if (Text.substr(I).starts_with(Op)) {
        add(PythonToken::Punct, I, I + strlen(Op));
        return I + strlen(Op);
      }
    add(PythonToken::Punct, I, I + 1);
    return I + 1;
  }

  llvm::StringRef Text;
  std::vector<PythonToken> Tokens;
  int InField = 0; ///< how many replacement fields the lexer is inside
};

} // namespace

unsigned textOffsetIn(llvm::StringRef Text, const PythonToken &T, size_t InWord) {
  if (T.Joined.empty())
    return T.Begin + unsigned(InWord);
  // The parts and dots are what Joined keeps; comments and blanks it drops.
  for (unsigned I = T.Begin; I < T.End; ++I) {
    if (Text[I] == '#')
      I = unsigned(std::min(Text.find('\n', I), size_t(T.End)));
    else if ((isNameChar(Text[I]) || Text[I] == '.') && InWord-- == 0)
      return I;
  }
  return T.End;
}

std::vector<PythonToken> lexPython(llvm::StringRef Text) { return Lexer(Text).run(); }

} // namespace musify
