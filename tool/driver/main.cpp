// musify: the command line. Parses options into MigrationOptions, loads the rule
// tables of the target and runs one migration Session.
#include "Explain.h"
#include "Session.h"
#include "StdinInput.h"
#include "cache/Shards.h"
#include "hazards/HazardCheck.h"
#include "report/Gates.h"
#include "rules/RuleTable.h"
#include "rules/TargetDescription.h"
#include "rules/TargetVersion.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <csignal>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

namespace {

cl::OptionCategory MusifyCategory("musify options");

cl::list<std::string> Inputs(cl::Positional, cl::desc("<file or folder>..."),
                             cl::cat(MusifyCategory));
cl::opt<std::string>
    TargetName("target",
               cl::desc("The API to migrate to: musa (Moore Threads MUSA, the default) "
                        "or hip (AMD HIP); any folder of the rules with a target.json"),
               cl::value_desc("name"), cl::cat(MusifyCategory));
cl::opt<std::string> OutputFile("o", cl::desc("Write the migrated file here"),
                                cl::value_desc("file"), cl::cat(MusifyCategory));
cl::opt<std::string> OutRoot("out-root",
                             cl::desc("Mirror the inputs, migrated, under this folder"),
                             cl::value_desc("dir"), cl::cat(MusifyCategory));
cl::opt<bool> InPlace("in-place", cl::desc("Rewrite the inputs where they are"),
                      cl::cat(MusifyCategory));
cl::opt<bool> Backup("backup",
                     cl::desc("With --in-place: keep each original as FILE.orig"),
                     cl::cat(MusifyCategory));
/// --report, --sarif, --html, --depfile: one option per file view of the
/// report, in the order of fileViews().
std::vector<std::unique_ptr<cl::opt<std::string>>> viewOptions() {
  std::vector<std::unique_ptr<cl::opt<std::string>>> Options;
  for (const musify::ReportView *View : musify::fileViews())
    Options.push_back(std::make_unique<cl::opt<std::string>>(
        llvm::StringRef(View->Option), cl::desc(View->Help),
        cl::value_desc(View->ValueName), cl::cat(MusifyCategory)));
  return Options;
}
const std::vector<std::unique_ptr<cl::opt<std::string>>> ViewOptions = viewOptions();

/// The views asked for, by option.
musify::ReportFiles reportFiles() {
  musify::ReportFiles Files;
  std::vector<const musify::ReportView *> Views = musify::fileViews();
  for (size_t I = 0; I < ViewOptions.size(); ++I)
    if (!ViewOptions[I]->empty())
      Files[Views[I]->Option] = *ViewOptions[I];
  return Files;
}

cl::opt<bool> DryRun(
    "dry-run",
    cl::desc("Parse and decide everything, write nothing but the reports asked for "
             "(--report, --sarif, --html), and print the effort: the share of lines "
             "migrated automatically, the references by status, the files predicted "
             "not to build and the work left by kind"),
    cl::cat(MusifyCategory));
cl::list<std::string> FailOn(
    "fail-on",
    cl::desc("Exit 1 when the run finds any of these (comma-separated): unsupported, "
             "unknown, hazard, build (a file predicted not to build), errors (a source "
             "with Clang errors), fallback (a file migrated without semantics), "
             "deprecated, conflicts, or any"),
    cl::value_desc("kind,..."), cl::CommaSeparated, cl::cat(MusifyCategory));
cl::opt<std::string>
    CudaPath("cuda-path",
             cl::desc("The CUDA SDK to parse against (default: $CUDA_PATH, then "
                      "/usr/local/cuda)"),
             cl::value_desc("dir"), cl::cat(MusifyCategory));
cl::list<std::string> UserRules(
    "rules",
    cl::desc("Add or override rules with this file: a rule table, or a flat "
             "mapping file as musify-text takes them ({\"cudaFoo\": \"musaFoo\"}); "
             "may be repeated"),
    cl::value_desc("file.json"), cl::cat(MusifyCategory));
cl::opt<std::string> RulesDir("rules-dir",
                              cl::desc("Read the rule tables from this folder"),
                              cl::value_desc("dir"), cl::cat(MusifyCategory));
cl::opt<bool> LaunchAsCall(
    "launch-as-call",
    cl::desc("Write kernel<<<...>>>(...) launches as the target's launch call "
             "(hipLaunchKernelGGL(...) for HIP, musifyLaunchKernelGGL(...) for "
             "MUSA, from <musify/musa_launch.h>), and extern __shared__ arrays "
             "in functions as its dynamic shared memory macro"),
    cl::cat(MusifyCategory));
cl::opt<bool> HipLaunchKernelGGL(
    "hip-launch-kernel-ggl",
    cl::desc("The same as --launch-as-call (HIP's name for it: hipLaunchKernelGGL)"),
    cl::cat(MusifyCategory));
cl::opt<std::string> HipVersion(
    "hip-version",
    cl::desc("HIP: the HIP version to migrate to (major.minor). A HIP name is "
             "written only if that version has it (added by then, not removed); "
             "one deprecated by then is written with a warning. Default: the "
             "installed HIP's (hip/hip_version.h under $HIP_PATH/include, "
             "/opt/rocm/include or /usr/include), else the newest the rule tables "
             "know"),
    cl::value_desc("X.Y"), cl::cat(MusifyCategory));
cl::opt<bool> AllowFallback(
    "allow-fallback",
    cl::desc("A file that cannot be parsed, migrated by the token rewriter, is "
             "not an error"),
    cl::cat(MusifyCategory));
cl::opt<bool> NoInlineFindings(
    "no-inline-findings",
    cl::desc("Do not write findings into the migrated sources (by default each "
             "finding a person must act on is a `// musify-CODE: why` line above "
             "its line); the reports still list them"),
    cl::cat(MusifyCategory));
cl::opt<bool> RewriteStrings(
    "rewrite-strings",
    cl::desc("Also migrate CUDA names inside string literals (\"CUDA_VISIBLE_DEVICES\"); "
             "reported with evidence string-literal"),
    cl::cat(MusifyCategory));
cl::opt<bool> Quiet("quiet", cl::desc("Print errors only"), cl::cat(MusifyCategory));
cl::opt<bool> Verbose("verbose", cl::desc("Print a line for each translation unit"),
                      cl::cat(MusifyCategory));
cl::opt<unsigned> Jobs("j",
                       cl::desc("Parse this many translation units at once (default: "
                                "one per core); the output does not depend on it"),
                       cl::value_desc("N"), cl::Prefix, cl::init(0),
                       cl::cat(MusifyCategory));
const std::string MemoryBudgetHelp =
    "Past this many MiB of memory, a parse waits for the older ones in flight to end "
    "(default: " +
    std::to_string(musify::MigrationOptions::MemoryBudgetPerJobMiB) +
    " per job); the output does not depend on it";
cl::opt<unsigned> MemoryBudget("memory-budget", cl::desc(MemoryBudgetHelp),
                               cl::value_desc("MiB"), cl::init(0),
                               cl::cat(MusifyCategory));
cl::list<std::string> IncludeGlobs(
    "include",
    cl::desc("Migrate only files whose path, relative to the inputs' common folder, "
             "matches this glob (may be repeated); others are copied as they are"),
    cl::value_desc("glob"), cl::cat(MusifyCategory));
cl::list<std::string> ExcludeGlobs(
    "exclude",
    cl::desc("Leave files matching this glob as they are (may be repeated; wins "
             "over --include)"),
    cl::value_desc("glob"), cl::cat(MusifyCategory));
cl::opt<std::string> CompileDatabase(
    "p",
    cl::desc("Read compile_commands.json from this build folder: each file is parsed "
             "with its own flags (nvcc flags are translated); without inputs, every "
             "file it lists is migrated"),
    cl::value_desc("build-dir"), cl::Prefix, cl::cat(MusifyCategory));
cl::opt<bool> NoDeviceSide(
    "no-device-side",
    cl::desc("Do not parse the device side of CUDA units: code only device "
             "compilation sees (#ifdef __CUDA_ARCH__) is then migrated by spelling"),
    cl::cat(MusifyCategory));
cl::opt<bool> NoSharedHeaders(
    "no-shared-headers",
    cl::desc("Parse what every CUDA unit reads first (Clang's CUDA wrapper, the SDK's "
             "runtime headers) again for each unit instead of once per run; the "
             "output is the same"),
    cl::cat(MusifyCategory));
cl::opt<bool> NoSharedSdkHeaders(
    "no-shared-sdk-headers",
    cl::desc("Parse the system and SDK headers units include themselves (<vector>, "
             "<cooperative_groups.h>, Thrust) where each unit includes them, instead "
             "of loading the ones units include first alike precompiled where that "
             "parses the same; the output is the same"),
    cl::cat(MusifyCategory));
cl::opt<bool> ParseAllBodies(
    "parse-all-bodies",
    cl::desc("Build the bodies of the functions the SDK and the system headers define, "
             "as a compiler does, instead of skipping them; slower, and the output is "
             "the same"),
    cl::Hidden, cl::cat(MusifyCategory));
cl::opt<bool> RenameExtensions(
    "rename-extensions",
    cl::desc("MUSA: rename .cu to .mu and .cuh to .muh, and the #includes and build "
             "files that name them"),
    cl::cat(MusifyCategory));
cl::opt<bool> Incremental(
    "incremental",
    cl::desc("Reuse what earlier runs found for translation units whose files, "
             "flags, rules and musify are unchanged"),
    cl::cat(MusifyCategory));
cl::opt<std::string>
    CacheDir("cache-dir",
             cl::desc("The --incremental cache (default: $XDG_CACHE_HOME/musify, then "
                      "~/.cache/musify)"),
             cl::value_desc("dir"), cl::cat(MusifyCategory));

cl::opt<std::string> CacheMaxSize(
    "cache-max-size",
    cl::desc("With --incremental: the cache's size bound (bytes, or with K, M or G); "
             "past it the least recently used entries are removed (default 2G)"),
    cl::value_desc("size"), cl::cat(MusifyCategory));
cl::opt<std::string>
    Shard("shard",
          cl::desc("Parse only the K-th of N slices of the translation units and export "
                   "what they found to --export; `musify merge` then migrates the tree "
                   "from all N exports"),
          cl::value_desc("K/N"), cl::cat(MusifyCategory));
cl::opt<std::string> ExportDir("export",
                               cl::desc("With --shard: the folder the shard's results "
                                        "go to (shards may share one)"),
                               cl::value_desc("dir"), cl::cat(MusifyCategory));
cl::list<std::string> MergeExports(
    "exports",
    cl::desc("With musify merge: a folder of the shards' exports (once per folder)"),
    cl::value_desc("dir"), cl::cat(MusifyCategory));

constexpr const char *ExitStatus =
    "\nExit status: 0 migrated; 1 output written, but something needs a look (a "
    "source\nClang could not parse, two parses wanting different edits of one "
    "header, a failed\nwrite, a --fail-on kind found); 2 bad input or options, "
    "nothing written.\n";

const std::string Overview =
    std::string(
        "musify: migrate CUDA code to MUSA or HIP\n\n"
        "  musify file.cu                       print the MUSA version\n"
        "  musify --target=hip file.cu -o out.hip\n"
        "  musify - < file.cu                   the source on standard input\n"
        "  musify --out-root out/ src/          migrate a tree\n"
        "  musify --dry-run --report r.json src/  the effort, nothing written\n"
        "  musify file.cu -- -Iinclude -DNDEBUG  pass flags to Clang\n"
        "  musify -p build/ --in-place          every file of a compile database\n"
        "  musify --shard=2/8 --export x/ ...   one of 8 slices of a migration\n"
        "  musify merge --exports x/ ... --out-root out/  the migration from all "
        "8\n"
        "  musify explain cudaMallocPitch       what a CUDA name becomes\n") +
    ExitStatus;

const std::string MergeOverview =
    std::string(
        "musify merge: the migration of a tree from its shards' exports\n\n"
        "  musify merge --exports DIR [--exports DIR...] <the migration's inputs "
        "and options>\n\n"
        "Each shard ran `musify --shard=K/N --export DIR` with the same inputs and "
        "options;\nthe merge names them again, with what to write and where "
        "(--out-root, --in-place,\n--report, ...), and checks that the shards ran "
        "that migration. An interrupted\nmerge --in-place is completed by running "
        "it again.\n") +
    ExitStatus;

void printVersion(raw_ostream &OS) {
  OS << "musify " << musify::toolVersion() << " (Clang " << LLVM_VERSION_STRING << ")\n";
}

/// Standard error as a terminal may safely show it: control characters (a
/// file name holding an escape sequence) are written as `\xNN`, so input
/// cannot drive the user's terminal. Newlines and tabs stay, and so does the
/// progress line's own "return and erase the line", written as one piece.
class TerminalSafeStream : public raw_ostream {
public:
  explicit TerminalSafeStream(raw_ostream &Out) : Out(Out) { SetUnbuffered(); }
  ~TerminalSafeStream() override { flush(); }
  bool is_displayed() const override { return Out.is_displayed(); }

private:
  void write_impl(const char *Ptr, size_t Size) override {
    static constexpr StringRef EraseLine = "\r\x1b[K";
    if (StringRef(Ptr, Size).starts_with(EraseLine)) {
      Out << EraseLine;
      Ptr += EraseLine.size();
      Size -= EraseLine.size();
    }
    for (const char *End = Ptr + Size; Ptr != End; ++Ptr) {
      unsigned char C = static_cast<unsigned char>(*Ptr);
      if ((C < 0x20 && C != '\n' && C != '\t') || C == 0x7f)
        Out << "\\x" << hexdigit(C >> 4, true) << hexdigit(C & 15, true);
      else
        Out << *Ptr;
    }
  }
  uint64_t current_pos() const override { return Out.tell(); }
  raw_ostream &Out;
};

/// Splits argv at the first `--`: musify's own arguments (with argv[0]) and
/// Clang's, as other Clang tools do.
void splitArguments(int Argc, const char **Argv, std::vector<const char *> &Own,
                    std::vector<std::string> &ForClang) {
  bool AfterDashes = false;
  for (int I = 0; I < Argc; ++I) {
    if (!AfterDashes && I > 0 && StringRef(Argv[I]) == "--")
      AfterDashes = true;
    else if (AfterDashes)
      ForClang.push_back(Argv[I]);
    else
      Own.push_back(Argv[I]);
  }
}

/// "500M" (K, M, G: powers of 1024) in bytes; nullopt if it is no size.
std::optional<uint64_t> sizeInBytes(StringRef Text) {
  unsigned Shift = 0;
  if (!Text.empty())
    switch (toUpper(Text.back())) {
    case 'K':
      Shift = 10;
      break;
    case 'M':
      Shift = 20;
      break;
    case 'G':
      Shift = 30;
      break;
    }
  uint64_t Number;
  if (Text.drop_back(Shift ? 1 : 0).getAsInteger(10, Number) || Number == 0 ||
      Number > (UINT64_MAX >> Shift))
    return std::nullopt;
  return Number << Shift;
}

/// "--target=a, --target=b": the targets Has holds for.
template <typename Pred>
std::string targetsWith(const std::vector<musify::TargetDescription> &Targets, Pred Has) {
  std::vector<std::string> Names;
  for (const musify::TargetDescription &T : Targets)
    if (Has(T))
      Names.push_back("--target=" + T.Name);
  return join(Names, ", ");
}

bool isTarget(const musify::ReportView &View) { return View.DepFileTarget; }

/// The first view of Files that a depfile names (DepFileTarget) or does not.
const musify::ReportView *askedView(const musify::ReportFiles &Files,
                                    bool DepFileTarget) {
  for (const musify::ReportView *View : musify::fileViews())
    if (View->DepFileTarget == DepFileTarget && Files.count(View->Option))
      return View;
  return nullptr;
}

/// A depfile names the files the run writes: there must be one.
std::optional<std::string> viewConflicts(const musify::ReportFiles &Files) {
  if (const musify::ReportView *DepFile = askedView(Files, false))
    if (OutputFile.empty() && !askedView(Files, true))
      return std::string("--") + DepFile->Option +
             " names what depends on the files read: give -o, " +
             musify::viewOptionList(isTarget, "or") + " too";
  return std::nullopt;
}

/// An error message for options that contradict each other or the target
/// (one of Targets), or nullopt.
std::optional<std::string>
conflictingOptions(const musify::TargetDescription &Target,
                   const std::vector<musify::TargetDescription> &Targets) {
  if (!OutputFile.empty() + !OutRoot.empty() + InPlace + DryRun > 1)
    return "-o, --out-root, --in-place and --dry-run exclude each other";
  if (DryRun && !Shard.empty())
    return "--dry-run writes only reports: a shard writes only its export";
  musify::ReportFiles Views = reportFiles();
  if (std::optional<std::string> Why = viewConflicts(Views))
    return Why;
  std::vector<std::string> Kinds(FailOn.begin(), FailOn.end());
  if (std::optional<std::string> Wrong = musify::invalidGateNames(Kinds))
    return Wrong;
  if (Backup && !InPlace)
    return "--backup goes with --in-place";
  if (Inputs.empty() && CompileDatabase.empty())
    return "no input files (see musify --help)";
  if (RenameExtensions && Target.RenamedExtensions.empty())
    return "--rename-extensions: " + Target.DisplayName +
           " keeps CUDA's file extensions (renaming is for " +
           targetsWith(Targets, [](auto &T) { return !T.RenamedExtensions.empty(); }) +
           ")";
  if (Shard.empty() != ExportDir.empty())
    return "--shard and --export go together";
  if (!Shard.empty() && !MergeExports.empty())
    return "--exports goes with musify merge, not with --shard";
  if (!Shard.empty() &&
      (!OutputFile.empty() || !OutRoot.empty() || InPlace || askedView(Views, true)))
    return "a shard writes only its export: give -o, --out-root, --in-place, " +
           musify::viewOptionList(isTarget, "and") + " to musify merge";
  if ((!CacheDir.empty() || !CacheMaxSize.empty()) && !Incremental)
    return "--cache-dir and --cache-max-size go with --incremental";
  if (!CacheMaxSize.empty() && !sizeInBytes(CacheMaxSize))
    return "--cache-max-size=" + CacheMaxSize + ": expected a size such as 500M or 2G";
  if (!CacheDir.empty() && sys::fs::exists(CacheDir.getValue()) &&
      !sys::fs::is_directory(CacheDir.getValue()))
    return "--cache-dir '" + CacheDir + "' is a file, not a folder";
  if ((LaunchAsCall || HipLaunchKernelGGL) && Target.LaunchFunction.empty())
    return std::string(LaunchAsCall ? "--launch-as-call" : "--hip-launch-kernel-ggl") +
           " needs a target with a launch call (" +
           targetsWith(Targets, [](auto &T) { return !T.LaunchFunction.empty(); }) + ")";
  if (!HipVersion.empty() && !Target.Versioned)
    return "--hip-version needs a target with versions (" +
           targetsWith(Targets, [](auto &T) { return T.Versioned.has_value(); }) + ")";
  if (!HipVersion.empty() && !musify::parseVersion(HipVersion))
    return "--hip-version=" + HipVersion + ": expected a version such as 6.3";
  return std::nullopt;
}

/// Why `-` (standard input) cannot be an input of this run, or nullopt.
std::optional<std::string> stdinConflicts(bool Merging) {
  if (Inputs.size() > 1)
    return std::string("'-' (standard input) is the only input of its run");
  if (!OutRoot.empty() || InPlace)
    return std::string("standard input is migrated to standard output or -o, not with "
                       "--out-root or --in-place");
  if (!CompileDatabase.empty() || !Shard.empty() || Merging)
    return std::string("standard input is one source: it takes no -p, --shard or merge");
  if (const musify::ReportView *DepFile = askedView(reportFiles(), false))
    return std::string("--") + DepFile->Option +
           " lists files a build depends on; standard input is none";
  return std::nullopt;
}

/// The options of one run, from the command line.
musify::MigrationOptions migrationOptions(musify::TargetDescription Target,
                                          std::vector<std::string> ClangArgs) {
  musify::MigrationOptions Options;
  Options.Target = std::move(Target);
  Options.Inputs.assign(Inputs.begin(), Inputs.end());
  if (!OutputFile.empty()) {
    Options.Output = musify::OutputMode::File;
    Options.OutputFile = OutputFile;
  } else if (!OutRoot.empty()) {
    Options.Output = musify::OutputMode::OutRoot;
    Options.OutRoot = OutRoot;
  } else if (InPlace) {
    Options.Output = musify::OutputMode::InPlace;
  } else if (DryRun) {
    Options.Output = musify::OutputMode::None;
  }
  Options.Backup = Backup;
  Options.Reports = reportFiles();
  Options.FailOn.assign(FailOn.begin(), FailOn.end());
  Options.CudaPath = CudaPath;
  Options.ClangArgs = std::move(ClangArgs);
  Options.LaunchAsCall = LaunchAsCall || HipLaunchKernelGGL;
  Options.AllowFallback = AllowFallback;
  Options.DeviceSide = !NoDeviceSide;
  Options.ShareHeaders = !NoSharedHeaders;
  Options.ShareSdkHeaders = !NoSharedSdkHeaders;
  Options.SkipBodies = !ParseAllBodies;
  Options.Quiet = Quiet;
  Options.RewriteStrings = RewriteStrings;
  Options.InlineFindings = !NoInlineFindings;
  Options.Verbose = Verbose && !Quiet;
  Options.Jobs = Jobs;
  Options.MemoryBudgetMiB = MemoryBudget;
  Options.IncludeGlobs.assign(IncludeGlobs.begin(), IncludeGlobs.end());
  Options.ExcludeGlobs.assign(ExcludeGlobs.begin(), ExcludeGlobs.end());
  Options.CompileDatabaseDir = CompileDatabase;
  Options.RenameExtensions = RenameExtensions;
  Options.Incremental = Incremental;
  Options.CacheDir = CacheDir;
  if (!CacheMaxSize.empty())
    Options.CacheMaxBytes = *sizeInBytes(CacheMaxSize);
  return Options;
}

/// Every target the rules folder describes.
Expected<std::vector<musify::TargetDescription>> loadTargets(StringRef Rules) {
  std::vector<musify::TargetDescription> Targets;
  for (const std::string &Name : musify::availableTargets(Rules)) {
    Expected<musify::TargetDescription> Target = musify::loadTarget(Rules, Name);
    if (!Target)
      return Target.takeError();
    Targets.push_back(std::move(*Target));
  }
  if (Targets.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no rules in %s: no folder there has a target.json",
                             Rules.str().c_str());
  return Targets;
}

/// The target named by --target, else the default one.
Expected<musify::TargetDescription>
chosenTarget(StringRef Rules, const std::vector<musify::TargetDescription> &Targets) {
  for (const musify::TargetDescription &T : Targets)
    if (TargetName.empty() ? T.Default : T.Name == TargetName)
      return T;
  std::vector<std::string> Names;
  for (const musify::TargetDescription &T : Targets)
    Names.push_back(T.Name);
  if (TargetName.empty())
    return createStringError(inconvertibleErrorCode(),
                             "%s names no default target; choose one with --target (%s)",
                             Rules.str().c_str(), join(Names, ", ").c_str());
  return createStringError(inconvertibleErrorCode(), "no target '%s' in %s (targets: %s)",
                           TargetName.c_str(), Rules.str().c_str(),
                           join(Names, ", ").c_str());
}

int fail(const Twine &Message) {
  errs() << "musify: error: " << Message << "\n";
  return musify::ExitBadInput;
}

std::string absolutePath(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

/// What decides this run's migration, as a shard's manifest records it and
/// a merge checks it: the inputs and the options that change what is
/// written, paths made absolute (`./src` and `src` are one input). Not -j,
/// --quiet, --verbose, the cache, nor where the output and reports go: the
/// shards of one migration may differ in those, and a merge names its own.
musify::MigrationSettings migrationSettings(const musify::MigrationOptions &Options) {
  musify::MigrationSettings Settings;
  auto Text = [&](StringRef Name, StringRef Value) {
    if (!Value.empty())
      Settings[Name.str()] = {Value.str()};
  };
  auto Path = [&](StringRef Name, StringRef Value) {
    if (!Value.empty())
      Settings[Name.str()] = {absolutePath(Value)};
  };
  auto Flag = [&](StringRef Name, bool On) {
    if (On)
      Settings[Name.str()] = {"on"};
  };
  for (const std::string &Input : Inputs)
    Settings["inputs"].push_back(absolutePath(Input));
  Text("--target", Options.Target.Name);
  Text("--hip-version", HipVersion);
  Path("--cuda-path", CudaPath);
  Path("--rules-dir", RulesDir);
  for (const std::string &File : UserRules)
    Settings["--rules"].push_back(absolutePath(File));
  Path("-p", CompileDatabase);
  Settings["--include"].assign(IncludeGlobs.begin(), IncludeGlobs.end());
  Settings["--exclude"].assign(ExcludeGlobs.begin(), ExcludeGlobs.end());
  Flag("--launch-as-call", LaunchAsCall);
  Flag("--hip-launch-kernel-ggl", HipLaunchKernelGGL);
  Flag("--allow-fallback", AllowFallback);
  Flag("--rewrite-strings", RewriteStrings);
  Flag("--no-device-side", NoDeviceSide);
  Flag("--no-shared-headers", NoSharedHeaders);
  Flag("--no-shared-sdk-headers", NoSharedSdkHeaders);
  Flag("--parse-all-bodies", ParseAllBodies);
  Flag("--rename-extensions", RenameExtensions);
  // Clang's arguments as written: relative paths in them (-Iinclude) are
  // relative to the working folder, which then counts too.
  if (!Options.ClangArgs.empty()) {
    Settings["clang arguments"] = Options.ClangArgs;
    Settings["working folder"] = {absolutePath(".")};
  }
  for (auto It = Settings.begin(); It != Settings.end();)
    It = It->second.empty() ? Settings.erase(It) : std::next(It);
  return Settings;
}

/// `musify merge`: the shards' manifests in --exports, checked against this
/// run's own settings. The merge writes what and where its own command line
/// says; a manifest contributes the shards' parses, never a command line.
Expected<musify::MergePlan> planMergeOf(const musify::MigrationOptions &Options) {
  if (MergeExports.empty()) {
    std::string Hint;
    for (const std::string &Input : Inputs) {
      std::error_code EC;
      for (sys::fs::directory_iterator It(Input, EC), End; It != End && !EC;
           It.increment(EC))
        if (sys::path::filename(It->path()).starts_with("shard-"))
          Hint = " ('" + Input + "' holds shard manifests: name it with --exports)";
    }
    return createStringError(inconvertibleErrorCode(),
                             "musify merge: name the shards' export folders with "
                             "--exports DIR, then the migration's inputs and options%s",
                             Hint.c_str());
  }
  std::vector<std::string> Folders;
  for (const std::string &Folder : MergeExports)
    Folders.push_back(absolutePath(Folder));
  Expected<musify::MergePlan> Plan = musify::planMerge(Folders);
  if (!Plan)
    return Plan.takeError();
  std::string Why = musify::settingsDifference(migrationSettings(Options), "this merge",
                                               Plan->Run.Settings, Plan->FirstManifest);
  if (!Why.empty())
    return createStringError(inconvertibleErrorCode(),
                             "musify merge: the shards ran another migration than this "
                             "merge names: %s",
                             Why.c_str());
  return Plan;
}

/// The target's rule tables from Rules, with the --rules files; what they
/// were read from goes into Options.RuleSources (the cache keys).
Expected<musify::RuleTable> loadRules(const std::string &Rules,
                                      musify::MigrationOptions &Options) {
  Expected<musify::RuleTable> Table = musify::loadTargetRules(Rules, Options.Target.Name);
  if (!Table)
    return Table.takeError();
  Options.RuleSources.push_back(Rules);
  Options.RuleSources.insert(Options.RuleSources.end(), UserRules.begin(),
                             UserRules.end());
  for (const std::string &File : UserRules)
    if (Error E = Table->addUserFile(File, Options.Target.Name))
      return E;
  return Table;
}

/// --shard and --export, or the merge's plan, into Options; an error message
/// for a wrong --shard or a merge that does not fit its shards.
std::optional<std::string> splitOptions(musify::MigrationOptions &Options, bool Merging) {
  if (!Merging && !MergeExports.empty())
    return std::string("--exports goes with musify merge");
  if (Merging) {
    if (!Shard.empty())
      return std::string("musify merge takes no --shard: it merges every shard");
    Expected<musify::MergePlan> Plan = planMergeOf(Options);
    if (!Plan)
      return toString(Plan.takeError());
    Options.MergeFolders = Plan->Folders;
    Options.MergeUnits = Plan->Run.Units;
    Options.MergeInputDigests = Plan->Run.InputDigests;
    Options.MergeDigest = Plan->Run.RunDigest;
  }
  if (Shard.empty())
    return std::nullopt;
  Expected<std::pair<unsigned, unsigned>> Parsed = musify::parseShard(Shard);
  if (!Parsed)
    return toString(Parsed.takeError());
  std::tie(Options.ShardIndex, Options.ShardCount) = *Parsed;
  Options.ExportDir = ExportDir;
  Options.ShardSettings = migrationSettings(Options);
  return std::nullopt;
}

/// The folder Parts name in share/musify beside the executable's folder,
/// installed or in the build tree.
std::string sharedFolder(const char *Argv0, std::initializer_list<StringRef> Parts) {
  std::string Exe =
      sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&sharedFolder));
  SmallString<256> Folder(sys::path::parent_path(Exe));
  sys::path::append(Folder, "..", "share", "musify");
  for (StringRef Part : Parts)
    sys::path::append(Folder, Part);
  sys::path::remove_dots(Folder, /*remove_dot_dot=*/true);
  return Folder.str().str();
}

