// GNU make's syntax: logical lines (backslash-newline continues a line),
// `#` comments, assignments (= := ::= ?= += !=), rules and their recipes
// (lines that start with a tab), define...endef, conditionals; `$(...)`
// references and function calls inside text.
#include "buildfiles/MakeLexer.h"

#include "llvm/ADT/StringExtras.h"

namespace musify {

namespace {

bool isMakeBlank(char C) { return C == ' ' || C == '\t' || C == '\r'; }

/// The `\n` that ends the logical line starting at Pos (or the end of Text).
size_t logicalEnd(llvm::StringRef Text, size_t Pos) {
  while (true) {
    size_t NewLine = Text.find('\n', Pos);
    if (NewLine == llvm::StringRef::npos)
      return Text.size();
    size_t Backslashes = 0;
    while (NewLine > Backslashes && Text[NewLine - 1 - Backslashes] == '\\')
      ++Backslashes;
    if (Backslashes % 2 == 0)
      return NewLine;
    Pos = NewLine + 1;
  }
}

/// Skips blanks and line continuations from Pos.
size_t skipBlanks(llvm::StringRef Text, size_t Pos, size_t End) {
  while (Pos < End) {
    if (isMakeBlank(Text[Pos]) || Text[Pos] == '\n')
      ++Pos;
    else if (Text[Pos] == '\\' && Pos + 1 < End && Text[Pos + 1] == '\n')
      Pos += 2;
    else
      break;
  }
  return Pos;
}

/// The position of the `)` or `}` that closes the reference opened at Open.
size_t closeOf(llvm::StringRef Text, size_t Open, size_t End) {
  char O = Text[Open], C = O == '(' ? ')' : '}';
  int Depth = 0;
  for (size_t I = Open; I < End; ++I) {
    if (Text[I] == O)
      ++Depth;
    else if (Text[I] == C && --Depth == 0)
      return I;
  }
  return End;
}

/// Where a make comment starts in [B, E) (an unescaped `#`), or E.
size_t makeCommentStart(llvm::StringRef Text, size_t B, size_t E) {
  for (size_t I = B; I < E; ++I) {
    if (Text[I] == '\\')
      ++I;
    else if (Text[I] == '#')
      return I;
  }
  return E;
}

/// Where a shell comment starts in the recipe text [B, E): a `#` that begins
/// a word outside quotes.
size_t shellCommentStart(llvm::StringRef Text, size_t B, size_t E) {
  char Quote = 0;
  for (size_t I = B; I < E; ++I) {
    char C = Text[I];
    if (Quote) {
      if (C == '\\' && Quote == '"')
        ++I;
      else if (C == Quote)
        Quote = 0;
    } else if (C == '\\') {
      ++I;
    } else if (C == '\'' || C == '"') {
      Quote = C;
    } else if (C == '$' && I + 1 < E && (Text[I + 1] == '(' || Text[I + 1] == '{')) {
      I = closeOf(Text, I + 1, E);
    } else if (C == '#' && (I == B || isMakeBlank(Text[I - 1]) || Text[I - 1] == '\n')) {
      return I;
    }
  }
  return E;
}

/// The first `=`-operator or `:` of [B, E) outside references: its position
/// and the operator's length (0 for a rule's `:`). Returns E if none.
struct Operator {
  size_t At; ///< where the operator starts
  size_t Length = 0;
  bool Rule = false; ///< a rule's `:` (or `::`)
};
Operator findOperator(llvm::StringRef Text, size_t B, size_t E, bool RuleColons) {
  for (size_t I = B; I < E; ++I) {
    char C = Text[I];
    if (C == '$' && I + 1 < E && (Text[I + 1] == '(' || Text[I + 1] == '{')) {
      I = closeOf(Text, I + 1, E);
      continue;
    }
    if (C == '=') {
      if (I > B && (Text[I - 1] == '?' || Text[I - 1] == '+' || Text[I - 1] == '!'))
        return {I - 1, 2};
      return {I, 1};
    }
    if (C == ':') {
      llvm::StringRef Rest = Text.slice(I, E);
      for (llvm::StringRef Op : {":::=", "::=", ":="})
        if (Rest.starts_with(Op))
          return {I, Op.size()};
      if (RuleColons)
        return {I, Rest.starts_with("::") ? 2u : 1u, true};
    }
  }
  return {E};
}

llvm::StringRef firstWord(llvm::StringRef Text, size_t B, size_t E, size_t &After) {
  size_t End = B;
  while (End < E && !isMakeBlank(Text[End]) && Text[End] != '\n' && Text[End] != '\\')
    ++End;
  After = skipBlanks(Text, End, E);
  return Text.slice(B, End);
}

class Lexer {
public:
  explicit Lexer(llvm::StringRef Text) : Text(Text) {}

