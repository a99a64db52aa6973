// setup.py of PyTorch extensions: the names of torch.utils.cpp_extension as
// imported and used (CUDAExtension -> torch_musa's MUSAExtension), the keywords
// of its calls (cuda_sources=), the strings it reads (extra_compile_args'
// "nvcc" key, environment variable names) and the sources it lists, renamed
// with --rename-extensions.
#include "buildfiles/PythonMigration.h"
#include "core/PythonTokens.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <map>

namespace musify {

namespace {

class PythonMigration {
public:
  explicit PythonMigration(BuildFileEditor &Ed)
      : Ed(Ed), Text(Ed.text()), Rules(Ed.rules()), Tokens(lexPython(Text)) {}

  void run() {
    for (size_t I = 0; I < Tokens.size(); ++I) {
      const PythonToken &T = Tokens[I];
      if (T.Kind == PythonToken::String && !T.Formatted)
        migrateString(T);
      else if (T.Kind == PythonToken::Name && word(I) == "from" && startsStatement(I))
        I = migrateFromImport(I);
      else if (T.Kind == PythonToken::Name && word(I) == "import" && startsStatement(I))
        I = noteImport(I);
      else if (T.Kind == PythonToken::Name)
        migrateName(I);
    }
    importNeededModules();
  }

private:
  llvm::StringRef word(size_t I) const { return View.word(I); }
  bool isPunct(size_t I, llvm::StringRef Op) const { return View.isPunct(I, Op); }
  bool endsStatement(size_t I) const { return View.endsStatement(I); }
  bool startsStatement(size_t I) const { return View.startsStatement(I); }
  /// Whether statement token I is the first thing on its line.
  bool startsLine(size_t I) const {
    unsigned At = Tokens[I].OuterBegin;
    size_t LineStart = Text.rfind('\n', At) + 1; // npos + 1 == 0
    return Text.slice(LineStart, At).find_first_not_of(" \t\f\xEF\xBB\xBF") ==
           llvm::StringRef::npos;
  }
  /// What joins two statements written in place of the one at token I: a
  /// line break and its indentation where it starts its line, else `; `.
  std::string statementJoiner(size_t I) const {
    if (!startsLine(I))
      return "; ";
    unsigned At = Tokens[I].OuterBegin;
    size_t LineStart = Text.rfind('\n', At) + 1;
    std::string Indent = Text.slice(LineStart, At).str();
    llvm::StringRef Bom("\xEF\xBB\xBF");
    if (llvm::StringRef(Indent).starts_with(Bom))
      Indent.erase(0, Bom.size());
    return "\n" + Indent;
  }

  /// The python-name rule for Full or the longest of its dotted prefixes.
  const BuildRule *findName(llvm::StringRef Full) const {
    for (llvm::StringRef P = Full;;) {
      if (const BuildRule *R = Rules.find(BuildRuleKind::PythonName, P))
        return R;
      if (!P.contains('.'))
        return nullptr;
      P = P.rsplit('.').first;
    }
  }

  /// The offset of the bracket that closes the one at token Open.
  unsigned closingBracket(size_t Open) const {
    int Depth = 0;
    for (size_t J = Open; J < Tokens.size(); ++J) {
      Depth += isPunct(J, "[") - isPunct(J, "]");
      if (Depth == 0)
        return Tokens[J].Begin;
    }
    return Text.size();
  }

  /// `import torch.utils.cpp_extension as ext`: ext stands for the module.
  /// A module imported by its own name is noted with the statement's end.
  size_t noteImport(size_t I) {
    size_t J = I + 1;
    for (; !endsStatement(J); ++J) {
      if (Tokens[J].Kind != PythonToken::Name)
        continue;
      if (word(J) == "as" && Tokens[J - 1].Kind == PythonToken::Name &&
          !endsStatement(J + 1))
        Imported[word(J + 1)] = word(J - 1).str();
      else if (word(J - 1) != "as" && !isPunct(J + 1, ".") && word(J + 1) != "as")
        ModuleImports.push_back({word(J).str(), I, J});
    }
    return J - 1;
  }

