// The token rewriter's part of a run: references found by spelling where no
// parse resolves names (files no parse covered, branches the preprocessor
// skipped, code a parse with errors could not make sense of) and, with
// --rewrite-strings, inside string literals. The Decide stage decides them
// with the parses' references, the strongest evidence winning.
#pragma once

#include "model/RunState.h"
#include "rules/RuleTable.h"

namespace musify {

/// Source files no successful parse covered; HaveSdk says why not.
void rewriteUnparsed(RunState &State, const RuleTable &Rules, bool HaveSdk);
/// Skipped branches and error regions; the lines of the latter go to the
/// report.
void rewriteSkippedRegions(RunState &State, const RuleTable &Rules);
/// --rewrite-strings: words in the string literals of every source file.
void rewriteStringLiterals(RunState &State, const RuleTable &Rules);

} // namespace musify
