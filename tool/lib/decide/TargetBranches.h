// Which preprocessor branches the target's compiler takes, where that follows
// from the text: a condition on macros the target does not define (nvcc's
// version macros under hipcc) reads them as 0. A build prediction follows the
// branches the target's compiler takes, not those nvcc took.
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace musify {

/// The value of an `#if` expression, nullopt where it depends on a macro
/// whose value on the target is not known. IsUndefined says which names the
/// target's compiler does not define: they read as 0, defined() of them as 0.
std::optional<long long>
evaluateOnTarget(llvm::StringRef Expression,
                 llvm::function_ref<bool(llvm::StringRef)> IsUndefined);

/// The directive that keeps the target's compiler from compiling Offset of
/// Text (`#if __CUDACC_VER_MAJOR__ >= 9`, for the `#if` branch or an `#else`
/// after a true one), as written on its first line; nullopt where the target
/// compiles Offset or where that is not known.
std::optional<std::string>
branchTargetSkips(llvm::StringRef Text, unsigned Offset,
                  llvm::function_ref<bool(llvm::StringRef)> IsUndefined);

} // namespace musify
