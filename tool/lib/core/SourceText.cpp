// Raw-lexer scanning of source text.
#include "core/SourceText.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace musify {

LineIndex::LineIndex(llvm::StringRef Text) {
  LineStarts.push_back(0);
  for (unsigned I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n' ||
        (Text[I] == '\r' && (I + 1 == Text.size() || Text[I + 1] != '\n')))
      LineStarts.push_back(I + 1);
}

std::pair<unsigned, unsigned> LineIndex::lineAndColumn(unsigned Offset) const {
  auto It = std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset);
  unsigned Line = It - LineStarts.begin();
  return {Line, Offset - LineStarts[Line - 1] + 1};
}

namespace {

clang::LangOptions rawLexerOptions() {
  clang::LangOptions Opts;
  Opts.CPlusPlus = Opts.CPlusPlus11 = Opts.CPlusPlus14 = Opts.CPlusPlus17 = true;
  Opts.CUDA = true;
  Opts.LineComment = true;
  return Opts;
}

/// Clang's raw lexer over a whole text, starting at Begin, with token
/// offsets into the text. The lexer needs a location only to number its
/// tokens: offsets are recovered by subtracting the first one.
class RawLexer {
public:
  RawLexer(llvm::StringRef Text, unsigned Begin)
      : Lex(Origin, options(), Text.begin(), Text.begin() + Begin, Text.end()) {}

  /// The next token, or false at the end of the text.
  bool next(clang::Token &Tok) {
    Lex.LexFromRawLexer(Tok);
    return Tok.isNot(clang::tok::eof);
  }
  unsigned offsetOf(const clang::Token &Tok) const {
    return Tok.getLocation().getRawEncoding() - Origin.getRawEncoding();
  }
  /// The next directive: its name (`if`, `endif`, ...) and the offset of
  /// its `#`; Tok is left on the name. False at the end of the text.
  bool nextDirective(clang::Token &Tok, llvm::StringRef &Name, unsigned &Hash) {
    bool Have = next(Tok);
    while (Have) {
      if (Tok.isNot(clang::tok::hash) || !Tok.isAtStartOfLine()) {
        Have = next(Tok);
        continue;
      }
      Hash = offsetOf(Tok);
      Have = next(Tok);
      if (Have && !Tok.isAtStartOfLine() && Tok.is(clang::tok::raw_identifier)) {
        Name = Tok.getRawIdentifier();
        return true;
      }
    }
    return false;
  }
  clang::Lexer &lexer() { return Lex; }

private:
  static const clang::LangOptions &options() {
    static const clang::LangOptions Opts = rawLexerOptions();
    return Opts;
  }
  const clang::SourceLocation Origin = clang::SourceLocation::getFromRawEncoding(1);
  clang::Lexer Lex;
};

/// `#include`, `#include_next` and `#import`: the directives that name a
/// header.
bool namesHeader(const clang::Token &Directive) {
  if (Directive.isNot(clang::tok::raw_identifier))
    return false;
  llvm::StringRef Name = Directive.getRawIdentifier();
  return Name == "include" || Name == "include_next" || Name == "import";
}

/// Reports the header that the rest of a directive's line, from Start,
/// names, if it names one. `<...>` is not one token in raw mode, so this
/// reads the characters.
void readIncludedHeader(llvm::StringRef Text, unsigned Start,
                        llvm::function_ref<void(const RawInclude &)> OnInclude) {
  size_t LineEnd = Text.find('\n', Start);
  llvm::StringRef Line = Text.slice(Start, LineEnd);
  size_t Open = Line.find_first_of("<\"");
  if (Open == llvm::StringRef::npos)
    return;
  char Close = Line[Open] == '<' ? '>' : '"';
  size_t CloseAt = Line.find(Close, Open + 1);
  if (CloseAt != llvm::StringRef::npos)
    OnInclude({Line.slice(Open + 1, CloseAt), unsigned(Start + Open),
               unsigned(CloseAt - Open + 1)});
}

} // namespace

std::string withoutSplices(llvm::StringRef Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\\') {
      // A backslash, perhaps blanks (Clang allows them), then a line end.
      size_t J = I + 1;
      while (J < Text.size() && (Text[J] == ' ' || Text[J] == '\t'))
        ++J;
      if (J < Text.size() && (Text[J] == '\n' || Text[J] == '\r')) {
        I = J + (Text[J] == '\r' && J + 1 < Text.size() && Text[J + 1] == '\n');
        continue;
      }
    }
    Out += Text[I];
  }
  return Out;
}

