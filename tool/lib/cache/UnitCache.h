// The --incremental cache: what parsing a translation unit found, kept on disk
// and reused while nothing that decides it has changed.
#pragma once

#include "find/UnitParser.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace musify {

/// Entries are keyed by everything a parse depends on: the run's digest
/// (musify's version, the rule tables, the CUDA SDK), the unit's command
/// lines and its text. An entry also records the text of every user file the
/// parse read (headers), and is used only while they are unchanged.
/// System and SDK headers are covered by the SDK in the digest, not file by file.
class UnitCache {
public:
  /// Folder: where entries live (created on the first store).
  /// Without MarksUse (a dry run), a lookup leaves the entry's time as it
  /// is: nothing in the folder changes.
  UnitCache(std::string Folder, std::string RunDigest, bool MarksUse = true)
      : Folder(std::move(Folder)), RunDigest(std::move(RunDigest)), MarksUse(MarksUse) {}

  /// The default folder: $XDG_CACHE_HOME/musify, then ~/.cache/musify.
  static std::string defaultFolder();

  /// A digest of what every unit of a run depends on. RuleSources are the
  /// rule folders and files the tables were read from.
  static llvm::Expected<std::string> runDigest(llvm::StringRef ToolVersion,
                                               llvm::ArrayRef<std::string> RuleSources,
                                               llvm::StringRef SdkRoot,
                                               llvm::StringRef SdkVersion);

  /// The digest the cache keeps of a file's text (BLAKE3, hex).
  static std::string digestOfText(llvm::StringRef Text);

  /// The key of one unit in a run of RunDigest: its command lines, one per
  /// language tried, and its text.
  static std::string keyOf(llvm::StringRef RunDigest,
                           llvm::ArrayRef<std::vector<std::string>> CommandLines,
                           llvm::StringRef Text);

  /// The entry of Key, marked used (its modification time) for prune().
  /// An entry is data from disk, possibly from another machine: it is used
  /// only if it is Key's own, every file it names is one IsRunFile accepts
  /// (a file a parse of this run may edit) and reads as it did, no #include
  /// would now find another file, and every offset lies inside its file.
  /// Otherwise it is a miss; Damage, if given, gets a note on an entry that
  /// is damaged or forged (not on one merely out of date).
  std::optional<ParsedUnit> lookup(llvm::StringRef Key,
                                   llvm::function_ref<bool(llvm::StringRef)> IsRunFile,
                                   std::string *Damage = nullptr) const;
  /// A user file as this run reads it.
  struct FileSeen {
    std::string Digest; ///< of its text
    uint64_t Size = 0;
  };
  /// What an entry is checked against.
  struct EntryContext {
    /// Whether a parse of this run may find references in a file.
    llvm::function_ref<bool(llvm::StringRef)> IsRunFile;
    /// A user file's digest and size now; nullopt where it cannot be read.
    llvm::function_ref<std::optional<FileSeen>(const std::string &)> FileOf;
    llvm::function_ref<bool(llvm::StringRef)> Exists;
  };
  /// The parse an entry's Text holds, checked as lookup() says. A miss is
  /// nullopt with Damage empty where the entry is merely out of date, and
  /// saying why where it is damaged or forged. (The entry reader alone, for
  /// lookup() and the fuzzer.)
  static std::optional<ParsedUnit> decodeEntry(llvm::StringRef Text, llvm::StringRef Key,
                                               const EntryContext &Run,
                                               std::string &Damage);
  /// Failing to store only costs the next run a parse: the error says why.
  llvm::Error store(llvm::StringRef Key, const ParsedUnit &Unit) const;

  /// Keeps the cache within MaxBytes (pruneCacheFolder: only in a folder
  /// prepareCacheFolder marked, only files the cache wrote). Safe beside
  /// other runs on the same cache, on any machine: an entry appears whole
  /// (renamed into place), and one removed under a reader is a miss, which
  /// costs that run a parse. Returns how many files were removed.
  unsigned prune(uint64_t MaxBytes) const;

private:
  std::string entryPath(llvm::StringRef Key) const;
  /// The digest of a user file's text, read once per run: a header is read
  /// by many units' entries.
  std::optional<FileSeen> fileDigest(const std::string &Path) const;

  std::string Folder;
  std::string RunDigest;
  bool MarksUse = true;
  mutable std::mutex Lock; ///< entries are looked up from several threads
  mutable std::map<std::string, std::optional<FileSeen>> FileDigests;
};

} // namespace musify
