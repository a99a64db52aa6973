// Predicting, from the events alone, whether each migrated source and build
// file builds for the target: the report says so before any compiler runs,
// and the corpus and project checks (musify-validate) hold it to that.
#include "hazards/HazardCheck.h"
#include "report/Report.h"

#include "llvm/ADT/STLExtras.h"

namespace musify {

namespace {

/// A file's own blockers and risks.
struct OwnImpacts {
  std::vector<BuildBlocker> Blocks, Risks;
};

OwnImpacts ownImpacts(const FileReport &F) {
  OwnImpacts Own;
  auto Add = [&](BuildImpact Impact, BuildBlocker B) {
    if (Impact != BuildImpact::None)
      (Impact == BuildImpact::Blocks ? Own.Blocks : Own.Risks).push_back(std::move(B));
  };
  for (const Event &E : F.Events)
    Add(E.Impact, {E.At, eventStatusName(E.Status), E.Cuda});
  for (const HazardRecord &H : F.Hazards)
    Add(hazardCheck(H.Kind).buildImpact(H), {H.At, hazardKindName(H.Kind), H.Text});
  return Own;
}

} // namespace

void predictBuilds(std::vector<FileReport> &Files,
                   const std::map<std::string, UnitReach> &Units,
                   const ReportSpill *Spill) {
  std::map<std::string, OwnImpacts> Own;
  for (const FileReport &Each : Files)
    if (Each.How != Analysis::Python)
      withEntries(Spill, Each, [&](const FileReport &F) { Own[F.Path] = ownImpacts(F); });
  for (FileReport &F : Files) {
    auto It = Own.find(F.Path);
    if (It == Own.end())
      continue;
    auto Unit = Units.find(F.Path);
    // A build file, a header, or a unit no parse covered: its own words.
    if (Unit == Units.end()) {
      F.BuildBlockers = It->second.Blocks;
      F.BuildRisks = It->second.Risks;
      continue;
    }
    // A unit builds only if what it compiles of itself and of the headers
    // it includes does: a header's branch another unit enables is not its.
    auto Compiles = [&](const BuildBlocker &B) {
      return Unit->second.compiles(B.At.File, B.At.Offset);
    };
    std::vector<BuildBlocker> Blocks;
    auto Take = [&](const OwnImpacts &I) {
      llvm::copy_if(I.Blocks, std::back_inserter(Blocks), Compiles);
      llvm::copy_if(I.Risks, std::back_inserter(F.BuildRisks), Compiles);
    };
    Take(It->second);
    for (const std::string &Header : Unit->second.Files)
      if (auto H = Own.find(Header); Header != F.Path && H != Own.end())
        Take(H->second);
    F.BuildBlockers = std::move(Blocks);
  }
}

} // namespace musify
