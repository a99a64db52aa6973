// CMake's grammar (cmake-language(7)): commands, three kinds of argument,
// line and bracket comments; variable references and generator expressions
// inside arguments.
#include "buildfiles/CMakeLexer.h"

#include "llvm/ADT/StringExtras.h"

namespace musify {

namespace {

bool isSpace(char C) { return C == ' ' || C == '\t' || C == '\n' || C == '\r'; }

/// If a bracket `[=*[` opens at Pos: the number of `=`; else -1.
int bracketOpen(llvm::StringRef Text, size_t Pos) {
  if (Pos >= Text.size() || Text[Pos] != '[')
    return -1;
  size_t I = Pos + 1;
  while (I < Text.size() && Text[I] == '=')
    ++I;
  return I < Text.size() && Text[I] == '[' ? int(I - Pos - 1) : -1;
}

/// The end of the bracket text that opens at Pos with Level `=`: one past its
/// `]=*]`, or the end of the text.
size_t bracketEnd(llvm::StringRef Text, size_t Pos, int Level, size_t &ContentEnd) {
  std::string Close = "]" + std::string(Level, '=') + "]";
  size_t Content = Pos + Level + 2;
  size_t At = Text.find(Close, Content);
  if (At == llvm::StringRef::npos) {
    ContentEnd = Text.size();
    return Text.size();
  }
  ContentEnd = At;
  return At + Close.size();
}

/// Skips a comment at Pos (a `#`); returns the position after it.
size_t skipComment(llvm::StringRef Text, size_t Pos) {
  int Level = bracketOpen(Text, Pos + 1);
  if (Level >= 0) {
    size_t Unused;
    return bracketEnd(Text, Pos + 1, Level, Unused);
  }
  size_t NewLine = Text.find('\n', Pos);
  return NewLine == llvm::StringRef::npos ? Text.size() : NewLine;
}

/// The position after the quoted argument whose `"` is at Pos.
size_t quotedEnd(llvm::StringRef Text, size_t Pos) {
  for (size_t I = Pos + 1; I < Text.size(); ++I) {
    if (Text[I] == '\\')
      ++I;
    else if (Text[I] == '"')
      return I + 1;
  }
  return llvm::StringRef::npos;
}

/// The position after the generator expression `$<` at Pos (its `>`), or
/// End if it is not closed before End.
size_t genexEnd(llvm::StringRef Text, size_t Pos, size_t End) {
  int Depth = 0;
  for (size_t I = Pos; I < End; ++I) {
    if (Text[I] == '$' && I + 1 < End && Text[I + 1] == '<') {
      ++Depth;
      ++I;
    } else if (Text[I] == '>' && --Depth == 0) {
      return I + 1;
    }
  }
  return End;
}

/// The position after the unquoted argument that begins at Pos: at the
/// space, parenthesis or comment that ends it, or the end of the text.
size_t unquotedEnd(llvm::StringRef Text, size_t Pos) {
  while (Pos < Text.size()) {
    char C = Text[Pos];
    if (C == '\\') {
      Pos += 2;
    } else if (C == '"') { // legacy: quotes inside an unquoted argument
      size_t End = quotedEnd(Text, Pos);
      Pos = End == llvm::StringRef::npos ? Text.size() : End;
    } else if (isSpace(C) || C == '(' || C == ')' || C == '#') {
      break;
    } else {
      ++Pos;
    }
  }
  return std::min(Pos, Text.size());
}

/// Reads the arguments of Command from Pos, just after its `(`, to the `)`
/// that closes it, and leaves Pos after that. False if the text ends first,
/// or in a quoted argument: what follows is no command.
bool lexArguments(llvm::StringRef Text, size_t &Pos, CMakeCommand &Command) {
  int Depth = 1;
  while (Pos < Text.size()) {
    char C = Text[Pos];
    if (isSpace(C)) {
      ++Pos;
    } else if (C == '#') {
      Pos = skipComment(Text, Pos);
    } else if (C == '(') {
      ++Depth;
      ++Pos;
    } else if (C == ')') {
      if (--Depth == 0) {
        Command.CloseParen = Pos++;
        return true;
      }
      ++Pos;
    } else if (C == '"') {
      size_t End = quotedEnd(Text, Pos);
      if (End == llvm::StringRef::npos)
        return false;
      Command.Arguments.push_back({CMakeArgument::Quoted, unsigned(Pos + 1),
                                   unsigned(End - 1), unsigned(Pos), unsigned(End)});
      Pos = End;
    } else if (int Level = bracketOpen(Text, Pos); Level >= 0) {
      size_t ContentEnd;
      size_t End = bracketEnd(Text, Pos, Level, ContentEnd);
      Command.Arguments.push_back({CMakeArgument::Bracket, unsigned(Pos + Level + 2),
                                   unsigned(ContentEnd), unsigned(Pos), unsigned(End)});
      Pos = End;
    } else {
      size_t Begin = Pos;
      Pos = unquotedEnd(Text, Pos);
      Command.Arguments.push_back({CMakeArgument::Unquoted, unsigned(Begin),
                                   unsigned(Pos), unsigned(Begin), unsigned(Pos)});
    }
  }
  return false;
}

bool isNameChar(char C) {
  return llvm::isAlnum(C) || C == '_' || C == '-' || C == '.' || C == '/' || C == '+';
}

class WordSplitter {
public:
  WordSplitter(llvm::StringRef Text, std::vector<CMakeWord> &Out)
      : Text(Text), Out(Out) {}

