#include "report/ReportWriter.h"

#include "output/DepFile.h"
#include "output/OutputWriter.h"
#include "report/Sarif.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"

namespace musify {
namespace {

/// A file name that is not UTF-8 is written with replacement characters.
std::string jsonText(const nlohmann::json &J) {
  return J.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string currentFolder() {
  llvm::SmallString<256> Folder;
  llvm::sys::fs::current_path(Folder);
  return Folder.str().str();
}

} // namespace

std::string ReportWriter::reportedPath(llvm::StringRef Text) const {
  const std::string &Stdin = Settings.StdinFile;
  if (Stdin.empty())
    return Text.str();
  std::string Out;
  for (size_t At; (At = Text.find(Stdin)) != llvm::StringRef::npos;
       Text = Text.drop_front(At + Stdin.size()))
    Out += Text.take_front(At).str() + "<stdin>";
  return Out + Text.str();
}

bool ReportWriter::writeJson(const RunReport &Run) const {
  return Settings.Json.empty() || write(Settings.Json, jsonText(reportToJson(Run)));
}

bool ReportWriter::writeSarif(
    const RunReport &Run, bool Successful, llvm::StringRef SourceRoot,
    const std::map<std::string, std::vector<Edit>> &Edits) const {
  if (Settings.Sarif.empty())
    return true;
  SarifInvocation Invocation{Settings.CommandLine, currentFolder(), Successful};
  return write(Settings.Sarif,
               jsonText(reportToSarif(Run, Invocation, SourceRoot, Edits)));
}

bool ReportWriter::writeHtml(const RunReport &Run, const HtmlExtras &Extras) const {
  return Settings.Html.empty() || write(Settings.Html, reportToHtml(Run, Extras));
}

bool ReportWriter::writeDepFile(const std::set<std::string> &Read) const {
  if (Settings.DepFile.empty())
    return true;
  std::vector<std::string> Targets;
  for (const std::string &Named : Settings.OtherOutputs)
    if (!Named.empty())
      Targets.push_back(Named);
  for (const std::string *Named : {&Settings.Json, &Settings.Sarif, &Settings.Html})
    if (!Named->empty())
      Targets.push_back(*Named);
  llvm::Expected<std::string> Text = depFileText(Targets, Read);
  if (!Text) {
    Errs << "musify: error: " << llvm::toString(Text.takeError()) << "\n";
    return false;
  }
  return write(Settings.DepFile, *Text);
}

void ReportWriter::printClangCrashes(const FileReport &F) const {
  for (const std::string &Command : F.ClangCrashes)
    Errs << "musify: warning: Clang crashed while parsing '" << reportedPath(F.Path)
         << "' (contained); to reproduce, run: " << Command << "\n";
}

void ReportWriter::printParseFailure(const FileReport &F, bool AllowFallback) const {
  Errs << "musify: " << (AllowFallback ? "warning" : "error") << ": cannot parse '"
       << reportedPath(F.Path)
       << "'; it was migrated by the token rewriter, without semantic analysis:\n";
  for (const std::string &E : F.ParseErrors)
    Errs << "  " << reportedPath(E) << "\n";
}

void ReportWriter::printParseWarnings(const FileReport &F) const {
  if (F.StoodIn.empty() && !F.ErrorCount)
    return;
  Errs << "musify: warning: '" << reportedPath(F.Path) << "'";
  if (!F.StoodIn.empty()) {
    Errs << " includes headers that cannot be found, parsed as empty:";
    for (const auto &[Line, Header] : F.StoodIn)
      Errs << " " << Header << " (line " << Line << ")";
    Errs << (F.ErrorCount ? ";" : "\n");
  }
  if (!F.ErrorCount)
    return;
  unsigned There = llvm::count_if(
      F.Events, [](const Event &E) { return E.How == Evidence::ErrorRegion; });
  bool OneLine =
      F.ErrorLines.size() == 1 && F.ErrorLines[0].first == F.ErrorLines[0].second;
  Errs << " parsed with " << F.ErrorCount << " Clang error(s); the code they touch ("
       << (OneLine ? "line" : "lines");
  for (auto [First, Last] : F.ErrorLines)
    Errs << " " << First << (First == Last ? "" : "-" + std::to_string(Last));
  Errs << ") was migrated by the token rewriter, " << There << " reference(s) in it:\n";
  for (const std::string &E : F.ParseErrors)
    Errs << "  " << reportedPath(E) << "\n";
}

bool ReportWriter::write(const std::string &Path, const std::string &Content) const {
  if (llvm::Error E = writeFileAtomically(Path, Content)) {
    Errs << "musify: error: " << llvm::toString(std::move(E)) << "\n";
    return false;
  }
  return true;
}

} // namespace musify
