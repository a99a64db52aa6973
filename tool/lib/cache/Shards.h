// Migrations split over machines: `--shard=K/N --export DIR` parses the K-th
// of N slices of the translation units and exports what it found (entries of
// a UnitCache in DIR) with a manifest; `musify merge` reads the manifests of
// all N shards and runs the rest of the migration once, on what they found.
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace musify {

/// One shard's manifest: `shard-K-of-N.json` in its export folder.
struct ShardManifest {
  unsigned Index = 0, Count = 0; ///< K of N, from 1
  std::string ToolVersion;
  std::string RunDigest; ///< UnitCache::runDigest of the shard's run
  std::string Directory; ///< the working folder the shard ran in
  /// The shard's command line without argv[0], --shard and --export: the
  /// inputs and the options that decide the migration.
  std::vector<std::string> Arguments;
  /// Each translation unit of the shard's slice (absolute path) and its
  /// cache key (UnitCache::keyOf).
  std::map<std::string, std::string> Units;
};

/// "K/N" with 1 <= K <= N; an error says what is wrong.
llvm::Expected<std::pair<unsigned, unsigned>> parseShard(llvm::StringRef Text);

/// Writes M into Folder (atomically, creating the folder).
llvm::Error writeManifest(llvm::StringRef Folder, const ShardManifest &M);

/// What the shards of one migration found, ready to merge: every shard
/// from 1 to N exactly once, all of one run (version, digest, folder,
/// arguments). An error names what is missing or does not agree.
struct MergePlan {
  ShardManifest Run; ///< the shared fields; Units holds every shard's units
  std::vector<std::string> Folders; ///< where the units' entries are
};
llvm::Expected<MergePlan> planMerge(llvm::ArrayRef<std::string> Folders);

} // namespace musify
