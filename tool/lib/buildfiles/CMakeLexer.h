// A lexer for CMake's language: command invocations and their arguments,
// with comments (`#...`, `#[[...]]`) left out.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>
#include <vector>

namespace musify {

struct CMakeArgument {
  enum Kind { Unquoted, Quoted, Bracket } Form = Unquoted;
  unsigned Begin = 0, End = 0;           ///< the content (inside quotes or brackets)
  unsigned OuterBegin = 0, OuterEnd = 0; ///< with quotes or brackets
};

struct CMakeCommand {
  llvm::StringRef Name; ///< as written
  unsigned NameBegin = 0;
  /// Where a line may be put before the command: the start of the line the
  /// name is on, or of an earlier line where a bracket comment that ends on
  /// it began.
  unsigned LineBegin = 0;
  unsigned CloseParen = 0; ///< offset of the `)` that ends the call
  std::vector<CMakeArgument> Arguments;
};

/// [begin, end) ranges of a text.
using CMakeSpans = std::vector<std::pair<unsigned, unsigned>>;

/// The commands of Text in order. Unbalanced text (a missing `)`, an
/// unterminated quote) ends the scan: what came before is still returned.
/// Comments, if given, receives the comments between the commands (a
/// bracket comment `#[[...]]` may span lines).
std::vector<CMakeCommand> lexCMake(llvm::StringRef Text, CMakeSpans *Comments = nullptr);

/// A variable reference inside an argument: `${NAME}`, `$ENV{NAME}`,
/// `$CACHE{NAME}`, innermost names of nested references included.
struct CMakeVariableRef {
  enum Kind { Normal, Env, Cache } Form = Normal;
  unsigned NameBegin = 0, NameEnd = 0;
};
std::vector<CMakeVariableRef> cmakeVariableRefs(llvm::StringRef Text, unsigned Begin,
                                                unsigned End);

/// A piece of an argument between separators: whitespace and `;` at the top,
/// `:` `,` `;` inside a generator expression `$<HEAD:ARG,ARG>`.
struct CMakeWord {
  unsigned Begin = 0, End = 0;
  bool WholeArgument = false; ///< the word is the whole unquoted argument
  /// Inside a generator expression: the head of the innermost one
  /// (`COMPILE_LANGUAGE` for `CUDA` in `$<COMPILE_LANGUAGE:CUDA>`), and
  /// whether the word is an argument of it or of an enclosing one that is
  /// conditioned on a head (`$<$<COMPILE_LANGUAGE:CUDA>:--flag>`).
  llvm::StringRef GenexHead;
  llvm::StringRef ConditionText; ///< text of the condition of the enclosing genex
};
std::vector<CMakeWord> cmakeWords(llvm::StringRef Text, const CMakeArgument &Arg);

} // namespace musify
