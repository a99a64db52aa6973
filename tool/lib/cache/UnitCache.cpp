// The --incremental cache: one JSON file per translation unit's parse.
#include "cache/UnitCache.h"
#include "cache/CacheFolder.h"
#include "core/BoundedRead.h"
#include "core/IntegerJson.h"
#include "hazards/HazardCheck.h"
#include "output/OutputWriter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <fcntl.h>
#include <sys/stat.h>

namespace musify {

namespace {

using nlohmann::json;

/// Bumped whenever the entry format changes.
constexpr int EntryFormat = 9;

std::string hexDigest(llvm::BLAKE3 &Hash) {
  std::array<uint8_t, 32> Digest = Hash.final();
  return llvm::toHex(Digest, /*LowerCase=*/true);
}

std::string digestOf(llvm::StringRef Text) {
  llvm::BLAKE3 Hash;
  Hash.update(Text);
  return hexDigest(Hash);
}

/// A regular file of at most Limit bytes, else nothing (an entry, a header
/// or a rule file that is a device, a FIFO or huge is not read).
std::optional<std::string> readFile(llvm::StringRef Path,
                                    uint64_t Limit = MaxCacheEntryBytes) {
  auto Buffer = readBoundedFile(Path, Limit);
  if (!Buffer) {
    llvm::consumeError(Buffer.takeError());
    return std::nullopt;
  }
  return (*Buffer)->getBuffer().str();
}

/// The most a source or header is read for its digest: the cache keys no
/// larger file (a larger one is parsed each run).
constexpr uint64_t MaxDigestedFileBytes = uint64_t(1) << 30;

/// Every file of a rule folder, or the rule file itself, in a stable order.
llvm::Error addRuleSource(llvm::StringRef Source, llvm::BLAKE3 &Hash) {
  std::vector<std::string> Files;
  if (llvm::sys::fs::is_directory(Source)) {
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator It(Source, EC), End;
         It != End && !EC; It.increment(EC))
      if (It->type() != llvm::sys::fs::file_type::directory_file)
        Files.push_back(It->path());
    if (EC)
      return llvm::createStringError(EC, "cannot read '%s'", Source.str().c_str());
  } else {
    Files.push_back(Source.str());
  }
  llvm::sort(Files);
  for (const std::string &File : Files) {
    std::optional<std::string> Text = readFile(File, MaxDigestedFileBytes);
    if (!Text)
      return llvm::createStringError(llvm::inconvertibleErrorCode(), "cannot read '%s'",
                                     File.c_str());
    Hash.update(File);
    Hash.update(digestOf(*Text));
  }
  return llvm::Error::success();
}

json placeToJson(const Place &P) { return {P.File, P.Offset, P.Line, P.Column}; }
Place placeFromJson(const json &J) {
  return {J.at(0).get<std::string>(), J.at(1).get<unsigned>(), J.at(2).get<unsigned>(),
          J.at(3).get<unsigned>()};
}

json findingsToJson(const TranslationUnitFindings &F) {
  json References = json::array();
  for (const Reference &R : F.References)
    References.push_back({placeToJson(R.At), R.Length, R.Name, R.QualifiedName,
                          static_cast<int>(R.Kind), static_cast<int>(R.How), R.DeclaredIn,
                          R.TokenPasted, R.Signature, R.ArgumentsConvert});
  json Launches = json::array();
  for (const KernelLaunch &L : F.Launches)
    Launches.push_back({placeToJson(L.At), L.Kernel, L.Rewritable, L.CalleeBegin,
                        L.CalleeEnd, L.Config, L.ArgsOpen, L.ArgCount,
                        L.CalleeIsTemplateId});
  json SharedArrays = json::array();
  for (const DynamicShared &S : F.SharedArrays)
    SharedArrays.push_back({placeToJson(S.At), S.Name, S.Type, S.Attributes, S.BlockScope,
                            S.Rewritable, S.TypeRuns, S.NameEnd, S.Semicolon});
  json Hazards = json::array();
  for (const Hazard &H : F.Hazards)
    Hazards.push_back({placeToJson(H.At), hazardKindName(H.Kind), H.Text, H.End, H.Form,
                       H.Cause, placeToJson(H.CauseAt)});
  json Skipped = json::array();
  for (const SkippedRegion &S : F.Skipped)
    Skipped.push_back({S.File, S.Begin, S.End, S.DeviceOnly});
  return {{"references", References},
          {"launches", Launches},
          {"shared_arrays", SharedArrays},
          {"hazards", Hazards},
          {"skipped", Skipped},
          {"user_files", F.UserFiles},
          {"relies_on_implicit_header", F.ReliesOnImplicitHeader}};
}

/// The hazard kind an entry names (by name: a hazard added later does not move
/// the others); one past the registry where no check has that name.
HazardKind kindNamed(const json &Name) {
  return hazardKindNamed(Name.get<std::string>())
      .value_or(static_cast<HazardKind>(hazardChecks().size()));
}

TranslationUnitFindings findingsFromJson(const json &J) {
  TranslationUnitFindings F;
  for (const json &R : J.at("references")) {
    Reference Ref;
    Ref.At = placeFromJson(R.at(0));
    Ref.Length = R.at(1).get<unsigned>();
    Ref.Name = R.at(2).get<std::string>();
    Ref.QualifiedName = R.at(3).get<std::string>();
    Ref.Kind = static_cast<RuleKind>(R.at(4).get<int>());
    Ref.How = static_cast<Evidence>(R.at(5).get<int>());
    Ref.DeclaredIn = R.at(6).get<std::string>();
    Ref.TokenPasted = R.at(7).get<bool>();
    Ref.Signature = R.at(8).get<std::string>();
    Ref.ArgumentsConvert = R.at(9).get<bool>();
    F.References.push_back(std::move(Ref));
  }
  for (const json &L : J.at("launches")) {
    KernelLaunch Launch;
    Launch.At = placeFromJson(L.at(0));
    Launch.Kernel = L.at(1).get<std::string>();
    Launch.Rewritable = L.at(2).get<bool>();
    Launch.CalleeBegin = L.at(3).get<unsigned>();
    Launch.CalleeEnd = L.at(4).get<unsigned>();
    Launch.Config = L.at(5).get<std::vector<std::pair<unsigned, unsigned>>>();
    Launch.ArgsOpen = L.at(6).get<unsigned>();
    Launch.ArgCount = L.at(7).get<unsigned>();
    Launch.CalleeIsTemplateId = L.at(8).get<bool>();
    F.Launches.push_back(std::move(Launch));
  }
  for (const json &S : J.at("shared_arrays")) {
    DynamicShared Shared;
    Shared.At = placeFromJson(S.at(0));
    Shared.Name = S.at(1).get<std::string>();
    Shared.Type = S.at(2).get<std::string>();
    Shared.Attributes = S.at(3).get<std::string>();
    Shared.BlockScope = S.at(4).get<bool>();
    Shared.Rewritable = S.at(5).get<bool>();
    Shared.TypeRuns = S.at(6).get<std::vector<std::pair<unsigned, unsigned>>>();
    Shared.NameEnd = S.at(7).get<unsigned>();
    Shared.Semicolon = S.at(8).get<unsigned>();
    F.SharedArrays.push_back(std::move(Shared));
  }
  for (const json &H : J.at("hazards"))
    F.Hazards.push_back({placeFromJson(H.at(0)), kindNamed(H.at(1)),
                         H.at(2).get<std::string>(), H.at(3).get<unsigned>(),
                         H.at(4).get<std::string>(), H.at(5).get<std::string>(),
                         placeFromJson(H.at(6))});
  for (const json &S : J.at("skipped"))
    F.Skipped.push_back({S.at(0).get<std::string>(), S.at(1).get<unsigned>(),
                         S.at(2).get<unsigned>(), S.at(3).get<bool>()});
  F.UserFiles = J.at("user_files").get<std::set<std::string>>();
  F.ReliesOnImplicitHeader = J.at("relies_on_implicit_header").get<bool>();
  return F;
}

} // namespace

