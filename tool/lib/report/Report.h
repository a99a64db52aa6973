// The Report stage: every event of a run, as a JSON report (docs/report.md),
// compiler-style diagnostics and a one-line summary.
#pragma once

#include "core/SourceText.h"
#include "model/FileReport.h"
#include "model/ReportSpill.h"
#include "rules/TargetDescription.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace musify {

struct RunReport {
  std::string ToolVersion;
  TargetDescription Target;
  std::string CudaPath, CudaVersion;
  /// The target API's version (HIP) and how it was chosen; empty for MUSA.
  std::string TargetVersion, TargetVersionChosenBy;
  std::vector<std::string> Inputs;
  std::vector<FileReport> Files;    ///< sorted by path
  std::vector<std::string> LeftOut; ///< left as they are by --include/--exclude
  /// Where the events and hazards of Files written during the run went:
  /// every view reads each file's back through withEntries.
  const ReportSpill *Spill = nullptr;
};

struct Totals {
  unsigned Files = 0, FilesWithoutSemantics = 0, References = 0, Migrated = 0,
           MigratedWithoutSemantics = 0, Kept = 0, Unsupported = 0, Unknown = 0,
           Conflicts = 0, DeprecatedOrRemoved = 0, Hazards = 0, Excluded = 0,
           InStringLiterals = 0, PredictedNotToBuild = 0;
  /// What the hazards come from: each definition once (HazardCause), and
  /// each hazard whose value is written where it is used.
  unsigned HazardCauses = 0;
  /// Sources with Clang errors: parsed around them, or not parsed at all.
  unsigned FilesWithClangErrors = 0;
  /// `asm` statements rewritten as C++, and left as they are.
  unsigned AsmTranslated = 0, AsmLeft = 0;
  /// Each instruction's opcode -> the statements that hold it, translated and left.
  std::map<std::string, std::pair<unsigned, unsigned>> AsmByInstruction;
};

/// Predicts, before any compiler runs, whether each source's migration builds
/// for the target, and each build file's (the words it needs that the target
/// cannot carry): sets BuildBlockers of every file that is not Python.
void predictBuilds(std::vector<FileReport> &Files,
                   const std::map<std::string, UnitReach> &Units,
                   const ReportSpill *Spill);

/// A definition hazards of the run come from (HazardRecord::Cause), reported
/// once, where it is, with every use.
struct HazardCauseUses {
  HazardKind Kind{};
  std::string Name;
  Place At;
  /// Each use's place and code, in the order of the files.
  std::vector<std::pair<Place, std::string>> Uses;
  /// The uses' messages, each once, in the order first met.
  std::vector<std::string> Messages;
};

/// The run's hazard causes, in the order of their first use.
std::vector<HazardCauseUses> hazardCauses(const RunReport &Report);

Totals totalsOf(const RunReport &Report);
nlohmann::json reportToJson(const RunReport &Report);
/// The report without its files' entries: "files" is an empty array.
nlohmann::json reportHeadToJson(const RunReport &Report);
/// J as the report files write it: two spaces a level, text that is not
/// UTF-8 with replacement characters.
std::string jsonText(const nlohmann::json &J);
/// The JSON report's text, each file's entry made as it is written.
void writeReportJson(const RunReport &Report, llvm::raw_ostream &OS);

/// Writes a document whose arrays are too large to hold whole: the text of
/// its head, where each such array is empty, with each array's elements made
/// and written one at a time, as the text of the whole document would be.
class JsonStreamWriter {
public:
  /// A document's text on one line, as nlohmann's dump() writes it (the HTML
  /// page's script-safe JSON).
  using CompactText = std::function<std::string(const nlohmann::json &)>;
  /// Head and its elements laid out as jsonText does, or by Compact.
  JsonStreamWriter(llvm::raw_ostream &OS, const nlohmann::json &Head,
                   CompactText Compact = nullptr);
  /// Writes the head up to the empty array Key holds (once in the head: keys
  /// are sorted and strings escaped); the arrays in the order they appear.
  void openArray(llvm::StringRef Key);
  void add(const nlohmann::json &Element);
  void closeArray();
  /// The rest of the head.
  void finish();

private:
  llvm::raw_ostream &OS;
  CompactText Compact;
  std::string Head;
  size_t Written = 0;  ///< of Head
  std::string Indent;  ///< of the open array's key
  size_t Elements = 0; ///< in the open array
};

/// Writes Out's head through the report's "files" (an empty array in it),
/// each file's entry made as it is written, then the rest of the head.
void writeReportFiles(JsonStreamWriter &Out, const RunReport &Report);

/// `file:line:col: warning: text [musify-code]` for everything a user must
/// look at; file names relative to the working folder where they lie in it.
/// One diagnostic of the run: what --report's readers and --sarif list.
struct Finding {
  std::string File; ///< the file's path, as the report has it
  std::string Path; ///< as diagnostics show it
  Place At;
  std::string Severity; ///< "warning" or "error"
  std::string Message;
  std::string Code;            ///< `unsupported`, `unknown`, `review`, a hazard kind, ...
  const Event *From = nullptr; ///< the reference it is about, if any
  std::string Subject;         ///< what it is about: the CUDA name, the hazard's text
  bool Handled = false;        ///< a hazard musify's edits took care of
  /// A hazard cause's uses (SARIF's related locations).
  std::vector<Place> Related = {};
};

/// Calls Fn with the findings of the run, in the order diagnostics print
/// them, a file's at a time (a finding's From lives as long as the call): an
/// unsupported or unknown name once a file, its other uses related; a
/// hazard that comes from a definition once, at the definition, after the
/// files.
/// Each use on its own with GroupUses false (--verbose).
void forEachFinding(const RunReport &Report, llvm::function_ref<void(const Finding &)> Fn,
                    bool GroupUses = true);
/// The findings of one file, each use on its own (the comments written into
/// the code), appended to Out; Target is the display name. Hazards that come
/// from a definition are left out.
void fileFindings(const FileReport &F, const std::string &Target,
                  std::vector<Finding> &Out);

/// The findings as compiler-style warnings. Unless Every, a (code, name)
/// prints its first three times and then one note with the count.
void printDiagnostics(const RunReport &Report, llvm::raw_ostream &OS, bool Every);
/// What is left to do, in a few lines: the most used unsupported and unknown
/// names, the files without semantic analysis and those predicted not to build.
void printSummaryTable(const RunReport &Report, llvm::raw_ostream &OS);

/// "musify: 2 files to MUSA: 40 references: 31 migrated, ...".
std::string summaryLine(const RunReport &Report);

} // namespace musify
