// Writing results: every file is written whole or not at all.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace musify {

/// Writes Content to Path through a temporary file renamed over it, creating
/// missing parent folders. Path keeps its permissions if it existed.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content);

} // namespace musify
