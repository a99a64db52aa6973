// The Find stage: a Clang frontend action that records every reference to
// something the CUDA SDK declares, as written in user files.
#pragma once

#include "find/SourceClassifier.h"
#include "model/Findings.h"
#include "rules/RuleTable.h"

#include <memory>

namespace clang {
class FrontendAction;
} // namespace clang

namespace musify {

/// An action that fills Findings while Clang parses one translation unit.
/// Rules only name compiler-defined macros and macros tested while undefined
/// (`#ifdef __CUDA_ARCH__` in a host parse); everything else counts because
/// of where its declaration lives.
std::unique_ptr<clang::FrontendAction>
makeFindReferencesAction(const RuleTable &Rules, const SourceClassifier &Classifier,
                         TranslationUnitFindings &Findings);

} // namespace musify
