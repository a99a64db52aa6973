// What the Decide stage records for the report: one event per reference (what
// was decided, on what evidence) and one record per hazard. Every view of a
// run (the JSON report, diagnostics, build predictions) is built from them.
#pragma once

#include "model/Findings.h"

#include <string>
#include <vector>

namespace musify {

enum class EventStatus {
  Migrated,                 ///< renamed or rewritten by a rule, semantically
  MigratedWithoutSemantics, ///< renamed by spelling (skipped branch, fallback)
  Kept,                     ///< the target uses the same name, on purpose
  Unsupported,              ///< the target has no equivalent: left, marked, reported
  Unknown,                  ///< an SDK name the rule tables do not know
  Excluded,                 ///< in code marked MUSIFY_EXCL_*: left as written
};

/// The report's name of Status ("migrated", "unsupported", ...).
const char *eventStatusName(EventStatus Status);

/// What a reference left as a CUDA name does to the migrated file's build.
enum class BuildImpact {
  None,   ///< nothing: migrated, kept, or only tested with #ifdef/defined()
  Blocks, ///< an unsupported name (or header) in code the target compiles
  /// May stop it: a name the tables do not know (the target may declare it
  /// too), or an unsupported macro compared in #if, which takes another
  /// branch on the target than the one nvcc compiled.
  Risk,
};

/// One reference and what was decided for it: what the report shows.
struct Event {
  Place At;
  std::string Cuda;
  std::string Replacement; ///< what it became (== Cuda when kept or left)
  std::string Kind;        ///< a rule kind, "launch" or "dynamic-shared"
  std::string Family;
  EventStatus Status = EventStatus::Kept;
  Evidence How = Evidence::Declaration;
  /// A rewritten comparison (`__CUDA_ARCH__ >= 800` -> `__MUSA_ARCH__ >= 220`):
  /// its text before and after; empty otherwise.
  std::string OldText, NewText;
  bool NeedsReview = false; ///< migrated, but a person must check the result
  /// What the name left as it is does to the build for the target.
  BuildImpact Impact = BuildImpact::None;
  bool Disputed = false; ///< sources disagree on the target: see the note
  /// An argument the target's function does not take, dropped though it was
  /// not a spelling the rule calls harmless (a mask other than all lanes).
  std::string DroppedArgument;
  std::string VerifiedBy;  ///< how the rule's target is known (its "check")
  std::string Source;      ///< where the rule's note comes from (its "source")
  std::string CudaStatus;  ///< "deprecated" or "removed" when the rule says so
  std::string CudaVersion; ///< the CUDA version that deprecated or removed it
  /// Unsupported only because the target version is older than the one that
  /// added the name: that version ("6.1"), and the option that chooses one.
  std::string NeedsVersion, VersionOption;
  std::string Note;
};

/// A hazard and what the user should do about it.
struct HazardRecord {
  Place At;
  HazardKind Kind{};
  std::string Text;
  std::string Message;
  bool Defused = false; ///< musify's edits took care of it (it is still reported)
  /// inline-asm: the opcode of each instruction of the statement, in order.
  std::vector<std::string> Instructions;
  /// The definition it comes from, as Hazard's; empty Cause: none.
  std::string Cause;
  Place CauseAt;
};

} // namespace musify