std::string UnitCache::defaultFolder() {
  llvm::SmallString<256> Folder;
  std::optional<std::string> Xdg = llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
  if (Xdg && !Xdg->empty())
    Folder = *Xdg;
  else if (llvm::sys::path::home_directory(Folder))
    llvm::sys::path::append(Folder, ".cache");
  else
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/false, Folder);
  llvm::sys::path::append(Folder, "musify");
  return Folder.str().str();
}

llvm::Expected<std::string> UnitCache::runDigest(llvm::StringRef ToolVersion,
                                                 llvm::ArrayRef<std::string> RuleSources,
                                                 llvm::StringRef SdkRoot,
                                                 llvm::StringRef SdkVersion) {
  llvm::BLAKE3 Hash;
  Hash.update(llvm::formatv("format {0}\n", EntryFormat).str());
  Hash.update(ToolVersion);
  Hash.update(SdkRoot);
  Hash.update(SdkVersion);
  for (const std::string &Source : RuleSources)
    if (llvm::Error E = addRuleSource(Source, Hash))
      return E;
  // The executable itself: a rebuilt musify may find other references.
  std::string Exe = llvm::sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&UnitCache::defaultFolder));
  if (std::optional<std::string> Binary = readFile(Exe, MaxDigestedFileBytes))
    Hash.update(digestOf(*Binary));
  return hexDigest(Hash);
}

