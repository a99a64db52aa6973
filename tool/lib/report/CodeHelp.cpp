// The diagnostic codes' help texts, shared by every view that explains them.
#include "report/CodeHelp.h"
#include "hazards/HazardCheck.h"

#include <iterator>
#include <vector>

namespace musify {

namespace {

// The codes of findings, then (after "removed") the hazards' from their checks,
// then the codes of the run's own problems.
constexpr CodeHelp Findings[] = {
    {"unsupported", "warning", "A CUDA name the target has no equivalent for",
     "The name is left as written and the file will not build for the target "
     "until it is replaced by hand; the note says why the target lacks it."},
    {"unknown", "warning", "A CUDA name the rule tables do not know",
     "The name is declared by the CUDA SDK (or a library the tables describe) but "
     "no table names it: it is left as written. Add a rule (--rules) if the target "
     "has a counterpart."},
    {"review", "warning", "A migration a person must check",
     "The name was migrated, but the result depends on something musify cannot "
     "verify (an architecture number, an install folder, an overload)."},
    {"disputed", "warning", "A migration whose sources disagree",
     "The rule tables' sources disagree on the target name; the note names the "
     "alternative. Check that the migrated name is the one the target declares."},
    {"dropped-argument", "warning", "A call that lost an argument",
     "The target's function does not take one of CUDA's arguments; dropping it "
     "changes nothing only for the values the note lists."},
    {"arch-comparison", "warning", "A translated architecture comparison",
     "A comparison of the CUDA architecture macro was translated through the "
     "threshold map; check the branch it now takes."},
    {"deprecated", "warning", "A name CUDA deprecated",
     "CUDA deprecated the name; it was migrated, or kept, as the message says."},
    {"removed", "warning", "A name CUDA removed",
     "CUDA removed the name; code that uses it does not build with a recent SDK."},
};

constexpr CodeHelp Problems[] = {
    {"conflict", "error", "Two parses want different edits of one place",
     "Two translation units see this header differently (other macros or flags); "
     "neither edit was applied. Migrate this place by hand."},
    {"no-semantics", "warning", "A file migrated without semantic analysis",
     "No parse covered the file (or parts of it): its names were migrated by "
     "spelling. Give musify the flags the file is built with."},
    {"build-blocker", "error", "The migrated file will not build",
     "Something the migration left (an unsupported or unknown name that the "
     "parse compiled) stops the file from building for the target."},
};

std::vector<CodeHelp> allCodes() {
  std::vector<CodeHelp> Codes(std::begin(Findings), std::end(Findings));
  for (const HazardCheck *Check : hazardChecks())
    Codes.push_back({Check->name(), Check->level(), Check->title(), Check->advice()});
  Codes.insert(Codes.end(), std::begin(Problems), std::end(Problems));
  return Codes;
}

} // namespace

llvm::ArrayRef<CodeHelp> codeHelps() {
  static const std::vector<CodeHelp> Codes = allCodes();
  return Codes;
}

const CodeHelp *codeHelp(llvm::StringRef Code) {
  for (const CodeHelp &C : codeHelps())
    if (Code == C.Code)
      return &C;
  return nullptr;
}

} // namespace musify
