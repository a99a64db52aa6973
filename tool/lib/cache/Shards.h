// Migrations split over machines: `--shard=K/N --export DIR` parses the K-th
// of N slices of the translation units and exports what it found (entries of
// a UnitCache in DIR) with a manifest; `musify merge --exports DIR ...` runs
// the migration its own command line names, taking each unit's parse from
// the shards' exports after checking the manifests of all N shards.
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace musify {

/// The settings that decide a migration: an option's name ("--target",
/// "inputs", "clang arguments") and its values.
using MigrationSettings = std::map<std::string, std::vector<std::string>>;

/// Which setting differs between A and B, said as "--target: 'hip' in A,
/// 'musa' in B"; "" when they agree.
std::string settingsDifference(const MigrationSettings &A, llvm::StringRef AName,
                               const MigrationSettings &B, llvm::StringRef BName);

/// One shard's manifest: `shard-K-of-N.json` in its export folder.
struct ShardManifest {
  unsigned Index = 0, Count = 0; ///< K of N, from 1
  std::string ToolVersion;
  std::string RunDigest; ///< UnitCache::runDigest of the shard's run
  std::string Directory; ///< the working folder the shard ran in (for people)
  /// What decides the migration: its inputs and options, by name, paths made
  /// absolute (`./src` and `src` are one input); not -j, --quiet or where
  /// the output goes. The merge checks its own against these; it never runs
  /// them.
  MigrationSettings Settings;
  /// Each translation unit of the shard's slice (absolute path) and its
  /// cache key (UnitCache::keyOf).
  std::map<std::string, std::string> Units;
  /// The digest of every input file's text as the shard read it
  /// (UnitCache::digestOfText): what an interrupted merge may put back.
  std::map<std::string, std::string> InputDigests;
};

/// "K/N" with 1 <= K <= N; an error says what is wrong.
llvm::Expected<std::pair<unsigned, unsigned>> parseShard(llvm::StringRef Text);

/// The manifest Text holds (Path names it in errors): a damaged one is an
/// error saying so. (The manifest reader alone, for planMerge and the fuzzer.)
llvm::Expected<ShardManifest> parseManifest(llvm::StringRef Text, llvm::StringRef Path);

/// Writes M into Folder (atomically, creating the folder).
llvm::Error writeManifest(llvm::StringRef Folder, const ShardManifest &M);

/// What the shards of one migration found, ready to merge: every shard
/// from 1 to N exactly once, all of one run (version, digest, settings).
/// An error names what is missing or does not agree. A manifest is data: it
/// says which units the shards parsed and under which keys, nothing more.
struct MergePlan {
  ShardManifest Run;         ///< the shared fields; Units holds every shard's units
  std::string FirstManifest; ///< the path of the manifest Run's fields are from
  std::vector<std::string> Folders; ///< where the units' entries are
};
llvm::Expected<MergePlan> planMerge(llvm::ArrayRef<std::string> Folders);

} // namespace musify
