// The migration pipeline, stage by stage (docs/design.md).
#include "Session.h"

#include "buildfiles/BuildFiles.h"
#include "cache/CacheFolder.h"
#include "cache/MergeJournal.h"
#include "cache/Shards.h"
#include "cache/UnitCache.h"
#include "cache/UnitParses.h"
#include "core/TemporaryNames.h"
#include "decide/Decider.h"
#include "decide/TextContext.h"
#include "edit/EditSet.h"
#include "find/SourceClassifier.h"
#include "find/UnitParser.h"
#include "frontend/Frontend.h"
#include "inputs/Inputs.h"
#include "inputs/NvccFlags.h"
#include "output/OutputPlan.h"
#include "output/OutputWriter.h"
#include "output/TreeLock.h"
#include "python/PythonModel.h"
#include "rename/Renaming.h"
#include "report/Effort.h"
#include "report/Gates.h"
#include "report/InlineFindings.h"
#include "report/Progress.h"
#include "report/Report.h"
#include "report/ReportWriter.h"
#include "rewrite/TokenRewriter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <chrono>
#include <deque>
#include <map>
#include <optional>
#include <set>

namespace musify {

const char *toolVersion() { return MUSIFY_VERSION; }

std::string defaultRulesDir(const char *Argv0) {
  std::string Exe =
      llvm::sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&defaultRulesDir));
  llvm::SmallString<256> Rules(llvm::sys::path::parent_path(Exe));
  llvm::sys::path::append(Rules, "..", "share", "musify", "rules");
  llvm::sys::path::remove_dots(Rules, /*remove_dot_dot=*/true);
  return Rules.str().str();
}

namespace {

/// Sorts Items by Key and keeps one item per key: the first by Rank. The
/// same text is found by every parse that reads it.
template <typename T, typename KeyOf, typename RankOf>
void keepOnePerKey(std::vector<T> &Items, KeyOf Key, RankOf Rank) {
  llvm::stable_sort(Items, [&](const T &A, const T &B) {
    return std::make_pair(Key(A), Rank(A)) < std::make_pair(Key(B), Rank(B));
  });
  Items.erase(
      llvm::unique(Items, [&](const T &A, const T &B) { return Key(A) == Key(B); }),
      Items.end());
}

template <typename T, typename KeyOf>
void keepOnePerKey(std::vector<T> &Items, KeyOf Key) {
  keepOnePerKey(Items, Key, [](const T &) { return 0; });
}

std::string currentFolder() {
  llvm::SmallString<256> Folder;
  llvm::sys::fs::current_path(Folder);
  return Folder.str().str();
}

/// Everything known about one file during a run.
struct FileState {
  FileReport Report;
  const InputFile *Input = nullptr; ///< null for headers reached by #include
  std::optional<std::string> Text;
  EditSet Edits;
  /// Ranges musify-text's MUSIFY_EXCL_* markers leave alone, once computed.
  std::optional<std::vector<std::pair<unsigned, unsigned>>> Excluded;
  bool Covered = false; ///< a successful parse read it
  /// Helper headers (Decision::Helper) names migrated to here, and those names.
  std::map<std::string, std::vector<std::string>> Helpers;

  /// Left alone: --include/--exclude leave it out.
  bool leftOut() const { return Input && Input->LeftOut; }
  /// Parsed or scanned for CUDA names (sources, not build files or others).
  bool isSource() const {
    return Input ? Input->Role == FileRole::TranslationUnit ||
                       Input->Role == FileRole::Header
                 : Covered || !Report.FallbackReason.empty();
  }
};

class Migration {
public:
  Migration(const MigrationOptions &Options, const RuleTable &Rules,
            llvm::raw_ostream &Out, llvm::raw_ostream &Errs)
      : Options(Options), Rules(Rules), Out(Out), Errs(Errs),
        Decide(Rules, Options.Target, Options.LaunchAsCall, Options.TargetVersion) {}

