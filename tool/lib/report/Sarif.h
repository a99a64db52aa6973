// The run's findings as SARIF 2.1.0, the format code-scanning views and
// editors read: one result per finding, one rule per diagnostic code, the
// edits musify made where a finding sits as its fixes.
#pragma once

#include "edit/EditSet.h"
#include "report/Report.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace musify {

/// How the run was started, for the SARIF invocation.
struct SarifInvocation {
  std::vector<std::string> Arguments; ///< argv, the program first
  std::string WorkingDirectory;
  bool Successful = true;
};

/// Report as a SARIF log. Paths are relative to SourceRoot (the inputs'
/// common folder, "SRCROOT") where they lie in it; Edits are each file's
/// edits by its path, offsets in its original text.
nlohmann::json reportToSarif(const RunReport &Report, const SarifInvocation &Invocation,
                             llvm::StringRef SourceRoot,
                             const std::map<std::string, std::vector<Edit>> &Edits);

} // namespace musify
