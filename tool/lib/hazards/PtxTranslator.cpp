// Inline PTX to C++: the `asm` statement's reader, PTX's lexer and the
// rewriting of each instruction by the target's table.
#include "hazards/PtxTranslator.h"
#include "core/SourceText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <map>

namespace musify {
namespace {

// --- The statement as written -------------------------------------------

/// Reads an `asm` statement's text: its literals, operands and clobbers.
class AsmReader {
public:
  explicit AsmReader(llvm::StringRef Text) : T(Text) {}

  void skipSpace() {
    while (I < T.size()) {
      if (llvm::isSpace(T[I]))
        ++I;
      else if (T.substr(I).starts_with("//"))
        I = std::min(T.find('\n', I), T.size());
      else if (T.substr(I).starts_with("/*")) {
        size_t E = T.find("*/", I + 2);
        I = E == llvm::StringRef::npos ? T.size() : E + 2;
      } else
        return;
    }
  }
  bool take(char C) {
    skipSpace();
    if (I < T.size() && T[I] == C)
      return ++I, true;
    return false;
  }
  bool atEnd() {
    skipSpace();
    return I >= T.size();
  }
  llvm::StringRef word() {
    skipSpace();
    size_t B = I;
    while (I < T.size() && (llvm::isAlnum(T[I]) || T[I] == '_'))
      ++I;
    return T.slice(B, I);
  }
  /// One or more adjacent plain string literals, joined and unescaped.
  bool strings(std::string &Out) {
    bool Any = false;
    while (take('"')) {
      Any = true;
      while (I < T.size() && T[I] != '"') {
        char C = T[I++];
        if (C == '\n')
          return false;
        if (C != '\\') {
          Out += C;
          continue;
        }
        if (I >= T.size())
          return false;
        char E = T[I++];
        static const char Escapes[] = "n\nt\tr\r\\\\\"\"''0\0";
        const char *At = nullptr;
        for (size_t K = 0; K + 1 < sizeof(Escapes); K += 2)
          if (Escapes[K] == E)
            At = &Escapes[K + 1];
        if (!At)
          return false;
        Out += *At;
      }
      if (I >= T.size())
        return false;
      ++I;
    }
    return Any;
  }
  /// After `(`: the text up to its `)`, which is consumed.
  bool balanced(std::string &Out) {
    size_t B = I;
    int Depth = 1;
    while (I < T.size()) {
      char C = T[I];
      if (C == '"' || C == '\'') {
        size_t E = I + 1;
        while (E < T.size() && T[E] != C)
          E += T[E] == '\\' ? 2 : 1;
        I = E + 1;
        continue;
      }
      ++I;
      if (C == '(' || C == '[' || C == '{')
        ++Depth;
      else if ((C == ')' || C == ']' || C == '}') && --Depth == 0) {
        Out = T.slice(B, I - 1).trim().str();
        return !Out.empty();
      }
    }
    return false;
  }
  bool operands(std::vector<AsmOperand> &Out) {
    skipSpace();
    if (I < T.size() && (T[I] == ':' || T[I] == ')'))
      return true;
    do {
      AsmOperand Op;
      if (take('[')) {
        Op.Name = word().str();
        if (!take(']'))
          return false;
      }
      if (!strings(Op.Constraint) || !take('(') || !balanced(Op.Expr))
        return false;
      Out.push_back(std::move(Op));
    } while (take(','));
    return true;
  }
  bool clobbers() {
    skipSpace();
    if (I < T.size() && T[I] == ')')
      return true;
    do {
      std::string Ignored;
      if (!strings(Ignored))
        return false;
    } while (take(','));
    return true;
  }

private:
  llvm::StringRef T;
  size_t I = 0;
};

// --- PTX's tokens and operands ----------------------------------------

struct Token {
  enum Kind { Word, Operand, Register, Punct } K;
  std::string Text; ///< Register: with its `%`
  unsigned Index = 0;
};

bool isWordChar(char C) {
  return llvm::isAlnum(C) || C == '_' || C == '.' || C == '$' || C == ':';
}

/// After a `%` at I of S's template: the operand or register it names, with I
/// moved past it; false, and Why, where it names none.
bool percentToken(const AsmStatement &S, size_t &I, std::vector<Token> &Out,
                  std::string &Why) {
  llvm::StringRef T = S.Template;
  size_t Operands = S.Outputs.size() + S.Inputs.size();
  if (S.Extended && I < T.size() && llvm::isDigit(T[I])) {
    size_t B = I;
    while (I < T.size() && llvm::isDigit(T[I]))
      ++I;
    unsigned N = 0;
    if (T.slice(B, I).getAsInteger(10, N) || N >= Operands)
      return Why = "it names operand %" + T.slice(B, I).str() + ", which it lacks", false;
    Out.push_back({Token::Operand, "", N});
    return true;
  }
  if (S.Extended && I < T.size() && T[I] == '[') {
    size_t E = T.find(']', I);
    llvm::StringRef Name = T.slice(I + 1, E);
    I = E == llvm::StringRef::npos ? T.size() : E + 1;
    unsigned N = 0;
    for (const auto *List : {&S.Outputs, &S.Inputs})
      for (const AsmOperand &Op : *List) {
        if (Op.Name == Name && !Name.empty())
          break;
        ++N;
      }
    if (N >= Operands)
      return Why = "it names operand %[" + Name.str() + "], which it lacks", false;
    Out.push_back({Token::Operand, "", N});
    return true;
  }
  // `%%name` in extended asm, `%name` in basic asm: a register.
  if (S.Extended && (I >= T.size() || T[I] != '%'))
    return Why = "its template has a '%' that names no operand", false;
  I += S.Extended;
  size_t B = I;
  while (I < T.size() && isWordChar(T[I]))
    ++I;
  Out.push_back({Token::Register, "%" + T.slice(B, I).str()});
  return true;
}

/// The template's tokens; false, and Why, on text PTX does not hold.
bool tokenize(const AsmStatement &S, std::vector<Token> &Out, std::string &Why) {
  llvm::StringRef T = S.Template;
  for (size_t I = 0; I < T.size();) {
    char C = T[I];
    if (llvm::isSpace(C)) {
      ++I;
    } else if (T.substr(I).starts_with("//")) {
      I = std::min(T.find('\n', I), T.size());
    } else if (T.substr(I).starts_with("/*")) {
      size_t E = T.find("*/", I + 2);
      I = E == llvm::StringRef::npos ? T.size() : E + 2;
    } else if (C == '%') {
      if (!percentToken(S, ++I, Out, Why))
        return false;
    } else if (isWordChar(C)) {
      size_t B = I;
      while (I < T.size() && isWordChar(T[I]))
        ++I;
      Out.push_back({Token::Word, T.slice(B, I).str()});
    } else if (llvm::StringRef("{};,[]+-@!<>|").contains(C)) {
      Out.push_back({Token::Punct, std::string(1, C)});
      ++I;
    } else {
      return Why = std::string("its template holds '") + C + "', which PTX does not",
             false;
    }
  }
  return true;
}

/// An instruction's operand as written.
struct PtxOperand {
  enum Kind { AsmOperand, Name, Immediate, Address, Vector, Sink } K = Name;
  unsigned Index = 0; ///< AsmOperand
  std::string Text;   ///< Name (with `%` if written so), Immediate, Address's offset
  std::vector<PtxOperand> Parts; ///< Address: its base; Vector: its elements
};

struct PtxInstructionUse {
  std::string Predicate; ///< the predicate register, "" if none
  bool Negated = false;
  std::string Opcode;
  std::vector<PtxOperand> Operands;
};

/// One piece of the template: an instruction, a declaration, or a brace.
struct PtxPiece {
  enum Kind { Instruction, Declaration, Open, Close } K = Instruction;
  PtxInstructionUse Use;
  std::string Type;               ///< Declaration
  std::vector<std::string> Names; ///< Declaration
};

class PtxParser {
public:
  PtxParser(const std::vector<Token> &Tokens, std::string &Why) : Ts(Tokens), Why(Why) {}

