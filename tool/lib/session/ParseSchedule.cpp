// Stages 2 and 3 of a run: which units are parsed, how many at once, and
// what is done with each parse as it comes in.
#include "session/MigrationRun.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Threading.h"

namespace musify {

/// --memory-budget, or so much for each job.
static unsigned memoryBudgetMiB(const MigrationOptions &Options) {
  if (Options.MemoryBudgetMiB)
    return Options.MemoryBudgetMiB;
  return Options.MemoryBudgetPerJobMiB *
         llvm::hardware_concurrency(Options.Jobs).compute_thread_count();
}

/// Stages 2 and 3: parse each translation unit and find its references,
/// several at once. Headers of a folder that no unit includes are parsed
/// on their own. Results are merged in input order, whatever order the
/// parses finish in: the output does not depend on the number of jobs.
/// Each is merged as soon as those before it are, and let go of then.
/// A shard parses its slice of the units only; a merge takes the units
/// from the shards' exports.
std::optional<int> MigrationRun::parseAll() {
  if (!Cuda)
    return std::nullopt;
  std::vector<std::string> Sdk = Cuda->RealFolders;
  Sdk.push_back(VirtualIncludeDir.str());
  SourceClassifier Classifier(std::move(Sdk), MUSIFY_CLANG_RESOURCE_DIR, Inputs.Roots,
                              Rules.libraries());
  Frontend Front(
      *Cuda, MUSIFY_CLANG_RESOURCE_DIR, Options.ClangArgs,
      [this](llvm::StringRef Header) { return Rules.isSdkHeader(Header); },
      [&Classifier](llvm::StringRef Path) { return Classifier.isUser(Path); });
  if (Options.ShareHeaders)
    Front.shareHeaders(Options.ShareSdkHeaders);
  if (!Options.SkipBodies)
    Front.buildAllBodies();
  CachedParser Parser(Front, Classifier, Rules, Caches, Options.DeviceSide,
                      uint64_t(memoryBudgetMiB(Options)) << 20);

  std::vector<const InputFile *> Units = unitsToParse();
  Progress Bar(Errs, Errs.is_displayed() && !Options.Quiet, Options.Verbose,
               Units.size());
  // A merge writes nothing before it has read every shard's parse.
  if (migratesFileByFile() && Options.MergeFolders.empty())
    ReadAlone = unitsReadAlone(Inputs, Options.ClangArgs);
  auto AcceptUnit = [&](size_t I, ParsedUnit Unit, const std::string &Key) {
    const InputFile &F = *Units[I];
    if (Options.ShardCount)
      ExportedUnits.emplace(F.Path, Key);
    if (!ReadAlone.count(F.Path))
      return acceptParse(State, F, std::move(Unit), /*Standalone=*/false);
    RunState Own;
    acceptParse(State, F, std::move(Unit), /*Standalone=*/false, &Own);
    migrateAndWrite(renameIncludes(Own), /*Parsing=*/true);
    MigratedWhileParsing.merge(Own.Files);
  };
  if (!Options.MergeFolders.empty()) {
    if (llvm::Error E = Parser.fromShards(Units, Options.MergeUnits, AcceptUnit))
      return fail(llvm::toString(std::move(E)));
  } else {
    parseUnits(Parser, Units, Bar, AcceptUnit);
  }
  // Headers no unit includes: a shard cannot tell which they are.
  if (Options.ShardCount) {
    Bar.done();
    return std::nullopt;
  }
  parseStandaloneHeaders(Parser, Bar);
  State.FoundIn.clear(); // no parse is left to find a place again
  Bar.done();
  if (Options.Verbose && Parser.secondsWaitedForMemory() >= 0.05)
    Errs << llvm::formatv("musify: parses waited {0:f1} s for memory (budget {1} MiB)\n",
                          Parser.secondsWaitedForMemory(), memoryBudgetMiB(Options));
  Errs << SaidWhileParsing;
  return std::nullopt;
}

/// The headers no unit includes, each parsed on its own.
void MigrationRun::parseStandaloneHeaders(const CachedParser &Parser, Progress &Bar) {
  std::vector<const InputFile *> Standalone;
  for (const InputFile &F : Inputs.Files)
    if (!F.LeftOut && F.Role == FileRole::Header && !F.Explicit &&
        !State.state(F.Path).Covered)
      Standalone.push_back(&F);
  Bar.expect(Standalone.size());
  parseUnits(Parser, Standalone, Bar,
             [&](size_t I, ParsedUnit Unit, const std::string &) {
               acceptParse(State, *Standalone[I], std::move(Unit), /*Standalone=*/true);
             });
}

/// The translation units, and the headers named as inputs; a shard's
/// slice of them.
std::vector<const InputFile *> MigrationRun::unitsToParse() const {
  std::vector<const InputFile *> Units;
  for (const InputFile &F : Inputs.Files)
    if (!F.LeftOut && (F.Role == FileRole::TranslationUnit ||
                       (F.Role == FileRole::Header && F.Explicit)))
      Units.push_back(&F);
  if (!Options.ShardCount)
    return Units;
  // Every K-th unit: neighbours in the tree often cost alike.
  std::vector<const InputFile *> Slice;
  for (size_t I = Options.ShardIndex - 1; I < Units.size(); I += Options.ShardCount)
    Slice.push_back(Units[I]);
  return Slice;
}

/// Units parsed --jobs at a time, each shown on the progress bar as it
/// completes and given to Accept in order; a cache entry refused as
/// damaged is said.
void MigrationRun::parseUnits(const CachedParser &Parser,
                              const std::vector<const InputFile *> &Units, Progress &Bar,
                              CachedParser::AcceptFn Accept) {
  std::vector<std::string> Notes = Parser.parse(
      Units, Options.Jobs,
      [&Bar](const InputFile &F, const ParsedUnit &R, double Seconds) {
        std::string Note = R.NotShared;
        if (!R.SharedHeader.empty())
          Note = "sharing " + R.SharedHeader + (Note.empty() ? "" : "; " + Note);
        if (!R.NotTriedAsCuda.empty())
          Note += (Note.empty() ? "" : "; ") +
                  ("not tried as CUDA, which " + R.NotTriedAsCuda);
        Bar.finished(F.Relative, R.Parsed, R.FromCache, Seconds, Note);
      },
      Accept);
  for (const std::string &Note : Notes)
    if (!Note.empty())
      Errs << "musify: note: " << Note << "; the unit is parsed again\n";
}

} // namespace musify
