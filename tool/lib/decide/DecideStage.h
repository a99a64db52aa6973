// Stages 4 and 5 over a run: one decision per piece of text the parses and
// the token rewriter found (the strongest evidence of each), its edits
// merged into its file's EditSet and its event into the file's report.
#pragma once

#include "decide/Decider.h"
#include "model/RunState.h"

namespace musify {

/// Every reference, launch, dynamic shared array and hazard of the run, and
/// the includes put at files' tops; each file's events in text order.
void decideAll(RunState &State, const Decider &Decide);

/// One decision made in S: its edits (a conflict is reported), the helper
/// header it needs, its event.
void record(FileState &S, Decision D);

} // namespace musify