  bool parse(std::vector<PtxPiece> &Out) {
    int Depth = 0;
    while (I < Ts.size()) {
      if (punct(";"))
        continue;
      if (punct("{")) {
        ++Depth;
        Out.push_back({PtxPiece::Open, {}, {}, {}});
        continue;
      }
      if (punct("}")) {
        if (--Depth < 0)
          return fail("its braces do not balance");
        Out.push_back({PtxPiece::Close, {}, {}, {}});
        continue;
      }
      PtxPiece P;
      if (!piece(P))
        return false;
      Out.push_back(std::move(P));
    }
    return Depth == 0 || fail("its braces do not balance");
  }

private:
  const std::vector<Token> &Ts;
  std::string &Why;
  size_t I = 0;

  bool punct(llvm::StringRef P) {
    if (I < Ts.size() && Ts[I].K == Token::Punct && Ts[I].Text == P)
      return ++I, true;
    return false;
  }
  bool fail(std::string Message) {
    Why = std::move(Message);
    return false;
  }
  /// A register's or an immediate's text.
  bool name(std::string &Out) {
    if (I < Ts.size() && (Ts[I].K == Token::Word || Ts[I].K == Token::Register))
      return Out = Ts[I++].Text, true;
    return false;
  }

  bool piece(PtxPiece &P) {
    if (I < Ts.size() && Ts[I].K == Token::Word && Ts[I].Text == ".reg")
      return declaration(P);
    if (punct("@")) {
      P.Use.Negated = punct("!");
      if (!name(P.Use.Predicate))
        return fail("a predicate ('@') names no register");
    }
    if (I >= Ts.size() || Ts[I].K != Token::Word || Ts[I].Text[0] == '.')
      return fail("its template holds '" + (I < Ts.size() ? Ts[I].Text : "") +
                  "' where an instruction should be");
    P.Use.Opcode = Ts[I++].Text;
    if (llvm::StringRef(P.Use.Opcode).ends_with(":"))
      return fail("it holds a label (" + P.Use.Opcode + ")");
    while (I < Ts.size() && !punct(";")) {
      if (!P.Use.Operands.empty() && !punct(","))
        return fail("the operands of " + P.Use.Opcode + " are not separated by ','");
      PtxOperand Op;
      if (!operand(Op))
        return fail("an operand of " + P.Use.Opcode + " is not one musify reads");
      P.Use.Operands.push_back(std::move(Op));
    }
    return true;
  }

  bool declaration(PtxPiece &P) {
    P.K = PtxPiece::Declaration;
    ++I;
    if (I >= Ts.size() || Ts[I].K != Token::Word || Ts[I].Text[0] != '.')
      return fail(".reg declares no type");
    P.Type = Ts[I++].Text.substr(1);
    do {
      std::string N;
      if (!name(N))
        return fail(".reg declares no name");
      if (punct("<")) {
        std::string Count;
        unsigned C = 0;
        if (!name(Count) || llvm::StringRef(Count).getAsInteger(10, C) || C > 64 ||
            !punct(">"))
          return fail(".reg declares a range musify does not read");
        for (unsigned K = 0; K < C; ++K)
          P.Names.push_back(N + std::to_string(K));
      } else {
        P.Names.push_back(N);
      }
    } while (punct(","));
    return punct(";") || I >= Ts.size() || fail(".reg is not ended by ';'");
  }

  bool single(PtxOperand &Op) {
    if (I < Ts.size() && Ts[I].K == Token::Operand) {
      Op.K = PtxOperand::AsmOperand;
      Op.Index = Ts[I++].Index;
      return true;
    }
    if (punct("-")) {
      Op.K = PtxOperand::Immediate;
      return name(Op.Text) && (Op.Text = "-" + Op.Text, true);
    }
    if (!name(Op.Text))
      return false;
    if (Op.Text == "_")
      Op.K = PtxOperand::Sink;
    else if (llvm::isDigit(Op.Text[0]))
      Op.K = PtxOperand::Immediate;
    else
      Op.K = PtxOperand::Name;
    return true;
  }

