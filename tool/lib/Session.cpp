// The migration pipeline, stage by stage (docs/design.md).
#include "Session.h"

#include "buildfiles/BuildFiles.h"
#include "cache/MergeJournal.h"
#include "cache/Shards.h"
#include "cache/UnitCache.h"
#include "cache/UnitParses.h"
#include "core/WorkingFolder.h"
#include "decide/DecideStage.h"
#include "decide/Decider.h"
#include "find/SourceClassifier.h"
#include "frontend/Frontend.h"
#include "inputs/Inputs.h"
#include "inputs/ReadAlone.h"
#include "model/RunState.h"
#include "output/OutputPlan.h"
#include "output/TreeLock.h"
#include "python/PythonModel.h"
#include "rename/Renaming.h"
#include "report/Effort.h"
#include "report/Gates.h"
#include "report/InlineFindings.h"
#include "report/Progress.h"
#include "report/ReportWriter.h"
#include "rewrite/RewriteStage.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"

#include <chrono>
#include <map>
#include <optional>
#include <set>

namespace musify {

const char *toolVersion() { return MUSIFY_VERSION; }

namespace {

class Migration {
public:
  Migration(const MigrationOptions &Options, const RuleTable &Rules,
            llvm::raw_ostream &Out, llvm::raw_ostream &Errs)
      : Options(Options), Rules(Rules), Out(Out), Errs(Errs),
        Decide(Rules, Options.Target, Options.LaunchAsCall, Options.TargetVersion) {}

  int run() {
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
      Written = Output.mirrorLinks(Errs) && Written;
    return report() && Written ? ExitSuccess : ExitMigrationProblems;
  }

private:
  int fail(const llvm::Twine &Message) {
    Errs << "musify: error: " << Message << "\n";
    return ExitBadInput;
  }

  /// Stage 1: inputs, output mode and the SDK. Nothing is written before
  /// this has checked everything it can.
  std::optional<int> collect() {
    std::string OutRoot = Output.absoluteOutRoot();
    if (std::optional<int> Failed = findInputs(OutRoot))
      return Failed;
    if (std::optional<int> Failed = resumeInterruptedMerge())
      return Failed;
    // A shard writes no file but its export: merge checks the outputs.
    if (!Options.ShardCount)
      if (std::optional<int> Failed = checkWrites(OutRoot))
        return Failed;
    if (std::optional<int> Failed = findSdk())
      return Failed;
    if (std::optional<int> Failed = openCache())
      return Failed;
    for (const InputFile &F : Inputs.Files)
      State.state(F.Path).Input = &F;
    return std::nullopt;
  }

  /// The input files, from the paths and the compile database; the
  /// --out-root folder is never an input.
  std::optional<int> findInputs(const std::string &OutRoot) {
    InputRequest Request;
    Request.Paths = Options.Inputs;
    Request.IncludeGlobs = Options.IncludeGlobs;
    Request.ExcludeGlobs = Options.ExcludeGlobs;
    Request.SkipDir = OutRoot;
    Request.WritesInPlace = Options.Output == OutputMode::InPlace;
    Request.FromStdin = !Options.StdinFile.empty();
    if (!Options.CompileDatabaseDir.empty()) {
      llvm::Expected<std::vector<CompileCommand>> Commands =
          readCompileDatabase(Options.CompileDatabaseDir);
      if (!Commands)
        return fail(llvm::toString(Commands.takeError()));
      Request.Commands = std::move(*Commands);
      Request.BuildDir = Options.CompileDatabaseDir;
    }
    llvm::Expected<InputSet> Found = collectInputs(Request);
    if (!Found)
      return fail(llvm::toString(Found.takeError()));
    Inputs = std::move(*Found);
    if (!Options.Quiet)
      printWhatWasLeftOut(Inputs, Errs);
    return std::nullopt;
  }