std::string UnitCache::keyOf(llvm::StringRef RunDigest,
                             llvm::ArrayRef<std::vector<std::string>> CommandLines,
                             llvm::StringRef Text) {
  llvm::BLAKE3 Hash;
  Hash.update(RunDigest);
  for (const std::vector<std::string> &Line : CommandLines) {
    for (const std::string &Arg : Line) {
      Hash.update(Arg);
      Hash.update(llvm::StringRef("\0", 1));
    }
    Hash.update("\n");
  }
  Hash.update(digestOf(Text));
  return hexDigest(Hash);
}

std::string UnitCache::digestOfText(llvm::StringRef Text) { return digestOf(Text); }

std::string UnitCache::entryPath(llvm::StringRef Key) const {
  llvm::SmallString<256> Path(Folder);
  llvm::sys::path::append(Path, Key.take_front(2), Key.drop_front(2) + ".json");
  return Path.str().str();
}

std::optional<UnitCache::FileSeen> UnitCache::fileDigest(const std::string &Path) const {
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (auto It = FileDigests.find(Path); It != FileDigests.end())
      return It->second;
  }
  std::optional<std::string> Text = readFile(Path, MaxDigestedFileBytes);
  std::optional<FileSeen> Seen;
  if (Text)
    Seen = FileSeen{digestOf(*Text), Text->size()};
  std::lock_guard<std::mutex> Guard(Lock);
  return FileDigests.emplace(Path, std::move(Seen)).first->second;
}

