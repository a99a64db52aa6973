// The events and hazards of the files whose migration is written, moved to a
// temporary file of the run's own until the report's views read them back,
// one file at a time: a run does not hold every file's report entries.
#pragma once

#include "model/FileReport.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <mutex>
#include <string>
#include <vector>

namespace musify {

/// A file's events and hazards, as FileReport holds them.
struct ReportEntries {
  std::vector<Event> Events;
  std::vector<HazardRecord> Hazards;
};

class ReportSpill {
public:
  ReportSpill() = default;
  ReportSpill(const ReportSpill &) = delete;
  ReportSpill &operator=(const ReportSpill &) = delete;
  ~ReportSpill();

  /// Moves F's events and hazards into the file (F.Spilled says where).
  /// Where they cannot be written there (no temporary folder, a full disk)
  /// they stay in F: only memory is at stake.
  void spill(FileReport &F);

  /// Calls Fn with F whole: where spill() moved its events and hazards,
  /// with them read back (into a copy of F, for the call only). One that
  /// cannot be read back is shown without them, and readFailure() says so.
  void withEntries(const FileReport &F,
                   llvm::function_ref<void(const FileReport &)> Fn) const;

  /// Why the first file's entries could not be read back; empty if none.
  std::string readFailure() const;

private:
  /// The file: created on the first spill, and removed from its folder at
  /// once, so that no one else can change it and it goes with the run.
  int FD = -1;
  bool Unusable = false; ///< it could not be created, or a write failed
  uint64_t Size = 0;
  mutable std::string ReadFailure;
  mutable std::mutex Lock;
};

/// Calls Fn with F whole: through Spill where there is one, else F itself.
inline void withEntries(const ReportSpill *Spill, const FileReport &F,
                        llvm::function_ref<void(const FileReport &)> Fn) {
  if (Spill)
    Spill->withEntries(F, Fn);
  else
    Fn(F);
}

/// A file's events and hazards as spill() writes them, and back; exposed
/// for tests.
std::string encodeEntries(const std::vector<Event> &Events,
                          const std::vector<HazardRecord> &Hazards, llvm::StringRef File);
llvm::Expected<ReportEntries> decodeEntries(llvm::StringRef Bytes, llvm::StringRef File);

} // namespace musify
