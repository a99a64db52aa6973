// --fail-on kinds, each a count of the run's totals.
#include "report/Gates.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace musify {

llvm::ArrayRef<GateKind> gateKinds() {
  static const GateKind Kinds[] = {
      {"unsupported", "name(s) with no equivalent in the target",
       [](const Totals &T) { return T.Unsupported; }},
      {"unknown", "CUDA-looking name(s) the rules do not know",
       [](const Totals &T) { return T.Unknown; }},
      {"hazard", "hazard(s) (code that compiles but may behave differently)",
       [](const Totals &T) { return T.Hazards; }},
      {"build", "file(s) predicted not to build",
       [](const Totals &T) { return T.PredictedNotToBuild; }},
      {"errors", "source(s) with Clang errors",
       [](const Totals &T) { return T.FilesWithClangErrors; }},
      {"fallback", "file(s) migrated without semantic analysis",
       [](const Totals &T) { return T.FilesWithoutSemantics; }},
      {"deprecated", "name(s) CUDA deprecated or removed",
       [](const Totals &T) { return T.DeprecatedOrRemoved; }},
      {"conflicts", "conflict(s) between two parses' edits",
       [](const Totals &T) { return T.Conflicts; }},
  };
  return Kinds;
}

namespace {

const GateKind *kindNamed(llvm::StringRef Name) {
  for (const GateKind &Kind : gateKinds())
    if (Kind.Name == Name)
      return &Kind;
  return nullptr;
}

} // namespace

std::optional<std::string> invalidGateNames(llvm::ArrayRef<std::string> Names) {
  for (const std::string &Name : Names)
    if (Name != "any" && !kindNamed(Name)) {
      std::vector<llvm::StringRef> Known;
      for (const GateKind &Kind : gateKinds())
        Known.push_back(Kind.Name);
      Known.push_back("any");
      return "--fail-on: unknown kind '" + Name + "' (kinds: " + llvm::join(Known, ", ") +
             ")";
    }
  return std::nullopt;
}

std::vector<std::string> trippedGates(llvm::ArrayRef<std::string> Names,
                                      const Totals &Found) {
  bool Any = llvm::is_contained(Names, "any");
  std::vector<std::string> Tripped;
  for (const GateKind &Kind : gateKinds())
    if (Any || llvm::is_contained(Names, Kind.Name))
      if (unsigned N = Kind.Count(Found))
        Tripped.push_back("--fail-on=" + Kind.Name.str() + ": " + std::to_string(N) +
                          " " + Kind.Counts.str());
  return Tripped;
}

} // namespace musify
