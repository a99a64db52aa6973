// Turning references into edits and report events.
#include "decide/Decider.h"
#include "core/SourceText.h"
#include "decide/TargetBranches.h"
#include "decide/TextContext.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace musify {

Decider::Decider(const RuleTable &Rules, const TargetDescription &Target,
                 bool LaunchAsCall, llvm::StringRef TargetVersion)
    : Rules(Rules), Target(Target), LaunchAsCall(LaunchAsCall) {
  if (Target.Versioned)
    this->TargetVersion = parseVersion(TargetVersion);
}

/// What a name left as written does to the build. Only what the parse
/// compiled counts (a skipped branch may never be compiled); a name in an
/// #if is no error, but a compared value changes the branch taken.
static BuildImpact impactOf(const Reference &Ref, llvm::StringRef FileText,
                            bool Certain) {
  if (!isSemantic(Ref.How) || isInDefinedTest(FileText, Ref.At.Offset))
    return BuildImpact::None;
  if (Ref.How == Evidence::MacroTest ||
      isInPreprocessorCondition(FileText, Ref.At.Offset))
    return BuildImpact::Risk;
  return Certain ? BuildImpact::Blocks : BuildImpact::Risk;
}

Decision Decider::unsupported(Event E, const Reference &Ref,
                              llvm::StringRef FileText) const {
  E.Status = EventStatus::Unsupported;
  E.Replacement = Ref.Name;
  E.Impact = impactOf(Ref, FileText, /*Certain=*/true);
  followTargetBranches(E, Ref, FileText);
  return Decision{std::move(E), {}};
}

static std::pair<std::string, long long> normalised(llvm::StringRef Op, long long Value);
static bool holds(long long Left, llvm::StringRef Operator, long long Right);

/// The target's constant for a CUDA constant of a comparison in normal form,
/// or nullopt below every band. 0 and below stay as they are: they compare
/// with the value of an undefined macro (an architecture macro on the host
/// side), where the target's macro is undefined too, and every band's value
/// is above them.
static std::optional<long long> targetValue(const ArchThresholds &Map, long long Cuda) {
  if (Cuda <= 0)
    return Cuda;
  if (const ArchThresholds::Threshold *T = Map.band(Cuda))
    return T->Target;
  return std::nullopt;
}

bool Decider::translatesComparison(const Reference &Ref, llvm::StringRef FileText) const {
  const ArchThresholds *Map = Rules.thresholdsFor(Ref.ruleName());
  if (!Map)
    return false;
  std::optional<Comparison> C = comparisonAround(FileText, Ref.At.Offset, Ref.Length);
  return C && targetValue(*Map, normalised(C->Operator, C->Value).second) &&
         llvm::is_contained(Map->Operators, C->Operator);
}

std::optional<bool> Decider::comparedOnTarget(llvm::StringRef Name, llvm::StringRef Op,
                                              long long Value) const {
  const ArchThresholds *Map = Rules.thresholdsFor(Name);
  if (!Map || !llvm::is_contained(Map->Operators, Op))
    return std::nullopt;
  auto [Normal, At] = normalised(Op, Value);
  std::optional<long long> To = targetValue(*Map, At);
  if (!To)
    return std::nullopt;
  // Known only where every target GPU and the side where the macro is
  // undefined (the host's, for an architecture), reading 0, agree.
  bool Undefined = holds(0, Normal, *To);
  unsigned Gpus = 0, True = 0;
  for (const ArchThresholds::Threshold &Level : Map->Thresholds)
    if (!Level.NoTargetGpu) {
      ++Gpus;
      True += holds(Level.Target, Normal, *To);
    }
  if (Gpus && True == Gpus && Undefined)
    return true;
  if (Gpus && True == 0 && !Undefined)
    return false;
  return std::nullopt;
}

bool Decider::leftUndefined(llvm::StringRef Name) const {
  if (Target.CudaMacrosUndefined.empty())
    return false;
  const Rule *R = Rules.find(Name, RuleKind::Macro);
  return R && R->Status == RuleStatus::Unsupported && !R->hasReplacement() &&
         !R->SdkVersionMacro;
}

void Decider::followTargetBranches(Event &E, const Reference &Ref,
                                   llvm::StringRef FileText) const {
  if (E.Impact == BuildImpact::None || Target.CudaMacrosUndefined.empty())
    return;
  auto IsUndefined = [&](llvm::StringRef Name) { return leftUndefined(Name); };
  auto Compare = [&](llvm::StringRef Name, llvm::StringRef Op,
                     long long Value) -> std::optional<bool> {
    return comparedOnTarget(Name, Op, Value);
  };
  std::optional<std::string> By =
      branchTargetSkips(FileText, Ref.At.Offset, TargetMacros{IsUndefined, Compare});
  if (!By)
    return;
  E.Impact = BuildImpact::None;
  E.Note +=
      (E.Note.empty() ? "" : "; ") +
      ("the " + Target.DisplayName + " compiler does not compile this branch, by " + *By +
       " (CUDA's macros it leaves undefined read as 0, architecture "
       "levels as on every " +
       Target.DisplayName + " GPU and as 0 on the host)");
}

