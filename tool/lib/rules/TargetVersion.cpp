// Target API versions: parsing, the installed HIP, what a version lacks.
#include "rules/TargetVersion.h"

#include "llvm/ADT/STLExtras.h"
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

std::optional<std::pair<std::string, std::string>>
installedVersion(const TargetDescription &Target) {
  if (!Target.Versioned)
    return std::nullopt;
  const TargetDescription::Versions &V = *Target.Versioned;
  std::vector<std::string> Roots;
  if (!V.PathVariable.empty())
    if (std::optional<std::string> Root = llvm::sys::Process::GetEnv(V.PathVariable))
      Roots.push_back(*Root + "/include");
  llvm::append_range(Roots, V.IncludeFolders);
  llvm::Regex Major("#define[ \t]+" + V.MajorMacro + "[ \t]+([0-9]+)");
  llvm::Regex Minor("#define[ \t]+" + V.MinorMacro + "[ \t]+([0-9]+)");
  for (const std::string &Root : Roots) {
    llvm::SmallString<256> Path(Root);
    llvm::sys::path::append(Path, V.Header);
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
        llvm::MemoryBuffer::getFile(Path);
    if (!Text)
      continue;
    llvm::SmallVector<llvm::StringRef, 2> MajorMatch, MinorMatch;
    llvm::StringRef Body = (*Text)->getBuffer();
    if (Major.match(Body, &MajorMatch) && Minor.match(Body, &MinorMatch))
      return std::make_pair((MajorMatch[1] + "." + MinorMatch[1]).str(),
                            Path.str().str());
  }
  return std::nullopt;
}

std::string newestVersion(const RuleTable &Rules) {
  std::optional<Version> Newest;
  Rules.forEach([&](const Rule &R) {
    for (const std::string *Text : {&R.Added, &R.Deprecated, &R.Removed})
      if (std::optional<Version> V = parseVersion(*Text); V && (!Newest || *Newest < *V))
        Newest = V;
  });
  return Newest ? versionText(*Newest) : "";
}

std::optional<std::string> beyondTables(const TargetDescription &Target,
                                        const RuleTable &Rules, llvm::StringRef Chosen) {
  std::string Newest = newestVersion(Rules);
  std::optional<Version> V = parseVersion(Chosen), Known = parseVersion(Newest);
  if (!V || !Known || !(*Known < *V))
    return std::nullopt;
  const std::string &Name = Target.DisplayName;
  return Name + " " + Chosen.str() + " is newer than every " + Name +
         " version the rule tables know (the newest: " + Newest + "): names " + Name +
         " added or removed after " + Newest + " are migrated as in " + Newest;
}

/// Whether the rule's version Text (empty: none) is set and at most V.
static bool reachedBy(const std::string &Text, Version V) {
  std::optional<Version> Of = parseVersion(Text);
  return Of && !(V < *Of);
}

std::optional<std::string> unavailableIn(const Rule &R, const TargetDescription &Target,
                                         Version V) {
  const std::string &Name = Target.DisplayName;
  std::string Is = "; the target is " + Name + " " + versionText(V);
  if (!R.Added.empty() && !reachedBy(R.Added, V))
    return "needs " + Name + " " + R.Added + " (" + R.Replacement + ")" + Is;
  if (reachedBy(R.Removed, V))
    return R.Replacement + " was removed in " + Name + " " + R.Removed + Is;
  if (parseVersion(R.HeadersLack) == V)
    return Target.Versioned->DatedBy + " dates " + R.Replacement + " to " + Name + " " +
           R.Added + ", but the " + Name + " " + R.HeadersLack +
           " headers do not declare it" + Is;
  return std::nullopt;
}

bool deprecatedIn(const Rule &R, Version V) { return reachedBy(R.Deprecated, V); }

bool movedIn(const Rule &R, Version V) { return reachedBy(R.Moved, V); }

std::pair<std::string, std::string> chooseVersion(const TargetDescription &Target,
                                                  const RuleTable &Rules,
                                                  llvm::StringRef Requested) {
  const std::string &Name = Target.DisplayName;
  if (std::optional<Version> V = parseVersion(Requested))
    return {versionText(*V), Target.Versioned ? Target.Versioned->Option : ""};
  if (auto Installed = installedVersion(Target))
    return {Installed->first, "the installed " + Name + " (" + Installed->second + ")"};
  return {newestVersion(Rules),
          "the newest " + Name + " the rule tables know (no " + Name + " installed)"};
}

} // namespace musify
