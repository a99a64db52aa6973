// What one parse tells beside what its action found: whether Clang made sense
// of the whole unit, and where not.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace musify {

/// An `#include` of a header the parse could not find, which is not the CUDA
/// SDK's: it was stood in for by an empty file and the parse went on.
struct StandIn {
  std::string Includer; ///< the real path of the including file
  unsigned Line = 0;
  std::string Header; ///< as written
};

/// Text of one file Clang could not make sense of: [Begin, End) offsets.
struct ErrorRegion {
  std::string File; ///< real path
  unsigned Begin = 0, End = 0;
};

struct ParseOutcome {
  bool Parsed = false; ///< no errors: what the action saw is the whole file
  /// The parse ran to the end with no fatal error: what the action found
  /// holds everywhere but in ErrorRegions.
  bool Recovered = false;
  unsigned ErrorCount = 0;
  std::vector<std::string> FirstErrors; ///< "file:line:col: message", at most a few
  /// Per error: the declaration at namespace scope that holds it, or its line.
  std::vector<ErrorRegion> ErrorRegions;
  std::vector<StandIn> StoodIn;
  /// Of a C++ parse with errors, what says whether a CUDA parse would fail
  /// too. Where the first error is in a user's file: the name it finds
  /// undeclared (`use of undeclared identifier 'Npp8u'`, `unknown type name
  /// 'HRESULT'`, a name looked up from the global namespace), or
  /// FirstErrorIsDirective for an `#error`; and the macro names the user's
  /// conditionals tested undefined before that error.
  std::string FirstUndeclared;
  bool FirstErrorIsDirective = false;
  std::set<std::string> UndefinedTested;
  /// User paths the parse looked for and did not find (an #include searching
  /// the folders before the one that holds its header): a file appearing at
  /// one of them changes what the parse would read.
  std::set<std::string> Absent;
  /// The SDK headers the parse loaded precompiled (`<cooperative_groups.h>`),
  /// and why those it tried first were read in place after all, where any
  /// were: one, the other or both (a shorter run loaded after a refusal).
  std::string SharedHeader, NotShared;
  /// The command lines of the parses of the unit Clang crashed on (contained:
  /// the unit was parsed again without what it loaded precompiled, or
  /// migrated by the token rewriter), to reproduce each crash.
  std::vector<std::string> Crashes;
};

/// The function bodies in user files a device-side parse builds: it looks
/// only inside the text the host parse skipped, so only the bodies that hold
/// such text, or are written in it, matter; the others (and the templates
/// they would instantiate) are skipped.
struct DeviceBodies {
  /// Functions whose body holds skipped text: real path, offset of the name.
  std::set<std::pair<std::string, unsigned>> Holding;
  /// The skipped text, [begin, end) offsets by real path.
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Skipped;

  /// Whether the body of the function named at Offset of Path is built.
  bool builds(const std::string &Path, unsigned Offset) const {
    if (Holding.count({Path, Offset}))
      return true;
    auto It = Skipped.find(Path);
    if (It == Skipped.end())
      return false;
    for (const auto &[Begin, End] : It->second)
      if (Offset >= Begin && Offset < End)
        return true;
    return false;
  }
};

/// Which half of a CUDA compilation a parse sees.
struct CudaSide {
  bool Device = false;
  std::string Arch; ///< device side: "sm_52"-style
  /// Device side: the user bodies it builds; null: all of them.
  const DeviceBodies *Bodies = nullptr;
};

} // namespace musify
