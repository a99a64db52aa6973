// Target API versions: parsing, the installed HIP, what a version lacks.
#include "rules/TargetVersion.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"

namespace musify {

std::optional<std::pair<unsigned, unsigned>> parseVersion(llvm::StringRef Version) {
  auto [Major, Rest] = Version.trim().split('.');
  llvm::StringRef Minor = Rest.split('.').first;
  unsigned M = 0, N = 0;
  if (Major.getAsInteger(10, M) || Minor.getAsInteger(10, N))
    return std::nullopt;
  return std::make_pair(M, N);
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
  std::string Newest;
  std::pair<unsigned, unsigned> Best{0, 0};
  Rules.forEach([&](const Rule &R) {
    for (const std::string *V : {&R.HipAdded, &R.HipDeprecated, &R.HipRemoved})
      if (std::optional<std::pair<unsigned, unsigned>> P = parseVersion(*V))
        if (Newest.empty() || *P > Best) {
          Best = *P;
          Newest = std::to_string(P->first) + "." + std::to_string(P->second);
        }
  });
  return Newest;
}

std::optional<std::string> unavailableInHip(const Rule &R, llvm::StringRef Version) {
  std::optional<std::pair<unsigned, unsigned>> Target = parseVersion(Version);
  if (!Target)
    return std::nullopt;
  auto Before = [&](const std::string &V) {
    std::optional<std::pair<unsigned, unsigned>> P = parseVersion(V);
    return P && *Target < *P;
  };
  auto AtOrAfter = [&](const std::string &V) {
    std::optional<std::pair<unsigned, unsigned>> P = parseVersion(V);
    return P && !(*Target < *P);
  };
  std::string Name = R.Target;
  if (Before(R.HipAdded))
    return Name + " was added in HIP " + R.HipAdded + "; the target is HIP " + Version.str();
  if (AtOrAfter(R.HipRemoved))
    return Name + " was removed in HIP " + R.HipRemoved + "; the target is HIP " +
           Version.str();
  if (!R.HipHeadersLack.empty() && parseVersion(R.HipHeadersLack) == Target)
    return "HIPIFY dates " + Name + " to HIP " + R.HipAdded + ", but the HIP " +
           R.HipHeadersLack + " headers do not declare it; the target is HIP " +
           Version.str();
  return std::nullopt;
}

} // namespace musify