namespace {

/// Why Unit, read from an entry, cannot be what a parse of this run found,
/// or "". Sizes: the user files the entry lists with their digests, which
/// match the files as they are now. IsRunFile: whether a parse of this run
/// may find references in a file (a user file under the inputs' folders).
std::string damageOf(const ParsedUnit &Unit, const std::map<std::string, uint64_t> &Sizes,
                     llvm::function_ref<bool(llvm::StringRef)> IsRunFile) {
  std::string Why;
  // File must be one this run edits and the entry vouches for, [Begin, End)
  // inside it.
  auto Check = [&](const std::string &File, uint64_t Begin, uint64_t End) {
    if (!Why.empty())
      return;
    auto It = Sizes.find(File);
    if (It == Sizes.end() || !IsRunFile(File))
      Why = "it names '" + File + "', which is not a file of this run's inputs";
    else if (Begin > End || End > It->second)
      Why = llvm::formatv("an offset {0}..{1} lies outside '{2}' ({3} bytes)", Begin, End,
                          File, It->second)
                .str();
  };
  // A file a run does not edit (an SDK header's errors) is passed over by
  // the run; one it edits is checked like the rest.
  auto CheckIfRunFile = [&](const std::string &File, uint64_t Begin, uint64_t End) {
    if (IsRunFile(File) || Sizes.count(File))
      Check(File, Begin, End);
  };
  for (const auto &[File, Size] : Sizes)
    Check(File, 0, 0);
  for (const std::string &File : Unit.Findings.UserFiles)
    Check(File, 0, 0);
  const TranslationUnitFindings &F = Unit.Findings;
  for (const Reference &R : F.References) {
    Check(R.At.File, R.At.Offset, uint64_t(R.At.Offset) + R.Length);
    if (R.Length == 0 || static_cast<int>(R.Kind) < 0 || R.Kind > RuleKind::Header ||
        static_cast<int>(R.How) < 0 || R.How > Evidence::Helper)
      Why = Why.empty() ? "a reference is of no known kind" : Why;
  }
  for (const KernelLaunch &L : F.Launches) {
    Check(L.At.File, L.At.Offset, L.At.Offset);
    Check(L.At.File, L.CalleeBegin, L.CalleeEnd);
    Check(L.At.File, L.ArgsOpen, uint64_t(L.ArgsOpen) + 1);
    for (const auto &[Begin, End] : L.Config)
      Check(L.At.File, Begin, End);
  }
  for (const DynamicShared &S : F.SharedArrays) {
    Check(S.At.File, S.At.Offset, S.At.Offset);
    for (const auto &[Begin, End] : S.TypeRuns)
      Check(S.At.File, Begin, End);
    Check(S.At.File, S.NameEnd, S.NameEnd);
    Check(S.At.File, S.Semicolon, S.Semicolon);
  }
  for (const Hazard &H : F.Hazards) {
    Check(H.At.File, std::min(H.At.Offset, H.End), std::max(H.At.Offset, H.End));
    CheckIfRunFile(H.CauseAt.File, H.CauseAt.Offset, H.CauseAt.Offset); // "": no cause
    if (static_cast<size_t>(H.Kind) >= hazardChecks().size())
      Why = Why.empty() ? "a hazard is of no known kind" : Why;
  }
  for (const SkippedRegion &R : F.Skipped)
    Check(R.File, R.Begin, R.End);
  for (const SkippedRegion &R : Unit.ErrorRegions)
    CheckIfRunFile(R.File, R.Begin, R.End);
  for (const StandIn &S : Unit.StoodIn)
    CheckIfRunFile(S.Includer, 0, 0);
  return Why;
}

} // namespace

std::optional<ParsedUnit> UnitCache::decodeEntry(llvm::StringRef Text,
                                                 llvm::StringRef Key,
                                                 const EntryContext &Run,
                                                 std::string &Damage) {
  json Entry = parseIntegerJson(Text, &Damage);
  if (Entry.is_discarded())
    return std::nullopt;
  if (!Entry.is_object()) {
    Damage = "it is not a JSON object";
    return std::nullopt;
  }
  try {
    // An entry copied under another unit's key is not this unit's parse.
    if (Entry.at("key").get<std::string>() != Key) {
      Damage = "it is the entry of another unit";
      return std::nullopt;
    }
    // The user files this parse read must still read the same.
    std::map<std::string, uint64_t> Sizes;
    for (const auto &[File, Digest] : Entry.at("file_digests").items()) {
      std::optional<FileSeen> Seen = Run.FileOf(File);
      if (!Seen || Seen->Digest != Digest.get<std::string>())
        return std::nullopt; // stale: a header changed since
      Sizes.emplace(File, Seen->Size);
    }
    // A header put in a folder searched before the one an #include found
    // its file in: the same #include finds another file now.
    for (const json &Absent : Entry.at("absent")) {
      std::string File = Absent.get<std::string>();
      if (!Run.IsRunFile(File)) {
        Damage = "it names '" + File + "', which is not a file of this run's inputs";
        return std::nullopt;
      }
      if (Run.Exists(File))
        return std::nullopt; // stale: a lookup that failed would find a file now
    }
    ParsedUnit Unit;
    Unit.Parsed = Entry.at("parsed").get<bool>();
    Unit.Recovered = Entry.at("recovered").get<bool>();
    Unit.ErrorCount = Entry.at("error_count").get<unsigned>();
    Unit.FirstErrors = Entry.at("first_errors").get<std::vector<std::string>>();
    for (const json &R : Entry.at("error_regions"))
      Unit.ErrorRegions.push_back(
          {R.at(0).get<std::string>(), R.at(1).get<unsigned>(), R.at(2).get<unsigned>()});
    Unit.DeviceArchs = Entry.at("device_archs").get<std::vector<std::string>>();
    for (const json &S : Entry.at("stood_in"))
      Unit.StoodIn.push_back({S.at(0).get<std::string>(), S.at(1).get<unsigned>(),
                              S.at(2).get<std::string>()});
    Unit.Absent = Entry.at("absent").get<std::set<std::string>>();
    Unit.Findings = findingsFromJson(Entry.at("findings"));
    if (std::string Why = damageOf(Unit, Sizes, Run.IsRunFile); !Why.empty()) {
      Damage = std::move(Why);
      return std::nullopt;
    }
    Unit.FromCache = true;
    return Unit;
  } catch (const json::exception &E) {
    Damage = E.what();
    return std::nullopt;
  }
}

