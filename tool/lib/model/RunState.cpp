#include "model/RunState.h"

#include "llvm/Support/MemoryBuffer.h"

namespace musify {

llvm::StringRef RunState::text(FileState &S) {
  if (!S.Text) {
    auto Buffer = llvm::MemoryBuffer::getFile(S.Report.Path, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    S.Text = Buffer ? (*Buffer)->getBuffer().str() : std::string();
  }
  return *S.Text;
}

namespace {

/// Item kept at its place's index in List, or added there; a later one
/// replaces it only where Replaces says.
template <typename T, typename ReplacesFn>
void keepAt(std::vector<T> &List, llvm::DenseMap<unsigned, unsigned> &Index,
            unsigned Offset, T &Item, ReplacesFn Replaces) {
  auto [It, New] = Index.try_emplace(Offset, List.size());
  if (New)
    List.push_back(std::move(Item));
  else if (Replaces(Item, List[It->second]))
    List[It->second] = std::move(Item);
}

/// Item added unless its key was seen.
template <typename T, typename Key>
void keepFirst(std::vector<T> &List, std::set<Key> &Seen, const Key &K, T &Item) {
  if (Seen.insert(K).second)
    List.push_back(std::move(Item));
}

} // namespace

void RunState::keepFound(TranslationUnitFindings &Found) {
  auto Never = [](const auto &, const auto &) { return false; };
  for (Reference &R : Found.References)
    keepAt(References, FoundIn[R.At.File].References, R.At.Offset, R,
           [](const Reference &New, const Reference &Kept) {
             return strengthOf(New.How) > strengthOf(Kept.How);
           });
  for (KernelLaunch &L : Found.Launches)
    keepAt(Launches, FoundIn[L.At.File].Launches, L.At.Offset, L, Never);
  for (DynamicShared &D : Found.SharedArrays)
    keepAt(SharedArrays, FoundIn[D.At.File].SharedArrays, D.At.Offset, D, Never);
  for (Hazard &H : Found.Hazards)
    keepFirst(Hazards, FoundIn[H.At.File].Hazards,
              {H.At.Offset, static_cast<unsigned>(H.Kind)}, H);
  for (SkippedRegion &R : Found.Skipped)
    keepFirst(Skipped, FoundIn[R.File].Skipped, {R.Begin, R.End}, R);
}

namespace {

/// Moves each item of From to the list of its file's state in Apart.
template <typename T, typename FileOfFn>
void moveByFile(std::vector<T> &From, std::vector<T> RunState::*List,
                std::map<std::string, RunState> &Apart, FileOfFn FileOf) {
  for (T &Item : From)
    (Apart[FileOf(Item)].*List).push_back(std::move(Item));
  From = std::vector<T>();
}

} // namespace

std::map<std::string, RunState> RunState::splitByFile() {
  std::map<std::string, RunState> Apart;
  while (!Files.empty()) {
    auto File = Files.extract(Files.begin());
    Apart[File.key()].Files.insert(std::move(File));
  }
  auto AtFile = [](const auto &X) -> const std::string & { return X.At.File; };
  auto InFile = [](const SkippedRegion &R) -> const std::string & { return R.File; };
  moveByFile(References, &RunState::References, Apart, AtFile);
  moveByFile(Launches, &RunState::Launches, Apart, AtFile);
  moveByFile(SharedArrays, &RunState::SharedArrays, Apart, AtFile);
  moveByFile(Hazards, &RunState::Hazards, Apart, AtFile);
  moveByFile(Skipped, &RunState::Skipped, Apart, InFile);
  moveByFile(ErrorRegions, &RunState::ErrorRegions, Apart, InFile);
  moveByFile(ReliesOnImplicitHeader, &RunState::ReliesOnImplicitHeader, Apart,
             [](const std::string &Unit) { return Unit; });
  return Apart;
}

} // namespace musify
