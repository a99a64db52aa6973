// --fail-on kinds, each a count of the run's totals.
#include "report/Gates.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace musify {

llvm::ArrayRef<GateKind> gateKinds() {
  static const GateKind Kinds[] = {
      {"unsupported", "name(s) with no equivalent in the target", &Totals::Unsupported},
      {"unknown", "CUDA-looking name(s) the rules do not know", &Totals::Unknown},
      {"hazard", "hazard(s) (code that compiles but may behave differently)",
       &Totals::Hazards},
      {"build", "file(s) predicted not to build", &Totals::PredictedNotToBuild},
      {"errors", "source(s) with Clang errors", &Totals::FilesWithClangErrors},
      {"fallback", "file(s) migrated without semantic analysis",
       &Totals::FilesWithoutSemantics},
      {"deprecated", "name(s) CUDA deprecated or removed", &Totals::DeprecatedOrRemoved},
      {"conflicts", "conflict(s) between two parses' edits", &Totals::Conflicts},
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
      if (unsigned N = Found.*Kind.Count)
        Tripped.push_back("--fail-on=" + Kind.Name.str() + ": " + std::to_string(N) +
                          " " + Kind.Counts.str());
  return Tripped;
}

} // namespace musify
