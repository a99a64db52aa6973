// Migrating Python model code: each name is resolved through the module's
// imports to the API path it stands for, decided by the python-api table,
// and written back through the same local names; strings are migrated where
// PyTorch reads them as a device or a backend.
#include "python/PythonModel.h"

#include "buildfiles/BuildFileEditor.h"
#include "core/PythonTokens.h"
#include "python/PythonImports.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <optional>

namespace musify {

namespace {

/// What an API path resolves to (unsupported: the target lacks the name).
struct ApiResolution : BuildRules::PythonApiResolution {
  ApiResolution(BuildRules::PythonApiResolution R)
      : BuildRules::PythonApiResolution(std::move(R)) {}
  bool unsupported() const { return !Rule->Supported; }
};

/// A name an import binds, before and after the migration: what it stands
/// for, and what the module calls it.
struct Binding {
  std::string OldPath, NewPath;
  std::string NewLocal;
};

llvm::StringRef parentOf(llvm::StringRef Path) {
  size_t Dot = Path.rfind('.');
  return Dot == llvm::StringRef::npos ? "" : Path.take_front(Dot);
}

class ModelMigration {
public:
  ModelMigration(BuildFileEditor &Ed, PythonRun &Run)
      : Ed(Ed), Text(Ed.text()), Rules(Ed.rules()), Run(Run), Tokens(lexPython(Text)) {
    for (BuildRuleKind K :
         {BuildRuleKind::PythonApi, BuildRuleKind::PythonImport,
          BuildRuleKind::PythonDeviceArgument, BuildRuleKind::PythonBackendArgument})
      for (const BuildRule *R : Rules.ofKind(K))
        if (!R->Cuda.empty() && R->Cuda[0] != '.')
          Roots.insert(llvm::StringRef(R->Cuda).split('.').first);
    Imports = readImports(Text, Tokens,
                          [&](llvm::StringRef Root) { return Roots.count(Root); });
  }

  void run() {
    migrateImports();
    for (size_t I = 0; I < Tokens.size(); ++I) {
      if (Imports.InImport[I])
        continue;
      if (Tokens[I].Kind == PythonToken::Name)
        migrateName(I);
      else if (Tokens[I].Kind == PythonToken::String)
        migrateEnvironment(Tokens[I]);
    }
    migrateStrings();
    if (Migrated)
      importCompanion();
  }

private:
  llvm::StringRef word(size_t I) const {
    return I < Tokens.size() && Tokens[I].Kind != PythonToken::Newline
               ? PythonTokenView(Text, Tokens).word(I)
               : "";
  }
  bool isPunct(size_t I, llvm::StringRef Op) const {
    return I < Tokens.size() && Tokens[I].Kind == PythonToken::Punct && word(I) == Op;
  }
  bool endsStatement(size_t I) const {
    return I >= Tokens.size() || Tokens[I].Kind == PythonToken::Newline ||
           isPunct(I, ";");
  }

  Event *record(Decision D) {
    Event *E = Ed.record(std::move(D));
    if (E && E->Status == EventStatus::Migrated)
      Migrated = true;
    return E;
  }

  std::optional<ApiResolution> resolveApi(llvm::StringRef Path) const {
    if (auto R = Rules.resolvePythonApi(Path))
      return ApiResolution(std::move(*R));
    return std::nullopt;
  }

  /// The module an import statement names for Path, where the table has
  /// one for exactly that path.
  const BuildRule *importRule(llvm::StringRef Path) const {
    const BuildRule *R = Rules.find(BuildRuleKind::PythonImport, Path);
    return R && R->Supported ? R : nullptr;
  }

  /// Whether statement token I is the first thing on its line, and what
  /// joins statements written in its place.
  std::string statementJoiner(size_t I) const {
    unsigned At = Tokens[I].OuterBegin;
    size_t LineStart = Text.rfind('\n', At) + 1; // npos + 1 == 0
    llvm::StringRef Before = Text.slice(LineStart, At);
    if (Before.starts_with("\xEF\xBB\xBF"))
      Before = Before.drop_front(3);
    if (Before.find_first_not_of(" \t\f") != llvm::StringRef::npos)
      return "; ";
    return "\n" + Before.str();
  }

  // --- Imports ------------------------------------------------------------

