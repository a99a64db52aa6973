// musify explain: one CUDA name at a time, what a migration to each target
// makes of it (decided by the migration's own Decider, for the target version
// a migration would write for) and what the tables say of it.
#include "Explain.h"

#include "Session.h"
#include "decide/Decider.h"
#include "hazards/HazardCheck.h"
#include "rules/RuleTable.h"
#include "rules/TargetDescription.h"
#include "rules/TargetVersion.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace llvm;

namespace musify {
namespace {

const char Usage[] =
    "usage: musify explain [--rules-dir=DIR] [--target=NAME] [--hip-version=X.Y]\n"
    "                      [--rules=FILE]... [--] NAME...\n\n"
    "Prints what a migration makes of each CUDA name (a function, type, macro,\n"
    "enumerator, header, PyTorch name in C++ or Python, build-file word, nvcc\n"
    "flag) on every target, or on --target's, for the target version a migration\n"
    "would write for (--hip-version chooses it, as for a migration): what it is\n"
    "written as and whether it is migrated, kept or unsupported, then what the\n"
    "tables know of it: the versions that added, deprecated or removed it, the\n"
    "rule's note and how the mapping is known; near matches for a name no table\n"
    "knows. A hazard's code (warp-size, inline-asm, ...) prints what it finds.\n"
    "Names after -- may begin with '-' (nvcc flags: musify explain -- -G).\n"
    "--rules adds a user's rules to --target's tables, as for a migration.\n"
    "Exit status: 0 every name is known, 1 one is not, 2 bad usage.\n";

struct Tables {
  TargetDescription Target;
  RuleTable Rules;
  /// The version a migration writes for (a versioned target), else empty.
  std::string Version;

