// A cache entry (or a shard's export entry) on arbitrary bytes, read as
// UnitCache::lookup reads one: a damaged or forged entry is a miss, never a
// crash; one that decodes names only files of the run, at offsets inside
// them. The files of the run are /project/...; each reads as 1000 bytes
// whose digest is "d", so that seeds pass the staleness check and reach the
// checks behind it.
#include "FuzzSupport.h"
#include "cache/UnitCache.h"

using namespace musify;

namespace {

constexpr uint64_t FileSize = 1000;

bool isRunFile(llvm::StringRef Path) { return Path.starts_with("/project/"); }

void requireInside(const std::string &File, uint64_t Begin, uint64_t End) {
  fuzz::require(isRunFile(File), "an entry used names only files of the run");
  fuzz::require(Begin <= End && End <= FileSize, "an entry used has offsets inside");
}

} // namespace

// NOLINTNEXTLINE(readability-identifier-naming): libFuzzer names it
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::string Text(reinterpret_cast<const char *>(Data), Size);
  auto FileOf = [](const std::string &) {
    return std::optional<UnitCache::FileSeen>(UnitCache::FileSeen{"d", FileSize});
  };
  auto Exists = [](llvm::StringRef Path) { return Path.ends_with("/present.h"); };
  std::string Damage;
  std::optional<ParsedUnit> Unit =
      UnitCache::decodeEntry(Text, "fuzzkey", {isRunFile, FileOf, Exists}, Damage);
  if (!Unit)
    return 0;
  fuzz::require(Damage.empty(), "an entry used is not called damaged");
  const TranslationUnitFindings &F = Unit->Findings;
  for (const Reference &R : F.References)
    requireInside(R.At.File, R.At.Offset, uint64_t(R.At.Offset) + R.Length);
  for (const KernelLaunch &L : F.Launches) {
    requireInside(L.At.File, L.CalleeBegin, L.CalleeEnd);
    for (const auto &[Begin, End] : L.Config)
      requireInside(L.At.File, Begin, End);
  }
  for (const DynamicShared &S : F.SharedArrays)
    for (const auto &[Begin, End] : S.TypeRuns)
      requireInside(S.At.File, Begin, End);
  for (const Hazard &H : F.Hazards)
    requireInside(H.At.File, H.At.Offset, H.End);
  for (const SkippedRegion &R : F.Skipped)
    requireInside(R.File, R.Begin, R.End);
  for (const std::string &File : F.UserFiles)
    fuzz::require(isRunFile(File), "an entry used reads only files of the run");
  for (const std::string &File : Unit->Absent)
    fuzz::require(isRunFile(File) && !Exists(File), "absent paths of the run, absent");
  return 0;
}
