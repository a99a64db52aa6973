// Target API versions: parsing, the installed HIP, what a version lacks.
#include "rules/TargetVersion.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"

namespace musify {

std::optional<Version> parseVersion(llvm::StringRef Text) {
  auto [Major, Rest] = Text.trim().split('.');
  llvm::StringRef Minor = Rest.split('.').first;
  unsigned M = 0, N = 0;
  if (Major.getAsInteger(10, M) || Minor.getAsInteger(10, N))
    return std::nullopt;
  return Version(M, N);
}

std::string versionText(Version V) {
  return std::to_string(V.first) + "." + std::to_string(V.second);
}

std::optional<std::pair<std::string, std::string>> installedHipVersion() {
  std::vector<std::string> Roots;
  if (std::optional<std::string> HipPath = llvm::sys::Process::GetEnv("HIP_PATH"))
    Roots.push_back(*HipPath + "/include");
  Roots.push_back("/opt/rocm/include");
  Roots.push_back("/usr/include");
  for (const std::string &Root : Roots) {
    llvm::SmallString<256> Path(Root);
    llvm::sys::path::append(Path, "hip", "hip_version.h");
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
        llvm::MemoryBuffer::getFile(Path);
    if (!Text)
      continue;
    llvm::SmallVector<llvm::StringRef, 2> Major, Minor;
    llvm::StringRef Body = (*Text)->getBuffer();
    if (llvm::Regex("#define[ \t]+HIP_VERSION_MAJOR[ \t]+([0-9]+)").match(Body, &Major) &&
        llvm::Regex("#define[ \t]+HIP_VERSION_MINOR[ \t]+([0-9]+)").match(Body, &Minor))
      return std::make_pair((Major[1] + "." + Minor[1]).str(), Path.str().str());
  }
  return std::nullopt;
}

std::string newestHipVersion(const RuleTable &Rules) {
  std::optional<Version> Newest;
  Rules.forEach([&](const Rule &R) {
    for (const std::string *Text : {&R.HipAdded, &R.HipDeprecated, &R.HipRemoved})
      if (std::optional<Version> V = parseVersion(*Text); V && (!Newest || *Newest < *V))
        Newest = V;
  });
  return Newest ? versionText(*Newest) : "";
}

/// Whether the rule's version Text (empty: none) is set and at most Target.
static bool reachedBy(const std::string &Text, Version Target) {
  std::optional<Version> V = parseVersion(Text);
  return V && !(Target < *V);
}

std::optional<std::string> unavailableInHip(const Rule &R, Version Target) {
  std::string Is = "; the target is HIP " + versionText(Target);
  if (!R.HipAdded.empty() && !reachedBy(R.HipAdded, Target))
    return R.Target + " was added in HIP " + R.HipAdded + Is;
  if (reachedBy(R.HipRemoved, Target))
    return R.Target + " was removed in HIP " + R.HipRemoved + Is;
  if (parseVersion(R.HipHeadersLack) == Target)
    return "HIPIFY dates " + R.Target + " to HIP " + R.HipAdded + ", but the HIP " +
           R.HipHeadersLack + " headers do not declare it" + Is;
  return std::nullopt;
}

bool deprecatedInHip(const Rule &R, Version Target) {
  return reachedBy(R.HipDeprecated, Target);
}

} // namespace musify