  struct ImportedName {
    size_t Token;          ///< the name as imported
    llvm::StringRef Local; ///< what the script calls it (`as`)
    const BuildRule *Rule;
  };

  /// `from M import a, b as c`: each name's rule decides it; the module is
  /// renamed where every name moves to one new module, and the statement is
  /// split into one import per module where they move to several.
  size_t migrateFromImport(size_t I) {
    if (I + 2 >= Tokens.size() || Tokens[I + 1].Kind != PythonToken::Name ||
        word(I + 2) != "import")
      return I;
    llvm::StringRef Module = word(I + 1);
    if (isPunct(I + 3, "*"))
      return migrateStarImport(I, I + 3, Module);
    bool Parenthesized = isPunct(I + 3, "(");
    std::vector<ImportedName> Names;
    size_t J = I + 3 + Parenthesized;
    for (; J < Tokens.size(); ++J) {
      if (Parenthesized ? isPunct(J, ")") : endsStatement(J))
        break;
      if (Tokens[J].Kind != PythonToken::Name || isPunct(J - 1, "."))
        continue;
      bool Alias = word(J + 1) == "as";
      // `as` with nothing after it: the statement is cut short, which is no
      // import to rewrite.
      if (Alias && endsStatement(J + 2))
        return J + 1;
      Names.push_back(
          {J, Alias ? word(J + 2) : word(J),
           Rules.find(BuildRuleKind::PythonName, (Module + "." + word(J)).str())});
      J += Alias ? 2 : 0;
    }
    for (const ImportedName &N : Names)
      Imported[N.Local] = (Module + "." + word(N.Token)).str();
    // The statement's last token: the closing parenthesis, or the last name.
    size_t Last = Parenthesized && J < Tokens.size() ? J : J - 1;
    rewriteImport(I, Last, Module, Names);
    return Last;
  }

  void rewriteImport(size_t From, size_t Last, llvm::StringRef Module,
                     const std::vector<ImportedName> &Names) {
    std::map<std::string, std::vector<std::string>> ByModule; // new module -> names
    for (const ImportedName &N : Names) {
      std::string Full =
          N.Rule ? N.Rule->Replacement : (Module + "." + word(N.Token)).str();
      auto [NewModule, NewName] = llvm::StringRef(Full).rsplit('.');
      std::string Written = NewName.str();
      if (N.Local != word(N.Token))
        Written += " as " + N.Local.str();
      ByModule[NewModule.str()].push_back(Written);
    }
    if (ByModule.size() == 1) {
      // One module: the module and each renamed name are edited where written.
      for (const ImportedName &N : Names)
        if (N.Rule)
          Ed.apply(*N.Rule, Tokens[N.Token].Begin, word(N.Token).size(), word(N.Token),
                   llvm::StringRef(N.Rule->Replacement).rsplit('.').second.str());
      if (ByModule.begin()->first != Module)
        Ed.edit(Tokens[From + 1].Begin, Module.size(), ByModule.begin()->first);
      return;
    }
    // Names moving to several modules: one import statement per module,
    // on lines of their own where the import had its line to itself.
    std::string Joiner = statementJoiner(From);
    std::string Statements;
    for (const auto &[NewModule, Written] : ByModule)
      Statements += (Statements.empty() ? "" : Joiner) + "from " + NewModule +
                    " import " + llvm::join(Written, ", ");
    unsigned Begin = Tokens[From].OuterBegin, End = Tokens[Last].OuterEnd;
    if (!Ed.edit(Begin, End - Begin, Statements))
      return;
    for (const ImportedName &N : Names)
      if (N.Rule)
        Ed.record(Ed.decider().outcome(*N.Rule, Ed.placeOf(Tokens[N.Token].Begin),
                                       (Module + "." + word(N.Token)).str(),
                                       N.Rule->Replacement));
  }

