// `musify merge --in-place` interrupted part way (killed, a full disk) can be
// run again to complete the job: before it replaces a file, the merge keeps
// the file's original text and a journal in the export folder; a later
// merge puts back what the interrupted one replaced, then runs whole.
#pragma once

#include "inputs/Inputs.h"
#include "model/RunState.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace musify {

class MergeJournal {
public:
  /// The journal lives in Folder/merge-in-place/ (the first export folder).
  explicit MergeJournal(llvm::StringRef Folder);

  /// One file the merge replaces: Path's text Original becomes Migrated, at
  /// Dest (Path itself, or its renamed path; Path then goes).
  struct Replacement {
    std::string Path, Dest;
    llvm::StringRef Original, Migrated;
  };
  /// Before the first file is replaced: each original (named by its
  /// digest, so a damaged one is known), then the journal, each written
  /// whole. An error means no file may be replaced.
  llvm::Error begin(llvm::ArrayRef<Replacement> Files) const;
  /// After every replacement succeeded: the journal and the originals go.
  void finish() const;

  /// How the merge now running sees a file of the journal.
  struct RunView {
    /// The destination this merge gives Path, or "" if Path is none of its
    /// inputs (then the journal's word about it is ignored: a journal is
    /// data, and names no file to write).
    llvm::function_ref<std::string(llvm::StringRef Path)> DestOf;
    /// Whether Original is the text the shards parsed at Path (its unit
    /// key, or the digest an entry recorded): only that is put back.
    llvm::function_ref<bool(llvm::StringRef Path, llvm::StringRef Original)> IsOriginal;
  };
  /// Puts back every file an interrupted merge replaced; how many. A file
  /// that is neither its original nor its migration (edited since), or an
  /// original that is not the shards', is an error naming it; files put
  /// back before it stay put back. Without a journal, nothing to do.
  llvm::Expected<unsigned> rollBack(const RunView &Run) const;

private:
  std::string Folder;  ///< Folder/merge-in-place
  std::string Journal; ///< its journal.json
  std::string originalPath(llvm::StringRef Digest) const;
};

/// What a merge run knows of the tree its shards read.
struct MergeInputs {
  const InputSet &Inputs;
  /// Path -> the digest of the text the shards read there.
  const std::map<std::string, std::string> &ReadDigests;
  bool RenameExtensions;                                       ///< --rename-extensions
  const std::map<std::string, std::string> &RenamedExtensions; ///< the target's
};

/// merge --in-place after one that was interrupted: puts back what that one
/// replaced, only at this merge's inputs and only the text the shards read
/// there (MergeJournal::rollBack); how many files.
llvm::Expected<unsigned> rollBackInterruptedMerge(const MergeJournal &Journal,
                                                  const MergeInputs &Merge);

/// Begins Journal with every file of State the merge replaces: at
/// DestinationOf it ("" for none), with its edits applied.
llvm::Error beginMerge(const MergeJournal &Journal, RunState &State,
                       llvm::function_ref<std::string(const FileState &)> DestinationOf);

} // namespace musify
