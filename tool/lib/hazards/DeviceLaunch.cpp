// device-launch: a kernel launched from device code (dynamic parallelism).
#include "hazards/Checks.h"

namespace musify {
namespace {

class DeviceLaunch : public HazardCheck {
  const char *name() const override { return "device-launch"; }
  const char *title() const override { return "A kernel launched from device code"; }
  const char *advice() const override {
    return "Dynamic parallelism: the target may not support launches from device code.";
  }
  /// The target's compiler rejects a launch from device code.
  BuildImpact buildImpact(const HazardRecord &) const override {
    return BuildImpact::Blocks;
  }
  const char *help() const override {
    return "a kernel launched from device code (dynamic parallelism, nvcc -rdc), which "
           "a target may not support";
  }
  void kernelCall(const clang::CUDAKernelCallExpr &E, HazardSite &Site) const override {
    if (Site.inDeviceCode())
      Site.note(kind(), E.getBeginLoc(), E.getSourceRange());
  }
  HazardDecision decide(const Hazard &H, llvm::StringRef,
                        const HazardTarget &Target) const override {
    if (const std::string *Rejected = Target.Rules.rejectedExtension(name()))
      return reported(H, *Rejected);
    return reported(H, "a kernel launched from device code (dynamic parallelism): " +
                           Target.DisplayName + " does not support it");
  }
};

} // namespace

MUSIFY_HAZARD_CHECK(DeviceLaunch)

} // namespace musify
