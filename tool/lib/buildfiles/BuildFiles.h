// Build files (CMakeLists.txt, *.cmake, Makefiles) migrated by the build rule
// tables: the edits that migrate one build file and the events it reports.
#pragma once

#include "decide/Decider.h"
#include "edit/EditSet.h"
#include "inputs/Inputs.h"
#include "model/RunState.h"
#include "rename/Renaming.h"
#include "rules/BuildRules.h"
#include "rules/TargetDescription.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace musify {

struct BuildFileMigration {
  EditSet Edits;
  std::vector<Event> Events; ///< one per finding, in text order
};

/// Path: absolute path of the build file (for Event::At.File and to resolve
/// relative source names against Renamed). HelpersDir: musify's helper
/// headers for the target, put on a Makefile's compiler commands and on the
/// include path of a CMake target with CUDA sources; empty: none.
BuildFileMigration migrateBuildFile(llvm::StringRef Path, llvm::StringRef Text,
                                    BuildFileKind Kind, const BuildRules &Rules,
                                    const TargetDescription &Target,
                                    const RenameMap &Renamed,
                                    llvm::StringRef HelpersDir = "");

/// Every build file of the run (CMake files, Makefiles; not setup.py's
/// Python, which python/ migrates), its edits and events into State.
void migrateBuildFiles(RunState &State, const BuildRules &Rules,
                       const TargetDescription &Target, const RenameMap &Renamed,
                       llvm::StringRef HelpersDir);

} // namespace musify
