// The Decide stage: each reference, looked up in the rule tables, becomes an
// event for the report and the edits (if any) that migrate it.
#pragma once

#include "edit/EditSet.h"
#include "hazards/HazardCheck.h"
#include "model/Event.h"
#include "model/Findings.h"
#include "rules/RuleTable.h"
#include "rules/TargetDescription.h"
#include "rules/TargetVersion.h"

#include <optional>
#include <string>
#include <vector>

namespace musify {

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
  /// LaunchAsCall: write launches as the target's launch call.
  /// TargetVersion: the version of a versioned target names must exist in
  /// ("6.3"; empty: any).
  Decider(const RuleTable &Rules, const TargetDescription &Target,
          bool LaunchAsCall = false, llvm::StringRef TargetVersion = "");

  /// FileText is the text of Ref.At.File (markers are not inserted twice);
  /// Excluded, its ranges marked MUSIFY_EXCL_* (excludedRanges()).
  Decision decide(const Reference &Ref, llvm::StringRef FileText,
                  const std::vector<std::pair<unsigned, unsigned>> &Excluded) const;
  /// FileText is the text of Launch.At.File.
  Decision decide(const KernelLaunch &Launch, llvm::StringRef FileText) const;
  /// With launches as calls, dynamic shared memory declared in a function
  /// becomes the target's macro; nullopt in the other mode, or where the
  /// target has no such macro.
  std::optional<Decision> decide(const DynamicShared &Shared) const;
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
  /// An #include of a source the migration renames (--rename-extensions):
  /// Ref is its header name, with delimiters; NewHeader, the name that
  /// follows the file.
  Decision renamedInclude(const Reference &Ref, std::string NewHeader) const;
  /// The version of the CUDA SDK the code was parsed against ("13.0"):
  /// what comparisons of its version macro evaluate to (Rule::SdkVersionMacro).
  void useSdkVersion(std::string Version) { SdkVersion = std::move(Version); }

private:
  /// The decision for a name R keeps from being renamed (token pasting, no
  /// replacement, a version without it, a value use of a defined-test name),
  /// or nullopt.
  std::optional<Decision> notRenamed(const Rule &R, const Reference &Ref,
                                     llvm::StringRef FileText, Event &E) const;
  /// Ref renamed by R: the overload, the helper, the written name and edits.
  Decision renamed(const Rule &R, const Reference &Ref, llvm::StringRef FileText,
                   Event E) const;
  /// Whether R's replacement exists in the target version; E's note says
  /// why not, or that it is deprecated there.
  bool holdsInTargetVersion(const Rule &R, Event &E) const;
  /// The name a call migrates to and the helper header that defines it
  /// (empty: the target's own), by the overload Ref resolves to.
  std::pair<std::string, std::string> chooseOverload(const Rule &R, const Reference &Ref,
                                                     Event &E) const;
  Decision unsupported(Event E, const Reference &Ref, llvm::StringRef FileText) const;
  /// Whether the target's compiler leaves Name undefined: a CUDA macro the
  /// migration keeps as written, on a target whose compiler defines none.
  bool leftUndefined(llvm::StringRef Name) const;
  /// `Name Op Value` as its threshold map translates it: its truth on every
  /// target GPU and where the macro is undefined (the host side), if the same.
  std::optional<bool> comparedOnTarget(llvm::StringRef Name, llvm::StringRef Op,
                                       long long Value) const;
  /// Whether the reference is compared with a constant that a threshold map
  /// of its macro translates.
  bool translatesComparison(const Reference &Ref, llvm::StringRef FileText) const;
  /// A name that would block or risk the build is harmless in a branch the
  /// target's compiler never compiles (`#if __CUDACC_VER_MAJOR__ >= 9` on HIP).
  void followTargetBranches(Event &E, const Reference &Ref,
                            llvm::StringRef FileText) const;
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
  /// `extern __shared__ T name[];` -> `MACRO(T, name);`, by edits between
  /// T's runs of tokens and the name, so edits inside them still apply.
  Decision sharedAsMacro(const DynamicShared &S, Event E) const;
  /// An event for an #include musify adds at the top of File.
  Event addedInclude(const std::string &File, llvm::StringRef Text,
                     const std::string &Header) const;
  /// An architecture comparison, rewritten by the target's threshold map.
  void rewriteComparison(const ArchThresholds &Map, const Reference &Ref,
                         llvm::StringRef FileText, const std::string &NewName,
                         Decision &D) const;

  const RuleTable &Rules;
  const TargetDescription &Target;
  bool LaunchAsCall;
  std::optional<Version> TargetVersion;
  std::string SdkVersion;
};

} // namespace musify