  /// Each import statement that names torch's CUDA API is written again
  /// for the target, and the names it binds are noted with what they
  /// stand for afterwards.
  void migrateImports() {
    for (const ImportStatement &S : Imports.Statements) {
      if (S.From)
        migrateFrom(S);
      else
        migrateImport(S);
    }
    for (const auto &[Local, Path] : Imports.Aliases)
      if (!Bindings.count(Local)) {
        std::optional<ApiResolution> R = resolveApi(Path);
        Bindings[Local] = {Path, R && !R->unsupported() ? R->NewPath : Path, Local.str()};
      }
  }

  /// `import torch.cuda as tc`: the module becomes the target's importable
  /// one (`import torch_musa as tc`). Without `as`, the statement stays:
  /// uses of `torch.cuda.X` are renamed where written.
  void migrateImport(const ImportStatement &S) {
    for (const ImportedName &N : S.Names) {
      if (!N.Aliased || !Imports.Aliases.count(N.Local))
        continue;
      std::optional<ApiResolution> Api = resolveApi(N.Path);
      if (!Api || Api->NewPath == N.Path) // not the API, or a name the target keeps
        continue;
      const BuildRule *Import = importRule(N.Path);
      if (Api->unsupported() || !Import) {
        reportImport(N, Api);
        continue;
      }
      llvm::StringRef Written = word(N.Token);
      record(Ed.decider().migrated(
          Import, Ed.placeOf(Tokens[N.Token].Begin), "python-import", Written,
          Import->Replacement,
          {{Tokens[N.Token].Begin, Tokens[N.Token].End - Tokens[N.Token].Begin,
            Import->Replacement}}));
      Bindings[N.Local] = {N.Path, Api->NewPath, N.Local};
    }
  }

  /// A name of an import that cannot be written for the target: the target
  /// lacks it, or it has no module an import can name.
  void reportImport(const ImportedName &N, const std::optional<ApiResolution> &Api) {
    Place At = Ed.placeOf(Tokens[N.Token].Begin);
    if (Api->unsupported()) {
      record(Ed.decider().unsupported(*Api->Rule, At, N.Path));
      return;
    }
    Event E = Ed.decider().event(At, "python-import", N.Path, Api->Rule);
    E.Status = EventStatus::Unsupported;
    E.Note = "it becomes " + Api->NewPath +
             ", which no module an import statement can name holds; import it "
             "by hand";
    record(Decision(std::move(E)));
  }

  /// `from torch.cuda import amp, CUDAGraph as G` -> `from torch_musa import
  /// amp, MUSAGraph as G`; `from torch import cuda` -> `import torch_musa as
  /// cuda`. Names the target lacks stay imported from where they were, and
  /// are reported; the statement is split where its names part ways.
  void migrateFrom(const ImportStatement &S) {
    if (S.Module.empty() || S.Star ||
        !Roots.count(llvm::StringRef(S.Module).split('.').first))
      return;
    const BuildRule *ModuleImport = importRule(S.Module);
    std::string NewModule = ModuleImport ? ModuleImport->Replacement : S.Module;
    std::map<std::string, std::vector<std::string>> ByModule; // module -> names
    std::vector<std::string> WholeModules;                    // `import M as local`
    bool Changed = false;
    for (const ImportedName &N : S.Names) {
      llvm::StringRef Name = llvm::StringRef(N.Path).rsplit('.').second;
      std::string As = N.Aliased ? " as " + N.Local : "";
      std::optional<ApiResolution> Api = resolveApi(N.Path);
      if (Api && Api->NewPath == N.Path) { // the target keeps the name
        ByModule[S.Module].push_back(Name.str() + As);
        continue;
      }
      const BuildRule *Whole = ModuleImport ? nullptr : importRule(N.Path);
      if (Whole && Api && !Api->unsupported()) {
        WholeModules.push_back("import " + Whole->Replacement + " as " + N.Local);
        Bindings[N.Local] = {N.Path, Api->NewPath, N.Local};
        record(Ed.decider().migrated(Whole, Ed.placeOf(Tokens[N.Token].Begin),
                                     "python-import", N.Path, Whole->Replacement, {}));
        Changed = true;
        continue;
      }
      if (!Api || Api->unsupported() ||
          parentOf(Api->NewPath) != resolvedModule(NewModule)) {
        if (Api)
          reportImport(N, Api);
        ByModule[S.Module].push_back(Name.str() + As);
        continue;
      }
      llvm::StringRef NewName = llvm::StringRef(Api->NewPath).rsplit('.').second;
      ByModule[NewModule].push_back(NewName.str() + As);
      std::string NewLocal = N.Aliased ? N.Local : NewName.str();
      Bindings[N.Local] = {N.Path, Api->NewPath, NewLocal};
      record(Ed.decider().migrated(Api->Rule, Ed.placeOf(Tokens[N.Token].Begin),
                                   "python-api", N.Path, Api->NewPath, {}));
      Changed |= NewModule != S.Module || NewName != Name;
    }
    if (!Changed)
      return;
    std::vector<std::string> Statements;
    for (const auto &[Module, Names] : ByModule)
      Statements.push_back("from " + Module + " import " + llvm::join(Names, ", "));
    llvm::append_range(Statements, WholeModules);
    unsigned Begin = Tokens[S.First].OuterBegin, End = Tokens[S.Last].OuterEnd;
    Ed.edit(Begin, End - Begin, llvm::join(Statements, statementJoiner(S.First)));
  }

