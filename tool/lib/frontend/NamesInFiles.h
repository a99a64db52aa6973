// The names written in the files of a precompiled header, and which of the
// files write each. A run holds one such table per precompiled header for as
// long as parses load it, so it is recorded in a map and then packed into
// sorted arrays: a fraction of the map's size.
#pragma once

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem/UniqueID.h"

#include <cstdint>
#include <string>
#include <vector>

namespace musify {

class NamesInFiles {
public:
  /// Records that File writes Name; only before pack().
  void add(llvm::StringRef Name, llvm::sys::fs::UniqueID File);
  /// Packs what add() recorded; once.
  void pack();
  /// Whether a file that writes Name is one Pred accepts; after pack().
  bool writtenIn(llvm::StringRef Name,
                 llvm::function_ref<bool(llvm::sys::fs::UniqueID)> Pred) const;
  /// The names packed.
  size_t size() const { return Names.size(); }

private:
  /// A name's text in Chars, and its files: FileLists[First, First + Count).
  struct Name {
    uint32_t Offset, Length, First, Count;
  };
  llvm::StringRef textOf(const Name &N) const {
    return {Chars.data() + N.Offset, N.Length};
  }
  uint32_t indexOf(llvm::sys::fs::UniqueID File);

  std::vector<llvm::sys::fs::UniqueID> Files;                  ///< by index
  llvm::DenseMap<llvm::sys::fs::UniqueID, uint32_t> FileIndex; ///< while recording
  llvm::StringMap<llvm::SmallVector<uint32_t, 1>> Recorded;    ///< until pack()
  std::string Chars;
  std::vector<Name> Names; ///< sorted by text
  std::vector<uint32_t> FileLists;
};

} // namespace musify
