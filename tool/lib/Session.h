// One migration run: inputs -> front end -> find -> decide -> edit -> write -> report.
#pragma once

#include "Options.h"
#include "rules/RuleTable.h"

#include "llvm/Support/raw_ostream.h"

namespace musify {

/// Process exit codes.
enum ExitCode : int {
  ExitSuccess = 0,
  ExitMigrationProblems = 1, ///< output written, but something needs a look
  ExitBadInput = 2,          ///< nothing was written
};

/// The musify version, as --version and the report print it.
const char *toolVersion();

class Session {
public:
  Session(MigrationOptions Options, const RuleTable &Rules)
      : Options(std::move(Options)), Rules(Rules) {}

  /// Runs the migration. Migrated text for stdout goes to Out; messages,
  /// diagnostics and the summary go to Errs. Returns an ExitCode.
  int run(llvm::raw_ostream &Out, llvm::raw_ostream &Errs);

private:
  MigrationOptions Options;
  const RuleTable &Rules;
};

} // namespace musify
