// Building the report and the diagnostics from events.
#include "report/Report.h"
#include "core/WorkingFolder.h"
#include "hazards/HazardCheck.h"
#include "rules/TargetVersion.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"

#include <cassert>
#include <tuple>

namespace musify {

namespace {

/// The inline-asm hazard's records carry their statement's PTX instructions.
bool isInlineAsm(HazardKind Kind) {
  return llvm::StringRef(hazardKindName(Kind)) == "inline-asm";
}

/// Lines (in order) as a reader takes them in: `line 4`, `lines 3 x2, 9`;
/// past Most of them, "..." (Shown counts them across calls).
std::string lineList(llvm::ArrayRef<unsigned> Lines, size_t Most, size_t &Shown) {
  std::vector<std::pair<unsigned, unsigned>> Runs; // line, uses
  for (unsigned Line : Lines)
    if (!Runs.empty() && Runs.back().first == Line)
      ++Runs.back().second;
    else
      Runs.push_back({Line, 1});
  std::string Out = Runs.size() == 1 ? "line " : "lines ";
  for (size_t I = 0; I < Runs.size(); ++I, ++Shown) {
    if (Shown == Most)
      return Out + (I ? ", ..." : "...");
    Out += (I ? ", " : "") + std::to_string(Runs[I].first) +
           (Runs[I].second > 1 ? " x" + std::to_string(Runs[I].second) : "");
  }
  return Out;
}

/// The uses of a hazard cause, by file and line: `a.cu lines 3 x2, 9;
/// b.cu line 4`; past Most lines, "...".
std::string usePlaces(const HazardCauseUses &C, size_t Most) {
  std::vector<std::pair<std::string, std::vector<unsigned>>> Files;
  for (const auto &[At, Code] : C.Uses) {
    if (Files.empty() || Files.back().first != At.File)
      Files.push_back({At.File, {}});
    Files.back().second.push_back(At.Line);
  }
  std::string Out;
  size_t Shown = 0;
  for (const auto &[File, Lines] : Files) {
    if (Shown == Most)
      return Out + "; ...";
    Out += (Out.empty() ? "" : "; ") + oneLine(displayPath(File)) + " " +
           lineList(Lines, Most, Shown);
  }
  return Out;
}

/// What a hazard cause's finding says: what its uses' messages say (the
/// first whole, what the others add after the part they share), and where
/// it is used.
std::string causeMessage(const HazardCauseUses &C, bool Every) {
  // A message that another begins with and goes on from stands for both,
  // in the first one's place.
  std::vector<llvm::StringRef> Messages;
  for (llvm::StringRef M : C.Messages) {
    for (llvm::StringRef Longer : C.Messages)
      if (Longer.size() > M.size() && Longer.starts_with(M))
        M = Longer;
    if (!llvm::is_contained(Messages, M))
      Messages.push_back(M);
  }
  // What each message says past the part the first one shares with it; one
  // that begins another says nothing more.
  llvm::StringRef First = Messages.front();
  std::vector<std::string> Adds;
  for (llvm::StringRef Other : llvm::ArrayRef(Messages).drop_front()) {
    size_t Shared = 0;
    for (size_t At = First.find(": ");
         At != llvm::StringRef::npos && First.take_front(At) == Other.take_front(At);
         At = First.find(": ", At + 1))
      Shared = At + 2;
    Adds.push_back(Other.drop_front(Shared).str());
  }
  std::string Text = "'" + C.Name + "' " + First.str();
  for (const std::string &Add : Adds)
    if (!First.contains(Add) && llvm::none_of(Adds, [&](const std::string &Longer) {
          return Longer != Add && llvm::StringRef(Longer).starts_with(Add);
        }))
      Text += "; or " + Add;
  return llvm::formatv("{0}; {1} use(s): {2}", Text, C.Uses.size(),
                       usePlaces(C, Every ? C.Uses.size() : 10));
}

nlohmann::json eventToJson(const Event &E) {
  nlohmann::json J = {{"line", E.At.Line},
                      {"column", E.At.Column},
                      {"cuda", E.Cuda},
                      {"target", E.Replacement},
                      {"kind", E.Kind},
                      {"family", E.Family},
                      {"status", eventStatusName(E.Status)},
                      {"evidence", evidenceName(E.How)}};
  if (!E.VerifiedBy.empty())
    J["verified_by"] = E.VerifiedBy;
  if (!E.Source.empty())
    J["source"] = E.Source;
  if (!E.CudaStatus.empty())
    J["cuda_status"] = E.CudaStatus;
  if (!E.CudaVersion.empty())
    J["cuda_version"] = E.CudaVersion;
  if (!E.OldText.empty())
    J["comparison"] = {
        {"old", E.OldText}, {"new", E.NewText}, {"needs_review", E.NeedsReview}};
  if (!E.DroppedArgument.empty())
    J["dropped_argument"] = E.DroppedArgument;
  if (E.Disputed)
    J["disputed"] = true;
  if (E.NeedsReview)
    J["needs_review"] = true;
  if (!E.Note.empty())
    J["note"] = E.Note;
  return J;
}

nlohmann::json buildBlockersToJson(const std::vector<BuildBlocker> &List) {
  nlohmann::json J = nlohmann::json::array();
  for (const BuildBlocker &B : List)
    J.push_back({{"file", B.At.File},
                 {"line", B.At.Line},
                 {"column", B.At.Column},
                 {"kind", B.Kind},
                 {"name", B.Name}});
  return J;
}

/// The parse's troubles: its errors, the lines they spoiled, the headers
/// that stood in for missing ones. Absent keys when there were none.
void addParseProblems(const FileReport &F, nlohmann::json &File) {
  if (!F.ParseErrors.empty())
    File["parse_errors"] = F.ParseErrors;
  if (F.ErrorCount) {
    File["error_count"] = F.ErrorCount;
    nlohmann::json Lines = nlohmann::json::array();
    for (auto [First, Last] : F.ErrorLines)
      Lines.push_back({{"first", First}, {"last", Last}});
    File["error_lines"] = std::move(Lines);
  }
  if (!F.DeviceParses.empty())
    File["device_parses"] = F.DeviceParses;
  if (!F.ClangCrashes.empty())
    File["clang_crashes"] = F.ClangCrashes;
  if (!F.StoodIn.empty()) {
    nlohmann::json StoodIn = nlohmann::json::array();
    for (const auto &[Line, Header] : F.StoodIn)
      StoodIn.push_back({{"line", Line}, {"header", Header}});
    File["stood_in"] = std::move(StoodIn);
  }
}

nlohmann::json fileToJson(const FileReport &F) {
  nlohmann::json Events = nlohmann::json::array();
  for (const Event &E : F.Events)
    Events.push_back(eventToJson(E));
  nlohmann::json Conflicts = nlohmann::json::array();
  for (const ConflictRecord &C : F.Conflicts)
    Conflicts.push_back({{"line", C.At.Line},
                         {"column", C.At.Column},
                         {"existing", C.Existing},
                         {"incoming", C.Incoming}});
  nlohmann::json Hazards = nlohmann::json::array();
  for (const HazardRecord &H : F.Hazards) {
    nlohmann::json Hazard = {
        {"line", H.At.Line}, {"column", H.At.Column}, {"kind", hazardKindName(H.Kind)},
        {"code", H.Text},    {"message", H.Message},  {"defused", H.Defused}};
    if (!H.Cause.empty())
      Hazard["cause"] = {{"name", H.Cause},
                         {"file", H.CauseAt.File},
                         {"line", H.CauseAt.Line},
                         {"column", H.CauseAt.Column}};
    if (isInlineAsm(H.Kind))
      Hazard["instructions"] = H.Instructions;
    Hazards.push_back(std::move(Hazard));
  }
  nlohmann::json File = {
      {"path", F.Path},
      {"output", F.Output.empty() ? nlohmann::json(nullptr) : nlohmann::json(F.Output)},
      {"analysis", analysisName(F.How)},
      {"references", std::move(Events)},
      {"conflicts", std::move(Conflicts)},
      {"hazards", std::move(Hazards)}};
  if (F.How == Analysis::TokenFallback)
    File["fallback_reason"] = F.FallbackReason;
  addParseProblems(F, File);
  if (F.BuildBlockers)
    File["build"] = {{"expected", F.BuildBlockers->empty()},
                     {"blockers", buildBlockersToJson(*F.BuildBlockers)},
                     {"risks", buildBlockersToJson(F.BuildRisks)}};
  return File;
}

/// The `asm` statements translated and left, in all and by instruction.
nlohmann::json inlineAsmToJson(const Totals &T) {
  nlohmann::json ByInstruction = nlohmann::json::object();
  for (const auto &[Opcode, Counts] : T.AsmByInstruction)
    ByInstruction[Opcode] = {{"translated", Counts.first}, {"left", Counts.second}};
  return {{"translated", T.AsmTranslated},
          {"left", T.AsmLeft},
          {"by_instruction", std::move(ByInstruction)}};
}

nlohmann::json totalsToJson(const Totals &T) {
  return {{"files", T.Files},
          {"files_without_semantics", T.FilesWithoutSemantics},
          {"files_with_clang_errors", T.FilesWithClangErrors},
          {"references", T.References},
          {"migrated", T.Migrated},
          {"migrated-without-semantics", T.MigratedWithoutSemantics},
          {"kept", T.Kept},
          {"unsupported", T.Unsupported},
          {"unknown", T.Unknown},
          {"excluded", T.Excluded},
          {"in_string_literals", T.InStringLiterals},
          {"deprecated_or_removed", T.DeprecatedOrRemoved},
          {"conflicts", T.Conflicts},
          {"hazards", T.Hazards},
          {"hazard_causes", T.HazardCauses},
          {"predicted_not_to_build", T.PredictedNotToBuild},
          {"inline_asm", inlineAsmToJson(T)}};
}

nlohmann::json hazardCauseToJson(const HazardCauseUses &C) {
  nlohmann::json Places = nlohmann::json::array();
  for (const auto &[At, Code] : C.Uses)
    Places.push_back(
        {{"file", At.File}, {"line", At.Line}, {"column", At.Column}, {"code", Code}});
  return {{"kind", hazardKindName(C.Kind)},
          {"name", C.Name},
          {"file", C.At.File},
          {"line", C.At.Line},
          {"column", C.At.Column},
          {"message", causeMessage(C, /*Every=*/true)},
          {"uses", C.Uses.size()},
          {"places", std::move(Places)}};
}

/// A name CUDA deprecated or removed, and what became of it.
std::string cudaStatusMessage(const Event &E) {
  std::string Since = E.CudaVersion.empty() ? "" : " " + E.CudaVersion;
  std::string What = E.CudaStatus == "removed" ? "was removed in CUDA" + Since
                                               : "is deprecated since CUDA" + Since;
  std::string Outcome = E.Replacement == E.Cuda ? std::string("kept as it is")
                                                : "migrated to '" + E.Replacement + "'";
  return llvm::formatv("'{0}' {1}; {2}", E.Cuda, What, Outcome);
}

/// The warnings one event calls for: none for a plain migration.
void eventFindings(const Event &E, const char *Target, const FileReport &F,
                   const std::string &Path, std::vector<Finding> &Out) {
  auto Say = [&](const llvm::Twine &Text, llvm::StringRef Code) {
    Out.push_back({F.Path, Path, E.At, "warning", Text.str(), Code.str(), &E, E.Cuda});
  };
  std::string Note = E.Note.empty() ? "" : ": " + E.Note;
  switch (E.Status) {
  case EventStatus::Unsupported: {
    // A later version of the target has it: the note says which, and why.
    if (!E.NeedsVersion.empty())
      return Say(llvm::formatv("'{0}' {1}", E.Cuda, E.Note), "unsupported");
    // A note that says so again ("no [known] HIP equivalent; deprecated since
    // ...") adds only what follows it.
    llvm::StringRef Rest = E.Note;
    if (!Rest.consume_front(std::string("no ") + Target + " equivalent"))
      Rest.consume_front(std::string("no known ") + Target + " equivalent");
    Rest = Rest.ltrim("; ");
    // Without a note, what to do is all there is to say.
    std::string Why = Rest.empty()
                          ? std::string(": left as it is, for a person to rewrite")
                          : ": " + Rest.str();
    return Say(llvm::formatv("'{0}' has no {1} equivalent{2}", E.Cuda, Target, Why),
               "unsupported");
  }
  case EventStatus::Unknown:
    return Say(llvm::formatv("'{0}' is a CUDA name musify does not know; left as "
                             "it is{1}",
                             E.Cuda, Note),
               "unknown");
  default:
    break;
  }
  if (E.NeedsReview && !E.OldText.empty())
    Say(llvm::formatv("'{0}' became '{1}': {2}", E.OldText, E.NewText, E.Note),
        "arch-comparison");
  // Other migrations a person must check (a build file's architecture
  // flag): the kinds above say why in their own words.
  // A name the target spells the same (a compiler flag) is kept, not changed;
  // one with no replacement (a dropped flag) went.
  std::string Became =
      E.Cuda == E.Replacement
          ? llvm::formatv("'{0}' is kept as it is{1}", E.Cuda, Note).str()
      : E.Replacement.empty()
          ? llvm::formatv("'{0}' was dropped{1}", E.Cuda, Note).str()
          : llvm::formatv("'{0}' became '{1}'{2}", E.Cuda, E.Replacement, Note).str();
  if (E.NeedsReview && E.OldText.empty() && E.DroppedArgument.empty() && !E.Disputed)
    Say(Became, "review");
  if (E.Disputed && E.Status != EventStatus::Unsupported)
    Say(Became, "disputed");
  if (!E.DroppedArgument.empty())
    Say(llvm::formatv("'{0}' became '{1}' without its argument '{2}'{3}", E.Cuda,
                      E.Replacement, E.DroppedArgument, Note),
        "dropped-argument");
  if (!E.CudaStatus.empty())
    Say(cudaStatusMessage(E), E.CudaStatus); // the rule's note is in the report
}

} // namespace

/// Counts an `asm` statement once for each instruction it holds.
static void countAsm(Totals &T, const HazardRecord &H) {
  ++(H.Defused ? T.AsmTranslated : T.AsmLeft);
  std::set<std::string> Seen;
  for (const std::string &I : H.Instructions)
    if (Seen.insert(I).second) {
      auto &Counts = T.AsmByInstruction[I];
      ++(H.Defused ? Counts.first : Counts.second);
    }
}

/// What groups the hazards of one definition.
using CauseKey = std::tuple<HazardKind, std::string, unsigned, std::string>;
static CauseKey causeKey(const HazardRecord &H) {
  return {H.Kind, H.CauseAt.File, H.CauseAt.Offset, H.Cause};
}

std::vector<HazardCauseUses> hazardCauses(const RunReport &Report) {
  std::vector<HazardCauseUses> Causes;
  std::map<CauseKey, size_t> Index;
  for (const FileReport &Each : Report.Files)
    withEntries(Report.Spill, Each, [&](const FileReport &F) {
      for (const HazardRecord &H : F.Hazards) {
        if (H.Cause.empty())
          continue;
        auto [It, New] = Index.try_emplace(causeKey(H), Causes.size());
        if (New)
          Causes.push_back({H.Kind, H.Cause, H.CauseAt, {}, {}});
        HazardCauseUses &C = Causes[It->second];
        C.Uses.push_back({H.At, H.Text});
        if (!llvm::is_contained(C.Messages, H.Message))
          C.Messages.push_back(H.Message);
      }
    });
  return Causes;
}

Totals totalsOf(const RunReport &Report) {
  Totals T;
  std::set<CauseKey> Causes;
  for (const FileReport &Each : Report.Files)
    withEntries(Report.Spill, Each, [&](const FileReport &F) {
      ++T.Files;
      T.FilesWithoutSemantics += F.How == Analysis::TokenFallback;
      T.Conflicts += F.Conflicts.size();
      T.Hazards += F.Hazards.size();
      for (const HazardRecord &H : F.Hazards) {
        if (isInlineAsm(H.Kind))
          countAsm(T, H);
        T.HazardCauses += H.Cause.empty() || Causes.insert(causeKey(H)).second;
      }
      T.PredictedNotToBuild += F.BuildBlockers && !F.BuildBlockers->empty();
      T.FilesWithClangErrors += F.ErrorCount || !F.ParseErrors.empty();
      for (const Event &E : F.Events) {
        ++T.References;
        T.DeprecatedOrRemoved += !E.CudaStatus.empty();
        T.InStringLiterals += E.How == Evidence::StringLiteral;
        switch (E.Status) {
        case EventStatus::Migrated:
          ++T.Migrated;
          break;
        case EventStatus::MigratedWithoutSemantics:
          ++T.MigratedWithoutSemantics;
          break;
        case EventStatus::Kept:
          ++T.Kept;
          break;
        case EventStatus::Unsupported:
          ++T.Unsupported;
          break;
        case EventStatus::Unknown:
          ++T.Unknown;
          break;
        case EventStatus::Excluded:
          ++T.Excluded;
          break;
        }
      }
    });
  return T;
}

nlohmann::json reportHeadToJson(const RunReport &Report) {
  nlohmann::json TargetVersion = nullptr;
  if (!Report.TargetVersion.empty())
    TargetVersion = {{"version", Report.TargetVersion},
                     {"chosen_by", Report.TargetVersionChosenBy}};
  return {
      {"tool", {{"name", "musify"}, {"version", Report.ToolVersion}}},
      {"target", Report.Target.Name},
      {"target_version", std::move(TargetVersion)},
      {"cuda", {{"path", Report.CudaPath}, {"version", Report.CudaVersion}}},
      {"inputs", Report.Inputs},
      {"files", nlohmann::json::array()},
      {"hazard_causes", nlohmann::json::array()},
      {"left_out", Report.LeftOut},
      {"totals", totalsToJson(totalsOf(Report))},
  };
}

nlohmann::json reportToJson(const RunReport &Report) {
  nlohmann::json J = reportHeadToJson(Report);
  for (const FileReport &Each : Report.Files)
    withEntries(Report.Spill, Each,
                [&](const FileReport &F) { J["files"].push_back(fileToJson(F)); });
  for (const HazardCauseUses &C : hazardCauses(Report))
    J["hazard_causes"].push_back(hazardCauseToJson(C));
  return J;
}

std::string jsonText(const nlohmann::json &J) {
  return J.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

void writeReportJson(const RunReport &Report, llvm::raw_ostream &OS) {
  JsonStreamWriter Out(OS, reportHeadToJson(Report));
  writeReportFiles(Out, Report);
  OS << "\n";
}

void writeReportFiles(JsonStreamWriter &Out, const RunReport &Report) {
  Out.openArray("files");
  for (const FileReport &Each : Report.Files)
    withEntries(Report.Spill, Each, [&](const FileReport &F) { Out.add(fileToJson(F)); });
  Out.closeArray();
  Out.openArray("hazard_causes");
  for (const HazardCauseUses &C : hazardCauses(Report))
    Out.add(hazardCauseToJson(C));
  Out.closeArray();
  Out.finish();
}

JsonStreamWriter::JsonStreamWriter(llvm::raw_ostream &OS, const nlohmann::json &Head,
                                   CompactText Compact)
    : OS(OS), Compact(std::move(Compact)),
      Head(this->Compact ? this->Compact(Head) : jsonText(Head)) {}

void JsonStreamWriter::openArray(llvm::StringRef Key) {
  std::string Empty = ("\"" + Key + (Compact ? "\":[]" : "\": []")).str();
  size_t At = Head.find(Empty, Written);
  assert(At != std::string::npos && Head.find(Empty, At + 1) == std::string::npos &&
         "the key of a streamed array is once in the head");
  size_t LineStart = Head.rfind('\n', At) + 1; // 0 on one line
  Indent = Head.substr(LineStart, At - LineStart);
  At += Empty.size() - 1; // before the "]"
  OS << llvm::StringRef(Head).slice(Written, At);
  Written = At;
  Elements = 0;
}

void JsonStreamWriter::add(const nlohmann::json &Element) {
  if (Compact) {
    OS << (Elements++ ? "," : "") << Compact(Element);
    return;
  }
  OS << (Elements++ ? ",\n" : "\n");
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  std::string Text = jsonText(Element);
  llvm::StringRef(Text).split(Lines, '\n');
  for (size_t L = 0; L < Lines.size(); ++L)
    OS << (L ? "\n" : "") << Indent << "  " << Lines[L];
}

void JsonStreamWriter::closeArray() {
  if (Elements && !Compact)
    OS << "\n" << Indent;
}

void JsonStreamWriter::finish() {
  OS << llvm::StringRef(Head).drop_front(Written);
  Written = Head.size();
}

/// The findings of a file about a name that is unsupported or unknown, one
/// a name: at its first use, with the others' places and lines.
static void groupRepeatedNames(std::vector<Finding> &Out) {
  std::map<std::pair<std::string, std::string>, size_t> Seen; // (code, name) -> index
  size_t Kept = 0;
  for (size_t I = 0; I < Out.size(); ++I) {
    Finding &Fd = Out[I];
    if (Fd.Code == "unsupported" || Fd.Code == "unknown") {
      auto [It, New] = Seen.try_emplace({Fd.Code, Fd.Subject}, Kept);
      if (!New) {
        Out[It->second].Related.push_back(Fd.At);
        continue;
      }
    }
    if (Kept != I)
      Out[Kept] = std::move(Fd);
    ++Kept;
  }
  Out.resize(Kept);
  for (Finding &Fd : Out) {
    if (Fd.Related.empty() || (Fd.Code != "unsupported" && Fd.Code != "unknown"))
      continue;
    std::vector<unsigned> Lines = {Fd.At.Line};
    for (const Place &Use : Fd.Related)
      Lines.push_back(Use.Line);
    size_t Shown = 0;
    Fd.Message += llvm::formatv("; {0} uses in this file, on {1}", Lines.size(),
                                lineList(Lines, /*Most=*/20, Shown));
  }
}

void fileFindings(const FileReport &F, const std::string &Target,
                  std::vector<Finding> &Out) {
  std::string Path = displayPath(F.Path);
  for (const Event &E : F.Events)
    eventFindings(E, Target.c_str(), F, Path, Out);
  // A hazard that comes from a definition is reported there, once.
  for (const HazardRecord &H : F.Hazards)
    if (H.Cause.empty())
      Out.push_back({F.Path, Path, H.At, "warning",
                     H.Text.empty() ? H.Message : "'" + H.Text + "': " + H.Message,
                     hazardKindName(H.Kind), nullptr,
                     H.Text.empty() ? hazardKindName(H.Kind) : H.Text, H.Defused});
  for (const ConflictRecord &C : F.Conflicts)
    Out.push_back({F.Path, Path, C.At, "error",
                   llvm::formatv("two parses of this file want different edits here "
                                 "('{0}' and '{1}'); neither was applied",
                                 C.Existing, C.Incoming)
                       .str(),
                   "conflict", nullptr, C.Existing});
}

void forEachFinding(const RunReport &Report, llvm::function_ref<void(const Finding &)> Fn,
                    bool GroupUses) {
  for (const FileReport &Each : Report.Files)
    withEntries(Report.Spill, Each, [&](const FileReport &F) {
      std::vector<Finding> Found;
      fileFindings(F, Report.Target.DisplayName, Found);
      if (GroupUses)
        groupRepeatedNames(Found);
      for (const Finding &Fd : Found)
        Fn(Fd);
    });
  for (const HazardCauseUses &C : hazardCauses(Report)) {
    Finding Fd{C.At.File,
               displayPath(C.At.File),
               C.At,
               "warning",
               causeMessage(C, /*Every=*/false),
               hazardKindName(C.Kind),
               nullptr,
               C.Name};
    for (const auto &Use : C.Uses)
      Fd.Related.push_back(Use.first);
    Fn(Fd);
  }
}

/// A use of a name only a newer target version has.
struct NewerVersionUse {
  std::string Name, NeedsVersion, VersionOption;
};

/// One warning for the names a newer target version has: the version that
/// has them all, and the option that chooses it, is the one action.
static void printNewerVersionGroup(const RunReport &Report,
                                   llvm::ArrayRef<NewerVersionUse> Group,
                                   llvm::raw_ostream &OS) {
  std::map<std::string, std::set<std::string>> NamesBy; // version -> names
  std::optional<Version> Newest;
  for (const NewerVersionUse &Use : Group) {
    NamesBy[Use.NeedsVersion].insert(Use.Name);
    std::optional<Version> V = parseVersion(Use.NeedsVersion);
    if (V && (!Newest || *Newest < *V))
      Newest = V;
  }
  size_t Names = 0;
  std::string List;
  for (const auto &[Needed, Of] : NamesBy) {
    Names += Of.size();
    List += (List.empty() ? "" : "; ") + llvm::join(Of, ", ") + " (" + Needed + ")";
  }
  const std::string &Target = Report.Target.DisplayName;
  OS << llvm::formatv("musify: warning: {0} use(s) of {1} name(s) that {2} {3}, the "
                      "target, does not have yet; {4}={5} migrates them: {6} (--verbose "
                      "prints each use) [musify-unsupported]\n",
                      Group.size(), Names, Target, Report.TargetVersion,
                      Group.front().VersionOption, versionText(*Newest), List);
}

void printDiagnostics(const RunReport &Report, llvm::raw_ostream &OS, bool Every) {
  // Past its first few warnings, a name's repeats are counted, not printed:
  // a large tree must not drown the user (--verbose prints every one). The
  // names only a newer target version has are one warning, with the option
  // that fixes them all.
  const unsigned Shown = 3;
  std::map<std::pair<std::string, std::string>, unsigned> Seen; // (code, name)
  std::vector<NewerVersionUse> NewerVersion;
  forEachFinding(
      Report,
      [&](const Finding &F) {
        if (!Every && F.From && !F.From->NeedsVersion.empty() &&
            F.Code == "unsupported") {
          for (size_t Use = 0; Use <= F.Related.size(); ++Use)
            NewerVersion.push_back(
                {F.From->Cuda, F.From->NeedsVersion, F.From->VersionOption});
          return;
        }
        if (!Every && ++Seen[{F.Code, F.Subject}] > Shown)
          return;
        OS << oneLine(F.Path) << ":" << F.At.Line << ":" << F.At.Column << ": "
           << F.Severity << ": " << oneLine(F.Message) << " [musify-" << F.Code << "]\n";
      },
      /*GroupUses=*/!Every);
  if (Every)
    return;
  if (!NewerVersion.empty())
    printNewerVersionGroup(Report, NewerVersion, OS);
  for (const auto &[Key, Count] : Seen)
    if (Count > Shown)
      OS << "musify: note: " << Count - Shown << " more [musify-" << Key.first
         << "] warning(s) for '" << Key.second << "' (--verbose prints every one)\n";
}

void printSummaryTable(const RunReport &Report, llvm::raw_ostream &OS) {
  const size_t Top = 5;
  std::map<std::string, std::map<std::string, unsigned>> Names; // status -> name -> uses
  std::vector<std::string> WithoutSemantics, NotBuilding;
  for (const FileReport &Each : Report.Files)
    withEntries(Report.Spill, Each, [&](const FileReport &F) {
      for (const Event &E : F.Events)
        if (E.Status == EventStatus::Unsupported || E.Status == EventStatus::Unknown)
          ++Names[eventStatusName(E.Status)][E.Cuda];
      if (F.How == Analysis::TokenFallback)
        WithoutSemantics.push_back(oneLine(displayPath(F.Path)));
      if (F.BuildBlockers && !F.BuildBlockers->empty())
        NotBuilding.push_back(oneLine(displayPath(F.Path)));
    });
  if (Names.empty() && WithoutSemantics.empty() && NotBuilding.empty())
    return;
  OS << "musify: what is left to do:\n";
  for (const auto &[Status, Uses] : Names) {
    std::vector<std::pair<unsigned, std::string>> Ranked;
    for (const auto &[Name, Count] : Uses)
      Ranked.push_back({Count, Name});
    llvm::sort(Ranked, [](const auto &A, const auto &B) {
      return A.first != B.first ? A.first > B.first : A.second < B.second;
    });
    OS << "  " << Status << " names (" << Ranked.size() << "):";
    for (size_t I = 0; I < std::min(Top, Ranked.size()); ++I)
      OS << (I ? ", " : " ") << Ranked[I].second << " x" << Ranked[I].first;
    OS << (Ranked.size() > Top ? ", ...\n" : "\n");
  }
  auto ListFiles = [&](const char *What, const std::vector<std::string> &Files) {
    if (Files.empty())
      return;
    OS << "  " << What << " (" << Files.size() << "):";
    for (size_t I = 0; I < std::min(Top, Files.size()); ++I)
      OS << (I ? ", " : " ") << Files[I];
    OS << (Files.size() > Top ? ", ...\n" : "\n");
  };
  ListFiles("files without semantic analysis", WithoutSemantics);
  ListFiles("files predicted not to build", NotBuilding);
}

std::string summaryLine(const RunReport &Report) {
  Totals T = totalsOf(Report);
  std::string Line = llvm::formatv(
      "musify: {0} file{1} to {2}: {3} references: {4} migrated, {5} "
      "migrated without semantics, {6} kept, {7} unsupported, {8} unknown",
      T.Files, T.Files == 1 ? "" : "s", Report.Target.DisplayName, T.References,
      T.Migrated, T.MigratedWithoutSemantics, T.Kept, T.Unsupported, T.Unknown);
  if (T.FilesWithoutSemantics)
    Line +=
        llvm::formatv("; {0} file(s) without semantic analysis", T.FilesWithoutSemantics);
  if (T.InStringLiterals)
    Line += llvm::formatv("; {0} in string literals", T.InStringLiterals);
  if (T.Excluded)
    Line += llvm::formatv("; {0} excluded by MUSIFY_EXCL markers", T.Excluded);
  if (T.Hazards)
    Line += llvm::formatv("; {0} hazard(s)", T.Hazards);
  if (T.HazardCauses != T.Hazards)
    Line += llvm::formatv(" from {0} cause(s)", T.HazardCauses);
  if (T.Conflicts)
    Line += llvm::formatv("; {0} conflict(s)", T.Conflicts);
  return Line;
}

} // namespace musify
