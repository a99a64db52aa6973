// Renaming sources for the target (--rename-extensions): which files get a new
// name, and the #include directives that must follow them.
#pragma once

#include "decide/Decider.h"
#include "inputs/Inputs.h"
#include "model/RunState.h"
#include "rules/TargetDescription.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace musify {

/// Sources the migration renames (.cu -> .mu, .cuh -> .muh): absolute old
/// path -> absolute new path.
using RenameMap = std::map<std::string, std::string>;

/// The target's names of the inputs that have one (MUSA: `.cu` -> `.mu`,
/// `.cuh` -> `.muh`); files left out by filters keep theirs. A new name that
/// is already taken is an error.
llvm::Expected<RenameMap> planRenames(const InputSet &Inputs,
                                      const TargetDescription &Target);

/// The `#include`s of Text (the text of Path) that find a renamed file,
/// looked up as the compiler would (quoted: Path's folder first, then
/// Folders), each decided by Decide (Decider::renamedInclude).
std::vector<Decision> renameIncludes(llvm::StringRef Path, llvm::StringRef Text,
                                     const std::vector<std::string> &Folders,
                                     const RenameMap &Renamed, const Decider &Decide);

/// The folders a run's #includes are looked up in: those of ClangArgs and
/// of the inputs' compile commands.
std::vector<std::string> includeFoldersOfRun(const InputSet &Inputs,
                                             const std::vector<std::string> &ClangArgs);

/// Every source's #includes of renamed files, looked up in Folders
/// (includeFoldersOfRun), recorded in State. A text it reads is let go of
/// after: in place, these are decided for every file before any is written
/// (a renamed file's old name goes with its write).
void renameIncludesOfRun(RunState &State, const std::vector<std::string> &Folders,
                         const RenameMap &Renamed, const Decider &Decide);

} // namespace musify
