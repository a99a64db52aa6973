// Merging and applying per-file edits.
#include "edit/EditSet.h"

#include "llvm/ADT/STLExtras.h"

#include <cassert>
#include <iterator>
#include <optional>

namespace musify {

namespace {

/// Whether two edits touch the same text. Two insertions at one offset
/// collide (their order would be a guess); an insertion collides with a
/// replacement only strictly inside it, since at its start it simply goes first.
bool overlaps(const Edit &A, const Edit &B) {
  if (A.Length == 0 && B.Length == 0)
    return A.Offset == B.Offset;
  if (A.Length == 0)
    return A.Offset > B.Offset && A.Offset < B.Offset + B.Length;
  if (B.Length == 0)
    return B.Offset > A.Offset && B.Offset < A.Offset + A.Length;
  return A.Offset < B.Offset + B.Length && B.Offset < A.Offset + A.Length;
}

} // namespace

EditSet::AddResult EditSet::add(const Edit &E, EditConflict *Conflict) {
  auto Report = [&](const Edit &Existing) {
    if (Conflict)
      *Conflict = {Existing, E};
    Blocked.push_back(E);
    return AddResult::Conflict;
  };
  for (const Edit &B : Blocked)
    if (overlaps(B, E) || B == E)
      return Report(B);

  // Stored edits never overlap, so only the last one starting before E can
  // reach into it, and after that only those starting within E.
  auto Check = [&](std::map<std::pair<unsigned, unsigned>, Edit>::iterator It)
      -> std::optional<AddResult> {
    if (It->second == E)
      return AddResult::Duplicate;
    if (!overlaps(It->second, E))
      return std::nullopt;
    Edit Kept = It->second;
    Blocked.push_back(Kept);
    Edits.erase(It);
    return Report(Kept);
  };
  auto It = Edits.lower_bound({E.Offset, 0});
  if (It != Edits.begin())
    if (std::optional<AddResult> R = Check(std::prev(It)))
      return *R;
  for (; It != Edits.end() && It->first.first <= E.Offset + E.Length; ++It)
    if (std::optional<AddResult> R = Check(It))
      return *R;
  Edits.emplace(std::make_pair(E.Offset, E.Length), E);
  return AddResult::Added;
}

EditSet::AddResult EditSet::addAfterInsertions(const Edit &E, EditConflict *Conflict) {
  auto It = Edits.find({E.Offset, 0});
  if (E.Length != 0 || It == Edits.end())
    return add(E, Conflict);
  if (llvm::StringRef(It->second.Text).contains(E.Text))
    return AddResult::Duplicate;
  It->second.Text += E.Text;
  return AddResult::Added;
}

bool EditSet::blocks(const Edit &E) const {
  auto Blocks = [&](const Edit &Other) {
    return overlaps(Other, E) && (Other.Length != 0 || E.Length != 0);
  };
  if (llvm::any_of(Blocked, Blocks))
    return true;
  auto It = Edits.lower_bound({E.Offset, 0});
  if (It != Edits.begin() && Blocks(std::prev(It)->second))
    return true;
  for (; It != Edits.end() && It->first.first <= E.Offset + E.Length; ++It)
    if (Blocks(It->second))
      return true;
  return false;
}

bool EditSet::claim(const Edit &E) {
  if (blocks(E))
    return false;
  auto [It, Added] = Edits.try_emplace({E.Offset, E.Length}, E);
  if (!Added) // an insertion where insertions are (blocks() let no other through)
    It->second.Text += E.Text;
  return true;
}

std::vector<Edit> EditSet::edits() const {
  std::vector<Edit> Out;
  Out.reserve(Edits.size());
  for (const auto &Entry : Edits)
    Out.push_back(Entry.second);
  return Out;
}

std::string EditSet::apply(llvm::StringRef Original) const {
  std::string Out;
  Out.reserve(Original.size() + Edits.size() * 8);
  unsigned Pos = 0;
  for (const auto &Entry : Edits) {
    const Edit &E = Entry.second;
    assert(E.Offset >= Pos && E.Offset + E.Length <= Original.size());
    Out.append(Original.data() + Pos, E.Offset - Pos);
    Out += E.Text;
    Pos = E.Offset + E.Length;
  }
  Out.append(Original.data() + Pos, Original.size() - Pos);
  return Out;
}

std::string EditSet::applyWithin(llvm::StringRef Original, unsigned Begin,
                                 unsigned End) const {
  std::string Out;
  unsigned Pos = Begin;
  for (const auto &[Key, E] : Edits) {
    if (E.Offset < Begin || E.Offset + E.Length > End)
      continue;
    Out.append(Original.data() + Pos, E.Offset - Pos);
    Out += E.Text;
    Pos = E.Offset + E.Length;
  }
  Out.append(Original.data() + Pos, End - Pos);
  return Out;
}

void EditSet::dropWithin(unsigned Begin, unsigned End) {
  for (auto It = Edits.begin(); It != Edits.end();) {
    const Edit &E = It->second;
    bool Inside = E.Offset >= Begin && E.Offset + E.Length <= End &&
                  (E.Length != 0 || (E.Offset > Begin && E.Offset < End));
    It = Inside ? Edits.erase(It) : std::next(It);
  }
}

} // namespace musify
