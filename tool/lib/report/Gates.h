// --fail-on: the kinds of finding that make a run fail, so a CI job can gate
// on a migration. A run that finds one exits 1, its output written.
#pragma once

#include "report/Report.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace musify {

/// One kind --fail-on takes: its name and what it counts.
struct GateKind {
  llvm::StringRef Name;
  llvm::StringRef Counts;  ///< "unsupported name(s)": printed after the count
  unsigned Totals::*Count; ///< the total it reads
};

/// Every kind, in the order --help and the messages list them.
llvm::ArrayRef<GateKind> gateKinds();

/// Why Names (each a kind, or `any` for all) is not a valid --fail-on list,
/// or nullopt.
std::optional<std::string> invalidGateNames(llvm::ArrayRef<std::string> Names);

/// For each kind of Names the run found: `--fail-on=KIND: N WHAT`, and for
/// a kind that counts files, which (as the console shows paths).
std::vector<std::string> trippedGates(llvm::ArrayRef<std::string> Names,
                                      const Totals &Found, const RunReport &Report);

} // namespace musify
