// Names of the targets.
#include "Options.h"

namespace musify {

const char *targetDisplayName(TargetApi Target) {
  return Target == TargetApi::Musa ? "MUSA" : "HIP";
}

const char *targetRuleFolder(TargetApi Target) {
  return Target == TargetApi::Musa ? "musa" : "hip";
}

} // namespace musify
