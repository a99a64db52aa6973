// Which version of the target API a migration writes for: names of a versioned
// target come and go between its releases (Rule::Added, Removed), so the same
// CUDA code migrates differently for HIP 5.2 and 6.3.
#pragma once

#include "rules/RuleTable.h"
#include "rules/TargetDescription.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>

namespace musify {

/// A version as major and minor: versions compare by these two.
using Version = std::pair<unsigned, unsigned>;

/// "6.3" -> (6, 3); "5.2.3" compares as 5.2. nullopt if it is no version.
std::optional<Version> parseVersion(llvm::StringRef Text);
/// (6, 3) -> "6.3".
std::string versionText(Version V);

/// The version of Target installed on this machine ("5.2") and the file that
/// says so: its version header (HIP: hip/hip_version.h) under
/// $<path variable>/include or one of its include folders, the first that
/// exists. nullopt for a target without versions or none installed.
std::optional<std::pair<std::string, std::string>>
installedVersion(const TargetDescription &Target);

/// The newest target version the tables name (a name's added, deprecated or
/// removed version); empty if they name none.
std::string newestVersion(const RuleTable &Rules);

/// The version a migration to Target (a versioned one) writes for, and what
/// chose it: Requested (the version option's value, a version) where not
/// empty, else the installed one, else the newest the tables know.
std::pair<std::string, std::string> chooseVersion(const TargetDescription &Target,
                                                  const RuleTable &Rules,
                                                  llvm::StringRef Requested);

/// Where Chosen is newer than every version the tables name: what that means
/// for the migration, to say to the user; else nullopt.
std::optional<std::string> beyondTables(const TargetDescription &Target,
                                        const RuleTable &Rules, llvm::StringRef Chosen);

/// Why Rule's replacement does not exist in version V of Target (added later, removed by
/// then, or absent from the headers of that version), or nullopt. The rule's versions
/// were checked when the table was read.
std::optional<std::string> unavailableIn(const Rule &R, const TargetDescription &Target,
                                         Version V);
/// Whether version V of the target has deprecated Rule's replacement.
bool deprecatedIn(const Rule &R, Version V);
/// Whether version V of the target keeps Rule's header at MovedReplacement.
bool movedIn(const Rule &R, Version V);

} // namespace musify