bool Decider::holdsInTargetVersion(const Rule &R, Event &E) const {
  if (std::optional<std::string> Why = unavailableIn(R, Target, *TargetVersion)) {
    E.Note = *Why + " (" + Target.Versioned->Option + ")" +
             (R.Note.empty() ? "" : "; " + R.Note);
    std::optional<Version> Added = parseVersion(R.Added);
    if (Added && *TargetVersion < *Added) {
      E.NeedsVersion = R.Added;
      E.VersionOption = Target.Versioned->Option;
    }
    return false;
  }
  if (deprecatedIn(R, *TargetVersion)) {
    E.NeedsReview = true;
    E.Note = R.Replacement + " is deprecated since " + Target.DisplayName + " " +
             R.Deprecated + (R.Note.empty() ? "" : "; " + R.Note);
  }
  return true;
}

std::pair<std::string, std::string>
Decider::chooseOverload(const Rule &R, const Reference &Ref, Event &E) const {
  // An overload the target does not declare as such: musify's helpers may
  // define it; otherwise the target's own overloads (or templates) may still
  // take the arguments, or make the call ambiguous.
  bool OtherOverload = !R.TargetOverloads.empty() && !Ref.Signature.empty() &&
                       !llvm::is_contained(R.TargetOverloads, Ref.Signature);
  // The overload the target declares too, reached by converting an argument:
  // where the target has others, that conversion may fit them as well.
  bool MayBeAmbiguous =
      !OtherOverload && Ref.ArgumentsConvert && R.TargetOverloads.size() > 1;
  if ((OtherOverload || MayBeAmbiguous) && !R.HelperReplacement.empty()) {
    E.Note = OtherOverload
                 ? Target.DisplayName + " has no " + Ref.Name + "(" + Ref.Signature +
                       "), the overload this call resolves to"
                 : "an argument converts to " + Ref.Name + "(" + Ref.Signature +
                       ")'s parameter as on CUDA, which " + Target.DisplayName +
                       "'s other overloads of " + Ref.Name + " would make ambiguous";
    return {R.HelperReplacement, R.Helper};
  }
  if (OtherOverload) {
    E.NeedsReview = true;
    E.Impact = BuildImpact::Risk;
    E.Note = "this call resolves to " + Ref.Name + "(" + Ref.Signature + "), which " +
             Target.DisplayName + " does not declare as such (it has " + Ref.Name + "(" +
             llvm::join(R.TargetOverloads, "), (") +
             ") and a template for two arguments of one type): check that it compiles";
  }
  return {R.Replacement, R.HelperReplacement.empty() ? R.Helper : ""};
}

/// `at::cuda::getCurrentCUDAStream` -> `at::hip::getCurrentHIPStream...`: the
/// qualifier written before the name, as far as it spells the rule's, takes
/// the target's namespaces where they differ, one token at a time (so a
/// namespace rule renaming the same token makes the same edit).
static std::vector<Edit> qualifierEdits(const Rule &R, const Reference &Ref,
                                        llvm::StringRef FileText,
                                        const std::string &NewName) {
  llvm::SmallVector<llvm::StringRef> From, To;
  llvm::StringRef(R.Cuda).split(From, "::");
  llvm::StringRef(NewName).split(To, "::");
  std::vector<Edit> Edits;
  if (Ref.Kind == RuleKind::Header || From.size() < 2 || From.size() != To.size())
    return Edits;
  unsigned End = Ref.At.Offset;
  for (size_t I = From.size() - 1; I-- > 0;) {
    if (End < 2 || FileText.substr(End - 2, 2) != "::")
      break;
    unsigned Begin = End - 2;
    while (Begin > 0 &&
           (llvm::isAlnum(FileText[Begin - 1]) || FileText[Begin - 1] == '_'))
      --Begin;
    if (FileText.slice(Begin, End - 2) != From[I])
      break;
    if (To[I] != From[I])
      Edits.push_back({Begin, static_cast<unsigned>(From[I].size()), To[I].str()});
    End = Begin;
  }
  return Edits;
}

