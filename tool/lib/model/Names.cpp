// The report's names of the model's enumerations.
#include "core/EnumNames.h"
#include "model/FileReport.h"

namespace musify {
namespace {

constexpr EnumName<Evidence> EvidenceNames[] = {
    {Evidence::Declaration, "declaration"},
    {Evidence::Macro, "macro"},
    {Evidence::Include, "include"},
    {Evidence::MacroTest, "macro-test"},
    {Evidence::SkippedRegion, "skipped-region"},
    {Evidence::ErrorRegion, "error-region"},
    {Evidence::Fallback, "token-fallback"},
    {Evidence::StringLiteral, "string-literal"},
    {Evidence::BuildFile, "build-file"},
    {Evidence::Python, "python"},
    {Evidence::NvccImplicit, "nvcc-implicit"},
    {Evidence::Helper, "helper"},
};
static_assert(namesCover(EvidenceNames, Evidence::Helper));

constexpr EnumName<EventStatus> EventStatusNames[] = {
    {EventStatus::Migrated, "migrated"},
    {EventStatus::MigratedWithoutSemantics, "migrated-without-semantics"},
    {EventStatus::Kept, "kept"},
    {EventStatus::Unsupported, "unsupported"},
    {EventStatus::Unknown, "unknown"},
    {EventStatus::Excluded, "excluded"},
};
static_assert(namesCover(EventStatusNames, EventStatus::Excluded));

constexpr EnumName<Analysis> AnalysisNames[] = {
    {Analysis::Semantic, "semantic"},
    {Analysis::TokenFallback, "token-fallback"},
    {Analysis::BuildFile, "build-file"},
    {Analysis::Python, "python"},
};
static_assert(namesCover(AnalysisNames, Analysis::Python));

} // namespace

const char *evidenceName(Evidence How) { return nameOf(EvidenceNames, How); }
const char *eventStatusName(EventStatus Status) {
  return nameOf(EventStatusNames, Status);
}
const char *analysisName(Analysis How) { return nameOf(AnalysisNames, How); }

} // namespace musify
