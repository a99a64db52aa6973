// The import statements of a Python module, and what each name they bind
// stands for: `import torch as t` makes `t` stand for `torch`, `from
// torch.cuda import amp` makes `amp` stand for `torch.cuda.amp`.
#pragma once

#include "core/PythonTokens.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace musify {

struct ImportedName {
  size_t Token;      ///< the name as imported (`a.b` of `import a.b as c`)
  std::string Path;  ///< the full dotted path it names
  std::string Local; ///< what the module calls it: its `as`, else its first part
  bool Aliased = false;
};

struct ImportStatement {
  size_t First = 0, Last = 0; ///< its `import` or `from` token, and its last token
  bool From = false;          ///< `from M import ...`
  std::string Module;         ///< M of a from-import ("" for a relative one)
  size_t ModuleToken = 0;
  bool Star = false; ///< `from M import *`
  std::vector<ImportedName> Names;
};

struct PythonImports {
  std::vector<ImportStatement> Statements;
  /// Local name -> the dotted path it stands for, for the names an import
  /// binds to a module Tracked accepts and that nothing else in the module
  /// binds (an assignment, a `for`, a parameter, an `as` of with/except).
  llvm::StringMap<std::string> Aliases;
  /// Which tokens belong to import statements.
  std::vector<bool> InImport;
};

/// Tracked: whether a path's first part (`torch`) is a package whose names
/// matter.
PythonImports readImports(llvm::StringRef Text, const std::vector<PythonToken> &Tokens,
                          llvm::function_ref<bool(llvm::StringRef)> Tracked);

} // namespace musify