  /// The API path an importable module stands for (`torch_musa` ->
  /// `torch.musa`), through the python-import and python-api entries.
  std::string resolvedModule(llvm::StringRef Module) const {
    for (const BuildRule *R : Rules.ofKind(BuildRuleKind::PythonImport))
      if (R->Supported && R->Replacement == Module)
        if (std::optional<ApiResolution> Api = resolveApi(R->Cuda);
            Api && !Api->unsupported())
          return Api->NewPath;
    return Module.str();
  }

  // --- Names --------------------------------------------------------------

  /// A dotted name: through a binding, an API path; otherwise maybe an
  /// attribute of a tensor or module (`model.cuda()`, `x.is_cuda`). A
  /// device or backend place is noted for the strings after it.
  void migrateName(size_t I) {
    llvm::StringRef Written = word(I);
    bool AfterDot = isPunct(I - 1, ".") && I > 0;
    auto [Head, Rest] = Written.split('.');
    auto B = AfterDot ? Bindings.end() : Bindings.find(Head);
    std::string Path = B == Bindings.end()
                           ? ""
                           : B->second.OldPath + Written.drop_front(Head.size()).str();
    notePlaces(I, Path, AfterDot || Written.contains('.'));
    if (B == Bindings.end()) {
      if (AfterDot || Written.contains('.'))
        migrateAttribute(I);
      return;
    }
    std::optional<ApiResolution> Api = resolveApi(Path);
    if (!Api)
      return;
    Place At = Ed.placeOf(Tokens[I].Begin);
    if (Api->unsupported()) {
      record(Ed.decider().unsupported(*Api->Rule, At, Path));
      return;
    }
    if (Api->NewPath == Path) { // the target keeps the name: said once a run
      if (Run.KeptReported.insert(Api->Rule).second)
        record(Ed.decider().outcome(*Api->Rule, At, Path, Path));
      return;
    }
    const Binding &Bound = B->second;
    llvm::StringRef NewPath(Api->NewPath);
    if (NewPath != Bound.NewPath && !NewPath.starts_with(Bound.NewPath + ".")) {
      Event E = Ed.decider().event(At, "python-api", Path, Api->Rule);
      E.Status = EventStatus::Unsupported;
      E.Note = "written through " + Head.str() + ", which stands for " + Bound.NewPath +
               "; the target's name is " + Api->NewPath + ": write it so";
      record(Decision(std::move(E)));
      return;
    }
    std::string NewWritten =
        Bound.NewLocal + NewPath.drop_front(Bound.NewPath.size()).str();
    std::vector<Edit> Edits;
    if (NewWritten != Written)
      Edits.push_back(renamed(I, Written, NewWritten));
    record(Ed.decider().migrated(Api->Rule, At, "python-api", Path, Api->NewPath,
                                 std::move(Edits)));
  }

  /// The edit that makes token I, Written, read NewWritten: only what
  /// differs, so the blanks and line breaks of `torch .cuda` stay.
  Edit renamed(size_t I, llvm::StringRef Written, llvm::StringRef NewWritten) const {
    size_t Same = 0;
    while (Same < Written.size() && Same < NewWritten.size() &&
           Written[Same] == NewWritten[Same])
      ++Same;
    size_t SameEnd = 0;
    while (SameEnd < Written.size() - Same && SameEnd < NewWritten.size() - Same &&
           Written[Written.size() - 1 - SameEnd] ==
               NewWritten[NewWritten.size() - 1 - SameEnd])
      ++SameEnd;
    PythonTokenView View(Text, Tokens);
    unsigned Begin = View.offsetIn(I, Same);
    unsigned End = View.offsetIn(I, Written.size() - SameEnd);
    return {Begin, End - Begin,
            NewWritten.slice(Same, NewWritten.size() - SameEnd).str()};
  }

