// System and SDK headers loaded precompiled where a unit includes them.
//
// A unit may load the headers it includes first (<stdio.h> then <vector>,
// <cooperative_groups.h>) from a precompiled header, with the shared headers
// for CUDA, so that they are read before the unit's own text instead of
// where the unit includes them. That is the same parse only if nothing the
// unit does before each #include could have changed that header or seen it.
// HoistCheck watches such a parse and says when that does not hold; the
// parse is then made again without them.
#pragma once

#include "frontend/FilePaths.h"
#include "frontend/SharedHeaders.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <optional>
#include <string>

namespace clang {
class ASTConsumer;
class CompilerInstance;
class PPCallbacks;
} // namespace clang

namespace musify {

/// Fills in Into's files and identifiers while CI builds a precompiled
/// header; call finish() when its preprocessor is done, before it goes.
class PchRecorder {
public:
  PchRecorder(clang::CompilerInstance &CI, PchContents &Into);
  ~PchRecorder();
  std::unique_ptr<clang::PPCallbacks> callbacks();
  void finish();

  struct State; ///< what the callbacks share

private:
  std::shared_ptr<State> S;
};

/// Watches a parse that loaded Pch (the shared headers with one SDK header
/// after them) for what would make it differ from a parse that read that
/// header where the unit includes it.
class HoistCheck {
public:
  HoistCheck(const PchContents &Pch, const IsUserFileFn &IsUserFile);
  ~HoistCheck();
  /// Both are needed, for the parse of CI.
  std::unique_ptr<clang::PPCallbacks> callbacks(clang::CompilerInstance &CI);
  std::unique_ptr<clang::ASTConsumer> consumer(clang::CompilerInstance &CI);
  /// At the end of the parse, the places of the errors it raised (Count in
  /// all): the same parse as one that read the headers in place only where
  /// each comes after the last of them, in a user's file, where it cannot
  /// hide from this check what the unit does before them.
  void errorsAt(llvm::ArrayRef<clang::SourceLocation> Errors, unsigned Count);
  /// After the parse: why it is not the same as one that read the headers
  /// in place, or nothing.
  std::optional<std::string> refusal() const;
  /// Where the refusal was, where it can tell: past how many of the
  /// headers' #includes in the unit. A run of no more headers than that is
  /// free of its cause.
  std::optional<unsigned> refusedAt() const;

  struct State; ///< what the callbacks and the consumer share

private:
  std::shared_ptr<State> S;
};

} // namespace musify
