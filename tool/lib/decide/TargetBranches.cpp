// Which preprocessor branches the target's compiler takes, from the text.
#include "decide/TargetBranches.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <cctype>
#include <utility>
#include <vector>

namespace musify {

namespace {

using Value = std::optional<long long>;

/// An `#if` expression, read by precedence climbing. Unknown operands make
/// the result unknown, unless an operator's known side decides it alone
/// (`0 && X`, `1 || X`).
class ConditionReader {
public:
  ConditionReader(llvm::StringRef Text, const TargetMacros &Macros)
      : Text(Text), Macros(Macros) {}

  Value read() {
    Value V = conditional();
    skipBlanks();
    return Failed || Pos != Text.size() ? std::nullopt : V;
  }

private:
  llvm::StringRef Text;
  const TargetMacros &Macros;
  size_t Pos = 0;
  bool Failed = false;

  void skipBlanks() {
    while (Pos < Text.size() && std::isspace(static_cast<unsigned char>(Text[Pos])))
      ++Pos;
  }
  bool take(llvm::StringRef Op) {
    skipBlanks();
    if (!Text.substr(Pos).starts_with(Op))
      return false;
    Pos += Op.size();
    return true;
  }
  /// Op, but not the start of a longer operator (`<` of `<=` or `<<`).
  bool takeOnly(llvm::StringRef Op, llvm::StringRef NotBefore) {
    skipBlanks();
    if (!Text.substr(Pos).starts_with(Op))
      return false;
    if (Pos + Op.size() < Text.size() && NotBefore.contains(Text[Pos + Op.size()]))
      return false;
    Pos += Op.size();
    return true;
  }
  llvm::StringRef identifier() {
    skipBlanks();
    size_t Start = Pos;
    while (Pos < Text.size() &&
           (std::isalnum(static_cast<unsigned char>(Text[Pos])) || Text[Pos] == '_'))
      ++Pos;
    return Text.slice(Start, Pos);
  }

  Value conditional() {
    Value C = binary(0);
    if (!take("?"))
      return C;
    Value Then = conditional();
    if (!take(":")) {
      Failed = true;
      return std::nullopt;
    }
    Value Else = conditional();
    if (!C)
      return Then && Else && *Then == *Else ? Then : std::nullopt;
    return *C ? Then : Else;
  }

  /// Binary operators from the loosest (||) to the tightest (* / %).
  Value binary(int Level) {
    static const std::vector<std::vector<const char *>> Levels = {{"||"},
                                                                  {"&&"},
                                                                  {"|"},
                                                                  {"^"},
                                                                  {"&"},
                                                                  {"==", "!="},
                                                                  {"<=", ">=", "<", ">"},
                                                                  {"<<", ">>"},
                                                                  {"+", "-"},
                                                                  {"*", "/", "%"}};
    if (Level == static_cast<int>(Levels.size()))
      return unary();
    Value Left = binary(Level + 1);
    for (;;) {
      const char *Found = nullptr;
      for (const char *Op : Levels[Level]) {
        llvm::StringRef O(Op);
        // `|` is not `||`, `&` not `&&`, `<` not `<<` or `<=`.
        llvm::StringRef NotBefore = O == "|"   ? "|"
                                    : O == "&" ? "&"
                                    : O == "<" ? "<="
                                    : O == ">" ? ">="
                                               : "";
        if (takeOnly(O, NotBefore)) {
          Found = Op;
          break;
        }
      }
      if (!Found || Failed)
        return Left;
      Value Right = binary(Level + 1);
      Left = apply(Found, Left, Right);
    }
  }