  /// `x.cuda()`, `x.is_cuda`, `f(x).cuda()`: the last part of a name that
  /// is no binding's, by the python-attribute entries (`.cuda()` only
  /// where it is called).
  void migrateAttribute(size_t I) {
    llvm::StringRef Written = word(I);
    llvm::StringRef Last = Written.contains('.') ? Written.rsplit('.').second : Written;
    bool Called = isPunct(I + 1, "(");
    for (const BuildRule *R : Rules.ofKind(BuildRuleKind::PythonAttribute)) {
      llvm::StringRef Cuda = llvm::StringRef(R->Cuda).drop_front(); // the dot
      bool Call = Cuda.consume_back("()");
      if (Cuda != Last || Call != Called)
        continue;
      llvm::StringRef Target = llvm::StringRef(R->Replacement).drop_front();
      Target.consume_back("()");
      unsigned At = Tokens[I].End - unsigned(Last.size());
      if (!R->Supported)
        record(Ed.decider().unsupported(*R, Ed.placeOf(At), R->Cuda));
      else
        record(Ed.decider().migrated(R, Ed.placeOf(At), "python-attribute", R->Cuda,
                                     R->Replacement,
                                     {{At, unsigned(Last.size()), Target.str()}}));
      return;
    }
  }

  // --- Strings ------------------------------------------------------------

  /// After a name: the strings of a device (or backend) place that follows,
  /// a call's first argument (`torch.device(`, `.to(`), the value of a
  /// keyword or an assignment (`device=`, `backend=`), or what an attribute
  /// is compared with (`device.type == "cuda"`).
  void notePlaces(size_t I, llvm::StringRef Path, bool Attribute) {
    llvm::StringRef Written = word(I);
    llvm::StringRef Last = Written.contains('.') ? Written.rsplit('.').second : Written;
    for (auto [Kind, Value] :
         {std::pair{BuildRuleKind::PythonDeviceArgument, BuildRuleKind::PythonDevice},
          std::pair{BuildRuleKind::PythonBackendArgument,
                    BuildRuleKind::PythonBackend}}) {
      bool Keyword = isPunct(I + 1, "=") && Rules.find(Kind, Last);
      bool Call =
          isPunct(I + 1, "(") && ((!Path.empty() && Rules.find(Kind, Path)) ||
                                  (Attribute && Rules.find(Kind, ("." + Last).str())));
      bool Compared = (isPunct(I + 1, "==") || isPunct(I + 1, "!=")) && Attribute &&
                      Rules.find(Kind, ("." + Last).str());
      if (Keyword || Call || Compared)
        Places.push_back({I + 2, Value});
    }
  }

  /// The strings at bracket depth 0 of each noted place's expression
  /// (`"cuda" if ok else "cpu"`), up to its `,` or its statement's end;
  /// with --rewrite-strings, every device string.
  void migrateStrings() {
    std::vector<bool> Done(Tokens.size(), false);
    for (auto [From, Kind] : Places) {
      int Depth = 0;
      for (size_t J = From; J < Tokens.size() && !endsStatement(J); ++J) {
        if (isPunct(J, "(") || isPunct(J, "[") || isPunct(J, "{"))
          ++Depth;
        else if (isPunct(J, ")") || isPunct(J, "]") || isPunct(J, "}")) {
          if (Depth-- == 0)
            break;
        } else if (Depth == 0 && isPunct(J, ","))
          break;
        else if (Depth == 0 && Tokens[J].Kind == PythonToken::String &&
                 !Tokens[J].InFString && !Done[J])
          Done[J] = migrateValue(Tokens[J], Kind);
      }
    }
    if (Run.RewriteStrings)
      for (size_t J = 0; J < Tokens.size(); ++J)
        if (Tokens[J].Kind == PythonToken::String && !Done[J] && !Imports.InImport[J])
          migrateValue(Tokens[J], BuildRuleKind::PythonDevice);
  }