/// The folder of the rule tables when --rules-dir names none.
std::string defaultRulesDir(const char *Argv0) { return sharedFolder(Argv0, {"rules"}); }

/// musify's helper headers for the target where a migrated source may
/// include one (a table names a helper, or launches as calls go through
/// the target's launch header) and they are installed; else "".
std::string helpersDir(const char *Argv0, const musify::MigrationOptions &Options,
                       const musify::RuleTable &Table) {
  bool MayInclude = Options.LaunchAsCall && !Options.Target.LaunchHeader.empty();
  Table.forEach([&](const musify::Rule &R) { MayInclude |= !R.Helper.empty(); });
  std::string Dir = sharedFolder(Argv0, {Options.Target.Name, "include"});
  return MayInclude && sys::fs::is_directory(Dir) ? Dir : "";
}

/// What the loaded tables settle of Options: the target's version, where
/// it has versions, and musify's helper folder.
void settleWithTables(const char *Argv0, musify::MigrationOptions &Options,
                      const musify::RuleTable &Table) {
  if (Options.Target.Versioned) {
    std::tie(Options.TargetVersion, Options.TargetVersionChosenBy) =
        musify::chooseVersion(Options.Target, Table, HipVersion);
    if (auto Why = musify::beyondTables(Options.Target, Table, Options.TargetVersion);
        Why && !Options.Quiet)
      errs() << "musify: warning: " << *Why << " (" << Options.TargetVersionChosenBy
             << ")\n";
  }
  Options.HelpersDir = helpersDir(Argv0, Options, Table);
}

} // namespace

