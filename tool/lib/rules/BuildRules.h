// The build-file rule tables of one target (rules/<target>/buildfiles/*.json,
// rules/build.schema.json): what CMake and Makefile words become.
#pragma once

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace musify {

/// What a build-file word is; each kind is matched where its language puts
/// such words (BuildFiles.cpp says where).
enum class BuildRuleKind {
  CMakeLanguage, ///< a language of project()/enable_language(): `CUDA`
  CMakePackage,  ///< a find_package() name: `CUDAToolkit`
  CMakeTarget,   ///< an imported target: `CUDA::cublas`
  CMakeVariable, ///< a CMake variable: `CMAKE_CUDA_FLAGS`
  CMakeProperty, ///< a target or source property: `CUDA_ARCHITECTURES`
  CMakeCommand,  ///< a command of a find module: `cuda_add_executable`
  Tool,          ///< a program run by a build: `nvcc`
  CompilerFlag,  ///< an option of the CUDA compiler: `--extended-lambda`
  Library,       ///< a library linked by name: `cudart` (`-lcudart`)
  PathVariable,  ///< a variable that holds the SDK's root: `CUDA_HOME`
  Path,          ///< an SDK install path: `/usr/local/cuda`
  PythonName,    ///< a dotted name of a Python build API:
                 ///< `torch.utils.cpp_extension.CUDAExtension`
  PythonKeyword, ///< a keyword argument of its calls: `cuda_sources`
  PythonString,  ///< a string a build script spells: the `nvcc` key of
                 ///< extra_compile_args, `TORCH_CUDA_ARCH_LIST`
  // Model code (python/): names as they resolve through imports.
  PythonApi,         ///< a dotted API path: `torch.cuda.synchronize`
  PythonImport,      ///< a module as import statements name it: `torch.cuda`
  PythonAttribute,   ///< an attribute of tensors and modules: `.cuda()`, `.is_cuda`
  PythonDevice,      ///< a device type in a device string: `cuda` of "cuda:0"
  PythonBackend,     ///< a distributed backend's name: `nccl`
  PythonEnvironment, ///< an environment variable's name: `CUDA_VISIBLE_DEVICES`
  /// Where a device string (or a backend name) is one: a call's first
  /// argument (`torch.device`, `.to` for a method), or a keyword (`device`).
  PythonDeviceArgument,
  PythonBackendArgument,
  /// A module every migrated file importing CUDA's root module imports
  /// too, after it: `torch` -> `torch_musa`.
  PythonCompanion,
};

const char *buildRuleKindName(BuildRuleKind Kind);

/// What a compiler-flag entry does with the flag it matches.
enum class FlagAction {
  Rename, ///< the flag (and its value) become the Replacement
  Drop,   ///< the flag and its value are removed
  Unwrap, ///< the flag is removed and its value, split at commas, kept
          ///< (`-Xcompiler -fPIC,-Wall` -> `-fPIC -Wall`)
  Arch,   ///< the value names CUDA architectures, each mapped through the
          ///< threshold map to one Replacement
  Pass,   ///< a flag every compiler takes (`-O2`, `-I...`): left, not reported
};

/// How a flag takes its value.
enum class FlagValue {
  None,     ///< the entry is the whole word (`--extended-lambda`, `-rdc=true`)
  Joined,   ///< the entry is a prefix of the word (`-I` of `-Iinclude`)
  Separate, ///< `-flag value` or `-flag=value`
};

/// One table entry.
struct BuildRule {
  std::string Cuda;
  BuildRuleKind Kind = BuildRuleKind::CMakeVariable;
  bool Supported = true; ///< false: the target has no equivalent (Replacement empty)
  /// What it becomes. Compiler flags: `{value}` stands for the flag's value,
  /// `{arch}` (action Arch) for a target architecture; without `{value}` a
  /// renamed flag keeps its value as written. Empty for a dropped flag.
  std::string Replacement; ///< the table's "target"
  std::string Note;
  std::string Source;     ///< where the note's facts come from: for the report
  std::string VerifiedBy; ///< how the replacement is known (the table's "check")
  bool Review = false;    ///< migrated, but a person must check the result
  /// Cuda is a prefix: any name that starts with it and that no entry of the
  /// same kind names is an unknown CUDA name (reported, never passed).
  bool Prefix = false;
  /// cmake-target: the package to find for Replacement, beyond the one the CUDA
  /// toolkit's package becomes (`hipblas` for `roc::hipblas`); cmake-language:
  /// the package of Link.
  std::string Package;
  /// cmake-variable: its value is a list of compiler flags; cmake-command
  /// and tool: its arguments are (with others). Unknown flags there are
  /// reported.
  bool Flags = false;
  /// cmake-language: the source extensions CMake compiles as this language,
  /// and those it compiles as the target's language.
  std::vector<std::string> SourceExtensions, TargetExtensions;
  /// cmake-language: CMake text a file naming the language gets before its
  /// first project() (the target's toolchain, set before any language is).
  std::string Setup;
  /// cmake-language: the command that gives a target's sources of the
  /// language to the target's compiler, `{sources}` for them; empty:
  /// set_source_files_properties({sources} PROPERTIES LANGUAGE <target>).
  std::string SourceCommand;
  /// cmake-language: an imported target each target with sources of the
  /// language links, for its other sources (`hip::host`: a C++ source that
  /// includes hip_runtime.h needs its platform macro, which CMake's HIP
  /// language gives to HIP sources only).
  std::string Link;
  /// cmake-variable and cmake-property: its values are CUDA architectures
  /// as CMake spells them (`80`, `86-real`); each becomes ArchValue
  /// (`{arch}`: the target's number by the threshold map), and where none
  /// maps the value is ArchDefault.
  std::string ArchValue, ArchDefault;
  FlagAction Action = FlagAction::Rename;
  FlagValue Value = FlagValue::None;
  /// compiler-flag: the text a flag with this value becomes (`-rdc=true` ->
  /// `-fgpu-rdc`); a value not listed is unsupported. cmake-variable and
  /// cmake-property of a boolean (keys ON and OFF): the CMake commands a
  /// setting to that value becomes, one a line, `{target}` each target of a
  /// property (empty: the setting goes); another value is reported.
  std::map<std::string, std::string> Values;

  /// A CMake variable or property whose constant ON or OFF the migration
  /// turns into the commands of Values.
  bool isBooleanSetting() const {
    return !Values.empty() &&
           (Kind == BuildRuleKind::CMakeVariable || Kind == BuildRuleKind::CMakeProperty);
  }
};

/// How CUDA architecture names in flags (`sm_80`, `compute_90`) map to the
/// target's: through a threshold map of the rule tables (the one for
/// `Thresholds`), each number scaled by `Scale` (sm_80 is 800 in the map).
struct BuildArchitectures {
  std::string Thresholds;
  std::vector<std::string> CudaPrefixes;
  long long Scale = 10;
  /// (CUDA number, target number) pairs of the threshold map, in increasing
  /// CUDA order: a CUDA architecture maps to the last pair not above it.
  std::vector<std::pair<long long, long long>> Map;
};

class BuildRules {
public:
  /// Parses one build table (FileName is only for messages); a duplicate
  /// (kind, cuda) pair is an error.
  llvm::Error addTable(llvm::StringRef Text, llvm::StringRef FileName,
                       llvm::StringRef ExpectedTarget);

  /// The entry of this kind for Name (commands compare without case, as
  /// CMake does); prefix entries are not returned.
  const BuildRule *find(BuildRuleKind Kind, llvm::StringRef Name) const;
  /// The longest prefix entry of this kind that Name starts with.
  const BuildRule *findPrefix(BuildRuleKind Kind, llvm::StringRef Name) const;
  /// Every entry of this kind, in table order.
  std::vector<const BuildRule *> ofKind(BuildRuleKind Kind) const;

  /// What a Python API path (`torch.cuda.amp.autocast`) resolves to: the
  /// entry that decides it and the path it becomes.
  struct PythonApiResolution {
    const BuildRule *Rule = nullptr;
    std::string NewPath; ///< empty where the target lacks the name
  };
  /// The python-api entry for Path: its own; else the nearest module above
  /// it (its attributes pass through) unless a prefix entry below that
  /// module catches Path (a name the target lacks). nullopt where none.
  std::optional<PythonApiResolution> resolvePythonApi(llvm::StringRef Path) const;

  /// Null when no table maps architectures.
  const BuildArchitectures *architectures() const {
    return Architectures ? &*Architectures : nullptr;
  }
  /// Fills the architecture map from the rule tables' threshold map that
  /// architectures()->Thresholds names.
  void setArchitectureMap(std::vector<std::pair<long long, long long>> Map);

  size_t size() const { return Rules.size(); }
  bool empty() const { return Rules.empty(); }

private:
  std::vector<BuildRule> Rules;
  /// Entries that are not prefixes, by name (commands in lower case).
  llvm::StringMap<std::vector<size_t>> ByName;
  std::optional<BuildArchitectures> Architectures;
};

} // namespace musify
