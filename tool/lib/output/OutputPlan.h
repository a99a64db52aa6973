// Where a run writes each file, and the checks that it can overwrite none of
// the user's: the output mode's policy (standard output, -o, an --out-root
// mirror, --in-place with renamed files and backups), apart from the stages.
#pragma once

#include "inputs/Inputs.h"
#include "model/RunState.h"
#include "rename/Renaming.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace musify {

enum class OutputMode {
  Stdout,  ///< the single input, migrated, on standard output
  File,    ///< the single input, migrated, to OutputFile
  OutRoot, ///< every input mirrored under OutRoot
  InPlace, ///< every migrated file rewritten where it is
  None,    ///< --dry-run: nothing but the reports asked for
};

struct OutputSettings {
  OutputMode Mode = OutputMode::Stdout;
  std::string OutputFile;
  std::string OutRoot;
  bool Backup = false; ///< with InPlace: keep FILE.orig beside each rewritten file
  bool Quiet = false;  ///< no notes, errors only
};

/// Path as one name per file: absolute, its folder's links resolved.
std::string sameFileKey(llvm::StringRef Path);

/// The plan of one run. It reads the inputs and the renames as they are
/// when asked, so it may be made before they are found.
class OutputPlan {
public:
  OutputPlan(const OutputSettings &Settings, const InputSet &Inputs,
             const RenameMap &Renamed)
      : Settings(Settings), Inputs(Inputs), Renamed(Renamed) {}

  /// Output to standard output or to -o: one file, written whole.
  bool singleFile() const {
    return Settings.Mode == OutputMode::Stdout || Settings.Mode == OutputMode::File;
  }
  /// The --out-root folder, absolute and without dots; "" without one.
  std::string absoluteOutRoot() const;

  /// Why the mode does not fit the inputs, or writing could overwrite one of
  /// them; nullopt when it can go on. OutRoot: absoluteOutRoot().
  std::optional<std::string> whyNotWritable(const std::string &OutRoot) const;
  /// Why one of the files named on the command line (option, path: -o,
  /// --report, ...) may not be written, or nullopt: each must name a new
  /// file or a regular one that may be written, and no input, nothing else
  /// the run writes and none of the others (output/OutputWriter.h says why),
  /// in a folder the run may write. With --depfile, the others and the
  /// inputs must be names a depfile can hold (output/DepFile.h).
  std::optional<std::string>
  whyNotNamedOutputs(const std::vector<std::pair<std::string, std::string>> &Named) const;
  /// --out-root: why an input's mirror would be written through a symbolic
  /// link out of it, or nullopt.
  std::optional<std::string> linkInOutRoot() const;

  /// Where the file at Path goes: "-" for standard output, "" for nowhere.
  /// Listed: an input of the run (not only a header it includes); Source: C,
  /// C++ or CUDA; Edited: the migration changes it.
  std::string destinationOf(const std::string &Path, bool Listed, bool Source,
                            bool Edited) const;
  std::string destinationOf(const FileState &S) const {
    return destinationOf(S.Report.Path, S.Input != nullptr, S.isSource(),
                         !S.Edits.empty());
  }
  /// The file's path after --rename-extensions.
  std::string newPathOf(const std::string &Path) const;
  /// Where --out-root mirrors Path, an input or a file beside the inputs.
  std::string mirrorPathOf(llvm::StringRef Path) const;

  /// Writes Result, the migration of the file at Path whose text is
  /// Original, to Dest (destinationOf): whole, with its backup first, and in
  /// place under its new name before the old one goes. False, said on Errs,
  /// if it could not be; the user's file is then as it was.
  bool write(const std::string &Path, const std::string &Dest, llvm::StringRef Original,
             llvm::StringRef Result, llvm::raw_ostream &Out,
             llvm::raw_ostream &Errs) const;
  /// --out-root: the input folders' relative links that stay inside them are
  /// links in the mirror too (a link's target is never written through).
  bool mirrorLinks(llvm::raw_ostream &Errs) const;
  /// --out-root: false, said, where the mirror holds a file at the place of
  /// one the run looked for in vain (Missing: a header stood in for, deleted
  /// since an earlier run migrated it). A build of the migrated files would
  /// read that copy, no migration of what the sources now are.
  bool noMirrorOfMissing(const std::set<std::string> &Missing,
                         llvm::raw_ostream &Errs) const;
  /// Temporary files an interrupted run left beside the inputs go: before
  /// the first write.
  void removeStaleTemporaries(llvm::raw_ostream &Errs) const;
  /// Stage 5, output: every file of State written whole where the plan
  /// says (write()), each one written noted in its report, and then let go
  /// of as Keep says. False if one could not be.
  /// --out-root, after the last write: a unit whose output was kept as it
  /// was, but which reads a file whose output was replaced (a header no
  /// build lists), gets a new time. A build that compiles the unit's
  /// output, and learns of that header only from the compiler, compiles it
  /// again in the same build.
  void touchUnitsOfReplaced(const RunState &State) const;
  bool writeFiles(RunState &State, AfterWriting Keep, llvm::raw_ostream &Out,
                  llvm::raw_ostream &Errs) const;

private:
  std::optional<std::string> outRootOverlap(const std::string &OutRoot) const;
  std::map<std::string, std::string> pathsTheMigrationWrites() const;
  std::optional<std::string> backupNamed(llvm::StringRef Path) const;
  bool keepBackup(const std::string &Path, llvm::StringRef Original,
                  llvm::raw_ostream &Errs) const;

  const OutputSettings &Settings;
  const InputSet &Inputs;
  const RenameMap &Renamed;
};

} // namespace musify
