// Renaming sources to the target's extensions (MUSA: .cu -> .mu, .cuh ->
// .muh), and the #includes that name them.
#include "rename/Renaming.h"
#include "core/SourceText.h"
#include "core/WorkingFolder.h"
#include "decide/DecideStage.h"
#include "inputs/NvccFlags.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <set>

namespace musify {

namespace path = llvm::sys::path;

namespace {

std::string withExtension(llvm::StringRef Path, llvm::StringRef Extension) {
  llvm::SmallString<256> New(Path);
  path::replace_extension(New, Extension);
  return New.str().str();
}

} // namespace

llvm::Expected<RenameMap> planRenames(const InputSet &Inputs,
                                      const TargetDescription &Target) {
  std::set<std::string> Taken;
  for (const InputFile &F : Inputs.Files)
    Taken.insert(F.Path);
  RenameMap Renamed;
  for (const InputFile &F : Inputs.Files) {
    auto Extension = Target.RenamedExtensions.find(path::extension(F.Path).str());
    if (Extension == Target.RenamedExtensions.end() || F.LeftOut)
      continue;
    std::string New = withExtension(F.Path, Extension->second);
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
                                     const RenameMap &Renamed, const Decider &Decide) {
  std::vector<Decision> Out;
  std::set<std::string> RenamedExtensions;
  for (const auto &[Old, New] : Renamed)
    RenamedExtensions.insert(path::extension(Old).str());
  LineIndex Lines(Text);
  forEachInclude(Text, [&](llvm::StringRef Header, unsigned Offset, unsigned Length) {
    if (!RenamedExtensions.count(path::extension(Header).str()))
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
      auto Renaming = Renamed.find(Real.str().str());
      if (Renaming == Renamed.end())
        return;
      Reference Ref;
      Ref.At = placeIn(Path, Lines, Offset);
      Ref.Length = Length;
      Ref.Name = Header.str();
      Ref.Kind = RuleKind::Header;
      Ref.How = Evidence::Include;
      Out.push_back(Decide.renamedInclude(
          Ref, withExtension(Header, path::extension(Renaming->second))));
      return;
    }
  });
  return Out;
}

std::vector<std::string> includeFoldersOfRun(const InputSet &Inputs,
                                             const std::vector<std::string> &ClangArgs) {
  std::vector<std::string> Folders =
      includeFoldersOf(translateNvccFlags(ClangArgs), workingFolder(), /*System=*/true);
  for (const InputFile &F : Inputs.Files)
    if (F.Command)
      llvm::append_range(Folders,
                         includeFoldersOf(translateNvccFlags(F.Command->Flags),
                                          F.Command->Directory, /*System=*/true));
  return Folders;
}

void renameIncludesOfRun(RunState &State, const std::vector<std::string> &Folders,
                         const RenameMap &Renamed, const Decider &Decide) {
  if (Renamed.empty())
    return;
  for (auto &[Path, S] : State.Files) {
    if (!S.isSource() || S.leftOut())
      continue;
    bool Read = S.Text.has_value();
    for (Decision &D : renameIncludes(Path, RunState::text(S), Folders, Renamed, Decide))
      record(S, std::move(D));
    if (!Read)
      S.Text.reset(); // read again when it is migrated: not every text at once
  }
}

} // namespace musify
