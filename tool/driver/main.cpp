// musify: the command line. Parses options into MigrationOptions, loads the rule
// tables of the target and runs one migration Session.
#include "Session.h"
#include "rules/RuleTable.h"
#include "rules/TargetDescription.h"
#include "rules/TargetVersion.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

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
cl::opt<std::string> ReportFile("report", cl::desc("Write the JSON migration report"),
                                cl::value_desc("file.json"), cl::cat(MusifyCategory));
cl::opt<std::string> SarifFile(
    "sarif",
    cl::desc("Write every finding as SARIF 2.1.0 (code-scanning views and editors "
             "read it), paths relative to the inputs' common folder"),
    cl::value_desc("file.sarif"), cl::cat(MusifyCategory));
cl::opt<std::string> HtmlFile(
    "html",
    cl::desc("Write the report as one self-contained HTML page: totals, charts, each "
             "file side by side with its migration, the names left to migrate"),
    cl::value_desc("file.html"), cl::cat(MusifyCategory));
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
cl::opt<bool> HipLaunchKernelGGL(
    "hip-launch-kernel-ggl",
    cl::desc("HIP: write kernel<<<...>>>(...) launches as hipLaunchKernelGGL(...)"),
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

/// "--target=a, --target=b": the targets Has holds for.
template <typename Pred>
std::string targetsWith(const std::vector<musify::TargetDescription> &Targets, Pred Has) {
  std::vector<std::string> Names;
  for (const musify::TargetDescription &T : Targets)
    if (Has(T))
      Names.push_back("--target=" + T.Name);
  return join(Names, ", ");
}

/// An error message for options that contradict each other or the target
/// (one of Targets), or nullopt.
std::optional<std::string>
conflictingOptions(const musify::TargetDescription &Target,
                   const std::vector<musify::TargetDescription> &Targets) {
  if (!OutputFile.empty() + !OutRoot.empty() + InPlace > 1)
    return "-o, --out-root and --in-place exclude each other";
  if (Backup && !InPlace)
    return "--backup goes with --in-place";
  if (Inputs.empty() && CompileDatabase.empty())
    return "no input files (see musify --help)";
  if (RenameExtensions && Target.RenamedExtensions.empty())
    return "--rename-extensions: " + Target.DisplayName +
           " keeps CUDA's file extensions (renaming is for " +
           targetsWith(Targets, [](auto &T) { return !T.RenamedExtensions.empty(); }) +
           ")";
  if (!CacheDir.empty() && !Incremental)
    return "--cache-dir goes with --incremental";
  if (!CacheDir.empty() && sys::fs::exists(CacheDir.getValue()) &&
      !sys::fs::is_directory(CacheDir.getValue()))
    return "--cache-dir '" + CacheDir + "' is a file, not a folder";
  if (HipLaunchKernelGGL && Target.LaunchFunction.empty())
    return "--hip-launch-kernel-ggl needs a target with a launch call (" +
           targetsWith(Targets, [](auto &T) { return !T.LaunchFunction.empty(); }) + ")";
  if (!HipVersion.empty() && !Target.Versioned)
    return "--hip-version needs a target with versions (" +
           targetsWith(Targets, [](auto &T) { return T.Versioned.has_value(); }) + ")";
  if (!HipVersion.empty() && !musify::parseVersion(HipVersion))
    return "--hip-version=" + HipVersion + ": expected a version such as 6.3";
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
  }
  Options.Backup = Backup;
  Options.ReportFile = ReportFile;
  Options.SarifFile = SarifFile;
  Options.HtmlFile = HtmlFile;
  Options.CudaPath = CudaPath;
  Options.ClangArgs = std::move(ClangArgs);
  Options.LaunchAsCall = HipLaunchKernelGGL;
  Options.AllowFallback = AllowFallback;
  Options.DeviceSide = !NoDeviceSide;
  Options.Quiet = Quiet;
  Options.RewriteStrings = RewriteStrings;
  Options.Verbose = Verbose && !Quiet;
  Options.Jobs = Jobs;
  Options.IncludeGlobs.assign(IncludeGlobs.begin(), IncludeGlobs.end());
  Options.ExcludeGlobs.assign(ExcludeGlobs.begin(), ExcludeGlobs.end());
  Options.CompileDatabaseDir = CompileDatabase;
  Options.RenameExtensions = RenameExtensions;
  Options.Incremental = Incremental;
  Options.CacheDir = CacheDir;
  return Options;
}

