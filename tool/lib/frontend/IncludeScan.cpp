// Reading a unit's #include lines without a parse.
#include "frontend/IncludeScan.h"
#include "core/SourceText.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace musify {

std::vector<IncludeLine> IncludeScan::includeLines(llvm::StringRef Text) {
  std::vector<IncludeLine> Found;
  forEachInclude(Text, [&](llvm::StringRef Name, unsigned Offset, unsigned) {
    // Not #include_next or #import: the word between the `#` and the header.
    llvm::StringRef Directive = Text.take_front(Offset);
    Directive = Directive.drop_front(Directive.rfind('#') + 1).ltrim();
    Directive = Directive.take_while([](char C) { return llvm::isAlnum(C) || C == '_'; });
    if (!Name.empty() && Directive == "include")
      Found.push_back({Text[Offset] == '<', Name.str()});
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
  if (auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                                /*RequiresNullTerminator=*/false))
    Read = includeLines((*Buffer)->getBuffer());
  std::lock_guard<std::mutex> Guard(Lock);
  return Lines.try_emplace(Path, std::move(Read)).first->second;
}

namespace {

/// The include folders of a Clang command line, in search order.
struct SearchFolders {
  std::vector<std::string> Quoted, Angled;
};

SearchFolders searchFoldersOf(const std::vector<std::string> &Args,
                              llvm::StringRef WorkingDir,
                              const std::vector<std::string> &SdkFolders) {
  SearchFolders Folders;
  std::vector<std::string> Plain, System, After;
  auto Absolute = [&](llvm::StringRef Dir) {
    if (WorkingDir.empty() || llvm::sys::path::is_absolute(Dir))
      return Dir.str();
    llvm::SmallString<256> Path(WorkingDir);
    llvm::sys::path::append(Path, Dir);
    return Path.str().str();
  };
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    for (auto [Flag, Into] : {std::pair<llvm::StringRef, std::vector<std::string> *>{
                                  "-iquote", &Folders.Quoted},
                              {"-isystem", &System},
                              {"-idirafter", &After},
                              {"-I", &Plain}}) {
      if (!Arg.starts_with(Flag))
        continue;
      llvm::StringRef Dir = Arg.drop_front(Flag.size());
      if (Dir.empty() && I + 1 < Args.size())
        Dir = Args[++I];
      if (!Dir.empty())
        Into->push_back(Absolute(Dir));
      break;
    }
  }
  for (auto *List : {&Plain, &System})
    llvm::append_range(Folders.Angled, *List);
  llvm::append_range(Folders.Angled, SdkFolders);
  llvm::append_range(Folders.Angled, After);
  return Folders;
}

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

std::optional<IncludeLine> IncludeScan::firstHeader(
    llvm::StringRef File, const std::vector<std::string> &Args,
    llvm::StringRef WorkingDir, const std::vector<std::string> &SdkFolders,
    llvm::function_ref<bool(const IncludeLine &, llvm::StringRef Path)> Wanted) {
  SearchFolders Folders = searchFoldersOf(Args, WorkingDir, SdkFolders);
  llvm::StringSet<> Read;
  // Depth first, as the preprocessor enters a header where it is included.
  std::function<std::optional<IncludeLine>(const std::string &)> Scan =
      [&](const std::string &Path) -> std::optional<IncludeLine> {
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(Path, Real) || !Read.insert(Real).second)
      return std::nullopt;
    for (const IncludeLine &Line : linesOf(Real.str().str())) {
      std::optional<std::string> Found;
      if (!Line.Angled) {
        llvm::SmallString<256> Beside(llvm::sys::path::parent_path(Path));
        llvm::sys::path::append(Beside, Line.Name);
        if (llvm::sys::fs::is_regular_file(Beside))
          Found = Beside.str().str();
        else
          Found = findIn(Folders.Quoted, Line.Name);
      }
      if (!Found)
        Found = findIn(Folders.Angled, Line.Name);
      if (!Found)
        continue; // a system header: not looked for here
      llvm::SmallString<256> FoundReal;
      if (llvm::sys::fs::real_path(*Found, FoundReal))
        continue;
      if (IsUserFile(FoundReal)) {
        if (std::optional<IncludeLine> Inner = Scan(*Found))
          return Inner;
      } else if (Wanted(Line, *Found)) {
        return Line;
      }
    }
    return std::nullopt;
  };
  return Scan(File.str());
}

} // namespace musify
