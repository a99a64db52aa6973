// A user's rule file (--rules FILE) on arbitrary bytes: a table in the
// shipped format or a flat mapping ({"cudaFoo": "musaFoo"}), read from a
// file as musify reads it, over shipped entries it may override.
#include "FuzzSupport.h"

using namespace musify;

// A few shipped entries of each kind: copying the whole shipped tables for
// every input would cost more than reading the input.
static const RuleTable &shippedSample() {
  static const RuleTable Sample = [] {
    RuleTable T;
    llvm::Error E = T.addTable(R"({"target": "musa", "family": "runtime", "entries": [
      {"cuda": "cudaMalloc", "kind": "function", "status": "supported",
       "target": "musaMalloc", "check": "musa-table"},
      {"cuda": "cudaStream_t", "kind": "type", "status": "supported",
       "target": "musaStream_t", "check": "musa-table"},
      {"cuda": "cudaSuccess", "kind": "enumerator", "status": "supported",
       "target": "musaSuccess", "check": "musa-table"},
      {"cuda": "cuda_runtime.h", "kind": "header", "status": "supported",
       "target": "musa_runtime.h", "check": "musa-table"}]})",
                               "shipped.json", "musa");
    fuzz::require(!E, "the sample table loads");
    return T;
  }();
  return Sample;
}

// NOLINTNEXTLINE(readability-identifier-naming): libFuzzer names it
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Path = fuzz::writeScratch("rules.json", Data, Size);
  RuleTable Table = shippedSample();
  if (llvm::Error E = Table.addUserFile(Path, "musa")) {
    llvm::consumeError(std::move(E));
    return 0;
  }
  Table.forEach([&](const Rule &R) {
    if (!R.FromUser)
      return;
    const Rule *Found = R.Kind == RuleKind::Header ? Table.findHeader(R.Cuda)
                                                   : Table.findIdentifier(R.Cuda);
    fuzz::require(Found != nullptr, "a user's rule is found by its name");
  });
  return 0;
}
