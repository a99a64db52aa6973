// The Report stage: every event of a run, as a JSON report (docs/report.md),
// compiler-style diagnostics and a one-line summary.
#pragma once

#include "decide/Decider.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace musify {

/// Two different edits of the same text, from two parses: neither applied.
struct ConflictRecord {
  Place At;
  std::string Existing;
  std::string Incoming;
};

enum class Analysis {
  Semantic,      ///< parsed by Clang (skipped branches aside)
  TokenFallback, ///< no parse covered it: the token rewriter migrated it
  BuildFile,     ///< a CMake file or Makefile, migrated by the build rules
};

struct FileReport {
  std::string Path;
  std::string Output; ///< where it was written: a path, "-" for stdout, "" if not
  Analysis How = Analysis::Semantic;
  std::string FallbackReason;
  std::vector<std::string> ParseErrors;
  std::vector<Event> Events; ///< in text order
  std::vector<ConflictRecord> Conflicts;
  std::vector<HazardRecord> Hazards; ///< in text order
};

struct RunReport {
  std::string ToolVersion;
  TargetApi Target = TargetApi::Musa;
  std::string CudaPath, CudaVersion;
  std::vector<std::string> Inputs;
  std::vector<FileReport> Files; ///< sorted by path
  std::vector<std::string> LeftOut; ///< left as they are by --include/--exclude
};

struct Totals {
  unsigned Files = 0, FilesWithoutSemantics = 0, References = 0, Migrated = 0,
           MigratedWithoutSemantics = 0, Kept = 0, Unsupported = 0, Unknown = 0,
           Conflicts = 0, DeprecatedOrRemoved = 0, Hazards = 0, Excluded = 0,
           InStringLiterals = 0;
};

Totals totalsOf(const RunReport &Report);
nlohmann::json reportToJson(const RunReport &Report);

/// `file:line:col: warning: text [musify-code]` for everything a user must
/// look at; file names relative to the working folder where they lie in it.
void printDiagnostics(const RunReport &Report, llvm::raw_ostream &OS);

/// "musify: 2 files to MUSA: 40 references: 31 migrated, ...".
std::string summaryLine(const RunReport &Report);

} // namespace musify
