// What the run knows of one file when it reports: how it was analysed, what
// its parses met, every event and hazard decided in it, and what stops its
// migration from building. The report's views are built from these.
#pragma once

#include "model/Event.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
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
  Python,        ///< Python model code, migrated by the python-* build rules
};

/// The report's name of How ("semantic", "token-fallback", ...).
const char *analysisName(Analysis How);

/// What stops a file's migration from building for the target.
struct BuildBlocker {
  Place At;
  std::string Kind; ///< "unsupported", "unknown", or a hazard kind
  std::string Name; ///< the CUDA name, or the hazard's code
};

struct FileReport {
  std::string Path;
  std::string Output; ///< where it was written: a path, "-" for stdout, "" if not
  Analysis How = Analysis::Semantic;
  std::string FallbackReason;
  std::vector<std::string> ParseErrors;
  /// A parse Clang recovered from: its error count, and the lines (first,
  /// last) of what the errors touch, migrated by the token rewriter.
  unsigned ErrorCount = 0;
  std::vector<std::pair<unsigned, unsigned>> ErrorLines;
  /// Its #includes of headers that could not be found (line, header), which
  /// the parse stood in for with empty files.
  std::set<std::pair<unsigned, std::string>> StoodIn;
  /// A CUDA unit: the architectures its device-side parses were for.
  std::vector<std::string> DeviceParses;
  /// The command lines of its parses Clang crashed on (contained), each
  /// enough to reproduce the crash.
  std::vector<std::string> ClangCrashes;
  std::vector<Event> Events; ///< in text order
  std::vector<ConflictRecord> Conflicts;
  std::vector<HazardRecord> Hazards; ///< in text order
  /// Where ReportSpill moved Events and Hazards once the file was written
  /// (both are empty then): bytes [Offset, Offset + Bytes) of its file.
  struct SpilledEntries {
    uint64_t Offset = 0, Bytes = 0;
  };
  std::optional<SpilledEntries> Spilled;
  /// Sources only: what stops this file's migration from building, its own
  /// and, for a translation unit, those of the user headers it compiles.
  std::optional<std::vector<BuildBlocker>> BuildBlockers;
  /// Sources only: what may stop it (BuildImpact::Risk), the same way.
  std::vector<BuildBlocker> BuildRisks;
};

/// What one parsed translation unit compiled: the user files it read and
/// the places (file, offset) of the references and hazards its parse found,
/// so a header's blocker counts only for the units that compile its text.
struct UnitReach {
  std::set<std::string> Files;
  /// By file, the sorted offsets: each path once a unit, not once a place.
  std::map<std::string, std::vector<unsigned>, std::less<>> Compiled;

  /// Whether the unit compiled the reference or hazard at Offset of File.
  bool compiles(llvm::StringRef File, unsigned Offset) const {
    auto It = Compiled.find(File);
    return It != Compiled.end() &&
           std::binary_search(It->second.begin(), It->second.end(), Offset);
  }
};

} // namespace musify
