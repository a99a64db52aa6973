#include "decide/DecideStage.h"

#include "core/KeepOnePerKey.h"
#include "decide/TextContext.h"

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <tuple>

namespace musify {
namespace {

/// Edits of one decision made at Where; a conflict is reported there.
/// Whether every edit went in.
bool addEdits(FileState &S, const std::vector<Edit> &Edits, const Place &Where,
              bool AfterInsertions = false) {
  bool All = true;
  for (const Edit &E : Edits) {
    EditConflict Conflict;
    EditSet::AddResult Added = AfterInsertions ? S.Edits.addAfterInsertions(E, &Conflict)
                                               : S.Edits.add(E, &Conflict);
    if (Added != EditSet::AddResult::Conflict)
      continue;
    All = false;
    Place At = Where;
    std::tie(At.Line, At.Column) =
        LineIndex(RunState::text(S)).lineAndColumn(Conflict.Incoming.Offset);
    S.Report.Conflicts.push_back({At, Conflict.Existing.Text, Conflict.Incoming.Text});
  }
  return All;
}

void decideReferences(RunState &State, const Decider &Decide) {
  // Of one piece of text found by several parses, the strongest evidence.
  keepOnePerKey(
      State.References,
      [](const Reference &R) { return std::tie(R.At.File, R.At.Offset); },
      [](const Reference &R) { return -strengthOf(R.How); });
  for (const Reference &Ref : State.References) {
    FileState &S = State.state(Ref.At.File);
    if (S.leftOut())
      continue;
    if (!S.Excluded)
      S.Excluded = excludedRanges(RunState::text(S));
    record(S, Decide.decide(Ref, RunState::text(S), *S.Excluded));
  }
}

void decideLaunches(RunState &State, const Decider &Decide) {
  keepOnePerKey(State.Launches,
                [](const KernelLaunch &L) { return std::tie(L.At.File, L.At.Offset); });
  for (const KernelLaunch &L : State.Launches)
    if (FileState &S = State.state(L.At.File); !S.leftOut())
      record(S, Decide.decide(L, RunState::text(S)));
}

void decideSharedArrays(RunState &State, const Decider &Decide) {
  keepOnePerKey(State.SharedArrays,
                [](const DynamicShared &S) { return std::tie(S.At.File, S.At.Offset); });
  for (const DynamicShared &Shared : State.SharedArrays)
    if (FileState &S = State.state(Shared.At.File); !S.leftOut())
      if (std::optional<Decision> D = Decide.decide(Shared))
        record(S, std::move(*D));
}

/// Includes put at a file's top: nvcc's implicit header, then helpers.
void decideTopIncludes(RunState &State, const Decider &Decide) {
  std::map<std::string, std::vector<Decision>> AtTop;
  for (const std::string &Path : State.ReliesOnImplicitHeader)
    if (std::optional<Decision> D =
            Decide.implicitHeader(Path, RunState::text(State.state(Path))))
      AtTop[Path].push_back(std::move(*D));
  for (auto &[Path, S] : State.Files)
    for (auto &[Header, Users] : S.Helpers) {
      llvm::sort(Users);
      Users.erase(std::unique(Users.begin(), Users.end()), Users.end());
      AtTop[Path].push_back(Decide.helperHeader(Path, RunState::text(S), Header, Users));
    }
  // Whole lines at one offset, where an #include that needs a header
  // first may have put that header already: they go after it.
  for (auto &[Path, Decisions] : AtTop)
    for (Decision &D : Decisions) {
      FileState &S = State.state(Path);
      addEdits(S, D.Edits, D.Outcome.At, /*AfterInsertions=*/true);
      S.Report.Events.push_back(std::move(D.Outcome));
    }
}

void decideHazards(RunState &State, const Decider &Decide) {
  // A header's hazards are found by every unit that includes it.
  keepOnePerKey(State.Hazards,
                [](const Hazard &H) { return std::tie(H.At.File, H.At.Offset, H.Kind); });
  for (const Hazard &H : State.Hazards)
    if (FileState &S = State.state(H.At.File); !S.leftOut()) {
      HazardDecision D = Decide.assess(H, RunState::text(S));
      if (!addEdits(S, D.Edits, D.Record.At) && D.Record.Defused) {
        D.Record.Defused = false;
        D.Record.Message += "; but a migration inside it conflicts with that: it is left "
                            "as it is";
      } else if (D.Record.Defused) {
        // Code a hazard's edit replaced (inline PTX) holds no references any more.
        for (const Edit &E : D.Edits)
          llvm::erase_if(S.Report.Events, [&](const Event &Ev) {
            return E.Length && Ev.At.Offset >= E.Offset &&
                   Ev.At.Offset < E.Offset + E.Length;
          });
      }
      S.Report.Hazards.push_back(std::move(D.Record));
    }
}

} // namespace

void decideAll(RunState &State, const Decider &Decide) {
  decideReferences(State, Decide);
  decideLaunches(State, Decide);
  decideSharedArrays(State, Decide);
  decideTopIncludes(State, Decide);
  decideHazards(State, Decide);
  for (auto &[Path, S] : State.Files)
    llvm::stable_sort(S.Report.Events, [](const Event &A, const Event &B) {
      return A.At.Offset < B.At.Offset;
    });
}

void record(FileState &S, Decision D) {
  addEdits(S, D.Edits, D.Outcome.At);
  if (!D.Helper.empty())
    S.Helpers[D.Helper].push_back(D.Outcome.Replacement);
  S.Report.Events.push_back(std::move(D.Outcome));
}

} // namespace musify