  /// Words of [B, E), separated by any of Separators (outside references and
  /// nested generator expressions).
  void split(size_t B, size_t E, llvm::StringRef Separators, llvm::StringRef Head,
             llvm::StringRef Condition, bool WholeCandidate) {
    size_t Start = B;
    auto Flush = [&](size_t End) {
      if (End > Start)
        word(Start, End, Head, Condition, WholeCandidate && Start == B && End == E);
    };
    for (size_t I = B; I < E; ++I) {
      char C = Text[I];
      if (C == '\\') {
        ++I;
      } else if (C == '$' && I + 1 < E && Text[I + 1] == '<') {
        I = genexEnd(Text, I, E) - 1;
      } else if (C == '$' && I + 1 < E && Text[I + 1] == '{') {
        size_t Close = Text.find('}', I);
        I = Close == llvm::StringRef::npos || Close >= E ? E - 1 : Close;
      } else if (Separators.contains(C)) {
        Flush(I);
        Start = I + 1;
      }
    }
    Flush(E);
  }

private:
  void word(size_t B, size_t E, llvm::StringRef Head, llvm::StringRef Condition,
            bool Whole) {
    if (Text.substr(B, 2) == "$<" && genexEnd(Text, B, E) == E) {
      genex(B, E, Condition);
      return;
    }
    CMakeWord W;
    W.Begin = B;
    W.End = E;
    W.WholeArgument = Whole;
    W.GenexHead = Head;
    W.ConditionText = Condition;
    Out.push_back(W);
    // Generator expressions inside a longer word (`-I$<...>`) have words too.
    for (size_t I = B; I < E; ++I)
      if (Text[I] == '$' && I + 1 < E && Text[I + 1] == '<') {
        size_t End = genexEnd(Text, I, E);
        if (I != B || End != E)
          genex(I, End, Condition);
        I = End - 1;
      }
  }

  /// `$<HEAD:ARGS>` over [B, E): HEAD is a name or a condition (itself a
  /// generator expression); ARGS are split at `,` and `;`.
  void genex(size_t B, size_t E, llvm::StringRef Condition) {
    size_t Inner = B + 2, InnerEnd = E - 1;
    if (InnerEnd < Inner || Text[InnerEnd] != '>')
      return;
    size_t Colon = InnerEnd;
    for (size_t I = Inner; I < InnerEnd; ++I) {
      if (Text[I] == '$' && I + 1 < InnerEnd && Text[I + 1] == '<')
        I = genexEnd(Text, I, InnerEnd) - 1;
      else if (Text[I] == ':') {
        Colon = I;
        break;
      }
    }
    llvm::StringRef HeadText = Text.slice(Inner, Colon);
    bool HeadIsCondition = HeadText.starts_with("$<");
    if (HeadIsCondition)
      split(Inner, Colon, "", "", Condition, false);
    if (Colon >= InnerEnd)
      return;
    // A condition's value is one list (its commas are literal); a named
    // expression takes comma-separated parameters.
    split(Colon + 1, InnerEnd, HeadIsCondition ? ";" : ",;",
          HeadIsCondition ? "" : HeadText, HeadIsCondition ? HeadText : Condition, false);
  }

