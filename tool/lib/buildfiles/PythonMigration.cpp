// setup.py of PyTorch extensions: the names of torch.utils.cpp_extension as
// imported and used (CUDAExtension -> torch_musa's MUSAExtension), the keywords
// of its calls (cuda_sources=), the strings it reads (extra_compile_args'
// "nvcc" key, environment variable names) and the sources it lists, renamed
// with --rename-extensions.
#include "buildfiles/BuildFileEditor.h"
#include "buildfiles/PythonLexer.h"

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
      if (T.Kind == PythonToken::String)
        migrateString(T);
      else if (T.Kind == PythonToken::Name && word(I) == "from" && startsStatement(I))
        I = migrateFromImport(I);
      else if (T.Kind == PythonToken::Name && word(I) == "import" && startsStatement(I))
        I = noteImport(I);
      else if (T.Kind == PythonToken::Name)
        migrateName(I);
    }
  }

private:
  llvm::StringRef word(size_t I) const {
    return I < Tokens.size() ? Text.slice(Tokens[I].Begin, Tokens[I].End) : "";
  }
  bool isPunct(size_t I, char C) const {
    return I < Tokens.size() && Tokens[I].Kind == PythonToken::Punct && word(I)[0] == C;
  }
  /// Whether a line break (not escaped) separates token I from the one before.
  bool newLineBefore(size_t I) const {
    if (I == 0)
      return true;
    llvm::StringRef Between = Text.slice(Tokens[I - 1].OuterEnd, Tokens[I].OuterBegin);
    size_t Break = Between.find('\n');
    return Break != llvm::StringRef::npos && !(Break > 0 && Between[Break - 1] == '\\');
  }
  bool startsStatement(size_t I) const { return newLineBefore(I) || isPunct(I - 1, ';'); }

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
      Depth += isPunct(J, '[') - isPunct(J, ']');
      if (Depth == 0)
        return Tokens[J].Begin;
    }
    return Text.size();
  }

  /// `import torch.utils.cpp_extension as ext`: ext stands for the module.
  size_t noteImport(size_t I) {
    for (size_t J = I + 1; J < Tokens.size() && !newLineBefore(J); ++J)
      if (Tokens[J].Kind == PythonToken::Name && word(J) == "as" &&
          Tokens[J - 1].Kind == PythonToken::Name && J + 1 < Tokens.size())
        Imported[word(J + 1)] = word(J - 1).str();
    return I;
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
    bool Parenthesized = isPunct(I + 3, '(');
    std::vector<ImportedName> Names;
    size_t J = I + 3 + Parenthesized;
    for (; J < Tokens.size(); ++J) {
      if (Parenthesized ? isPunct(J, ')') : newLineBefore(J))
        break;
      if (Tokens[J].Kind != PythonToken::Name || isPunct(J - 1, '.'))
        continue;
      bool Alias = word(J + 1) == "as";
      // `as` with nothing after it: the script ends inside the statement,
      // which is no import to rewrite.
      if (Alias && J + 2 >= Tokens.size())
        return Tokens.size() - 1;
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
    // Names moving to several modules: one import statement per module.
    std::string Indent(
        Tokens[From].OuterBegin - (Text.rfind('\n', Tokens[From].OuterBegin) + 1), ' ');
    std::string Statements;
    for (const auto &[NewModule, Written] : ByModule)
      Statements += (Statements.empty() ? "" : "\n" + Indent) + "from " + NewModule +
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
    if (isPunct(I + 1, '=') && !isPunct(I + 2, '=') && !Word.contains('.')) {
      // `libraries=[...]`: the libraries linked by name, as `-l` takes them.
      if (Word == "libraries" && isPunct(I + 2, '['))
        LibrariesEnd = closingBracket(I + 2);
      if (const BuildRule *R = Rules.find(BuildRuleKind::PythonKeyword, Word))
        Ed.apply(*R, T.Begin, Word.size(), Word, R->Replacement);
      return;
    }
    auto [Head, Rest] = Word.split('.');
    auto Local = Imported.find(Head);
    std::string Full = Local == Imported.end()
                           ? Word.str()
                           : Local->second + Word.drop_front(Head.size()).str();
    const BuildRule *R = findName(Full);
    if (!R)
      return;
    if (Local == Imported.end()) {
      Ed.apply(*R, T.Begin, R->Cuda.size(), R->Cuda, R->Replacement);
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
    unsigned At = T.Begin + Head.size() + 1;
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

  BuildFileEditor &Ed;
  llvm::StringRef Text;
  const BuildRules &Rules;
  std::vector<PythonToken> Tokens;
  llvm::StringMap<std::string> Imported; ///< local name -> full dotted name
  unsigned LibrariesEnd = 0; ///< the end of a `libraries=[...]` list being read
};

} // namespace

void migratePython(BuildFileEditor &Editor) { PythonMigration(Editor).run(); }

} // namespace musify
