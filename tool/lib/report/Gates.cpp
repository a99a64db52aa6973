// --fail-on kinds, each a count of the run's totals.
#include "report/Gates.h"
#include "core/WorkingFolder.h"

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

/// The files a kind that counts files counts, as the console shows them;
/// empty for a kind that counts names or places.
std::vector<std::string> filesCounted(const RunReport &Report, llvm::StringRef Kind) {
  std::vector<std::string> Files;
  for (const FileReport &F : Report.Files) {
    bool Counted = Kind == "build"      ? F.BuildBlockers && !F.BuildBlockers->empty()
                   : Kind == "errors"   ? F.ErrorCount || !F.ParseErrors.empty()
                   : Kind == "fallback" ? F.How == Analysis::TokenFallback
                                        : false;
    if (Counted)
      Files.push_back(oneLine(displayPath(F.Path)));
  }
  return Files;
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
                                      const Totals &Found, const RunReport &Report) {
  const size_t MostFiles = 10;
  bool Any = llvm::is_contained(Names, "any");
  std::vector<std::string> Tripped;
  for (const GateKind &Kind : gateKinds())
    if (Any || llvm::is_contained(Names, Kind.Name))
      if (unsigned N = Found.*Kind.Count) {
        std::string Gate = "--fail-on=" + Kind.Name.str() + ": " + std::to_string(N) +
                           " " + Kind.Counts.str();
        std::vector<std::string> Files = filesCounted(Report, Kind.Name);
        if (Files.size() > MostFiles)
          Files.resize(MostFiles), Files.push_back("...");
        if (!Files.empty())
          Gate += ": " + llvm::join(Files, ", ");
        Tripped.push_back(std::move(Gate));
      }
  return Tripped;
}

} // namespace musify
