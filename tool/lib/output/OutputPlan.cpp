// Where a run writes each file, and the checks that it overwrites none of the
// user's.
#include "output/OutputPlan.h"
#include "output/DepFile.h"

#include "core/SourceText.h"
#include "core/TemporaryNames.h"
#include "core/WorkingFolder.h"
#include "output/OutputWriter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <fcntl.h>
#include <sys/stat.h>

namespace musify {

std::string sameFileKey(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(llvm::sys::path::parent_path(Abs), Real))
    return Abs.str().str();
  llvm::sys::path::append(Real, llvm::sys::path::filename(Abs));
  return Real.str().str();
}

std::string OutputPlan::absoluteOutRoot() const {
  if (Settings.Mode != OutputMode::OutRoot)
    return "";
  llvm::SmallString<256> Abs(Settings.OutRoot);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

std::optional<std::string> OutputPlan::whyNotWritable(const std::string &OutRoot) const {
  if (singleFile() && (Inputs.Files.size() != 1 || !Inputs.Files[0].Explicit))
    return std::string("writing to standard output or with -o takes exactly one "
                       "input file; use --out-root DIR or --in-place for several files "
                       "or a folder");
  if (!OutRoot.empty() && llvm::sys::fs::exists(OutRoot) &&
      !llvm::sys::fs::is_directory(OutRoot))
    return "--out-root '" + Settings.OutRoot + "' is a file, not a folder";
  if (Settings.Mode == OutputMode::File &&
      llvm::sys::fs::is_directory(Settings.OutputFile))
    return "-o '" + Settings.OutputFile +
           "' is a folder; -o names the file to write (--out-root DIR mirrors "
           "inputs into a folder)";
  if (!OutRoot.empty())
    if (std::optional<std::string> Overlap = outRootOverlap(OutRoot))
      return "--out-root '" + Settings.OutRoot + "' " + *Overlap +
             "; choose a folder outside the inputs, or a new or empty one";
  if (Settings.Mode == OutputMode::File) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(Settings.OutputFile, Real) &&
        Real.str() == Inputs.Files[0].Path)
      return "-o '" + Settings.OutputFile +
             "' is the input file; use --in-place to rewrite it where it is";
  }
  return std::nullopt;
}

std::optional<std::string> OutputPlan::whyNotNamedOutputs(
    const std::vector<std::pair<std::string, std::string>> &Named) const {
  if (Named.empty())
    return std::nullopt;
  std::map<std::string, std::string> Taken = pathsTheMigrationWrites();
  bool DepFile =
      llvm::any_of(Named, [](const auto &N) { return N.first == "--depfile"; });
  for (size_t I = 0; I < Named.size(); ++I) {
    const auto &[Option, Path] = Named[I];
    std::string Said = Option + " '" + oneLine(Path) + "'";
    if (std::optional<std::string> Unfit = whyNotReplaceable(Path, /*Writable=*/true))
      return Said + " " + *Unfit;
    if (std::optional<std::string> Unfit = whyNotWritableFolder(Path))
      return Said + " " + *Unfit;
    // The depfile names the others as what depends on the files read.
    if (std::string Why = whyNotInDepFile(Path);
        DepFile && Option != "--depfile" && !Why.empty())
      return "--depfile cannot name " + Said + ": " + Why;
    std::string Same = sameFileKey(Path);
    if (auto It = Taken.find(Same); It != Taken.end())
      return Said + " is " + It->second + "; name another file";
    if (std::optional<std::string> Backup = backupNamed(Same))
      return Said + " is where --backup keeps " + *Backup + "; name another file";
    for (size_t J = 0; J < I; ++J)
      if (sameFileKey(Named[J].second) == Same)
        return Said + " is also given to " + Named[J].first +
               "; each names a file of its own";
  }
  // The inputs are among the files read; a header found later is said then.
  for (const InputFile &F : Inputs.Files)
    if (std::string Why = whyNotInDepFile(F.Path); DepFile && !Why.empty())
      return "--depfile cannot name the input '" + oneLine(F.Path) + "': " + Why;
  return std::nullopt;
}

