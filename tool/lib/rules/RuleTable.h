// The rule tables of one target: loaded from JSON, validated, looked up by name.
#pragma once

#include "rules/BuildRules.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <nlohmann/json_fwd.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace musify {

enum class RuleKind {
  Function,
  Type,
  Enumerator,
  Macro,
  Variable,
  Namespace,
  Header,
};
enum class RuleStatus { Supported, Unsupported, Deprecated, Removed };

const char *ruleKindName(RuleKind Kind);
const char *ruleStatusName(RuleStatus Status);

/// How the arguments of a call change where the target's function differs
/// from CUDA's in more than its name.
struct CallRewrite {
  /// Another target name for a call written with this many arguments
  /// (`cudaEventCreate(&e, flags)` -> `hipEventCreateWithFlags`).
  std::map<unsigned, std::string> ByArity;
  /// Text put around an argument: `HIP_SYMBOL(` and `)` around a symbol.
  std::map<unsigned, std::pair<std::string, std::string>> Wrap;
  /// An argument the target's function does not take (a warp mask), and the
  /// spellings for which dropping it changes nothing.
  std::optional<unsigned> Drop;
  std::vector<std::string> DropHarmless;
  /// Arguments the target's function requires where CUDA's has a default
  /// (`cudaStreamWaitEvent(s, e)`: HIP needs the flags): written, in index
  /// order, when the call leaves them out.
  std::map<unsigned, std::string> Defaults;
};

/// One table entry: what a CUDA name becomes on the target.
struct Rule {
  /// The CUDA name; qualified (`thrust::cuda`, `cooperative_groups::grid_group`)
  /// when it is declared in a namespace or class.
  std::string Cuda;
  RuleKind Kind = RuleKind::Function;
  RuleStatus Status = RuleStatus::Supported;
  /// What the name becomes (the table's "target"); empty only when Status
  /// is Unsupported.
  std::string Replacement;
  std::string Note;
  /// Where the note's facts come from (a table, the installed headers): for
  /// the report, not the console.
  std::string Source;
  std::string CudaDeprecated;
  std::string CudaRemoved;
  std::string VerifiedBy; ///< how the replacement is known (the table's "check")
  bool FromUser = false;  ///< a rule of the user's (--rules), not a shipped one
  std::string Family;     ///< the table's family ("runtime", "headers", ...)
  /// The target holds only where the name is tested for being defined
  /// (`#ifdef`, `defined()`); used as a value, the name is unsupported.
  bool DefinedTestsOnly = false;
  /// Sources disagree on the target (the note names the alternative): every
  /// use is reported.
  bool Disputed = false;
  std::optional<CallRewrite> Call;
  /// Function rules: the parameter lists of the overloads the target
  /// declares, when it lacks some of CUDA's; a call resolved to another
  /// overload needs review and is a build risk. Empty: all of CUDA's.
  std::vector<std::string> TargetOverloads;
  /// Header rules: headers the target header needs included before it.
  std::vector<std::string> IncludeFirst;
  /// Header rules: nvcc includes this header in every CUDA unit, so code may
  /// use it without an #include; its target must then be included explicitly.
  bool NvccImplicit = false;
  /// A target name musify's helper header for the target defines (the target
  /// API lacks it): the header, included by every file the name migrates in.
  /// With TargetOverloads, the helper holds only the other overloads: a call
  /// to one of those becomes HelperReplacement.
  std::string Helper;
  std::string HelperReplacement;
  /// The target needs nothing in the name's place (a calling-convention
  /// macro such as CUDART_CB): the name is erased.
  bool Erase = false;
  /// The SDK's version macro (CUDART_VERSION), which the target does not
  /// define: compared with a constant in a preprocessor condition, the
  /// comparison becomes its value for the SDK the migration parsed against,
  /// so the target compiles the branch nvcc compiled.
  bool SdkVersionMacro = false;
  /// A versioned target's tables (`hip_added`, ...): the versions ("6.0")
  /// that added, deprecated and removed the replacement, and a version whose
  /// headers lack it though the tables date it earlier. Which hold is decided
  /// against the version migrated to.
  std::string Added, Deprecated, Removed, HeadersLack;
  /// A header the target moved (`hip_moved`, `moved_target`): from version
  /// Moved on, the replacement is MovedReplacement ("hipfft/hipfft.h").
  std::string Moved, MovedReplacement;