  bool operand(PtxOperand &Op) {
    if (punct("[")) {
      Op.K = PtxOperand::Address;
      Op.Parts.emplace_back();
      if (!single(Op.Parts.back()))
        return false;
      if (punct("+") || (I < Ts.size() && Ts[I].Text == "-")) {
        bool Minus = I > 0 && Ts[I - 1].Text != "+" && punct("-");
        if (!name(Op.Text))
          return false;
        if (Minus)
          Op.Text = "-" + Op.Text;
      }
      return punct("]");
    }
    if (punct("{")) {
      Op.K = PtxOperand::Vector;
      do {
        Op.Parts.emplace_back();
        if (!single(Op.Parts.back()))
          return false;
      } while (punct(","));
      return punct("}");
    }
    return single(Op);
  }
};

// --- Types ----------------------------------------------------------------

/// The type of an element of a vector operand's type ("v2.b32": b32).
llvm::StringRef vectorElementType(llvm::StringRef Type) { return Type.split('.').second; }

/// The C++ type that holds a PTX register of Type; "" if none.
std::string cxxType(llvm::StringRef Type) {
  static const std::map<std::string, std::string, std::less<>> Types = {
      {"pred", "bool"},
      {"u8", "unsigned char"},
      {"s8", "signed char"},
      {"b8", "unsigned char"},
      {"u16", "unsigned short"},
      {"s16", "short"},
      {"b16", "unsigned short"},
      {"f16", "unsigned short"},
      {"bf16", "unsigned short"},
      {"u32", "unsigned"},
      {"s32", "int"},
      {"b32", "unsigned"},
      {"f16x2", "unsigned"},
      {"bf16x2", "unsigned"},
      {"u64", "unsigned long long"},
      {"s64", "long long"},
      {"b64", "unsigned long long"},
      {"f32", "float"},
      {"f64", "double"}};
  auto It = Types.find(Type);
  return It == Types.end() ? "" : It->second;
}

/// The PTX register type of a constraint's letter; "" for an immediate.
std::optional<std::string> constraintType(llvm::StringRef Constraint) {
  llvm::StringRef C = Constraint.ltrim("=+&");
  if (C == "r")
    return std::string("u32");
  if (C == "l")
    return std::string("u64");
  if (C == "h")
    return std::string("u16");
  if (C == "f")
    return std::string("f32");
  if (C == "d")
    return std::string("f64");
  if (C == "n" || C == "i" || (!C.empty() && llvm::all_of(C, llvm::isDigit)))
    return std::string();
  return std::nullopt;
}

/// Whether a register of constraint type Held may stand for an operand of Type.
bool holds(llvm::StringRef Held, llvm::StringRef Type) {
  if (Held.empty() || Held == Type)
    return true;
  static const char *const Regs32[] = {"u32", "s32", "b32", "f16x2", "bf16x2",
                                       "u16", "s16", "b16", "u8",    "s8",
                                       "b8",  "f16", "bf16"};
  static const char *const Regs16[] = {"u16",  "s16", "b16", "f16",
                                       "bf16", "u8",  "s8",  "b8"};
  static const char *const Regs64[] = {"u64", "s64", "b64", "addr", "saddr"};
  if (Held == "u32")
    return llvm::is_contained(Regs32, Type) || Type == "saddr";
  if (Held == "u16")
    return llvm::is_contained(Regs16, Type);
  if (Held == "u64")
    return llvm::is_contained(Regs64, Type);
  return false;
}

/// A name, a member of one (`v.x`, `p->x`) or a number: no parentheses needed.
bool isSimple(llvm::StringRef Expr) {
  if (Expr.empty() || !(llvm::isAlnum(Expr[0]) || Expr[0] == '_'))
    return false;
  for (size_t I = 0; I < Expr.size(); ++I) {
    char C = Expr[I];
    if (C == '-' && I + 1 < Expr.size() && Expr[I + 1] == '>' && I + 2 < Expr.size())
      ++I;
    else if (!(llvm::isAlnum(C) || C == '_' || (C == '.' && I + 1 < Expr.size())))
      return false;
  }
  return true;
}

std::string castTo(llvm::StringRef Type, llvm::StringRef Expr) {
  return "(" + Type.str() + ")" + (isSimple(Expr) ? Expr.str() : "(" + Expr.str() + ")");
}

/// A PTX immediate as C++ of Type; nullopt where it is not one.
std::optional<std::string> immediate(llvm::StringRef Text, llvm::StringRef Type) {
  llvm::StringRef Digits = Text.starts_with("-") ? Text.drop_front() : Text;
  if ((Digits.starts_with("0f") || Digits.starts_with("0F")) && Digits.size() == 10) {
    uint32_t Bits = 0;
    if (Digits.drop_front(2).getAsInteger(16, Bits))
      return std::nullopt;
    float F = llvm::bit_cast<float>(Bits);
    if (F != F || F - F != 0) // NaN or infinity: no literal spells it
      return std::nullopt;
    char Buffer[64];
    std::snprintf(Buffer, sizeof(Buffer), "%.9g", double(F));
    std::string S = Buffer;
    if (S.find_first_of(".e") == std::string::npos)
      S += ".0";
    return (Text.starts_with("-") ? "-" : "") + S + "f";
  }
  if ((Digits.starts_with("0d") || Digits.starts_with("0D")) && Digits.size() == 18) {
    uint64_t Bits = 0;
    if (Digits.drop_front(2).getAsInteger(16, Bits))
      return std::nullopt;
    double D = llvm::bit_cast<double>(Bits);
    if (D != D || D - D != 0)
      return std::nullopt;
    char Buffer[64];
    std::snprintf(Buffer, sizeof(Buffer), "%.17g", D);
    std::string S = Buffer;
    if (S.find_first_of(".e") == std::string::npos)
      S += ".0";
    return (Text.starts_with("-") ? "-" : "") + S;
  }
  // A decimal float is a double in PTX, converted to the operand's type.
  if ((Type == "f32" || Type == "f64") && Digits.contains('.') &&
      Digits.find_first_not_of("0123456789.eE+") == llvm::StringRef::npos) {
    double D = 0;
    if (Digits.getAsDouble(D) || D - D != 0)
      return std::nullopt;
    return Type == "f32" ? "(float)" + Text.str() : Text.str();
  }
  unsigned long long Value = 0;
  llvm::StringRef Number = Digits.rtrim("Uu");
  if (Number.getAsInteger(0, Value))
    return std::nullopt;
  std::string Cxx = cxxType(Type);
  llvm::StringRef Literal = Text.rtrim("Uu");
  if (Cxx.empty())
    return std::nullopt;
  if (Cxx == "unsigned")
    return Literal.str() + "u";
  if (Cxx == "int" && Value <= 0x7fffffffu && !Literal.starts_with("-"))
    return Literal.str();
  return castTo(Cxx, Literal);
}

// --- Rewriting ------------------------------------------------------------

/// Placeholders of an `asm` operand in the code written, resolved once every
/// instruction is: its value as Type (ReadMark), or the lvalue itself (WriteMark).
constexpr char ReadMark = '\x01', WriteMark = '\x03', EndMark = '\x02';

class PtxRewriter {
public:
  PtxRewriter(const AsmStatement &S, const PtxTable &Table, PtxTranslation &Out)
      : S(S), Table(Table), Out(Out) {}

