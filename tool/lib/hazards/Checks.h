// The hazard checks of this folder, one per file; hazardChecks() lists them.
// Their definitions look into the AST, so this includes it.
#pragma once

#include "hazards/HazardCheck.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/LangOptions.h"

namespace musify {

const HazardCheck &inlineAsmCheck();
const HazardCheck &deviceLaunchCheck();
const HazardCheck &warpSizeCheck();
const HazardCheck &vectorOperatorCheck();
const HazardCheck &initialisedVlaCheck();

} // namespace musify
