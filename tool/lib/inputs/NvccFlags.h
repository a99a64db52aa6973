// nvcc's command-line flags, as a user's command line or a build's compile
// commands give them.
#pragma once

#include <string>
#include <vector>

namespace musify {

/// Compiler flags as nvcc takes them (from a user's command line or a build's
/// compile commands), translated into flags Clang accepts for parsing:
/// `-Xcompiler a,b` passes `a` and `b`; `--std c++17` becomes `-std=c++17`;
/// `--default-stream per-thread` defines what nvcc defines; code-generation
/// flags (`-arch`, `-gencode`, `-rdc`, `--expt-*`, `-Xptxas`, `-ccbin`, ...)
/// have no meaning for a parse and are dropped, with their values.
std::vector<std::string> translateNvccFlags(const std::vector<std::string> &Flags);

} // namespace musify
