// What sets one target API apart beyond its name tables, read from
// rules/<target>/target.json: its names for people, the file extensions it
// renames, how it launches kernels as a call, and how its versions are known.
// Adding a target adds a folder of rules; the engine reads it from here.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace musify {

struct TargetDescription {
  std::string Name;        ///< the rule folder and --target value ("hip")
  std::string DisplayName; ///< in messages ("HIP")
  std::string Description; ///< in --help ("AMD HIP")
  bool Default = false;    ///< the target when --target is not given
  /// Non-empty (why) where the target's compiler defines none of CUDA's
  /// macros: one left as written reads as 0 in `#if` (hipcc: no
  /// __CUDACC_VER_MAJOR__), so a build prediction skips the branches it
  /// turns off. Empty: not known.
  std::string CudaMacrosUndefined;
  /// --rename-extensions: CUDA source extension -> the target's (".cu" ->
  /// ".mu"). Empty: the target's compiler takes CUDA's extensions.
  std::map<std::string, std::string> RenamedExtensions;
  /// A kernel launch written as a call instead of `<<<>>>`
  /// (hipLaunchKernelGGL), and the macro a template-id kernel name goes in
  /// (HIP_KERNEL_NAME). Empty: the target only has `<<<>>>`.
  std::string LaunchFunction, KernelNameMacro;
  /// In the same mode, the statement macro that declares dynamic shared
  /// memory, `extern __shared__ T name[];` (HIP_DYNAMIC_SHARED(T, name)).
  /// Empty: such declarations stay as written.
  std::string DynamicSharedMacro;
  /// musify's helper header that declares the launch call and the macros,
  /// which a file that uses them must include; empty where the target's own
  /// headers do.
  std::string LaunchHeader;
  /// Where the installed version of the target is read: a header under
  /// $PathVariable/include or one of IncludeFolders that defines MajorMacro
  /// and MinorMacro; DatedBy names the source of the tables' versions
  /// (HIPIFY), Option the command-line option that chooses one. Without it
  /// the target's names carry no versions.
  struct Versions {
    std::string Header, MajorMacro, MinorMacro, PathVariable, DatedBy, Option;
    std::vector<std::string> IncludeFolders;
  };
  std::optional<Versions> Versioned;
};

/// Reads RulesDir/<Name>/target.json.
llvm::Expected<TargetDescription> loadTarget(llvm::StringRef RulesDir,
                                             llvm::StringRef Name);

/// The names of the targets RulesDir describes (folders with a target.json),
/// sorted.
std::vector<std::string> availableTargets(llvm::StringRef RulesDir);

} // namespace musify