  llvm::StringRef Text;
  std::vector<CMakeWord> &Out;
};

} // namespace

/// Where a whole line may go before the command named at NameBegin: its
/// line's start, or an earlier line's where that start lies inside a comment
/// or a command of Before (a bracket comment ending on the line).
static unsigned lineBeginBefore(llvm::StringRef Text, size_t NameBegin,
                                const CMakeSpans &Before) {
  auto LineStart = [&](size_t At) {
    size_t NewLine = Text.rfind('\n', At);
    return NewLine == llvm::StringRef::npos ? 0u : unsigned(NewLine + 1);
  };
  unsigned Begin = LineStart(NameBegin);
  for (auto It = Before.rbegin(); It != Before.rend() && It->second > Begin; ++It)
    if (It->first < Begin)
      Begin = LineStart(It->first);
  return Begin;
}

std::vector<CMakeCommand> lexCMake(llvm::StringRef Text, CMakeSpans *Comments) {
  std::vector<CMakeCommand> Commands;
  CMakeSpans Spans; // the comments and commands so far, in order
  size_t Pos = 0;
  while (Pos < Text.size()) {
    char C = Text[Pos];
    if (isSpace(C)) {
      ++Pos;
      continue;
    }
    if (C == '#') {
      size_t End = skipComment(Text, Pos);
      Spans.emplace_back(Pos, End);
      if (Comments)
        Comments->emplace_back(Pos, End);
      Pos = End;
      continue;
    }
    if (!llvm::isAlpha(C) && C != '_') {
      ++Pos;
      continue;
    }
    CMakeCommand Command;
    Command.NameBegin = Pos;
    while (Pos < Text.size() && (llvm::isAlnum(Text[Pos]) || Text[Pos] == '_'))
      ++Pos;
    Command.Name = Text.slice(Command.NameBegin, Pos);
    Command.LineBegin = lineBeginBefore(Text, Command.NameBegin, Spans);
    while (Pos < Text.size() && (Text[Pos] == ' ' || Text[Pos] == '\t'))
      ++Pos;
    if (Pos >= Text.size() || Text[Pos] != '(')
      continue;
    ++Pos;
    if (!lexArguments(Text, Pos, Command))
      return Commands;
    Spans.emplace_back(Command.NameBegin, Command.CloseParen + 1);
    Commands.push_back(std::move(Command));
  }
  return Commands;
}

std::vector<CMakeVariableRef> cmakeVariableRefs(llvm::StringRef Text, unsigned Begin,
                                                unsigned End) {
  std::vector<CMakeVariableRef> Refs;
  for (unsigned I = Begin; I < End; ++I) {
    if (Text[I] != '$')
      continue;
    CMakeVariableRef Ref;
    unsigned Open = I + 1;
    llvm::StringRef Rest = Text.slice(Open, End);
    if (Rest.starts_with("{")) {
      Ref.Form = CMakeVariableRef::Normal;
    } else if (Rest.starts_with("ENV{")) {
      Ref.Form = CMakeVariableRef::Env;
      Open += 3;
    } else if (Rest.starts_with("CACHE{")) {
      Ref.Form = CMakeVariableRef::Cache;
      Open += 5;
    } else {
      continue;
    }
    unsigned NameEnd = Open + 1;
    while (NameEnd < End && isNameChar(Text[NameEnd]))
      ++NameEnd;
    if (NameEnd < End && Text[NameEnd] == '}' && NameEnd > Open + 1) {
      Ref.NameBegin = Open + 1;
      Ref.NameEnd = NameEnd;
      Refs.push_back(Ref);
    }
  }
  return Refs;
}

std::vector<CMakeWord> cmakeWords(llvm::StringRef Text, const CMakeArgument &Arg) {
  std::vector<CMakeWord> Words;
  if (Arg.Form == CMakeArgument::Bracket)
    return Words;
  WordSplitter(Text, Words)
      .split(Arg.Begin, Arg.End, " \t\r\n;", "", "", Arg.Form == CMakeArgument::Unquoted);
  return Words;
}

} // namespace musify
