// The name of the temporary file a result is written through before it is
// renamed over its destination (output/), and how a later run knows one that
// a killed run left (inputs/).
#pragma once

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

#include <string>

namespace musify {

/// The longest file name most file systems take (NAME_MAX).
constexpr size_t MaxFileNameBytes = 255;
constexpr llvm::StringLiteral TemporarySuffix = ".musify-";
/// What llvm::sys::fs::TempFile puts for each "%": a lowercase hex digit.
constexpr size_t TemporaryRandomDigits = 6;

/// The model (for llvm::sys::fs::TempFile) of the temporary file Path is
/// written through: beside Path, NAME.musify-XXXXXX, with NAME cut so that
/// the temporary name fits wherever Path's own name fits.
inline std::string temporaryModelFor(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  size_t Room = MaxFileNameBytes - TemporarySuffix.size() - TemporaryRandomDigits;
  llvm::SmallString<256> Model(llvm::sys::path::parent_path(Path));
  llvm::sys::path::append(Model, Name.take_front(Room) + TemporarySuffix +
                                     std::string(TemporaryRandomDigits, '%'));
  return Model.str().str();
}

/// Whether Name is exactly what temporaryModelFor makes: a name, then
/// ".musify-" and six lowercase hex digits.
inline bool isTemporaryName(llvm::StringRef Name) {
  size_t At = Name.rfind(TemporarySuffix);
  if (At == llvm::StringRef::npos || At == 0)
    return false;
  llvm::StringRef Random = Name.drop_front(At + TemporarySuffix.size());
  return Random.size() == TemporaryRandomDigits && llvm::all_of(Random, [](char C) {
           return llvm::isDigit(C) || (C >= 'a' && C <= 'f');
         });
}

} // namespace musify
