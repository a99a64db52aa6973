// musify explain: one CUDA name at a time, what every target's tables say.
#include "Explain.h"

#include "Session.h"
#include "hazards/HazardCheck.h"
#include "rules/RuleTable.h"
#include "rules/TargetDescription.h"

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
    "usage: musify explain [--rules-dir=DIR] [--target=NAME] NAME...\n\n"
    "Prints what each CUDA name (a function, type, macro, enumerator, header,\n"
    "PyTorch name in C++ or Python, build-file word) becomes on every target, or\n"
    "on --target's: the target name, the versions that added, deprecated or\n"
    "removed it, the rule's note and how the mapping is known; near matches for\n"
    "a name no table knows. A hazard's code (warp-size, inline-asm, ...) prints\n"
    "what it finds.\n"
    "Exit status: 0 every name is known, 1 one is not, 2 bad usage.\n";

struct Tables {
  TargetDescription Target;
  RuleTable Rules;
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

void printRule(const Rule &R, const TargetDescription &Target, raw_ostream &Out) {
  Out << "  " << Target.DisplayName << ": "
      << (R.hasReplacement() ? StringRef(R.Replacement) : StringRef("(no counterpart)"))
      << " [" << ruleStatusName(R.Status) << "]\n";
  auto Line = [&](StringRef Label, StringRef Text) {
    if (!Text.empty())
      Out << "      " << Label << ": " << Text << "\n";
  };
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

/// The build-file and Python entry for Name (`CMAKE_CUDA_FLAGS`, `nvcc`,
/// `torch.cuda.synchronize`, `.cuda()`), of the first kind that has one.
const BuildRule *lookUpBuild(const BuildRules &Build, StringRef Name) {
  for (int K = 0; K < BuildKinds; ++K)
    if (const BuildRule *R = Build.find(static_cast<BuildRuleKind>(K), Name))
      return R;
  return nullptr;
}

void printBuildRule(const BuildRule &R, const TargetDescription &Target,
                    raw_ostream &Out) {
  Out << "  " << Target.DisplayName << ": "
      << (R.Supported ? (R.Replacement.empty() ? StringRef("(removed)")
                                               : StringRef(R.Replacement))
                      : StringRef("(no counterpart)"))
      << " [" << (R.Supported ? "supported" : "unsupported") << "]\n";
  if (R.Review)
    Out << "      migrated, for a person to check\n";
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

/// Prints a name of build files or Python code; false when no table has it.
bool explainBuildName(StringRef Name, const std::vector<Tables> &All, raw_ostream &Out) {
  const BuildRule *First = nullptr;
  for (const Tables &T : All)
    if (const BuildRule *R = lookUpBuild(T.Rules.buildRules(), Name); R && !First)
      First = R;
  if (!First)
    return false;
  Out << Name << " (" << buildRuleKindName(First->Kind) << ")\n";
  for (const Tables &T : All) {
    if (const BuildRule *R = lookUpBuild(T.Rules.buildRules(), Name))
      printBuildRule(*R, T.Target, Out);
    else
      Out << "  " << T.Target.DisplayName << ": not in its tables\n";
  }
  return true;
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
  for (const Tables &T : All) {
    if (const Rule *R = lookUp(T.Rules, Name))
      printRule(*R, T.Target, Out);
    else
      Out << "  " << T.Target.DisplayName << ": not in its tables\n";
  }
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

int runExplain(ArrayRef<const char *> Args, StringRef DefaultRulesDir, raw_ostream &Out,
               raw_ostream &Err) {
  std::string RulesDir = DefaultRulesDir.str(), Only;
  std::vector<StringRef> Names;
  if (!printableArguments(Args, Err))
    return ExitBadInput;
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
    if (Arg == "--help" || Arg == "-h") {
      Out << Usage;
      return ExitSuccess;
    }
    if (Value("--rules-dir", RulesDir) || Value("--target", Only))
      continue;
    if (Arg.starts_with("-") && Arg != "-") {
      Err << "musify explain: error: unknown option '" << Arg << "'\n" << Usage;
      return ExitBadInput;
    }
    Names.push_back(Arg);
  }
  if (Names.empty()) {
    Err << "musify explain: error: no name to explain\n" << Usage;
    return ExitBadInput;
  }
  std::vector<Tables> All;
  for (const std::string &Name : availableTargets(RulesDir)) {
    if (!Only.empty() && Name != Only)
      continue;
    Expected<TargetDescription> Target = loadTarget(RulesDir, Name);
    if (!Target) {
      Err << "musify explain: error: " << toString(Target.takeError()) << "\n";
      return ExitBadInput;
    }
    Expected<RuleTable> Rules = RuleTable::loadDirectory(RulesDir, Name);
    if (!Rules) {
      Err << "musify explain: error: " << toString(Rules.takeError()) << "\n";
      return ExitBadInput;
    }
    All.push_back({std::move(*Target), std::move(*Rules)});
  }
  if (All.empty()) {
    Err << "musify explain: error: "
        << (Only.empty()
                ? "no rules in " + RulesDir + ": no folder there has a target.json"
                : "no target '" + Only + "' in " + RulesDir)
        << "\n";
    return ExitBadInput;
  }
  bool AllKnown = true;
  for (StringRef Name : Names)
    AllKnown &= explainName(Name, All, Out);
  return AllKnown ? ExitSuccess : ExitMigrationProblems;
}

} // namespace musify