/// Process-wide settings, made before any worker thread starts.
static void prepareProcess() {
  // A crash of Clang on one translation unit is contained (frontend/).
  llvm::CrashRecoveryContext::Enable();
  // A unit's AST lives in large blocks, freed when the unit is done. Once
  // such a block is freed, glibc raises its mmap threshold above it and keeps
  // later ones in the heap, where they outlive their unit; a fixed threshold
  // gives them back, so peak memory is what the units being parsed use.
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
  // Clang counts header lookups in LLVM statistics, whose lock LLVM creates
  // on first use; create it here, so no two parses race to create it.
  llvm::ResetStatistics();
  // A write past the file-size limit (`ulimit -f`) fails as one to a full
  // disk does, and is said for its file; the signal it raises would end the
  // run as a crash (LLVM's handlers, installed by now, count it as one).
  std::signal(SIGXFSZ, SIG_IGN);
}

int main(int argc, const char **argv) {
  InitLLVM Init(argc, argv);
  if (argc > 1 && StringRef(argv[1]) == "explain")
    return musify::runExplain(ArrayRef(argv + 2, argc - 2), defaultRulesDir(argv[0]),
                              outs(), errs());
  prepareProcess();

  // musify merge is a migration like any other, named by its own command
  // line, whose parses come from the shards' exports (--exports).
  bool Merging = argc > 1 && StringRef(argv[1]) == "merge";
  std::vector<const char *> Args(argv, argv + argc);
  if (Merging)
    Args.erase(Args.begin() + 1);

  std::vector<const char *> Own;
  std::vector<std::string> ClangArgs;
  splitArguments(Args.size(), Args.data(), Own, ClangArgs);
  cl::HideUnrelatedOptions(MusifyCategory);
  cl::SetVersionPrinter(printVersion);
  if (!cl::ParseCommandLineOptions(Own.size(), Own.data(),
                                   Merging ? MergeOverview : Overview, &errs()))
    return musify::ExitBadInput;

  std::string Rules = RulesDir.empty() ? defaultRulesDir(argv[0]) : std::string(RulesDir);
  Expected<std::vector<musify::TargetDescription>> Targets = loadTargets(Rules);
  if (!Targets)
    return fail(toString(Targets.takeError()));
  Expected<musify::TargetDescription> Target = chosenTarget(Rules, *Targets);
  if (!Target)
    return fail(toString(Target.takeError()));
  if (std::optional<std::string> Conflict = conflictingOptions(*Target, *Targets))
    return fail(*Conflict);

  // Declared before Options, so it outlives the run that reads its file.
  std::optional<musify::StdinInput> Stdin;
  if (is_contained(Inputs, "-")) {
    if (std::optional<std::string> Wrong = stdinConflicts(Merging))
      return fail(*Wrong);
    Expected<musify::StdinInput> Read = musify::StdinInput::read();
    if (!Read)
      return fail(toString(Read.takeError()));
    Stdin.emplace(std::move(*Read));
  }
  musify::MigrationOptions Options = migrationOptions(*Target, std::move(ClangArgs));
  Options.CommandLine.assign(Args.begin(), Args.end());
  if (Stdin) {
    Options.Inputs = {Stdin->path()};
    Options.StdinFile = Stdin->path();
    Options.ClangArgs.push_back("-iquote" + absolutePath("."));
  }
  if (std::optional<std::string> Wrong = splitOptions(Options, Merging))
    return fail(*Wrong);
  Expected<musify::RuleTable> Table = loadRules(Rules, Options);
  if (!Table)
    return fail(toString(Table.takeError()));
  settleWithTables(argv[0], Options, *Table);
  TerminalSafeStream Errors(errs());
  return musify::Session(std::move(Options), *Table).run(outs(), Errors);
}