/// What is written in place of the reference's token for NewName.
static std::string writtenName(const Rule &R, const Reference &Ref,
                               const std::string &NewName) {
  // A folder rule onto a folder keeps the rest of the path; onto one header
  // (an umbrella), every header under the folder becomes that header.
  if (Ref.Kind == RuleKind::Header && llvm::StringRef(R.Cuda).ends_with("/"))
    return llvm::StringRef(NewName).ends_with("/")
               ? NewName + Ref.Name.substr(R.Cuda.size())
               : NewName;
  // Only the name's own token is written: `thrust::cuda` -> `thrust::musa`
  // edits `cuda`, the qualifier around it stays as written. An unqualified
  // name with a qualified target (a helper, `musify::umin`) gets the whole.
  if (Ref.Kind != RuleKind::Header && llvm::StringRef(R.Cuda).contains("::") &&
      llvm::StringRef(NewName).contains("::"))
    return llvm::StringRef(NewName).rsplit("::").second.str();
  return NewName;
}

Decision
Decider::decide(const Reference &Ref, llvm::StringRef FileText,
                const std::vector<std::pair<unsigned, unsigned>> &Excluded) const {
  Event E;
  E.At = Ref.At;
  E.Cuda = Ref.ruleName();
  E.Replacement = E.Cuda;
  E.Kind = ruleKindName(Ref.Kind);
  E.How = Ref.How;
  if (llvm::any_of(Excluded, [&](const std::pair<unsigned, unsigned> &R) {
        return Ref.At.Offset >= R.first && Ref.At.Offset < R.second;
      })) {
    E.Status = EventStatus::Excluded;
    E.Note = "marked MUSIFY_EXCL_LINE or inside MUSIFY_EXCL_START/STOP";
    return {std::move(E), {}};
  }

  const Rule *R = Ref.Kind == RuleKind::Header ? Rules.findHeader(Ref.Name)
                                               : Rules.find(Ref.ruleName(), Ref.Kind);
  if (!R) {
    E.Status = EventStatus::Unknown;
    E.Impact = impactOf(Ref, FileText, /*Certain=*/false);
    E.Note = std::string("not in the ") + Target.DisplayName + " rule tables";
    if (!Ref.DeclaredIn.empty())
      E.Note += "; declared in " + Ref.DeclaredIn;
    followTargetBranches(E, Ref, FileText);
    return {std::move(E), {}};
  }
  E.Family = R->Family;
  E.Note = R->Note;
  E.Source = R->Source;
  E.VerifiedBy = R->VerifiedBy;
  E.Disputed = R->Disputed;
  if (R->Status == RuleStatus::Deprecated || R->Status == RuleStatus::Removed) {
    E.CudaStatus = ruleStatusName(R->Status);
    E.CudaVersion = R->Status == RuleStatus::Removed ? R->CudaRemoved : R->CudaDeprecated;
  }
  if (std::optional<Decision> D = notRenamed(*R, Ref, FileText, E))
    return std::move(*D);
  return renamed(*R, Ref, FileText, std::move(E));
}

std::optional<Decision> Decider::notRenamed(const Rule &Found, const Reference &Ref,
                                            llvm::StringRef FileText, Event &E) const {
  const Rule *R = &Found;
  if (Ref.TokenPasted) {
    E.Note = "the name is built by token pasting (##) in a macro: rewrite the "
             "macro by hand";
    return unsupported(std::move(E), Ref, FileText);
  }
  if (R->SdkVersionMacro) {
    if (std::optional<Decision> D = sdkVersionComparison(Ref, FileText, E))
      return std::move(*D);
    // `#ifdef CUDART_VERSION`: nvcc took the branch where it is defined.
    if (!R->hasReplacement() && isInDefinedTest(FileText, Ref.At.Offset)) {
      E.Note = Target.DisplayName + " does not define " + Ref.Name +
               ": this test takes the other branch than nvcc did";
      Decision D = unsupported(std::move(E), Ref, FileText);
      if (isSemantic(Ref.How))
        D.Outcome.Impact = BuildImpact::Risk;
      return D;
    }
  }
  if (R->Erase)
    return erase(std::move(E), Ref, FileText);
  if (!R->hasReplacement())
    return unsupported(std::move(E), Ref, FileText);
  if (TargetVersion && !holdsInTargetVersion(*R, E))
    return unsupported(std::move(E), Ref, FileText);
  // `__CUDA_ARCH__` -> `__HIP_DEVICE_COMPILE__` holds in `#ifdef` and as a
  // truth value, not as a number; a comparison the threshold map translates
  // takes the map's macro.
  if (R->DefinedTestsOnly && !isInDefinedTest(FileText, Ref.At.Offset) &&
      !isTruthTest(FileText, Ref.At.Offset, Ref.Length) &&
      !translatesComparison(Ref, FileText)) {
    E.Note = "used as a value here; " + R->Note;
    return unsupported(std::move(E), Ref, FileText);
  }
  return std::nullopt;
}

