// The run's report, written where the user asked: the JSON report, SARIF,
// the HTML page and the depfile, each replaced atomically; and the parse
// problems the console must show whatever the report files are.
#pragma once

#include "edit/EditSet.h"
#include "report/Html.h"
#include "report/Report.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace musify {

/// Where each view of the report goes ("" for none), and what they name.
struct ReportFileSettings {
  std::string Json;    ///< --report
  std::string Sarif;   ///< --sarif
  std::string Html;    ///< --html
  std::string DepFile; ///< --depfile
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

  bool wantsSarif() const { return !Settings.Sarif.empty(); }
  bool wantsHtml() const { return !Settings.Html.empty(); }

  /// A path, or a message naming paths, as the reports and the console give
  /// it: standard input's temporary file is <stdin>.
  std::string reportedPath(llvm::StringRef Text) const;

  /// Each view is false, and said, if it could not be written; true when
  /// not asked for.
  bool writeJson(const RunReport &Run) const;
  /// Edits by path as parsed; SourceRoot: what SARIF's paths are relative to.
  bool writeSarif(const RunReport &Run, bool Successful, llvm::StringRef SourceRoot,
                  const std::map<std::string, std::vector<Edit>> &Edits) const;
  bool writeHtml(const RunReport &Run, const HtmlExtras &Extras) const;
  /// What the run read (Read) for the files it wrote.
  bool writeDepFile(const std::set<std::string> &Read) const;

  /// The console's account of a file Clang crashed on (contained), could
  /// not parse, or parsed with missing headers or recovered errors.
  void printClangCrashes(const FileReport &F) const;
  void printParseFailure(const FileReport &F, bool AllowFallback) const;
  void printParseWarnings(const FileReport &F) const;

private:
  bool write(const std::string &Path, const std::string &Content) const;

  ReportFileSettings Settings;
  llvm::raw_ostream &Errs;
};

} // namespace musify
