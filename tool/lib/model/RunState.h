// What a run knows between its stages: every file it reads or writes, with
// its text, edits and report, and what the parses found that the Decide
// stage has not yet decided. The session passes it from stage to stage.
#pragma once

#include "edit/EditSet.h"
#include "inputs/Inputs.h"
#include "model/FileReport.h"
#include "model/Findings.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/xxhash.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace musify {

/// What a file's state must keep once the file is written; each keeps what
/// the one before it does.
enum class AfterWriting { KeepNothing, KeepEdits, KeepTextAndEdits };

/// Everything known about one file during a run.
struct FileState {
  FileReport Report;
  const InputFile *Input = nullptr; ///< null for headers reached by #include
  std::optional<std::string> Text;
  EditSet Edits;
  /// Ranges musify-text's MUSIFY_EXCL_* markers leave alone, once computed.
  std::optional<std::vector<std::pair<unsigned, unsigned>>> Excluded;
  bool Covered = false; ///< a successful parse read it
  /// Helper headers (Decision::Helper) names migrated to here, and those names.
  std::map<std::string, std::vector<std::string>> Helpers;

  /// Left alone: --include/--exclude leave it out.
  bool leftOut() const { return Input && Input->LeftOut; }
  /// Parsed or scanned for CUDA names (sources, not build files or others).
  bool isSource() const {
    return Input ? Input->Role == FileRole::TranslationUnit ||
                       Input->Role == FileRole::Header
                 : Covered || !Report.FallbackReason.empty();
  }
  /// Whether it is an input of this Role.
  bool is(FileRole Role) const { return Input && Input->Role == Role; }
  /// Written: its text and edits go, unless a view of the report still
  /// reads them (the HTML page both, SARIF's fixes the edits).
  void written(AfterWriting Keep) {
    if (Keep != AfterWriting::KeepTextAndEdits)
      Text.emplace();
    if (Keep == AfterWriting::KeepNothing)
      Edits = EditSet();
  }
  /// Written, or its write failed and was said: it is not tried again.
  bool WriteTried = false;
  /// Its output was replaced by another text this run (not kept as it was).
  bool OutputReplaced = false;
  /// The hash of the text its edits were made for, where the text was let
  /// go of before writing (setAsideText): the text read again to be written
  /// must have it.
  std::optional<uint64_t> HashOfEditedText;
  /// Migrated, to be written later: the text goes until then, unless the
  /// HTML page reads it.
  void setAsideText(AfterWriting Keep) {
    if (Keep == AfterWriting::KeepTextAndEdits || !Text)
      return;
    HashOfEditedText = llvm::xxh3_64bits(*Text);
    Text.reset();
  }
};

struct RunState {
  std::map<std::string, FileState> Files; ///< by path: output order is stable
  /// Found by the parses and the token rewriter, decided by the Decide stage.
  std::vector<Reference> References;
  std::vector<KernelLaunch> Launches;
  std::vector<DynamicShared> SharedArrays;
  std::vector<Hazard> Hazards;
  std::vector<SkippedRegion> Skipped;
  std::vector<SkippedRegion> ErrorRegions; ///< of parses Clang recovered from
  std::vector<std::string> ParseFailures;
  /// Where each file's findings from the parses are in the lists above,
  /// while units are parsed (keepFound).
  struct FoundInFile {
    llvm::DenseMap<unsigned, unsigned> References, Launches, SharedArrays; ///< by offset
    std::set<std::pair<unsigned, unsigned>> Hazards; ///< offset, kind
    std::set<std::pair<unsigned, unsigned>> Skipped; ///< begin, end
  };
  std::map<std::string, FoundInFile, std::less<>> FoundIn;
  /// Units whose migration must include the target's runtime header.
  std::vector<std::string> ReliesOnImplicitHeader;
  /// What each parsed translation unit compiled, for build predictions.
  std::map<std::string, UnitReach> Units;
  /// The user paths where a header the parses stood in for was looked for:
  /// a file appearing at one changes what the run would read (--depfile),
  /// and an --out-root mirror of one is no migration of this run.
  std::set<std::string> MissingIncludes;
  unsigned UnitsParsed = 0, UnitsFromCache = 0;

  /// The file at Path, known from now on.
  FileState &state(const std::string &Path) {
    FileState &S = Files[Path];
    S.Report.Path = Path;
    return S;
  }
  bool knows(const std::string &Path) const { return Files.count(Path) != 0; }
  /// The file's text as read from disk, once ("" if it cannot be read).
  static llvm::StringRef text(FileState &S);
  /// A parse's findings, each place kept once: a header's are found again
  /// by every unit that reads it, and a long run would hold them once a
  /// unit. Of one place the Decide stage keeps the strongest evidence, else
  /// the first found; so does this.
  void keepFound(TranslationUnitFindings &Found);
  /// The run's files taken apart, once the parses are done: each file's
  /// state and what was found in it (in the order found) in a state of its
  /// own, to be migrated on its own. What concerns the run as a whole (its
  /// units, parse failures and counts) stays.
  std::map<std::string, RunState> splitByFile();
};

} // namespace musify
