// Inline PTX to C++: reads a GNU extended `asm` statement as written, and
// rewrites it from the target's PTX table (rules/<target>/hazards/inline-asm.json)
// where every instruction of it has a meaning there.
#pragma once

#include "rules/RuleTable.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace musify {

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