  bool rewrite(const std::vector<PtxPiece> &Pieces);

private:
  const AsmStatement &S;
  const PtxTable &Table;
  PtxTranslation &Out;
  std::vector<std::string> Lines;
  /// Registers the template declares: PTX name -> (C++ name, type).
  std::map<std::string, std::pair<std::string, std::string>> Locals;
  unsigned Instructions = 0;
  /// How often the code reads each operand.
  std::map<unsigned, unsigned> Reads;
  /// Inputs read once into a local: operand -> (name, type).
  std::map<unsigned, std::pair<std::string, std::string>> Snapshot;

  bool fail(std::string Message) {
    if (Out.Why.empty())
      Out.Why = std::move(Message);
    return false;
  }
  const AsmOperand &asmOperand(unsigned N) const {
    return N < S.Outputs.size() ? S.Outputs[N] : S.Inputs[N - S.Outputs.size()];
  }
  /// What an instruction's memory order asks of its access.
  struct Ordering {
    bool Volatile = false;
    std::string Before, After; ///< fences, or empty
  };
  /// The access being written is volatile (an ordered load or store).
  bool VolatileAccess = false;

  bool declare(const PtxPiece &P);
  bool instruction(const PtxInstructionUse &Use);
  /// The table's form of Use, its vector width and its memory order; null,
  /// and why, if none.
  const PtxInstruction *lookup(const PtxInstructionUse &Use, int &Width, Ordering &Order);
  std::string readForm(const PtxInstructionUse &Use,
                       llvm::ArrayRef<llvm::StringRef> Parts, int &Width,
                       llvm::StringRef &OrderName, llvm::StringRef &ScopeName);
  /// The ordering of an order and scope (either may be empty) on Opcode.
  bool ordering(llvm::StringRef Opcode, llvm::StringRef OrderName,
                llvm::StringRef ScopeName, const std::string &Written, Ordering &Order);
  /// The code of one element (-1: the only one) of Use, added to Code.
  bool element(const PtxInstruction &I, const PtxInstructionUse &Use, int Element,
               std::vector<std::string> &Code);
  std::optional<std::string> value(const PtxOperand &Op, llvm::StringRef Type,
                                   llvm::StringRef Memory, int Element);
  std::optional<std::string> destination(const PtxOperand &Op, llvm::StringRef Type);
  std::optional<std::string> address(const PtxOperand &Op, bool Shared,
                                     llvm::StringRef Memory, int Element);
  std::optional<std::string> expand(llvm::StringRef Template, const PtxInstruction &I,
                                    const PtxInstructionUse &Use, int Element);
  std::string resolve(const std::string &Code, std::vector<std::string> &Snapshots);
};

bool PtxRewriter::declare(const PtxPiece &P) {
  std::string Cxx = cxxType(P.Type);
  if (Cxx.empty())
    return fail(".reg ." + P.Type + " is a type musify does not translate");
  std::string Names;
  for (const std::string &N : P.Names) {
    std::string Local = "ptx_" + llvm::StringRef(N).ltrim("%").str();
    for (char &C : Local)
      if (!llvm::isAlnum(C))
        C = '_';
    Locals[N] = {Local, P.Type};
    Names += (Names.empty() ? "" : ", ") + Local;
  }
  Lines.push_back(Cxx + " " + Names + ";");
  return true;
}

std::optional<std::string> PtxRewriter::value(const PtxOperand &Op, llvm::StringRef Type,
                                              llvm::StringRef Memory, int Element) {
  std::string Cxx = cxxType(Type);
  switch (Op.K) {
  case PtxOperand::AsmOperand: {
    std::optional<std::string> Held = constraintType(asmOperand(Op.Index).Constraint);
    if (!Held || !holds(*Held, Type) || Cxx.empty())
      return fail("operand %" + std::to_string(Op.Index) + " (\"" +
                  asmOperand(Op.Index).Constraint + "\") does not hold a ." + Type.str()),
             std::nullopt;
    return std::string(1, ReadMark) + std::to_string(Op.Index) + ":" + Cxx + EndMark;
  }
  case PtxOperand::Name: {
    auto Local = Locals.find(Op.Text);
    if (Local != Locals.end())
      return Local->second.second == Type ? Local->second.first
                                          : castTo(Cxx, Local->second.first);
    auto Special = Table.SpecialRegisters.find(Op.Text);
    if (Special != Table.SpecialRegisters.end())
      return Special->second.first == Type ? "(" + Special->second.second + ")"
                                           : castTo(Cxx, Special->second.second);
    return fail("it reads " + Op.Text + ", which " +
                (Op.Text[0] == '%' ? "has no translation" : "it does not declare")),
           std::nullopt;
  }
  case PtxOperand::Immediate:
    if (std::optional<std::string> V = immediate(Op.Text, Type))
      return V;
    return fail("the immediate " + Op.Text + " is not a ." + Type.str()), std::nullopt;
  case PtxOperand::Address:
    if (Type == "addr" || Type == "saddr")
      return address(Op, Type == "saddr", Memory, Element);
    break;
  case PtxOperand::Vector:
    if (Element >= 0 && size_t(Element) < Op.Parts.size())
      return value(Op.Parts[Element], Type, Memory, -1);
    break;
  case PtxOperand::Sink:
    break;
  }
  return fail("an operand of the wrong kind where a ." + Type.str() + " is read"),
         std::nullopt;
}

std::optional<std::string> PtxRewriter::destination(const PtxOperand &Op,
                                                    llvm::StringRef Type) {
  if (Op.K == PtxOperand::AsmOperand) {
    const AsmOperand &A = asmOperand(Op.Index);
    std::optional<std::string> Held = constraintType(A.Constraint);
    if (Op.Index >= S.Outputs.size() || !Held || Held->empty() || !holds(*Held, Type))
      return fail("operand %" + std::to_string(Op.Index) + " (\"" + A.Constraint +
                  "\") cannot take a ." + Type.str()),
             std::nullopt;
    return std::string(1, WriteMark) + std::to_string(Op.Index) + EndMark;
  }
  if (Op.K == PtxOperand::Name) {
    auto Local = Locals.find(Op.Text);
    if (Local != Locals.end() && Local->second.second == Type)
      return Local->second.first;
    if (Local != Locals.end() && holds(Local->second.second, Type))
      return Local->second.first;
  }
  return fail("a destination of the wrong kind for a ." + Type.str()), std::nullopt;
}

std::optional<std::string> PtxRewriter::address(const PtxOperand &Op, bool Shared,
                                                llvm::StringRef Memory, int Element) {
  std::string Cxx = cxxType(Memory);
  if (Cxx.empty() || Op.Parts.size() != 1)
    return fail("an address of a type musify does not translate"), std::nullopt;
  const PtxOperand &Base = Op.Parts[0];
  std::string Pointer;
  if (Base.K == PtxOperand::AsmOperand) {
    const AsmOperand &A = asmOperand(Base.Index);
    std::optional<std::string> Held = constraintType(A.Constraint);
    llvm::StringRef Expr = A.Expr;
    if (Shared) {
      // A shared-memory window address has no pointer on the target: only
      // one the statement computes from a pointer is translated.
      Expr = Expr.trim();
      while (Expr.consume_front("(unsigned)") || Expr.consume_front("(uint32_t)") ||
             Expr.consume_front("static_cast<unsigned>") ||
             Expr.consume_front("static_cast<uint32_t>") ||
             Expr.consume_front("(unsigned int)"))
        Expr = Expr.trim();
      while (Expr.starts_with("(") && Expr.ends_with(")") && !Expr.contains(','))
        Expr = Expr.drop_front().drop_back().trim();
      llvm::StringRef Argument;
      for (const std::string &F : Table.SharedAddressFunctions)
        if (Expr.starts_with(F) && Expr.drop_front(F.size()).trim().starts_with("(") &&
            Expr.ends_with(")"))
          Argument = Expr.drop_front(F.size()).trim().drop_front().drop_back().trim();
      if (Argument.empty())
        return fail("operand %" + std::to_string(Base.Index) +
                    " is a shared-memory window address, which has no pointer on the "
                    "target: pass the pointer through a function the table names"),
               std::nullopt;
      Pointer = "(char *)(" + Argument.str() + ")";
    } else if (!Held || *Held != "u64") {
      return fail("the address operand %" + std::to_string(Base.Index) +
                  " is not a 64-bit pointer (\"l\")"),
             std::nullopt;
    } else {
      Pointer = std::string("(char *)") + ReadMark + std::to_string(Base.Index) +
                ":unsigned long long" + EndMark;
    }
  } else if (Base.K == PtxOperand::Name && Locals.count(Base.Text) &&
             Locals[Base.Text].second == "u64" && !Shared) {
    Pointer = "(char *)" + Locals[Base.Text].first;
  } else {
    return fail("an address musify does not translate"), std::nullopt;
  }
  if (!Op.Text.empty()) {
    long long Offset = 0;
    if (llvm::StringRef(Op.Text).getAsInteger(0, Offset))
      return fail("an address offset that is not a number"), std::nullopt;
    Pointer = "(" + Pointer + " + " + std::to_string(Offset) + ")";
  }
  if (VolatileAccess)
    Cxx = "volatile " + Cxx;
  if (Element >= 0)
    return "((" + Cxx + " *)" + Pointer + ")[" + std::to_string(Element) + "]";
  return "(*(" + Cxx + " *)" + Pointer + ")";
}

std::optional<std::string> PtxRewriter::expand(llvm::StringRef Template,
                                               const PtxInstruction &I,
                                               const PtxInstructionUse &Use,
                                               int Element) {
  std::string Code;
  while (!Template.empty()) {
    size_t Open = Template.find('{');
    Code += Template.take_front(Open).str();
    if (Open == llvm::StringRef::npos)
      break;
    size_t Close = Template.find('}', Open);
    // {N}, or {N.E}: element E of vector operand N.
    auto [Number, Part] = Template.slice(Open + 1, Close).split('.');
    unsigned N = 0, E = 0;
    if (Close == llvm::StringRef::npos || Number.getAsInteger(10, N) ||
        N >= Use.Operands.size() || (!Part.empty() && Part.getAsInteger(10, E))) {
      Code += '{';
      Template = Template.drop_front(Open + 1);
      continue;
    }
    const PtxOperand &Op = Use.Operands[N];
    if (!Part.empty() && (Op.K != PtxOperand::Vector || E >= Op.Parts.size()))
      return fail(Use.Opcode + ": operand " + std::to_string(N) + " is not a vector of " +
                  std::to_string(E + 1) + " or more"),
             std::nullopt;
    std::optional<std::string> V =
        Part.empty() ? value(Op, I.Types[N], I.Memory, Element)
                     : value(Op.Parts[E], vectorElementType(I.Types[N]), I.Memory, -1);
    if (!V)
      return std::nullopt;
    // An operand is a primary or a cast expression, or is put in parentheses.
    bool Primary = (*V)[0] == ReadMark || isSimple(*V) || isOneParenthesizedGroup(*V);
    Code += Primary ? *V : "(" + *V + ")";
    Template = Template.drop_front(Close + 1);
  }
  return Code;
}

bool PtxRewriter::ordering(llvm::StringRef Opcode, llvm::StringRef OrderName,
                           llvm::StringRef ScopeName, const std::string &Written,
                           Ordering &Order) {
  const PtxMemoryOrders &M = Table.MemoryOrders;
  std::string Scope = ScopeName.empty() ? M.DefaultScope : ScopeName.str();
  bool Atomic = !llvm::is_contained(M.VolatileOpcodes, Opcode);
  if (Atomic && !llvm::is_contained(M.DeviceScopes, Scope))
    return fail(Written + ": an atomic of the ." + Scope +
                " scope has no translation (the target's atomics are of device scope)");
  auto Asks =
      M.Orders.find(OrderName.empty() ? llvm::StringRef(M.DefaultOrder) : OrderName);
  auto Fence = M.Scopes.find(Scope);
  if (Asks == M.Orders.end() || Fence == M.Scopes.end())
    return fail(Written + ": a memory order the table does not describe");
  Order.Volatile = !Atomic && llvm::is_contained(Asks->second, "volatile");
  if (llvm::is_contained(Asks->second, "before"))
    Order.Before = Fence->second;
  if (llvm::is_contained(Asks->second, "after"))
    Order.After = Fence->second;
  std::string Note =
      Written + ": " + (Order.Volatile ? "a volatile access" : "the access");
  if (!Order.Before.empty())
    Note += ", " + Order.Before.substr(0, Order.Before.find('(')) + " before it";
  if (!Order.After.empty())
    Note += ", " + Order.After.substr(0, Order.After.find('(')) + " after it";
  // A scope is named where one was written or where it picks a fence.
  bool Scoped =
      !ScopeName.empty() || Atomic || !Order.Before.empty() || !Order.After.empty();
  Out.Notes.push_back(Note + " (." +
                      (OrderName.empty() ? M.DefaultOrder : OrderName.str()) +
                      (Scoped ? ", ." + Scope : "") + ")");
  return true;
}

/// The table's key of Use: its opcode without cache hints, vector width and
/// memory order (each read into Width, OrderName, ScopeName).
std::string PtxRewriter::readForm(const PtxInstructionUse &Use,
                                  llvm::ArrayRef<llvm::StringRef> Parts, int &Width,
                                  llvm::StringRef &OrderName,
                                  llvm::StringRef &ScopeName) {
  // Cache hints, the vector width and a memory order are read apart from the form.
  const PtxMemoryOrders &M = Table.MemoryOrders;
  bool Ordered = llvm::is_contained(M.Opcodes, Parts[0]);
  std::string Form = Parts[0].str();
  for (llvm::StringRef P : llvm::drop_begin(Parts)) {
    if (Ordered && M.Orders.count(P) && OrderName.empty()) {
      OrderName = P;
    } else if (Ordered && M.Scopes.count(P) && ScopeName.empty()) {
      ScopeName = P;
    } else if (llvm::is_contained(Table.HintModifiers, P)) {
      std::string Note = Table.HintNote + " (." + P.str() + ")";
      if (!llvm::is_contained(Out.Notes, Note))
        Out.Notes.push_back(std::move(Note));
    } else if (P == "v2" || P == "v4") {
      Width = P[1] - '0';
    } else {
      Form += "." + P.str();
    }
  }
  // A form with a vector operand outside a load or store is "form/<shape>"
  // ("mov.b64/s,v2").
  if (Width == 1 && llvm::any_of(Use.Operands, [](const PtxOperand &Op) {
        return Op.K == PtxOperand::Vector;
      })) {
    std::string Shape;
    for (const PtxOperand &Op : Use.Operands)
      Shape += (Shape.empty() ? "/" : ",") +
               (Op.K == PtxOperand::Vector ? "v" + std::to_string(Op.Parts.size()) : "s");
    Form += Shape;
  }
  return Form;
}

const PtxInstruction *PtxRewriter::lookup(const PtxInstructionUse &Use, int &Width,
                                          Ordering &Order) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  llvm::StringRef(Use.Opcode).split(Parts, '.');
  auto Route = Table.Routes.find(Parts[0]);
  if (Route != Table.Routes.end())
    return fail(Use.Opcode +
                " is a tensor-core instruction, which musify does not "
                "rewrite: " +
                Route->second),
           nullptr;
  llvm::StringRef OrderName, ScopeName;
  std::string Form = readForm(Use, Parts, Width, OrderName, ScopeName);
  // Another arity of a form is "form/N".
  auto Entry = Table.Instructions.find(Form + "/" + std::to_string(Use.Operands.size()));
  if (Entry == Table.Instructions.end())
    Entry = Table.Instructions.find(Form);
  if (Entry == Table.Instructions.end())
    return fail(Use.Opcode + " has no translation in the table"), nullptr;
  const PtxInstruction &I = Entry->second;
  if (I.Types.size() != Use.Operands.size())
    return fail(Use.Opcode + " with " + std::to_string(Use.Operands.size()) +
                " operands has no translation (the table's form has " +
                std::to_string(I.Types.size()) + ")"),
           nullptr;
  if (Width > 1 && I.Memory.empty())
    return fail(Use.Opcode + ": only loads and stores are translated as vectors"),
           nullptr;
  if ((!OrderName.empty() || !ScopeName.empty()) &&
      !ordering(Parts[0], OrderName, ScopeName, Use.Opcode, Order))
    return nullptr;
  if (!I.Note.empty())
    Out.Notes.push_back(Use.Opcode + ": " + I.Note);
  return &I;
}

bool PtxRewriter::element(const PtxInstruction &I, const PtxInstructionUse &Use,
                          int Element, std::vector<std::string> &Code) {
  if (!I.Values.empty()) { // one value per element of a vector destination
    const PtxOperand &Vector = Use.Operands[0];
    if (Vector.K != PtxOperand::Vector || Vector.Parts.size() != I.Values.size())
      return fail(Use.Opcode + " writes a vector of " + std::to_string(I.Values.size()));
    for (size_t E = 0; E < I.Values.size(); ++E) {
      std::optional<std::string> V = expand(I.Values[E], I, Use, -1);
      std::optional<std::string> D =
          V ? destination(Vector.Parts[E], vectorElementType(I.Types[0])) : std::nullopt;
      if (!D)
        return false;
      Code.push_back(*D + " = " + *V + ";");
    }
    return true;
  }
  if (I.Value.empty()) {
    std::optional<std::string> V = expand(I.Statement, I, Use, Element);
    if (V && !V->empty())
      Code.push_back(*V);
    return V.has_value();
  }
  const PtxOperand &First = Use.Operands[0];
  if (First.K == PtxOperand::Vector && Element < 0)
    return fail(Use.Opcode + " writes a vector, which it does not declare");
  const PtxOperand &Dest = First.K == PtxOperand::Vector ? First.Parts[Element] : First;
  std::optional<std::string> V = expand(I.Value, I, Use, Element);
  if (!V)
    return false;
  if (Dest.K == PtxOperand::Sink) {
    Code.push_back("(void)(" + *V + ");");
    return true;
  }
  std::optional<std::string> D = destination(Dest, I.Types[0]);
  if (D)
    Code.push_back(*D + " = " + *V + ";");
  return D.has_value();
}

bool PtxRewriter::instruction(const PtxInstructionUse &Written) {
  ++Instructions;
  // A hint that comes with an operand (.L2::cache_hint: a cache policy, the
  // last operand) is dropped with it.
  PtxInstructionUse Use = Written;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  llvm::StringRef(Use.Opcode).split(Parts, '.');
  for (const std::string &Hint : Table.HintsWithOperand)
    if (llvm::is_contained(Parts, Hint) && !Use.Operands.empty())
      Use.Operands.pop_back();
  int Width = 1;
  Ordering Order;
  const PtxInstruction *I = lookup(Use, Width, Order);
  if (!I)
    return false;
  std::vector<std::string> Code;
  VolatileAccess = Order.Volatile;
  for (int E = 0; E < Width; ++E)
    if (!element(*I, Use, Width > 1 ? E : -1, Code))
      return false;
  VolatileAccess = false;
  if (!Order.Before.empty())
    Code.insert(Code.begin(), Order.Before);
  if (!Order.After.empty())
    Code.push_back(Order.After);
  if (Code.empty())
    return true;
  if (Use.Predicate.empty()) {
    Lines.insert(Lines.end(), Code.begin(), Code.end());
    return true;
  }
  PtxOperand P;
  P.Text = Use.Predicate;
  std::optional<std::string> Guard = value(P, "pred", "", -1);
  if (!Guard)
    return false;
  std::string Line = llvm::join(Code, " ");
  bool Block = Code.size() > 1 || llvm::StringRef(Line).count(';') > 1;
  Lines.push_back("if (" + std::string(Use.Negated ? "!" : "") + *Guard + ") " +
                  (Block ? "{ " + Line + " }" : Line));
  return true;
}

/// Code with each placeholder replaced: an input read more than once, or in
/// a sequence of instructions, is read once, into a snapshot, as a register
/// is; outputs are written where the template writes them.
std::string PtxRewriter::resolve(const std::string &Code,
                                 std::vector<std::string> &Snapshots) {
  std::string Result;
  for (size_t P = 0; P < Code.size();) {
    char C = Code[P];
    if (C != ReadMark && C != WriteMark) {
      Result += C;
      ++P;
      continue;
    }
    size_t End = Code.find(EndMark, P);
    llvm::StringRef Body = llvm::StringRef(Code).slice(P + 1, End);
    P = End + 1;
    auto [Number, Type] = Body.split(':');
    unsigned N = 0;
    Number.getAsInteger(10, N);
    const AsmOperand &A = asmOperand(N);
    if (C == WriteMark) {
      Result += isSimple(A.Expr) ? A.Expr : "(" + A.Expr + ")";
      continue;
    }
    bool Input = N >= S.Outputs.size();
    bool Immediate = constraintType(A.Constraint).value_or("x").empty();
    // In a sequence an output may be the input's own object, written before
    // the input is read: the input is read first, as the register it is.
    if (Input && !Immediate &&
        (Instructions > 1 || (Reads[N] > 1 && !isSimple(A.Expr)))) {
      auto It = Snapshot.find(N);
      if (It == Snapshot.end()) {
        std::string Name = "ptx_in" + std::to_string(N);
        It = Snapshot.emplace(N, std::make_pair(Name, Type.str())).first;
        Snapshots.push_back("const " + Type.str() + " " + Name + " = " +
                            castTo(Type, A.Expr) + ";");
      }
      Result +=
          It->second.second == Type ? It->second.first : castTo(Type, It->second.first);
      continue;
    }
    Result += castTo(Type, A.Expr);
  }
  return Result;
}

/// Whether Lines are one `{ ... }` scope of the template's.
bool isOneScope(const std::vector<std::string> &Lines) {
  if (Lines.size() < 2 || Lines.front() != "{" || Lines.back() != "}")
    return false;
  int Depth = 0;
  for (size_t I = 0; I < Lines.size(); ++I) {
    Depth += Lines[I] == "{" ? 1 : Lines[I] == "}" ? -1 : 0;
    if (Depth == 0 && I + 1 < Lines.size())
      return false;
  }
  return true;
}

bool PtxRewriter::rewrite(const std::vector<PtxPiece> &Pieces) {
  bool Ok = true;
  for (const PtxPiece &P : Pieces) {
    switch (P.K) {
    case PtxPiece::Open:
      Lines.push_back("{");
      break;
    case PtxPiece::Close:
      Lines.push_back("}");
      break;
    case PtxPiece::Declaration:
      Ok = declare(P) && Ok;
      break;
    case PtxPiece::Instruction:
      Out.Instructions.push_back(P.Use.Opcode);
      // Go on past a failure, so that every instruction is counted.
      Ok = instruction(P.Use) && Ok;
      break;
    }
  }
  if (!Ok)
    return false;
  for (const AsmOperand &A : S.Outputs)
    if (!llvm::StringRef(A.Constraint).starts_with("=") &&
        !llvm::StringRef(A.Constraint).starts_with("+"))
      return fail("output \"" + A.Constraint + "\" is neither '=' nor '+'");
  for (const std::string &L : Lines)
    for (size_t P = L.find(ReadMark); P != std::string::npos; P = L.find(ReadMark, P + 1))
      ++Reads[std::stoul(L.substr(P + 1))];
  std::vector<std::string> Snapshots;
  std::vector<std::string> Resolved;
  for (const std::string &L : Lines)
    Resolved.push_back(resolve(L, Snapshots));
  if (Resolved.empty()) {
    Out.Code = ";";
    return true;
  }
  if (Resolved.size() == 1 && Snapshots.empty()) {
    Out.Code = Resolved[0];
    return true;
  }
  // One block: the template's own scope, if it is one, else a new one; the
  // snapshots of inputs open it.
  if (!isOneScope(Resolved)) {
    Resolved.insert(Resolved.begin(), "{");
    Resolved.push_back("}");
  }
  Resolved.insert(Resolved.begin() + 1, Snapshots.begin(), Snapshots.end());
  Out.Code = llvm::join(Resolved, "\n");
  return true;
}

} // namespace

