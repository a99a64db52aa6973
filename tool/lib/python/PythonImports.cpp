// Reading a Python module's imports: the statements, the names they bind,
// and which of those names nothing else rebinds.
#include "python/PythonImports.h"

#include "llvm/ADT/StringSet.h"

namespace musify {

namespace {

class ImportReader {
public:
  ImportReader(llvm::StringRef Text, const std::vector<PythonToken> &Tokens)
      : Text(Text), Tokens(Tokens) {}

  PythonImports read(llvm::function_ref<bool(llvm::StringRef)> Tracked) {
    PythonImports Out;
    Out.InImport.assign(Tokens.size(), false);
    for (size_t I = 0; I < Tokens.size(); ++I) {
      if (!startsStatement(I) && !followsCompoundHeader(I))
        continue;
      if (word(I) == "import" || (word(I) == "from" && word(I + 2) == "import") ||
          (word(I) == "from" && isRelativeFrom(I))) {
        ImportStatement S = word(I) == "import" ? readImport(I) : readFrom(I);
        for (size_t J = S.First; J <= S.Last && J < Tokens.size(); ++J)
          Out.InImport[J] = true;
        Out.Statements.push_back(std::move(S));
      }
    }
    findRebound(Out.InImport);
    for (const ImportStatement &S : Out.Statements)
      for (const ImportedName &N : S.Names)
        if (Tracked(llvm::StringRef(N.Path).split('.').first) && !Rebound.count(N.Local))
          Out.Aliases[N.Local] = N.Aliased || S.From
                                     ? N.Path
                                     : llvm::StringRef(N.Path).split('.').first.str();
    return Out;
  }

private:
  llvm::StringRef word(size_t I) const { return View.word(I); }
  bool isName(size_t I) const {
    return I < Tokens.size() && Tokens[I].Kind == PythonToken::Name;
  }
  bool isPunct(size_t I, llvm::StringRef Op) const { return View.isPunct(I, Op); }
  bool endsStatement(size_t I) const { return View.endsStatement(I); }
  bool startsStatement(size_t I) const { return View.startsStatement(I); }
  /// `if ok: import torch`: `import` and `from` after a `:` start the body
  /// of a one-line compound statement (nothing else lets them follow one).
  bool followsCompoundHeader(size_t I) const {
    return I > 0 && !Tokens[I].InFString && isPunct(I - 1, ":") &&
           (word(I) == "import" || word(I) == "from");
  }
  /// `from . import x`, `from .m import x`: a module of the user's package.
  bool isRelativeFrom(size_t I) const {
    return isPunct(I + 1, ".") || isPunct(I + 1, "...");
  }

  size_t statementLast(size_t I) const {
    while (!endsStatement(I + 1))
      ++I;
    return I;
  }

  /// `import a.b, c.d as e`.
  ImportStatement readImport(size_t I) {
    ImportStatement S;
    S.First = I;
    S.Last = statementLast(I);
    for (size_t J = I + 1; J <= S.Last; ++J) {
      if (!isName(J) || word(J) == "as" || word(J - 1) == "as")
        continue;
      ImportedName N{J, word(J).str(), word(J).split('.').first.str()};
      if (word(J + 1) == "as" && isName(J + 2)) {
        N.Local = word(J + 2).str();
        N.Aliased = true;
      }
      S.Names.push_back(std::move(N));
    }
    return S;
  }

  /// `from m import a, b as c`, `from m import (a, b)`, `from m import *`.
  ImportStatement readFrom(size_t I) {
    ImportStatement S;
    S.From = true;
    S.First = I;
    S.Last = statementLast(I);
    if (isRelativeFrom(I))
      return S;
    S.Module = word(I + 1).str();
    S.ModuleToken = I + 1;
    S.Star = isPunct(I + 3, "*");
    for (size_t J = I + 3; J <= S.Last; ++J) {
      if (!isName(J) || word(J) == "as" || word(J - 1) == "as")
        continue;
      ImportedName N{J, S.Module + "." + word(J).str(), word(J).str()};
      if (word(J + 1) == "as" && isName(J + 2)) {
        N.Local = word(J + 2).str();
        N.Aliased = true;
      }
      S.Names.push_back(std::move(N));
    }
    return S;
  }

  /// Names bound other than by an import: `x = ...`, `x: T = ...`,
  /// `for x in`, `with ... as x`, `except E as x`, `def f(x)`, `def x`,
  /// `class x`, `x += ...`.
  void findRebound(const std::vector<bool> &InImport) {
    for (size_t I = 0; I < Tokens.size(); ++I) {
      if (InImport[I] || !isName(I) || word(I).contains('.'))
        continue;
      llvm::StringRef Before = I ? word(I - 1) : "";
      bool Assigned = startsStatement(I) && I + 1 < Tokens.size() &&
                      Tokens[I + 1].Kind == PythonToken::Punct &&
                      (word(I + 1) == "=" || word(I + 1) == ":" ||
                       (word(I + 1).size() == 2 && word(I + 1).ends_with("=") &&
                        word(I + 1) != "==") ||
                       word(I + 1) == ",");
      if (Assigned || Before == "for" || Before == "as" || Before == "def" ||
          Before == "class" || isParameter(I))
        Rebound.insert(word(I));
    }
  }

  /// A name in the parameter list of a `def` or `lambda`.
  bool isParameter(size_t I) const {
    if (!(isPunct(I - 1, "(") || isPunct(I - 1, ",") || isPunct(I - 1, "*") ||
          isPunct(I - 1, "**") || word(I - 1) == "lambda"))
      return false;
    int Depth = 0;
    for (size_t J = I; J-- > 0;) {
      if (endsStatement(J))
        return false;
      if (isPunct(J, ")") || isPunct(J, "]") || isPunct(J, "}"))
        ++Depth;
      else if (isPunct(J, "(") || isPunct(J, "[") || isPunct(J, "{")) {
        if (Depth-- == 0)
          return isPunct(J, "(") && J >= 2 && word(J - 2) == "def";
      } else if (Depth == 0 && word(J) == "lambda")
        return true;
      else if (Depth == 0 && isPunct(J, ":"))
        return false;
    }
    return false;
  }

  llvm::StringRef Text;
  const std::vector<PythonToken> &Tokens;
  PythonTokenView View{Text, Tokens};
  llvm::StringSet<> Rebound;
};

} // namespace

PythonImports readImports(llvm::StringRef Text, const std::vector<PythonToken> &Tokens,
                          llvm::function_ref<bool(llvm::StringRef)> Tracked) {
  return ImportReader(Text, Tokens).read(Tracked);
}

} // namespace musify
