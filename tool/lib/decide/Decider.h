// The Decide stage: each reference, looked up in the rule tables, becomes an
// event for the report and the edits (if any) that migrate it.
#pragma once

#include "Options.h"
#include "edit/EditSet.h"
#include "find/Reference.h"
#include "rules/RuleTable.h"
#include "rules/TargetVersion.h"

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
  HazardKind Kind = HazardKind::InlineAsm;
  std::string Text;
  std::string Message;
  bool Defused = false; ///< musify's edits took care of it (it is still reported)
};

/// A hazard's record, and the edits that defuse it where musify can.
struct HazardDecision {
  HazardRecord Record;
  std::vector<Edit> Edits;
};

struct Decision {
  Decision() = default;
  Decision(Event Outcome, std::vector<Edit> Edits = {})
      : Outcome(std::move(Outcome)), Edits(std::move(Edits)) {}

  Event Outcome;
  std::vector<Edit> Edits;
  /// A header of musify's helpers (Rule::Helper) the file must include.
  std::string Helper;
};

class Decider {
public:
  /// HipVersion: the HIP version names must exist in ("6.3"; empty: any).
  Decider(const RuleTable &Rules, TargetApi Target, bool HipLaunchKernelGGL,
          llvm::StringRef HipVersion = "");

  /// FileText is the text of Ref.At.File (markers are not inserted twice);
  /// Excluded, its ranges marked MUSIFY_EXCL_* (excludedRanges()).
  Decision decide(const Reference &Ref, llvm::StringRef FileText,
                  const std::vector<std::pair<unsigned, unsigned>> &Excluded) const;
  Decision decide(const KernelLaunch &Launch) const;
  /// FileText is the text of H.At.File.
  HazardDecision assess(const Hazard &H, llvm::StringRef FileText) const;
  /// The target's counterpart of the header nvcc includes implicitly, put
  /// at the top of a unit that relied on it (File is the unit's path, Text
  /// its text); nullopt when the tables mark no such header.
  std::optional<Decision> implicitHeader(const std::string &File,
                                         llvm::StringRef Text) const;
  /// The #include of a helper header (Decision::Helper) that names in File
  /// migrated to, at the top of the file; Users, the names.
  Decision helperHeader(const std::string &File, llvm::StringRef Text,
                        const std::string &Header,
                        const std::vector<std::string> &Users) const;
  /// The version of the CUDA SDK the code was parsed against ("13.0"):
  /// what comparisons of its version macro evaluate to (Rule::SdkVersionMacro).
  void useSdkVersion(std::string Version) { SdkVersion = std::move(Version); }

  /// The comment put before a name the target cannot express.
  std::string unsupportedMarker() const;

private:
  Decision unsupported(Event E, const Reference &Ref, llvm::StringRef FileText) const;
  /// The edits that write a migrated name (Written) where Ref is: the call's
  /// arguments, a comparison's constant or an #include's neighbours with it.
  Decision decideName(const Rule &R, const Reference &Ref, llvm::StringRef FileText,
                      Event E, std::string Written) const;
  /// The argument edits of a call rule; false when the call's arguments
  /// cannot be read (the name is not called, or through a macro).
  bool rewriteCall(const CallRewrite &Call, const Reference &Ref,
                   llvm::StringRef FileText, std::string &Name, Decision &D) const;
  /// The edits of a migrated #include: the header name, and the headers the
  /// target header needs before it (Rule::IncludeFirst).
  Decision includeDirective(const Rule &R, const std::string &Header,
                            const Reference &Ref, llvm::StringRef FileText,
                            Event E) const;
  /// `CUDART_VERSION >= 2020` in a preprocessor condition, replaced by its
  /// value for the SDK; nullopt elsewhere or without an SDK.
  std::optional<Decision> sdkVersionComparison(const Reference &Ref,
                                               llvm::StringRef FileText, Event E) const;
  /// The name and the blanks after it removed (Rule::Erase).
  Decision erase(Event E, const Reference &Ref, llvm::StringRef FileText) const;
  /// A user operator the target's vector types define too, put under the
  /// clash table's guard where it has its lines to itself.
  HazardDecision guardVectorOperator(const Hazard &H, llvm::StringRef FileText,
                                     const VectorOperatorClashes &Clashes) const;
  /// An event for an #include musify adds at the top of File.
  Event addedInclude(const std::string &File, llvm::StringRef Text,
                     const std::string &Header) const;
  /// An architecture comparison, rewritten by the target's threshold map.
  void rewriteComparison(const ArchThresholds &Map, const Reference &Ref,
                         llvm::StringRef FileText, const std::string &NewName,
                         Decision &D) const;

  const RuleTable &Rules;
  TargetApi Target;
  bool HipLaunchKernelGGL;
  std::optional<Version> HipVersion;
  std::string SdkVersion;
};

} // namespace musify
