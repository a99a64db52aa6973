// Writing SARIF 2.1.0 (OASIS; the schema is test/report/sarif/).
#include "report/Sarif.h"

#include "model/Findings.h"
#include "report/CodeHelp.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <set>

namespace musify {

namespace {

class SarifWriter {
public:
  SarifWriter(const RunReport &Report, llvm::StringRef SourceRoot,
              const EditsOfFile &Edits)
      : Report(Report), Root(SourceRoot), Edits(Edits) {}

  /// Each result in turn to Out: the findings, then what each file's
  /// analysis could not do.
  void results(const std::function<void(const nlohmann::json &)> &Out) {
    forEachFinding(Report, [&](const Finding &Fd) {
      nlohmann::json R =
          result(Fd.Code, Fd.Severity, Fd.Message, Fd.File, Fd.At, Fd.From);
      // A hazard cause: each use is a related location.
      for (const Place &Use : Fd.Related)
        R["relatedLocations"].push_back(
            {{"id", R["relatedLocations"].size()},
             {"physicalLocation", location(Use.File, Use)},
             {"message", {{"text", "a use of '" + Fd.Subject + "'"}}}});
      Out(R);
    });
    for (const FileReport &F : Report.Files) {
      if (F.How == Analysis::TokenFallback)
        Out(result("no-semantics", "warning",
                   "migrated without semantic analysis" +
                       (F.FallbackReason.empty() ? "" : ": " + F.FallbackReason),
                   F.Path, Place{}, nullptr));
      for (auto [First, Last] : F.ErrorLines)
        Out(result("no-semantics", "warning",
                   "lines " + std::to_string(First) + "-" + std::to_string(Last) +
                       " hold code Clang could not make sense of: they were migrated by "
                       "spelling",
                   F.Path, Place{F.Path, 0, First, 1}, nullptr));
      if (F.BuildBlockers)
        for (const BuildBlocker &B : *F.BuildBlockers)
          Out(result("build-blocker", "error",
                     "'" + B.Name + "' (" + B.Kind +
                         ") stops this file from building for " +
                         Report.Target.DisplayName,
                     F.Path, B.At, nullptr));
    }
  }

  /// A rule for every code the results use, in the order of codeHelps().
  nlohmann::json rules() const {
    nlohmann::json Rules = nlohmann::json::array();
    for (const CodeHelp &C : codeHelps())
      if (Used.count(C.Code))
        Rules.push_back({{"id", ruleId(C.Code)},
                         {"name", C.Code},
                         {"shortDescription", {{"text", C.Short}}},
                         {"fullDescription", {{"text", C.Help}}},
                         {"help", {{"text", C.Help}}},
                         {"defaultConfiguration", {{"level", C.Level}}}});
    for (const std::string &Code : Used)
      if (!codeHelp(Code))
        Rules.push_back({{"id", ruleId(Code)}, {"shortDescription", {{"text", Code}}}});
    return Rules;
  }

  /// A file's URI: relative to SRCROOT where it lies under the root.
  nlohmann::json artifact(llvm::StringRef Path) const {
    llvm::StringRef Rel = Path;
    if (!Root.empty() && Path.starts_with(Root) &&
        (Path.size() == Root.size() || Path[Root.size()] == '/'))
      return {{"uri", uriOf(Path.drop_front(Root.size()).ltrim('/'))},
              {"uriBaseId", "SRCROOT"}};
    return {{"uri", (Rel.starts_with("/") ? "file://" : "") + uriOf(Rel)}};
  }

private:
  /// The code as the console tags it ([musify-unsupported]): one name for a
  /// finding in every view.
  static std::string ruleId(llvm::StringRef Code) { return ("musify-" + Code).str(); }

  static std::string uriOf(llvm::StringRef Path) {
    std::string Out;
    for (char C : Path)
      if (llvm::isAlnum(C) || llvm::StringRef("/-._~").contains(C))
        Out += C;
      else
        Out += "%" + llvm::utohexstr(static_cast<unsigned char>(C), false, 2);
    return Out;
  }

  nlohmann::json location(const std::string &Path, const Place &At) const {
    nlohmann::json Location = {{"artifactLocation", artifact(Path)}};
    if (At.Line)
      Location["region"] = {{"startLine", At.Line}, {"startColumn", At.Column}};
    return Location;
  }

