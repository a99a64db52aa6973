// Loads and validates rule tables (schema: rules/schema.json).
#include "rules/RuleTable.h"
#include "core/EnumNames.h"
#include "rules/TableReader.h"
#include "rules/TargetVersion.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>

namespace musify {

namespace {

constexpr EnumName<RuleKind> KindNames[] = {
    {RuleKind::Function, "function"},     {RuleKind::Type, "type"},
    {RuleKind::Enumerator, "enumerator"}, {RuleKind::Macro, "macro"},
    {RuleKind::Variable, "variable"},     {RuleKind::Namespace, "namespace"},
    {RuleKind::Header, "header"},
};
static_assert(namesCover(KindNames, RuleKind::Header));

constexpr EnumName<RuleStatus> StatusNames[] = {
    {RuleStatus::Supported, "supported"},
    {RuleStatus::Unsupported, "unsupported"},
    {RuleStatus::Deprecated, "deprecated"},
    {RuleStatus::Removed, "removed"},
};
static_assert(namesCover(StatusNames, RuleStatus::Removed));

/// An entry's keys, besides a versioned target's (VersionKeys).
constexpr const char *EntryKeys[] = {"cuda",
                                     "kind",
                                     "status",
                                     "target",
                                     "note",
                                     "source",
                                     "cuda_deprecated",
                                     "cuda_removed",
                                     "check",
                                     "moved_target",
                                     "defined_tests_only",
                                     "call",
                                     "disputed",
                                     "include_first",
                                     "nvcc_implicit",
                                     "target_overloads",
                                     "helper",
                                     "helper_target",
                                     "erase",
                                     "sdk_version_macro"};
constexpr const char *TableKeys[] = {"$schema",     "target",  "family",
                                     "description", "library", "entries"};

/// An argument index written as a JSON object key ("0", "1", ...).
std::optional<unsigned> argumentIndex(llvm::StringRef Key) {
  unsigned Index;
  if (Key.getAsInteger(10, Index))
    return std::nullopt;
  return Index;
}

llvm::Error callError(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message.str());
}

/// {"by_arity": {"2": "name"}, "wrap": {"0": "PRE%POST"},
///  "drop": {"index": 0, "harmless": ["0xffffffff"]}}
llvm::Error parseCall(const nlohmann::json &Call, Rule &R) {
  if (!Call.is_object())
    return callError("must be an object");
  CallRewrite Rewrite;
  for (const auto &[Key, Value] : Call.items()) {
    if (Key == "by_arity" && Value.is_object()) {
      for (const auto &[Arity, Name] : Value.items()) {
        std::optional<unsigned> N = argumentIndex(Arity);
        if (!N || !Name.is_string())
          return callError("\"by_arity\" maps argument counts to names");
        Rewrite.ByArity[*N] = Name.get<std::string>();
      }
    } else if (Key == "wrap" && Value.is_object()) {
      for (const auto &[Index, Pattern] : Value.items()) {
        std::optional<unsigned> I = argumentIndex(Index);
        std::string Text = Pattern.is_string() ? Pattern.get<std::string>() : "";
        if (!I || llvm::StringRef(Text).count('%') != 1)
          return callError("\"wrap\" maps argument indices to patterns with one %");
        auto [Before, After] = llvm::StringRef(Text).split('%');
        Rewrite.Wrap[*I] = {Before.str(), After.str()};
      }
    } else if (Key == "defaults" && Value.is_object()) {
      for (const auto &[Index, Text] : Value.items()) {
        std::optional<unsigned> I = argumentIndex(Index);
        if (!I || !Text.is_string() || Text.get<std::string>().empty())
          return callError("\"defaults\" maps argument indices to argument text");
        Rewrite.Defaults[*I] = Text.get<std::string>();
      }
    } else if (Key == "drop" && Value.is_object() && Value.contains("index") &&
               Value["index"].is_number_unsigned()) {
      Rewrite.Drop = Value["index"].get<unsigned>();
      for (const nlohmann::json &Spelling :
           Value.value("harmless", nlohmann::json::array())) {
        if (!Spelling.is_string())
          return callError("\"drop\": \"harmless\" lists spellings (strings)");
        Rewrite.DropHarmless.push_back(Spelling.get<std::string>());
      }
    } else {
      return callError("unknown or malformed key \"" + Key + "\"");
    }
  }
  R.Call = std::move(Rewrite);
  return llvm::Error::success();
}

} // namespace

const char *ruleKindName(RuleKind Kind) { return nameOf(KindNames, Kind); }

