// Makefiles migrated by the build rules.
#pragma once

#include "buildfiles/BuildFileEditor.h"

namespace musify {

/// Migrates Editor's Makefile.
void migrateMakefile(BuildFileEditor &Editor);

} // namespace musify
