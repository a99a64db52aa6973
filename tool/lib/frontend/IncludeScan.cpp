// Reading a unit's #include lines without a parse.
#include "frontend/IncludeScan.h"
#include "core/SourceText.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <functional>
#include <optional>

namespace musify {

std::vector<IncludeLine> IncludeScan::includeLines(llvm::StringRef Text) {
  std::vector<IncludeLine> Found;
  std::vector<std::pair<unsigned, unsigned>> Blocks = conditionalBlocks(Text);
  auto Block = Blocks.begin();
  forEachInclude(Text, [&](llvm::StringRef Name, unsigned Offset, unsigned) {
    // Not #include_next or #import: the word between the `#` and the header.
    llvm::StringRef Directive = Text.take_front(Offset);
    Directive = Directive.drop_front(Directive.rfind('#') + 1).ltrim();
    Directive = Directive.take_while([](char C) { return llvm::isAlnum(C) || C == '_'; });
    while (Block != Blocks.end() && Block->second <= Offset)
      ++Block;
    if (!Name.empty() && Directive == "include")
      Found.push_back({Text[Offset] == '<',
                       Block != Blocks.end() && Block->first <= Offset, Name.str()});
  });
  return Found;
}

const std::vector<IncludeLine> &IncludeScan::linesOf(const std::string &Path) {
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (auto It = Lines.find(Path); It != Lines.end())
      return It->second;
  }
  std::vector<IncludeLine> Read;
  // The raw lexer reads the byte after the text: a NUL, not a page past
  // the end of a mapped file whose size is a multiple of the page size.
  if (auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                                /*RequiresNullTerminator=*/true))
    Read = includeLines((*Buffer)->getBuffer());
  std::lock_guard<std::mutex> Guard(Lock);
  return Lines.try_emplace(Path, std::move(Read)).first->second;
}

namespace {

std::optional<std::string> findIn(const std::vector<std::string> &Folders,
                                  llvm::StringRef Name) {
  for (const std::string &Folder : Folders) {
    llvm::SmallString<256> Path(Folder);
    llvm::sys::path::append(Path, Name);
    if (llvm::sys::fs::is_regular_file(Path))
      return Path.str().str();
  }
  return std::nullopt;
}

} // namespace

const SearchFolders &IncludeScan::folders(const std::string &Key,
                                          llvm::function_ref<SearchFolders()> Make) {
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (auto It = Folders.find(Key); It != Folders.end())
      return It->second;
  }
  SearchFolders Made = Make();
  std::lock_guard<std::mutex> Guard(Lock);
  return Folders.try_emplace(Key, std::move(Made)).first->second;
}

std::vector<IncludeLine> IncludeScan::headers(
    llvm::StringRef File, const SearchFolders &Folders,
    llvm::function_ref<bool(const IncludeLine &, llvm::StringRef Path)> Wanted) {
  std::vector<IncludeLine> Found;
  llvm::StringSet<> Read, Listed;
  // Depth first, as the preprocessor enters a header where it is included;
  // false where the list ends.
  std::function<bool(const std::string &)> Scan = [&](const std::string &Path) {
    std::optional<std::string> Real = realPath(Path);
    if (!Real || !Read.insert(*Real).second)
      return true;
    for (const IncludeLine &Line : linesOf(*Real)) {
      std::optional<std::string> At;
      bool Beside = false;
      if (!Line.Angled) {
        llvm::SmallString<256> Near(llvm::sys::path::parent_path(Path));
        llvm::sys::path::append(Near, Line.Name);
        if ((Beside = llvm::sys::fs::is_regular_file(Near)))
          At = Near.str().str();
        else
          At = findIn(Folders.Quoted, Line.Name);
      }
      if (!At)
        At = findIn(Folders.Angled, Line.Name);
      std::optional<std::string> AtReal = At ? realPath(*At) : std::nullopt;
      if (!AtReal)
        continue; // stood in for by the parse, as if empty
      if (Line.Conditional)
        return false;
      if (IsUserFile(*AtReal)) {
        if (!Scan(*At))
          return false;
        continue;
      }
      // Another's header beside a user's file: found through a folder the
      // precompiled header's main file does not have.
      if (Beside)
        return false;
      if (Listed.insert(*AtReal).second && Wanted(Line, *At))
        Found.push_back(Line);
    }
    return true;
  };
  Scan(File.str());
  return Found;
}

} // namespace musify