const char *ruleStatusName(RuleStatus Status) { return nameOf(StatusNames, Status); }

namespace {

/// The keys of a versioned target's entries: `hip_added`, ...
struct VersionKeys {
  std::string Added, Deprecated, Removed, HeadersLack, Moved;
  explicit VersionKeys(llvm::StringRef Target)
      : Added((Target + "_added").str()), Deprecated((Target + "_deprecated").str()),
        Removed((Target + "_removed").str()),
        HeadersLack((Target + "_headers_lack").str()), Moved((Target + "_moved").str()) {}
};

llvm::Error entryError(const llvm::Twine &Where, const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 (Where + ": " + Message).str());
}

/// Reads Entry's string members into R, and the kind and status as written;
/// what is wrong with one, or nullopt.
std::optional<std::string> readStrings(const nlohmann::json &Entry,
                                       const VersionKeys &Versions, Rule &R,
                                       std::string &Kind, std::string &Status) {
  for (auto [Key, Out] : {std::pair<const char *, std::string *>{"cuda", &R.Cuda},
                          {"kind", &Kind},
                          {"status", &Status},
                          {"target", &R.Replacement},
                          {"note", &R.Note},
                          {"source", &R.Source},
                          {"cuda_deprecated", &R.CudaDeprecated},
                          {"cuda_removed", &R.CudaRemoved},
                          {"check", &R.VerifiedBy},
                          {"helper", &R.Helper},
                          {"helper_target", &R.HelperReplacement},
                          {Versions.Added.c_str(), &R.Added},
                          {Versions.Deprecated.c_str(), &R.Deprecated},
                          {Versions.Removed.c_str(), &R.Removed},
                          {Versions.HeadersLack.c_str(), &R.HeadersLack},
                          {Versions.Moved.c_str(), &R.Moved},
                          {"moved_target", &R.MovedReplacement}})
    if (std::optional<std::string> Problem = readMember(Entry, Key, *Out, "a string"))
      return Problem;
  return std::nullopt;
}

/// Reads the lists that only one kind of entry takes into R, whose kind is
/// known; what is wrong with one, or nullopt.
std::optional<std::string> readKindLists(const nlohmann::json &Entry, Rule &R) {
  struct NameList {
    const char *Key;
    RuleKind For;
    std::vector<std::string> *Out;
    const char *What;
  };
  for (const NameList &L :
       {NameList{"include_first", RuleKind::Header, &R.IncludeFirst,
                 "header names, for header entries"},
        NameList{"target_overloads", RuleKind::Function, &R.TargetOverloads,
                 "parameter lists, for function entries"}})
    if (readMember(Entry, L.Key, *L.Out, "") ||
        (Entry.contains(L.Key) && R.Kind != L.For))
      return (llvm::Twine("\"") + L.Key + "\" is an array of " + L.What).str();
  return std::nullopt;
}

/// Reads Entry's true-or-false members into R; what is wrong with one, or
/// nullopt.
std::optional<std::string> readFlags(const nlohmann::json &Entry, Rule &R) {
  for (auto [Key, Out] : {std::pair<const char *, bool *>{"disputed", &R.Disputed},
                          {"defined_tests_only", &R.DefinedTestsOnly},
                          {"nvcc_implicit", &R.NvccImplicit},
                          {"erase", &R.Erase},
                          {"sdk_version_macro", &R.SdkVersionMacro}})
    if (std::optional<std::string> Problem =
            readMember(Entry, Key, *Out, "true or false"))
      return Problem;
  return std::nullopt;
}

/// "entry 3 (\"cudaMalloc\")": where a message about an entry points. Made
/// only for a message: most entries need none.
std::string entryName(llvm::StringRef Where, llvm::StringRef Cuda) {
  return (Where + " (\"" + Cuda + "\")").str();
}