std::optional<AsmStatement> parseAsmStatement(llvm::StringRef Text, std::string &Why) {
  AsmReader R(Text);
  llvm::StringRef Keyword = R.word();
  if (Keyword != "asm" && Keyword != "__asm__" && Keyword != "__asm")
    return Why = "it is not written as asm(...) (a macro?)", std::nullopt;
  for (llvm::StringRef Q = R.word(); !Q.empty(); Q = R.word())
    if (Q == "goto")
      return Why = "asm goto jumps to C++ labels", std::nullopt;
    else if (!llvm::is_contained({"volatile", "__volatile__", "__volatile", "inline",
                                  "__inline__", "__inline"},
                                 Q))
      return Why = "it is not written as asm(...) (a macro?)", std::nullopt;
  AsmStatement S;
  if (!R.take('(') || !R.strings(S.Template))
    return Why = "its template is not a string literal (a macro?)", std::nullopt;
  if (R.take(':')) {
    S.Extended = true;
    if (!R.operands(S.Outputs))
      return Why = "its outputs are not ones musify reads", std::nullopt;
    if (R.take(':') && !R.operands(S.Inputs))
      return Why = "its inputs are not ones musify reads", std::nullopt;
    if (R.take(':') && !R.clobbers())
      return Why = "its clobbers are not ones musify reads", std::nullopt;
    if (R.take(':'))
      return Why = "asm goto jumps to C++ labels", std::nullopt;
  }
  if (!R.take(')') || !R.atEnd())
    return Why = "it is not written as asm(...) (a macro?)", std::nullopt;
  return S;
}