  /// A name: an imported build API name (`CUDAExtension(`), one written out
  /// (`torch.utils.cpp_extension.CUDA_HOME`), or a keyword of a call.
  void migrateName(size_t I) {
    const PythonToken &T = Tokens[I];
    llvm::StringRef Word = word(I);
    if (isPunct(I + 1, "=") && !Word.contains('.')) {
      // `libraries=[...]`: the libraries linked by name, as `-l` takes them.
      if (Word == "libraries" && isPunct(I + 2, "["))
        LibrariesEnd = closingBracket(I + 2);
      if (const BuildRule *R = Rules.find(BuildRuleKind::PythonKeyword, Word))
        Ed.apply(*R, T.Begin, Word.size(), Word, R->Replacement);
      return;
    }
    auto [Head, Rest] = Word.split('.');
    auto Local = Imported.find(Head);
    if (Local == Imported.end() && !Word.contains('.'))
      return migrateStarImported(I);
    std::string Full = Local == Imported.end()
                           ? Word.str()
                           : Local->second + Word.drop_front(Head.size()).str();
    const BuildRule *R = findName(Full);
    if (!R)
      return;
    if (Local == Imported.end()) {
      if (Ed.apply(*R, T.Begin, textOffsetIn(Text, T, R->Cuda.size()) - T.Begin, R->Cuda,
                   R->Replacement))
        needModule(*R, T.Begin);
      return;
    }
    if (R->Cuda != Local->second)
      return migrateModuleAttribute(T, Head, Local->second, *R);
    // Through an import: the script's own name for it changes only where the
    // import kept the original one (no `as`).
    if (Head != llvm::StringRef(R->Cuda).rsplit('.').second)
      return;
    Ed.apply(*R, T.Begin, Head.size(), Head,
             llvm::StringRef(R->Replacement).rsplit('.').second.str());
  }

  /// `ext.CUDA_HOME`, ext an alias of Module: the attribute is renamed where
  /// the target's name lives in the same module; elsewhere the script must
  /// import it, which is reported.
  void migrateModuleAttribute(const PythonToken &T, llvm::StringRef Head,
                              llvm::StringRef Module, const BuildRule &R) {
    std::string Prefix = (Module + ".").str();
    if (!llvm::StringRef(R.Cuda).starts_with(Prefix))
      return;
    unsigned At = textOffsetIn(Text, T, Head.size() + 1);
    llvm::StringRef Attribute = llvm::StringRef(R.Cuda).drop_front(Prefix.size());
    if (llvm::StringRef(R.Replacement).starts_with(Prefix)) {
      Ed.apply(R, At, Attribute.size(), Attribute,
               llvm::StringRef(R.Replacement).drop_front(Prefix.size()).str());
      return;
    }
    Ed.record(Ed.decider().aliasedName(R, Ed.placeOf(At), Head, Module));
  }

  /// A string: a word the tables know (the "nvcc" key of extra_compile_args,
  /// an environment variable's name), or a source listed by name.
  void migrateString(const PythonToken &T) {
    llvm::StringRef Content = Text.slice(T.Begin, T.End);
    if (const BuildRule *R = Rules.find(BuildRuleKind::PythonString, Content)) {
      Ed.apply(*R, T.Begin, Content.size(), Content, R->Replacement);
      return;
    }
    if (T.OuterBegin < LibrariesEnd) {
      Ed.lookUp(BuildRuleKind::Library, T.Begin, Content);
      return;
    }
    Ed.migrateSource(BuildWord{T.Begin, T.End, T.OuterBegin, T.OuterEnd}, Content,
                     Ed.directory().str());
  }

  /// `from M import *`: the statement stays (it imports what the target
  /// keeps), and one `from N import *` follows it for each module N that
  /// M's renamed names move to. Uses of those names are renamed after it.
  size_t migrateStarImport(size_t From, size_t Star, llvm::StringRef Module) {
    std::string Prefix = (Module + ".").str();
    std::vector<std::string> NewModules;
    for (const BuildRule *R : Rules.ofKind(BuildRuleKind::PythonName)) {
      llvm::StringRef Cuda(R->Cuda), Replacement(R->Replacement);
      if (!R->Supported || !Cuda.starts_with(Prefix) ||
          Cuda.drop_front(Prefix.size()).contains('.'))
        continue;
      std::string NewModule = Replacement.rsplit('.').first.str();
      if (NewModule != Module && !llvm::is_contained(NewModules, NewModule))
        NewModules.push_back(NewModule);
    }
    StarModules.push_back(Module.str());
    if (NewModules.empty())
      return Star;
    std::string Joiner = statementJoiner(From), Added;
    for (const std::string &M : NewModules)
      Added += Joiner + "from " + M + " import *";
    unsigned End = Tokens[Star].End;
    if (Ed.edit(End, 0, Added))
      Ed.record(Ed.decider().migrated(nullptr, Ed.placeOf(Tokens[From].Begin),
                                      "python-name", (Module + ".*").str(),
                                      llvm::join(NewModules, ".*, ") + ".*", {}));
    return Star;
  }

