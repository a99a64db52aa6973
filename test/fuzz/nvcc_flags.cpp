// nvcc's flags, one a line, translated for Clang, and the include folders
// of what comes out.
#include "FuzzSupport.h"
#include "inputs/Inputs.h"
#include "inputs/NvccFlags.h"

using namespace musify;

// NOLINTNEXTLINE(readability-identifier-naming): libFuzzer names it
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  fuzz::textOf(Data, Size).split(Lines, '\n');
  std::vector<std::string> Flags(Lines.begin(), Lines.end());
  std::vector<std::string> Clang = translateNvccFlags(Flags);
  includeFoldersOf(Clang, "/work", false);
  includeFoldersOf(Clang, "/work", true);
  return 0;
}