/// Reads Entry's members into R: the strings, the kind and status, the call
/// rewrite, the lists and the flags. Messages say Where, and the entry's CUDA
/// name once it is known.
llvm::Error readEntry(const nlohmann::json &Entry, const VersionKeys &Versions, Rule &R,
                      const std::string &Where) {
  std::string Kind, Status;
  if (std::optional<std::string> Problem = readStrings(Entry, Versions, R, Kind, Status))
    return entryError(Where, *Problem);
  if (R.Cuda.empty())
    return entryError(Where, "\"cuda\" is missing or empty");
  std::optional<RuleKind> ParsedKind = valueNamed(KindNames, Kind);
  if (!ParsedKind)
    return entryError(entryName(Where, R.Cuda),
                      "\"kind\" must be one of function, type, enumerator, "
                      "macro, variable, namespace, header");
  std::optional<RuleStatus> ParsedStatus = valueNamed(StatusNames, Status);
  if (!ParsedStatus)
    return entryError(entryName(Where, R.Cuda),
                      "\"status\" must be one of supported, unsupported, "
                      "deprecated, removed");
  R.Kind = *ParsedKind;
  R.Status = *ParsedStatus;
  if (auto It = Entry.find("call"); It != Entry.end())
    if (llvm::Error E = parseCall(*It, R))
      return entryError(entryName(Where, R.Cuda),
                        "\"call\": " + llvm::toString(std::move(E)));
  if (std::optional<std::string> Problem = readKindLists(Entry, R))
    return entryError(entryName(Where, R.Cuda), *Problem);
  if (std::optional<std::string> Problem = readFlags(Entry, R))
    return entryError(entryName(Where, R.Cuda), *Problem);
  return llvm::Error::success();
}

/// A table's "library" object.
llvm::Expected<LibraryDescription> readLibrary(const nlohmann::json &Object,
                                               llvm::StringRef FileName) {
  static const char *const Keys[] = {"name", "marker", "folders", "cuda_prefixes"};
  if (llvm::Error E = checkTable(Object, FileName, Keys, "", "\"library\""))
    return E;
  LibraryDescription L;
  for (auto [Key, Out] :
       {std::pair<const char *, std::string *>{"name", &L.Name}, {"marker", &L.Marker}})
    if (std::optional<std::string> Problem = readMember(Object, Key, *Out, "a string"))
      return tableError(FileName, "\"library\": " + *Problem);
  for (auto [Key, Out] :
       {std::pair<const char *, std::vector<std::string> *>{"folders", &L.Folders},
        {"cuda_prefixes", &L.CudaPrefixes}})
    if (std::optional<std::string> Problem =
            readMember(Object, Key, *Out, "an array of strings"))
      return tableError(FileName, "\"library\": " + *Problem);
  if (L.Marker.empty() || L.Folders.empty())
    return tableError(FileName, "\"library\" needs a marker header and folders");
  return L;
}

/// What makes a read entry inconsistent, or nullopt.
std::optional<std::string> inconsistency(const Rule &R) {
  if (R.NvccImplicit && R.Kind != RuleKind::Header)
    return "\"nvcc_implicit\" is for header entries";
  for (const std::string *V :
       {&R.Added, &R.Deprecated, &R.Removed, &R.HeadersLack, &R.Moved})
    if (!V->empty() && !parseVersion(*V))
      return "versions are major.minor (\"" + *V + "\" is none)";
  if (R.Moved.empty() != R.MovedReplacement.empty() ||
      (!R.Moved.empty() && (R.Kind != RuleKind::Header || !R.hasReplacement())))
    return "a moved header has both a version and \"moved_target\", and a \"target\"";
  if (!R.HelperReplacement.empty() && (R.Helper.empty() || R.TargetOverloads.empty()))
    return "\"helper_target\" is for calls to overloads outside \"target_overloads\", "
           "with a \"helper\"";
  if (R.Erase && (R.hasReplacement() || R.Status == RuleStatus::Unsupported))
    return "an \"erase\" entry is supported and has no \"target\"";
  if (R.SdkVersionMacro && R.Kind != RuleKind::Macro)
    return "\"sdk_version_macro\" is for macro entries";
  if (R.Status == RuleStatus::Unsupported) {
    if (R.hasReplacement())
      return "an unsupported entry has no \"target\"";
    if (R.Note.empty())
      return "an unsupported entry needs a \"note\" saying why";
  } else if (!R.hasReplacement() && !R.Erase) {
    return "\"target\" is missing";
  }
  return std::nullopt;
}

} // namespace

/// Whether Name can stand where a rule of Kind writes it: an identifier,
/// qualified or not (`musify::umin`), or a header path without `..` (a
/// folder ends with `/`). Rule targets are pasted into code: nothing else
/// may get through, whatever a rule file says.
static bool isWellFormed(llvm::StringRef Name, RuleKind Kind) {
  if (Name.empty())
    return false;
  if (Kind == RuleKind::Header) {
    if (Name.starts_with("/"))
      return false;
    llvm::SmallVector<llvm::StringRef> Parts;
    Name.drop_back(Name.ends_with("/")).split(Parts, '/');
    return llvm::all_of(Parts, [](llvm::StringRef Part) {
      return !Part.empty() && Part != ".." && Part != "." &&
             llvm::all_of(Part, [](char C) {
               return llvm::isAlnum(C) || C == '_' || C == '.' || C == '-' || C == '+';
             });
    });
  }
  llvm::SmallVector<llvm::StringRef> Parts;
  Name.split(Parts, "::");
  return llvm::all_of(Parts, [](llvm::StringRef Part) {
    return !Part.empty() && !llvm::isDigit(Part[0]) &&
           llvm::all_of(Part, [](char C) { return llvm::isAlnum(C) || C == '_'; });
  });
}

