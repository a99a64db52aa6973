// CMake files (CMakeLists.txt, *.cmake) migrated by the build rules.
#pragma once

#include "buildfiles/BuildFileEditor.h"

namespace musify {

/// Migrates Editor's CMake file. ListsFile: a CMakeLists.txt (not an
/// included *.cmake), whose relative source names are relative to its own
/// folder.
void migrateCMake(BuildFileEditor &Editor, bool ListsFile);

} // namespace musify
