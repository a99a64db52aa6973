// A lexer for Makefiles (GNU make's syntax): logical lines classified as
// assignments, rules, recipes and directives, comments left out, and the
// words and variable references of each piece of text.
#pragma once

#include "buildfiles/BuildWord.h"

#include "llvm/ADT/StringRef.h"

#include <utility>
#include <vector>

namespace musify {

/// What a piece of a Makefile is.
enum class MakeRole {
  Value, ///< the value of an assignment (`NVCC := nvcc`)
  Shell, ///< shell commands: a recipe line, `$(shell ...)`, a define body
  Words, ///< targets and prerequisites of a rule, arguments of include
  Names, ///< variable names (`ifdef CUDA_HOME`, `export CUDA_HOME`)
};

struct MakePiece {
  MakeRole Role = MakeRole::Words;
  unsigned Begin = 0, End = 0;
  /// Value: the variable assigned ([NameBegin, NameEnd) of the text).
  unsigned NameBegin = 0, NameEnd = 0;
};

/// The pieces of a Makefile in order; comments are in none of them.
std::vector<MakePiece> lexMakefile(llvm::StringRef Text);

/// A variable reference: `$(NAME)`, `${NAME}`, `$(NAME:a=b)`, or a shell
/// variable of a recipe (`$$NAME`, `$${NAME}`).
struct MakeRef {
  unsigned NameBegin = 0, NameEnd = 0;
  unsigned Begin = 0, End = 0; ///< the whole reference
  bool Shell = false;
};

/// The words of [Begin, End): TopLevel are the blank-separated words of the
/// text (a quoted word's quotes are outside [Begin, End), inside Outer);
/// Inner are the words of function arguments (`$(patsubst %.cu,%.o,...)`)
/// and the patterns of substitution references (`.cu` of `$(SRC:.cu=.o)`);
/// Refs every variable reference; ShellTexts the arguments of `$(shell ...)`;
/// MessageTexts those of `$(info ...)`, `$(warning ...)` and `$(error ...)`.
struct MakeWords {
  std::vector<BuildWord> TopLevel;
  std::vector<BuildWord> Inner;
  std::vector<MakeRef> Refs;
  std::vector<std::pair<unsigned, unsigned>> ShellTexts;
  std::vector<std::pair<unsigned, unsigned>> MessageTexts;
};
MakeWords makeWords(llvm::StringRef Text, unsigned Begin, unsigned End);

} // namespace musify
