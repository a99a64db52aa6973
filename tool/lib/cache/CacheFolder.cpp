// The --incremental cache's folder: its mark, and eviction.
#include "cache/CacheFolder.h"
#include "core/TemporaryNames.h"
#include "output/OutputWriter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <chrono>
#include <unistd.h>
#include <vector>

namespace musify {

namespace {

namespace fs = llvm::sys::fs;

/// The Cache Directory Tagging Specification's signature
/// (https://bford.info/cachedir/): backup tools skip a folder holding it.
constexpr llvm::StringLiteral TagName = "CACHEDIR.TAG";
constexpr llvm::StringLiteral TagText =
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by musify (--incremental).\n"
    "# musify removes only its own entries from this folder.\n"
    "# For information about cache directory tags, see https://bford.info/cachedir/\n";
/// UnitCache::entryPath: a key of 64 hex digits as XX/<62 digits>.json.
constexpr size_t KeyDigits = 64;

bool isLowerHex(llvm::StringRef Text) {
  return !Text.empty() && llvm::all_of(Text, [](char C) {
    return llvm::isDigit(C) || (C >= 'a' && C <= 'f');
  });
}

bool isEntryFolderName(llvm::StringRef Name) {
  return Name.size() == 2 && isLowerHex(Name);
}

bool isEntryName(llvm::StringRef Name) {
  return Name.consume_back(".json") && Name.size() == KeyDigits - 2 && isLowerHex(Name);
}

/// An entry's temporary file (output/'s, beside the entry).
bool isEntryTemporaryName(llvm::StringRef Name) {
  if (!isTemporaryName(Name))
    return false;
  return isEntryName(Name.drop_back(TemporarySuffix.size() + TemporaryRandomDigits));
}

std::string join(llvm::StringRef Folder, llvm::StringRef Name) {
  llvm::SmallString<256> Path(Folder);
  llvm::sys::path::append(Path, Name);
  return Path.str().str();
}

/// Whether Folder holds musify's tag: a regular file (not a link), as written.
bool isTagged(llvm::StringRef Folder) {
  std::string Tag = join(Folder, TagName);
  fs::file_status Status;
  if (fs::status(Tag, Status, /*follow=*/false) ||
      Status.type() != fs::file_type::regular_file || Status.getSize() != TagText.size())
    return false;
  auto Text = llvm::MemoryBuffer::getFile(Tag, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  return Text && (*Text)->getBuffer() == TagText;
}

/// Calls Fn(path, status) for each file the cache wrote in Folder, never
/// following a link; false if Folder holds anything else (with Strict) or
/// cannot be read.
template <typename Fn>
bool forEachCacheFile(llvm::StringRef Folder, bool Strict, Fn Each) {
  std::error_code EC;
  for (fs::directory_iterator Top(Folder, EC), End; Top != End && !EC;
       Top.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(Top->path());
    // type() is what the folder says of the name: a link is a link.
    if (Top->type() != fs::file_type::directory_file || !isEntryFolderName(Name)) {
      // The tag, or its temporary file while another run writes it.
      bool Tag = Name == TagName || (isTemporaryName(Name) && Name.starts_with(TagName));
      if (Strict && !Tag)
        return false;
      continue;
    }
    std::error_code InnerEC;
    for (fs::directory_iterator It(Top->path(), InnerEC), InnerEnd;
         It != InnerEnd && !InnerEC; It.increment(InnerEC)) {
      llvm::StringRef File = llvm::sys::path::filename(It->path());
      fs::file_status Status;
      bool Ours = (isEntryName(File) || isEntryTemporaryName(File)) &&
                  !fs::status(It->path(), Status, /*follow=*/false) &&
                  Status.type() == fs::file_type::regular_file;
      if (!Ours) {
        if (Strict)
          return false;
        continue;
      }
      Each(It->path(), File, Status);
    }
    if (InnerEC)
      return false;
  }
  return !EC;
}

} // namespace

CacheFolderUse prepareCacheFolder(llvm::StringRef Folder, bool MayWrite) {
  CacheFolderUse Use;
  if (!MayWrite) {
    // Looked up where a cache is, neither created nor tagged.
    Use.Read = fs::is_directory(Folder) &&
               (isTagged(Folder) || forEachCacheFile(Folder, /*Strict=*/true,
                                                     [](llvm::StringRef, llvm::StringRef,
                                                        const fs::file_status &) {}));
    return Use;
  }
  auto Refuse = [&](const llvm::Twine &Why) {
    Use = CacheFolderUse();
    Use.Warning = ("the cache folder '" + Folder + "' " + Why).str();
    return Use;
  };
  fs::file_status Status;
  if (std::error_code EC = fs::status(Folder, Status)) {
    if (!fs::status(Folder, Status, /*follow=*/false))
      return Refuse("is a symbolic link to nothing; nothing is cached");
    if (EC != std::errc::no_such_file_or_directory)
      return Refuse("cannot be read: " + EC.message() + "; nothing is cached");
    if (std::error_code Made =
            fs::create_directories(Folder, /*IgnoreExisting=*/true, fs::all_all))
      return Refuse("cannot be created: " + Made.message() + "; nothing is cached");
  } else if (Status.type() != fs::file_type::directory_file) {
    return Refuse("is not a folder; nothing is cached");
  }
  Use.Read = true;
  if (!isTagged(Folder)) {
    // An earlier musify's cache (no tag yet) or an empty folder is taken on.
    if (!forEachCacheFile(
            Folder, /*Strict=*/true,
            [](llvm::StringRef, llvm::StringRef, const fs::file_status &) {}))
      return Refuse("holds files the cache did not write (it has no CACHEDIR.TAG of "
                    "musify's), so nothing is cached there: name a new or empty folder");
    if (llvm::Error E = writeFileAtomically(join(Folder, TagName), TagText)) {
      llvm::consumeError(std::move(E));
      return Refuse("cannot be written (" +
                    std::string(::access(Folder.str().c_str(), W_OK) ? "read-only"
                                                                     : "the tag failed") +
                    "); nothing is cached");
    }
  }
  if (::access(Folder.str().c_str(), W_OK) != 0) {
    Use.Warning = ("the cache folder '" + Folder +
                   "' is read-only: its entries are used, no new ones are stored")
                      .str();
    return Use;
  }
  Use.Write = true;
  return Use;
}

unsigned pruneCacheFolder(llvm::StringRef Folder, uint64_t MaxBytes) {
  if (!isTagged(Folder))
    return 0; // not the cache's (or no longer): nothing there is ours to remove
  struct File {
    std::string Path;
    uint64_t Size;
    llvm::sys::TimePoint<> Used;
  };
  std::vector<File> Entries;
  uint64_t Total = 0;
  unsigned Removed = 0;
  auto Now = std::chrono::system_clock::now();
  forEachCacheFile(
      Folder, /*Strict=*/false,
      [&](llvm::StringRef Path, llvm::StringRef Name, const fs::file_status &Status) {
        if (isEntryTemporaryName(Name)) {
          if (Now - Status.getLastModificationTime() > std::chrono::hours(24))
            Removed += !fs::remove(Path);
          return;
        }
        Entries.push_back(
            {Path.str(), Status.getSize(), Status.getLastModificationTime()});
        Total += Status.getSize();
      });
  if (Total <= MaxBytes)
    return Removed;
  llvm::sort(Entries, [](const File &A, const File &B) { return A.Used < B.Used; });
  for (const File &E : Entries) {
    if (Total <= MaxBytes / 4 * 3)
      break;
    if (!fs::remove(E.Path)) {
      Total -= E.Size;
      ++Removed;
    }
  }
  return Removed;
}

} // namespace musify
