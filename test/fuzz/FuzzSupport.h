// What the fuzz targets share: the shipped rule tables, loaded once, and a
// private folder for readers that take a path instead of text.
#pragma once

#include "hazards/HazardCheck.h"
#include "rules/RuleTable.h"
#include "rules/TargetDescription.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

namespace musify::fuzz {

/// A broken invariant is a crash, so libFuzzer keeps the input.
inline void require(bool Holds, const char *What) {
  if (!Holds) {
    llvm::errs() << "invariant broken: " << What << "\n";
    std::abort();
  }
}

/// The shipped tables of Target; a load failure ends the run (the fuzzer
/// would otherwise exercise nothing).
inline const RuleTable &shippedRules(llvm::StringRef Target) {
  static std::map<std::string, RuleTable> Loaded;
  auto It = Loaded.find(Target.str());
  if (It != Loaded.end())
    return It->second;
  llvm::Expected<RuleTable> Table = loadTargetRules(MUSIFY_FUZZ_RULES_DIR, Target);
  if (!Table) {
    llvm::errs() << llvm::toString(Table.takeError()) << "\n";
    std::abort();
  }
  return Loaded.emplace(Target.str(), std::move(*Table)).first->second;
}

inline const TargetDescription &shippedTarget(llvm::StringRef Target) {
  static std::map<std::string, TargetDescription> Loaded;
  auto It = Loaded.find(Target.str());
  if (It != Loaded.end())
    return It->second;
  llvm::Expected<TargetDescription> Read = loadTarget(MUSIFY_FUZZ_RULES_DIR, Target);
  if (!Read) {
    llvm::errs() << llvm::toString(Read.takeError()) << "\n";
    std::abort();
  }
  return Loaded.emplace(Target.str(), std::move(*Read)).first->second;
}

/// A folder of this process's own, made on first use, removed at exit.
inline const std::string &scratchFolder() {
  static const std::string Folder = [] {
    llvm::SmallString<128> Path;
    if (llvm::sys::fs::createUniqueDirectory("musify-fuzz", Path))
      std::abort();
    return Path.str().str();
  }();
  // Registered once Folder is made, so it runs before Folder is destroyed.
  static const bool RemovedAtExit = [] {
    return std::atexit([] { (void)llvm::sys::fs::remove_directories(Folder); }) == 0;
  }();
  (void)RemovedAtExit;
  return Folder;
}

/// Writes Data to Name in the scratch folder; the path written.
inline std::string writeScratch(llvm::StringRef Name, const uint8_t *Data, size_t Size) {
  std::string Path = scratchFolder() + "/" + Name.str();
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC);
  if (EC)
    std::abort();
  Out.write(reinterpret_cast<const char *>(Data), Size);
  return Path;
}

inline llvm::StringRef textOf(const uint8_t *Data, size_t Size) {
  return llvm::StringRef(reinterpret_cast<const char *>(Data), Size);
}

} // namespace musify::fuzz
