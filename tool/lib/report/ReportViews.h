// What the run's report is shown as: the files it can be written as (the
// JSON report, SARIF, the HTML page, the depfile) and what the console
// shows (the findings, the summary), each declared once: its option, what
// it needs kept of the migrated files after they are written, and how it
// writes. The driver declares the options, the run checks and plans the
// paths, and ReportWriter writes them, all from reportViews(): a new format
// is one entry.
#pragma once

#include "model/RunState.h"
#include "report/Report.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace musify {

/// What the console views show.
struct ConsoleShows {
  bool Quiet = false, Verbose = false, DryRun = false;
  bool Incremental = false;      ///< --incremental: the cache's work is said
  unsigned PrunedCacheFiles = 0; ///< old cache files the run removed
};

/// What a view is written from.
struct ReportViewContext {
  const RunReport &Run;
  RunState &State;
  std::string SourceRoot; ///< SARIF's paths are relative to it
  const std::vector<std::string> &RuleFiles;
  double Seconds; ///< how long the run took
  const std::vector<std::string> &CommandLine;
  bool Successful;                  ///< every view before it was written
  std::vector<std::string> Targets; ///< what a depfile names: every file written
  bool ReadsStdin;                  ///< standard input stands in the working folder
  /// A path (or a message naming paths) as the report gives it (<stdin>).
  std::function<std::string(llvm::StringRef)> ReportedPath;
  ConsoleShows Console;
};

/// Writes a view to a stream.
using ViewWrite = std::function<void(llvm::raw_ostream &)>;

struct ReportView {
  /// Its option, without "--" ("report"); null for a console view, which
  /// every run writes to standard error (what it shows under --quiet is
  /// its own to say).
  const char *Option;
  const char *ValueName; ///< "file.json"
  const char *Help;      ///< the option's description
  /// What it reads of each migrated file once that file is written.
  AfterWriting Keeps;
  /// Whether a depfile names it among the files the run wrote.
  bool DepFileTarget;
  /// How it writes from In; an error, and nothing written, where it cannot.
  llvm::Expected<ViewWrite> (*Prepare)(const ReportViewContext &In);
};

/// Every view, in the order they are written (and listed in messages).
llvm::ArrayRef<ReportView> reportViews();
/// Those written to a file an option names.
std::vector<const ReportView *> fileViews();

/// A view's option -> the file it goes to (the views asked for).
using ReportFiles = std::map<std::string, std::string>;

/// "--report, --sarif or --html" (Last: "or"/"and"): the options of the
/// views that pass Pick, as messages list them.
std::string viewOptionList(llvm::function_ref<bool(const ReportView &)> Pick,
                           llvm::StringRef Last);

} // namespace musify
