// What every CUDA parse with one command line reads before the unit's own
// text, parsed once per run: Clang's CUDA wrapper (and through it the SDK's
// runtime headers and much of the standard library) and musify's prelude,
// as a precompiled header that later parses load instead of parsing again;
// and beside it, per run of system and SDK headers that units include first
// (<stdio.h> then <vector>, <cooperative_groups.h>), the same with those
// headers after them (HoistedHeader.h), for C++ parses too.
#pragma once

#include "frontend/NamesInFiles.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/FileSystem/UniqueID.h"

#include <cstdint>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace musify {

/// What a precompiled header holds, for deciding whether a parse may load it.
struct PchContents {
  std::string Path;
  /// Every file it read, and of those the ones its main file's #include
  /// brought in (none for the shared headers alone).
  llvm::DenseSet<llvm::sys::fs::UniqueID> Files, Included;
  /// What its main file, and those of the ones below it, include that was
  /// not read before, in order.
  std::vector<llvm::sys::fs::UniqueID> Headers;
  /// Every identifier written in a file of Included, in any branch, and the
  /// files it is written in: the names whose meaning a unit could change
  /// before its #include of the header. Only the files read on top of
  /// Below: writtenIn() looks through the ones below too.
  NamesInFiles Identifiers;
  /// Of those, the ones a file's reading looks at (written outside the
  /// bodies of its #defines, or in the body of a macro expanded there).
  NamesInFiles Uses;
  /// The precompiled header of headers this one is built on top of, which
  /// holds the identifiers of their files; a parse loading this one reads
  /// its file too, so it lives as long as this one.
  std::shared_ptr<const PchContents> Below;
  /// The precompiled headers a parse that loads this one reads: itself and
  /// every one below it, the shared headers included.
  unsigned Chain = 1;
  /// Whether a file that writes Name in Table (Identifiers or Uses), here or
  /// below, is one that Pred accepts.
  bool writtenIn(NamesInFiles PchContents::*Table, llvm::StringRef Name,
                 llvm::function_ref<bool(llvm::sys::fs::UniqueID)> Pred) const {
    for (const PchContents *P = this; P; P = P->Below.get())
      if ((P->*Table).writtenIn(Name, Pred))
        return true;
    return false;
  }
  /// Of each file of Included: the files it includes (read there or
  /// before), the order it was first read in, the macros it leaves defined,
  /// and whether it reads the same wherever it is included (it and what it
  /// includes test and expand only macros they define, or that the files
  /// including them define where a file is read again at each #include).
  /// A unit may include such a file before the header.
  llvm::DenseMap<llvm::sys::fs::UniqueID, std::vector<llvm::sys::fs::UniqueID>> Children;
  llvm::DenseMap<llvm::sys::fs::UniqueID, unsigned> Order;
  llvm::DenseMap<llvm::sys::fs::UniqueID, std::vector<std::string>> Defines;
  llvm::DenseSet<llvm::sys::fs::UniqueID> SelfContained;
  /// What SelfContained is worked out from, for a precompiled header built
  /// on top of this one. Of each file of Included, the others whose macros
  /// it reads; reads of a macro that a file including the reader defined
  /// (the `__need___va_list` <stdio.h> sets for <stdarg.h>), charged to the
  /// files in between, since the reader reads so only when included from
  /// there; and the files an #include found read before (guarded), or that
  /// a later #include read to no effect: their one reading stands for every
  /// place that includes them.
  using CrossReads =
      llvm::DenseMap<llvm::sys::fs::UniqueID, llvm::DenseSet<llvm::sys::fs::UniqueID>>;
  CrossReads Reads, ChainReads;
  llvm::DenseSet<llvm::sys::fs::UniqueID> ReadOnce;
  /// The main files (path, text) of this precompiled header and of those it
  /// is built on, which a parse loading it must see as they were.
  std::vector<std::pair<std::string, std::string>> MainFiles;
};

/// The longest chain of precompiled headers a parse loads. Clang 19 keeps
/// the name lookup tables of a namespace (std) from at most 4 files apart and
/// merges them past that; a precompiled header written while they are merged
/// names the merged files in a form that a parse loading it misreads, and
/// crashes on (llvm-project issue 131448). So none is built on top of more
/// than 4 others: a longer run of headers goes on top of a shorter one lower
/// in the chain.
constexpr unsigned MaxPchChain = 5;

/// The most precompiled headers a run holds at once. Each costs its file and
/// what is known of it (about 150 KB): a larger tree has more runs of headers
/// that units share, and a run's memory would grow with it. Past the bound,
/// the one used longest ago goes; a parse that asks for it again builds it
/// again.
constexpr unsigned MaxLivePch = 256;
/// Of those, the most held that no announced parse asks for any more: the
/// ones used last, for parses no one announced (the device side, a second
/// language) and the next batch of parses (headers no unit includes).
constexpr unsigned MaxFinishedPch = 16;