/// Reports Tok, a raw identifier at Offset, with the qualifier written before
/// it; a name split by backslash-newlines is the joined name.
static void reportIdentifier(const clang::Token &Tok, unsigned Offset,
                             llvm::StringRef Qualifier, IdentifierCallback OnIdentifier) {
  std::string Joined =
      Tok.needsCleaning() ? withoutSplices(Tok.getRawIdentifier()) : std::string();
  OnIdentifier({Tok.needsCleaning() ? llvm::StringRef(Joined) : Tok.getRawIdentifier(),
                Offset, Tok.getLength()},
               Qualifier);
}

namespace {

/// Where Tok begins a directive (after any `#` alone on its line, the null
/// directive): true if it names a header, which goes to OnInclude, or to
/// OnUnnamed where none is named on its line. Otherwise Tok is left on the
/// first token that is code (`#if NAME`, `#define NAME`: the name).
bool readIncludeDirective(llvm::StringRef Text, RawLexer &Raw, clang::Token &Tok,
                          llvm::function_ref<void(const RawInclude &)> OnInclude,
                          llvm::function_ref<void()> OnUnnamed) {
  while (Tok.is(clang::tok::hash) && Tok.isAtStartOfLine()) {
    clang::Token Directive;
    Raw.lexer().LexFromRawLexer(Directive);
    if (!namesHeader(Directive)) {
      Tok = Directive;
      continue;
    }
    bool Named = false;
    readIncludedHeader(Text, Raw.offsetOf(Directive) + Directive.getLength(),
                       [&](const RawInclude &I) {
                         Named = true;
                         OnInclude(I);
                       });
    if (!Named)
      OnUnnamed();
    return true;
  }
  return false;
}

/// scanSource, also telling OnUnnamed of each #include that names no header
/// on its line (a macro's).
void scan(llvm::StringRef Text, unsigned Begin, unsigned End,
          IdentifierCallback OnIdentifier,
          llvm::function_ref<void(const RawInclude &)> OnInclude,
          llvm::function_ref<void()> OnUnnamed) {
  RawLexer Raw(Text, Begin);
  clang::Lexer &L = Raw.lexer();
  auto OffsetOf = [&](const clang::Token &T) { return Raw.offsetOf(T); };

  clang::Token Tok, Prev;
  Prev.startToken();
  // The qualifier written before the current identifier. Without a parse,
  // `ns::name` is told from `return ::name` by the `::` touching the name
  // before it; a qualifier through a template-id cannot be followed.
  std::string Qualifier;
  bool QualifierKnown = true;
  unsigned PrevEnd = 0;
  bool SkipToNextLine = false;
  while (true) {
    L.LexFromRawLexer(Tok);
    if (Tok.is(clang::tok::eof) || OffsetOf(Tok) >= End)
      break;
    if (SkipToNextLine && !Tok.isAtStartOfLine())
      continue;
    SkipToNextLine = false;
    bool IsInclude = readIncludeDirective(Text, Raw, Tok, OnInclude, OnUnnamed);
    if (IsInclude) {
      // The rest of the directive is not code. (Lexer::ReadToEndOfLine
      // would take the next line's first token along outside a directive.)
      SkipToNextLine = true;
      Prev.startToken();
      continue;
    }
    if (Tok.is(clang::tok::eof))
      break;
    if (Tok.is(clang::tok::coloncolon)) {
      if (Prev.is(clang::tok::raw_identifier) && PrevEnd == OffsetOf(Tok))
        Qualifier += (Prev.getRawIdentifier() + "::").str();
      else if (Prev.is(clang::tok::greater))
        QualifierKnown = false;
      else
        Qualifier.clear(); // `::name`: the global scope
    } else {
      if (Prev.isNot(clang::tok::coloncolon)) {
        Qualifier.clear();
        QualifierKnown = true;
      }
      // Members (`x.cudaName`) are the user's, whatever their name.
      if (Tok.is(clang::tok::raw_identifier) && QualifierKnown &&
          !Prev.isOneOf(clang::tok::period, clang::tok::arrow)) {
        reportIdentifier(Tok, OffsetOf(Tok), Qualifier, OnIdentifier);
      }
    }
    PrevEnd = OffsetOf(Tok) + Tok.getLength();
    Prev = Tok;
  }
}

} // namespace

void scanSource(llvm::StringRef Text, unsigned Begin, unsigned End,
                IdentifierCallback OnIdentifier,
                llvm::function_ref<void(const RawInclude &)> OnInclude) {
  scan(Text, Begin, End, OnIdentifier, OnInclude, [] {});
}

