// Loads and validates build-file rule tables (schema: rules/build.schema.json).
#include "rules/BuildRules.h"
#include "core/EnumNames.h"
#include "rules/TableReader.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace musify {

namespace {

constexpr EnumName<BuildRuleKind> BuildKindNames[] = {
    {BuildRuleKind::CMakeLanguage, "cmake-language"},
    {BuildRuleKind::CMakePackage, "cmake-package"},
    {BuildRuleKind::CMakeTarget, "cmake-target"},
    {BuildRuleKind::CMakeVariable, "cmake-variable"},
    {BuildRuleKind::CMakeProperty, "cmake-property"},
    {BuildRuleKind::CMakeCommand, "cmake-command"},
    {BuildRuleKind::Tool, "tool"},
    {BuildRuleKind::CompilerFlag, "compiler-flag"},
    {BuildRuleKind::Library, "library"},
    {BuildRuleKind::PathVariable, "path-variable"},
    {BuildRuleKind::Path, "path"},
    {BuildRuleKind::PythonName, "python-name"},
    {BuildRuleKind::PythonKeyword, "python-keyword"},
    {BuildRuleKind::PythonString, "python-string"},
    {BuildRuleKind::PythonApi, "python-api"},
    {BuildRuleKind::PythonImport, "python-import"},
    {BuildRuleKind::PythonAttribute, "python-attribute"},
    {BuildRuleKind::PythonDevice, "python-device"},
    {BuildRuleKind::PythonBackend, "python-backend"},
    {BuildRuleKind::PythonEnvironment, "python-environment"},
    {BuildRuleKind::PythonDeviceArgument, "python-device-argument"},
    {BuildRuleKind::PythonBackendArgument, "python-backend-argument"},
    {BuildRuleKind::PythonCompanion, "python-companion"},
};
static_assert(namesCover(BuildKindNames, BuildRuleKind::PythonCompanion));

constexpr EnumName<FlagAction> ActionNames[] = {
    {FlagAction::Rename, "rename"}, {FlagAction::Drop, "drop"},
    {FlagAction::Unwrap, "unwrap"}, {FlagAction::Arch, "arch"},
    {FlagAction::Pass, "pass"},
};
static_assert(namesCover(ActionNames, FlagAction::Pass));

constexpr EnumName<FlagValue> ValueNames[] = {
    {FlagValue::None, "none"},
    {FlagValue::Joined, "joined"},
    {FlagValue::Separate, "separate"},
};
static_assert(namesCover(ValueNames, FlagValue::Separate));

constexpr const char *BuildTableKeys[] = {"$schema", "target", "description",
                                          "architectures", "entries"};
constexpr const char *BuildEntryKeys[] = {"cuda",
                                          "kind",
                                          "status",
                                          "target",
                                          "note",
                                          "source",
                                          "check",
                                          "review",
                                          "prefix",
                                          "package",
                                          "flags",
                                          "action",
                                          "value",
                                          "values",
                                          "source_extensions",
                                          "target_extensions",
                                          "setup",
                                          "source_command",
                                          "link",
                                          "arch_value",
                                          "arch_default"};

bool needsTarget(const BuildRule &R) {
  if (!R.Supported || R.Prefix)
    return false;
  if (!R.Values.empty())
    return false;
  return R.Kind != BuildRuleKind::CompilerFlag || R.Action == FlagAction::Rename;
}

/// The per-kind constraints the schema states, checked here too so that a
/// user's table fails with a message rather than a silent mismatch.
std::optional<std::string> validate(const BuildRule &R) {
  if (!R.Supported) {
    if (!R.Replacement.empty())
      return std::string("an unsupported entry has no \"target\"");
    if (R.Note.empty())
      return std::string("an unsupported entry needs a \"note\" saying why");
  }
  if (needsTarget(R) && R.Replacement.empty())
    return std::string("\"target\" is missing");
  if (R.Prefix && R.Note.empty())
    return std::string("a prefix entry needs a \"note\" (shown with the unknown names "
                       "it catches)");
  if (R.Kind != BuildRuleKind::CompilerFlag &&
      (R.Action != FlagAction::Rename || R.Value != FlagValue::None ||
       (!R.Values.empty() && !R.isBooleanSetting())))
    return std::string("\"action\" and \"value\" belong to compiler flags, \"values\" "
                       "to compiler flags, CMake variables and properties");
  if (R.isBooleanSetting() && llvm::any_of(R.Values, [](const auto &V) {
        return V.first != "ON" && V.first != "OFF";
      }))
    return std::string("the \"values\" of a CMake variable or property are ON and OFF");
  if (R.Action == FlagAction::Drop && !R.Replacement.empty())
    return std::string("a dropped flag has no \"target\"");
  if (R.Action == FlagAction::Arch && R.Supported &&
      R.Replacement.find("{arch}") == std::string::npos)
    return std::string("an \"arch\" flag's \"target\" needs {arch}");
  if ((R.Action == FlagAction::Unwrap || R.Action == FlagAction::Arch ||
       (!R.Values.empty() && R.Kind == BuildRuleKind::CompilerFlag)) &&
      R.Value != FlagValue::Separate)
    return std::string("this action needs \"value\": \"separate\"");
  if (!R.Package.empty() && R.Kind != BuildRuleKind::CMakeTarget &&
      R.Kind != BuildRuleKind::CMakeLanguage)
    return std::string("\"package\" belongs to cmake-target and cmake-language entries");
  if (!R.Link.empty() && R.Kind != BuildRuleKind::CMakeLanguage)
    return std::string("\"link\" belongs to cmake-language entries");
  if (!R.Link.empty() && R.Package.empty())
    return std::string("\"link\" needs the \"package\" that gives it");
  if (R.Flags && R.Kind != BuildRuleKind::CMakeVariable &&
      R.Kind != BuildRuleKind::Tool && R.Kind != BuildRuleKind::CMakeCommand)
    return std::string("\"flags\" belongs to cmake-variable, cmake-command and tool "
                       "entries");
  if ((!R.SourceExtensions.empty() || !R.TargetExtensions.empty()) &&
      R.Kind != BuildRuleKind::CMakeLanguage)
    return std::string("extensions belong to cmake-language entries");
  if ((!R.Setup.empty() || !R.SourceCommand.empty()) &&
      R.Kind != BuildRuleKind::CMakeLanguage)
    return std::string("\"setup\" and \"source_command\" belong to cmake-language "
                       "entries");
  if (!R.SourceCommand.empty() && R.SourceCommand.find("{sources}") == std::string::npos)
    return std::string("\"source_command\" needs {sources}");
  if ((!R.ArchValue.empty() || !R.ArchDefault.empty()) &&
      (R.Kind != BuildRuleKind::CMakeVariable && R.Kind != BuildRuleKind::CMakeProperty))
    return std::string("\"arch_value\" and \"arch_default\" belong to cmake-variable "
                       "and cmake-property entries");
  if (R.ArchValue.empty() != R.ArchDefault.empty())
    return std::string("\"arch_value\" and \"arch_default\" go together");
  return std::nullopt;
}

} // namespace

