// The translation units only their own parse reads: the run migrates each
// of them as soon as it is parsed (and with --out-root writes it), instead
// of holding its text until the last unit ends (docs/design.md, "The
// pipeline").
#pragma once

#include "inputs/Inputs.h"

#include <set>
#include <string>
#include <vector>

namespace musify {

/// The translation units of Inputs that no other file of the run reads:
/// each listed once, and its file name named by no input's #include (in any
/// folder; a link's name counts for its target's). None at all when an
/// #include names its header through a macro, or a command line includes
/// files by flag (-include, -imacros): what those read is known only to
/// the parses.
std::set<std::string> unitsReadAlone(const InputSet &Inputs,
                                     const std::vector<std::string> &ClangArgs);

} // namespace musify