/// Whether a part of a qualified name is a C++ keyword (alternative tokens
/// included): a target `delete` would turn `cudaFree(p)` into `delete(p)`.
static bool isCxxKeyword(llvm::StringRef Part) {
  static constexpr llvm::StringLiteral Keywords[] = {
      "alignas",       "alignof",     "and",
      "and_eq",        "asm",         "auto",
      "bitand",        "bitor",       "bool",
      "break",         "case",        "catch",
      "char",          "char8_t",     "char16_t",
      "char32_t",      "class",       "compl",
      "concept",       "const",       "consteval",
      "constexpr",     "constinit",   "const_cast",
      "continue",      "co_await",    "co_return",
      "co_yield",      "decltype",    "default",
      "delete",        "do",          "double",
      "dynamic_cast",  "else",        "enum",
      "explicit",      "export",      "extern",
      "false",         "float",       "for",
      "friend",        "goto",        "if",
      "inline",        "int",         "long",
      "mutable",       "namespace",   "new",
      "noexcept",      "not",         "not_eq",
      "nullptr",       "operator",    "or",
      "or_eq",         "private",     "protected",
      "public",        "register",    "reinterpret_cast",
      "requires",      "return",      "short",
      "signed",        "sizeof",      "static",
      "static_assert", "static_cast", "struct",
      "switch",        "template",    "this",
      "thread_local",  "throw",       "true",
      "try",           "typedef",     "typeid",
      "typename",      "union",       "unsigned",
      "using",         "virtual",     "void",
      "volatile",      "wchar_t",     "while",
      "xor",           "xor_eq"};
  return llvm::is_contained(Keywords, Part);
}

/// Whether Name is a type C++ spells with one keyword (`int`): a type
/// rule may name one (`cusolver_int_t` is HIP's `int`).
static bool isBuiltinTypeKeyword(llvm::StringRef Name) {
  static constexpr llvm::StringLiteral Types[] = {
      "bool", "char", "char8_t", "char16_t", "char32_t", "double", "float",
      "int",  "long", "short",   "signed",   "unsigned", "void",   "wchar_t"};
  return llvm::is_contained(Types, Name);
}

/// The first part of a qualified name (`musify::umin`) that is a keyword
/// where a rule of Kind writes it.
static std::optional<llvm::StringRef> keywordIn(llvm::StringRef Name, RuleKind Kind) {
  if (Kind == RuleKind::Header || (Kind == RuleKind::Type && isBuiltinTypeKeyword(Name)))
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef> Parts;
  Name.split(Parts, "::");
  for (llvm::StringRef Part : Parts)
    if (isCxxKeyword(Part))
      return Part;
  return std::nullopt;
}

/// Name with control characters escaped, for a message.
static std::string escaped(llvm::StringRef Name) {
  std::string Out;
  llvm::raw_string_ostream(Out).write_escaped(Name);
  return Out;
}

/// An error naming the file and entry where R's CUDA name or target is not
/// well formed for its kind.
static llvm::Error checkNames(const Rule &R, llvm::StringRef FileName,
                              const llvm::Twine &Where) {
  if (!isWellFormed(R.Cuda, R.Kind))
    return tableError(FileName, Where + ": '" + escaped(R.Cuda) + "' is not a " +
                                    ruleKindName(R.Kind) + " name");
  for (const std::string *Name : {&R.Replacement, &R.HelperReplacement}) {
    if (!Name->empty() && !isWellFormed(*Name, R.Kind))
      return tableError(FileName, Where + ": the target '" + escaped(*Name) +
                                      "' is not a " + ruleKindName(R.Kind) + " name");
    if (!Name->empty())
      if (std::optional<llvm::StringRef> Keyword = keywordIn(*Name, R.Kind))
        return tableError(FileName, Where + ": the target '" + escaped(*Name) +
                                        "' is not a " + ruleKindName(R.Kind) +
                                        " name: '" + *Keyword + "' is a C++ keyword");
  }
  return llvm::Error::success();
}

