// What every CUDA parse with one command line reads before the unit's own
// text, parsed once per run: Clang's CUDA wrapper (and through it the SDK's
// runtime headers and much of the standard library) and musify's prelude,
// as a precompiled header that later parses load instead of parsing again;
// and beside it, per SDK header many units include (<cooperative_groups.h>,
// a Thrust header), the same with that header after them (HoistedHeader.h).
#pragma once

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem/UniqueID.h"

#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace musify {

/// What a precompiled header holds, for deciding whether a parse may load it.
struct PchContents {
  std::string Path;
  /// Every file it read, and of those the ones its main file's #include
  /// brought in (none for the shared headers alone).
  llvm::DenseSet<llvm::sys::fs::UniqueID> Files, Included;
  llvm::sys::fs::UniqueID Header; ///< what the main file includes, if anything
  /// Every identifier written in a file of Included, in any branch, and the
  /// files it is written in: the names whose meaning a unit could change
  /// before its #include of the header.
  llvm::StringMap<llvm::SmallVector<llvm::sys::fs::UniqueID, 1>> Identifiers;
  /// Of those, the ones a file's reading looks at (written outside the
  /// bodies of its #defines, or in the body of a macro expanded there).
  llvm::StringMap<llvm::SmallVector<llvm::sys::fs::UniqueID, 1>> Uses;
  /// Of each file of Included: the files it includes (read there or
  /// before), the order it was first read in, the macros it leaves defined,
  /// and whether it reads the same wherever it is included (it and what it
  /// includes test and expand only macros they define, or that the files
  /// including them define where a file is read again at each #include).
  /// A unit may include such a file before the header.
  llvm::DenseMap<llvm::sys::fs::UniqueID, std::vector<llvm::sys::fs::UniqueID>> Children;
  llvm::DenseMap<llvm::sys::fs::UniqueID, unsigned> Order;
  llvm::DenseMap<llvm::sys::fs::UniqueID, std::vector<std::string>> Defines;
  llvm::DenseSet<llvm::sys::fs::UniqueID> SelfContained;
};

class SharedHeaders {
public:
  SharedHeaders() = default;
  SharedHeaders(const SharedHeaders &) = delete;
  SharedHeaders &operator=(const SharedHeaders &) = delete;
  /// Removes the precompiled headers: they live as long as the run.
  ~SharedHeaders();

  /// Writes the precompiled header to Into.Path and fills in the rest of
  /// Into; false if it could not.
  using Builder = std::function<bool(PchContents &Into)>;

  /// The precompiled header of Key (a command line, with the header after
  /// the shared ones, if any), built by Build the second time Key asks
  /// (what only one unit asks for gains nothing); null until then, or where
  /// it could not be built. Safe to call from several threads at once: one
  /// builds, the others wait for it.
  std::shared_ptr<const PchContents> lookup(const std::string &Key, const Builder &Build);

private:
  struct Entry {
    unsigned Asked = 0;
    std::shared_future<std::shared_ptr<const PchContents>> Built;
  };
  std::mutex Lock;
  std::map<std::string, Entry> Entries;
  std::string Folder; ///< created with the first precompiled header
  unsigned Count = 0; ///< precompiled headers begun
};

} // namespace musify
