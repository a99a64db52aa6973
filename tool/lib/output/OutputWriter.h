// Writing results: every file is written whole or not at all.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace musify {

/// Writes Content to Path through a temporary file renamed over it, creating
/// missing parent folders; a Path that already holds Content is only given a
/// new time. The file gets the permissions of ModeOf (the source it is a
/// migration or copy of), else keeps Path's if it existed.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content,
                                llvm::StringRef ModeOf = "");

} // namespace musify
