// Stage 1 of a run: its inputs, the checks that come before any write, the
// CUDA SDK and the caches of parses.
#include "session/MigrationRun.h"

namespace musify {

int MigrationRun::fail(const llvm::Twine &Message) {
  Errs << "musify: error: " << Message << "\n";
  return ExitBadInput;
}

/// Stage 1: inputs, output mode and the SDK. Nothing is written before
/// this has checked everything it can.
std::optional<int> MigrationRun::collect() {
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
std::optional<int> MigrationRun::findInputs(const std::string &OutRoot) {
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
std::optional<int> MigrationRun::checkWrites(const std::string &OutRoot) {
  if (std::optional<std::string> Why = Output.whyNotWritable(OutRoot))
    return fail(*Why);
  if (std::optional<int> Failed = planRenaming())
    return Failed;
  std::vector<std::pair<std::string, std::string>> Named; // option, path
  if (Options.Output == OutputMode::File)
    Named.push_back({"-o", Options.OutputFile});
  for (const ReportView *View : fileViews())
    if (auto It = Options.Reports.find(View->Option); It != Options.Reports.end())
      Named.push_back({std::string("--") + View->Option, It->second});
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
std::optional<int> MigrationRun::planRenaming() {
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
std::optional<int> MigrationRun::findSdk() {
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
std::optional<int> MigrationRun::openCache() {
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

/// merge --in-place run again after one that was interrupted: what that
/// one replaced is put back (only at this merge's inputs, only the text
/// the shards read there), before anything else looks at the tree; the
/// merge then runs whole.
std::optional<int> MigrationRun::resumeInterruptedMerge() {
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

} // namespace musify