Decision Decider::renamed(const Rule &Found, const Reference &Ref,
                          llvm::StringRef FileText, Event E) const {
  const Rule *R = &Found;
  auto [NewName, Helper] = chooseOverload(*R, Ref, E);
  // A header the targeted version keeps elsewhere (the rule's note says why).
  if (TargetVersion && movedIn(*R, *TargetVersion))
    NewName = R->MovedReplacement;
  if (!Helper.empty()) {
    E.VerifiedBy = "musify-helpers";
    E.Note += (E.Note.empty() ? "" : "; ") +
              ("musify's helper header <" + Helper + "> defines " + NewName);
  }
  E.Replacement = NewName;
  std::string Written = writtenName(*R, Ref, NewName);
  if (Ref.Kind == RuleKind::Header && llvm::StringRef(R->Cuda).ends_with("/"))
    E.Replacement = Written;
  E.Status =
      isSemantic(Ref.How) ? EventStatus::Migrated : EventStatus::MigratedWithoutSemantics;
  Decision D = decideName(*R, Ref, FileText, std::move(E), std::move(Written));
  if (D.Outcome.Status == EventStatus::Migrated ||
      D.Outcome.Status == EventStatus::MigratedWithoutSemantics) {
    D.Helper = std::move(Helper);
    llvm::append_range(D.Edits, qualifierEdits(*R, Ref, FileText, NewName));
  }
  return D;
}

Decision Decider::decideName(const Rule &R, const Reference &Ref,
                             llvm::StringRef FileText, Event E,
                             std::string Written) const {
  // A call rule may change the arguments even where the name stays.
  if (R.Call) {
    Decision D{std::move(E), {}};
    if (!rewriteCall(*R.Call, Ref, FileText, Written, D)) {
      D.Outcome.Note = "the call's arguments must change (" + R.Note +
                       ") but they are not written out here: left as it is";
      return unsupported(std::move(D.Outcome), Ref, FileText);
    }
    D.Outcome.Replacement = Written;
    if (Written != Ref.Name)
      D.Edits.push_back({Ref.At.Offset, Ref.Length, Written});
    else if (D.Edits.empty())
      D.Outcome.Status = EventStatus::Kept;
    return D;
  }
  if (Written == Ref.Name) {
    E.Status = EventStatus::Kept;
    return {std::move(E), {}};
  }
  if (Ref.Kind == RuleKind::Macro)
    if (const ArchThresholds *Map = Rules.thresholdsFor(Ref.ruleName())) {
      // A comparison is written with the map's macro, a defined() test
      // with the rule's: the two may differ.
      if (translatesComparison(Ref, FileText) &&
          !isInDefinedTest(FileText, Ref.At.Offset)) {
        Written = Map->TargetMacro;
        E.Replacement = Written;
      }
      Decision D{std::move(E), {{Ref.At.Offset, Ref.Length, Written}}};
      rewriteComparison(*Map, Ref, FileText, Written, D);
      return D;
    }
  if (Ref.Kind == RuleKind::Header)
    return includeDirective(R, Written, Ref, FileText, std::move(E));
  return {std::move(E), {{Ref.At.Offset, Ref.Length, std::move(Written)}}};
}

Decision Decider::renamedInclude(const Reference &Ref, std::string NewHeader) const {
  Event E;
  E.At = Ref.At;
  E.Cuda = Ref.Name;
  E.Replacement = NewHeader;
  E.Kind = ruleKindName(RuleKind::Header);
  E.Family = "renamed-sources";
  E.Status = EventStatus::Migrated;
  E.How = Ref.How;
  E.Note = "the included file is renamed with --rename-extensions";
  return {std::move(E), {{Ref.At.Offset + 1, Ref.Length - 2, std::move(NewHeader)}}};
}

Event Decider::addedInclude(const std::string &File, llvm::StringRef Text,
                            const std::string &Header) const {
  Event E;
  E.At = placeIn(File, LineIndex(Text), preambleEnd(Text));
  E.Replacement = Header;
  E.Kind = ruleKindName(RuleKind::Header);
  E.Status = EventStatus::Migrated;
  return E;
}

/// The line that includes Header, put at Offset of Text.
static Edit includeLine(llvm::StringRef Text, unsigned Offset,
                        const std::string &Header) {
  llvm::StringRef Ending = lineEndingOf(Text, Offset);
  std::string Line = ("#include <" + Header + ">" + Ending).str();
  if (Offset == Text.size() && !Text.empty() && !Text.ends_with("\n") &&
      !Text.ends_with("\r"))
    Line = Ending.str() + Line;
  return {Offset, 0, std::move(Line)};
}