void forEachStringLiteral(llvm::StringRef Text,
                          llvm::function_ref<void(unsigned, llvm::StringRef)> Fn) {
  RawLexer Raw(Text, 0);
  clang::Token Tok;
  while (Raw.next(Tok))
    if (clang::tok::isStringLiteral(Tok.getKind()))
      Fn(Raw.offsetOf(Tok), Text.substr(Raw.offsetOf(Tok), Tok.getLength()));
}

void forEachIdentifier(llvm::StringRef Text, unsigned Begin, unsigned End,
                       llvm::function_ref<void(const RawIdentifier &)> Fn) {
  scanSource(
      Text, Begin, End,
      [&](const RawIdentifier &Id, llvm::StringRef Qualifier) {
        if (Qualifier.empty())
          Fn(Id);
      },
      [](const RawInclude &) {});
}

std::vector<RawToken> tokensIn(llvm::StringRef Text, unsigned Begin, unsigned End) {
  RawLexer Raw(Text, Begin);
  std::vector<RawToken> Tokens;
  clang::Token Tok;
  while (Raw.next(Tok) && Raw.offsetOf(Tok) < End)
    Tokens.push_back({Raw.offsetOf(Tok), Text.substr(Raw.offsetOf(Tok), Tok.getLength()),
                      Tok.is(clang::tok::raw_identifier)});
  return Tokens;
}

void forEachInclude(llvm::StringRef Text, unsigned End,
                    llvm::function_ref<void(llvm::StringRef, unsigned, unsigned)> Fn) {
  scanSource(
      Text, 0, End, [](const RawIdentifier &, llvm::StringRef) {},
      [&](const RawInclude &I) { Fn(I.Name, I.Offset, I.Length); });
}

bool forEachIncludedName(llvm::StringRef Text,
                         llvm::function_ref<void(llvm::StringRef)> Fn) {
  bool EveryOneNamed = true;
  scan(
      Text, 0, Text.size(), [](const RawIdentifier &, llvm::StringRef) {},
      [&](const RawInclude &I) { Fn(I.Name); }, [&] { EveryOneNamed = false; });
  return EveryOneNamed;
}

unsigned lineStartOf(llvm::StringRef Text, unsigned Offset) {
  size_t End = Text.take_front(Offset).find_last_of("\r\n");
  // The `\r` of a `\r\n` whose `\n` is at Offset ends no line of its own.
  if (End != llvm::StringRef::npos && Text[End] == '\r' && End + 1 < Text.size() &&
      Text[End + 1] == '\n')
    End = Text.take_front(End).find_last_of("\r\n");
  if (End != llvm::StringRef::npos)
    return unsigned(End + 1);
  // The first line starts past a byte order mark, which must stay first.
  return Text.starts_with(ByteOrderMark) && Offset >= ByteOrderMark.size()
             ? unsigned(ByteOrderMark.size())
             : 0u;
}

llvm::StringRef lineEndingOf(llvm::StringRef Text, unsigned LineStart) {
  size_t End = Text.find_first_of("\r\n", LineStart);
  if (End == llvm::StringRef::npos)
    End = Text.find_first_of("\r\n");
  if (End == llvm::StringRef::npos || Text[End] == '\n')
    return "\n";
  return Text.substr(End, 2) == "\r\n" ? "\r\n" : "\r";
}

/// Whether the conditional open at Offset of Text (past an #ifndef's line)
/// closes with the file's last directive, nothing but comments after it:
/// an include guard's #endif, not that of `#ifndef M / #define M / ...`
/// around a few lines.
static bool closesAtEnd(llvm::StringRef Text, unsigned Offset) {
  RawLexer Raw(Text, Offset);
  clang::Token Tok;
  unsigned Depth = 1, Hash;
  llvm::StringRef Word;
  while (Raw.nextDirective(Tok, Word, Hash)) {
    if (Word == "if" || Word == "ifdef" || Word == "ifndef")
      ++Depth;
    else if (Word == "endif" && --Depth == 0)
      break;
  }
  if (Depth)
    return false;
  // Past the #endif's line: the end of the file, or more of it.
  while (Raw.next(Tok))
    if (Tok.isAtStartOfLine())
      return false;
  return true;
}

