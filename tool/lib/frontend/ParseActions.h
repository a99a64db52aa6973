// The Clang actions a parse runs: the finder's action with missing headers
// stood in for and errors turned into regions the token rewriter takes over
// (recoveringAction), the build of a precompiled header of shared headers
// (emitSharedHeaders), and the consumer that keeps Clang's errors for
// musify's own messages.
#pragma once

#include "frontend/FilePaths.h"
#include "frontend/HoistedHeader.h"
#include "frontend/ParseOutcome.h"
#include "frontend/SharedHeaders.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace musify {

/// Keeps Clang's errors for musify's own message; everything else is dropped.
class CollectingDiagnostics : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;
  void finish() override { flush(); }

  /// Counts the error held for its notes, unless they showed nvcc accepts it.
  void flush();

  ParseOutcome Outcome;
  bool Fatal = false;
  bool Finished = false;                       ///< the action saw the end of the file
  std::vector<clang::SourceLocation> ErrorsAt; ///< valid while the parse lives
  const IsUserFileFn *IsUserFile = nullptr;    ///< for ParseOutcome::FirstUndeclared

private:
  struct Error {
    clang::DiagnosticsEngine::Level Level;
    clang::SourceLocation At;
    std::string Text;       ///< empty past the first few
    std::string Undeclared; ///< ParseOutcome::FirstUndeclared, if it is the first
    bool IsDirective;       ///< ParseOutcome::FirstErrorIsDirective, likewise
    bool Accepted;          ///< a note showed nvcc accepts the code
  };

  /// A kernel launched from device code whose only candidate Clang turned
  /// down for that (dynamic parallelism, which nvcc -rdc compiles; Clang
  /// rejects it when it has to pick an overload, as for a template kernel).
  static bool launchesKernelFromDevice(const clang::Diagnostic &Info);

  std::optional<Error> Pending;
};

/// Runs Wrapped (the finder's action) with the headers that cannot be found
/// and are not the SDK's stood in for, function bodies built only in user
/// files (of those, only Bodies' where given), and, on errors, the text they
/// make unreliable worked out for the token rewriter. Check, if given, sees
/// the parse too.
std::unique_ptr<clang::FrontendAction>
recoveringAction(std::unique_ptr<clang::FrontendAction> Wrapped,
                 const std::function<bool(llvm::StringRef)> &IsCudaHeader,
                 const IsUserFileFn &IsUserFile, bool SkipBodies,
                 const DeviceBodies *Bodies, CollectingDiagnostics &Diagnostics,
                 HoistCheck *Check);

/// Notes in Found which of Names the parse's unit has, at its end, defined
/// as a macro or declared in the global namespace or in std.
std::unique_ptr<clang::FrontendAction>
namesDeclaredAction(const std::set<std::string> &Names, std::set<std::string> &Found);

/// A user's file a precompiled header's build read: the first line of its
/// main file whose #include led into one (0: none did), and that file.
struct UserFileRead {
  unsigned Line = 0;
  std::string File;
};

/// Writes the precompiled header of the parse's main file to Into.Path;
/// Read says whether it read a user's file (which makes it unfit to share).
std::unique_ptr<clang::FrontendAction> emitSharedHeaders(PchContents &Into,
                                                         const IsUserFileFn &IsUserFile,
                                                         bool SkipBodies,
                                                         UserFileRead &Read);

/// Container operations for a parse that writes a precompiled header: as
/// Clang's, but a write that fails (a full disk) sets WriteFailed instead of
/// ending the process, as Clang's raw writer's stream does on destruction.
std::shared_ptr<clang::PCHContainerOperations> checkedPchWriter(bool &WriteFailed);

/// Writes Data to File and flushes it; false, with the stream's error
/// cleared, if that failed.
bool writeChecked(llvm::raw_fd_ostream &File, llvm::StringRef Data);

} // namespace musify
