// What a hazard check's file includes: the check's interface and the AST it
// looks into. Each check registers itself (MUSIFY_HAZARD_CHECK).
#pragma once

#include "hazards/HazardCheck.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/LangOptions.h"
