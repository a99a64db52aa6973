// --dry-run's effort summary: how much of a migration musify does by itself
// and what is left for a person, by kind, before anything is written.
#pragma once

#include "report/Report.h"

#include "llvm/Support/raw_ostream.h"

namespace musify {

/// Prints, for the run's report: the share of lines with CUDA names that
/// migrate automatically, the references by status, the sources predicted
/// not to build, and the work left by kind.
void printEffort(const RunReport &Report, llvm::raw_ostream &OS);

/// The end of a run's console output: the table of what is left to do (a
/// dry run's effort says what it would), then the totals.
void printRunSummary(const RunReport &Report, bool DryRun, llvm::raw_ostream &OS);

} // namespace musify