/// Whether a line of Text includes Header (as <Header> or "Header").
static bool includes(llvm::StringRef Text, llvm::StringRef Header) {
  llvm::SmallVector<llvm::StringRef> Lines;
  Text.split(Lines, '\n');
  return llvm::any_of(Lines, [&](llvm::StringRef Line) {
    Line = Line.ltrim();
    if (!Line.consume_front("#"))
      return false;
    Line = Line.ltrim();
    if (!Line.consume_front("include"))
      return false;
    Line = Line.ltrim();
    return Line.size() > Header.size() + 1 && (Line[0] == '<' || Line[0] == '"') &&
           Line.substr(1).starts_with(Header) &&
           (Line[Header.size() + 1] == '>' || Line[Header.size() + 1] == '"');
  });
}

std::optional<Decision> Decider::implicitHeader(const std::string &File,
                                                llvm::StringRef Text) const {
  const Rule *R = Rules.nvccImplicitHeader();
  // A file that includes the target's runtime header already needs no other.
  if (!R || includes(Text, R->Replacement))
    return std::nullopt;
  Event E = addedInclude(File, Text, R->Replacement);
  E.Cuda = R->Cuda;
  E.Family = R->Family;
  E.How = Evidence::NvccImplicit;
  E.VerifiedBy = R->VerifiedBy;
  E.Note = "nvcc includes " + R->Cuda +
           " in every CUDA unit and this one relies on "
           "it; the migration includes <" +
           R->Replacement + "> explicitly";
  Edit Line = includeLine(Text, E.At.Offset, R->Replacement);
  return Decision{std::move(E), {std::move(Line)}};
}

Decision Decider::helperHeader(const std::string &File, llvm::StringRef Text,
                               const std::string &Header,
                               const std::vector<std::string> &Users) const {
  Event E = addedInclude(File, Text, Header);
  E.Cuda = Header;
  E.Family = "helpers";
  E.How = Evidence::Helper;
  E.VerifiedBy = "musify-helpers";
  E.Note = "musify's helper header for " + Target.DisplayName + ", which defines " +
           llvm::join(Users, ", ") + " (build with its folder on the include path)";
  Edit Line = includeLine(Text, E.At.Offset, Header);
  return Decision{std::move(E), {std::move(Line)}};
}

Decision Decider::erase(Event E, const Reference &Ref, llvm::StringRef FileText) const {
  E.Status =
      isSemantic(Ref.How) ? EventStatus::Migrated : EventStatus::MigratedWithoutSemantics;
  E.Replacement.clear();
  unsigned End = Ref.At.Offset + Ref.Length;
  while (End < FileText.size() && (FileText[End] == ' ' || FileText[End] == '\t'))
    ++End;
  return {std::move(E), {{Ref.At.Offset, End - Ref.At.Offset, ""}}};
}

/// CUDART_VERSION's value for an SDK version "major.minor": 1000 * major +
/// 10 * minor (CUDA 12.4 is 12040).
static std::optional<long long> cudartVersion(llvm::StringRef Text) {
  std::optional<Version> V = parseVersion(Text);
  if (!V)
    return std::nullopt;
  return 1000LL * V->first + 10LL * V->second;
}

static bool holds(long long Left, llvm::StringRef Operator, long long Right) {
  if (Operator == ">=")
    return Left >= Right;
  if (Operator == "<=")
    return Left <= Right;
  if (Operator == ">")
    return Left > Right;
  if (Operator == "<")
    return Left < Right;
  if (Operator == "==")
    return Left == Right;
  return Left != Right;
}

std::optional<Decision> Decider::sdkVersionComparison(const Reference &Ref,
                                                      llvm::StringRef FileText,
                                                      Event E) const {
  std::optional<long long> Version = cudartVersion(SdkVersion);
  if (!Version || !isInPreprocessorCondition(FileText, Ref.At.Offset))
    return std::nullopt;
  std::optional<Comparison> C = comparisonAround(FileText, Ref.At.Offset, Ref.Length);
  if (!C)
    return std::nullopt;
  E.OldText = FileText.slice(C->Begin, C->End).str();
  std::string Value = holds(*Version, C->Operator, C->Value) ? "1" : "0";
  E.NewText = Value + " /* " + E.OldText + " with CUDA " + SdkVersion + " */";
  E.Replacement = Value;
  E.Status = EventStatus::Migrated;
  E.Note = Target.DisplayName + std::string(" does not define ") + Ref.Name +
           ": the comparison is replaced by its value for CUDA " + SdkVersion +
           ", the SDK the code was parsed against, so the branch nvcc compiled is kept";
  unsigned Begin = C->Begin, Length = C->End - C->Begin;
  std::string NewText = E.NewText;
  return Decision{std::move(E), {{Begin, Length, std::move(NewText)}}};
}

