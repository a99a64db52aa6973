// musify explain NAME...: what CUDA names become on every target, read from
// the rule tables, without migrating anything.
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace musify {

/// Runs `musify explain` with the arguments after `explain`. Prints, for
/// each name and target, what the name becomes and what the tables know of
/// it (versions, notes, how it was verified); near matches for a name no
/// table knows. Returns 0 when every name is known, 1 when one is not, 2 for
/// bad usage.
int runExplain(llvm::ArrayRef<const char *> Args, llvm::StringRef DefaultRulesDir,
               llvm::raw_ostream &Out, llvm::raw_ostream &Err);

} // namespace musify
