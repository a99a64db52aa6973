// The edits of one file, merged from every translation unit that sees it.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace musify {

/// Replace [Offset, Offset + Length) with Text; Length 0 inserts.
struct Edit {
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;

  bool operator==(const Edit &O) const {
    return Offset == O.Offset && Length == O.Length && Text == O.Text;
  }
};

struct EditConflict {
  Edit Existing;
  Edit Incoming;
};

/// Identical edits (the same header seen from two translation units) merge
/// into one. Two different edits of overlapping text conflict: neither is
/// applied, and any later edit touching that text conflicts too, so the file
/// keeps its original text there and the caller reports the conflict.
class EditSet {
public:
  enum class AddResult { Added, Duplicate, Conflict };

  AddResult add(const Edit &E, EditConflict *Conflict = nullptr);
  /// An insertion whose order among insertions at its offset does not matter
  /// (whole #include lines at a file's top): it goes after any there already,
  /// unless one of them is it. Otherwise as add().
  AddResult addAfterInsertions(const Edit &E, EditConflict *Conflict = nullptr);

  /// The first edit of a place wins (one pass over a build file, where a
  /// later rule must not undo an earlier one): E is added unless an edit
  /// there keeps it out (blocks()); false then. An insertion where
  /// insertions are goes after them.
  bool claim(const Edit &E);
  /// True if E overlaps an edit of the set, other than an insertion at the
  /// same place as an insertion E.
  bool blocks(const Edit &E) const;
  /// True if the set has E itself (its place and its text).
  bool holds(const Edit &E) const {
    auto It = Edits.find({E.Offset, E.Length});
    return It != Edits.end() && It->second.Text == E.Text;
  }

  /// The edits that will be applied, in offset order.
  std::vector<Edit> edits() const;
  bool empty() const { return Edits.empty(); }

  /// Original with every edit applied. Edits must lie within Original.
  std::string apply(llvm::StringRef Original) const;
  /// [Begin, End) of Original with the edits that lie inside it applied.
  std::string applyWithin(llvm::StringRef Original, unsigned Begin, unsigned End) const;
  /// Forgets the edits that lie inside [Begin, End), but for insertions at
  /// its ends, so that one edit can take their place.
  void dropWithin(unsigned Begin, unsigned End);

private:
  /// Keyed by (offset, length): an insertion sorts before a replacement that
  /// starts at the same offset, which is the order they apply in.
  std::map<std::pair<unsigned, unsigned>, Edit> Edits;
  std::vector<Edit> Blocked; ///< text ranges that saw a conflict
};

} // namespace musify
