// initialised-vla: `int a[n] = {0};`, a GNU extension nvcc accepts and a
// Clang-based target compiler rejects, where the target's tables say so.
#include "hazards/Checks.h"

namespace musify {
namespace {

class InitialisedVla : public HazardCheck {
  const char *name() const override { return "initialised-vla"; }
  const char *title() const override { return "An initialised variable-length array"; }
  const char *advice() const override {
    return "nvcc accepts int a[n] = {0}; (a GNU extension); the target's compiler "
           "rejects it. Declare the array without an initialiser and fill it with a "
           "loop, or give it a constant size.";
  }
  const char *level() const override { return "error"; }
  /// Found only for a target whose compiler rejects it.
  BuildImpact buildImpact(const HazardRecord &) const override {
    return BuildImpact::Blocks;
  }
  const char *help() const override {
    return "an initialised variable-length array (int a[n] = {0};): nvcc accepts it as "
           "a GNU extension, a Clang-based compiler (hipcc) rejects it";
  }
  void varDecl(const clang::VarDecl &Var, HazardSite &Site) const override {
    // Clang keeps it, with its initialiser, though it rejects it (the front
    // end does not count that error: nvcc accepts it).
    if (Var.hasInit() && Var.getType()->isVariableArrayType() &&
        Site.rules().rejectedExtension(name()))
      Site.note(kind(), Var.getLocation(),
                clang::SourceRange(Var.getBeginLoc(), Var.getEndLoc()));
  }
  HazardDecision decide(const Hazard &H, llvm::StringRef,
                        const HazardTarget &Target) const override {
    const std::string *Rejected = Target.Rules.rejectedExtension(name());
    return reported(H, Rejected ? *Rejected : "");
  }
};

} // namespace

MUSIFY_HAZARD_CHECK(InitialisedVla)

} // namespace musify
