// A position in a user file, as findings, decisions and reports give it.
#pragma once

#include "core/SourceText.h"

#include <string>
#include <tuple>

namespace musify {

/// A position in a user file.
struct Place {
  std::string File; ///< absolute, symlinks resolved
  unsigned Offset = 0;
  unsigned Line = 0;
  unsigned Column = 0;
};

/// The place of Offset in File, whose lines Lines indexes.
inline Place placeIn(llvm::StringRef File, const LineIndex &Lines, unsigned Offset) {
  Place At;
  At.File = File.str();
  At.Offset = Offset;
  std::tie(At.Line, At.Column) = Lines.lineAndColumn(Offset);
  return At;
}

} // namespace musify