  nlohmann::json result(const std::string &Code, const std::string &Severity,
                        const std::string &Message, const std::string &Path,
                        const Place &At, const Event *From) {
    Used.insert(Code);
    nlohmann::json R = {{"ruleId", ruleId(Code)},
                        {"level", Severity == "error" ? "error" : "warning"},
                        {"message", {{"text", Message}}},
                        {"locations", {{{"physicalLocation", location(Path, At)}}}}};
    if (From) {
      R["properties"] = {{"cuda", From->Cuda}, {"status", eventStatusName(From->Status)}};
      if (!From->Family.empty())
        R["properties"]["family"] = From->Family;
      if (nlohmann::json Fix = fix(Path, *From); !Fix.is_null())
        // Not `{Fix}`: clang reads one braced json as a copy of it, not an array.
        R["fixes"] = nlohmann::json::array({Fix});
    }
    return R;
  }

  /// The edits musify made on the finding's line from its place on: what a
  /// viewer shows as the fix's before and after.
  nlohmann::json fix(const std::string &Path, const Event &E) {
    if (E.Status == EventStatus::Unsupported || E.Status == EventStatus::Unknown)
      return nullptr;
    // A file's findings come together: its edits are asked once for them.
    if (EditsPath != Path) {
      EditsPath = Path;
      PathEdits = Edits(Path);
    }
    nlohmann::json Replacements = nlohmann::json::array();
    for (const Edit &Ed : PathEdits)
      if (Ed.Offset >= E.At.Offset && Ed.Offset < E.At.Offset + E.Cuda.size() + 1)
        Replacements.push_back(
            {{"deletedRegion", {{"charOffset", Ed.Offset}, {"charLength", Ed.Length}}},
             {"insertedContent", {{"text", Ed.Text}}}});
    if (Replacements.empty())
      return nullptr;
    return {{"description", {{"text", "musify's migration of '" + E.Cuda + "'"}}},
            {"artifactChanges",
             {{{"artifactLocation", artifact(Path)},
               {"replacements", std::move(Replacements)}}}}};
  }

  const RunReport &Report;
  std::string Root;
  const EditsOfFile &Edits;
  std::string EditsPath; ///< whose edits PathEdits are
  std::vector<Edit> PathEdits;
  std::set<std::string> Used;
};

} // namespace

void writeSarif(const RunReport &Report, const SarifInvocation &Invocation,
                llvm::StringRef SourceRoot, const EditsOfFile &Edits,
                llvm::raw_ostream &OS) {
  std::vector<std::string> Quoted;
  for (const std::string &A : Invocation.Arguments)
    Quoted.push_back(A.find_first_of(" \t'\"") == std::string::npos ? A : "'" + A + "'");
  // The results and the rules (the codes the results use) are written into
  // the log's text as they are made.
  nlohmann::json Driver = {{"name", "musify"},
                           {"version", Report.ToolVersion},
                           {"semanticVersion", Report.ToolVersion},
                           {"rules", nlohmann::json::array()}};
  nlohmann::json Run = {{"tool", {{"driver", std::move(Driver)}}},
                        {"invocations",
                         {{{"commandLine", llvm::join(Quoted, " ")},
                           {"arguments", Invocation.Arguments},
                           {"executionSuccessful", Invocation.Successful},
                           {"workingDirectory",
                            {{"uri", "file://" + Invocation.WorkingDirectory + "/"}}}}}},
                        {"originalUriBaseIds",
                         {{"SRCROOT", {{"uri", "file://" + SourceRoot.str() + "/"}}}}},
                        {"results", nlohmann::json::array()},
                        {"properties",
                         {{"target", Report.Target.Name},
                          {"targetVersion", Report.TargetVersion},
                          {"cudaPath", Report.CudaPath},
                          {"cudaVersion", Report.CudaVersion}}}};
  nlohmann::json Head = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                         {"version", "2.1.0"},
                         {"runs", {std::move(Run)}}};
  SarifWriter Writer(Report, SourceRoot, Edits);
  JsonStreamWriter Out(OS, Head);
  Out.openArray("results"); // "results" comes before "tool"
  Writer.results([&Out](const nlohmann::json &R) { Out.add(R); });
  Out.closeArray();
  Out.openArray("rules");
  for (const nlohmann::json &Rule : Writer.rules())
    Out.add(Rule);
  Out.closeArray();
  Out.finish();
  OS << "\n";
}

} // namespace musify
