#include "rewrite/RewriteStage.h"

#include "core/KeepOnePerKey.h"
#include "rewrite/TokenRewriter.h"

#include <optional>
#include <tuple>

namespace musify {
namespace {

void rewriteRegions(RunState &State, const RuleTable &Rules,
                    std::vector<SkippedRegion> &Regions, Evidence How) {
  TokenRewriter Tokens(Rules);
  keepOnePerKey(Regions,
                [](const SkippedRegion &R) { return std::tie(R.File, R.Begin, R.End); });
  std::optional<LineIndex> Lines;
  llvm::StringRef LinesOf;
  for (const SkippedRegion &R : Regions) {
    llvm::StringRef Text = RunState::text(State.state(R.File));
    if (LinesOf != R.File) {
      Lines.emplace(Text);
      LinesOf = R.File;
    }
    Tokens.findReferences(R.File, Text, R.Begin, std::min<size_t>(R.End, Text.size()),
                          How, *Lines, State.References);
  }
}

} // namespace

void rewriteUnparsed(RunState &State, const RuleTable &Rules, bool HaveSdk) {
  TokenRewriter Tokens(Rules);
  for (auto &[Path, S] : State.Files) {
    if (!S.isSource() || S.Covered || S.leftOut())
      continue;
    S.Report.How = Analysis::TokenFallback;
    if (S.Report.FallbackReason.empty())
      S.Report.FallbackReason = !HaveSdk ? "no CUDA SDK to parse against"
                                         : "no parsed translation unit includes it";
    llvm::StringRef Text = RunState::text(S);
    Tokens.findReferences(Path, Text, 0, Text.size(), Evidence::Fallback, LineIndex(Text),
                          State.References);
  }
}

void rewriteSkippedRegions(RunState &State, const RuleTable &Rules) {
  rewriteRegions(State, Rules, State.Skipped, Evidence::SkippedRegion);
  rewriteRegions(State, Rules, State.ErrorRegions, Evidence::ErrorRegion);
  for (const SkippedRegion &R : State.ErrorRegions) {
    FileState &S = State.state(R.File);
    LineIndex Lines(RunState::text(S));
    S.Report.ErrorLines.push_back(
        {Lines.lineAndColumn(R.Begin).first, Lines.lineAndColumn(R.End).first});
  }
}

void rewriteStringLiterals(RunState &State, const RuleTable &Rules) {
  TokenRewriter Tokens(Rules);
  for (auto &[Path, S] : State.Files) {
    if (!S.isSource() || S.leftOut())
      continue;
    llvm::StringRef Text = RunState::text(S);
    Tokens.findStringReferences(Path, Text, LineIndex(Text), State.References);
  }
}

} // namespace musify
