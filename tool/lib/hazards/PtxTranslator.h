// Inline PTX to C++: reads a GNU extended `asm` statement as written, and
// rewrites it from the target's PTX table (rules/<target>/hazards/inline-asm.json)
// where every instruction of it has a meaning there.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <nlohmann/json_fwd.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace musify {

/// One PTX instruction form (opcode with its type and modifiers, cache hints
/// and vector width left out) and what computes it on the target
/// (rules/<target>/hazards/inline-asm.json).
struct PtxInstruction {
  /// Each operand's register type (u32, f32, pred, ...), or "addr".
  std::vector<std::string> Types;
  std::string Memory;    ///< the type an "addr" operand points to
  std::string Value;     ///< operand 0's new value, of {1}...{n}; or
  std::string Statement; ///< a statement of {0}...{n}; or
  /// each element's new value, where operand 0 is a vector ({N.E}: element E
  /// of vector operand N, of type "vK.T")
  std::vector<std::string> Values;
  std::string Note; ///< said where it is used
};

/// The memory-consistency qualifiers of PTX's memory instructions (`.acquire`,
/// `.gpu`), read apart from the form.
struct PtxMemoryOrders {
  std::vector<std::string> Opcodes;         ///< ld, st, atom, red
  std::vector<std::string> VolatileOpcodes; ///< whose access an order makes volatile
  /// An order -> what it asks: "volatile", a fence "before", "after".
  std::map<std::string, std::vector<std::string>, std::less<>> Orders;
  /// A scope -> its fence statement.
  std::map<std::string, std::string, std::less<>> Scopes;
  std::vector<std::string> DeviceScopes;  ///< the scopes an atomic may have
  std::string DefaultOrder, DefaultScope; ///< where one of the two is written
};

/// The PTX that musify translates for a target, and where the rest goes.
struct PtxTable {
  std::map<std::string, PtxInstruction, std::less<>> Instructions;
  /// `%laneid` -> its type and expression.
  std::map<std::string, std::pair<std::string, std::string>, std::less<>>
      SpecialRegisters;
  std::vector<std::string> HintModifiers; ///< dropped, with HintNote
  /// Hints whose operand (the instruction's last) is dropped with them.
  std::vector<std::string> HintsWithOperand;
  std::string HintNote;
  /// An opcode translation leaves to a person (mma) -> the route to take.
  std::map<std::string, std::string, std::less<>> Routes;
  /// Functions whose result is a shared-memory address (of their pointer).
  std::vector<std::string> SharedAddressFunctions;
  PtxMemoryOrders MemoryOrders;
};

/// Reads Map, the object of rules/<target>/hazards/inline-asm.json, into Out
/// (nlohmann's exceptions name what is missing or of the wrong type).
void readPtxTable(const nlohmann::json &Map, PtxTable &Out);

/// One operand of an `asm` statement: `[Name] "Constraint" (Expr)`.
struct AsmOperand {
  std::string Name;
  std::string Constraint;
  std::string Expr;
};

/// An `asm` statement as written: its template (string literals joined and
/// unescaped) and its operands; Extended is false for `asm("...")` alone.
struct AsmStatement {
  std::string Template;
  std::vector<AsmOperand> Outputs, Inputs;
  bool Extended = false;
};

/// Reads Text, `asm volatile ("..." : ... : ... : ...)`; nullopt, and Why,
/// where it is not one musify can read (a macro in the template, `asm goto`).
std::optional<AsmStatement> parseAsmStatement(llvm::StringRef Text, std::string &Why);

/// What became of one `asm` statement.
struct PtxTranslation {
  std::vector<std::string> Instructions; ///< each instruction's opcode, in order
  std::string Code;                      ///< the C++ for it; empty if not translated
  std::string Why;                       ///< why it was not
  std::vector<std::string> Notes;        ///< what the translation left out
};

PtxTranslation translatePtx(const AsmStatement &S, const PtxTable &Table);

} // namespace musify
