// The shipped-format table loaders on arbitrary text: a name table, an
// architecture threshold map, each hazard check's data (warp sizes, vector
// operators, the PTX table), a build-file table. Each either loads or returns
// an error; what loads can be looked up.
#include "FuzzSupport.h"

using namespace musify;

static void lookUpAll(const RuleTable &Table) {
  Table.forEach([&](const Rule &R) {
    Table.find(R.Cuda, R.Kind);
    Table.findIdentifier(R.Cuda);
    Table.findHeader(R.Cuda);
  });
  Table.nvccImplicitHeader();
  Table.thresholdsFor("__CUDA_ARCH__");
}

// NOLINTNEXTLINE(readability-identifier-naming): libFuzzer names it
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text = fuzz::textOf(Data, Size);
  RuleTable Table;
  llvm::consumeError(Table.addTable(Text, "fuzz.json", "musa"));
  llvm::consumeError(Table.addThresholds(Text, "fuzz.json", "musa"));
  for (const HazardCheck *Check : hazardChecks())
    if (Check->dataFile())
      for (const char *Target : {"musa", "hip"})
        llvm::consumeError(Check->readData(Text, "fuzz.json", Target, Table));
  lookUpAll(Table);
  BuildRules Build;
  llvm::consumeError(Build.addTable(Text, "fuzz.json", "musa"));
  return 0;
}
