// The device side of a CUDA unit: what only device compilation sees
// (`#ifdef __CUDA_ARCH__` bodies) is skipped by the host parse; a second,
// device-side parse finds the references there by their declarations.
#pragma once

#include "model/Findings.h"

namespace musify {

/// Adds to Host what Device found inside the regions the host parse skipped
/// (references, launches, hazards, error regions), and narrows Host's skipped
/// regions to what both sides skipped: only that is left to the token
/// rewriter.
void mergeDeviceSide(TranslationUnitFindings &Host,
                     const TranslationUnitFindings &Device);

/// The text that both A and B cover (with A's DeviceOnly).
std::vector<SkippedRegion> overlap(const std::vector<SkippedRegion> &A,
                                   const std::vector<SkippedRegion> &B);

/// The text that A covers and B does not.
std::vector<SkippedRegion> subtract(const std::vector<SkippedRegion> &A,
                                    const std::vector<SkippedRegion> &B);

} // namespace musify