  static Value apply(llvm::StringRef Op, Value L, Value R) {
    if (Op == "&&") {
      if ((L && !*L) || (R && !*R))
        return 0;
      return L && R ? Value(1) : std::nullopt;
    }
    if (Op == "||") {
      if ((L && *L) || (R && *R))
        return 1;
      return L && R ? Value(0) : std::nullopt;
    }
    if (!L || !R)
      return std::nullopt;
    long long A = *L, B = *R;
    if (Op == "|")
      return A | B;
    if (Op == "^")
      return A ^ B;
    if (Op == "&")
      return A & B;
    if (Op == "==")
      return A == B;
    if (Op == "!=")
      return A != B;
    if (Op == "<=")
      return A <= B;
    if (Op == ">=")
      return A >= B;
    if (Op == "<")
      return A < B;
    if (Op == ">")
      return A > B;
    if (Op == "<<")
      return B >= 0 && B < 63 ? Value(A << B) : std::nullopt;
    if (Op == ">>")
      return B >= 0 && B < 63 ? Value(A >> B) : std::nullopt;
    if (Op == "+")
      return A + B;
    if (Op == "-")
      return A - B;
    if (Op == "*")
      return A * B;
    if (B == 0)
      return std::nullopt;
    return Op == "/" ? A / B : A % B;
  }

  Value unary() {
    if (takeOnly("!", "="))
      return notOf(unary());
    if (take("~")) {
      Value V = unary();
      return V ? Value(~*V) : std::nullopt;
    }
    if (take("-")) {
      Value V = unary();
      return V ? Value(-*V) : std::nullopt;
    }
    if (take("+"))
      return unary();
    return primary();
  }

  static Value notOf(Value V) { return V ? Value(!*V) : std::nullopt; }

  Value primary() {
    if (take("(")) {
      Value V = conditional();
      if (!take(")"))
        Failed = true;
      return V;
    }
    skipBlanks();
    if (Pos < Text.size() && std::isdigit(static_cast<unsigned char>(Text[Pos])))
      return number();
    llvm::StringRef Name = identifier();
    if (Name.empty()) {
      Failed = true;
      return std::nullopt;
    }
    if (Name == "defined") {
      bool Parenthesised = take("(");
      llvm::StringRef Tested = identifier();
      if (Tested.empty() || (Parenthesised && !take(")"))) {
        Failed = true;
        return std::nullopt;
      }
      return Macros.IsUndefined(Tested) ? Value(0) : std::nullopt;
    }
    // A function-like macro or __has_include(...): its arguments are skipped.
    skipBlanks();
    if (Pos < Text.size() && Text[Pos] == '(') {
      int Depth = 0;
      for (; Pos < Text.size(); ++Pos) {
        Depth += Text[Pos] == '(';
        if (Text[Pos] == ')' && --Depth == 0) {
          ++Pos;
          break;
        }
      }
      return std::nullopt;
    }
    if (std::optional<bool> Compared = comparison(Name))
      return *Compared;
    return Macros.IsUndefined(Name) ? Value(0) : std::nullopt;
  }

  /// `NAME OP NUMBER` that the target's translation decides, consumed.
  std::optional<bool> comparison(llvm::StringRef Name) {
    size_t Before = Pos;
    for (llvm::StringRef Op : {"<=", ">=", "==", "!=", "<", ">"}) {
      if (!takeOnly(Op, Op.size() == 1 ? "<>=" : ""))
        continue;
      skipBlanks();
      if (Pos < Text.size() && std::isdigit(static_cast<unsigned char>(Text[Pos])))
        if (Value N = number())
          if (std::optional<bool> Truth = Macros.Compare(Name, Op, *N)) {
            // Only a comparison that ends there: `X >= 600 + 1` is read in full.
            skipBlanks();
            if (Pos == Text.size() || llvm::StringRef("&|)?:").contains(Text[Pos]))
              return Truth;
          }
      break;
    }
    Pos = Before;
    return std::nullopt;
  }