PtxTranslation translatePtx(const AsmStatement &S, const PtxTable &Table) {
  PtxTranslation Out;
  std::vector<Token> Tokens;
  std::vector<PtxPiece> Pieces;
  PtxParser Parser(Tokens, Out.Why);
  if (!tokenize(S, Tokens, Out.Why) || !Parser.parse(Pieces))
    return Out;
  PtxRewriter Rewriter(S, Table, Out);
  if (!Rewriter.rewrite(Pieces))
    Out.Code.clear();
  return Out;
}

void readPtxTable(const nlohmann::json &Map, PtxTable &T) {
  for (const auto &[Form, Entry] : Map.at("instructions").items()) {
    PtxInstruction I;
    I.Types = Entry.at("types").get<std::vector<std::string>>();
    I.Memory = Entry.value("memory", "");
    I.Value = Entry.value("value", "");
    I.Statement = Entry.value("statement", "");
    I.Values = Entry.value("values", std::vector<std::string>());
    I.Note = Entry.value("note", "");
    T.Instructions.emplace(Form, std::move(I));
  }
  for (const auto &[Name, Entry] : Map.at("special_registers").items())
    T.SpecialRegisters.emplace(Name,
                               std::make_pair(Entry.at("type").get<std::string>(),
                                              Entry.at("value").get<std::string>()));
  T.HintModifiers = Map.at("hint_modifiers").get<std::vector<std::string>>();
  T.HintNote = Map.at("hint_note").get<std::string>();
  T.HintsWithOperand = Map.at("hints_with_operand").get<std::vector<std::string>>();
  for (const auto &[Opcode, Route] : Map.at("routes").items())
    T.Routes.emplace(Opcode, Route.get<std::string>());
  T.SharedAddressFunctions =
      Map.at("shared_address_functions").get<std::vector<std::string>>();
  const nlohmann::json &Orders = Map.at("memory_orders");
  PtxMemoryOrders &M = T.MemoryOrders;
  M.Opcodes = Orders.at("opcodes").get<std::vector<std::string>>();
  M.VolatileOpcodes = Orders.at("volatile_opcodes").get<std::vector<std::string>>();
  for (const auto &[Order, Asks] : Orders.at("orders").items())
    M.Orders.emplace(Order, Asks.get<std::vector<std::string>>());
  for (const auto &[Scope, Fence] : Orders.at("scopes").items())
    M.Scopes.emplace(Scope, Fence.get<std::string>());
  M.DeviceScopes = Orders.at("device_scopes").get<std::vector<std::string>>();
  M.DefaultOrder = Orders.at("default_order").get<std::string>();
  M.DefaultScope = Orders.at("default_scope").get<std::string>();
}

} // namespace musify
