// Findings written into the migrated code: a comment line above each line
// with a finding a person must act on, with the finding's code (the
// console's tag, SARIF's rule id) and its message, so the reason stands
// where the fix goes (docs/report.md, "Findings in the code").
#pragma once

#include "buildfiles/CommentSyntax.h"
#include "edit/EditSet.h"
#include "model/RunState.h"
#include "report/Report.h"

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace musify {

/// The insertions that put F's findings above their lines in Text (F's
/// original text), one line per finding, indented as the line. A line never
/// goes where it would change what the text means (CommentSyntax): a
/// finding there goes above the line where that construct begins. None where
/// the same lines stand there already (migrating migrated code adds nothing).
std::vector<Edit> inlineFindingEdits(const FileReport &F, const std::string &Target,
                                     llvm::StringRef Text, CommentSyntax Syntax);

/// After every decision, each migrated file's findings as comment lines
/// (what the comments say is what the report says); a comment yields to any
/// edit it would overlap.
void writeFindingsIntoCode(RunState &State, const std::string &Target);

} // namespace musify
