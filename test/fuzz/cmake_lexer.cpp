// The CMake lexer on arbitrary text: commands, arguments, variable
// references and words all lie inside the text, in order.
#include "FuzzSupport.h"
#include "buildfiles/CMakeLexer.h"

using namespace musify;

// NOLINTNEXTLINE(readability-identifier-naming): libFuzzer names it
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text = fuzz::textOf(Data, Size);
  unsigned Previous = 0;
  for (const CMakeCommand &C : lexCMake(Text)) {
    fuzz::require(C.NameBegin >= Previous && C.CloseParen < Text.size(),
                  "commands in order, inside the text");
    Previous = C.CloseParen;
    for (const CMakeArgument &A : C.Arguments) {
      fuzz::require(A.OuterBegin <= A.Begin && A.Begin <= A.End && A.End <= A.OuterEnd &&
                        A.OuterEnd <= C.CloseParen,
                    "argument inside its command");
      for (const CMakeVariableRef &V : cmakeVariableRefs(Text, A.Begin, A.End))
        fuzz::require(V.NameBegin <= V.NameEnd && V.NameEnd <= A.End,
                      "variable name inside its argument");
      for (const CMakeWord &W : cmakeWords(Text, A))
        fuzz::require(A.Begin <= W.Begin && W.Begin <= W.End && W.End <= A.End,
                      "word inside its argument");
    }
  }
  return 0;
}