Decision Decider::includeDirective(const Rule &R, const std::string &Header,
                                   const Reference &Ref, llvm::StringRef FileText,
                                   Event E) const {
  // Keep the delimiters as written: `"cuda.h"` stays a quoted include.
  llvm::StringRef Delimited = FileText.substr(Ref.At.Offset, Ref.Length);
  Decision D{
      std::move(E),
      {{Ref.At.Offset, Ref.Length, Delimited.front() + Header + Delimited.back()}}};
  if (R.IncludeFirst.empty())
    return D;
  // Headers the target header needs first go on the lines before it,
  // unless an earlier #include is (or migrates to) that header.
  size_t LineStart = lineStartOf(FileText, Ref.At.Offset);
  std::vector<std::string> Earlier;
  forEachInclude(FileText, LineStart, [&](llvm::StringRef Name, unsigned, unsigned) {
    const Rule *Known = Rules.findHeader(Name);
    Earlier.push_back(Known && Known->hasReplacement() ? Known->Replacement : Name.str());
  });
  for (const std::string &First : R.IncludeFirst) {
    if (llvm::is_contained(Earlier, First))
      continue;
    D.Edits.insert(
        D.Edits.begin(),
        {unsigned(LineStart), 0,
         ("#include <" + First + ">" + lineEndingOf(FileText, LineStart)).str()});
    D.Outcome.Note +=
        (D.Outcome.Note.empty() ? "" : "; ") +
        ("<" + First + "> is included before it: " + Header + " needs it first");
  }
  return D;
}

/// Whether Arg is already cast to the type that Before (a wrap's text before
/// the argument, `reinterpret_cast<void **>(`) casts to, by a C-style or the
/// same cast: `(void **)&p` needs no second one, as hipify leaves it.
static bool castAlready(llvm::StringRef Arg, llvm::StringRef Before) {
  if (!Before.consume_front("reinterpret_cast<") || !Before.consume_back(">("))
    return false;
  auto Squeezed = [](llvm::StringRef Text) {
    std::string Out;
    for (char C : Text)
      if (!llvm::isSpace(C))
        Out += C;
    return Out;
  };
  std::string Type = Squeezed(Before), Written = Squeezed(Arg);
  return llvm::StringRef(Written).starts_with("(" + Type + ")") ||
         llvm::StringRef(Written).starts_with("reinterpret_cast<" + Type + ">(");
}

bool Decider::rewriteCall(const CallRewrite &Call, const Reference &Ref,
                          llvm::StringRef FileText, std::string &Name,
                          Decision &D) const {
  std::optional<std::vector<std::pair<unsigned, unsigned>>> Args =
      callArguments(FileText, Ref.At.Offset + Ref.Length);
  if (!Args)
    return false;
  if (auto It = Call.ByArity.find(Args->size()); It != Call.ByArity.end())
    Name = It->second;
  for (const auto &[Index, Around] : Call.Wrap)
    if (Index < Args->size() &&
        !castAlready(FileText.slice((*Args)[Index].first, (*Args)[Index].second),
                     Around.first)) {
      D.Edits.push_back({(*Args)[Index].first, 0, Around.first});
      D.Edits.push_back({(*Args)[Index].second, 0, Around.second});
    }
  // Required arguments the call leaves to CUDA's defaults follow the last
  // one it writes (only when there is one to follow).
  unsigned Written = Args->size();
  for (const auto &[Index, Text] : Call.Defaults)
    if (Index == Written && !Args->empty()) {
      D.Edits.push_back({Args->back().second, 0, ", " + Text});
      ++Written;
    }
  if (Call.Drop && *Call.Drop < Args->size()) {
    unsigned I = *Call.Drop;
    const auto &[Begin, End] = (*Args)[I];
    // The argument and one comma: the next argument's start, or the end of
    // the previous one when it is the last.
    unsigned From = Begin, To = End;
    if (I + 1 < Args->size())
      To = (*Args)[I + 1].first;
    else if (I > 0)
      From = (*Args)[I - 1].second;
    D.Edits.push_back({From, To - From, ""});
    std::string Written = FileText.slice(Begin, End).str();
    if (!llvm::any_of(Call.DropHarmless, [&](const std::string &H) {
          return llvm::StringRef(Written).equals_insensitive(H);
        })) {
      D.Outcome.DroppedArgument = Written;
      D.Outcome.NeedsReview = true;
    }
  }
  return true;
}

/// `> c` as `>= c + 1` and `<= c` as `< c + 1`: every comparison as a test
/// of a level (`>=`, `<`) or of one value (`==`, `!=`).
static std::pair<std::string, long long> normalised(llvm::StringRef Op, long long Value) {
  if (Op == ">")
    return {">=", Value + 1};
  if (Op == "<=")
    return {"<", Value + 1};
  return {Op.str(), Value};
}

