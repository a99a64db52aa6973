// A word of a build file, as the lexers of each language find it and the
// editor migrates it.
#pragma once

namespace musify {

/// A word of a build file: [Begin, End) of the file's text. Outer is the
/// text it occupies with its quotes, where it is quoted.
struct BuildWord {
  unsigned Begin = 0, End = 0;
  unsigned OuterBegin = 0, OuterEnd = 0;

  static BuildWord plain(unsigned B, unsigned E) { return {B, E, B, E}; }
};

} // namespace musify