const char *buildRuleKindName(BuildRuleKind Kind) { return nameOf(BuildKindNames, Kind); }

/// Reads a build table's "architectures" map, if it has one, into Out.
static llvm::Error readArchitectures(const nlohmann::json &Table,
                                     llvm::StringRef FileName,
                                     std::optional<BuildArchitectures> &Out) {
  auto It = Table.find("architectures");
  if (It == Table.end())
    return llvm::Error::success();
  BuildArchitectures A;
  try {
    for (const auto &Member : It->items())
      if (Member.key() != "thresholds" && Member.key() != "cuda_prefixes" &&
          Member.key() != "scale")
        return tableError(FileName,
                          "\"architectures\": unknown key \"" + Member.key() + "\"");
    A.Thresholds = It->at("thresholds").get<std::string>();
    A.CudaPrefixes = It->at("cuda_prefixes").get<std::vector<std::string>>();
    A.Scale = It->at("scale").get<long long>();
  } catch (const nlohmann::json::exception &E) {
    return tableError(FileName, llvm::Twine("malformed \"architectures\": ") + E.what());
  }
  if (A.Scale <= 0 || A.CudaPrefixes.empty())
    return tableError(FileName, "\"architectures\" needs prefixes and a positive scale");
  if (Out)
    return tableError(FileName, "a second \"architectures\" map");
  Out = std::move(A);
  return llvm::Error::success();
}