  /// A bare name that a star import may have brought: renamed where the
  /// module's entry for it names another.
  void migrateStarImported(size_t I) {
    llvm::StringRef Word = word(I);
    for (const std::string &Module : StarModules)
      if (const BuildRule *R =
              Rules.find(BuildRuleKind::PythonName, (Module + "." + Word).str())) {
        Ed.apply(*R, Tokens[I].Begin, Word.size(), Word,
                 llvm::StringRef(R->Replacement).rsplit('.').second.str());
        return;
      }
  }

  /// A name written out in full that moved to another module (Rule): the
  /// script must import that module, which importNeededModules sees to.
  void needModule(const BuildRule &Rule, unsigned At) {
    llvm::StringRef Old = llvm::StringRef(Rule.Cuda).rsplit('.').first;
    llvm::StringRef New = llvm::StringRef(Rule.Replacement).rsplit('.').first;
    if (Old != New && Rule.Replacement.find('.') != std::string::npos)
      NeededModules.insert({New.str(), {Old.str(), At}});
  }

  /// Each module a renamed full name needs is imported after the `import`
  /// statement of the module it replaces (or of a package holding it); with
  /// none, the use is reported.
  void importNeededModules() {
    for (const auto &Needed : NeededModules) {
      const std::string &New = Needed.first;
      // Named, not bound: a lambda below reads Old, and C++17 lambdas cannot
      // capture structured bindings.
      const std::string &Old = Needed.second.first;
      const auto &At = Needed.second.second;
      if (llvm::any_of(ModuleImports,
                       [&](const ModuleImport &M) { return M.Module == New; }))
        continue;
      const ModuleImport *Best = nullptr;
      for (const ModuleImport &M : ModuleImports)
        if ((Old == M.Module || llvm::StringRef(Old).starts_with(M.Module + ".")) &&
            (!Best || M.Module.size() > Best->Module.size()))
          Best = &M;
      if (Best && Ed.edit(statementEnd(Best->Statement), 0,
                          statementJoiner(Best->Statement) + "import " + New)) {
        ModuleImports.push_back({New, Best->Statement, Best->Last});
        continue;
      }
      Event E = Ed.decider().event(Ed.placeOf(At), "python-name", Old, nullptr);
      E.Status = EventStatus::Unsupported;
      E.Note = "its module moved to " + New +
               ", which no import statement of this script could be followed by: "
               "import it";
      Ed.record(Decision(std::move(E)));
    }
  }

  /// The offset just past the statement that starts at token I.
  unsigned statementEnd(size_t I) const {
    size_t J = I;
    while (!endsStatement(J + 1))
      ++J;
    return Tokens[J].OuterEnd;
  }

  struct ModuleImport {
    std::string Module; ///< imported by its own name: `import torch.utils`
    size_t Statement;   ///< the token of its statement's `import`
    size_t Last;        ///< the token of the module's name
  };

  BuildFileEditor &Ed;
  llvm::StringRef Text;
  const BuildRules &Rules;
  std::vector<PythonToken> Tokens;
  PythonTokenView View{Text, Tokens};
  llvm::StringMap<std::string> Imported; ///< local name -> full dotted name
  std::vector<ModuleImport> ModuleImports;
  std::vector<std::string> StarModules; ///< modules of `from M import *`
  /// Modules that renamed full names need -> (the module they replace, the
  /// first use's offset).
  std::map<std::string, std::pair<std::string, unsigned>> NeededModules;
  unsigned LibrariesEnd = 0; ///< the end of a `libraries=[...]` list being read
};

} // namespace

void migratePython(BuildFileEditor &Editor) { PythonMigration(Editor).run(); }

} // namespace musify
