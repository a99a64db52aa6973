// A packed table of names and the files that write them.
#include "frontend/NamesInFiles.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cassert>

namespace musify {

uint32_t NamesInFiles::indexOf(llvm::sys::fs::UniqueID File) {
  auto [It, New] = FileIndex.try_emplace(File, Files.size());
  if (New)
    Files.push_back(File);
  return It->second;
}

void NamesInFiles::add(llvm::StringRef Name, llvm::sys::fs::UniqueID File) {
  uint32_t Index = indexOf(File);
  llvm::SmallVector<uint32_t, 1> &In = Recorded[Name];
  if (llvm::find(In, Index) == In.end())
    In.push_back(Index);
}

void NamesInFiles::pack() {
  assert(Names.empty() && "packed twice");
  std::vector<llvm::StringRef> Sorted;
  Sorted.reserve(Recorded.size());
  size_t Length = 0, Listed = 0;
  for (const auto &Entry : Recorded) {
    Sorted.push_back(Entry.getKey());
    Length += Entry.getKey().size();
    Listed += Entry.getValue().size();
  }
  llvm::sort(Sorted);
  Chars.reserve(Length);
  Names.reserve(Sorted.size());
  FileLists.reserve(Listed);
  for (llvm::StringRef Text : Sorted) {
    const llvm::SmallVector<uint32_t, 1> &In = Recorded.find(Text)->getValue();
    Names.push_back(
        {static_cast<uint32_t>(Chars.size()), static_cast<uint32_t>(Text.size()),
         static_cast<uint32_t>(FileLists.size()), static_cast<uint32_t>(In.size())});
    Chars += Text;
    FileLists.insert(FileLists.end(), In.begin(), In.end());
  }
  Recorded = decltype(Recorded)();
  FileIndex = decltype(FileIndex)();
  Files.shrink_to_fit();
}

bool NamesInFiles::writtenIn(
    llvm::StringRef Text, llvm::function_ref<bool(llvm::sys::fs::UniqueID)> Pred) const {
  auto It =
      std::lower_bound(Names.begin(), Names.end(), Text,
                       [&](const Name &N, llvm::StringRef T) { return textOf(N) < T; });
  if (It == Names.end() || textOf(*It) != Text)
    return false;
  return llvm::any_of(llvm::ArrayRef<uint32_t>(FileLists).slice(It->First, It->Count),
                      [&](uint32_t I) { return Pred(Files[I]); });
}

} // namespace musify