  /// A device string ("cuda", "cuda:0", f"cuda:{rank}") or a backend name
  /// ("nccl"): its CUDA word is decided by the entry for it.
  bool migrateValue(const PythonToken &T, BuildRuleKind Kind) {
    llvm::StringRef Content = Text.slice(T.Begin, T.End);
    for (const BuildRule *R : Rules.ofKind(Kind)) {
      llvm::StringRef Cuda(R->Cuda);
      if (!Content.starts_with(Cuda))
        continue;
      llvm::StringRef After = Content.drop_front(Cuda.size());
      bool Whole = After.empty();
      bool Indexed = Kind == BuildRuleKind::PythonDevice && After.consume_front(":") &&
                     (T.Formatted ? !After.empty()
                                  : !After.empty() && llvm::all_of(After, llvm::isDigit));
      if (!Whole && !Indexed)
        continue;
      if (Event *E = Ed.apply(*R, T.Begin, Cuda.size(), Cuda, R->Replacement))
        Migrated |= E->Status == EventStatus::Migrated;
      return true;
    }
    return false;
  }

  /// An environment variable's name, in any string: the names are the
  /// SDK's own (`CUDA_VISIBLE_DEVICES`), never a user's.
  void migrateEnvironment(const PythonToken &T) {
    if (T.Formatted)
      return;
    llvm::StringRef Content = Text.slice(T.Begin, T.End);
    if (const BuildRule *R = Rules.find(BuildRuleKind::PythonEnvironment, Content))
      if (Event *E = Ed.apply(*R, T.Begin, Content.size(), Content, R->Replacement))
        Migrated |= E->Status == EventStatus::Migrated;
  }

  // --- The companion import -----------------------------------------------

  /// A migrated module that imports torch imports torch_musa too, once,
  /// after its first import of torch.
  void importCompanion() {
    for (const BuildRule *R : Rules.ofKind(BuildRuleKind::PythonCompanion)) {
      if (!R->Supported)
        continue;
      const ImportStatement *First = nullptr;
      bool Present = false;
      for (const ImportStatement &S : Imports.Statements) {
        bool Imports = S.From && llvm::StringRef(S.Module).split('.').first == R->Cuda;
        for (const ImportedName &N : S.Names) {
          Present |= !S.From && N.Path == R->Replacement;
          Imports |= !S.From && llvm::StringRef(N.Path).split('.').first == R->Cuda;
        }
        if (!First && Imports)
          First = &S;
      }
      if (!First || Present)
        continue;
      if (Ed.edit(Tokens[First->Last].OuterEnd, 0,
                  statementJoiner(First->First) + "import " + R->Replacement))
        record(Ed.decider().migrated(R, Ed.placeOf(Tokens[First->First].Begin),
                                     "python-companion", R->Cuda, R->Replacement, {}));
    }
  }

  BuildFileEditor &Ed;
  llvm::StringRef Text;
  const BuildRules &Rules;
  PythonRun &Run;
  std::vector<PythonToken> Tokens;
  llvm::StringSet<> Roots; ///< first parts of the tables' paths (`torch`)
  PythonImports Imports;
  llvm::StringMap<Binding> Bindings;
  /// Where device or backend strings start: (token, kind of value).
  std::vector<std::pair<size_t, BuildRuleKind>> Places;
  bool Migrated = false;
};

} // namespace

BuildFileMigration migratePythonModule(llvm::StringRef Path, llvm::StringRef Text,
                                       const BuildRules &Rules,
                                       const TargetDescription &Target, PythonRun &Run) {
  RenameMap NoRenames;
  BuildFileEditor Editor(Path, Text, Rules, Target, NoRenames);
  ModelMigration(Editor, Run).run();
  BuildFileMigration Out = Editor.finish();
  for (Event &E : Out.Events)
    E.How = Evidence::Python;
  return Out;
}

void migratePythonModules(RunState &State, const BuildRules &Rules,
                          const TargetDescription &Target, PythonRun &Run) {
  for (auto &[Path, S] : State.Files) {
    if (!S.is(FileRole::Python) || S.leftOut())
      continue;
    S.Report.How = Analysis::Python;
    BuildFileMigration Migrated =
        migratePythonModule(Path, RunState::text(S), Rules, Target, Run);
    S.Edits = std::move(Migrated.Edits);
    llvm::append_range(S.Report.Events, std::move(Migrated.Events));
  }
}

} // namespace musify
