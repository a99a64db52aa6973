// One migration run: the state its stages share, and the steps Session.cpp
// calls in turn; each group of steps is defined in the file it names.
#pragma once

#include "Options.h"
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

class MigrationRun {
public:
  MigrationRun(const MigrationOptions &Options, const RuleTable &Rules,
               llvm::raw_ostream &Out, llvm::raw_ostream &Errs)
      : Options(Options), Rules(Rules), Out(Out), Errs(Errs),
        Decide(Rules, Options.Target, Options.LaunchAsCall, Options.TargetVersion) {}

  /// The whole run (Session.cpp); returns an ExitCode.
  int run();

private:
  // RunSetup.cpp
  int fail(const llvm::Twine &Message);
  std::optional<int> collect();
  std::optional<int> findInputs(const std::string &OutRoot);
  std::optional<int> checkWrites(const std::string &OutRoot);
  std::optional<int> planRenaming();
  std::optional<int> findSdk();
  std::optional<int> openCache();
  std::optional<int> resumeInterruptedMerge();

  // ParseSchedule.cpp
  std::optional<int> parseAll();
  void parseStandaloneHeaders(const CachedParser &Parser, Progress &Bar);
  std::vector<const InputFile *> unitsToParse() const;
  void parseUnits(const CachedParser &Parser, const std::vector<const InputFile *> &Units,
                  Progress &Bar, CachedParser::AcceptFn Accept);

  // WriteSchedule.cpp
  RunState &renameIncludes(RunState &Run);
  void migrateFiles(RunState &Run);
  bool migratesFileByFile() const;
  void migrateAndWrite(RunState &Own, bool Parsing);
  void migrateByFile();
  void dropUnitsReadAfterAll();
  std::optional<int> beginMergeJournal();
  AfterWriting keptAfterWriting() const;

  // RunEnd.cpp
  int exportShard();
  bool report();

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
                             Options.Backup, Options.Quiet};
  const OutputPlan Output{Where, Inputs, Renamed};
  const ReportWriter Reports{
      {Options.Reports, {Options.OutputFile}, Options.CommandLine, Options.StdinFile},
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

} // namespace musify
