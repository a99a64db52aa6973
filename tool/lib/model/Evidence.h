// Why a piece of text is taken for a reference to the CUDA SDK: what every
// finding carries, and what the report says of it.
#pragma once

namespace musify {

/// Why a piece of text is taken for a reference to the CUDA SDK.
enum class Evidence {
  Declaration,   ///< resolves to a declaration in an SDK header
  Macro,         ///< expands (or tests) a macro the SDK or the compiler defines
  Include,       ///< an #include that finds an SDK header
  MacroTest,     ///< tests a CUDA macro that is not defined in this parse
  SkippedRegion, ///< spelling in a preprocessor branch this parse skipped
  ErrorRegion,   ///< spelling in code a parse with errors could not make sense of
  Fallback,      ///< spelling in a file that could not be parsed
  StringLiteral, ///< a word inside a string literal (--rewrite-strings)
  BuildFile,     ///< a word of a build file, read by the build-file lexers
  Python,        ///< a name of Python code, resolved through its imports
  NvccImplicit,  ///< the header nvcc includes implicitly, which the unit relied on
  Helper,        ///< musify's helper header, for names migrated to its helpers
};

/// The order of strength: when two parses find the same text, the stronger
/// evidence is what the report shows.
inline int strengthOf(Evidence How) {
  switch (How) {
  case Evidence::Declaration:
  case Evidence::Macro:
  case Evidence::Include:
  case Evidence::BuildFile:
  case Evidence::Python:
  case Evidence::NvccImplicit:
  case Evidence::Helper:
    return 3;
  case Evidence::MacroTest:
    return 2;
  case Evidence::SkippedRegion:
  case Evidence::ErrorRegion:
    return 1;
  case Evidence::Fallback:
  case Evidence::StringLiteral:
    return 0;
  }
  return 0;
}

inline bool isSemantic(Evidence How) { return strengthOf(How) >= 2; }

/// The report's name of How ("declaration", "token-fallback", ...).
const char *evidenceName(Evidence How);

} // namespace musify