  /// Before anything is written: the output mode fits the inputs; no write
  /// replaces an input, another output or a backup (output/OutputPlan); no
  /// input's --out-root mirror lies under a symbolic link there; and with
  /// --in-place, no other run writes the same folders while this one reads
  /// and rewrites them (output/TreeLock).
  std::optional<int> checkWrites(const std::string &OutRoot) {
    if (std::optional<std::string> Why = Output.whyNotWritable(OutRoot))
      return fail(*Why);
    if (std::optional<int> Failed = planRenaming())
      return Failed;
    std::vector<std::pair<std::string, std::string>> Named; // option, path
    if (Options.Output == OutputMode::File)
      Named.push_back({"-o", Options.OutputFile});
    for (auto [Option, Path] : {std::pair{"--report", &Options.ReportFile},
                                {"--sarif", &Options.SarifFile},
                                {"--html", &Options.HtmlFile},
                                {"--depfile", &Options.DepFile}})
      if (!Path->empty())
        Named.push_back({Option, *Path});
    if (std::optional<std::string> Why = Output.whyNotNamedOutputs(Named))
      return fail(*Why);
    if (std::optional<std::string> Why = Output.linkInOutRoot())
      return fail(*Why);
    if (Options.Output == OutputMode::InPlace)
      if (llvm::Error E = InPlaceLock.lock(Inputs.Roots))
        return fail(llvm::toString(std::move(E)));
    return std::nullopt;
  }

  /// --rename-extensions: the new name of each file it renames.
  std::optional<int> planRenaming() {
    if (!Options.RenameExtensions)
      return std::nullopt;
    if (Output.singleFile())
      return fail("--rename-extensions renames files: use it with --out-root or "
                  "--in-place");
    llvm::Expected<RenameMap> Planned = planRenames(Inputs, Options.Target);
    if (!Planned)
      return fail(llvm::toString(Planned.takeError()));
    Renamed = std::move(*Planned);
    RenameFolders = includeFoldersOfRun(Inputs, Options.ClangArgs);
    return std::nullopt;
  }

  /// The CUDA SDK to parse against. Without one, and without --cuda-path
  /// asking for one, the run goes on by spelling alone.
  std::optional<int> findSdk() {
    llvm::Expected<CudaInstallation> Found = findCudaInstallation(Options.CudaPath);
    if (!Found) {
      std::string Why = llvm::toString(Found.takeError());
      if (!Options.CudaPath.empty())
        return fail(Why);
      Errs << "musify: warning: " << Why
           << "; every file is migrated by the token rewriter, without semantic "
              "analysis\n";
    } else {
      Cuda = std::move(*Found);
      Decide.useSdkVersion(Cuda->Version);
    }
    return std::nullopt;
  }

  /// The caches of parses, for runs that parse at all: --incremental's, a
  /// shard's export, the exports a merge reads.
  std::optional<int> openCache() {
    bool Merging = !Options.MergeFolders.empty();
    if (!Cuda && (Options.ShardCount || Merging))
      return fail("a sharded migration needs the CUDA SDK: without one nothing is "
                  "parsed, so there is nothing to split");
    if (!Cuda)
      return std::nullopt;
    ParseCacheSettings Settings{
        Options.Incremental,     Options.CacheDir,
        Options.ShardCount != 0, Options.ExportDir,
        Options.MergeFolders,    Options.MergeDigest,
        Options.RuleSources,     Options.Output == OutputMode::None};
    // The Clang libraries musify links parse the code: their version counts.
    std::string Version = std::string(toolVersion()) + " clang " + LLVM_VERSION_STRING;
    if (llvm::Error E = Caches.open(Settings, Version, Cuda->Root, Cuda->Version, Errs))
      return fail(llvm::toString(std::move(E)));
    return std::nullopt;
  }

  /// Stages 2 and 3: parse each translation unit and find its references,
  /// several at once. Headers of a folder that no unit includes are parsed
  /// on their own. Results are merged in input order, whatever order the
  /// parses finish in: the output does not depend on the number of jobs.
  /// Each is merged as soon as those before it are, and let go of then.
  /// A shard parses its slice of the units only; a merge takes the units
  /// from the shards' exports.
  std::optional<int> parseAll() {
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
    CachedParser Parser(Front, Classifier, Rules, Caches, Options.DeviceSide);

    std::vector<const InputFile *> Units = unitsToParse(), Standalone;
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

    for (const InputFile &F : Inputs.Files)
      if (!F.LeftOut && F.Role == FileRole::Header && !F.Explicit &&
          !State.state(F.Path).Covered)
        Standalone.push_back(&F);
    Bar.expect(Standalone.size());
    parseUnits(Parser, Standalone, Bar,
               [&](size_t I, ParsedUnit Unit, const std::string &) {
                 acceptParse(State, *Standalone[I], std::move(Unit), /*Standalone=*/true);
               });
    State.FoundIn.clear(); // no parse is left to find a place again
    Bar.done();
    Errs << SaidWhileParsing;
    return std::nullopt;
  }

