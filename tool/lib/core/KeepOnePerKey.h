// Of items found more than once (the same text found by every parse that
// reads it), one per key.
#pragma once

#include "llvm/ADT/STLExtras.h"

#include <utility>
#include <vector>

namespace musify {

/// Sorts Items by Key and keeps one item per key: the first by Rank.
template <typename T, typename KeyOf, typename RankOf>
void keepOnePerKey(std::vector<T> &Items, KeyOf Key, RankOf Rank) {
  llvm::stable_sort(Items, [&](const T &A, const T &B) {
    return std::make_pair(Key(A), Rank(A)) < std::make_pair(Key(B), Rank(B));
  });
  Items.erase(
      llvm::unique(Items, [&](const T &A, const T &B) { return Key(A) == Key(B); }),
      Items.end());
}

template <typename T, typename KeyOf>
void keepOnePerKey(std::vector<T> &Items, KeyOf Key) {
  keepOnePerKey(Items, Key, [](const T &) { return 0; });
}

} // namespace musify
