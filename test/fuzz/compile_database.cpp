// compile_commands.json on arbitrary bytes, read as `musify -p` reads it;
// the flags of what it lists are translated as the front end translates them.
// The seeds name files that are on every machine that builds musify
// (/usr/include/stdio.h), so that their entries pass the check that each
// file exists.
#include "FuzzSupport.h"
#include "inputs/Inputs.h"
#include "inputs/NvccFlags.h"

using namespace musify;

// NOLINTNEXTLINE(readability-identifier-naming): libFuzzer names it
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  fuzz::writeScratch("compile_commands.json", Data, Size);
  llvm::Expected<std::vector<CompileCommand>> Commands =
      readCompileDatabase(fuzz::scratchFolder());
  if (!Commands) {
    llvm::consumeError(Commands.takeError());
    return 0;
  }
  fuzz::require(!Commands->empty(), "a database that reads lists a file");
  for (const CompileCommand &C : *Commands) {
    std::vector<std::string> Flags = translateNvccFlags(C.Flags);
    includeFoldersOf(Flags, C.Directory, true);
  }
  return 0;
}
