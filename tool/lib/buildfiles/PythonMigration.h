// Python build scripts (setup.py) migrated by the build rules.
#pragma once

#include "buildfiles/BuildFileEditor.h"

namespace musify {

/// Migrates Editor's setup.py.
void migratePython(BuildFileEditor &Editor);

} // namespace musify
