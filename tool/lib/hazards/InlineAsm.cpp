// inline-asm: `asm(...)` holds PTX, which no other target runs.
#include "hazards/Checks.h"

namespace musify {
namespace {

class InlineAsm : public HazardCheck {
  HazardKind kind() const override { return HazardKind::InlineAsm; }
  const char *help() const override {
    return "inline assembly (asm(...)): PTX, which only NVIDIA GPUs run; an empty "
           "template (a compiler barrier) is not one";
  }
  void asmStmt(const clang::GCCAsmStmt &S, HazardSite &Site) const override {
    // An empty template (`asm volatile("" ::: "memory")`) is a compiler
    // barrier every target understands; anything else is PTX.
    if (!S.getAsmString()->getString().trim().empty())
      Site.note(kind(), S.getAsmLoc(), S.getSourceRange());
  }
  HazardDecision decide(const Hazard &H, llvm::StringRef,
                        const HazardTarget &Target) const override {
    return reported(
        H, "inline assembly (PTX) is not portable to " + Target.DisplayName +
               ": rewrite it with intrinsics or plain code; it is left as it is");
  }
};

} // namespace

const HazardCheck &inlineAsmCheck() {
  static const InlineAsm Check;
  return Check;
}

} // namespace musify