  bool hasReplacement() const { return !Replacement.empty(); }
};

/// How comparisons of an architecture macro with a constant translate
/// (rules/<target>/thresholds/*.json, rules/arch-thresholds.schema.json):
/// `__CUDA_ARCH__ >= 800` -> `__MUSA_ARCH__ >= 220`.
struct ArchThresholds {
  /// A band of CUDA values, from Cuda up to the next threshold's, and the
  /// target value that stands for it.
  struct Threshold {
    long long Cuda = 0;
    long long Target = 0;
    std::string Meaning;
    std::string Source;
    /// The target architectures at this level, where the table lists them.
    std::vector<std::string> Gpus;
    /// The table lists none: no target GPU has the band's features, and
    /// Target is above every target architecture.
    bool NoTargetGpu = false;
  };
  std::string CudaMacro;
  std::string TargetMacro;
  std::vector<Threshold> Thresholds;
  std::vector<std::string> Operators; ///< the comparisons the map translates
  bool ReportOthers = true;           ///< other constants or operators need review
  /// Each rewritten comparison is followed by the CUDA one, as a comment.
  bool Annotate = false;

  /// The band Cuda lies in; null below every band.
  const Threshold *band(long long Cuda) const;
};

/// A file of rules/<target>/hazards/ that a hazard check reads (every one but
/// nvcc-extensions.json, which the table reads itself): its path and text.
struct HazardDataFile {
  std::string Path;
  std::string Text;
};

/// A library besides the CUDA SDK whose CUDA names a table holds (PyTorch's
/// at::cuda): a header lies in it when its path holds one of Folders right
/// under a folder that also holds Marker. Of its names only those the tables
/// know and those beginning with a CUDA prefix (`at::cuda::`, `AT_CUDA_`) are
/// references; the rest of the library is neither migrated nor reported.
struct LibraryDescription {
  std::string Family; ///< the table that describes it
  std::string Name;
  std::string Marker;
  std::vector<std::string> Folders;
  std::vector<std::string> CudaPrefixes;
};

class RuleTable {
public:
  /// Loads every *.json table of Dir/<TargetFolder>/, in name order.
  static llvm::Expected<RuleTable> loadDirectory(llvm::StringRef Dir,
                                                 llvm::StringRef TargetFolder);

  /// Parses one table's text; FileName is only for messages. Entries are
  /// appended to this table; a duplicate (name, kind) is an error.
  llvm::Error addTable(llvm::StringRef Text, llvm::StringRef FileName,
                       llvm::StringRef ExpectedTarget);

  /// A user's own rules (--rules FILE), which add to and override the
  /// shipped ones: a table in the shipped format, or a flat mapping file as
  /// musify-text takes them ({"cudaFoo": "musaFoo", "foo.h": "bar.h"}).
  llvm::Error addUserFile(llvm::StringRef Path, llvm::StringRef ExpectedTarget);

  /// The entry for Name of exactly this kind, or, failing that, of any kind
  /// other than a header (tables may classify a name differently than the
  /// declaration a reference resolves to, e.g. a macro that names a constant).
  const Rule *find(llvm::StringRef Name, RuleKind Kind) const;
  /// Any entry for Name that is not a header: what the token rewriter uses.
  const Rule *findIdentifier(llvm::StringRef Name) const;
  /// The rule for an include path: its own entry, or else the entry of the
  /// longest folder it lies in (a header entry ending in `/`, such as
  /// `cuda/std/` -> `musa/std/`).
  const Rule *findHeader(llvm::StringRef Name) const;
  /// The header nvcc includes in every CUDA unit (a header rule marked
  /// nvcc_implicit), or null.
  const Rule *nvccImplicitHeader() const;
  /// The threshold map for comparisons of Macro, if the target has one.
  const ArchThresholds *thresholdsFor(llvm::StringRef Macro) const;