/// Reads the keys of cmake-language and architecture entries into R.
static std::optional<std::string> readCMakeKeys(const nlohmann::json &Entry,
                                                BuildRule &R) {
  std::vector<std::string> Setup;
  std::optional<std::string> Problem =
      readMember(Entry, "setup", Setup, "an array of strings (lines)");
  for (const std::string &Line : Setup)
    R.Setup += Line + "\n";
  for (auto [Key, Into] :
       {std::pair{"source_command", &R.SourceCommand}, std::pair{"link", &R.Link},
        std::pair{"arch_value", &R.ArchValue}, std::pair{"arch_default", &R.ArchDefault}})
    if (std::optional<std::string> P = readMember(Entry, Key, *Into, "a string");
        P && !Problem)
      Problem = std::move(P);
  return Problem;
}

/// Reads one entry into R; a message (without the file) if it is malformed.
static std::optional<std::string> readBuildEntry(const nlohmann::json &Entry,
                                                 const std::string &At, BuildRule &R,
                                                 bool HasArchitectures) {
  std::string Kind, Status, Action = "rename", Value = "none";
  std::optional<std::string> Problem;
  auto Check = [&](std::optional<std::string> P) {
    if (P && !Problem)
      Problem = std::move(P);
  };
  Check(readMember(Entry, "cuda", R.Cuda, "a string"));
  Check(readMember(Entry, "kind", Kind, "a string"));
  Check(readMember(Entry, "status", Status, "a string"));
  Check(readMember(Entry, "target", R.Replacement, "a string"));
  Check(readMember(Entry, "note", R.Note, "a string"));
  Check(readMember(Entry, "source", R.Source, "a string"));
  Check(readMember(Entry, "check", R.VerifiedBy, "a string"));
  Check(readMember(Entry, "review", R.Review, "true or false"));
  Check(readMember(Entry, "prefix", R.Prefix, "true or false"));
  Check(readMember(Entry, "package", R.Package, "a string"));
  Check(readMember(Entry, "flags", R.Flags, "true or false"));
  Check(readMember(Entry, "action", Action, "a string"));
  Check(readMember(Entry, "value", Value, "a string"));
  Check(readMember(Entry, "values", R.Values, "an object of strings"));
  Check(
      readMember(Entry, "source_extensions", R.SourceExtensions, "an array of strings"));
  Check(
      readMember(Entry, "target_extensions", R.TargetExtensions, "an array of strings"));
  Check(readCMakeKeys(Entry, R));
  if (Problem)
    return At + ": " + *Problem;
  if (R.Cuda.empty())
    return At + ": \"cuda\" is missing or empty";
  std::string Where = At + " (\"" + R.Cuda + "\")";

  std::optional<BuildRuleKind> K = valueNamed(BuildKindNames, Kind);
  if (!K)
    return Where + ": unknown \"kind\" \"" + Kind + "\"";
  R.Kind = *K;
  if (Status != "supported" && Status != "unsupported")
    return Where + ": \"status\" must be supported or unsupported";
  R.Supported = Status == "supported";
  std::optional<FlagAction> A = valueNamed(ActionNames, Action);
  if (!A)
    return Where + ": unknown \"action\" \"" + Action + "\"";
  R.Action = *A;
  std::optional<FlagValue> V = valueNamed(ValueNames, Value);
  if (!V)
    return Where + ": unknown \"value\" \"" + Value + "\"";
  R.Value = *V;
  if (R.Action == FlagAction::Arch && R.Supported && !HasArchitectures)
    return Where + ": an \"arch\" flag needs the table's \"architectures\"";
  if (auto P = validate(R))
    return Where + ": " + *P;
  return std::nullopt;
}

