// The names an enumeration has in the rule tables, the reports and the
// command line: one table per enumeration, read both ways. A table lists
// every value once, in declaration order, which each table checks where it
// is defined (namesCover).
#pragma once

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>

namespace musify {

template <typename Enum> struct EnumName {
  Enum Value;
  const char *Name;
};

/// The name of Value in Table; "?" for a value the table lacks.
template <typename Enum, size_t N>
constexpr const char *nameOf(const EnumName<Enum> (&Table)[N], Enum Value) {
  for (const EnumName<Enum> &Entry : Table)
    if (Entry.Value == Value)
      return Entry.Name;
  return "?";
}

/// The value Table names Name, if any.
template <typename Enum, size_t N>
std::optional<Enum> valueNamed(const EnumName<Enum> (&Table)[N], llvm::StringRef Name) {
  for (const EnumName<Enum> &Entry : Table)
    if (Name == Entry.Name)
      return Entry.Value;
  return std::nullopt;
}

/// Whether Table lists the values from 0 to Last, each once, in order.
template <typename Enum, size_t N>
constexpr bool namesCover(const EnumName<Enum> (&Table)[N], Enum Last) {
  if (N != static_cast<size_t>(Last) + 1)
    return false;
  for (size_t I = 0; I < N; ++I)
    if (static_cast<size_t>(Table[I].Value) != I)
      return false;
  return true;
}

} // namespace musify
