// The run's report, written where the user asked: the JSON report, SARIF,
// the HTML page and the depfile, each replaced atomically; and the parse
// problems the console must show whatever the report files are.
#pragma once

#include "model/RunState.h"
#include "report/Report.h"
#include "report/ReportViews.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace musify {

/// Where each view of the report goes, and what they name.
struct ReportFileSettings {
  ReportFiles Files; ///< the views asked for (report/ReportViews.h)
  /// The files a depfile names besides the report views (-o's file).
  std::vector<std::string> OtherOutputs;
  std::vector<std::string> CommandLine; ///< SARIF's invocation
  /// Standard input's temporary file, which every view calls <stdin>.
  std::string StdinFile;
};

class ReportWriter {
public:
  ReportWriter(ReportFileSettings Settings, llvm::raw_ostream &Errs)
      : Settings(std::move(Settings)), Errs(Errs) {}

  /// The run's report: Run's settings (tool, target, SDK, inputs) with the
  /// files of State it did not leave out, their builds predicted, every path
  /// as the report gives it. Their reports move out of State, which keeps
  /// no second copy of a large tree's findings: print the parse problems
  /// first.
  RunReport reportOf(RunReport Run, RunState &State) const;

  /// The console's account of the files Clang crashed on (contained) or
  /// could not parse; unless Quiet, of those parsed with missing headers or
  /// recovered errors too (their events read back through Spill).
  void printParseProblems(const RunState &State, const ReportSpill *Spill,
                          bool AllowFallback, bool Quiet) const;

  /// Every view the user asked for (reportViews(), in order): the
  /// console's findings, the JSON report, SARIF (its paths relative to
  /// SourceRoot), the HTML page (Seconds: how long the run took), the
  /// depfile (what the run read: State's files and the RuleFiles) and the
  /// console's summary. False if one could not be written, which is said.
  bool writeViews(const RunReport &Run, RunState &State, llvm::StringRef SourceRoot,
                  const std::vector<std::string> &RuleFiles, double Seconds,
                  const ConsoleShows &Console) const;

private:
  /// A path, or a message naming paths, as the reports and the console give
  /// it: standard input's temporary file is <stdin>.
  std::string reportedPath(llvm::StringRef Text) const;
  void printClangCrashes(const FileReport &F) const;
  void printParseFailure(const FileReport &F, bool AllowFallback) const;
  void printParseWarnings(const FileReport &F) const;
  /// For a file that includes another system's headers: one line, of
  /// Severity, in place of its parse's errors; false for any other file.
  bool printOtherSystem(const FileReport &F, llvm::StringRef Severity) const;
  /// Path given what Produce writes; false if it could not be written,
  /// which is said.
  bool write(const std::string &Path,
             llvm::function_ref<void(llvm::raw_ostream &)> Produce) const;
  bool said(llvm::Error E) const;

  ReportFileSettings Settings;
  llvm::raw_ostream &Errs;
};

} // namespace musify
