// --depfile: the files a run read, in the Make syntax that Ninja and Make
// read (`target: dep dep ...`), so a build step that runs musify runs it
// again when any of them changes, listed or not (a header an input includes).
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>

namespace musify {

/// `Targets: Deps`, one dependency a line, each path escaped as Make and
/// Ninja read it (a space as `\ `, `#` as `\#`, `$` as `$$`). An error names
/// a path no depfile can hold (one with a line break).
llvm::Expected<std::string> depFileText(llvm::ArrayRef<std::string> Targets,
                                        const std::set<std::string> &Deps);

} // namespace musify
