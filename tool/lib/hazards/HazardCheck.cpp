#include "hazards/HazardCheck.h"
#include "hazards/Checks.h"

#include <cassert>

namespace musify {

HazardDecision HazardCheck::reported(const Hazard &H, std::string Message) {
  return {{H.At, H.Kind, H.Text, std::move(Message), false, {}}, {}};
}

llvm::ArrayRef<const HazardCheck *> hazardChecks() {
  static const HazardCheck *const Checks[] = {&inlineAsmCheck(), &deviceLaunchCheck(),
                                              &warpSizeCheck(), &vectorOperatorCheck(),
                                              &initialisedVlaCheck()};
  return Checks;
}

const HazardCheck &hazardCheck(HazardKind Kind) {
  const HazardCheck &Check = *hazardChecks()[static_cast<size_t>(Kind)];
  assert(Check.kind() == Kind && "hazardChecks() is in HazardKind order");
  return Check;
}

bool readsSdkConstant(const clang::Stmt *S, HazardSite &Site, unsigned Depth) {
  if (!S || Depth > 8)
    return false;
  if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(S))
    if (const auto *Var = llvm::dyn_cast<clang::VarDecl>(Ref->getDecl())) {
      if (Site.isSdkLocation(Var->getLocation()))
        return true;
      if (Var->getType().isConstQualified() &&
          readsSdkConstant(Var->getAnyInitializer(), Site, Depth + 1))
        return true;
    }
  for (const clang::Stmt *Child : S->children())
    if (readsSdkConstant(Child, Site, Depth))
      return true;
  return false;
}

} // namespace musify