llvm::Error BuildRules::addTable(llvm::StringRef Text, llvm::StringRef FileName,
                                 llvm::StringRef ExpectedTarget) {
  llvm::Expected<nlohmann::json> Parsed = parseJson(Text, FileName);
  if (!Parsed)
    return Parsed.takeError();
  const nlohmann::json &Table = *Parsed;
  if (llvm::Error E =
          checkTable(Table, FileName, BuildTableKeys, ExpectedTarget, "a build table"))
    return E;
  if (llvm::Error E = readArchitectures(Table, FileName, Architectures))
    return E;

  return forEachEntry(
      Table, FileName, BuildEntryKeys,
      [&](const nlohmann::json &Entry, const std::string &At) -> llvm::Error {
        BuildRule R;
        if (std::optional<std::string> Problem =
                readBuildEntry(Entry, At, R, Architectures.has_value()))
          return tableError(FileName, *Problem);
        // Commands are kept in lower case: CMake compares them without case.
        if (R.Kind == BuildRuleKind::CMakeCommand)
          R.Cuda = llvm::StringRef(R.Cuda).lower();
        for (const BuildRule &Existing : Rules)
          if (Existing.Kind == R.Kind && Existing.Prefix == R.Prefix &&
              Existing.Cuda == R.Cuda)
            return tableError(FileName, At + " (\"" + R.Cuda + "\"): duplicate " +
                                            buildRuleKindName(R.Kind) + " entry");
        if (!R.Prefix)
          ByName[R.Cuda].push_back(Rules.size());
        Rules.push_back(std::move(R));
        return llvm::Error::success();
      });
}

const BuildRule *BuildRules::find(BuildRuleKind Kind, llvm::StringRef Name) const {
  std::string Lower;
  if (Kind == BuildRuleKind::CMakeCommand) {
    Lower = Name.lower();
    Name = Lower;
  }
  auto It = ByName.find(Name);
  if (It == ByName.end())
    return nullptr;
  for (size_t I : It->second)
    if (Rules[I].Kind == Kind)
      return &Rules[I];
  return nullptr;
}

const BuildRule *BuildRules::findPrefix(BuildRuleKind Kind, llvm::StringRef Name) const {
  const BuildRule *Best = nullptr;
  for (const BuildRule &R : Rules)
    if (R.Kind == Kind && R.Prefix && Name.starts_with(R.Cuda) &&
        (!Best || R.Cuda.size() > Best->Cuda.size()))
      Best = &R;
  return Best;
}

std::optional<BuildRules::PythonApiResolution>
BuildRules::resolvePythonApi(llvm::StringRef Path) const {
  auto ParentOf = [](llvm::StringRef P) {
    size_t Dot = P.rfind('.');
    return Dot == llvm::StringRef::npos ? llvm::StringRef() : P.take_front(Dot);
  };
  if (const BuildRule *R = find(BuildRuleKind::PythonApi, Path))
    return PythonApiResolution{R, R->Supported ? R->Replacement : ""};
  const BuildRule *Prefix = findPrefix(BuildRuleKind::PythonApi, Path);
  for (llvm::StringRef Up = ParentOf(Path); !Up.empty(); Up = ParentOf(Up))
    if (const BuildRule *R = find(BuildRuleKind::PythonApi, Up)) {
      if (Prefix && Up.size() < Prefix->Cuda.size())
        break;
      if (!R->Supported)
        return PythonApiResolution{R, ""};
      return PythonApiResolution{R, R->Replacement + Path.drop_front(Up.size()).str()};
    }
  if (Prefix)
    return PythonApiResolution{Prefix, ""};
  return std::nullopt;
}

std::vector<const BuildRule *> BuildRules::ofKind(BuildRuleKind Kind) const {
  std::vector<const BuildRule *> Out;
  for (const BuildRule &R : Rules)
    if (R.Kind == Kind)
      Out.push_back(&R);
  return Out;
}

void BuildRules::setArchitectureMap(std::vector<std::pair<long long, long long>> Map) {
  if (!Architectures)
    return;
  llvm::sort(Map);
  Architectures->Map = std::move(Map);
}

} // namespace musify
