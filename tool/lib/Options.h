// What one musify run is asked to do: the command line, parsed.
#pragma once

#include "output/OutputPlan.h"
#include "report/ReportViews.h"
#include "rules/TargetDescription.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace musify {

struct MigrationOptions {
  TargetDescription Target;
  std::vector<std::string> Inputs;
  /// The temporary file that holds standard input's text (input `-`):
  /// reports and diagnostics call it <stdin>.
  std::string StdinFile;
  OutputMode Output = OutputMode::Stdout;
  std::string OutputFile;
  std::string OutRoot;
  bool Backup = false; ///< with InPlace: keep FILE.orig beside each rewritten file
  /// --report, --sarif, --html, --depfile: each view of the report asked
  /// for (report/ReportViews.h) and where it goes.
  ReportFiles Reports;
  /// --fail-on: kinds of finding (report/Gates.h) that make the run exit 1.
  std::vector<std::string> FailOn;
  std::vector<std::string> CommandLine; ///< as run, for the SARIF invocation
  std::string CudaPath;                 ///< empty: CUDA_PATH, then /usr/local/cuda
  std::string RulesDir; ///< empty: the installed rules, then the source tree's
  std::vector<std::string> ClangArgs; ///< everything after `--`
  /// Write `<<<>>>` launches as the target's launch call (hipLaunchKernelGGL).
  bool LaunchAsCall = false;
  /// musify's helper headers for the target (share/musify/<target>/include),
  /// which a migrated Makefile's compiler commands get; empty where none is
  /// installed or no migrated source can include one.
  std::string HelpersDir;
  /// A versioned target: the version migrated to ("5.2"), and how it was
  /// chosen (the option, the installed header, or the newest the tables know).
  std::string TargetVersion, TargetVersionChosenBy;
  bool AllowFallback =
      false; ///< token-only migration of unparsable files is not an error
  /// Parse the device side of CUDA units whose host parse skipped CUDA names
  /// under a device macro (`#ifdef __CUDA_ARCH__`).
  bool DeviceSide = true;
  bool RewriteStrings = false; ///< also migrate CUDA names inside string literals
  /// Each finding a person must act on, as a comment above its line in the
  /// migrated sources (report/InlineFindings.h).
  bool InlineFindings = true;
  /// CUDA units with one command line parse what they read first (the CUDA
  /// wrapper, the SDK's runtime headers, the prelude) once per run.
  bool ShareHeaders = true;
  /// With ShareHeaders, a unit that includes an SDK header others include
  /// too loads it precompiled where that parses the same (HoistedHeader.h).
  bool ShareSdkHeaders = true;
  /// Parses skip the bodies of functions written outside user files.
  bool SkipBodies = true;
  bool Quiet = false;
  bool Verbose = false; ///< one line per translation unit
  /// Translation units parsed at once; 0: one per core.
  unsigned Jobs = 0;
  /// MiB of resident memory past which a parse waits for the older ones in
  /// flight to end; 0: MemoryBudgetPerJobMiB for each of the jobs.
  unsigned MemoryBudgetMiB = 0;
  static constexpr unsigned MemoryBudgetPerJobMiB = 256;
  /// Globs over paths relative to the inputs' common folder: a file is
  /// migrated only if it matches an include glob (when there are any) and
  /// no exclude glob. Files left out are copied as they are.
  std::vector<std::string> IncludeGlobs, ExcludeGlobs;
  /// A folder holding compile_commands.json: each unit's own flags.
  std::string CompileDatabaseDir;
  /// Give sources the target's extensions (MUSA: `.cu` -> `.mu`), with the
  /// includes and build files that name them.
  bool RenameExtensions = false;
  /// Reuse what earlier runs found for unchanged translation units.
  bool Incremental = false;
  std::string CacheDir; ///< empty: $XDG_CACHE_HOME/musify, then ~/.cache/musify
  /// The cache's size bound: past it, the least recently used entries go.
  uint64_t CacheMaxBytes = uint64_t(2) << 30;
  /// --shard=K/N: parse only the K-th of N slices of the translation units
  /// and export what they found to ExportDir (--export), writing nothing
  /// else; `musify merge` migrates from the shards' exports. 0 of 0: no shard.
  unsigned ShardIndex = 0, ShardCount = 0;
  std::string ExportDir;
  /// What decides a shard's migration (cache/Shards.h, MigrationSettings):
  /// what its manifest records, for the merge to check its own against.
  std::map<std::string, std::vector<std::string>> ShardSettings;
  /// musify merge: the shards' export folders, the units they parsed (path
  /// -> cache key) and the digest of their runs.
  std::vector<std::string> MergeFolders;
  std::map<std::string, std::string> MergeUnits;
  /// ... and the digest of each input file's text when they ran.
  std::map<std::string, std::string> MergeInputDigests;
  std::string MergeDigest;
  /// What the rule tables were read from (the rules folder, --rules files):
  /// part of the cache key.
  std::vector<std::string> RuleSources;
};

} // namespace musify