  Value number() {
    size_t Start = Pos;
    while (Pos < Text.size() &&
           (std::isalnum(static_cast<unsigned char>(Text[Pos])) || Text[Pos] == '\''))
      ++Pos;
    std::string Digits = Text.slice(Start, Pos).str();
    llvm::erase(Digits, '\'');
    while (!Digits.empty() && llvm::StringRef("uUlL").contains(Digits.back()))
      Digits.pop_back();
    unsigned long long V = 0;
    if (llvm::StringRef(Digits).getAsInteger(0, V))
      return std::nullopt;
    return static_cast<long long>(V);
  }
};

/// One `#if` ... `#endif` group open at the place read so far.
struct OpenGroup {
  bool Skipped = false;      ///< the branch read now is never compiled
  std::string SkippedBy;     ///< the directive that says so
  bool EarlierTrue = false;  ///< an earlier branch is compiled whenever reached
  std::string EarlierTrueAt; ///< its directive
};

/// A directive's text with comments replaced by a blank.
std::string withoutComments(llvm::StringRef Line) {
  std::string Out;
  for (size_t I = 0; I < Line.size(); ++I) {
    if (Line.substr(I).starts_with("//"))
      break;
    if (Line.substr(I).starts_with("/*")) {
      size_t End = Line.find("*/", I + 2);
      I = End == llvm::StringRef::npos ? Line.size() : End + 1;
      Out += ' ';
      continue;
    }
    Out += Line[I];
  }
  return Out;
}

/// The logical line that starts at Pos (continuation lines joined), and the
/// offset after it.
std::pair<std::string, size_t> logicalLine(llvm::StringRef Text, size_t Pos) {
  std::string Line;
  size_t End = Pos;
  for (;;) {
    size_t NewLine = Text.find('\n', End);
    if (NewLine == llvm::StringRef::npos)
      NewLine = Text.size();
    llvm::StringRef Piece = Text.slice(End, NewLine).rtrim("\r");
    End = NewLine + 1;
    if (!Piece.ends_with("\\") || End >= Text.size())
      return {Line + Piece.str(), End};
    Line += Piece.drop_back().str();
  }
}

} // namespace

std::optional<long long> evaluateOnTarget(llvm::StringRef Expression,
                                          const TargetMacros &Macros) {
  return ConditionReader(Expression, Macros).read();
}

std::optional<std::string> branchTargetSkips(llvm::StringRef Text, unsigned Offset,
                                             const TargetMacros &Macros) {
  std::vector<OpenGroup> Groups;
  size_t Pos = 0;
  while (Pos < Offset && Pos < Text.size()) {
    auto [Line, End] = logicalLine(Text, Pos);
    // The line Offset is on: a directive there is no branch Offset is in.
    if (Offset < End)
      break;
    Pos = End;
    llvm::StringRef Directive = llvm::StringRef(Line).ltrim();
    if (!Directive.consume_front("#"))
      continue;
    std::string Clean = withoutComments(Directive);
    llvm::StringRef Rest = llvm::StringRef(Clean).ltrim();
    llvm::StringRef Keyword = Rest.take_while(
        [](char C) { return std::isalpha(static_cast<unsigned char>(C)); });
    llvm::StringRef Condition = Rest.drop_front(Keyword.size()).trim();
    std::string Written = ("#" + Directive.trim()).str();
    auto Evaluate = [&]() -> Value {
      if (Keyword == "ifdef" || Keyword == "elifdef")
        return Macros.IsUndefined(Condition) ? Value(0) : std::nullopt;
      if (Keyword == "ifndef" || Keyword == "elifndef")
        return Macros.IsUndefined(Condition) ? Value(1) : std::nullopt;
      return evaluateOnTarget(Condition, Macros);
    };
    if (Keyword == "if" || Keyword == "ifdef" || Keyword == "ifndef") {
      Value V = Evaluate();
      OpenGroup G;
      G.Skipped = V && !*V;
      G.SkippedBy = Written;
      G.EarlierTrue = V && *V;
      G.EarlierTrueAt = Written;
      Groups.push_back(std::move(G));
    } else if (Keyword == "elif" || Keyword == "elifdef" || Keyword == "elifndef") {
      if (Groups.empty())
        return std::nullopt;
      OpenGroup &G = Groups.back();
      Value V = Evaluate();
      G.Skipped = G.EarlierTrue || (V && !*V);
      G.SkippedBy = G.EarlierTrue ? G.EarlierTrueAt : Written;
      if (!G.EarlierTrue && V && *V) {
        G.EarlierTrue = true;
        G.EarlierTrueAt = Written;
      }
    } else if (Keyword == "else") {
      if (Groups.empty())
        return std::nullopt;
      OpenGroup &G = Groups.back();
      G.Skipped = G.EarlierTrue;
      G.SkippedBy = G.EarlierTrueAt;
    } else if (Keyword == "endif") {
      if (Groups.empty())
        return std::nullopt;
      Groups.pop_back();
    }
  }
  for (const OpenGroup &G : Groups)
    if (G.Skipped)
      return G.SkippedBy;
  return std::nullopt;
}

} // namespace musify