namespace {

/// A rule table file read on its own, before its rules join a RuleTable.
struct ReadTable {
  std::optional<LibraryDescription> Library;
  std::vector<Rule> Rules; ///< one per entry, in order
};

/// Reads Table and checks each entry on its own; FileName is only for
/// messages. A user's table (FromUser) may leave out its family.
llvm::Expected<ReadTable> readTable(const nlohmann::json &Table, llvm::StringRef FileName,
                                    llvm::StringRef ExpectedTarget, bool FromUser) {
  if (llvm::Error E =
          checkTable(Table, FileName, TableKeys, ExpectedTarget, "a rule table"))
    return E;
  std::string Family;
  if (std::optional<std::string> Problem =
          readMember(Table, "family", Family, "a string"))
    return tableError(FileName, *Problem);
  if (FromUser && Family.empty())
    Family = "user";
  if (Family.empty())
    return tableError(FileName, "\"family\" is missing or empty");
  ReadTable Read;
  if (auto It = Table.find("library"); It != Table.end()) {
    llvm::Expected<LibraryDescription> Library = readLibrary(*It, FileName);
    if (!Library)
      return Library.takeError();
    Library->Family = Family;
    Read.Library = std::move(*Library);
  }

  VersionKeys Versions(ExpectedTarget);
  std::vector<const char *> Keys(std::begin(EntryKeys), std::end(EntryKeys));
  for (const std::string *Key : {&Versions.Added, &Versions.Deprecated, &Versions.Removed,
                                 &Versions.HeadersLack, &Versions.Moved})
    Keys.push_back(Key->c_str());
  if (auto Entries = Table.find("entries"); Entries != Table.end() && Entries->is_array())
    Read.Rules.reserve(Entries->size());
  if (llvm::Error E = forEachEntry(
          Table, FileName, Keys,
          [&](const nlohmann::json &Entry, const std::string &Where) -> llvm::Error {
            Rule R;
            R.Family = Family;
            R.FromUser = FromUser;
            if (llvm::Error E = readEntry(Entry, Versions, R, Where))
              return tableError(FileName, llvm::toString(std::move(E)));
            if (std::optional<std::string> Problem = inconsistency(R))
              return tableError(FileName, entryName(Where, R.Cuda) + ": " + *Problem);
            if (llvm::Error E =
                    checkNames(R, FileName, llvm::Twine(Where) + " (\"" + R.Cuda + "\")"))
              return E;
            Read.Rules.push_back(std::move(R));
            return llvm::Error::success();
          }))
    return E;
  return Read;
}

llvm::Expected<ReadTable> readTable(llvm::StringRef Text, llvm::StringRef FileName,
                                    llvm::StringRef ExpectedTarget) {
  llvm::Expected<nlohmann::json> Table = parseJson(Text, FileName);
  if (!Table)
    return Table.takeError();
  return readTable(*Table, FileName, ExpectedTarget, /*FromUser=*/false);
}

} // namespace

llvm::Error RuleTable::addTable(llvm::StringRef Text, llvm::StringRef FileName,
                                llvm::StringRef ExpectedTarget) {
  llvm::Expected<ReadTable> Read = readTable(Text, FileName, ExpectedTarget);
  if (!Read)
    return Read.takeError();
  return addRead(std::move(Read->Library), std::move(Read->Rules), FileName);
}

llvm::Error RuleTable::addRead(std::optional<LibraryDescription> Library,
                               std::vector<Rule> Read, llvm::StringRef FileName) {
  if (Library)
    Libraries.push_back(std::move(*Library));
  TableFiles.push_back(FileName.str());
  for (size_t Index = 0; Index < Read.size(); ++Index) {
    Rule &R = Read[Index];
    llvm::SmallVector<size_t, 1> &Same = ByName[R.Cuda];
    auto Existing =
        llvm::find_if(Same, [&](size_t I) { return Rules[I].Kind == R.Kind; });
    if (Existing != Same.end()) {
      // A user's entry replaces the shipped one; shipped tables never repeat.
      if (!R.FromUser)
        return tableError(FileName, entryName(entryWhere(Index), R.Cuda) +
                                        ": duplicate " + ruleKindName(R.Kind) +
                                        " entry; first defined in " +
                                        TableFiles[SourceOf[*Existing]]);
      Rules[*Existing] = std::move(R);
      SourceOf[*Existing] = TableFiles.size() - 1;
      continue;
    }
    Same.push_back(Rules.size());
    Rules.push_back(std::move(R));
    SourceOf.push_back(TableFiles.size() - 1);
  }
  findImplicitHeader();
  return llvm::Error::success();
}

