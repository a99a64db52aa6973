#include "report/ReportViews.h"

#include "core/WorkingFolder.h"
#include "output/DepFile.h"
#include "output/OutputPlan.h"
#include "report/Effort.h"
#include "report/Html.h"
#include "report/Sarif.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

#include <set>

namespace musify {

namespace {

llvm::Expected<ViewWrite> json(const ReportViewContext &In) {
  return [&In](llvm::raw_ostream &OS) { writeReportJson(In.Run, OS); };
}

llvm::Expected<ViewWrite> sarif(const ReportViewContext &In) {
  SarifInvocation Invocation{In.CommandLine, workingFolder(), In.Successful};
  // Standard input stands in the working folder, not in its temporary copy's.
  std::string Root = In.ReadsStdin ? workingFolder() : In.SourceRoot;
  return [&In, Invocation, Root](llvm::raw_ostream &OS) {
    EditsOfFile Edits = [&In](const std::string &Path) {
      auto It = In.State.Files.find(Path);
      return It == In.State.Files.end() ? std::vector<Edit>() : It->second.Edits.edits();
    };
    writeSarif(In.Run, Invocation, Root, Edits, OS);
  };
}

/// The page shows each file's original text beside its edits (the original
/// is still in memory after --in-place).
llvm::Expected<ViewWrite> html(const ReportViewContext &In) {
  auto Shown = std::make_shared<std::map<std::string, FileState *>>(); // as reported
  HtmlExtras Extras;
  Extras.Seconds = In.Seconds;
  for (auto &[Path, S] : In.State.Files) {
    if (S.leftOut() || S.is(FileRole::Other))
      continue;
    std::string Reported = In.ReportedPath(Path);
    (*Shown)[Reported] = &S;
    if (S.is(FileRole::TranslationUnit))
      Extras.Units.insert(Reported);
  }
  Extras.Source = [Shown](const std::string &Path) -> std::optional<HtmlSource> {
    auto It = Shown->find(Path);
    if (It == Shown->end())
      return std::nullopt;
    return HtmlSource{RunState::text(*It->second), It->second->Edits.edits()};
  };
  return [&In, Extras](llvm::raw_ostream &OS) { writeHtml(In.Run, Extras, OS); };
}

/// What the run read (its inputs, the user headers its parses read, the
/// rule files, where it looked for headers it did not find) for the files
/// it wrote.
llvm::Expected<ViewWrite> depFile(const ReportViewContext &In) {
  std::set<std::string> Read;
  for (const auto &[Path, S] : In.State.Files)
    if (!S.leftOut())
      Read.insert(Path);
  for (const std::string &Rules : In.RuleFiles)
    if (llvm::sys::fs::is_regular_file(Rules))
      Read.insert(sameFileKey(Rules));
  // A header put where a missing one was looked for changes what a run reads.
  Read.insert(In.State.MissingIncludes.begin(), In.State.MissingIncludes.end());
  llvm::Expected<std::string> Text = depFileText(In.Targets, Read);
  if (!Text)
    return Text.takeError();
  return [Text = std::move(*Text)](llvm::raw_ostream &OS) { OS << Text; };
}

/// The findings, file by file (all of them with --verbose).
llvm::Expected<ViewWrite> consoleFindings(const ReportViewContext &In) {
  return [&In](llvm::raw_ostream &OS) {
    if (!In.Console.Quiet)
      printDiagnostics(In.Run, OS, In.Console.Verbose);
  };
}

/// What is left to do, the totals, and what --incremental's cache did;
/// --quiet keeps what a run is asked for: a dry run's estimate.
llvm::Expected<ViewWrite> consoleSummary(const ReportViewContext &In) {
  return [&In](llvm::raw_ostream &OS) {
    if (In.Console.Quiet) {
      if (In.Console.DryRun)
        printEffort(In.Run, OS);
      return;
    }
    printRunSummary(In.Run, In.Console.DryRun, OS);
    if (!In.Console.Incremental)
      return;
    unsigned FromCache = In.State.UnitsFromCache, Parsed = In.State.UnitsParsed;
    OS << "musify: --incremental: " << FromCache << " of " << FromCache + Parsed
       << " translation unit(s) from the cache, " << Parsed << " parsed"
       << (In.Console.PrunedCacheFiles
               ? ", " + std::to_string(In.Console.PrunedCacheFiles) +
                     " old cache file(s) removed"
               : "")
       << "\n";
  };
}

constexpr ReportView Views[] = {
    {nullptr, nullptr, nullptr, AfterWriting::KeepNothing, false, consoleFindings},
    {"report", "file.json", "Write the JSON migration report", AfterWriting::KeepNothing,
     true, json},
    {"sarif", "file.sarif",
     "Write every finding as SARIF 2.1.0 (code-scanning views and editors read it), "
     "paths "
     "relative to the inputs' common folder",
     AfterWriting::KeepEdits, true, sarif},
    {"html", "file.html",
     "Write the report as one self-contained HTML page: totals, charts, each file side "
     "by "
     "side with its migration, the names left to migrate",
     AfterWriting::KeepTextAndEdits, true, html},
    {"depfile", "file.d",
     "Write the files the run read (inputs, the user headers they include, --rules "
     "files, "
     "where it looked for headers it did not find) as a Make/Ninja depfile whose targets "
     "are the files the run wrote: -o's and the other report files",
     AfterWriting::KeepNothing, false, depFile},
    {nullptr, nullptr, nullptr, AfterWriting::KeepNothing, false, consoleSummary},
};

} // namespace

llvm::ArrayRef<ReportView> reportViews() { return Views; }

std::vector<const ReportView *> fileViews() {
  std::vector<const ReportView *> Files;
  for (const ReportView &View : reportViews())
    if (View.Option)
      Files.push_back(&View);
  return Files;
}

std::string viewOptionList(llvm::function_ref<bool(const ReportView &)> Pick,
                           llvm::StringRef Last) {
  std::vector<std::string> Options;
  for (const ReportView *View : fileViews())
    if (Pick(*View))
      Options.push_back(std::string("--") + View->Option);
  std::string List;
  for (size_t I = 0; I < Options.size(); ++I)
    List += (I == 0                    ? ""
             : I + 1 == Options.size() ? " " + Last.str() + " "
                                       : ", ") +
            Options[I];
  return List;
}

} // namespace musify