  std::vector<MakePiece> run() {
    size_t Pos = 0;
    while (Pos < Text.size()) {
      size_t LineBegin = Pos, End = logicalEnd(Text, Pos);
      Pos = End + 1;
      if (InDefine) {
        defineLine(LineBegin, End);
      } else if (InRule && LineBegin < End && Text[LineBegin] == '\t') {
        size_t B = LineBegin + 1;
        push(MakeRole::Shell, B, shellCommentStart(Text, B, End));
      } else {
        line(LineBegin, End);
      }
    }
    return Pieces;
  }

private:
  /// A line of a define's body, shell text of the variable defined, or the
  /// `endef` that ends it.
  void defineLine(size_t LineBegin, size_t End) {
    size_t After;
    llvm::StringRef Word = firstWord(Text, skipBlanks(Text, LineBegin, End), End, After);
    if (Word == "endef") {
      InDefine = false;
      return;
    }
    size_t B = LineBegin < End && Text[LineBegin] == '\t' ? LineBegin + 1 : LineBegin;
    Pieces.push_back({MakeRole::Shell, unsigned(B),
                      unsigned(shellCommentStart(Text, B, End)), DefineName,
                      DefineNameEnd});
  }

  /// A line outside recipes and define bodies: a directive, an assignment,
  /// a rule or plain words.
  void line(size_t LineBegin, size_t End) {
    size_t E = makeCommentStart(Text, LineBegin, End);
    size_t B = skipBlanks(Text, LineBegin, E);
    while (E > B && isMakeBlank(Text[E - 1]))
      --E;
    if (B >= E)
      return;

    size_t After;
    llvm::StringRef Word = firstWord(Text, B, E, After);
    // `export`, `override`, `private` qualify an assignment that follows;
    // alone, `export NAME...` names variables.
    while (Word == "export" || Word == "override" || Word == "private" ||
           Word == "unexport") {
      if (findOperator(Text, After, E, false).At == E) {
        push(MakeRole::Names, After, E);
        return;
      }
      B = After;
      Word = firstWord(Text, B, E, After);
    }
    if (Word.empty() || directive(Word, After, E))
      return;

    Operator Op = findOperator(Text, B, E, true);
    if (Op.At == E) {
      push(MakeRole::Words, B, E);
    } else if (!Op.Rule) {
      assignment(B, Op, E);
      InRule = false;
    } else {
      rule(B, Op, E);
    }
  }

  /// A conditional, include, vpath or define line, whose first word is Word
  /// and whose rest begins at After; false if the line is none of them.
  bool directive(llvm::StringRef Word, size_t After, size_t E) {
    if (Word == "ifdef" || Word == "ifndef" || Word == "undefine") {
      push(MakeRole::Names, After, E);
      return true;
    }
    if (Word == "ifeq" || Word == "ifneq" || Word == "else" || Word == "endif" ||
        Word == "include" || Word == "-include" || Word == "sinclude" ||
        Word == "vpath") {
      push(MakeRole::Words, After, E);
      return true;
    }
    if (Word != "define")
      return false;
    size_t NameEnd = After;
    while (NameEnd < E && !isMakeBlank(Text[NameEnd]) && Text[NameEnd] != '=' &&
           Text[NameEnd] != ':' && Text[NameEnd] != '?' && Text[NameEnd] != '+' &&
           Text[NameEnd] != '!')
      ++NameEnd;
    InDefine = true;
    DefineName = After;
    DefineNameEnd = NameEnd;
    return true;
  }

