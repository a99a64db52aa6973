// Merging a unit's device-side parse into its host-side findings.
#include "find/DeviceSide.h"

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <tuple>

namespace musify {

namespace {

using Intervals = std::vector<std::pair<unsigned, unsigned>>; // [begin, end), sorted

std::map<std::string, Intervals> byFile(const std::vector<SkippedRegion> &Regions) {
  std::map<std::string, Intervals> Files;
  for (const SkippedRegion &R : Regions)
    Files[R.File].push_back({R.Begin, R.End});
  for (auto &[File, List] : Files)
    llvm::sort(List);
  return Files;
}

bool inside(const std::map<std::string, Intervals> &Regions, const Place &At) {
  auto It = Regions.find(At.File);
  if (It == Regions.end())
    return false;
  // The last interval that begins at or before the offset.
  auto After = llvm::upper_bound(It->second, std::make_pair(At.Offset, ~0u));
  return After != It->second.begin() && At.Offset < std::prev(After)->second;
}

} // namespace

void mergeDeviceSide(TranslationUnitFindings &Host,
                     const TranslationUnitFindings &Device) {
  std::map<std::string, Intervals> HostSkipped = byFile(Host.Skipped);
  for (const Reference &R : Device.References)
    if (inside(HostSkipped, R.At))
      Host.References.push_back(R);
  for (const KernelLaunch &L : Device.Launches)
    if (inside(HostSkipped, L.At))
      Host.Launches.push_back(L);
  for (const DynamicShared &S : Device.SharedArrays)
    if (inside(HostSkipped, S.At))
      Host.SharedArrays.push_back(S);
  for (const Hazard &H : Device.Hazards)
    if (inside(HostSkipped, H.At))
      Host.Hazards.push_back(H);
  Host.UserFiles.insert(Device.UserFiles.begin(), Device.UserFiles.end());

  // Only what both sides skipped is left to the token rewriter.
  Host.Skipped = overlap(Host.Skipped, Device.Skipped);
}

std::vector<SkippedRegion> overlap(const std::vector<SkippedRegion> &A,
                                   const std::vector<SkippedRegion> &B) {
  std::map<std::string, Intervals> OfB = byFile(B);
  std::vector<SkippedRegion> Both;
  for (const SkippedRegion &R : A)
    if (auto It = OfB.find(R.File); It != OfB.end())
      for (auto [BB, BE] : It->second)
        if (std::max(R.Begin, BB) < std::min(R.End, BE))
          Both.push_back(
              {R.File, std::max(R.Begin, BB), std::min(R.End, BE), R.DeviceOnly});
  return Both;
}

std::vector<SkippedRegion> subtract(const std::vector<SkippedRegion> &A,
                                    const std::vector<SkippedRegion> &B) {
  std::map<std::string, Intervals> OfB = byFile(B);
  std::vector<SkippedRegion> Left;
  for (const SkippedRegion &R : A) {
    unsigned From = R.Begin;
    if (auto It = OfB.find(R.File); It != OfB.end())
      for (auto [BB, BE] : It->second) { // sorted: cut what each one covers
        if (BE <= From || BB >= R.End)
          continue;
        if (BB > From)
          Left.push_back({R.File, From, BB, R.DeviceOnly});
        From = std::max(From, BE);
      }
    if (From < R.End)
      Left.push_back({R.File, From, R.End, R.DeviceOnly});
  }
  return Left;
}

} // namespace musify
