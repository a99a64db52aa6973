// Stages 4 and 5 of a run and when files are written: while parsing, file by
// file after the last parse, or all at once (-o, standard output, a merge in
// place, which journals first).
#include "session/MigrationRun.h"

#include <algorithm>

namespace musify {

/// --rename-extensions: the #includes of renamed files in the files of
/// Run, decided before any of them is written (in place, a renamed
/// file's old name goes with its write).
RunState &MigrationRun::renameIncludes(RunState &Run) {
  renameIncludesOfRun(Run, RenameFolders, Renamed, Decide);
  return Run;
}

/// Stages 4 and 5 for the files of Run, their #includes renamed already:
/// the decisions and edits that migrate them (and the findings written
/// into them), not yet written.
void MigrationRun::migrateFiles(RunState &Run) {
  migrateBuildFiles(Run, Rules.buildRules(), Options.Target, Renamed, Options.HelpersDir);
  migratePythonModules(Run, Rules.buildRules(), Options.Target, Python);
  rewriteUnparsed(Run, Rules, Cuda.has_value());
  rewriteSkippedRegions(Run, Rules);
  if (Options.RewriteStrings)
    rewriteStringLiterals(Run, Rules);
  decideAll(Run, Decide);
  if (Options.InlineFindings)
    writeFindingsIntoCode(Run, Options.Target.DisplayName);
}

/// Whether each file is migrated and written as soon as what it needs is
/// in, not all at once: a unit only its own parse reads (inputs/ReadAlone)
/// once it is parsed, every other file after the last parse, one at a
/// time. Not for -o or standard output (one text of every file), a shard
/// (it writes no file) or a merge in place (it journals every file it
/// replaces before it replaces one).
bool MigrationRun::migratesFileByFile() const {
  return Options.Output != OutputMode::File && Options.Output != OutputMode::Stdout &&
         !Options.ShardCount && !Journal;
}

/// Stages 4 and 5 for the files of Own, and then their writes. With
/// --out-root they are written now, and their texts and edits go. In
/// place, they are written now unless units are still Parsing (nothing is
/// replaced before every unit is parsed): then their texts go until they
/// are written with the rest. A dry run lets go of them as a write would.
/// What a write says while Parsing is said once the progress bar is done.
void MigrationRun::migrateAndWrite(RunState &Own, bool Parsing) {
  migrateFiles(Own);
  AfterWriting Keep = keptAfterWriting();
  bool WriteNow = Options.Output == OutputMode::OutRoot ||
                  (Options.Output == OutputMode::InPlace && !Parsing);
  if (WriteNow) {
    llvm::raw_string_ostream Held(SaidWhileParsing);
    WritesOk = Output.writeFiles(Own, Keep, Out, Parsing ? Held : Errs) && WritesOk;
  } else {
    for (auto &[Path, S] : Own.Files)
      Options.Output == OutputMode::None ? S.written(Keep) : S.setAsideText(Keep);
  }
  // Their report entries wait for the views on disk, not in memory.
  for (auto &[Path, S] : Own.Files)
    Spill.spill(S.Report);
}

/// Stages 4 and 5 after the last parse, file by file: each file's text is
/// read, migrated and written (or let go of in a dry run) before the
/// next's, so that the run never holds every file's text and edits.
void MigrationRun::migrateByFile() {
  std::map<std::string, RunState> Apart = renameIncludes(State).splitByFile();
  while (!Apart.empty()) {
    RunState Own = std::move(Apart.extract(Apart.begin()).mapped());
    migrateAndWrite(Own, /*Parsing=*/false);
    State.Files.merge(Own.Files);
  }
}

/// Of the units migrated while parsing, those another unit's parse read
/// after all (an #include inputs/ReadAlone could not see): said, and let
/// go of. Each is migrated again, as the input it is, with what that
/// parse found: that migration is the one written and reported.
void MigrationRun::dropUnitsReadAfterAll() {
  for (auto It = MigratedWhileParsing.begin(); It != MigratedWhileParsing.end();) {
    auto &[Path, S] = *It;
    if (!State.knows(Path)) {
      ++It;
      continue;
    }
    State.Files.at(Path).Input = S.Input;
    Errs << "musify: warning: '" << displayPath(Path)
         << "' was migrated as soon as it was "
         << "parsed, but another file includes it: it is migrated again with what "
         << "that file's parse found\n";
    It = MigratedWhileParsing.erase(It);
  }
}

/// merge --in-place: before any file is replaced, the journal that lets a
/// merge run again complete the job if this one is interrupted.
std::optional<int> MigrationRun::beginMergeJournal() {
  if (!Journal)
    return std::nullopt;
  if (llvm::Error E = beginMerge(*Journal, State, [this](const FileState &S) {
        return Output.destinationOf(S);
      }))
    return fail("cannot keep the merge's journal in '" + Options.MergeFolders.front() +
                "', so nothing is replaced: " + llvm::toString(std::move(E)));
  return std::nullopt;
}

/// What the views of the report asked for read of a written file.
AfterWriting MigrationRun::keptAfterWriting() const {
  AfterWriting Keep = AfterWriting::KeepNothing;
  for (const ReportView *View : fileViews())
    if (Options.Reports.count(View->Option))
      Keep = std::max(Keep, View->Keeps);
  return Keep;
}

} // namespace musify