  /// A rule: targets, then a target-specific assignment or prerequisites
  /// and an optional recipe after `;`.
  void rule(size_t B, Operator Op, size_t E) {
    InRule = true;
    push(MakeRole::Words, B, Op.At);
    size_t Rest = Op.At + Op.Length;
    Operator Inner = findOperator(Text, Rest, E, false);
    size_t Semicolon = Text.find(';', Rest);
    if (Semicolon >= E)
      Semicolon = E;
    if (Inner.At < Semicolon) {
      assignment(skipBlanks(Text, Rest, E), Inner, E);
      return;
    }
    push(MakeRole::Words, Rest, Semicolon);
    if (Semicolon < E)
      push(MakeRole::Shell, Semicolon + 1, E);
  }

  void push(MakeRole Role, size_t B, size_t E) {
    if (B < E)
      Pieces.push_back({Role, unsigned(B), unsigned(E), 0, 0});
  }

  void assignment(size_t B, Operator Op, size_t E) {
    size_t NameEnd = Op.At;
    while (NameEnd > B && isMakeBlank(Text[NameEnd - 1]))
      --NameEnd;
    size_t Value = skipBlanks(Text, Op.At + Op.Length, E);
    Pieces.push_back(
        {MakeRole::Value, unsigned(Value), unsigned(E), unsigned(B), unsigned(NameEnd)});
  }

  llvm::StringRef Text;
  std::vector<MakePiece> Pieces;
  /// After a rule's line: lines that start with a tab are its recipe.
  bool InRule = false;
  /// Inside define...endef, of the variable [DefineName, DefineNameEnd).
  bool InDefine = false;
  unsigned DefineName = 0, DefineNameEnd = 0;
};

class WordScanner {
public:
  WordScanner(llvm::StringRef Text, MakeWords &Out) : Text(Text), Out(Out) {}

  /// Blank-separated words of [B, E); Top: words of the text itself, else of
  /// a function argument.
  void words(size_t B, size_t E, bool Top) {
    size_t I = skipBlanks(Text, B, E);
    while (I < E) {
      size_t Start = I;
      // Where a quote the word starts with ends: scanned once, as what is
      // inside nests (quotes in function arguments in quotes...).
      size_t FirstQuoteEnd = 0;
      while (I < E && !isMakeBlank(Text[I]) && Text[I] != '\n' &&
             !(Text[I] == '\\' && I + 1 < E && Text[I + 1] == '\n')) {
        char C = Text[I];
        if (C == '$') {
          I = dollar(I, E);
        } else if (C == '\'' || C == '"') {
          size_t After = quoted(I, E);
          if (I == Start)
            FirstQuoteEnd = After;
          I = After;
        } else if (C == '\\') {
          I += 2;
        } else {
          ++I;
        }
      }
      I = std::min(I, E);
      BuildWord W = BuildWord::plain(Start, I);
      char First = Text[Start];
      if ((First == '"' || First == '\'') && I - Start >= 2 && Text[I - 1] == First &&
          FirstQuoteEnd == I) {
        W.Begin = Start + 1;
        W.End = I - 1;
      }
      (Top ? Out.TopLevel : Out.Inner).push_back(W);
      I = skipBlanks(Text, I, E);
    }
  }

private:
  /// The end of the quoted text at Pos; references inside double quotes are
  /// still make's.
  size_t quoted(size_t Pos, size_t E) {
    char Q = Text[Pos];
    for (size_t I = Pos + 1; I < E; ++I) {
      if (Text[I] == Q)
        return I + 1;
      if (Q == '"' && Text[I] == '\\')
        ++I;
      else if (Text[I] == '$')
        I = dollar(I, E) - 1;
    }
    return E;
  }