  /// "HIP 5.2", "MUSA": whose migration an answer is.
  std::string title() const {
    return Target.DisplayName + (Version.empty() ? "" : " " + Version);
  }
};

bool isHeaderName(StringRef Name) {
  return Name.contains('/') || Name.ends_with(".h") || Name.ends_with(".hpp") ||
         Name.ends_with(".cuh") || Name.ends_with(".inl");
}

const Rule *lookUp(const RuleTable &Rules, StringRef Name) {
  return isHeaderName(Name) ? Rules.findHeader(Name) : Rules.findIdentifier(Name);
}

/// How a call's arguments change, one line each.
void printCall(const CallRewrite &Call, raw_ostream &Out) {
  for (const auto &[Arity, Name] : Call.ByArity)
    Out << "      with " << Arity << " argument(s) the call becomes " << Name << "\n";
  if (Call.Drop)
    Out << "      argument " << *Call.Drop + 1 << " is dropped (the target takes none)\n";
  for (const auto &[Index, Text] : Call.Defaults)
    Out << "      argument " << Index + 1 << " is written as " << Text
        << " where the call leaves it out\n";
  for (const auto &[Index, Around] : Call.Wrap)
    Out << "      argument " << Index + 1 << " is written inside " << Around.first
        << "..." << Around.second << "\n";
}

/// The text a migration's reference to R is decided in: the name, an
/// #include of a header, or a call of a function (where a migration by
/// spelling tells a function from a variable), with as many arguments as
/// its rule rewrites (a dropped one spelt as the rule calls harmless, where
/// it names a spelling).
std::string exampleUse(const Rule &R, StringRef Name) {
  if (R.Kind == RuleKind::Header)
    return "#include <" + Name.str() + ">";
  if (R.Kind != RuleKind::Function)
    return Name.str();
  if (!R.Call)
    return Name.str() + "()";
  const CallRewrite &Call = *R.Call;
  unsigned Count = 1;
  for (const auto &Each : Call.Wrap)
    Count = std::max(Count, Each.first + 1);
  if (Call.Drop)
    Count = std::max(Count, *Call.Drop + 1);
  if (!Call.Defaults.empty())
    Count = std::max(Count, Call.Defaults.begin()->first);
  std::string Text = Name.str() + "(";
  for (unsigned I = 0; I < Count; ++I)
    Text += (I ? ", " : "") + (Call.Drop && *Call.Drop == I && !Call.DropHarmless.empty()
                                   ? Call.DropHarmless.front()
                                   : "a" + std::to_string(I));
  return Text + ")";
}

/// What a migration to T decides for a use of Name, which R describes: the
/// event its Decider records for a reference in Use (exampleUse).
Event migrationOf(const Tables &T, RuleKind Kind, StringRef Name, StringRef Use) {
  Reference Ref;
  bool Header = Kind == RuleKind::Header;
  size_t Scope = Header ? StringRef::npos : Name.rfind("::");
  unsigned Begin = Header ? 9 : Scope == StringRef::npos ? 0 : Scope + 2;
  Ref.Name = Header ? Name.str() : Name.drop_front(Begin).str();
  Ref.QualifiedName = Header || Scope == StringRef::npos ? "" : Name.str();
  Ref.Length = Header ? Name.size() + 2 : Ref.Name.size();
  Ref.Kind = Kind;
  Ref.At = {"<explain>", Begin, 1, Begin + 1};
  Decider Decide(T.Rules, T.Target, /*LaunchAsCall=*/false, T.Version);
  return Decide.decide(Ref, (Use + "\n").str(), {}).Outcome;
}

/// A decision's status as explain prints it: the report's, with a person's
/// review where the migration asks for one.
std::string statusOf(const Event &E) {
  bool Migrated = E.Status == EventStatus::Migrated ||
                  E.Status == EventStatus::MigratedWithoutSemantics;
  return std::string(Migrated ? "migrated" : eventStatusName(E.Status)) +
         (E.NeedsReview ? ", for review" : "");
}

/// The first line of a target's answer: what the migration writes, and how
/// it decided.
void printAnswer(const Tables &T, StringRef Written, bool Left, StringRef Status,
                 raw_ostream &Out) {
  Out << "  " << T.title() << ": " << (Left ? StringRef("(left as it is)") : Written)
      << " [" << Status << "]\n";
}

/// What T's migration makes of Cuda (First is the rule another target's
/// tables have, when T's have none) and what T's rule says.
void printRule(const Rule *Own, const Rule &First, const Tables &T, StringRef Cuda,
               raw_ostream &Out) {
  std::string Use = exampleUse(Own ? *Own : First, Cuda);
  Event E = migrationOf(T, First.Kind, Cuda, Use);
  printAnswer(T, E.Replacement,
              E.Status == EventStatus::Unsupported || E.Status == EventStatus::Unknown,
              statusOf(E), Out);
  auto Line = [&](StringRef Label, StringRef Text) {
    if (!Text.empty())
      Out << "      " << Label << ": " << Text << "\n";
  };
  if (!Own)
    return Line("in this migration", E.Note);
  const Rule &R = *Own;
  if (R.Call)
    Line("as in", Use);
  if (E.Note != R.Note)
    Line("in this migration", E.Note);
  if (R.Status != RuleStatus::Supported && R.Status != RuleStatus::Unsupported)
    Line("in the tables", ruleStatusName(R.Status));
  const TargetDescription &Target = T.Target;
  std::string Name = Target.DisplayName;
  Line("added in " + Name, R.Added);
  Line("deprecated in " + Name, R.Deprecated);
  Line("removed in " + Name, R.Removed);
  Line("missing from the headers of " + Name, R.HeadersLack);
  Line("deprecated in CUDA", R.CudaDeprecated);
  Line("removed in CUDA", R.CudaRemoved);
  if (!R.Helper.empty())
    Line("declared by musify's helper header",
         R.Helper +
             (R.HelperReplacement.empty() ? "" : " (as " + R.HelperReplacement + ")"));
  if (R.Call)
    printCall(*R.Call, Out);
  if (!R.TargetOverloads.empty())
    Line("the target declares only", join(R.TargetOverloads, "; "));
  if (R.DefinedTestsOnly)
    Out << "      only in #ifdef and defined() tests; used as a value it has no "
           "counterpart\n";
  if (R.Erase)
    Out << "      erased: the target needs nothing in its place\n";
  if (R.Disputed)
    Out << "      disputed: the sources disagree, so every use is reported\n";
  Line("note", R.Note);
  Line("source", R.Source);
  Line("known from", R.VerifiedBy);
}

/// How many kinds of build-file and Python entries there are (PythonCompanion
/// is the last of BuildRuleKind).
constexpr int BuildKinds = static_cast<int>(BuildRuleKind::PythonCompanion) + 1;

/// What a build-file or Python migration makes of a word: the entry that
/// decides it and what it becomes (empty: the target lacks it).
struct BuildAnswer {
  const BuildRule *Rule = nullptr;
  std::string Becomes;
};

/// The answer for Name as a word of Kind (`CMAKE_CUDA_FLAGS`, `nvcc`, `-G`,
/// `.cuda()`): its entry; for a Python API path (`torch.cuda.amp.autocast`),
/// the entry it resolves through, as the migration of Python code resolves it.
std::optional<BuildAnswer> lookUpBuild(const BuildRules &Build, BuildRuleKind Kind,
                                       StringRef Name) {
  if (Kind == BuildRuleKind::PythonApi) {
    if (std::optional<BuildRules::PythonApiResolution> Api = Build.resolvePythonApi(Name))
      return BuildAnswer{Api->Rule, Api->NewPath};
    return std::nullopt;
  }
  // A library as a link line names it (`-lcublas`), as well as bare.
  if (Kind == BuildRuleKind::Library && Name.starts_with("-l") && Name.size() > 2) {
    std::optional<BuildAnswer> A = lookUpBuild(Build, Kind, Name.drop_front(2));
    if (A && !A->Becomes.empty())
      A->Becomes = "-l" + A->Becomes;
    return A;
  }
  const BuildRule *R = Build.find(Kind, Name);
  if (!R)
    return std::nullopt;
  // A flag every compiler takes is left as it is; one whose value is kept
  // loses only itself.
  if (R->Kind == BuildRuleKind::CompilerFlag && R->Action == FlagAction::Pass)
    return BuildAnswer{R, Name.str()};
  if (R->Kind == BuildRuleKind::CompilerFlag && R->Action == FlagAction::Unwrap)
    return BuildAnswer{R, "(its value, split at commas)"};
  return BuildAnswer{R, R->Supported ? R->Replacement : ""};
}

void printBuildRule(const BuildAnswer &A, StringRef Name, const Tables &T,
                    raw_ostream &Out) {
  const BuildRule &R = *A.Rule;
  std::string Status = !R.Supported        ? "unsupported"
                       : A.Becomes == Name ? "kept"
                                           : "migrated";
  printAnswer(T, A.Becomes.empty() ? "(removed)" : A.Becomes, !R.Supported,
              Status + (R.Review ? ", for review" : ""), Out);
  if (R.Cuda != Name)
    Out << "      by the entry for: " << R.Cuda << "\n";
  if (!R.Note.empty())
    Out << "      note: " << R.Note << "\n";
  if (!R.Source.empty())
    Out << "      source: " << R.Source << "\n";
  if (!R.VerifiedBy.empty())
    Out << "      known from: " << R.VerifiedBy << "\n";
}

/// Names the tables know that are spelt like Name, nearest first.
std::vector<std::string> nearMatches(StringRef Name, const std::vector<Tables> &All) {
  std::string Lower = Name.lower();
  unsigned Limit = std::max<unsigned>(2, Lower.size() / 4);
  std::vector<std::pair<unsigned, std::string>> Found;
  StringSet<> Seen;
  auto Consider = [&](const std::string &Known) {
    if (!Seen.insert(Known).second)
      return;
    unsigned Distance = StringRef(Lower).edit_distance(StringRef(Known).lower(),
                                                       /*AllowReplacements=*/true, Limit);
    if (Distance <= Limit)
      Found.emplace_back(Distance, Known);
  };
  for (const Tables &T : All) {
    T.Rules.forEach([&](const Rule &R) { Consider(R.Cuda); });
    for (int K = 0; K < BuildKinds; ++K)
      for (const BuildRule *R :
           T.Rules.buildRules().ofKind(static_cast<BuildRuleKind>(K)))
        Consider(R->Cuda);
  }
  llvm::sort(Found);
  std::vector<std::string> Names;
  for (size_t I = 0; I < Found.size() && I < 5; ++I)
    Names.push_back(Found[I].second);
  return Names;
}

/// Prints a name of build files or Python code, once for each kind of word
/// a table has it as (`torch.version.cuda` in setup.py and in model code);
/// false when no table has it.
bool explainBuildName(StringRef Name, const std::vector<Tables> &All, raw_ostream &Out) {
  bool Known = false;
  for (int K = 0; K < BuildKinds; ++K) {
    auto Kind = static_cast<BuildRuleKind>(K);
    if (llvm::none_of(All, [&](const Tables &T) {
          return lookUpBuild(T.Rules.buildRules(), Kind, Name).has_value();
        }))
      continue;
    Known = true;
    Out << Name << " (" << buildRuleKindName(Kind) << ")\n";
    for (const Tables &T : All) {
      if (std::optional<BuildAnswer> A = lookUpBuild(T.Rules.buildRules(), Kind, Name))
        printBuildRule(*A, Name, T, Out);
      else
        Out << "  " << T.title() << ": not in its tables\n";
    }
  }
  return Known;
}

/// Prints a hazard's code (`warp-size`, as the console tags its warnings)
/// and what it finds; false when Name is none.
bool explainHazard(StringRef Name, raw_ostream &Out) {
  for (const HazardCheck *Check : hazardChecks())
    if (Name == hazardKindName(Check->kind())) {
      Out << Name << " (hazard)\n  " << Check->help() << "\n";
      return true;
    }
  return false;
}

/// Prints one name; false when no table knows it.
bool explainName(StringRef Name, const std::vector<Tables> &All, raw_ostream &Out) {
  const Rule *First = nullptr;
  for (const Tables &T : All)
    if (const Rule *R = lookUp(T.Rules, Name); R && !First)
      First = R;
  if (!First && (explainBuildName(Name, All, Out) || explainHazard(Name, Out)))
    return true;
  if (!First) {
    Out << Name << ": no rule table knows this name";
    std::vector<std::string> Near = nearMatches(Name, All);
    if (!Near.empty())
      Out << "; did you mean " << join(Near, ", ") << "?";
    Out << "\n";
    return false;
  }
  Out << Name << " (" << ruleKindName(First->Kind);
  if (!First->Family.empty())
    Out << ", " << First->Family;
  Out << ")\n";
  for (const Tables &T : All)
    printRule(lookUp(T.Rules, Name), *First, T, Name, Out);
  return true;
}

} // namespace

/// Arg with its control characters written as `\n`, `\xNN`.
static std::string escapedControls(StringRef Arg) {
  std::string Out;
  for (char C : Arg) {
    unsigned char U = static_cast<unsigned char>(C);
    if (C == '\n')
      Out += "\\n";
    else if (U < 0x20 || U == 0x7f)
      Out += "\\x" + std::string(1, hexdigit(U >> 4, true)) + hexdigit(U & 15, true);
    else
      Out += C;
  }
  return Out;
}

/// Whether no argument holds a control character, else says which does.
/// No name holds one; printed, it could drive the terminal or forge a line
/// that reads as the answer about another name.
static bool printableArguments(ArrayRef<const char *> Args, raw_ostream &Err) {
  for (StringRef Arg : Args)
    if (escapedControls(Arg) != Arg) {
      Err << "musify explain: error: '" << escapedControls(Arg)
          << "' holds a control character; names and options are printable text\n";
      return false;
    }
  return true;
}

namespace {

/// The command line of `musify explain`.
struct ExplainOptions {
  std::string RulesDir, Only, Version;
  std::vector<std::string> UserRules; ///< --rules, in order
  bool OnlyGiven = false, Help = false;
  std::vector<StringRef> Names;
  /// Words before `--` that begin with '-' and are no option of explain's:
  /// names if a table knows them as nvcc flags (`-G`), else mistakes.
  std::vector<StringRef> Flags;
};

/// Reads Args into Opts; an error message for a wrong one.
std::optional<std::string> parseExplainArgs(ArrayRef<const char *> Args,
                                            ExplainOptions &Opts) {
  bool NamesOnly = false;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    auto Value = [&](StringRef Option, std::string &Into) {
      if (Arg.consume_front((Option + "=").str()))
        return Into = Arg.str(), true;
      if (Arg != Option)
        return false;
      Into = I + 1 < Args.size() ? Args[++I] : "";
      return true;
    };
    if (NamesOnly || !Arg.starts_with("-") || Arg == "-") {
      if (Arg.empty())
        return std::string("an empty name: write the CUDA name to explain");
      Opts.Names.push_back(Arg);
    } else if (Arg == "--") {
      NamesOnly = true;
    } else if (Arg == "--help" || Arg == "-h") {
      Opts.Help = true;
    } else if (Value("--target", Opts.Only)) {
      Opts.OnlyGiven = true;
      if (Opts.Only.empty())
        return std::string("--target needs a target's name");
    } else if (Value("--hip-version", Opts.Version)) {
      if (!parseVersion(Opts.Version))
        return "--hip-version=" + Opts.Version + ": expected a version such as 6.3";
    } else if (std::string File; Value("--rules", File)) {
      if (File.empty())
        return std::string("--rules needs a rule file");
      Opts.UserRules.push_back(std::move(File));
    } else if (!Value("--rules-dir", Opts.RulesDir)) {
      Opts.Flags.push_back(Arg);
      Opts.Names.push_back(Arg);
    }
  }
  // A user's rules are for one target, as a migration has one.
  if (!Opts.UserRules.empty() && !Opts.OnlyGiven)
    return std::string("--rules goes with --target: a user's rules are for one target");
  return std::nullopt;
}

/// The tables of every target Opts asks about, each with the version a
/// migration to it writes for; an error message where they cannot be read.
Expected<std::vector<Tables>> loadTables(const ExplainOptions &Opts) {
  std::vector<Tables> All;
  bool AnyVersioned = false;
  for (const std::string &Name : availableTargets(Opts.RulesDir)) {
    if (Opts.OnlyGiven && Name != Opts.Only)
      continue;
    Expected<TargetDescription> Target = loadTarget(Opts.RulesDir, Name);
    if (!Target)
      return Target.takeError();
    Expected<RuleTable> Rules = loadTargetRules(Opts.RulesDir, Name);
    if (!Rules)
      return Rules.takeError();
    for (const std::string &File : Opts.UserRules)
      if (Error E = Rules->addUserFile(File, Name))
        return E;
    std::string Version;
    if (Target->Versioned) {
      AnyVersioned = true;
      Version = chooseVersion(*Target, *Rules, Opts.Version).first;
      if (auto Why = beyondTables(*Target, *Rules, Version))
        errs() << "musify explain: warning: " << *Why << "\n";
    }
    All.push_back({std::move(*Target), std::move(*Rules), std::move(Version)});
  }
  if (All.empty())
    return createStringError(Opts.OnlyGiven
                                 ? "no target '" + Opts.Only + "' in " + Opts.RulesDir
                                 : "no rules in " + Opts.RulesDir +
                                       ": no folder there has a target.json");
  if (!Opts.Version.empty() && !AnyVersioned)
    return createStringError("--hip-version needs a target with versions");
  return All;
}

} // namespace