llvm::Error RuleTable::addUserFile(llvm::StringRef Path, llvm::StringRef ExpectedTarget) {
  llvm::Expected<nlohmann::json> Parsed = readJsonFile(Path);
  if (!Parsed)
    return Parsed.takeError();
  const nlohmann::json &Json = *Parsed;
  if (Json.is_object() && Json.contains("entries")) {
    llvm::Expected<ReadTable> Read =
        readTable(Json, Path, ExpectedTarget, /*FromUser=*/true);
    if (!Read)
      return Read.takeError();
    return addRead(std::move(Read->Library), std::move(Read->Rules), Path);
  }
  if (!Json.is_object())
    return tableError(Path, "a rule file is a rule table or a flat mapping "
                            "({\"cudaName\": \"targetName\"})");
  // A flat mapping names no kinds: a path is a header, anything else a name
  // of any kind (lookups of every kind fall back to it).
  TableFiles.push_back(Path.str());
  for (const auto &[Cuda, Target] : Json.items()) {
    if (!Target.is_string() || Target.get<std::string>().empty())
      return tableError(Path, "\"" + Cuda + "\": a flat mapping maps names to names");
    Rule R;
    R.Cuda = Cuda;
    R.Replacement = Target.get<std::string>();
    R.Kind = llvm::StringRef(Cuda).find_first_of("./") != llvm::StringRef::npos
                 ? RuleKind::Header
                 : RuleKind::Function;
    R.VerifiedBy = "user";
    R.FromUser = true;
    R.Family = "user";
    R.Note = "from " + Path.str();
    if (llvm::Error E = checkNames(R, Path, "\"" + escaped(Cuda) + "\""))
      return E;
    // The user's name wins over shipped entries of every kind.
    llvm::SmallVector<size_t, 1> &Same = ByName[R.Cuda];
    llvm::erase_if(Same, [&](size_t I) {
      return (Rules[I].Kind == RuleKind::Header) == (R.Kind == RuleKind::Header);
    });
    Same.push_back(Rules.size());
    Rules.push_back(std::move(R));
    SourceOf.push_back(TableFiles.size() - 1);
  }
  return llvm::Error::success();
}

namespace {

/// The *.json files of Folder, in name order; none if it does not exist.
llvm::Expected<std::vector<std::string>> jsonFilesIn(llvm::StringRef Folder) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Folder, EC), End; It != End && !EC;
       It.increment(EC))
    if (llvm::sys::path::extension(It->path()) == ".json")
      Files.push_back(It->path());
  if (EC)
    return llvm::createStringError(EC, "cannot read rule tables in %s: %s",
                                   Folder.str().c_str(), EC.message().c_str());
  llvm::sort(Files);
  return Files;
}

/// Calls Add(text, file) for each *.json file of Folder, if there is one.
llvm::Error
forEachJson(llvm::StringRef Folder,
            llvm::function_ref<llvm::Error(llvm::StringRef, llvm::StringRef)> Add) {
  if (!llvm::sys::fs::is_directory(Folder))
    return llvm::Error::success();
  llvm::Expected<std::vector<std::string>> Files = jsonFilesIn(Folder);
  if (!Files)
    return Files.takeError();
  for (const std::string &File : *Files) {
    llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> Buffer = readTableFile(File);
    if (!Buffer)
      return Buffer.takeError();
    if (llvm::Error E = Add((*Buffer)->getBuffer(), File))
      return E;
  }
  return llvm::Error::success();
}

} // namespace

