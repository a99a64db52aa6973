// Makefiles migrated by the build rules.
#pragma once

#include "buildfiles/BuildFileEditor.h"

namespace musify {

/// Migrates Editor's Makefile. HelpersDir: where musify's helper headers
/// for the target are (share/musify/<target>/include), which the recipes'
/// compiler commands get on their include path; empty: none.
void migrateMakefile(BuildFileEditor &Editor, llvm::StringRef HelpersDir);

} // namespace musify