int runExplain(ArrayRef<const char *> Args, StringRef DefaultRulesDir, raw_ostream &Out,
               raw_ostream &Err) {
  if (!printableArguments(Args, Err))
    return ExitBadInput;
  ExplainOptions Opts;
  Opts.RulesDir = DefaultRulesDir.str();
  if (std::optional<std::string> Wrong = parseExplainArgs(Args, Opts)) {
    Err << "musify explain: error: " << *Wrong << "\n" << Usage;
    return ExitBadInput;
  }
  if (Opts.Help) {
    Out << Usage;
    return ExitSuccess;
  }
  if (Opts.Names.empty()) {
    Err << "musify explain: error: no name to explain\n" << Usage;
    return ExitBadInput;
  }
  Expected<std::vector<Tables>> All = loadTables(Opts);
  if (!All) {
    Err << "musify explain: error: " << toString(All.takeError()) << "\n";
    return ExitBadInput;
  }
  for (StringRef Flag : Opts.Flags)
    if (llvm::none_of(*All, [&](const Tables &T) {
          return T.Rules.buildRules().find(BuildRuleKind::CompilerFlag, Flag);
        })) {
      Err << "musify explain: error: unknown option '" << Flag
          << "' (a name that begins with '-' goes after --: musify explain -- " << Flag
          << ")\n"
          << Usage;
      return ExitBadInput;
    }
  bool AllKnown = true;
  for (StringRef Name : Opts.Names)
    AllKnown &= explainName(Name, *All, Out);
  return AllKnown ? ExitSuccess : ExitMigrationProblems;
}

} // namespace musify
