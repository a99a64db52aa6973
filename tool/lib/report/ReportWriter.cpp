#include "report/ReportWriter.h"

#include "core/WorkingFolder.h"
#include "output/OutputWriter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

namespace musify {

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

RunReport ReportWriter::reportOf(RunReport Run, RunState &State) const {
  for (auto &[Path, S] : State.Files) {
    if (S.leftOut())
      Run.LeftOut.push_back(Path);
    else if (!S.is(FileRole::Other))
      Run.Files.push_back(std::move(S.Report));
  }
  predictBuilds(Run.Files, State.Units, Run.Spill);
  for (std::string &Input : Run.Inputs)
    Input = reportedPath(Input);
  for (FileReport &F : Run.Files) {
    F.Path = reportedPath(F.Path);
    for (std::string &Error : F.ParseErrors)
      Error = reportedPath(Error);
    if (F.BuildBlockers)
      for (BuildBlocker &B : *F.BuildBlockers)
        B.At.File = reportedPath(B.At.File);
    for (BuildBlocker &B : F.BuildRisks)
      B.At.File = reportedPath(B.At.File);
  }
  return Run;
}

void ReportWriter::printParseProblems(const RunState &State, const ReportSpill *Spill,
                                      bool AllowFallback, bool Quiet) const {
  for (const auto &[Path, S] : State.Files)
    printClangCrashes(S.Report);
  for (const std::string &Path : State.ParseFailures)
    printParseFailure(State.Files.at(Path).Report, AllowFallback);
  if (Quiet)
    return;
  // Only errors' warnings count the references around them.
  for (const auto &[Path, S] : State.Files) {
    if (S.Report.ErrorCount)
      withEntries(Spill, S.Report, [&](const FileReport &F) { printParseWarnings(F); });
    else
      printParseWarnings(S.Report);
  }
}

bool ReportWriter::writeViews(const RunReport &Run, RunState &State,
                              llvm::StringRef SourceRoot,
                              const std::vector<std::string> &RuleFiles, double Seconds,
                              const ConsoleShows &Console) const {
  ReportViewContext In{Run,
                       State,
                       SourceRoot.str(),
                       RuleFiles,
                       Seconds,
                       Settings.CommandLine,
                       /*Successful=*/true,
                       {},
                       !Settings.StdinFile.empty(),
                       [this](llvm::StringRef Text) { return reportedPath(Text); },
                       Console};
  for (const std::string &Named : Settings.OtherOutputs)
    if (!Named.empty())
      In.Targets.push_back(Named);
  for (const ReportView *View : fileViews())
    if (auto It = Settings.Files.find(View->Option);
        It != Settings.Files.end() && View->DepFileTarget)
      In.Targets.push_back(It->second);
  bool Ok = true;
  for (const ReportView &View : reportViews()) {
    const std::string *File = nullptr; // none: the console's
    if (View.Option) {
      auto It = Settings.Files.find(View.Option);
      if (It == Settings.Files.end())
        continue;
      File = &It->second;
    }
    In.Successful = Ok;
    llvm::Expected<ViewWrite> Write = View.Prepare(In);
    if (!Write)
      Ok = said(Write.takeError()) && Ok;
    else if (File)
      Ok = write(*File, *Write) && Ok;
    else
      (*Write)(Errs);
  }
  return Ok;
}

void ReportWriter::printClangCrashes(const FileReport &F) const {
  for (const std::string &Command : F.ClangCrashes)
    Errs << "musify: warning: Clang crashed while parsing '"
         << displayPath(reportedPath(F.Path))
         << "' (contained); to reproduce, run: " << Command << "\n";
}

/// The headers F includes that no configuration of this system can: another
/// operating system's (Windows'), which the parse stood in for.
static std::vector<std::string> otherSystemHeaders(const FileReport &F) {
  static const char *const Windows[] = {
      "windows.h", "direct.h", "io.h",    "winsock2.h", "ws2tcpip.h",
      "process.h", "conio.h",  "tchar.h", "shlwapi.h",  "intrin.h"};
  std::vector<std::string> Found;
  for (const auto &[Line, Header] : F.StoodIn)
    if (llvm::is_contained(Windows, llvm::StringRef(Header).lower()))
      Found.push_back("<" + Header + ">");
  return Found;
}

/// One line for a file written for another system: its Clang errors (in the
/// report) only say that this one lacks that system's headers.
bool ReportWriter::printOtherSystem(const FileReport &F, llvm::StringRef Severity) const {
  std::vector<std::string> Headers = otherSystemHeaders(F);
  if (Headers.empty())
    return false;
  Errs << "musify: " << Severity << ": '" << displayPath(reportedPath(F.Path))
       << "' is written for another system (it includes " << llvm::join(Headers, ", ")
       << "): migrated by spelling where it did not parse; its "
       << std::max<size_t>(F.ErrorCount, F.ParseErrors.size())
       << " Clang error(s) are in the report\n";
  return true;
}

void ReportWriter::printParseFailure(const FileReport &F, bool AllowFallback) const {
  if (printOtherSystem(F, AllowFallback ? "warning" : "error"))
    return;
  Errs << "musify: " << (AllowFallback ? "warning" : "error") << ": cannot parse '"
       << displayPath(reportedPath(F.Path))
       << "'; it was migrated by the token rewriter, without semantic analysis:\n";
  for (const std::string &E : F.ParseErrors)
    Errs << "  " << withDisplayPaths(reportedPath(E)) << "\n";
}

void ReportWriter::printParseWarnings(const FileReport &F) const {
  if ((F.StoodIn.empty() && !F.ErrorCount) || printOtherSystem(F, "note"))
    return;
  Errs << "musify: warning: '" << displayPath(reportedPath(F.Path)) << "'";
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
    Errs << "  " << withDisplayPaths(reportedPath(E)) << "\n";
}

bool ReportWriter::write(const std::string &Path,
                         llvm::function_ref<void(llvm::raw_ostream &)> Produce) const {
  return said(writeStreamAtomically(Path, Produce));
}

bool ReportWriter::said(llvm::Error E) const {
  if (!E)
    return true;
  Errs << "musify: error: " << llvm::toString(std::move(E)) << "\n";
  return false;
}

} // namespace musify
