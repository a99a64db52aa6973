// musify: the command line. Parses options into MigrationOptions, loads the rule
// tables of the target and runs one migration Session.
#include "Session.h"
#include "rules/RuleTable.h"
#include "rules/TargetVersion.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

using namespace llvm;

namespace {

cl::OptionCategory MusifyCategory("musify options");

cl::list<std::string> Inputs(cl::Positional, cl::desc("<file or folder>..."),
                             cl::cat(MusifyCategory));
cl::opt<musify::TargetApi>
    Target("target", cl::desc("The API to migrate to"),
           cl::values(clEnumValN(musify::TargetApi::Musa, "musa",
                                 "Moore Threads MUSA (default)"),
                      clEnumValN(musify::TargetApi::Hip, "hip", "AMD HIP")),
           cl::init(musify::TargetApi::Musa), cl::cat(MusifyCategory));
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
cl::opt<std::string> CacheDir(
    "cache-dir",
    cl::desc("The --incremental cache (default: $XDG_CACHE_HOME/musify, then "
             "~/.cache/musify)"),
    cl::value_desc("dir"), cl::cat(MusifyCategory));

void printVersion(raw_ostream &OS) {
  OS << "musify " << musify::toolVersion() << " (Clang " << LLVM_VERSION_STRING
     << ")\n";
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM Init(argc, argv);
  // A crash of Clang on one translation unit is contained (frontend/).
  llvm::CrashRecoveryContext::Enable();

  // Everything after `--` is for Clang, as with other Clang tools.
  std::vector<const char *> Own;
  std::vector<std::string> ClangArgs;
  bool ForClang = false;
  for (int I = 0; I < argc; ++I) {
    if (!ForClang && I > 0 && StringRef(argv[I]) == "--") {
      ForClang = true;
      continue;
    }
    if (ForClang)
      ClangArgs.push_back(argv[I]);
    else
      Own.push_back(argv[I]);
  }

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

  int Modes = !OutputFile.empty() + !OutRoot.empty() + InPlace;
  if (Modes > 1) {
    errs() << "musify: error: -o, --out-root and --in-place exclude each other\n";
    return musify::ExitBadInput;
  }
  if (Backup && !InPlace) {
    errs() << "musify: error: --backup goes with --in-place\n";
    return musify::ExitBadInput;
  }
  if (Inputs.empty() && CompileDatabase.empty()) {
    errs() << "musify: error: no input files (see musify --help)\n";
    return musify::ExitBadInput;
  }

  musify::MigrationOptions Options;
  Options.Target = Target;
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
  Options.CudaPath = CudaPath;
  Options.ClangArgs = std::move(ClangArgs);
  Options.HipLaunchKernelGGL = HipLaunchKernelGGL;
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
  if (RenameExtensions && Target != musify::TargetApi::Musa) {
    errs() << "musify: error: --rename-extensions renames .cu/.cuh to .mu/.muh for "
              "MUSA; hipcc compiles .cu files as they are\n";
    return musify::ExitBadInput;
  }
  if (!CacheDir.empty() && !Incremental) {
    errs() << "musify: error: --cache-dir goes with --incremental\n";
    return musify::ExitBadInput;
  }
  if (!CacheDir.empty() && llvm::sys::fs::exists(CacheDir.getValue()) &&
      !llvm::sys::fs::is_directory(CacheDir.getValue())) {
    errs() << "musify: error: --cache-dir '" << CacheDir << "' is a file, not a folder\n";
    return musify::ExitBadInput;
  }
  if (HipLaunchKernelGGL && Target != musify::TargetApi::Hip) {
    errs() << "musify: error: --hip-launch-kernel-ggl needs --target=hip\n";
    return musify::ExitBadInput;
  }

  if (!HipVersion.empty() && Target != musify::TargetApi::Hip) {
    errs() << "musify: error: --hip-version needs --target=hip\n";
    return musify::ExitBadInput;
  }
  if (!HipVersion.empty() && !musify::parseVersion(HipVersion)) {
    errs() << "musify: error: --hip-version=" << HipVersion
           << ": expected a version such as 6.3\n";
    return musify::ExitBadInput;
  }

  std::string Rules = RulesDir.empty() ? musify::defaultRulesDir(argv[0])
                                       : std::string(RulesDir);
  Expected<musify::RuleTable> Table =
      musify::RuleTable::loadDirectory(Rules, musify::targetRuleFolder(Target));
  if (!Table) {
    errs() << "musify: error: " << toString(Table.takeError()) << "\n";
    return musify::ExitBadInput;
  }
  Options.RuleSources.push_back(Rules);
  Options.RuleSources.insert(Options.RuleSources.end(), UserRules.begin(),
                             UserRules.end());
  for (const std::string &File : UserRules)
    if (Error E = Table->addUserFile(File, musify::targetRuleFolder(Target))) {
      errs() << "musify: error: " << toString(std::move(E)) << "\n";
      return musify::ExitBadInput;
    }
  if (Target == musify::TargetApi::Hip) {
    if (!HipVersion.empty()) {
      Options.HipVersion = musify::versionText(*musify::parseVersion(HipVersion));
      Options.HipVersionChosenBy = "--hip-version";
    } else if (auto Installed = musify::installedHipVersion()) {
      Options.HipVersion = Installed->first;
      Options.HipVersionChosenBy = "the installed HIP (" + Installed->second + ")";
    } else {
      Options.HipVersion = musify::newestHipVersion(*Table);
      Options.HipVersionChosenBy = "the newest HIP the rule tables know (no HIP installed)";
    }
  }
  return musify::Session(std::move(Options), *Table).run(outs(), errs());
}
