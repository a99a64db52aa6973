// Stage 2's parses, several at once, through the caches a run uses:
// --incremental's cache of earlier runs, a shard's export of what it parsed,
// and the exports a merge takes its parses from (docs/cache.md).
#pragma once

#include "cache/UnitCache.h"
#include "core/MemoryGate.h"
#include "find/SourceClassifier.h"
#include "find/UnitParser.h"
#include "frontend/Frontend.h"
#include "inputs/Inputs.h"
#include "model/RunState.h"
#include "rules/RuleTable.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace musify {

/// Which caches a run uses.
struct ParseCacheSettings {
  bool Incremental = false;
  std::string CacheDir; ///< empty: UnitCache::defaultFolder()
  bool Shard = false;   ///< --shard: export every parse to ExportDir
  std::string ExportDir;
  std::vector<std::string> MergeFolders; ///< merge: the shards' exports
  std::string MergeDigest;               ///< merge: the digest the shards ran with
  std::vector<std::string> RuleSources;  ///< the rule tables read, for the digest
  bool DryRun = false; ///< the --incremental cache is read, never written
};

/// The caches of one run. Without any, keys are "" and nothing is kept.
class ParseCaches {
public:
  /// Opens the caches Settings asks for, for parses against the SDK at
  /// SdkRoot; an --incremental folder that cannot serve is said on Errs, once.
  llvm::Error open(const ParseCacheSettings &Settings, llvm::StringRef ToolVersion,
                   llvm::StringRef SdkRoot, llvm::StringRef SdkVersion,
                   llvm::raw_ostream &Errs);

  /// Whether parses have keys: a cache or an export is in use.
  bool keyed() const { return !RunDigest.empty(); }
  const std::string &runDigest() const { return RunDigest; }
  bool incremental() const { return Cache.has_value(); }

  /// --incremental's entry for Key, copied into the shard's export.
  std::optional<ParsedUnit> lookup(const std::string &Key,
                                   llvm::function_ref<bool(llvm::StringRef)> IsRunFile,
                                   std::string &Note) const;
  /// A fresh parse, kept for later runs (unless Clang crashed on it: the
  /// next run reports the crash again) and in the shard's export.
  void store(const std::string &Key, const ParsedUnit &Unit) const;
  /// merge: the shards' parse of Key; Damage says why an entry was refused.
  std::optional<ParsedUnit>
  fromShards(const std::string &Key, llvm::function_ref<bool(llvm::StringRef)> IsRunFile,
             std::string &Damage) const;
  /// Keeps --incremental's folder within MaxBytes, where this run may write
  /// it; how many files were removed.
  unsigned prune(uint64_t MaxBytes) const;

private:
  std::optional<UnitCache> Cache;  ///< --incremental
  bool CacheWritable = false;      ///< entries may be stored and pruned
  std::optional<UnitCache> Export; ///< --shard: where its parses go
  std::deque<UnitCache> Exports;   ///< merge: the shards' exports
  std::string RunDigest;
};

/// Parses units through the caches.
class CachedParser {
public:
  /// MemoryBudget: the bytes of resident memory past which a parse waits
  /// for the older ones in flight to end (MemoryGate); 0 for none.
  CachedParser(const Frontend &Front, const SourceClassifier &Classifier,
               const RuleTable &Rules, const ParseCaches &Caches, bool DeviceSide,
               uint64_t MemoryBudget)
      : Front(Front), Classifier(Classifier), Rules(Rules), Caches(Caches),
        DeviceSide(DeviceSide), Gate(std::make_unique<MemoryGate>(MemoryBudget)) {}

  /// Seconds parses waited for memory, so far.
  double secondsWaitedForMemory() const { return Gate->secondsWaited(); }

  /// Each unit parsed (or taken from the cache) on one of Jobs threads;
  /// Finished is told of each as it completes, from its thread.
  using FinishedFn =
      llvm::function_ref<void(const InputFile &, const ParsedUnit &, double Seconds)>;
  /// Given each unit's parse and cache key ("" without a cache) in the
  /// list's order, one at a time, as soon as the parses before it are given:
  /// a parse is held only until then, not until the last unit ends.
  using AcceptFn =
      llvm::function_ref<void(size_t Index, ParsedUnit Unit, const std::string &Key)>;
  /// Returns why cache entries were refused as damaged, in the list's order.
  std::vector<std::string> parse(const std::vector<const InputFile *> &Units,
                                 unsigned Jobs, FinishedFn Finished,
                                 AcceptFn Accept) const;

  /// merge: the shards' parses of Units, given in order. Every unit must be
  /// in exactly the shards' manifests (ManifestKeys: unit -> key), unchanged
  /// since; on an error the run stops, whatever was given.
  llvm::Error fromShards(const std::vector<const InputFile *> &Units,
                         const std::map<std::string, std::string> &ManifestKeys,
                         AcceptFn Accept) const;

  /// The cache key of F's parse: its command lines and text; "" where F
  /// cannot be read.
  std::string keyOf(const InputFile &F) const;

private:
  ParsedUnit parseOne(const InputFile &F, std::string &Key, std::string &Note) const;
  bool isRunFile(llvm::StringRef Path) const { return Classifier.isUser(Path); }

  const Frontend &Front;
  const SourceClassifier &Classifier;
  const RuleTable &Rules;
  const ParseCaches &Caches;
  bool DeviceSide;
  std::unique_ptr<MemoryGate> Gate;
};

/// Merges one unit's parse into State: its findings, what its parse met,
/// and what it compiled. Standalone: a header parsed on its own, which may
/// legitimately need its includer's context, so failing to parse it is
/// reported but not an error of the run. Own: a state F is migrated in on
/// its own (inputs/ReadAlone); F's file and what was found in it go there.
void acceptParse(RunState &State, const InputFile &F, ParsedUnit Unit, bool Standalone,
                 RunState *Own = nullptr);

/// C++ files that nvcc compiles as CUDA (`-x cu`) get a second try.
std::vector<SourceLanguage> languagesOf(const InputFile &F);

} // namespace musify