/// The version a versioned target migrates to, and how it was chosen: the
/// option, the installed one, else the newest the tables know.
void chooseTargetVersion(musify::MigrationOptions &Options,
                         const musify::RuleTable &Table) {
  const std::string &Name = Options.Target.DisplayName;
  if (!HipVersion.empty()) {
    Options.TargetVersion = musify::versionText(*musify::parseVersion(HipVersion));
    Options.TargetVersionChosenBy = "--hip-version";
  } else if (auto Installed = musify::installedVersion(Options.Target)) {
    Options.TargetVersion = Installed->first;
    Options.TargetVersionChosenBy =
        "the installed " + Name + " (" + Installed->second + ")";
  } else {
    Options.TargetVersion = musify::newestVersion(Table);
    Options.TargetVersionChosenBy =
        "the newest " + Name + " the rule tables know (no " + Name + " installed)";
  }
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

} // namespace

int main(int argc, const char **argv) {
  InitLLVM Init(argc, argv);
  // A crash of Clang on one translation unit is contained (frontend/).
  llvm::CrashRecoveryContext::Enable();

  std::vector<const char *> Own;
  std::vector<std::string> ClangArgs;
  splitArguments(argc, argv, Own, ClangArgs);
  cl::HideUnrelatedOptions(MusifyCategory);
  cl::SetVersionPrinter(printVersion);
  if (!cl::ParseCommandLineOptions(
          Own.size(), Own.data(),
          "musify: migrate CUDA code to MUSA or HIP\n\n"
          "  musify file.cu                       print the MUSA version\n"
          "  musify --target=hip file.cu -o out.hip\n"
          "  musify --out-root out/ src/          migrate a tree\n"
          "  musify file.cu -- -Iinclude -DNDEBUG  pass flags to Clang\n"
          "  musify -p build/ --in-place          every file of a compile database\n",
          &errs()))
    return musify::ExitBadInput;

  std::string Rules =
      RulesDir.empty() ? musify::defaultRulesDir(argv[0]) : std::string(RulesDir);
  Expected<std::vector<musify::TargetDescription>> Targets = loadTargets(Rules);
  if (!Targets)
    return fail(toString(Targets.takeError()));
  Expected<musify::TargetDescription> Target = chosenTarget(Rules, *Targets);
  if (!Target)
    return fail(toString(Target.takeError()));
  if (std::optional<std::string> Conflict = conflictingOptions(*Target, *Targets))
    return fail(*Conflict);

  musify::MigrationOptions Options = migrationOptions(*Target, std::move(ClangArgs));
  Options.CommandLine.assign(argv, argv + argc);
  Expected<musify::RuleTable> Table =
      musify::RuleTable::loadDirectory(Rules, Target->Name);
  if (!Table)
    return fail(toString(Table.takeError()));
  Options.RuleSources.push_back(Rules);
  Options.RuleSources.insert(Options.RuleSources.end(), UserRules.begin(),
                             UserRules.end());
  for (const std::string &File : UserRules)
    if (Error E = Table->addUserFile(File, Target->Name))
      return fail(toString(std::move(E)));
  if (Target->Versioned)
    chooseTargetVersion(Options, *Table);
  TerminalSafeStream Errors(errs());
  return musify::Session(std::move(Options), *Table).run(outs(), Errors);
}
