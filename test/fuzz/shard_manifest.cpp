// A shard manifest on arbitrary bytes, read as `musify merge` reads one: a
// damaged one is an error, never a crash; one that reads is shard K of N
// with 1 <= K <= N, and its settings compare with themselves and others.
#include "FuzzSupport.h"
#include "cache/Shards.h"

using namespace musify;

// NOLINTNEXTLINE(readability-identifier-naming): libFuzzer names it
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::string Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<ShardManifest> M = parseManifest(Text, "shard-1-of-2.json");
  if (!M) {
    fuzz::require(!llvm::toString(M.takeError()).empty(), "an error says why");
    return 0;
  }
  fuzz::require(M->Index >= 1 && M->Index <= M->Count, "shard K of N, 1 <= K <= N");
  fuzz::require(settingsDifference(M->Settings, "a", M->Settings, "b").empty(),
                "settings agree with themselves");
  MigrationSettings Other = M->Settings;
  Other["--target"].push_back("other");
  fuzz::require(!settingsDifference(M->Settings, "a", Other, "b").empty(),
                "a setting that differs is named");
  return 0;
}
