// CMake files (CMakeLists.txt, *.cmake) migrated by the build rules.
#pragma once

#include "buildfiles/BuildFileEditor.h"

namespace musify {

/// Migrates Editor's CMake file. ListsFile: a CMakeLists.txt (not an
/// included *.cmake), whose relative source names are relative to its own
/// folder. HelpersDir: where musify's helper headers for the target are,
/// put on the include path of each target with sources of the CUDA
/// language; empty for none.
void migrateCMake(BuildFileEditor &Editor, bool ListsFile, llvm::StringRef HelpersDir);

} // namespace musify
