// The journal of a `musify merge --in-place`: originals kept by digest.
#include "cache/MergeJournal.h"
#include "cache/UnitCache.h"
#include "core/BoundedRead.h"
#include "core/IntegerJson.h"
#include "output/OutputWriter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

namespace musify {

using nlohmann::json;

namespace {

llvm::Error journalError(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

/// The digest of Path's text now; "" if it cannot be read.
std::string digestOfFile(llvm::StringRef Path) {
  auto Buffer = readBoundedFile(Path, MaxCacheEntryBytes << 2, "file");
  if (!Buffer) {
    llvm::consumeError(Buffer.takeError());
    return "";
  }
  return UnitCache::digestOfText((*Buffer)->getBuffer());
}

bool isDigest(llvm::StringRef Text) {
  return Text.size() == 64 && llvm::all_of(Text, [](char C) {
           return llvm::isDigit(C) || (C >= 'a' && C <= 'f');
         });
}

} // namespace

MergeJournal::MergeJournal(llvm::StringRef ExportFolder) {
  llvm::SmallString<256> Path(ExportFolder);
  llvm::sys::path::append(Path, "merge-in-place");
  Folder = Path.str().str();
  llvm::sys::path::append(Path, "journal.json");
  Journal = Path.str().str();
}

std::string MergeJournal::originalPath(llvm::StringRef Digest) const {
  llvm::SmallString<256> Path(Folder);
  llvm::sys::path::append(Path, Digest + ".orig");
  return Path.str().str();
}

llvm::Error MergeJournal::begin(llvm::ArrayRef<Replacement> Files) const {
  json Entries = json::array();
  for (const Replacement &R : Files) {
    std::string Before = UnitCache::digestOfText(R.Original);
    if (llvm::Error E = writeFileAtomically(originalPath(Before), R.Original))
      return E;
    Entries.push_back({{"path", R.Path},
                       {"before", Before},
                       {"after", UnitCache::digestOfText(R.Migrated)}});
  }
  return writeFileAtomically(Journal, json{{"files", Entries}}.dump(
                                          1, ' ', false, json::error_handler_t::replace));
}

void MergeJournal::finish() const { (void)llvm::sys::fs::remove_directories(Folder); }

llvm::Expected<unsigned> MergeJournal::rollBack(const RunView &Run) const {
  auto Buffer = readBoundedFile(Journal, MaxManifestBytes, "merge journal");
  if (!Buffer) {
    std::error_code EC = llvm::errorToErrorCode(Buffer.takeError());
    if (EC == std::errc::no_such_file_or_directory)
      return 0;
    return journalError("cannot read " + Journal + ": " + EC.message());
  }
  json J = parseIntegerJson((*Buffer)->getBuffer());
  unsigned Restored = 0;
  try {
    for (const json &Entry : J.at("files")) {
      std::string Path = Entry.at("path").get<std::string>();
      std::string Before = Entry.at("before").get<std::string>();
      std::string After = Entry.at("after").get<std::string>();
      std::string Dest = Run.DestOf(Path);
      if (Dest.empty() || !isDigest(Before) || !isDigest(After))
        continue; // none of this merge's files: not the journal's to say
      std::string AtPath = digestOfFile(Path),
                  AtDest = Dest == Path ? AtPath : digestOfFile(Dest);
      bool Replaced = AtDest == After && (Dest == Path || AtPath.empty());
      if (AtPath == Before) {
        // Not replaced, or renamed but the old name not yet removed.
        if (Dest != Path && AtDest == After)
          if (std::error_code EC = llvm::sys::fs::remove(Dest))
            return journalError("cannot remove '" + Dest + "': " + EC.message());
        continue;
      }
      if (!Replaced)
        return journalError(
            "'" + Path + "' changed since an interrupted merge wrote it: it is " +
            "neither the shards' original nor the merge's migration; restore " +
            "it, or remove " + Journal + " and run the shards again");
      auto Original =
          readBoundedFile(originalPath(Before), MaxCacheEntryBytes << 2, "original");
      if (!Original)
        return Original.takeError();
      llvm::StringRef Text = (*Original)->getBuffer();
      if (UnitCache::digestOfText(Text) != Before || !Run.IsOriginal(Path, Text))
        return journalError("the original of '" + Path +
                            "' kept by an interrupted merge in " + Folder +
                            " is damaged or not the shards'; '" + Path +
                            "' is left as the merge wrote it");
      if (llvm::Error E = writeFileAtomically(Path, Text, Dest))
        return E;
      if (Dest != Path)
        if (std::error_code EC = llvm::sys::fs::remove(Dest))
          return journalError("cannot remove '" + Dest + "': " + EC.message());
      ++Restored;
    }
  } catch (const json::exception &E) {
    return journalError(Journal + " is damaged: " + E.what());
  }
  return Restored;
}

llvm::Expected<unsigned> rollBackInterruptedMerge(const MergeJournal &Journal,
                                                  const MergeInputs &Merge) {
  std::map<std::string, const InputFile *> InputAt;
  for (const InputFile &F : Merge.Inputs.Files)
    InputAt.emplace(F.Path, &F);
  // Where this merge writes Path: Path, or its renamed name. A file the
  // interrupted merge renamed is no input now, but one the shards read.
  auto DestOf = [&](llvm::StringRef Path) -> std::string {
    auto It = InputAt.find(Path.str());
    bool InRoots = llvm::any_of(Merge.Inputs.Roots, [&](const std::string &Root) {
      return Path.starts_with(Root) &&
             (Path.size() == Root.size() || Path[Root.size()] == '/' ||
              llvm::StringRef(Root).ends_with("/"));
    });
    if (It == InputAt.end() && (!InRoots || !Merge.ReadDigests.count(Path.str())))
      return "";
    auto Extension = Merge.RenamedExtensions.find(llvm::sys::path::extension(Path).str());
    if (!Merge.RenameExtensions || (It != InputAt.end() && It->second->LeftOut) ||
        Extension == Merge.RenamedExtensions.end())
      return Path.str();
    llvm::SmallString<256> New(Path);
    llvm::sys::path::replace_extension(New, Extension->second);
    return New.str().str();
  };
  auto IsOriginal = [&](llvm::StringRef Path, llvm::StringRef Text) {
    auto Read = Merge.ReadDigests.find(Path.str());
    return Read != Merge.ReadDigests.end() && !Read->second.empty() &&
           Read->second == UnitCache::digestOfText(Text);
  };
  return Journal.rollBack({DestOf, IsOriginal});
}

llvm::Error beginMerge(const MergeJournal &Journal, RunState &State,
                       llvm::function_ref<std::string(const FileState &)> DestinationOf) {
  std::vector<std::string> Results;
  std::vector<MergeJournal::Replacement> Replaced;
  Results.reserve(State.Files.size()); // Replaced refers into Results
  for (auto &[Path, S] : State.Files) {
    std::string Dest = DestinationOf(S);
    if (Dest.empty())
      continue;
    llvm::StringRef Original = RunState::text(S);
    Results.push_back(S.Edits.apply(Original));
    if (Dest != Path || Results.back() != Original)
      Replaced.push_back({Path, Dest, Original, Results.back()});
  }
  return Journal.begin(Replaced);
}

} // namespace musify