/// Whether `TARGET_MACRO Op Value` holds on every target GPU the map knows,
/// on none, or on some, in words for the report ("" for some).
static std::string truthOnTargetGpus(const ArchThresholds &Map, llvm::StringRef Op,
                                     long long Value, llvm::StringRef Target) {
  unsigned Gpus = 0, True = 0;
  for (const ArchThresholds::Threshold &T : Map.Thresholds)
    if (!T.NoTargetGpu) {
      ++Gpus;
      True += holds(T.Target, Op, Value);
    }
  if (Gpus && True == Gpus)
    return " (true on every " + Target.str() + " GPU)";
  if (Gpus && True == 0)
    return " (false on every " + Target.str() + " GPU)";
  return "";
}

void Decider::rewriteComparison(const ArchThresholds &Map, const Reference &Ref,
                                llvm::StringRef FileText, const std::string &NewName,
                                Decision &D) const {
  std::optional<Comparison> C = comparisonAround(FileText, Ref.At.Offset, Ref.Length);
  if (!C)
    return; // `#ifdef __CUDA_ARCH__`, or a use the map does not speak of
  Event &E = D.Outcome;
  E.OldText = FileText.slice(C->Begin, C->End).str();
  // The constant becomes the target value of its band, the operator its
  // normal form (written the other way round where the constant is first).
  auto [Op, Value] = normalised(C->Operator, C->Value);
  std::optional<long long> To = targetValue(Map, Value);
  bool Translatable = To && llvm::is_contained(Map.Operators, C->Operator);
  std::vector<Edit> Pieces = {{Ref.At.Offset, Ref.Length, NewName}};
  if (Translatable) {
    bool ValueFirst = C->ValueOffset < Ref.At.Offset;
    Pieces.push_back({C->ValueOffset, C->ValueLength, std::to_string(*To)});
    std::string WrittenOp = ValueFirst ? mirroredOperator(Op) : Op;
    if (FileText.substr(C->OperatorOffset, C->OperatorLength) != WrittenOp)
      Pieces.push_back({C->OperatorOffset, C->OperatorLength, WrittenOp});
  }
  // The comparison's text with every edit applied, for the report: the
  // later ones first, so the earlier offsets stay valid.
  E.NewText = E.OldText;
  llvm::sort(Pieces, [](const Edit &A, const Edit &B) { return A.Offset > B.Offset; });
  for (const Edit &P : Pieces)
    E.NewText.replace(P.Offset - C->Begin, P.Length, P.Text);
  if (Translatable) {
    for (const Edit &P : Pieces)
      if (P.Offset != Ref.At.Offset) // the name's edit is D's already
        D.Edits.push_back(P);
    // The target's scale says nothing by itself: the code keeps what the
    // comparison meant.
    if (Map.Annotate && E.OldText.find('\n') == std::string::npos)
      D.Edits.push_back({C->End, 0, " /* CUDA: " + E.OldText + " */"});
    E.Note = Value <= 0
                 ? "a test of where the macro is undefined (0): " + Map.TargetMacro +
                       " is undefined where " + Map.CudaMacro + " is"
                 : Map.band(Value)->Meaning;
    E.Note += truthOnTargetGpus(Map, Op, *To, Target.DisplayName);
    return;
  }
  E.NeedsReview = Map.ReportOthers;
  std::string Review = "no threshold maps " + E.OldText + " onto " + Target.DisplayName +
                       "'s " + Map.TargetMacro +
                       " scale: check the renamed comparison by hand";
  // A disputed name keeps saying which other name sources use.
  E.Note = E.Disputed ? E.Note + "; " + Review : Review;
}

HazardDecision Decider::assess(const Hazard &H, llvm::StringRef FileText) const {
  return hazardCheck(H.Kind).decide(H, FileText, {Rules, Target.DisplayName});
}

/// Whether Text is one call `dim3(...)`, whose closing parenthesis ends it.
static bool isDim3Call(llvm::StringRef Text) {
  return Text.consume_front("dim3") && isOneParenthesizedGroup(Text);
}

