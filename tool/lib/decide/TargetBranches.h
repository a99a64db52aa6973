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

/// What the target's compiler is known to do with CUDA's macros.
struct TargetMacros {
  /// The names it does not define: they read as 0, defined() of them as 0.
  llvm::function_ref<bool(llvm::StringRef)> IsUndefined;
  /// `NAME OP VALUE` (`__CUDA_ARCH__ >= 700`) as the migration translates
  /// it: its truth wherever the target compiles it, or nullopt.
  llvm::function_ref<std::optional<bool>(llvm::StringRef, llvm::StringRef, long long)>
      Compare;
};

/// The value of an `#if` expression, nullopt where it depends on a macro
/// whose value on the target is not known.
std::optional<long long> evaluateOnTarget(llvm::StringRef Expression,
                                          const TargetMacros &Macros);

/// The directive that keeps the target's compiler from compiling Offset of
/// Text (`#if __CUDACC_VER_MAJOR__ >= 9`, for the `#if` branch or an `#else`
/// after a true one), as written on its first line; nullopt where the target
/// compiles Offset or where that is not known.
std::optional<std::string> branchTargetSkips(llvm::StringRef Text, unsigned Offset,
                                             const TargetMacros &Macros);

} // namespace musify
