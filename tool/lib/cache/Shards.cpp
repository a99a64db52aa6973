// Shard manifests: written by each shard, checked together by merge.
#include "cache/Shards.h"
#include "core/BoundedRead.h"
#include "core/IntegerJson.h"

#include "output/OutputWriter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <set>

namespace musify {

using json = nlohmann::json;

namespace {

llvm::Error manifestError(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

std::string manifestName(unsigned Index, unsigned Count) {
  return "shard-" + std::to_string(Index) + "-of-" + std::to_string(Count) + ".json";
}

llvm::Expected<ShardManifest> readManifest(const std::string &Path) {
  // Bounded, a regular file: a manifest that is a device or a FIFO is
  // refused, not read until memory runs out or waited on.
  auto Buffer = readBoundedFile(Path, MaxManifestBytes, "shard manifest");
  if (!Buffer)
    return Buffer.takeError();
  return parseManifest((*Buffer)->getBuffer(), Path);
}

} // namespace

llvm::Expected<ShardManifest> parseManifest(llvm::StringRef Text, llvm::StringRef Path) {
  std::string Why;
  json J = parseIntegerJson(Text, &Why);
  if (J.is_discarded())
    return manifestError(Path + " is damaged: " + Why);
  try {
    ShardManifest M;
    M.Index = J.at("shard").get<unsigned>();
    M.Count = J.at("shards").get<unsigned>();
    M.ToolVersion = J.at("musify").get<std::string>();
    M.RunDigest = J.at("digest").get<std::string>();
    M.Directory = J.at("directory").get<std::string>();
    M.Settings = J.at("settings").get<MigrationSettings>();
    M.Units = J.at("units").get<std::map<std::string, std::string>>();
    M.InputDigests = J.at("input_digests").get<std::map<std::string, std::string>>();
    if (M.Index == 0 || M.Index > M.Count)
      return manifestError(Path + " is damaged: shard " + std::to_string(M.Index) +
                           " of " + std::to_string(M.Count));
    return M;
  } catch (const json::exception &E) {
    return manifestError(Path + " is damaged: " + E.what());
  }
}

namespace {

/// The manifests in Folder (shard-K-of-N.json).
llvm::Expected<std::vector<std::pair<std::string, ShardManifest>>>
manifestsIn(const std::string &Folder) {
  std::vector<std::pair<std::string, ShardManifest>> Out;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Folder, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!Name.starts_with("shard-") || !Name.ends_with(".json"))
      continue;
    llvm::Expected<ShardManifest> M = readManifest(It->path());
    if (!M)
      return M.takeError();
    Out.emplace_back(It->path(), std::move(*M));
  }
  if (EC)
    return manifestError("cannot read the export folder " + Folder + ": " + EC.message());
  if (Out.empty())
    return manifestError(Folder + " holds no shard manifest (shard-K-of-N.json)");
  llvm::sort(Out, [](const auto &A, const auto &B) { return A.first < B.first; });
  return Out;
}

/// Why Other is not of the same run as First, or "".
std::string disagreement(const ShardManifest &First, const ShardManifest &Other) {
  if (Other.Count != First.Count)
    return "it is one of " + std::to_string(Other.Count) + " shards, not " +
           std::to_string(First.Count);
  if (Other.ToolVersion != First.ToolVersion)
    return "another musify ran it (" + Other.ToolVersion + ")";
  if (Other.RunDigest != First.RunDigest)
    return "it ran with other rule tables, CUDA SDK or musify";
  return settingsDifference(Other.Settings, "it", First.Settings, "the other");
}

std::string quoted(const std::vector<std::string> &Values) {
  if (Values.empty())
    return "none";
  std::string Out;
  for (const std::string &V : Values)
    Out += (Out.empty() ? "'" : ", '") + V + "'";
  return Out;
}

} // namespace

std::string settingsDifference(const MigrationSettings &A, llvm::StringRef AName,
                               const MigrationSettings &B, llvm::StringRef BName) {
  std::set<std::string> Names;
  for (const auto &[Name, Values] : A)
    Names.insert(Name);
  for (const auto &[Name, Values] : B)
    Names.insert(Name);
  static const std::vector<std::string> None;
  for (const std::string &Name : Names) {
    auto InA = A.find(Name), InB = B.find(Name);
    const std::vector<std::string> &ValuesA = InA == A.end() ? None : InA->second;
    const std::vector<std::string> &ValuesB = InB == B.end() ? None : InB->second;
    if (ValuesA != ValuesB)
      return Name + " differs: " + quoted(ValuesA) + " in " + AName.str() + ", " +
             quoted(ValuesB) + " in " + BName.str();
  }
  return "";
}

llvm::Expected<std::pair<unsigned, unsigned>> parseShard(llvm::StringRef Text) {
  auto [K, N] = Text.split('/');
  unsigned Index = 0, Count = 0;
  if (K.getAsInteger(10, Index) || N.getAsInteger(10, Count) || Index == 0 ||
      Index > Count)
    return manifestError("--shard=" + Text +
                         ": expected K/N with 1 <= K <= N, such as 2/8");
  return std::make_pair(Index, Count);
}

llvm::Error writeManifest(llvm::StringRef Folder, const ShardManifest &M) {
  json J = {{"shard", M.Index},         {"shards", M.Count},
            {"musify", M.ToolVersion},  {"digest", M.RunDigest},
            {"directory", M.Directory}, {"settings", M.Settings},
            {"units", M.Units},         {"input_digests", M.InputDigests}};
  llvm::SmallString<256> Path(Folder);
  llvm::sys::path::append(Path, manifestName(M.Index, M.Count));
  return writeFileAtomically(Path, J.dump(1, ' ', false, json::error_handler_t::replace) +
                                       "\n");
}

llvm::Expected<MergePlan> planMerge(llvm::ArrayRef<std::string> Folders) {
  MergePlan Plan;
  std::map<unsigned, std::string> Seen; // shard number -> its manifest
  for (const std::string &Folder : Folders) {
    auto Manifests = manifestsIn(Folder);
    if (!Manifests)
      return Manifests.takeError();
    for (auto &[Path, M] : *Manifests) {
      if (Seen.empty()) {
        Plan.Run = M;
        Plan.FirstManifest = Path;
      } else if (std::string Why = disagreement(Plan.Run, M); !Why.empty()) {
        return manifestError(Path + " is not of the same migration as " +
                             Plan.FirstManifest + ": " + Why);
      }
      if (auto [It, Added] = Seen.emplace(M.Index, Path); !Added)
        return manifestError("shard " + std::to_string(M.Index) +
                             " is there twice: " + It->second + " and " + Path);
      for (const auto &[Unit, Key] : M.Units)
        Plan.Run.Units.emplace(Unit, Key);
      // Every shard read the whole tree; one that read a file otherwise
      // makes the file's digest no one's.
      for (const auto &[File, Digest] : M.InputDigests)
        if (auto [It, Added] = Plan.Run.InputDigests.emplace(File, Digest);
            !Added && It->second != Digest)
          It->second.clear();
    }
    Plan.Folders.push_back(Folder);
  }
  for (unsigned K = 1; K <= Plan.Run.Count; ++K)
    if (!Seen.count(K))
      return manifestError("shard " + std::to_string(K) + " of " +
                           std::to_string(Plan.Run.Count) + " is missing: no " +
                           manifestName(K, Plan.Run.Count) + " in " +
                           llvm::join(Folders, ", "));
  return Plan;
}

} // namespace musify
