// Renaming sources: .cu -> .mu, .cuh -> .muh, and the #includes that name them.
#include "rename/Renaming.h"
#include "core/SourceText.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <set>

namespace musify {

namespace path = llvm::sys::path;

namespace {

/// The MUSA extension for a CUDA one, or empty.
llvm::StringRef musaExtension(llvm::StringRef Extension) {
  return llvm::StringSwitch<llvm::StringRef>(Extension)
      .Case(".cu", ".mu")
      .Case(".cuh", ".muh")
      .Default("");
}

std::string withExtension(llvm::StringRef Path, llvm::StringRef Extension) {
  llvm::SmallString<256> New(Path);
  path::replace_extension(New, Extension);
  return New.str().str();
}

} // namespace

llvm::Expected<RenameMap> planRenames(const InputSet &Inputs) {
  std::set<std::string> Taken;
  for (const InputFile &F : Inputs.Files)
    Taken.insert(F.Path);
  RenameMap Renamed;
  for (const InputFile &F : Inputs.Files) {
    llvm::StringRef Extension = musaExtension(path::extension(F.Path));
    if (Extension.empty() || F.LeftOut)
      continue;
    std::string New = withExtension(F.Path, Extension);
    if (Taken.count(New) || llvm::sys::fs::exists(New))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "cannot rename '" + F.Path + "' to '" + New +
                                         "': that file exists");
    Renamed.emplace(F.Path, std::move(New));
  }
  return Renamed;
}

std::vector<Decision> renameIncludes(llvm::StringRef Path, llvm::StringRef Text,
                                     const std::vector<std::string> &Folders,
                                     const RenameMap &Renamed) {
  std::vector<Decision> Out;
  LineIndex Lines(Text);
  forEachInclude(Text, [&](llvm::StringRef Header, unsigned Offset,
                                          unsigned Length) {
    llvm::StringRef Extension = musaExtension(path::extension(Header));
    if (Extension.empty())
      return;
    std::vector<std::string> Candidates;
    if (Text[Offset] == '"')
      Candidates.push_back(path::parent_path(Path).str());
    llvm::append_range(Candidates, Folders);
    for (const std::string &Folder : Candidates) {
      llvm::SmallString<256> Found(Folder), Real;
      path::append(Found, Header);
      if (llvm::sys::fs::real_path(Found, Real))
        continue;
      // The first file found is the one the compiler includes.
      if (!Renamed.count(Real.str().str()))
        return;
      Decision D;
      std::string NewHeader = withExtension(Header, Extension);
      D.Edits.push_back({Offset + 1, Length - 2, NewHeader});
      Event &E = D.Outcome;
      E.At.File = Path.str();
      E.At.Offset = Offset;
      std::tie(E.At.Line, E.At.Column) = Lines.lineAndColumn(Offset);
      E.Cuda = Header.str();
      E.Replacement = NewHeader;
      E.Kind = ruleKindName(RuleKind::Header);
      E.Family = "renamed-sources";
      E.Status = EventStatus::Migrated;
      E.How = Evidence::Include;
      E.Note = "the included file is renamed with --rename-extensions";
      Out.push_back(std::move(D));
      return;
    }
  });
  return Out;
}

} // namespace musify
