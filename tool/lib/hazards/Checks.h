// The hazard checks of this folder, one per file; hazardChecks() lists them.
#pragma once

#include "hazards/HazardCheck.h"

namespace musify {

const HazardCheck &inlineAsmCheck();
const HazardCheck &deviceLaunchCheck();
const HazardCheck &warpSizeCheck();
const HazardCheck &vectorOperatorCheck();
const HazardCheck &initialisedVlaCheck();

} // namespace musify
