// --depfile: the files a run read, in the Make syntax that Ninja and Make
// read (`target: dep dep ...`), so a build step that runs musify runs it
// again when any of them changes, listed or not (a header an input includes).
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>

namespace musify {

/// `Targets: Deps`, one dependency a line, each path escaped as GNU make and
/// Ninja both read it back (a space as `\ `, `#` as `\#`, `:` as `\:`, `$`
/// as `$$`), then an empty rule for each dependency, as `gcc -MP` writes
/// them: make then remakes the targets while one is missing (a header
/// deleted, or one the run looked for in vain), where it would stop with "No
/// rule to make target"; Ninja ignores them. An error names a path that
/// cannot be so written.
llvm::Expected<std::string> depFileText(llvm::ArrayRef<std::string> Targets,
                                        const std::set<std::string> &Deps);

/// Why a depfile cannot name Path so that make and Ninja both read it back
/// (a line break, `;`, `=`, a quote, `|`: each tool reads one of them as
/// syntax), or "".
std::string whyNotInDepFile(llvm::StringRef Path);

} // namespace musify