Decision Decider::decide(const KernelLaunch &L, llvm::StringRef FileText) const {
  Event E;
  E.At = L.At;
  E.Cuda = L.Kernel.empty() ? "<<<>>>" : L.Kernel + "<<<>>>";
  E.Replacement = E.Cuda;
  E.Kind = "launch";
  E.Family = "launch";
  E.Status = EventStatus::Kept;
  if (Target.LaunchFunction.empty() || !LaunchAsCall)
    return {std::move(E), {}};
  if (!L.Rewritable) {
    E.Status = EventStatus::Unsupported;
    E.Note = "the launch's <<< >>> and the commas of its configuration are not written "
             "in one text (some come from a macro's definition): it stays a <<<>>> "
             "launch";
    return {std::move(E), {}};
  }

  // kernel<<<g, b, s, q>>>(args) -> hipLaunchKernelGGL(kernel, dim3(g), dim3(b),
  // s, q, args), as hipify writes it: a template-id in the kernel-name macro,
  // and a grid or block written as dim3(...) not wrapped again. Only the
  // punctuation between the pieces changes, so edits inside the pieces
  // (renamed arguments) still apply.
  E.Status = EventStatus::Migrated;
  E.Replacement = Target.LaunchFunction;
  Decision D{std::move(E), {}};
  D.Helper = Target.LaunchHeader;
  auto Replace = [&](unsigned From, unsigned To, std::string Text) {
    D.Edits.push_back({From, To - From, std::move(Text)});
  };
  const auto &C = L.Config;
  auto Wrapped = [&](size_t I, const char *Text) -> std::string {
    return isDim3Call(FileText.slice(C[I].first, C[I].second)) ? "" : Text;
  };
  std::string Head = Target.LaunchFunction + "(";
  if (L.CalleeIsTemplateId) {
    Head += Target.KernelNameMacro + "(";
    D.Edits.push_back({L.CalleeEnd, 0, ")"});
  }
  D.Edits.push_back({L.CalleeBegin, 0, Head});
  Replace(L.CalleeEnd, C[0].first, ", " + Wrapped(0, "dim3("));
  Replace(C[0].second, C[1].first, Wrapped(0, ")") + ", " + Wrapped(1, "dim3("));
  std::string Close1 = Wrapped(1, ")");
  std::string ArgsLead = L.ArgCount ? ", " : "";
  switch (C.size()) {
  case 2:
    Replace(C[1].second, L.ArgsOpen + 1, Close1 + ", 0, 0" + ArgsLead);
    break;
  case 3:
    Replace(C[1].second, C[2].first, Close1 + ", ");
    Replace(C[2].second, L.ArgsOpen + 1, ", 0" + ArgsLead);
    break;
  default:
    Replace(C[1].second, C[2].first, Close1 + ", ");
    Replace(C[2].second, C[3].first, ", ");
    Replace(C[3].second, L.ArgsOpen + 1, ArgsLead);
    break;
  }
  return D;
}

std::optional<Decision> Decider::decide(const DynamicShared &S) const {
  if (!LaunchAsCall || Target.DynamicSharedMacro.empty())
    return std::nullopt;
  Event E;
  E.At = S.At;
  E.Cuda = "extern __shared__ " + S.Type + " " + S.Name + "[]";
  E.Replacement = E.Cuda;
  E.Kind = "dynamic-shared";
  E.Family = "launch";
  E.Status = EventStatus::Unsupported;
  const std::string &Macro = Target.DynamicSharedMacro;
  if (!S.BlockScope)
    E.Note = "dynamic shared memory declared at file scope, where " + Macro +
             ", a statement, cannot stand: it stays extern __shared__, which a "
             "compiler without CUDA's language extensions cannot build; declare it "
             "in the functions that use it";
  else if (!S.Rewritable)
    E.Note = "the declaration is written by a macro, or declares more than one "
             "name: it stays as written";
  else
    return sharedAsMacro(S, std::move(E));
  return Decision{std::move(E), {}};
}

Decision Decider::sharedAsMacro(const DynamicShared &S, Event E) const {
  const std::string &Macro = Target.DynamicSharedMacro;
  E.Status = EventStatus::Migrated;
  E.Replacement = Macro;
  if (!S.Attributes.empty()) {
    E.NeedsReview = true;
    E.Note = "its attributes (" + S.Attributes + ") are left out, as " + Macro +
             " takes only a type: the memory is aligned for " + S.Type +
             "; check code that reads it as a type that needs more";
  }
  Decision D{std::move(E), {}};
  D.Helper = Target.LaunchHeader;
  auto Replace = [&](unsigned From, unsigned To, std::string Text) {
    D.Edits.push_back({From, To - From, std::move(Text)});
  };
  // A template-id's commas would split the macro's arguments.
  bool Comma = llvm::StringRef(S.Type).contains(',');
  const auto &Runs = S.TypeRuns;
  Replace(S.At.Offset, Runs.front().first,
          Macro + "(" + (Comma ? Target.KernelNameMacro + "(" : ""));
  for (size_t I = 1; I < Runs.size(); ++I)
    Replace(Runs[I - 1].second, Runs[I].first, " ");
  Replace(Runs.back().second, S.NameEnd - S.Name.size(), Comma ? "), " : ", ");
  Replace(S.NameEnd, S.Semicolon, ")");
  return D;
}

} // namespace musify
