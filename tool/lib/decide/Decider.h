// The Decide stage: each reference, looked up in the rule tables, becomes an
// event for the report and the edits (if any) that migrate it.
#pragma once

#include "Options.h"
#include "edit/EditSet.h"
#include "find/Reference.h"
#include "rules/RuleTable.h"

#include <optional>
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

const char *eventStatusName(EventStatus Status);
const char *evidenceName(Evidence How);

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
  std::string Kind;        ///< a rule kind, or "launch"
  std::string Family;
  EventStatus Status = EventStatus::Kept;
  Evidence How = Evidence::Declaration;
  /// A rewritten comparison (`__CUDA_ARCH__ >= 800` -> `__MUSA_ARCH__ >= 220`):
  /// its text before and after; empty otherwise.
  std::string OldText, NewText;
  bool NeedsReview = false; ///< migrated, but a person must check the result
  /// What the name left as it is does to the build for the target.
  BuildImpact Impact = BuildImpact::None;
  bool Disputed = false;    ///< sources disagree on the target: see the note
  /// An argument the target's function does not take, dropped though it was
  /// not a spelling the rule calls harmless (a mask other than all lanes).
  std::string DroppedArgument;
  std::string VerifiedBy;  ///< how the rule's target is known (its "check")
  std::string CudaStatus;  ///< "deprecated" or "removed" when the rule says so
  std::string CudaVersion; ///< the CUDA version that deprecated or removed it
  std::string Note;
};

/// A hazard and what the user should do about it.
struct HazardRecord {
  Place At;
  std::string Kind;
  std::string Text;
  std::string Message;
};

struct Decision {
  Event Outcome;
  std::vector<Edit> Edits;
};

class Decider {
public:
  Decider(const RuleTable &Rules, TargetApi Target, bool HipLaunchKernelGGL)
      : Rules(Rules), Target(Target), HipLaunchKernelGGL(HipLaunchKernelGGL) {}

  /// FileText is the text of Ref.At.File (markers are not inserted twice);
  /// Excluded, its ranges marked MUSIFY_EXCL_* (excludedRanges()).
  Decision decide(const Reference &Ref, llvm::StringRef FileText,
                  const std::vector<std::pair<unsigned, unsigned>> &Excluded) const;
  Decision decide(const KernelLaunch &Launch) const;
  HazardRecord assess(const Hazard &H) const;
  /// The target's counterpart of the header nvcc includes implicitly, put
  /// at the top of a unit that relied on it (File is the unit's path, Text
  /// its text); nullopt when the tables mark no such header.
  std::optional<Decision> implicitHeader(const std::string &File,
                                         llvm::StringRef Text) const;

  /// The comment put before a name the target cannot express.
  std::string unsupportedMarker() const;

private:
  Decision unsupported(Event E, const Reference &Ref, llvm::StringRef FileText) const;
  /// The argument edits of a call rule; false when the call's arguments
  /// cannot be read (the name is not called, or through a macro).
  bool rewriteCall(const CallRewrite &Call, const Reference &Ref,
                   llvm::StringRef FileText, std::string &Name, Decision &D) const;
  /// The edits of a migrated #include: the header name, and the headers the
  /// target header needs before it (Rule::IncludeFirst).
  Decision includeDirective(const Rule &R, const std::string &Header,
                            const Reference &Ref, llvm::StringRef FileText,
                            Event E) const;
  /// An architecture comparison, rewritten by the target's threshold map.
  void rewriteComparison(const ArchThresholds &Map, const Reference &Ref,
                         llvm::StringRef FileText, const std::string &NewName,
                         Decision &D) const;

  const RuleTable &Rules;
  TargetApi Target;
  bool HipLaunchKernelGGL;
};

} // namespace musify
