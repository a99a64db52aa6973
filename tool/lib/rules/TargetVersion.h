// Which version of the target API a migration writes for: HIP names come and
// go between HIP releases (Rule::HipAdded, HipRemoved), so the same CUDA code
// migrates differently for HIP 5.2 and 6.3.
#pragma once

#include "rules/RuleTable.h"

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

/// The HIP installed on this machine: its version ("5.2") and the file that
/// says so, from hip/hip_version.h under $HIP_PATH/include, /opt/rocm/include
/// or /usr/include, the first that exists.
std::optional<std::pair<std::string, std::string>> installedHipVersion();

/// The newest HIP version the tables name (a name's hip_added, hip_deprecated
/// or hip_removed); empty if they name none.
std::string newestHipVersion(const RuleTable &Rules);

/// Why Rule's target does not exist in HIP Target (added later, removed by
/// then, or absent from the headers of that version), or nullopt. The rule's
/// versions were checked when the table was read.
std::optional<std::string> unavailableInHip(const Rule &R, Version Target);
/// Whether HIP Target has deprecated Rule's target.
bool deprecatedInHip(const Rule &R, Version Target);

} // namespace musify