std::optional<std::string> OutputPlan::linkInOutRoot() const {
  if (Settings.Mode != OutputMode::OutRoot)
    return std::nullopt;
  for (const InputFile &F : Inputs.Files) {
    std::string Dest = mirrorPathOf(newPathOf(F.Path));
    if (std::optional<std::string> Link = linkBelow(Settings.OutRoot, Dest))
      return "--out-root '" + Settings.OutRoot + "' holds the symbolic link '" + *Link +
             "', through which '" + Dest +
             "' would be written outside it; remove the link or choose another folder";
  }
  return std::nullopt;
}

/// How an --out-root folder that exists with files in it overlaps the inputs
/// (it is, holds, or lies inside an input folder), or nullopt. Mirroring
/// into it could overwrite the user's files, which a later run would read
/// as inputs. The folder of a file named is no input folder here: a run
/// reads none of its other files, so an --out-root there (a CMake build
/// folder inside the sources' folder) is any other folder, used again by
/// the next run.
std::optional<std::string> OutputPlan::outRootOverlap(const std::string &OutRoot) const {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(OutRoot, Real))
    return std::nullopt; // new: nothing there to overwrite
  std::error_code EC;
  if (llvm::sys::fs::directory_iterator(Real, EC) ==
          llvm::sys::fs::directory_iterator() &&
      !EC)
    return std::nullopt; // empty
  auto Inside = [](llvm::StringRef Path, llvm::StringRef Folder) {
    return Path == Folder ||
           (Path.starts_with(Folder) && Path.drop_front(Folder.size()).starts_with("/"));
  };
  for (const std::string &Root : Inputs.Folders) {
    if (Real.str() == Root)
      return std::string("is an input folder");
    if (Inside(Real.str(), Root))
      return "lies inside the input folder '" + Root + "' and is not empty";
    if (Inside(Root, Real.str()))
      return "holds the input folder '" + Root + "' and is not empty";
  }
  return std::nullopt;
}

/// The files the run reads or writes besides its reports (by sameFileKey),
/// with what each is: no report may replace one.
std::map<std::string, std::string> OutputPlan::pathsTheMigrationWrites() const {
  std::map<std::string, std::string> Taken;
  for (const InputFile &F : Inputs.Files) {
    // In place, a file that is not migrated is neither read nor written.
    bool Read = F.Role != FileRole::Other || Settings.Mode == OutputMode::OutRoot;
    if (Read)
      Taken.emplace(F.Path, "the input file '" + F.Path + "'");
    std::string New = newPathOf(F.Path);
    if (Settings.Mode == OutputMode::InPlace && New != F.Path)
      Taken.emplace(sameFileKey(New),
                    "where --rename-extensions writes '" + F.Path + "'");
    if (Settings.Mode == OutputMode::OutRoot)
      Taken.emplace(sameFileKey(mirrorPathOf(New)),
                    "where --out-root writes '" + F.Path + "'");
  }
  return Taken;
}

