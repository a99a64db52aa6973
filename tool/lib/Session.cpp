// The migration pipeline, stage by stage (docs/design.md): one run is the
// sequence below; each step is defined in session/.
#include "Session.h"

#include "session/MigrationRun.h"

namespace musify {

const char *toolVersion() { return MUSIFY_VERSION; }

int MigrationRun::run() {
  if (std::optional<int> Failed = collect())
    return *Failed;
  // Before the first write: with --out-root, units read alone are
  // written while parsing.
  if (Options.Output != OutputMode::None && !Options.ShardCount)
    Output.removeStaleTemporaries(Errs);
  if (std::optional<int> Failed = parseAll())
    return *Failed;
  if (Options.ShardCount)
    return exportShard();
  dropUnitsReadAfterAll();
  if (migratesFileByFile())
    migrateByFile();
  else
    migrateFiles(renameIncludes(State));
  State.Files.merge(MigratedWhileParsing); // the units read alone, back
  if (std::optional<int> Failed = beginMergeJournal())
    return *Failed;
  bool Written = Options.Output == OutputMode::None ||
                 Output.writeFiles(State, keptAfterWriting(), Out, Errs);
  Written = Written && WritesOk;
  Output.touchUnitsOfReplaced(State);
  if (Journal && Written)
    Journal->finish();
  if (Options.Output == OutputMode::OutRoot)
    Written = Output.mirrorLinks(Errs) &&
              Output.noMirrorOfMissing(State.MissingIncludes, Errs) && Written;
  return report() && Written ? ExitSuccess : ExitMigrationProblems;
}

int Session::run(llvm::raw_ostream &Out, llvm::raw_ostream &Errs) {
  return MigrationRun(Options, Rules, Out, Errs).run();
}

} // namespace musify
