// How a run ends: a shard's manifest, or the report and its views.
#include "session/MigrationRun.h"

namespace musify {

/// --shard: the manifest of what this shard exported; no file is written.
int MigrationRun::exportShard() {
  ShardManifest M;
  M.Index = Options.ShardIndex;
  M.Count = Options.ShardCount;
  M.ToolVersion = toolVersion();
  M.RunDigest = Caches.runDigest();
  M.Directory = workingFolder();
  M.Settings = Options.ShardSettings;
  M.Units = std::move(ExportedUnits);
  for (const InputFile &F : Inputs.Files)
    M.InputDigests.emplace(F.Path,
                           UnitCache::digestOfText(RunState::text(State.state(F.Path))));
  for (const std::string &Path : State.ParseFailures)
    Errs << "musify: warning: '" << displayPath(Path)
         << "' did not parse; the merge migrates "
         << "it by spelling\n";
  if (llvm::Error E = writeManifest(Options.ExportDir, M))
    return fail("cannot write the shard's manifest in '" + Options.ExportDir +
                "': " + llvm::toString(std::move(E)));
  if (!Options.Quiet)
    Errs << "musify: shard " << M.Index << " of " << M.Count << ": " << M.Units.size()
         << " translation unit(s) exported to " << Options.ExportDir << "\n";
  return ExitSuccess;
}

/// Stage 6: the report's views (the console's among them). False if the
/// run has a problem the exit code must show.
bool MigrationRun::report() {
  RunReport Settings;
  Settings.ToolVersion = toolVersion();
  Settings.Target = Options.Target;
  Settings.TargetVersion = Options.TargetVersion;
  Settings.TargetVersionChosenBy = Options.TargetVersionChosenBy;
  if (Cuda) {
    Settings.CudaPath = Cuda->Root;
    Settings.CudaVersion = Cuda->Version;
  }
  Settings.Inputs = Options.Inputs;
  Settings.Spill = &Spill;
  Reports.printParseProblems(State, &Spill, Options.AllowFallback, Options.Quiet);
  RunReport Run = Reports.reportOf(std::move(Settings), State);
  ConsoleShows Console;
  Console.Quiet = Options.Quiet;
  Console.Verbose = Options.Verbose;
  Console.DryRun = Options.Output == OutputMode::None;
  Console.Incremental = Caches.incremental();
  Console.PrunedCacheFiles = Caches.prune(Options.CacheMaxBytes);
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Started).count();
  bool Ok = Reports.writeViews(Run, State, Inputs.MirrorBase, Options.RuleSources,
                               Seconds, Console);
  // Sources that do not parse (or no SDK to parse them) fail the run; a
  // header that only fails on its own does not, nor errors Clang recovered
  // from (often where Clang is stricter than nvcc): --fail-on=errors.
  Totals Found = totalsOf(Run);
  bool FallbackIsError =
      !Options.AllowFallback && (!State.ParseFailures.empty() || !Cuda);
  std::vector<std::string> Tripped = trippedGates(Options.FailOn, Found, Run);
  for (const std::string &Gate : Tripped)
    Errs << "musify: error: " << Gate << "\n";
  std::string Lost = Spill.readFailure();
  if (!Lost.empty())
    Errs << "musify: error: " << Lost << "; the report lacks them\n";
  return Ok && !FallbackIsError && Found.Conflicts == 0 && Tripped.empty() &&
         Lost.empty();
}

} // namespace musify
