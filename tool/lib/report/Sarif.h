// The run's findings as SARIF 2.1.0, the format code-scanning views and
// editors read: one result per finding, one rule per diagnostic code, the
// edits musify made where a finding sits as its fixes.
#pragma once

#include "edit/EditSet.h"
#include "report/Report.h"

#include <functional>
#include <string>
#include <vector>

namespace musify {

/// How the run was started, for the SARIF invocation.
struct SarifInvocation {
  std::vector<std::string> Arguments; ///< argv, the program first
  std::string WorkingDirectory;
  bool Successful = true;
};

/// A file's edits by its path, offsets in its original text.
using EditsOfFile = std::function<std::vector<Edit>(const std::string &Path)>;

/// Writes Report as a SARIF log, a result at a time. Paths are relative to
/// SourceRoot (the inputs' common folder, "SRCROOT") where they lie in it.
void writeSarif(const RunReport &Report, const SarifInvocation &Invocation,
                llvm::StringRef SourceRoot, const EditsOfFile &Edits,
                llvm::raw_ostream &OS);

} // namespace musify
