// Python model code (training scripts, model and serving code) migrated by
// the python-* build rules: torch's CUDA API as names resolve through
// imports and aliases, tensor and module attributes, device strings where
// they are device strings, the distributed backend, environment variables.
#pragma once

#include "buildfiles/BuildFiles.h"

#include <set>

namespace musify {

struct PythonRun {
  bool RewriteStrings = false; ///< every device string, not only those in device places
  /// Rules that keep their name and were reported once in this run (a target
  /// whose PyTorch keeps torch.cuda says why once, not at every use).
  std::set<const BuildRule *> KeptReported;
};

/// Path: absolute path of the module.
BuildFileMigration migratePythonModule(llvm::StringRef Path, llvm::StringRef Text,
                                       const BuildRules &Rules,
                                       const TargetDescription &Target, PythonRun &Run);

/// Every Python module of State, its edits and events into State. Run is
/// the run's, whose modules may be migrated a few at a time.
void migratePythonModules(RunState &State, const BuildRules &Rules,
                          const TargetDescription &Target, PythonRun &Run);

} // namespace musify