llvm::Error RuleTable::addTablesIn(llvm::StringRef Folder,
                                   llvm::StringRef ExpectedTarget) {
  llvm::Expected<std::vector<std::string>> Files = jsonFilesIn(Folder);
  if (!Files)
    return Files.takeError();
  if (Files->empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "no rule tables (*.json) in %s", Folder.str().c_str());
  // The target's description (TargetDescription.h).
  llvm::erase_if(*Files, [](const std::string &File) {
    return llvm::sys::path::filename(File) == "target.json";
  });
  // Parsing the tables is most of the start of a run: each is read on a
  // thread of its own, and they join the table in name order, so the rules
  // and the first error are those of reading them one by one.
  std::vector<std::optional<llvm::Expected<ReadTable>>> Read(Files->size());
  {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency());
    for (size_t I = 0; I < Files->size(); ++I)
      Pool.async([&, I] {
        llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> Text =
            readTableFile((*Files)[I]);
        Read[I].emplace(Text
                            ? readTable((*Text)->getBuffer(), (*Files)[I], ExpectedTarget)
                            : Text.takeError());
      });
    Pool.wait();
  }
  size_t Total = Rules.size();
  for (auto &One : Read)
    Total += *One ? (*One)->Rules.size() : 0;
  Rules.reserve(Total);
  SourceOf.reserve(Total);
  std::optional<llvm::Error> First;
  auto Keep = [&](llvm::Error E) {
    if (E && !First)
      First = std::move(E);
    else
      llvm::consumeError(std::move(E));
  };
  for (size_t I = 0; I < Files->size(); ++I) {
    llvm::Expected<ReadTable> &One = *Read[I];
    if (!One)
      Keep(One.takeError());
    else if (!First)
      Keep(addRead(std::move(One->Library), std::move(One->Rules), (*Files)[I]));
  }
  return First ? std::move(*First) : llvm::Error::success();
}

llvm::Expected<RuleTable> RuleTable::loadDirectory(llvm::StringRef Dir,
                                                   llvm::StringRef TargetFolder) {
  llvm::SmallString<256> Folder(Dir);
  llvm::sys::path::append(Folder, TargetFolder);
  RuleTable Table;
  auto Under = [&](llvm::StringRef Sub) { return (Folder + "/" + Sub).str(); };
  if (llvm::Error E = Table.addTablesIn(Folder, TargetFolder))
    return E;
  if (llvm::Error E = forEachJson(Under("thresholds"),
                                  [&](llvm::StringRef Text, llvm::StringRef File) {
                                    return Table.addThresholds(Text, File, TargetFolder);
                                  }))
    return E;
  // hazards/nvcc-extensions.json is read here (its entries are by hazard
  // kind); every other file there is a hazard check's, which reads it.
  if (llvm::Error E =
          forEachJson(Under("hazards"),
                      [&](llvm::StringRef Text, llvm::StringRef File) -> llvm::Error {
                        llvm::StringRef Name = llvm::sys::path::filename(File);
                        if (Name == "nvcc-extensions.json")
                          return Table.addRejectedExtensions(Text, File, TargetFolder);
                        Table.HazardFiles[Name.str()] = {File.str(), Text.str()};
                        return llvm::Error::success();
                      }))
    return E;
  if (llvm::Error E = forEachJson(Under("buildfiles"),
                                  [&](llvm::StringRef Text, llvm::StringRef File) {
                                    return Table.Build.addTable(Text, File, TargetFolder);
                                  }))
    return E;
  // Architecture flags map through the threshold map the build tables name.
  if (const BuildArchitectures *Arch = Table.Build.architectures()) {
    const ArchThresholds *Map = Table.thresholdsFor(Arch->Thresholds);
    if (!Map)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "%s: the build tables name the threshold map "
                                     "of %s, which %s/thresholds/ lacks",
                                     Under("buildfiles").c_str(),
                                     Arch->Thresholds.c_str(), Folder.c_str());
    // A band no target GPU is at leaves its architectures to the band below.
    std::vector<std::pair<long long, long long>> Pairs;
    for (const ArchThresholds::Threshold &T : Map->Thresholds)
      if (!T.NoTargetGpu)
        Pairs.push_back({T.Cuda, T.Target});
    Table.Build.setArchitectureMap(std::move(Pairs));
  }
  return Table;
}

llvm::Error readTargetObject(llvm::StringRef Text, llvm::StringRef FileName,
                             llvm::StringRef ExpectedTarget, llvm::StringRef What,
                             llvm::function_ref<void(const nlohmann::json &)> Read) {
  llvm::Expected<nlohmann::json> Parsed = parseJson(Text, FileName);
  if (!Parsed)
    return Parsed.takeError();
  try {
    if (Parsed->at("target").get<std::string>() != ExpectedTarget)
      return tableError(FileName, "\"target\" is not \"" + ExpectedTarget + "\"");
    Read(*Parsed);
  } catch (const nlohmann::json::exception &E) {
    // at() and get<>() name the missing key or the wrong type.
    return tableError(FileName, llvm::Twine("malformed ") + What + ": " + E.what());
  }
  return llvm::Error::success();
}