/// The input whose --backup copy could be at Path (FILE.orig, FILE.orig.N).
std::optional<std::string> OutputPlan::backupNamed(llvm::StringRef Path) const {
  if (Settings.Mode != OutputMode::InPlace || !Settings.Backup)
    return std::nullopt;
  size_t At = Path.rfind(".orig");
  if (At == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef Number = Path.drop_front(At + 5);
  if (!Number.empty() && (!Number.consume_front(".") || Number.empty() ||
                          !llvm::all_of(Number, [](char C) { return llvm::isDigit(C); })))
    return std::nullopt;
  std::string Source = Path.take_front(At).str();
  if (!llvm::any_of(Inputs.Files, [&](const InputFile &F) { return F.Path == Source; }))
    return std::nullopt;
  return "the original of '" + Source + "'";
}

std::string OutputPlan::destinationOf(const std::string &Path, bool Listed, bool Source,
                                      bool Edited) const {
  switch (Settings.Mode) {
  case OutputMode::Stdout:
    return Listed ? "-" : "";
  case OutputMode::File:
    return Listed ? Settings.OutputFile : "";
  case OutputMode::InPlace:
    return !Edited && !Renamed.count(Path) ? "" : newPathOf(Path);
  case OutputMode::OutRoot:
    // Headers the inputs include go along, so the tree builds.
    return Listed || Source ? mirrorPathOf(newPathOf(Path)) : "";
  case OutputMode::None:
    return "";
  }
  return "";
}

std::string OutputPlan::newPathOf(const std::string &Path) const {
  auto It = Renamed.find(Path);
  return It == Renamed.end() ? Path : It->second;
}

std::string OutputPlan::mirrorPathOf(llvm::StringRef Path) const {
  llvm::SmallString<256> Dest(Settings.OutRoot);
  llvm::sys::path::append(Dest, Path.drop_front(Inputs.MirrorBase.size()).ltrim('/'));
  return Dest.str().str();
}

/// Where --backup keeps Path's original: Path.orig, or, if that is taken (an
/// earlier backup, never replaced), Path.orig.1, .2, ...
static std::string backupPathOf(const std::string &Path) {
  std::string Backup = Path + ".orig";
  for (unsigned N = 1; llvm::sys::fs::exists(Backup); ++N)
    Backup = Path + ".orig." + std::to_string(N);
  return Backup;
}

/// --backup: Original kept beside Path; false, said, if it could not be.
bool OutputPlan::keepBackup(const std::string &Path, llvm::StringRef Original,
                            llvm::raw_ostream &Errs) const {
  std::string Backup = backupPathOf(Path);
  if (llvm::sys::path::filename(Backup).size() > MaxFileNameBytes) {
    Errs << "musify: error: cannot keep a backup of '" << displayPath(Path)
         << "': its name with '" << Backup.substr(Path.size()) << "' is "
         << llvm::sys::path::filename(Backup).size() << " bytes, past the "
         << MaxFileNameBytes << " a file name may have; left as it is\n";
    return false;
  }
  if (llvm::Error E = writeFileAtomically(Backup, Original, Path)) {
    Errs << "musify: error: " << llvm::toString(std::move(E)) << "\n";
    return false;
  }
  return true;
}

bool OutputPlan::write(const std::string &Path, const std::string &Dest,
                       llvm::StringRef Original, llvm::StringRef Result,
                       llvm::raw_ostream &Out, llvm::raw_ostream &Errs) const {
  bool InPlace = Settings.Mode == OutputMode::InPlace;
  if (InPlace) {
    llvm::ErrorOr<llvm::sys::fs::perms> Perms = llvm::sys::fs::getPermissions(Path);
    if (Perms && !(*Perms & llvm::sys::fs::owner_write)) {
      Errs << "musify: error: '" << displayPath(Path)
           << "' is read-only; left as it is (make it "
           << "writable to migrate it in place)\n";
      return false;
    }
  }
  if (Settings.Mode == OutputMode::OutRoot)
    if (std::optional<std::string> Link = linkBelow(Settings.OutRoot, Dest)) {
      Errs << "musify: error: cannot write '" << Dest << "': '" << *Link
           << "' is a symbolic link, and --out-root is never written through one\n";
      return false;
    }
  if (Dest == "-") {
    Out << Result;
    Out.flush();
    return true;
  }
  if (InPlace && Settings.Backup && !keepBackup(Path, Original, Errs))
    return false; // never replace a file whose backup failed
  if (llvm::Error E = writeFileAtomically(Dest, Result, Path, IfUnchanged::Keep)) {
    Errs << "musify: error: " << llvm::toString(std::move(E)) << "\n";
    return false;
  }
  if (InPlace && Dest != Path)
    if (std::error_code EC = llvm::sys::fs::remove(Path)) {
      Errs << "musify: error: cannot remove '" << displayPath(Path) << "' after writing '"
           << Dest << "': " << EC.message() << "\n";
      return false;
    }
  return true;
}

bool OutputPlan::mirrorLinks(llvm::raw_ostream &Errs) const {
  bool Ok = true;
  for (const InputSet::Link &L : Inputs.Links) {
    std::string Dest = mirrorPathOf(L.Path);
    llvm::sys::fs::file_status Status;
    if (!llvm::sys::fs::status(Dest, Status, /*follow=*/false) &&
        Status.type() != llvm::sys::fs::file_type::symlink_file) {
      Errs << "musify: error: cannot mirror the link '" << L.Path << "': '" << Dest
           << "' exists and is not a link\n";
      Ok = false;
      continue;
    }
    llvm::sys::fs::remove(Dest);
    std::error_code EC = llvm::sys::fs::create_directories(
        llvm::sys::path::parent_path(Dest),
        /*IgnoreExisting=*/true, llvm::sys::fs::all_all);
    if (!EC)
      EC = llvm::sys::fs::create_link(L.Target, Dest);
    if (EC) {
      Errs << "musify: error: cannot mirror the link '" << L.Path << "' as '" << Dest
           << "': " << EC.message() << "\n";
      Ok = false;
    }
  }
  return Ok;
}

bool OutputPlan::noMirrorOfMissing(const std::set<std::string> &Missing,
                                   llvm::raw_ostream &Errs) const {
  if (Settings.Mode != OutputMode::OutRoot)
    return true;
  bool Ok = true;
  for (const std::string &Path : Missing) {
    if (!llvm::StringRef(Path).starts_with(Inputs.MirrorBase + "/"))
      continue;
    std::string Dest = mirrorPathOf(Path);
    if (!llvm::sys::fs::is_regular_file(Dest))
      continue;
    Errs << "musify: error: '" << oneLine(Path)
         << "' is missing (a source includes it), but --out-root holds '" << oneLine(Dest)
         << "', where it would be migrated: a build of the migrated files would "
            "read that copy instead; restore the header, or remove the copy\n";
    Ok = false;
  }
  return Ok;
}

void OutputPlan::removeStaleTemporaries(llvm::raw_ostream &Errs) const {
  for (const std::string &Stale : Inputs.StaleTemporaries)
    if (!llvm::sys::fs::remove(Stale))
      Errs << "musify: note: removed '" << Stale
           << "', a temporary file an interrupted run left\n";
}

/// Whether the input of S was written, replaced or touched since the run
/// found it: the parses may have read another text than the one its edits
/// would now be applied to.
static bool changedSinceFound(const FileState &S) {
  return S.Input && S.Input->Found && FileStamp::of(S.Report.Path) != S.Input->Found;
}

bool OutputPlan::writeFiles(RunState &State, AfterWriting Keep, llvm::raw_ostream &Out,
                            llvm::raw_ostream &Errs) const {
  bool Ok = true;
  for (auto &[Path, S] : State.Files) {
    if (S.WriteTried)
      continue; // as soon as its unit was parsed
    S.WriteTried = true;
    std::string Dest = destinationOf(S);
    if (Dest.empty()) {
      if (!S.Edits.empty() && !Settings.Quiet)
        Errs << "musify: note: '" << displayPath(Path) << "' needs migrating too; it is "
             << "written with --out-root or --in-place\n";
      continue;
    }
    llvm::sys::fs::UniqueID Before;
    bool Existed = Dest != "-" && !llvm::sys::fs::getUniqueID(Dest, Before);
    llvm::StringRef Original = RunState::text(S);
    if ((S.HashOfEditedText && llvm::xxh3_64bits(Original) != *S.HashOfEditedText) ||
        changedSinceFound(S)) {
      Errs << "musify: error: '" << displayPath(Path)
           << "' changed while it was migrated; it is "
           << "not written\n";
      Ok = false;
      continue;
    }
    if (!write(Path, Dest, Original, S.Edits.apply(Original), Out, Errs)) {
      Ok = false;
      continue;
    }
    llvm::SmallString<256> Written(Dest);
    if (Dest != "-")
      llvm::sys::fs::make_absolute(Written);
    // A text kept as it was keeps its file; a new one is renamed over it.
    llvm::sys::fs::UniqueID After;
    S.OutputReplaced = Dest != "-" && !llvm::sys::fs::getUniqueID(Dest, After) &&
                       (!Existed || After != Before);
    S.Report.Output = Written.str().str();
    S.written(Keep);
  }
  return Ok;
}

void OutputPlan::touchUnitsOfReplaced(const RunState &State) const {
  if (Settings.Mode != OutputMode::OutRoot)
    return;
  auto Replaced = [&State](const std::string &Path) {
    auto It = State.Files.find(Path);
    return It != State.Files.end() && It->second.OutputReplaced;
  };
  for (const auto &[Unit, Reach] : State.Units) {
    auto It = State.Files.find(Unit);
    if (It == State.Files.end() || It->second.OutputReplaced ||
        It->second.Report.Output.empty() || !llvm::any_of(Reach.Files, Replaced))
      continue;
    ::utimensat(AT_FDCWD, It->second.Report.Output.c_str(), nullptr, 0);
  }
}

} // namespace musify