  /// A `$` at Pos: records what it references; returns the position after.
  size_t dollar(size_t Pos, size_t E) {
    if (Pos + 1 >= E)
      return E;
    char Next = Text[Pos + 1];
    if (Next == '$')
      return shellVariable(Pos, E);
    if (Next != '(' && Next != '{')
      return Pos + 2; // $@, $<, $^ and the other automatic variables
    size_t Close = closeOf(Text, Pos + 1, E);
    char CloseChar = Next == '(' ? ')' : '}';
    size_t NameBegin = Pos + 2, NameEnd = NameBegin;
    while (NameEnd < Close && !isMakeBlank(Text[NameEnd]) && Text[NameEnd] != ':' &&
           Text[NameEnd] != '$' && Text[NameEnd] != CloseChar && Text[NameEnd] != '\n')
      ++NameEnd;
    size_t End = std::min(Close + 1, E);
    if (NameEnd < Close && Text[NameEnd] == '$') {
      // A computed name ($($(X)_FLAGS)): only the references inside count.
      words(NameBegin, Close, false);
      return End;
    }
    if (NameEnd == Close) {
      if (NameEnd > NameBegin)
        Out.Refs.push_back({unsigned(NameBegin), unsigned(NameEnd), unsigned(Pos),
                            unsigned(End), false});
      return End;
    }
    if (Text[NameEnd] == ':') {
      // $(VAR:from=to): the patterns are words of their own.
      Out.Refs.push_back(
          {unsigned(NameBegin), unsigned(NameEnd), unsigned(Pos), unsigned(End), false});
      substitutionPatterns(NameEnd + 1, Close);
      return End;
    }
    functionCall(NameBegin, NameEnd, Close);
    return End;
  }

  /// `$$` at Pos: a shell variable of a recipe, $$NAME or $${NAME}, or a
  /// plain `$` for the shell. Returns the position after.
  size_t shellVariable(size_t Pos, size_t E) {
    size_t B = Pos + 2;
    bool Braced = B < E && Text[B] == '{';
    if (Braced)
      ++B;
    size_t N = B;
    while (N < E && (llvm::isAlnum(Text[N]) || Text[N] == '_'))
      ++N;
    if (N > B && !llvm::isDigit(Text[B]) && (!Braced || (N < E && Text[N] == '}'))) {
      Out.Refs.push_back(
          {unsigned(B), unsigned(N), unsigned(Pos), unsigned(Braced ? N + 1 : N), true});
      return Braced ? N + 1 : N;
    }
    return Pos + 2;
  }

  /// The `from=to` of a substitution reference, [B, Close).
  void substitutionPatterns(size_t B, size_t Close) {
    size_t Eq = Text.find('=', B);
    if (Eq == llvm::StringRef::npos || Eq > Close)
      Eq = Close;
    words(B, Eq, false);
    if (Eq < Close)
      words(Eq + 1, Close, false);
  }

  /// A function call `$(name args)`: its comma-separated arguments, up to
  /// Close.
  void functionCall(size_t NameBegin, size_t NameEnd, size_t Close) {
    llvm::StringRef Function = Text.slice(NameBegin, NameEnd);
    size_t Arg = skipBlanks(Text, NameEnd, Close);
    if (Function == "shell")
      Out.ShellTexts.push_back({unsigned(Arg), unsigned(Close)});
    else if (Function == "info" || Function == "warning" || Function == "error")
      Out.MessageTexts.push_back({unsigned(Arg), unsigned(Close)});
    int Depth = 0;
    for (size_t I = Arg; I < Close; ++I) {
      if (Text[I] == '(' || Text[I] == '{')
        ++Depth;
      else if (Text[I] == ')' || Text[I] == '}')
        --Depth;
      else if (Text[I] == ',' && Depth == 0) {
        words(Arg, I, false);
        Arg = I + 1;
      }
    }
    words(Arg, Close, false);
  }

  llvm::StringRef Text;
  MakeWords &Out;
};

} // namespace

std::vector<MakePiece> lexMakefile(llvm::StringRef Text) { return Lexer(Text).run(); }

MakeWords makeWords(llvm::StringRef Text, unsigned Begin, unsigned End) {
  MakeWords Out;
  WordScanner(Text, Out).words(Begin, End, true);
  return Out;
}

} // namespace musify