unsigned preambleEnd(llvm::StringRef Text) {
  RawLexer Raw(Text, 0);
  clang::Token Tok;
  // The directive on the line of Tok (a `#`), as its words; Tok ends on the
  // first token of the next line.
  auto Directive = [&](std::vector<llvm::StringRef> &Words) {
    Words.clear();
    while (Raw.next(Tok) && !Tok.isAtStartOfLine())
      Words.push_back(Tok.is(clang::tok::raw_identifier) ? Tok.getRawIdentifier()
                                                         : llvm::StringRef());
  };
  if (!Raw.next(Tok))
    return Text.size();
  std::vector<llvm::StringRef> Words;
  unsigned Start = lineStartOf(Text, Raw.offsetOf(Tok));
  while (Tok.is(clang::tok::hash)) {
    Directive(Words);
    bool Once = Words.size() == 2 && Words[0] == "pragma" && Words[1] == "once";
    bool Guard = Words.size() == 2 && Words[0] == "ifndef" && !Words[1].empty();
    if (!Once && !Guard)
      break;
    if (Guard) {
      llvm::StringRef Name = Words[1];
      if (Tok.isNot(clang::tok::hash))
        break;
      Directive(Words);
      if (Words.empty() || Words[0] != "define" || Words.size() < 2 || Words[1] != Name)
        break;
      if (Tok.isNot(clang::tok::eof) && !closesAtEnd(Text, Raw.offsetOf(Tok)))
        break;
    }
    Start = Tok.is(clang::tok::eof) ? unsigned(Text.size())
                                    : lineStartOf(Text, Raw.offsetOf(Tok));
    if (Tok.is(clang::tok::eof))
      break;
  }
  return Start;
}

std::vector<std::pair<unsigned, unsigned>> conditionalBlocks(llvm::StringRef Text) {
  unsigned Content = preambleEnd(Text);
  RawLexer Raw(Text, 0);
  clang::Token Tok;
  std::vector<std::pair<unsigned, unsigned>> Blocks;
  std::vector<bool> Open; // per #if now open: whether it counts (not the guard)
  unsigned Depth = 0, Begin = 0, Hash;
  llvm::StringRef Word;
  while (Raw.nextDirective(Tok, Word, Hash)) {
    if (Word == "if" || Word == "ifdef" || Word == "ifndef") {
      // Only the guard's #ifndef lies before the content preambleEnd finds.
      bool Counts = Hash >= Content;
      Open.push_back(Counts);
      if (Counts && Depth++ == 0)
        Begin = Hash;
    } else if (Word == "endif" && !Open.empty()) {
      if (Open.back() && --Depth == 0)
        Blocks.push_back({Begin, Raw.offsetOf(Tok) + Tok.getLength()});
      Open.pop_back();
    }
  }
  if (Depth)
    Blocks.push_back({Begin, unsigned(Text.size())});
  return Blocks;
}

LineInsertionPoints::LineInsertionPoints(llvm::StringRef Text) : Text(Text) {
  RawLexer Raw(Text, 0);
  Raw.lexer().SetCommentRetentionState(true);
  clang::Token Tok;
  while (Raw.next(Tok)) {
    unsigned Begin = Raw.offsetOf(Tok), End = Begin + Tok.getLength();
    if (Text.slice(Begin, End).find_first_of("\r\n") != llvm::StringRef::npos)
      Spanning.emplace_back(Begin, End);
  }
}

bool LineInsertionPoints::splitsSomething(unsigned LineStart) const {
  if (LineStart == 0)
    return false;
  // The line before ends in a backslash (blanks after it still splice).
  llvm::StringRef Before = Text.take_front(LineStart - 1).rtrim(" \t\r");
  if (Before.ends_with("\\"))
    return true;
  // The last span that begins before the line does.
  auto After = llvm::upper_bound(Spanning, LineStart, [](unsigned At, const auto &Span) {
    return At <= Span.first;
  });
  return After != Spanning.begin() && std::prev(After)->second > LineStart;
}

unsigned LineInsertionPoints::before(unsigned Offset) const {
  unsigned Start = lineStartOf(Text, std::min<size_t>(Offset, Text.size()));
  while (splitsSomething(Start))
    Start = lineStartOf(Text, Start - 1);
  return Start;
}

std::string oneLine(llvm::StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text)
    Out += C == '\n' ? "\\n" : C == '\r' ? "\\r" : C == '\t' ? "\\t" : std::string(1, C);
  return Out;
}

bool isOneParenthesizedGroup(llvm::StringRef Text) {
  if (!Text.starts_with("("))
    return false;
  int Depth = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
    if (Depth == 0)
      return I + 1 == Text.size();
  }
  return false;
}

} // namespace musify
