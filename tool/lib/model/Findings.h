// What the Find stage produces and every later stage reads: references to
// CUDA names, kernel launches, dynamic shared memory, hazards, and the regions
// the preprocessor skipped.
#pragma once

#include "model/Evidence.h"
#include "model/Place.h"
#include "rules/RuleTable.h"

#include <set>
#include <string>
#include <vector>

namespace musify {

struct Reference {
  Place At;
  unsigned Length = 0; ///< of the text to replace (for headers: with delimiters)
  std::string Name; ///< the name as written; for headers, the path inside the delimiters
  /// The name the rule tables know it by: Name qualified by the namespaces
  /// and classes that declare it (`thrust::cuda`); empty when that is Name.
  std::string QualifiedName;

  const std::string &ruleName() const {
    return QualifiedName.empty() ? Name : QualifiedName;
  }
  RuleKind Kind = RuleKind::Function;
  Evidence How = Evidence::Declaration;
  std::string DeclaredIn;   ///< the SDK file that declares it, when known
  bool TokenPasted = false; ///< the name is built by ## in a macro: not editable
  /// For a function whose rule lists target_overloads: the parameter types
  /// of the overload it resolves to, as Clang prints them ("unsigned int,
  /// unsigned int"); empty otherwise.
  std::string Signature;
  /// With Signature, for a call: an argument converts to its parameter's
  /// type (by more than a promotion), which a target with more overloads
  /// than CUDA may find ambiguous (`__ffs(unsigned long long)`).
  bool ArgumentsConvert = false;
};

/// A `kernel<<<config>>>(args)` launch. Offsets are in At.File: where the
/// launch is, or the definition of the macro that writes it whole; a launch
/// written partly by a macro has Rewritable false and only the place is known.
struct KernelLaunch {
  Place At;
  std::string Kernel;
  bool Rewritable = false;
  unsigned CalleeBegin = 0, CalleeEnd = 0;
  /// [begin, end) of each explicitly written configuration argument.
  std::vector<std::pair<unsigned, unsigned>> Config;
  unsigned ArgsOpen = 0; ///< offset of the `(` after `>>>`
  unsigned ArgCount = 0;
  /// The kernel is a template-id (`scale<float, 2>`), or a macro's parameter,
  /// whose argument may be one: a launch call names it in the target's
  /// kernel-name macro, as hipify does, so that its commas cannot split the
  /// call's arguments.
  bool CalleeIsTemplateId = false;
};

/// `extern __shared__ T name[];`: dynamic shared memory, sized by the launch.
/// Offsets are in At.File, At is where the declaration begins. Only a
/// declaration that is one statement of its own, written in At.File, has
/// Rewritable true and the offsets of its pieces.
struct DynamicShared {
  Place At;
  std::string Name;
  /// T as written, without attributes; as Clang prints it where not Rewritable.
  std::string Type;
  std::string Attributes;  ///< attributes left out of T (`__align__(16)`), or ""
  bool BlockScope = false; ///< declared in a function, where a statement may be
  bool Rewritable = false;
  /// [begin, end) of each run of T's tokens (`extern` or `__shared__` may
  /// come between them), the end of the name, and the offset of the `;`.
  std::vector<std::pair<unsigned, unsigned>> TypeRuns;
  unsigned NameEnd = 0, Semicolon = 0;
};

/// A kind of code that migrates but may not behave the same on the target:
/// the place of its check in the hazard registry (hazards/HazardCheck.h),
/// which gives its name, its build impact and what to do about it.
enum class HazardKind : unsigned char {};

/// Code that migrates but may not behave the same on the target: reported
/// with a suggestion, never rewritten.
struct Hazard {
  Place At; ///< VectorOperator: the start of its declaration
  HazardKind Kind{};
  std::string Text; ///< the code in question, as written
  unsigned End = 0; ///< vector-operator: the offset where the declaration ends
  /// What the check found, which picks the advice (warp-size: "lane",
  /// "lane-bits", "width", "mask", "variable"); empty for a check of one form.
  std::string Form;
  /// The definition the hazard's value comes from (a macro, a const or
  /// constexpr variable, a constexpr function of the user's), where it is
  /// written: the report names it once, with its uses. Empty Cause: none.
  std::string Cause;
  Place CauseAt;
};

struct SkippedRegion {
  std::string File;
  unsigned Begin = 0, End = 0;
  /// Skipped under a condition that tests a macro only device compilation
  /// defines (`#ifdef __CUDA_ARCH__`): a device-side parse may compile it.
  bool DeviceOnly = false;
};

/// Everything one translation unit's parse found in user files.
struct TranslationUnitFindings {
  std::vector<Reference> References;
  std::vector<KernelLaunch> Launches;
  std::vector<DynamicShared> SharedArrays;
  std::vector<Hazard> Hazards;
  std::vector<SkippedRegion> Skipped;
  /// The functions whose body holds Skipped text (path, offset of the
  /// name), for the device-side parse that follows this one; not cached.
  /// False where a body's place could not be told (its name and braces in
  /// different files): that parse then builds every body.
  std::vector<std::pair<std::string, unsigned>> BodiesHoldingSkipped;
  bool BodiesHoldingSkippedKnown = true;
  std::set<std::string> UserFiles; ///< user files this unit read
  /// A CUDA unit whose user code uses the SDK before (or without) including
  /// the header nvcc includes implicitly: its migration must include the
  /// target's counterpart explicitly.
  bool ReliesOnImplicitHeader = false;
};

} // namespace musify