  int run() {
    if (std::optional<int> Failed = collect())
      return *Failed;
    if (std::optional<int> Failed = parseAll())
      return *Failed;
    if (Options.ShardCount)
      return exportShard();
    renameIncludes();
    migrateBuildFiles();
    migratePythonModules();
    rewriteUnparsed();
    rewriteSkippedRegions();
    if (Options.RewriteStrings)
      rewriteStringLiterals();
    decideAll();
    if (Options.InlineFindings)
      writeFindingsIntoCode();
    if (std::optional<int> Failed = beginMergeJournal())
      return *Failed;
    bool Written = Options.Output == OutputMode::None || writeOutputs();
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

  FileState &state(const std::string &Path) {
    FileState &S = Files[Path];
    S.Report.Path = Path;
    return S;
  }

  /// The file's text as read from disk, once.
  llvm::StringRef text(FileState &S) {
    if (!S.Text) {
      auto Buffer = llvm::MemoryBuffer::getFile(S.Report.Path, /*IsText=*/false,
                                                /*RequiresNullTerminator=*/false);
      S.Text = Buffer ? (*Buffer)->getBuffer().str() : std::string();
    }
    return *S.Text;
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
    if (!Options.ShardCount) {
      if (std::optional<int> Failed = checkOutputs(OutRoot))
        return Failed;
      if (std::optional<int> Failed = planRenaming())
        return Failed;
      if (std::optional<int> Failed = checkNamedOutputs())
        return Failed;
      if (std::optional<int> Failed = checkOutRootLinks())
        return Failed;
      if (std::optional<int> Failed = lockInPlace())
        return Failed;
    }
    if (std::optional<int> Failed = findSdk())
      return Failed;
    if (std::optional<int> Failed = openCache())
      return Failed;
    for (const InputFile &F : Inputs.Files) {
      FileState &S = state(F.Path);
      S.Input = &F;
    }
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
    if (Options.Quiet)
      return std::nullopt;
    for (const std::string &Glob : Inputs.UnmatchedGlobs)
      Errs << "musify: warning: " << Glob << " matches no source file (globs match "
           << "paths relative to '" << Inputs.MirrorBase
           << "', and '*' crosses folders)\n";
    for (const std::string &Folder : Inputs.BuildFolders)
      Errs << "musify: note: left out '" << Folder << "', a CMake build folder (it holds "
           << "CMakeCache.txt); name it as an input to migrate it\n";
    return std::nullopt;
  }

  /// The output mode fits the inputs, and writing can overwrite none of them.
  std::optional<int> checkOutputs(const std::string &OutRoot) {
    if (std::optional<std::string> Why = Output.whyNotWritable(OutRoot))
      return fail(*Why);
    return std::nullopt;
  }

  /// -o, --report, --sarif, --html and --depfile name files the run may write.
  std::optional<int> checkNamedOutputs() {
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
    return std::nullopt;
  }

  /// --out-root: no input's mirror lies under a symbolic link in the
  /// out-root, which would write it outside (writing checks again).
  std::optional<int> checkOutRootLinks() {
    if (std::optional<std::string> Why = Output.linkInOutRoot())
      return fail(*Why);
    return std::nullopt;
  }

  /// --in-place: no other run may write the same folders while this one
  /// reads and rewrites them (output/TreeLock.h).
  std::optional<int> lockInPlace() {
    if (Options.Output != OutputMode::InPlace)
      return std::nullopt;
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
    ParseCacheSettings Settings{Options.Incremental,     Options.CacheDir,
                                Options.ShardCount != 0, Options.ExportDir,
                                Options.MergeFolders,    Options.MergeDigest,
                                Options.RuleSources};
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
    UnitParses Parsed;
    if (!Options.MergeFolders.empty()) {
      llvm::Expected<std::vector<ParsedUnit>> Found =
          Parser.fromShards(Units, Options.MergeUnits);
      if (!Found)
        return fail(llvm::toString(Found.takeError()));
      Parsed.Units = std::move(*Found);
    } else {
      Parsed = parseUnits(Parser, Units, Bar);
    }
    for (size_t I = 0; I < Units.size(); ++I) {
      if (Options.ShardCount)
        ExportedUnits.emplace(Units[I]->Path, Parsed.Keys[I]);
      accept(*Units[I], std::move(Parsed.Units[I]), /*Standalone=*/false);
    }
    // Headers no unit includes: a shard cannot tell which they are.
    if (Options.ShardCount) {
      Bar.done();
      return std::nullopt;
    }

    for (const InputFile &F : Inputs.Files)
      if (!F.LeftOut && F.Role == FileRole::Header && !F.Explicit &&
          !state(F.Path).Covered)
        Standalone.push_back(&F);
    Bar.expect(Standalone.size());
    Parsed = parseUnits(Parser, Standalone, Bar);
    for (size_t I = 0; I < Standalone.size(); ++I)
      accept(*Standalone[I], std::move(Parsed.Units[I]), /*Standalone=*/true);
    Bar.done();
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
  /// completes; a cache entry refused as damaged is said.
  UnitParses parseUnits(const CachedParser &Parser,
                        const std::vector<const InputFile *> &Units, Progress &Bar) {
    UnitParses Parsed =
        Parser.parse(Units, Options.Jobs,
                     [&Bar](const InputFile &F, const ParsedUnit &R, double Seconds) {
                       Bar.finished(F.Relative, R.Parsed, R.FromCache, Seconds,
                                    !R.SharedHeader.empty() ? "sharing " + R.SharedHeader
                                                            : R.NotShared);
                     });
    for (const std::string &Note : Parsed.Notes)
      if (!Note.empty())
        Errs << "musify: note: " << Note << "; the unit is parsed again\n";
    return Parsed;
  }

  /// merge --in-place run again after one that was interrupted: what that
  /// one replaced is put back (only at this merge's inputs, only the text
  /// the shards read there), before anything else looks at the tree; the
  /// merge then runs whole.
  std::optional<int> resumeInterruptedMerge() {
    if (Options.MergeFolders.empty() || Options.Output != OutputMode::InPlace)
      return std::nullopt;
    Journal.emplace(Options.MergeFolders.front());
    std::map<std::string, const InputFile *> InputAt;
    for (const InputFile &F : Inputs.Files)
      InputAt.emplace(F.Path, &F);
    // Where this merge writes Path: Path, or its renamed name. A file the
    // interrupted merge renamed is no input now, but one the shards read.
    auto DestOf = [&](llvm::StringRef Path) -> std::string {
      auto It = InputAt.find(Path.str());
      bool InRoots = llvm::any_of(Inputs.Roots, [&](const std::string &Root) {
        return Path.starts_with(Root) &&
               (Path.size() == Root.size() || Path[Root.size()] == '/' ||
                llvm::StringRef(Root).ends_with("/"));
      });
      if (It == InputAt.end() &&
          (!InRoots || !Options.MergeInputDigests.count(Path.str())))
        return "";
      auto Extension =
          Options.Target.RenamedExtensions.find(llvm::sys::path::extension(Path).str());
      if (!Options.RenameExtensions || (It != InputAt.end() && It->second->LeftOut) ||
          Extension == Options.Target.RenamedExtensions.end())
        return Path.str();
      llvm::SmallString<256> New(Path);
      llvm::sys::path::replace_extension(New, Extension->second);
      return New.str().str();
    };
    auto IsOriginal = [&](llvm::StringRef Path, llvm::StringRef Text) {
      auto Read = Options.MergeInputDigests.find(Path.str());
      return Read != Options.MergeInputDigests.end() && !Read->second.empty() &&
             Read->second == UnitCache::digestOfText(Text);
    };
    llvm::Expected<unsigned> Restored = Journal->rollBack({DestOf, IsOriginal});
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
    std::vector<std::string> Results;
    std::vector<MergeJournal::Replacement> Replaced;
    Results.reserve(Files.size());
    for (auto &[Path, S] : Files) {
      std::string Dest = destinationOf(S);
      if (Dest.empty())
        continue;
      Results.push_back(S.Edits.apply(text(S)));
      if (Dest != Path || Results.back() != text(S))
        Replaced.push_back({Path, Dest, text(S), Results.back()});
    }
    if (llvm::Error E = Journal->begin(Replaced))
      return fail("cannot keep the merge's journal in '" + Options.MergeFolders.front() +
                  "', so nothing is replaced: " + llvm::toString(std::move(E)));
    return std::nullopt;
  }

  /// --shard: the manifest of what this shard exported; no file is written.
  int exportShard() {
    ShardManifest M;
    M.Index = Options.ShardIndex;
    M.Count = Options.ShardCount;
    M.ToolVersion = toolVersion();
    M.RunDigest = Caches.runDigest();
    M.Directory = currentFolder();
    M.Settings = Options.ShardSettings;
    M.Units = std::move(ExportedUnits);
    for (const InputFile &F : Inputs.Files)
      M.InputDigests.emplace(F.Path, UnitCache::digestOfText(text(state(F.Path))));
    for (const std::string &Path : ParseFailures)
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

  /// Merges one unit's parse. Standalone: a header parsed on its own, which
  /// may legitimately need its includer's context, so failing to parse it is
  /// reported but not an error of the run.
  void accept(const InputFile &F, ParsedUnit Unit, bool Standalone) {
    ++(Unit.FromCache ? UnitsFromCache : UnitsParsed);
    if (!Unit.DeviceArchs.empty())
      state(F.Path).Report.DeviceParses = Unit.DeviceArchs;
    if (!Unit.Crashes.empty())
      state(F.Path).Report.ClangCrashes = Unit.Crashes;
    for (const StandIn &Missing : Unit.StoodIn)
      if (Files.count(Missing.Includer))
        state(Missing.Includer).Report.StoodIn.insert({Missing.Line, Missing.Header});
    if (Unit.Recovered) {
      FileState &S = state(F.Path);
      S.Report.ParseErrors = std::move(Unit.FirstErrors);
      S.Report.ErrorCount = Unit.ErrorCount;
      // Only the user files of the run: errors in other headers spoil
      // nothing musify writes.
      for (SkippedRegion &R : Unit.ErrorRegions)
        if (Files.count(R.File))
          ErrorRegions.push_back(std::move(R));
    }
    if (!Unit.Parsed && !Unit.Recovered) {
      FileState &S = state(F.Path);
      S.Report.ParseErrors = std::move(Unit.FirstErrors);
      if (Standalone) {
        S.Report.FallbackReason = "no parsed file includes it, and it does not "
                                  "parse on its own";
        return;
      }
      S.Report.FallbackReason = "Clang could not parse it";
      ParseFailures.push_back(F.Path);
      // Headers it reached are migrated by spelling unless another
      // translation unit parses them.
      for (const std::string &Header : Unit.Findings.UserFiles)
        if (Header != F.Path)
          state(Header).Report.FallbackReason =
              "included only by files that could not be parsed";
      return;
    }
    TranslationUnitFindings &Found = Unit.Findings;
    for (const std::string &Path : Found.UserFiles)
      state(Path).Covered = true;
    // A header parsed on its own is no unit nvcc compiles.
    if (!Standalone) {
      UnitReach &Reach = Units[F.Path];
      Reach.Files = Found.UserFiles;
      for (const Reference &R : Found.References)
        if (isSemantic(R.How))
          Reach.Compiled.emplace(R.At.File, R.At.Offset);
      for (const Hazard &H : Found.Hazards)
        Reach.Compiled.emplace(H.At.File, H.At.Offset);
      if (Found.ReliesOnImplicitHeader)
        ReliesOnImplicitHeader.push_back(F.Path);
    }
    llvm::append_range(References, std::move(Found.References));
    llvm::append_range(Launches, std::move(Found.Launches));
    llvm::append_range(SharedArrays, std::move(Found.SharedArrays));
    llvm::append_range(Hazards, std::move(Found.Hazards));
    llvm::append_range(Skipped, std::move(Found.Skipped));
  }

  /// --rename-extensions: `#include "x.cuh"` follows x.cuh to x.muh.
  void renameIncludes() {
    if (Renamed.empty())
      return;
    std::vector<std::string> Folders = includeFoldersOf(
        translateNvccFlags(Options.ClangArgs), currentFolder(), /*System=*/true);
    for (const InputFile &F : Inputs.Files)
      if (F.Command)
        llvm::append_range(Folders, includeFoldersOf(translateNvccFlags(F.Command->Flags),
                                                     F.Command->Directory,
                                                     /*System=*/true));
    for (auto &[Path, S] : Files)
      if (S.isSource() && !S.leftOut())
        for (Decision &D :
             musify::renameIncludes(Path, text(S), Folders, Renamed, Decide))
          record(S, std::move(D));
  }

  /// CMake files and Makefiles, by the build rule tables: no parse needed.
  void migrateBuildFiles() {
    for (auto &[Path, S] : Files) {
      if (!S.Input || S.Input->Role != FileRole::BuildFile || S.leftOut())
        continue;
      S.Report.How = Analysis::BuildFile;
      BuildFileMigration Migrated =
          migrateBuildFile(Path, text(S), *buildFileKindOf(Path), Rules.buildRules(),
                           Options.Target, Renamed);
      S.Edits = std::move(Migrated.Edits);
      llvm::append_range(S.Report.Events, std::move(Migrated.Events));
    }
  }

  /// Python model code, by the python-* build rules: names resolve through
  /// each module's imports (python/).
  void migratePythonModules() {
    PythonRun Run;
    Run.RewriteStrings = Options.RewriteStrings;
    for (auto &[Path, S] : Files) {
      if (!S.Input || S.Input->Role != FileRole::Python || S.leftOut())
        continue;
      S.Report.How = Analysis::Python;
      BuildFileMigration Migrated =
          migratePythonModule(Path, text(S), Rules.buildRules(), Options.Target, Run);
      S.Edits = std::move(Migrated.Edits);
      llvm::append_range(S.Report.Events, std::move(Migrated.Events));
    }
  }

  /// Source files no successful parse covered: migrate them by spelling.
  void rewriteUnparsed() {
    TokenRewriter Tokens(Rules);
    for (auto &[Path, S] : Files) {
      if (!S.isSource() || S.Covered || S.leftOut())
        continue;
      S.Report.How = Analysis::TokenFallback;
      if (S.Report.FallbackReason.empty())
        S.Report.FallbackReason = !Cuda ? "no CUDA SDK to parse against"
                                        : "no parsed translation unit includes it";
      llvm::StringRef Text = text(S);
      Tokens.findReferences(Path, Text, 0, Text.size(), Evidence::Fallback,
                            LineIndex(Text), References);
    }
  }

  /// Branches the preprocessor skipped, and code a parse with errors could
  /// not make sense of: migrate them by spelling. A reference a parse found
  /// there by its declaration still wins (decideAll keeps the strongest).
  void rewriteSkippedRegions() {
    rewriteRegions(Skipped, Evidence::SkippedRegion);
    rewriteRegions(ErrorRegions, Evidence::ErrorRegion);
    for (const SkippedRegion &R : ErrorRegions) {
      FileState &S = state(R.File);
      LineIndex Lines(text(S));
      S.Report.ErrorLines.push_back(
          {Lines.lineAndColumn(R.Begin).first, Lines.lineAndColumn(R.End).first});
    }
  }

  void rewriteRegions(std::vector<SkippedRegion> &Regions, Evidence How) {
    TokenRewriter Tokens(Rules);
    keepOnePerKey(
        Regions, [](const SkippedRegion &R) { return std::tie(R.File, R.Begin, R.End); });
    std::optional<LineIndex> Lines;
    llvm::StringRef LinesOf;
    for (const SkippedRegion &R : Regions) {
      llvm::StringRef Text = text(state(R.File));
      if (LinesOf != R.File) {
        Lines.emplace(Text);
        LinesOf = R.File;
      }
      Tokens.findReferences(R.File, Text, R.Begin, std::min<size_t>(R.End, Text.size()),
                            How, *Lines, References);
    }
  }

  /// --rewrite-strings: words in the string literals of every source file.
  void rewriteStringLiterals() {
    TokenRewriter Tokens(Rules);
    for (auto &[Path, S] : Files) {
      if (!S.isSource() || S.leftOut())
        continue;
      llvm::StringRef Text = text(S);
      Tokens.findStringReferences(Path, Text, LineIndex(Text), References);
    }
  }

  /// Stages 4 and 5: one decision per piece of text, edits merged per file.
  void decideAll() {
    decideReferences();
    decideLaunches();
    decideSharedArrays();
    decideTopIncludes();
    decideHazards();
    for (auto &[Path, S] : Files)
      llvm::stable_sort(S.Report.Events, [](const Event &A, const Event &B) {
        return A.At.Offset < B.At.Offset;
      });
  }

  /// The comment syntax of a file musify migrates; none for another.
  static std::optional<CommentSyntax> commentSyntaxOf(const std::string &Path,
                                                      const FileState &S) {
    if (S.isSource())
      return CommentSyntax::CFamily;
    if (!S.Input)
      return std::nullopt;
    if (S.Input->Role == FileRole::Python)
      return CommentSyntax::Python;
    if (S.Input->Role != FileRole::BuildFile)
      return std::nullopt;
    switch (*buildFileKindOf(Path)) {
    case BuildFileKind::CMake:
      return CommentSyntax::CMake;
    case BuildFileKind::Makefile:
      return CommentSyntax::Makefile;
    case BuildFileKind::Python:
      return CommentSyntax::Python;
    }
    return std::nullopt;
  }

  /// After every decision: what the comments say is what the report says.
  void writeFindingsIntoCode() {
    for (auto &[Path, S] : Files) {
      const FileReport &R = S.Report;
      std::optional<CommentSyntax> Syntax = commentSyntaxOf(Path, S);
      if (!Syntax || S.leftOut() ||
          (R.Events.empty() && R.Hazards.empty() && R.Conflicts.empty()))
        continue;
      // A comment yields to any edit it would overlap.
      for (const Edit &E :
           inlineFindingEdits(R, Options.Target.DisplayName, text(S), *Syntax))
        if (!S.Edits.blocks(E))
          S.Edits.addAfterInsertions(E);
    }
  }

  void decideReferences() {
    // Of one piece of text found by several parses, the strongest evidence.
    keepOnePerKey(
        References, [](const Reference &R) { return std::tie(R.At.File, R.At.Offset); },
        [](const Reference &R) { return -strengthOf(R.How); });
    for (const Reference &Ref : References) {
      FileState &S = state(Ref.At.File);
      if (S.leftOut())
        continue;
      if (!S.Excluded)
        S.Excluded = excludedRanges(text(S));
      record(S, Decide.decide(Ref, text(S), *S.Excluded));
    }
  }

  void decideLaunches() {
    keepOnePerKey(Launches,
                  [](const KernelLaunch &L) { return std::tie(L.At.File, L.At.Offset); });
    for (const KernelLaunch &L : Launches)
      if (FileState &S = state(L.At.File); !S.leftOut())
        record(S, Decide.decide(L, text(S)));
  }

  void decideSharedArrays() {
    keepOnePerKey(SharedArrays, [](const DynamicShared &S) {
      return std::tie(S.At.File, S.At.Offset);
    });
    for (const DynamicShared &Shared : SharedArrays)
      if (FileState &S = state(Shared.At.File); !S.leftOut())
        if (std::optional<Decision> D = Decide.decide(Shared))
          record(S, std::move(*D));
  }

  /// Includes put at a file's top: nvcc's implicit header, then helpers.
  void decideTopIncludes() {
    std::map<std::string, std::vector<Decision>> AtTop;
    for (const std::string &Path : ReliesOnImplicitHeader)
      if (std::optional<Decision> D = Decide.implicitHeader(Path, text(state(Path))))
        AtTop[Path].push_back(std::move(*D));
    for (auto &[Path, S] : Files)
      for (auto &[Header, Users] : S.Helpers) {
        llvm::sort(Users);
        Users.erase(std::unique(Users.begin(), Users.end()), Users.end());
        AtTop[Path].push_back(Decide.helperHeader(Path, text(S), Header, Users));
      }
    // Whole lines at one offset, where an #include that needs a header
    // first may have put that header already: they go after it.
    for (auto &[Path, Decisions] : AtTop)
      for (Decision &D : Decisions) {
        FileState &S = state(Path);
        addEdits(S, D.Edits, D.Outcome.At, /*AfterInsertions=*/true);
        S.Report.Events.push_back(std::move(D.Outcome));
      }
  }

  void decideHazards() {
    // A header's hazards are found by every unit that includes it.
    keepOnePerKey(Hazards, [](const Hazard &H) {
      return std::tie(H.At.File, H.At.Offset, H.Kind);
    });
    for (const Hazard &H : Hazards)
      if (FileState &S = state(H.At.File); !S.leftOut()) {
        HazardDecision D = Decide.assess(H, text(S));
        addEdits(S, D.Edits, D.Record.At);
        S.Report.Hazards.push_back(std::move(D.Record));
      }
  }

  void record(FileState &S, Decision D) {
    addEdits(S, D.Edits, D.Outcome.At);
    if (!D.Helper.empty())
      S.Helpers[D.Helper].push_back(D.Outcome.Replacement);
    S.Report.Events.push_back(std::move(D.Outcome));
  }

  /// Edits of one decision made at Where; a conflict is reported there.
  void addEdits(FileState &S, const std::vector<Edit> &Edits, const Place &Where,
                bool AfterInsertions = false) {
    for (const Edit &E : Edits) {
      EditConflict Conflict;
      EditSet::AddResult Added = AfterInsertions
                                     ? S.Edits.addAfterInsertions(E, &Conflict)
                                     : S.Edits.add(E, &Conflict);
      if (Added == EditSet::AddResult::Conflict) {
        Place At = Where;
        auto [Line, Column] = LineIndex(text(S)).lineAndColumn(Conflict.Incoming.Offset);
        At.Line = Line;
        At.Column = Column;
        S.Report.Conflicts.push_back(
            {At, Conflict.Existing.Text, Conflict.Incoming.Text});
      }
    }
  }

  std::string destinationOf(const FileState &S) const {
    return Output.destinationOf(S.Report.Path, S.Input != nullptr, S.isSource(),
                                !S.Edits.empty());
  }

  /// Stage 5, output: each file is written whole, where the output plan says.
  bool writeOutputs() {
    bool Ok = true;
    Output.removeStaleTemporaries(Errs);
    for (auto &[Path, S] : Files) {
      std::string Dest = destinationOf(S);
      if (Dest.empty()) {
        if (!S.Edits.empty())
          Errs << "musify: note: '" << Path << "' needs migrating too; it is "
               << "written with --out-root or --in-place\n";
        continue;
      }
      if (!Output.write(Path, Dest, text(S), S.Edits.apply(text(S)), Out, Errs)) {
        Ok = false;
        continue;
      }
      llvm::SmallString<256> Written(Dest);
      if (Dest != "-")
        llvm::sys::fs::make_absolute(Written);
      S.Report.Output = Written.str().str();
    }
    return Ok;
  }

  /// Stage 6: diagnostics, the JSON report and the summary. False if the
  /// run has a problem the exit code must show.
  bool report() {
    RunReport Run = runReport();
    for (const auto &[Path, S] : Files)
      Reports.printClangCrashes(S.Report);
    for (const std::string &Path : ParseFailures)
      Reports.printParseFailure(Files[Path].Report, Options.AllowFallback);
    if (!Options.Quiet) {
      for (const auto &[Path, S] : Files)
        Reports.printParseWarnings(S.Report);
      printDiagnostics(Run, Errs, Options.Verbose);
    }
    bool Ok = Reports.writeJson(Run);
    Ok = writeSarifFile(Run, Ok) && Ok;
    Ok = writeHtmlFile(Run) && Ok;
    Ok = Reports.writeDepFile(filesRead()) && Ok;
    unsigned Pruned = Caches.prune(Options.CacheMaxBytes);
    if (!Options.Quiet) {
      // A dry run's effort says what the table of what is left would.
      if (Options.Output != OutputMode::None)
        printSummaryTable(Run, Errs);
      Errs << summaryLine(Run) << "\n";
      if (Options.Output == OutputMode::None)
        printEffort(Run, Errs);
      if (Caches.incremental())
        Errs << "musify: --incremental: " << UnitsFromCache << " of "
             << UnitsFromCache + UnitsParsed << " translation unit(s) from the cache, "
             << UnitsParsed << " parsed"
             << (Pruned ? ", " + std::to_string(Pruned) + " old cache file(s) removed"
                        : "")
             << "\n";
    }
    // Sources that do not parse (or no SDK to parse them) fail the run; a
    // header that only fails on its own does not, nor errors Clang recovered
    // from (often where Clang is stricter than nvcc): --fail-on=errors.
    Totals Found = totalsOf(Run);
    bool FallbackIsError = !Options.AllowFallback && (!ParseFailures.empty() || !Cuda);
    std::vector<std::string> Tripped = trippedGates(Options.FailOn, Found);
    for (const std::string &Gate : Tripped)
      Errs << "musify: error: " << Gate << "\n";
    return Ok && !FallbackIsError && Found.Conflicts == 0 && Tripped.empty();
  }

  /// What the run read, for --depfile: its inputs, the user headers its
  /// parses read, the --rules files.
  std::set<std::string> filesRead() const {
    std::set<std::string> Read;
    for (const auto &[Path, S] : Files)
      if (!S.leftOut())
        Read.insert(Path);
    for (const std::string &Source : Options.RuleSources)
      if (llvm::sys::fs::is_regular_file(Source))
        Read.insert(sameFileKey(Source));
    return Read;
  }

  /// The run's report: its settings, and the files it did not leave out.
  RunReport runReport() const {
    RunReport Run;
    Run.ToolVersion = toolVersion();
    Run.Target = Options.Target;
    Run.TargetVersion = Options.TargetVersion;
    Run.TargetVersionChosenBy = Options.TargetVersionChosenBy;
    if (Cuda) {
      Run.CudaPath = Cuda->Root;
      Run.CudaVersion = Cuda->Version;
    }
    Run.Inputs = Options.Inputs;
    for (auto &[Path, S] : Files) {
      if (S.leftOut())
        Run.LeftOut.push_back(Path);
      else if (!S.Input || S.Input->Role != FileRole::Other)
        Run.Files.push_back(S.Report);
    }
    predictBuilds(Run.Files, Units);
    for (std::string &Input : Run.Inputs)
      Input = Reports.reportedPath(Input);
    for (FileReport &F : Run.Files) {
      F.Path = Reports.reportedPath(F.Path);
      for (std::string &Error : F.ParseErrors)
        Error = Reports.reportedPath(Error);
    }
    return Run;
  }

  /// --sarif FILE: the findings, with each file's edits as fixes.
  bool writeSarifFile(const RunReport &Run, bool Successful) {
    if (!Reports.wantsSarif())
      return true;
    std::map<std::string, std::vector<Edit>> Edits;
    for (const auto &[Path, S] : Files)
      if (!S.Edits.empty())
        Edits[Path] = S.Edits.edits();
    return Reports.writeSarif(Run, Successful, Inputs.MirrorBase, Edits);
  }

  /// --html FILE: the report as a page, with each file's original text
  /// and edits (the original is still in memory after --in-place).
  bool writeHtmlFile(const RunReport &Run) {
    if (!Reports.wantsHtml())
      return true;
    HtmlExtras Extras;
    Extras.Seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Started).count();
    for (auto &[Path, S] : Files) {
      if (S.leftOut() || (S.Input && S.Input->Role == FileRole::Other))
        continue;
      std::string Reported = Reports.reportedPath(Path);
      Extras.Sources[Reported] = {text(S), S.Edits.edits()};
      if (S.Input && S.Input->Role == FileRole::TranslationUnit)
        Extras.Units.insert(Reported);
    }
    return Reports.writeHtml(Run, Extras);
  }

  const MigrationOptions &Options;
  const RuleTable &Rules;
  llvm::raw_ostream &Out;
  llvm::raw_ostream &Errs;
  Decider Decide;

  InputSet Inputs;
  std::optional<CudaInstallation> Cuda;
  std::map<std::string, FileState> Files; ///< by path: output order is stable
  std::vector<Reference> References;
  std::vector<KernelLaunch> Launches;
  std::vector<DynamicShared> SharedArrays;
  std::vector<Hazard> Hazards;
  std::vector<SkippedRegion> Skipped;
  std::vector<SkippedRegion> ErrorRegions; ///< of parses Clang recovered from
  std::vector<std::string> ParseFailures;
  /// Units whose migration must include the target's runtime header.
  std::vector<std::string> ReliesOnImplicitHeader;
  /// What each parsed translation unit compiled, for build predictions.
  std::map<std::string, UnitReach> Units;
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
  unsigned UnitsParsed = 0, UnitsFromCache = 0;
  std::chrono::steady_clock::time_point Started = std::chrono::steady_clock::now();
};

} // namespace

int Session::run(llvm::raw_ostream &Out, llvm::raw_ostream &Errs) {
  return Migration(Options, Rules, Out, Errs).run();
}

} // namespace musify