llvm::Error RuleTable::addRejectedExtensions(llvm::StringRef Text,
                                             llvm::StringRef FileName,
                                             llvm::StringRef ExpectedTarget) {
  return readTargetObject(
      Text, FileName, ExpectedTarget, "nvcc extensions", [&](const nlohmann::json &Map) {
        RejectedExtensions = Map.at("rejected").get<std::map<std::string, std::string>>();
      });
}

llvm::Error RuleTable::addThresholds(llvm::StringRef Text, llvm::StringRef FileName,
                                     llvm::StringRef ExpectedTarget) {
  llvm::Expected<nlohmann::json> Parsed = parseJson(Text, FileName);
  if (!Parsed)
    return Parsed.takeError();
  const nlohmann::json &Map = *Parsed;
  try {
    if (Map.at("target").get<std::string>() != ExpectedTarget)
      return tableError(FileName, "\"target\" is not \"" + ExpectedTarget + "\"");
    ArchThresholds T;
    T.CudaMacro = Map.at("cuda_macro").get<std::string>();
    T.TargetMacro = Map.at("target_macro").get<std::string>();
    T.Operators = Map.at("operators").get<std::vector<std::string>>();
    T.ReportOthers = Map.at("otherwise").get<std::string>() == "report";
    T.Annotate = Map.value("annotate", false);
    for (const nlohmann::json &Entry : Map.at("thresholds")) {
      ArchThresholds::Threshold Band{Entry.at("cuda").get<long long>(),
                                     Entry.at("target").get<long long>(),
                                     Entry.at("meaning").get<std::string>(),
                                     Entry.value("source", ""),
                                     Entry.value("gpus", std::vector<std::string>{}),
                                     false};
      Band.NoTargetGpu = Entry.contains("gpus") && Band.Gpus.empty();
      if (!T.Thresholds.empty() && T.Thresholds.back().Cuda >= Band.Cuda)
        return tableError(FileName,
                          "the thresholds are not sorted by \"cuda\", each once");
      T.Thresholds.push_back(std::move(Band));
    }
    Thresholds.push_back(std::move(T));
  } catch (const nlohmann::json::exception &E) {
    // at() and get<>() name the missing key or the wrong type.
    return tableError(FileName, llvm::Twine("malformed threshold map: ") + E.what());
  }
  return llvm::Error::success();
}

const ArchThresholds::Threshold *ArchThresholds::band(long long Cuda) const {
  const Threshold *In = nullptr;
  for (const Threshold &T : Thresholds)
    if (T.Cuda <= Cuda)
      In = &T;
  return In;
}

const ArchThresholds *RuleTable::thresholdsFor(llvm::StringRef Macro) const {
  for (const ArchThresholds &T : Thresholds)
    if (T.CudaMacro == Macro)
      return &T;
  return nullptr;
}

const Rule *RuleTable::find(llvm::StringRef Name, RuleKind Kind) const {
  auto It = ByName.find(Name);
  if (It == ByName.end())
    return nullptr;
  const Rule *AnyKind = nullptr;
  for (size_t I : It->second) {
    if (Rules[I].Kind == Kind)
      return &Rules[I];
    if (!AnyKind && Rules[I].Kind != RuleKind::Header)
      AnyKind = &Rules[I];
  }
  return Kind == RuleKind::Header ? nullptr : AnyKind;
}

const Rule *RuleTable::findIdentifier(llvm::StringRef Name) const {
  return find(Name, RuleKind::Function);
}

bool RuleTable::isSdkHeader(llvm::StringRef Name) const {
  const Rule *R = findHeader(Name);
  return R && llvm::none_of(Libraries, [&](const LibraryDescription &L) {
           return L.Family == R->Family;
         });
}

const Rule *RuleTable::findHeader(llvm::StringRef Name) const {
  if (const Rule *Exact = find(Name, RuleKind::Header))
    return Exact;
  for (size_t Slash = Name.rfind('/'); Slash != llvm::StringRef::npos;
       Slash = Name.take_front(Slash).rfind('/'))
    if (const Rule *Folder = find(Name.take_front(Slash + 1), RuleKind::Header))
      return Folder;
  return nullptr;
}

const Rule *RuleTable::nvccImplicitHeader() const {
  return ImplicitHeader ? &Rules[*ImplicitHeader] : nullptr;
}

void RuleTable::findImplicitHeader() {
  auto It = llvm::find_if(Rules, [](const Rule &R) {
    return R.NvccImplicit && R.Kind == RuleKind::Header && R.hasReplacement();
  });
  ImplicitHeader =
      It == Rules.end() ? std::nullopt : std::optional<size_t>(It - Rules.begin());
}

} // namespace musify
