#include "cache/UnitParses.h"

#include "cache/CacheFolder.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <set>

namespace musify {

llvm::Error ParseCaches::open(const ParseCacheSettings &Settings,
                              llvm::StringRef ToolVersion, llvm::StringRef SdkRoot,
                              llvm::StringRef SdkVersion, llvm::raw_ostream &Errs) {
  bool Merging = !Settings.MergeFolders.empty();
  if (!Settings.Incremental && !Settings.Shard && !Merging)
    return llvm::Error::success();
  llvm::Expected<std::string> Digest =
      UnitCache::runDigest(ToolVersion, Settings.RuleSources, SdkRoot, SdkVersion);
  if (!Digest)
    return Digest.takeError();
  if (Merging && *Digest != Settings.MergeDigest)
    return llvm::createStringError("the shards ran with other rule tables, another CUDA "
                                   "SDK or another musify than this merge");
  RunDigest = *Digest;
  if (Settings.Incremental) {
    std::string Folder =
        Settings.CacheDir.empty() ? UnitCache::defaultFolder() : Settings.CacheDir;
    CacheFolderUse Use = prepareCacheFolder(Folder, !Settings.DryRun);
    if (!Use.Warning.empty())
      Errs << "musify: warning: --incremental: " << Use.Warning << "\n";
    if (Use.Read)
      Cache.emplace(Folder, RunDigest, /*MarksUse=*/!Settings.DryRun);
    CacheWritable = Use.Write;
  }
  if (Settings.Shard)
    Export.emplace(Settings.ExportDir, RunDigest);
  for (const std::string &Folder : Settings.MergeFolders)
    Exports.emplace_back(Folder, RunDigest);
  return llvm::Error::success();
}

std::optional<ParsedUnit>
ParseCaches::lookup(const std::string &Key,
                    llvm::function_ref<bool(llvm::StringRef)> IsRunFile,
                    std::string &Note) const {
  if (!Cache || Key.empty())
    return std::nullopt;
  std::optional<ParsedUnit> Hit = Cache->lookup(Key, IsRunFile, &Note);
  // A shard's export must hold every unit of its slice: a unit it cannot
  // store has no entry, and merge refuses the export as damaged.
  if (Hit && Export)
    llvm::consumeError(Export->store(Key, *Hit));
  return Hit;
}

void ParseCaches::store(const std::string &Key, const ParsedUnit &Unit) const {
  if (Key.empty())
    return;
  // Failing to store costs the next run a parse, or the merge this shard.
  if (Cache && CacheWritable && Unit.Crashes.empty())
    llvm::consumeError(Cache->store(Key, Unit));
  if (Export)
    llvm::consumeError(Export->store(Key, Unit));
}

std::optional<ParsedUnit>
ParseCaches::fromShards(const std::string &Key,
                        llvm::function_ref<bool(llvm::StringRef)> IsRunFile,
                        std::string &Damage) const {
  for (const UnitCache &Shard : Exports)
    if (std::optional<ParsedUnit> Found = Shard.lookup(Key, IsRunFile, &Damage))
      return Found;
  return std::nullopt;
}

unsigned ParseCaches::prune(uint64_t MaxBytes) const {
  return Cache && CacheWritable ? Cache->prune(MaxBytes) : 0;
}

std::vector<SourceLanguage> languagesOf(const InputFile &F) {
  std::vector<SourceLanguage> Languages = {languageOf(F.Path)};
  if (Languages.front() == SourceLanguage::Cxx)
    Languages.push_back(SourceLanguage::Cuda);
  return Languages;
}

std::vector<std::string> CachedParser::parse(const std::vector<const InputFile *> &Units,
                                             unsigned Jobs, FinishedFn Finished,
                                             AcceptFn Accept) const {
  std::vector<std::optional<ParsedUnit>> Done(Units.size());
  std::vector<std::string> Keys(Units.size()), Notes(Units.size());
  std::vector<Frontend::ExpectedParse> Expected;
  for (const InputFile *F : Units)
    Expected.push_back(
        {F->Path, languagesOf(*F).front(), F->Command ? &*F->Command : nullptr});
  Front.expect(Expected);
  std::mutex Accepting;
  size_t Next = 0; // the first unit not yet given to Accept
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
  for (size_t I = 0; I < Units.size(); ++I)
    Pool.async([&, I] {
      auto Start = std::chrono::steady_clock::now();
      ParsedUnit Unit = parseOne(*Units[I], Keys[I], Notes[I]);
      Finished(*Units[I], Unit,
               std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
                   .count());
      std::lock_guard<std::mutex> Guard(Accepting);
      Done[I] = std::move(Unit);
      for (; Next < Units.size() && Done[Next]; ++Next) {
        Accept(Next, std::move(*Done[Next]), Keys[Next]);
        Done[Next].reset();
      }
    });
  Pool.wait();
  return Notes;
}

/// Runs on a worker thread: touches nothing shared.
ParsedUnit CachedParser::parseOne(const InputFile &F, std::string &Key,
                                  std::string &Note) const {
  Key = Caches.keyed() ? keyOf(F) : "";
  auto IsRunFile = [this](llvm::StringRef Path) { return isRunFile(Path); };
  if (std::optional<ParsedUnit> Hit = Caches.lookup(Key, IsRunFile, Note))
    return std::move(*Hit);
  MemoryGate::Parse Within(*Gate);
  ParsedUnit Unit =
      parseTranslationUnit(F.Path, languagesOf(F), F.Command ? &*F.Command : nullptr,
                           Front, Rules, Classifier, DeviceSide);
  Caches.store(Key, Unit);
  return Unit;
}

std::string CachedParser::keyOf(const InputFile &F) const {
  auto Buffer = llvm::MemoryBuffer::getFile(F.Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return "";
  std::vector<std::vector<std::string>> Lines;
  for (SourceLanguage Language : languagesOf(F))
    Lines.push_back(
        Front.commandLine(F.Path, Language, F.Command ? &*F.Command : nullptr));
  Lines.push_back({DeviceSide ? "device side" : "no device side"});
  return UnitCache::keyOf(Caches.runDigest(), Lines, (*Buffer)->getBuffer());
}

llvm::Error
CachedParser::fromShards(const std::vector<const InputFile *> &Units,
                         const std::map<std::string, std::string> &ManifestKeys,
                         AcceptFn Accept) const {
  std::set<std::string> Expected;
  for (const auto &Entry : ManifestKeys)
    Expected.insert(Entry.first);
  auto IsRunFile = [this](llvm::StringRef Path) { return isRunFile(Path); };
  for (size_t I = 0; I < Units.size(); ++I) {
    const InputFile *F = Units[I];
    auto Manifest = ManifestKeys.find(F->Path);
    if (Manifest == ManifestKeys.end())
      return llvm::createStringError("'" + F->Path +
                                     "' is a translation unit no shard parsed: the "
                                     "inputs changed since the shards ran");
    Expected.erase(F->Path);
    // The key is this merge's own: its inputs, flags and texts.
    std::string Key = keyOf(*F);
    if (Key != Manifest->second)
      return llvm::createStringError(
          "'" + F->Path + "' changed since the shards ran (its text or flags)");
    std::string Damage;
    std::optional<ParsedUnit> Found = Caches.fromShards(Key, IsRunFile, Damage);
    if (!Found)
      return llvm::createStringError("the shards' result for '" + F->Path +
                                     "' is missing or damaged, " +
                                     "or a header it includes changed since" +
                                     (Damage.empty() ? "" : ": " + Damage));
    Accept(I, std::move(*Found), Key);
  }
  if (!Expected.empty())
    return llvm::createStringError(
        "'" + *Expected.begin() + "', which a shard parsed, is not a " +
        "translation unit of this merge: the inputs changed since the shards ran");
  return llvm::Error::success();
}

namespace {

/// Moves the items of From found in Path to the end of To.
template <typename T, typename FileOfFn>
void moveFoundIn(const std::string &Path, std::vector<T> &From, std::vector<T> &To,
                 FileOfFn FileOf) {
  auto Others = std::stable_partition(From.begin(), From.end(),
                                      [&](const T &X) { return FileOf(X) != Path; });
  std::move(Others, From.end(), std::back_inserter(To));
  From.erase(Others, From.end());
}

/// What F's parse found in F itself, moved to Own: no other parse finds it
/// again, so the Decide stage's choice of one per place is all it needs.
void moveFoundInUnit(const std::string &Path, TranslationUnitFindings &Found,
                     RunState &Own) {
  auto AtFile = [](const auto &X) -> const std::string & { return X.At.File; };
  moveFoundIn(Path, Found.References, Own.References, AtFile);
  moveFoundIn(Path, Found.Launches, Own.Launches, AtFile);
  moveFoundIn(Path, Found.SharedArrays, Own.SharedArrays, AtFile);
  moveFoundIn(Path, Found.Hazards, Own.Hazards, AtFile);
  moveFoundIn(Path, Found.Skipped, Own.Skipped,
              [](const SkippedRegion &R) -> const std::string & { return R.File; });
}

/// The paths of Absent where an #include of Header, which the parse stood
/// in for, looked for it (Absent also holds where headers that were found
/// were looked for first).
void noteWhereLookedFor(llvm::StringRef Header, const std::set<std::string> &Absent,
                        std::set<std::string> &Into) {
  llvm::SmallString<128> Spelled(Header);
  llvm::sys::path::remove_dots(Spelled, /*remove_dot_dot=*/true);
  // Absent paths have no dots left: one spelled with `..` is matched by name.
  bool ByName = Spelled.starts_with("..");
  std::string Tail =
      "/" +
      (ByName ? llvm::sys::path::filename(Spelled) : llvm::StringRef(Spelled)).str();
  for (const std::string &Path : Absent)
    if (llvm::StringRef(Path).ends_with(Tail))
      Into.insert(Path);
}

/// The headers Unit's parses stood in for: in their includers' reports, and
/// where they were looked for in the run's.
void noteStoodIn(RunState &State, const ParsedUnit &Unit) {
  for (const StandIn &Missing : Unit.StoodIn) {
    if (State.knows(Missing.Includer))
      State.state(Missing.Includer).Report.StoodIn.insert({Missing.Line, Missing.Header});
    noteWhereLookedFor(Missing.Header, Unit.Absent, State.MissingIncludes);
  }
}

/// acceptParse, with F's file state left in State and what was found in F
/// itself put in Mine.
void acceptInto(RunState &State, const InputFile &F, ParsedUnit Unit, bool Standalone,
                RunState &Mine) {
  ++(Unit.FromCache ? State.UnitsFromCache : State.UnitsParsed);
  if (!Unit.DeviceArchs.empty())
    State.state(F.Path).Report.DeviceParses = Unit.DeviceArchs;
  if (!Unit.Crashes.empty())
    State.state(F.Path).Report.ClangCrashes = Unit.Crashes;
  noteStoodIn(State, Unit);
  if (Unit.Recovered) {
    FileState &S = State.state(F.Path);
    S.Report.ParseErrors = std::move(Unit.FirstErrors);
    S.Report.ErrorCount = Unit.ErrorCount;
    // Only the user files of the run: errors in other headers spoil
    // nothing musify writes.
    for (SkippedRegion &R : Unit.ErrorRegions)
      if (State.knows(R.File))
        (R.File == F.Path ? Mine : State).ErrorRegions.push_back(std::move(R));
  }
  if (!Unit.Parsed && !Unit.Recovered) {
    FileState &S = State.state(F.Path);
    S.Report.ParseErrors = std::move(Unit.FirstErrors);
    if (Standalone) {
      S.Report.FallbackReason = "no parsed file includes it, and it does not "
                                "parse on its own";
      return;
    }
    S.Report.FallbackReason = "Clang could not parse it";
    State.ParseFailures.push_back(F.Path);
    // Headers it reached are migrated by spelling unless another
    // translation unit parses them.
    for (const std::string &Header : Unit.Findings.UserFiles)
      if (Header != F.Path)
        State.state(Header).Report.FallbackReason =
            "included only by files that could not be parsed";
    return;
  }
  TranslationUnitFindings &Found = Unit.Findings;
  for (const std::string &Path : Found.UserFiles)
    State.state(Path).Covered = true;
  // A header parsed on its own is no unit nvcc compiles.
  if (!Standalone) {
    UnitReach &Reach = State.Units[F.Path];
    Reach.Files = Found.UserFiles;
    for (const Reference &R : Found.References)
      if (isSemantic(R.How))
        Reach.Compiled[R.At.File].push_back(R.At.Offset);
    for (const Hazard &H : Found.Hazards)
      Reach.Compiled[H.At.File].push_back(H.At.Offset);
    for (auto &[File, Offsets] : Reach.Compiled) {
      llvm::sort(Offsets);
      Offsets.erase(std::unique(Offsets.begin(), Offsets.end()), Offsets.end());
      Offsets.shrink_to_fit();
    }
    if (Found.ReliesOnImplicitHeader)
      Mine.ReliesOnImplicitHeader.push_back(F.Path);
  }
  if (&Mine != &State)
    moveFoundInUnit(F.Path, Found, Mine);
  State.keepFound(Found);
}

} // namespace

void acceptParse(RunState &State, const InputFile &F, ParsedUnit Unit, bool Standalone,
                 RunState *Own) {
  acceptInto(State, F, std::move(Unit), Standalone, Own ? *Own : State);
  if (Own)
    Own->Files.insert(State.Files.extract(F.Path));
}

} // namespace musify
