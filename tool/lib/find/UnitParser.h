// Parsing one translation unit for the Find stage: the host parse, then the
// device side while code under a device macro (`#ifdef __CUDA_ARCH__`) still
// holds CUDA names.
#pragma once

#include "find/SourceClassifier.h"
#include "frontend/Frontend.h"
#include "model/Findings.h"
#include "rules/RuleTable.h"

#include <string>
#include <vector>

namespace musify {

/// What parsing one translation unit produced.
struct ParsedUnit {
  bool Parsed = false;
  /// Parsed with errors Clang recovered from: Findings hold, except in
  /// ErrorRegions, which the token rewriter migrates.
  bool Recovered = false;
  unsigned ErrorCount = 0;
  std::vector<std::string> FirstErrors; ///< of the attempt kept
  std::vector<SkippedRegion> ErrorRegions;
  std::vector<StandIn> StoodIn;         ///< headers that could not be found
  std::vector<std::string> DeviceArchs; ///< of the device-side parses that ran
  /// ParseOutcome::Absent of every parse that ran: a cached parse is used
  /// only while none of them exists.
  std::set<std::string> Absent;
  /// Of the host parse kept: the SDK headers it loaded precompiled, and why
  /// it read those it tried first in place (Frontend::parse).
  std::string SharedHeader, NotShared;
  /// ParseOutcome::Crashes of every parse that ran.
  std::vector<std::string> Crashes;
  /// Of a C++ parse with errors not tried again as CUDA, why the CUDA
  /// parse would fail too: "declares no 'Npp8u' either".
  std::string NotTriedAsCuda;
  /// Of the parse kept: the clean one, else the recovered, else the first.
  TranslationUnitFindings Findings;
  bool FromCache = false;
};

/// Parses Path as each of Languages in turn until one parses cleanly (a C++
/// file nvcc would compile as CUDA gets a second try, unless its first error
/// is one the CUDA parse would make too), then, with DeviceSide,
/// the device side of a CUDA unit: for NewestDeviceArch, then for the
/// architecture its flags name, while regions skipped under a device macro
/// hold names the rule tables know. Safe to call from several threads at once.
ParsedUnit parseTranslationUnit(llvm::StringRef Path,
                                const std::vector<SourceLanguage> &Languages,
                                const CompileCommand *Command, const Frontend &Front,
                                const RuleTable &Rules,
                                const SourceClassifier &Classifier, bool DeviceSide);

} // namespace musify