  /// Parses one threshold map (FileName is only for messages).
  llvm::Error addThresholds(llvm::StringRef Text, llvm::StringRef FileName,
                            llvm::StringRef ExpectedTarget);
  /// rules/<target>/hazards/nvcc-extensions.json: constructs nvcc accepts
  /// that the target's compiler rejects, by hazard kind ("initialised-vla"),
  /// each with what to do instead.
  llvm::Error addRejectedExtensions(llvm::StringRef Text, llvm::StringRef FileName,
                                    llvm::StringRef ExpectedTarget);
  /// Why the target's compiler rejects the construct of hazard kind Kind, or
  /// null where it accepts it.
  const std::string *rejectedExtension(llvm::StringRef Kind) const {
    auto It = RejectedExtensions.find(Kind.str());
    return It == RejectedExtensions.end() ? nullptr : &It->second;
  }
  /// The files of rules/<target>/hazards/ that hazard checks read, by file
  /// name (hazards/HazardCheck.h, loadTargetRules).
  const std::map<std::string, HazardDataFile> &hazardDataFiles() const {
    return HazardFiles;
  }
  /// What the hazard check named Check read of its file, as the type it
  /// stored (setHazardData); null where it read none.
  template <class T> const T *hazardData(llvm::StringRef Check) const {
    auto It = HazardData.find(Check);
    return It == HazardData.end() ? nullptr : static_cast<const T *>(It->second.get());
  }
  void setHazardData(std::string Check, std::shared_ptr<const void> Data) {
    HazardData[std::move(Check)] = std::move(Data);
  }

  /// The libraries besides the SDK that tables describe ("library").
  const std::vector<LibraryDescription> &libraries() const { return Libraries; }
  /// Whether Name is a header of the CUDA SDK the tables know: a library's
  /// header (PyTorch's) is not, so where it is missing the parse goes on.
  bool isSdkHeader(llvm::StringRef Name) const;

  /// The build-file tables of the target (rules/<target>/buildfiles/).
  const BuildRules &buildRules() const { return Build; }

  size_t size() const { return Rules.size(); }
  /// Calls F with every rule, in table order.
  template <typename Fn> void forEach(Fn F) const {
    for (const Rule &R : Rules)
      F(R);
  }

private:
  std::vector<Rule> Rules;
  /// The rules of each CUDA name (most names have one).
  llvm::StringMap<llvm::SmallVector<size_t, 1>> ByName;
  std::vector<std::string> TableFiles; ///< each table file read, for messages
  std::vector<unsigned> SourceOf;      ///< the table file of each rule
  std::vector<ArchThresholds> Thresholds;
  std::vector<LibraryDescription> Libraries;
  /// Adds every *.json table of Folder but target.json, in name order.
  llvm::Error addTablesIn(llvm::StringRef Folder, llvm::StringRef ExpectedTarget);
  /// Adds a table's library and rules, read on their own (readTable); a
  /// rule of the same name and kind as one already in is an error, unless
  /// it is the user's, which replaces it.
  llvm::Error addRead(std::optional<LibraryDescription> Library, std::vector<Rule> Read,
                      llvm::StringRef FileName);
  /// Finds nvccImplicitHeader()'s rule again, after rules were added: it is
  /// asked for at every #include of every parse.
  void findImplicitHeader();
  std::optional<size_t> ImplicitHeader; ///< in Rules
  std::map<std::string, HazardDataFile> HazardFiles;
  std::map<std::string, std::shared_ptr<const void>, std::less<>> HazardData;
  std::map<std::string, std::string> RejectedExtensions;
  BuildRules Build;
};

/// Parses a file of rules/<target>/hazards/: one object for ExpectedTarget,
/// handed to Read; What names the kind of file in messages. A missing key
/// or a value of the wrong type is an error naming the file.
llvm::Error readTargetObject(llvm::StringRef Text, llvm::StringRef FileName,
                             llvm::StringRef ExpectedTarget, llvm::StringRef What,
                             llvm::function_ref<void(const nlohmann::json &)> Read);

} // namespace musify