  /// The translation units, and the headers named as inputs; a shard's
  /// slice of them.
  std::vector<const InputFile *> unitsToParse() const {
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
  void parseUnits(const CachedParser &Parser, const std::vector<const InputFile *> &Units,
                  Progress &Bar, CachedParser::AcceptFn Accept) {
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

  /// merge --in-place run again after one that was interrupted: what that
  /// one replaced is put back (only at this merge's inputs, only the text
  /// the shards read there), before anything else looks at the tree; the
  /// merge then runs whole.
  std::optional<int> resumeInterruptedMerge() {
    if (Options.MergeFolders.empty() || Options.Output != OutputMode::InPlace)
      return std::nullopt;
    Journal.emplace(Options.MergeFolders.front());
    llvm::Expected<unsigned> Restored = rollBackInterruptedMerge(
        *Journal, {Inputs, Options.MergeInputDigests, Options.RenameExtensions,
                   Options.Target.RenamedExtensions});
    if (!Restored)
      return fail(llvm::toString(Restored.takeError()));
    if (!*Restored)
      return std::nullopt;
    if (!Options.Quiet)
      Errs << "musify: note: put back " << *Restored << " file(s) an interrupted merge "
           << "replaced; the merge runs again whole\n";
    return findInputs(Output.absoluteOutRoot()); // the tree as the shards read it
  }

  /// merge --in-place: before any file is replaced, the journal that lets a
  /// merge run again complete the job if this one is interrupted.
  std::optional<int> beginMergeJournal() {
    if (!Journal)
      return std::nullopt;
    if (llvm::Error E = beginMerge(*Journal, State, [this](const FileState &S) {
          return Output.destinationOf(S);
        }))
      return fail("cannot keep the merge's journal in '" + Options.MergeFolders.front() +
                  "', so nothing is replaced: " + llvm::toString(std::move(E)));
    return std::nullopt;
  }

  /// --rename-extensions: the #includes of renamed files in the files of
  /// Run, decided before any of them is written (in place, a renamed
  /// file's old name goes with its write).
  RunState &renameIncludes(RunState &Run) {
    renameIncludesOfRun(Run, RenameFolders, Renamed, Decide);
    return Run;
  }

  /// Stages 4 and 5 for the files of Run, their #includes renamed already:
  /// the decisions and edits that migrate them (and the findings written
  /// into them), not yet written.
  void migrateFiles(RunState &Run) {
    migrateBuildFiles(Run, Rules.buildRules(), Options.Target, Renamed);
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
  bool migratesFileByFile() const {
    return Options.Output != OutputMode::File && Options.Output != OutputMode::Stdout &&
           !Options.ShardCount && !Journal;
  }

  /// Stages 4 and 5 for the files of Own, and then their writes. With
  /// --out-root they are written now, and their texts and edits go. In
  /// place, they are written now unless units are still Parsing (nothing is
  /// replaced before every unit is parsed): then their texts go until they
  /// are written with the rest. A dry run lets go of them as a write would.
  /// What a write says while Parsing is said once the progress bar is done.
  void migrateAndWrite(RunState &Own, bool Parsing) {
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
  void migrateByFile() {
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
  void dropUnitsReadAfterAll() {
    for (auto It = MigratedWhileParsing.begin(); It != MigratedWhileParsing.end();) {
      auto &[Path, S] = *It;
      if (!State.knows(Path)) {
        ++It;
        continue;
      }
      State.Files.at(Path).Input = S.Input;
      Errs << "musify: warning: '" << Path << "' was migrated as soon as it was "
           << "parsed, but another file includes it: it is migrated again with what "
           << "that file's parse found\n";
      It = MigratedWhileParsing.erase(It);
    }
  }

  /// --shard: the manifest of what this shard exported; no file is written.
  int exportShard() {
    ShardManifest M;
    M.Index = Options.ShardIndex;
    M.Count = Options.ShardCount;
    M.ToolVersion = toolVersion();
    M.RunDigest = Caches.runDigest();
    M.Directory = workingFolder();
    M.Settings = Options.ShardSettings;
    M.Units = std::move(ExportedUnits);
    for (const InputFile &F : Inputs.Files)
      M.InputDigests.emplace(
          F.Path, UnitCache::digestOfText(RunState::text(State.state(F.Path))));
    for (const std::string &Path : State.ParseFailures)
      Errs << "musify: warning: '" << Path << "' did not parse; the merge migrates "
           << "it by spelling\n";
    if (llvm::Error E = writeManifest(Options.ExportDir, M))
      return fail("cannot write the shard's manifest in '" + Options.ExportDir +
                  "': " + llvm::toString(std::move(E)));
    if (!Options.Quiet)
      Errs << "musify: shard " << M.Index << " of " << M.Count << ": " << M.Units.size()
           << " translation unit(s) exported to " << Options.ExportDir << "\n";
    return ExitSuccess;
  }

  /// What the views of the report read of a written file.
  AfterWriting keptAfterWriting() const {
    if (!Options.HtmlFile.empty())
      return AfterWriting::KeepTextAndEdits;
    return Options.SarifFile.empty() ? AfterWriting::KeepNothing
                                     : AfterWriting::KeepEdits;
  }

  /// Stage 6: diagnostics, the JSON report and the summary. False if the
  /// run has a problem the exit code must show.
  bool report() {
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
    if (!Options.Quiet)
      printDiagnostics(Run, Errs, Options.Verbose);
    double Seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Started).count();
    bool Ok =
        Reports.writeViews(Run, State, Inputs.MirrorBase, Options.RuleSources, Seconds);
    unsigned Pruned = Caches.prune(Options.CacheMaxBytes);
    if (!Options.Quiet)
      printSummary(Run, Pruned);
    // Sources that do not parse (or no SDK to parse them) fail the run; a
    // header that only fails on its own does not, nor errors Clang recovered
    // from (often where Clang is stricter than nvcc): --fail-on=errors.
    Totals Found = totalsOf(Run);
    bool FallbackIsError =
        !Options.AllowFallback && (!State.ParseFailures.empty() || !Cuda);
    std::vector<std::string> Tripped = trippedGates(Options.FailOn, Found);
    for (const std::string &Gate : Tripped)
      Errs << "musify: error: " << Gate << "\n";
    std::string Lost = Spill.readFailure();
    if (!Lost.empty())
      Errs << "musify: error: " << Lost << "; the report lacks them\n";
    return Ok && !FallbackIsError && Found.Conflicts == 0 && Tripped.empty() &&
           Lost.empty();
  }

  /// What is left to do, the totals, and what --incremental's cache did.
  void printSummary(const RunReport &Run, unsigned Pruned) {
    printRunSummary(Run, /*DryRun=*/Options.Output == OutputMode::None, Errs);
    if (Caches.incremental())
      Errs << "musify: --incremental: " << State.UnitsFromCache << " of "
           << State.UnitsFromCache + State.UnitsParsed
           << " translation unit(s) from the cache, " << State.UnitsParsed << " parsed"
           << (Pruned ? ", " + std::to_string(Pruned) + " old cache file(s) removed" : "")
           << "\n";
  }

  const MigrationOptions &Options;
  const RuleTable &Rules;
  llvm::raw_ostream &Out;
  llvm::raw_ostream &Errs;
  Decider Decide;

  InputSet Inputs;
  std::optional<CudaInstallation> Cuda;
  RunState State;
  RenameMap Renamed;
  const OutputSettings Where{Options.Output, Options.OutputFile, Options.OutRoot,
                             Options.Backup};
  const OutputPlan Output{Where, Inputs, Renamed};
  const ReportWriter Reports{{Options.ReportFile,
                              Options.SarifFile,
                              Options.HtmlFile,
                              Options.DepFile,
                              {Options.OutputFile},
                              Options.CommandLine,
                              Options.StdinFile},
                             Errs};
  std::optional<MergeJournal> Journal; ///< merge --in-place
  TreeLock InPlaceLock;                ///< --in-place: held while the run lives
  ParseCaches Caches;
  std::map<std::string, std::string> ExportedUnits; ///< --shard: unit -> key
  std::vector<std::string> RenameFolders; ///< --rename-extensions: includeFoldersOfRun
  /// Units migrated as soon as they are parsed (inputs/ReadAlone).
  std::set<std::string> ReadAlone;
  std::map<std::string, FileState> MigratedWhileParsing;
  std::string SaidWhileParsing; ///< by their writes
  bool WritesOk = true;         ///< of the files written before the rest
  PythonRun Python{Options.RewriteStrings, {}};
  ReportSpill Spill; ///< the report entries of the files written
  std::chrono::steady_clock::time_point Started = std::chrono::steady_clock::now();
};

} // namespace

int Session::run(llvm::raw_ostream &Out, llvm::raw_ostream &Errs) {
  return Migration(Options, Rules, Out, Errs).run();
}

} // namespace musify
