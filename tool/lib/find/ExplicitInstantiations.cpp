// Finding explicit instantiations in source text.
#include "find/ExplicitInstantiations.h"
#include "core/SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

namespace musify {

/// The offset of the `;` that ends the declaration whose tokens start at
/// Begin, or of Limit where it comes first (the end of a `#define` holding
/// the instantiation); 0 where a body or the end of Text comes first.
static unsigned declarationEnd(const std::vector<RawToken> &Tokens, size_t Begin,
                               unsigned Limit) {
  int Depth = 0;
  for (size_t I = Begin; I < Tokens.size(); ++I) {
    llvm::StringRef T = Tokens[I].Text;
    if (Tokens[I].Offset >= Limit)
      return Limit;
    if (T == "(" || T == "[")
      ++Depth;
    else if (T == ")" || T == "]")
      --Depth;
    else if (T == "{" || T == "}" || T == "#")
      return 0;
    else if (T == ";" && Depth == 0)
      return Tokens[I].Offset;
  }
  return Limit == ~0u ? 0 : Limit;
}

/// The end of the directive Offset is in (its last line's newline), or ~0u
/// outside a directive.
static unsigned directiveEnd(llvm::StringRef Text, unsigned Offset) {
  unsigned Start = lineStartOf(Text, Offset);
  while (Start > 1 && Text[Start - 2] == '\\')
    Start = lineStartOf(Text, Start - 1);
  if (!Text.drop_front(Start).ltrim(" \t").starts_with("#"))
    return ~0u;
  size_t End = Text.find('\n', Offset);
  while (End != llvm::StringRef::npos && End > 0 && Text[End - 1] == '\\')
    End = Text.find('\n', End + 1);
  return End == llvm::StringRef::npos ? unsigned(Text.size()) : unsigned(End);
}

std::vector<std::pair<unsigned, unsigned>> explicitInstantiations(llvm::StringRef Text) {
  std::vector<std::pair<unsigned, unsigned>> Ranges;
  if (!Text.contains("template"))
    return Ranges;
  std::vector<RawToken> Tokens = tokensIn(Text, 0, Text.size());
  for (size_t I = 0; I + 1 < Tokens.size(); ++I) {
    if (!Tokens[I].Identifier || Tokens[I].Text != "template" ||
        Tokens[I + 1].Text == "<")
      continue;
    if (I > 0 && llvm::is_contained({".", "->", "::"}, Tokens[I - 1].Text))
      continue;
    if (unsigned End =
            declarationEnd(Tokens, I + 1, directiveEnd(Text, Tokens[I].Offset)))
      Ranges.emplace_back(Tokens[I + 1].Offset, End);
  }
  return Ranges;
}

/// The innermost namespace (or the translation unit) whose text in FID holds
/// Offset.
static const clang::DeclContext *scopeAt(clang::ASTContext &Context, clang::FileID FID,
                                         unsigned Offset) {
  const clang::SourceManager &SM = Context.getSourceManager();
  const clang::DeclContext *Scope = Context.getTranslationUnitDecl();
  for (bool Deeper = true; Deeper;) {
    Deeper = false;
    for (const clang::Decl *D : Scope->noload_decls()) {
      if (!llvm::isa<clang::NamespaceDecl, clang::LinkageSpecDecl>(D))
        continue;
      auto [BeginFile, Begin] = SM.getDecomposedExpansionLoc(D->getBeginLoc());
      auto [EndFile, End] = SM.getDecomposedExpansionLoc(D->getEndLoc());
      if (BeginFile == FID && EndFile == FID && Begin <= Offset && Offset < End) {
        Scope = llvm::cast<clang::DeclContext>(D);
        Deeper = true;
        break;
      }
    }
  }
  return Scope;
}

/// The first declaration Name finds in Scope or, Outward, around it.
static const clang::NamedDecl *lookUp(clang::ASTContext &Context,
                                      const clang::DeclContext *Scope,
                                      llvm::StringRef Name, bool Outward) {
  clang::DeclarationName Id(&Context.Idents.get(Name));
  for (; Scope; Scope = Outward ? Scope->getParent() : nullptr)
    if (clang::DeclContext::lookup_result Decls = Scope->lookup(Id); !Decls.empty())
      return Decls.front()->getUnderlyingDecl();
  return nullptr;
}

/// The namespace or class D names, for a lookup after `D::`; null if none.
static const clang::DeclContext *scopeNamedBy(const clang::NamedDecl *D) {
  if (const auto *Alias = llvm::dyn_cast_or_null<clang::NamespaceAliasDecl>(D))
    D = Alias->getNamespace();
  if (const auto *Template = llvm::dyn_cast_or_null<clang::ClassTemplateDecl>(D))
    D = Template->getTemplatedDecl();
  return llvm::dyn_cast_or_null<clang::DeclContext>(D);
}

void forEachNameIn(clang::ASTContext &Context, clang::FileID FID, unsigned Begin,
                   unsigned End,
                   llvm::function_ref<void(const clang::NamedDecl *, unsigned)> Note) {
  llvm::StringRef Text = Context.getSourceManager().getBufferData(FID);
  std::vector<RawToken> Tokens = tokensIn(Text, Begin, End);
  const clang::DeclContext *Around = scopeAt(Context, FID, Begin);
  const clang::DeclContext *Named = nullptr; // what the identifier before names
  for (size_t I = 0; I < Tokens.size(); ++I) {
    llvm::StringRef Before = I > 0 ? Tokens[I - 1].Text : "";
    if (!Tokens[I].Identifier || Before == "." || Before == "->")
      continue;
    // A name a line splice breaks (`cuda\<newline>Event_t`) is the name joined.
    std::string Name = withoutSplices(Tokens[I].Text);
    const clang::NamedDecl *D = nullptr;
    if (Before != "::")
      D = lookUp(Context, Around, Name, /*Outward=*/true);
    else if (I >= 2 && Tokens[I - 2].Identifier)
      D = lookUp(Context, Named, Name, /*Outward=*/false);
    else if (I < 2 || Tokens[I - 2].Text != ">") // a leading `::`
      D = lookUp(Context, Context.getTranslationUnitDecl(), Name, false);
    Named = scopeNamedBy(D);
    if (D)
      Note(D, Tokens[I].Offset);
  }
}

} // namespace musify
