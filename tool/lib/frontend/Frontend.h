// The front end: one Clang compiler instance per translation unit, in CUDA mode,
// against the real CUDA SDK.
#pragma once

#include "frontend/CudaInstallation.h"
#include "inputs/Inputs.h"

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class FrontendAction;
}

namespace musify {

/// Headers the front end supplies in memory (the nvcc-compatibility prelude,
/// headers a newer SDK lacks). They live in a folder that exists only in the
/// parse's file system and count as part of the SDK.
constexpr llvm::StringLiteral VirtualIncludeDir = "/__musify__/include";

struct ParseOutcome {
  bool Parsed = false; ///< no errors: what the action saw is the whole file
  unsigned ErrorCount = 0;
  std::vector<std::string> FirstErrors; ///< "file:line:col: message", at most a few
};

class Frontend {
public:
  Frontend(CudaInstallation Cuda, std::string ResourceDir,
           std::vector<std::string> UserArgs);
  // UserArgs may be nvcc flags: they are translated (translateNvccFlags).

  /// The Clang command line that parses File as Language; Command, when
  /// given, is the build's own compile command for it (its flags come
  /// before the user's).
  std::vector<std::string> commandLine(llvm::StringRef File, SourceLanguage Language,
                                       const CompileCommand *Command = nullptr) const;

  /// Parses File, running Action over it, in Command's folder when given.
  /// Clang's own diagnostics are collected, not printed. Safe to call from
  /// several threads at once.
  ParseOutcome parse(llvm::StringRef File, SourceLanguage Language,
                     std::unique_ptr<clang::FrontendAction> Action,
                     const CompileCommand *Command = nullptr) const;

private:
  CudaInstallation Cuda;
  std::string ResourceDir;
  std::vector<std::string> UserArgs;
};

} // namespace musify
