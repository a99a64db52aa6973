// What each diagnostic code means and what to do about it: the rule texts
// SARIF gives viewers and the advice the HTML report shows beside a finding.
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace musify {

/// One diagnostic code (`unsupported`, a hazard kind, ...).
struct CodeHelp {
  const char *Code;
  const char *Level; ///< the default level: "warning" or "error"
  const char *Short; ///< what it is, in a few words
  const char *Help;  ///< what it means and what to do
};

/// Every code, in the order SARIF lists its rules.
llvm::ArrayRef<CodeHelp> codeHelps();
/// The help of Code; null for a code without one.
const CodeHelp *codeHelp(llvm::StringRef Code);

} // namespace musify
