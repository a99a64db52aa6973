// The rule tables of one target: loaded from JSON, validated, looked up by name.
#pragma once

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

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

/// One table entry: what a CUDA name becomes on the target.
struct Rule {
  /// The CUDA name; qualified (`thrust::cuda`, `cooperative_groups::grid_group`)
  /// when it is declared in a namespace or class.
  std::string Cuda;
  RuleKind Kind = RuleKind::Function;
  RuleStatus Status = RuleStatus::Supported;
  std::string Target; ///< empty only when Status is Unsupported
  std::string Note;
  std::string CudaDeprecated;
  std::string CudaRemoved;
  std::string Check;  ///< how the target name is known
  std::string Family; ///< the table's family ("runtime", "headers", ...)

  bool hasTarget() const { return !Target.empty(); }
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

  /// The entry for Name of exactly this kind, or, failing that, of any kind
  /// other than a header (tables may classify a name differently than the
  /// declaration a reference resolves to, e.g. a macro that names a constant).
  const Rule *find(llvm::StringRef Name, RuleKind Kind) const;
  /// Any entry for Name that is not a header: what the token rewriter uses.
  const Rule *findIdentifier(llvm::StringRef Name) const;
  const Rule *findHeader(llvm::StringRef Name) const;

  size_t size() const { return Rules.size(); }

private:
  std::vector<Rule> Rules;
  llvm::StringMap<std::vector<size_t>> ByName;
  std::vector<std::string> SourceOf; ///< table file of each rule, for messages
};

} // namespace musify