/// Removes from Temp the folders of precompiled headers that runs killed
/// before they could remove them left behind: each of the user's (not a
/// link) named for a process that no longer exists. A live run's stays.
void removeFoldersOfEndedRuns(llvm::StringRef Temp);

class SharedHeaders {
public:
  /// MaxHeld: the most precompiled headers held at once; MaxFinished: of
  /// those, the most no announced parse asks for any more.
  explicit SharedHeaders(unsigned MaxHeld = MaxLivePch,
                         unsigned MaxFinished = MaxFinishedPch)
      : MaxHeld(MaxHeld), MaxFinished(MaxFinished) {}
  SharedHeaders(const SharedHeaders &) = delete;
  SharedHeaders &operator=(const SharedHeaders &) = delete;
  /// Removes the folder of the precompiled headers; each file goes with the
  /// last holder of its PchContents, after the last parse that asks for it.
  ~SharedHeaders();

  /// Writes the precompiled header to Into.Path and fills in the rest of
  /// Into; false if it could not.
  using Builder = std::function<bool(PchContents &Into)>;

  /// The precompiled header of Key (a command line), built by Build the
  /// second time Key is asked for (what only one parse asks for gains
  /// nothing); null until then, or where it could not be built. Asked: this
  /// parse's ask was counted ahead, by expect(). Safe to call from several
  /// threads at once: one builds, the others wait for it.
  std::shared_ptr<const PchContents> lookup(const std::string &Key, const Builder &Build,
                                            bool Asked = false);
  /// Counts an ask of each of Keys ahead of the parse that will make it.
  void expect(const std::vector<std::string> &Keys);
  /// Of each of Runs (Keys as lookupLongest takes them, one per parse
  /// expected), marks the longest asked for twice as one a parse loads: a
  /// longer one is built on top of it, not from the start.
  void choose(const std::vector<std::vector<std::string>> &Runs);

  /// Builds the precompiled header of Keys[I] into Into, on top of Below,
  /// that of Keys[BelowIndex], where given.
  using RunBuilder =
      std::function<bool(size_t I, size_t BelowIndex,
                         std::shared_ptr<const PchContents> Below, PchContents &Into)>;

  /// Of Keys, each the one before with one more header (the headers a unit
  /// includes, in turn), the longest that another parse asks for too, or
  /// asked for before, with its index: built by Build if no one has yet, on
  /// top of the longest shorter one chosen (choose()) that leaves the chain
  /// no longer than MaxPchChain. Null where there is
  /// none, or none could be built. Asked and threads as for lookup.
  std::pair<size_t, std::shared_ptr<const PchContents>>
  lookupLongest(const std::vector<std::string> &Keys, const RunBuilder &Build,
                bool Asked = false);

  /// As lookupLongest, for a parse whose ask of Keys was counted and
  /// answered already, and that asks again (the parse of a longer run of
  /// its headers was refused): counts no ask.
  std::pair<size_t, std::shared_ptr<const PchContents>>
  lookupAgain(const std::vector<std::string> &Keys, const RunBuilder &Build);

private:
  struct Entry {
    unsigned Asked = 0;    ///< asks made, and those expect() counted ahead
    unsigned Expected = 0; ///< of those, the ones expect() counted
    unsigned Answered = 0; ///< of those, the ones made: none is left at Expected
    bool Chosen = false;   ///< the longest of a parse's runs asked for twice
    uint64_t LastUsed = 0; ///< Uses when it was last built or answered with
    std::shared_future<std::shared_ptr<const PchContents>> Built;
  };
  /// Key's, asked for at least twice; Build makes it if it is not yet made.
  std::shared_ptr<const PchContents> obtain(const std::string &Key, const Builder &Build);
  /// Counts an answered ask, counted ahead, of each of Keys; bounds what is
  /// held once a key has none left. Under Lock.
  void answered(llvm::ArrayRef<std::string> Keys);
  /// Lets go of the ones used longest ago while more than MaxFinished are
  /// held that no announced ask is left for, or more than MaxHeld in all:
  /// the parses holding one keep it until they end. Under Lock.
  void bound();
  /// Of Wanted (indexes of Keys, longest first), the first that can be built.
  std::pair<size_t, std::shared_ptr<const PchContents>>
  firstBuilt(const std::vector<std::string> &Keys, const std::vector<size_t> &Wanted,
             const RunBuilder &Build);
  /// Keys[I]'s, on top of the longest shorter one chosen that can be built.
  std::shared_ptr<const PchContents> obtainRun(const std::vector<std::string> &Keys,
                                               size_t I, const RunBuilder &Build);

  const unsigned MaxHeld, MaxFinished;
  std::mutex Lock;
  std::map<std::string, Entry> Entries;
  std::string Folder; ///< created with the first precompiled header
  unsigned Count = 0; ///< precompiled headers begun
  uint64_t Uses = 0;  ///< precompiled headers built or answered with
};

} // namespace musify