std::optional<ParsedUnit>
UnitCache::lookup(llvm::StringRef Key,
                  llvm::function_ref<bool(llvm::StringRef)> IsRunFile,
                  std::string *Damage) const {
  std::string Path = entryPath(Key);
  auto Damaged = [&](const llvm::Twine &Why) -> std::optional<ParsedUnit> {
    if (Damage)
      *Damage = ("the cache entry '" + Path + "' is damaged (" + Why + ")").str();
    return std::nullopt;
  };
  auto Buffer = readBoundedFile(Path, MaxCacheEntryBytes, "cache entry");
  if (!Buffer) {
    std::error_code EC = llvm::errorToErrorCode(Buffer.takeError());
    if (EC == std::errc::no_such_file_or_directory)
      return std::nullopt; // not cached
    return Damaged(EC == std::errc::file_too_large     ? "it is too large"
                   : EC == std::errc::invalid_argument ? "it is not a regular file"
                                                       : EC.message());
  }
  std::string Why;
  std::optional<ParsedUnit> Unit = decodeEntry(
      (*Buffer)->getBuffer(), Key,
      {IsRunFile, [this](const std::string &File) { return fileDigest(File); },
       [](llvm::StringRef File) { return llvm::sys::fs::exists(File); }},
      Why);
  if (!Unit)
    return Why.empty() ? std::nullopt : Damaged(Why);
  // Used now: prune() removes the least recently used entries first.
  if (MarksUse)
    ::utimensat(AT_FDCWD, Path.c_str(), nullptr, 0);
  return Unit;
}

unsigned UnitCache::prune(uint64_t MaxBytes) const {
  return pruneCacheFolder(Folder, MaxBytes);
}

llvm::Error UnitCache::store(llvm::StringRef Key, const ParsedUnit &Unit) const {
  json Digests = json::object();
  for (const std::string &File : Unit.Findings.UserFiles) {
    std::optional<FileSeen> Seen = fileDigest(File);
    if (!Seen)
      return llvm::Error::success(); // gone already: nothing worth keeping
    Digests[File] = Seen->Digest;
  }
  json Regions = json::array(), StoodIn = json::array();
  for (const SkippedRegion &R : Unit.ErrorRegions)
    Regions.push_back({R.File, R.Begin, R.End});
  for (const StandIn &S : Unit.StoodIn)
    StoodIn.push_back({S.Includer, S.Line, S.Header});
  json Entry = {{"key", Key},
                {"parsed", Unit.Parsed},
                {"recovered", Unit.Recovered},
                {"error_count", Unit.ErrorCount},
                {"first_errors", Unit.FirstErrors},
                {"error_regions", Regions},
                {"stood_in", StoodIn},
                {"device_archs", Unit.DeviceArchs},
                {"file_digests", Digests},
                {"absent", Unit.Absent},
                {"findings", findingsToJson(Unit.Findings)}};
  // A file name that is not UTF-8 is written with replacement characters.
  return writeFileAtomically(entryPath(Key),
                             Entry.dump(-1, ' ', false, json::error_handler_t::replace));
}

} // namespace musify
