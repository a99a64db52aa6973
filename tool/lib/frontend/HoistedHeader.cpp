// Checking that headers loaded precompiled parse as they would in place.
#include "frontend/HoistedHeader.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Path.h"

namespace musify {

namespace {

std::optional<llvm::sys::fs::UniqueID> idOf(const clang::SourceManager &SM,
                                            clang::FileID FID) {
  if (clang::OptionalFileEntryRef Entry = SM.getFileEntryRefForID(FID))
    return Entry->getUniqueID();
  return std::nullopt;
}

/// A PPCallbacks that hears of every use of a macro: an expansion or a test
/// (`defined`, `#ifdef`, `#ifndef`, `#elifdef`, `#elifndef`).
class MacroUseCallbacks : public clang::PPCallbacks {
public:
  virtual void macroUsed(const clang::Token &Name, const clang::MacroDefinition &MD) = 0;

  void MacroExpands(const clang::Token &Name, const clang::MacroDefinition &MD,
                    clang::SourceRange, const clang::MacroArgs *) override {
    macroUsed(Name, MD);
  }
  void Defined(const clang::Token &Name, const clang::MacroDefinition &MD,
               clang::SourceRange) override {
    macroUsed(Name, MD);
  }
  void Ifdef(clang::SourceLocation, const clang::Token &Name,
             const clang::MacroDefinition &MD) override {
    macroUsed(Name, MD);
  }
  void Ifndef(clang::SourceLocation, const clang::Token &Name,
              const clang::MacroDefinition &MD) override {
    macroUsed(Name, MD);
  }
  void Elifdef(clang::SourceLocation, const clang::Token &Name,
               const clang::MacroDefinition &MD) override {
    macroUsed(Name, MD);
  }
  void Elifndef(clang::SourceLocation, const clang::Token &Name,
                const clang::MacroDefinition &MD) override {
    macroUsed(Name, MD);
  }
};

/// The file MI is defined in, if it is one.
std::optional<llvm::sys::fs::UniqueID> definedIn(const clang::SourceManager &SM,
                                                 const clang::MacroInfo &MI) {
  return idOf(SM, SM.getFileID(SM.getExpansionLoc(MI.getDefinitionLoc())));
}

} // namespace

struct PchRecorder::State {
  State(clang::CompilerInstance &CI, PchContents &Into) : CI(CI), Into(Into) {}
  clang::CompilerInstance &CI;
  PchContents &Into;
  bool UnderMain = false; ///< past the shared headers, in the main file's #include
  std::vector<clang::FileID> Included;
  /// A file being read under the main file's #include.
  struct Frame {
    std::optional<llvm::sys::fs::UniqueID> File;
    bool Again = false;                                 ///< the file was read before
    std::vector<const clang::IdentifierInfo *> Defined; ///< macros it defined
    bool Acted = false; ///< it included a file or read another's macro
  };
  std::vector<Frame> Stack; ///< innermost last

  void use(llvm::StringRef Name, llvm::sys::fs::UniqueID File) {
    Into.Uses.add(Name, File);
  }

  /// The file being read under the main file's #include, if any.
  std::optional<llvm::sys::fs::UniqueID> reading() const {
    return UnderMain && !Stack.empty() ? Stack.back().File : std::nullopt;
  }

  void includes(llvm::sys::fs::UniqueID File) {
    if (std::optional<llvm::sys::fs::UniqueID> Includer = reading();
        Includer && *Includer != File) {
      Into.Children[*Includer].push_back(File);
      Stack.back().Acted = true;
    }
  }

  /// The file being read reads MD: its macros, and the names in its body.
  void read(const clang::MacroDefinition &MD, bool Expanded) {
    const clang::MacroInfo *MI = MD.getMacroInfo();
    std::optional<llvm::sys::fs::UniqueID> Reader = reading();
    if (!Reader || !MI)
      return;
    std::optional<llvm::sys::fs::UniqueID> From = definedIn(CI.getSourceManager(), *MI);
    if (From && *From != *Reader && Into.Included.contains(*From)) {
      Stack.back().Acted = true;
      auto Includer = llvm::find_if(llvm::reverse(Stack),
                                    [&](const Frame &F) { return F.File == From; });
      if (Includer == Stack.rend())
        Into.Reads[*Reader].insert(*From);
      else
        for (auto Below = Includer.base(); Below != Stack.end(); ++Below)
          if (Below->File)
            Into.ChainReads[*Below->File].insert(*From);
    }
    if (Expanded)
      for (const clang::Token &T : MI->tokens())
        if (const clang::IdentifierInfo *II = T.getIdentifierInfo())
          use(II->getName(), *Reader);
  }

  /// Every #include of a file of Included is an edge, the first or not:
  /// <stdarg.h> has no guard and is read again each time.
  void enters(std::optional<llvm::sys::fs::UniqueID> File, bool Again) {
    if (File && Into.Included.contains(*File))
      includes(*File);
    Stack.push_back({File, Again, {}, false});
  }
  /// What a file leaves defined is what its reading changes for files read
  /// after it: not the __need_ macros it sets for <stddef.h>, which
  /// undefines them.
  void exits() {
    const Frame &Done = Stack.back();
    if (Done.File && !Done.Defined.empty()) {
      std::vector<std::string> &Defines = Into.Defines[*Done.File];
      for (const clang::IdentifierInfo *Name : Done.Defined)
        if (const clang::MacroInfo *MI = CI.getPreprocessor().getMacroInfo(Name);
            MI && definedIn(CI.getSourceManager(), *MI) == Done.File &&
            llvm::find(Defines, Name->getName()) == Defines.end())
          Defines.push_back(Name->getName().str());
    }
    // Read again but doing nothing: a guard the preprocessor did not
    // recognize kept it out, and its first reading stands for this one.
    if (Done.File && Done.Again && Done.Defined.empty() && !Done.Acted)
      Into.ReadOnce.insert(*Done.File);
    Stack.pop_back();
  }
};

namespace {

class Recording : public MacroUseCallbacks {
public:
  explicit Recording(std::shared_ptr<PchRecorder::State> S) : S(std::move(S)) {}

  void InclusionDirective(clang::SourceLocation Hash, const clang::Token &,
                          llvm::StringRef, bool, clang::CharSourceRange,
                          clang::OptionalFileEntryRef File, llvm::StringRef,
                          llvm::StringRef, const clang::Module *, bool,
                          clang::SrcMgr::CharacteristicKind) override {
    const clang::SourceManager &SM = S->CI.getSourceManager();
    if (!File || SM.getFileID(SM.getExpansionLoc(Hash)) != SM.getMainFileID())
      return;
    if (!S->Into.Files.contains(File->getUniqueID()))
      S->Into.Headers.push_back(File->getUniqueID());
    S->UnderMain = true;
  }

  void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                   clang::SrcMgr::CharacteristicKind, clang::FileID) override {
    if (Reason == ExitFile && S->UnderMain && !S->Stack.empty())
      S->exits();
    if (Reason != EnterFile)
      return;
    const clang::SourceManager &SM = S->CI.getSourceManager();
    clang::FileID FID = SM.getFileID(Loc);
    std::optional<llvm::sys::fs::UniqueID> ID = idOf(SM, FID);
    // A file the shared headers read already (<stddef.h> is read again for
    // each __need_ macro) is not the headers'.
    bool New = ID && S->Into.Files.insert(*ID).second;
    if (!S->UnderMain)
      return;
    if (New) {
      S->Into.Included.insert(*ID);
      S->Into.Order.try_emplace(*ID, S->Into.Order.size());
      S->Included.push_back(FID);
    }
    S->enters(ID, /*Again=*/!New);
  }

  /// An #include of a file read before: it is still one of the includer's.
  void FileSkipped(const clang::FileEntryRef &File, const clang::Token &,
                   clang::SrcMgr::CharacteristicKind) override {
    if (S->UnderMain && S->Into.Included.contains(File.getUniqueID())) {
      S->includes(File.getUniqueID());
      S->Into.ReadOnce.insert(File.getUniqueID());
    }
  }

  void MacroDefined(const clang::Token &Name, const clang::MacroDirective *) override {
    if (S->reading())
      S->Stack.back().Defined.push_back(Name.getIdentifierInfo());
  }

  void MacroExpands(const clang::Token &, const clang::MacroDefinition &MD,
                    clang::SourceRange, const clang::MacroArgs *) override {
    S->read(MD, /*Expanded=*/true);
  }
  void macroUsed(const clang::Token &, const clang::MacroDefinition &MD) override {
    S->read(MD, /*Expanded=*/false);
  }

private:
  std::shared_ptr<PchRecorder::State> S;
};

} // namespace

PchRecorder::PchRecorder(clang::CompilerInstance &CI, PchContents &Into)
    : S(std::make_shared<State>(CI, Into)) {}
PchRecorder::~PchRecorder() = default;

std::unique_ptr<clang::PPCallbacks> PchRecorder::callbacks() {
  return std::make_unique<Recording>(S);
}

/// The files File includes, itself among them.
static void subtreeOf(const PchContents &Pch, llvm::sys::fs::UniqueID File,
                      llvm::DenseSet<llvm::sys::fs::UniqueID> &Into) {
  if (!Into.insert(File).second)
    return;
  if (auto It = Pch.Children.find(File); It != Pch.Children.end())
    for (llvm::sys::fs::UniqueID Child : It->second)
      subtreeOf(Pch, Child, Into);
}

void PchRecorder::finish() {
  // A file reads the same wherever it is included if it and what it
  // includes read only each other's macros. What a file reads of the files
  // that include it counts where they do, and wherever it is included if an
  // #include found it read before.
  auto ReadsWithin = [](const PchContents::CrossReads &Charged,
                        llvm::sys::fs::UniqueID Member,
                        const llvm::DenseSet<llvm::sys::fs::UniqueID> &Subtree) {
    auto It = Charged.find(Member);
    return It == Charged.end() ||
           llvm::all_of(It->second, [&](llvm::sys::fs::UniqueID From) {
             return Subtree.contains(From);
           });
  };
  // Again for the files of the one it is built on: more may be read once.
  S->Into.SelfContained.clear();
  for (llvm::sys::fs::UniqueID File : S->Into.Included) {
    llvm::DenseSet<llvm::sys::fs::UniqueID> Subtree;
    subtreeOf(S->Into, File, Subtree);
    if (llvm::all_of(Subtree, [&](llvm::sys::fs::UniqueID Member) {
          return ReadsWithin(S->Into.Reads, Member, Subtree) &&
                 ((Member != File && !S->Into.ReadOnce.contains(Member)) ||
                  ReadsWithin(S->Into.ChainReads, Member, Subtree));
        }))
      S->Into.SelfContained.insert(File);
  }
  // Raw tokens: every branch of every #if counts, whichever the build took.
  const clang::SourceManager &SM = S->CI.getSourceManager();
  for (clang::FileID FID : S->Included) {
    llvm::sys::fs::UniqueID File = *idOf(SM, FID);
    llvm::StringRef Text = SM.getBufferData(FID);
    clang::Lexer Raw(SM.getLocForStartOfFile(FID), S->CI.getLangOpts(), Text.begin(),
                     Text.begin(), Text.end());
    clang::Token T;
    enum { Code, Directive, DefineName, DefineBody, IncludeName, HeaderName } At = Code;
    do {
      Raw.LexFromRawLexer(T);
      if (T.isAtStartOfLine())
        At = T.is(clang::tok::hash) ? Directive : Code;
      else if (At == DefineName)
        At = DefineBody;
      else if (At == IncludeName)
        // `<assert.h>` names a file, not the macro `assert`; a computed
        // #include's macro is a use.
        At = T.isOneOf(clang::tok::less, clang::tok::string_literal) ? HeaderName : Code;
      if (T.isNot(clang::tok::raw_identifier) || At == HeaderName)
        continue;
      llvm::StringRef Name = T.getRawIdentifier();
      if (At == Directive)
        At = Name == "define" ? DefineName
             : Name == "include" || Name == "include_next" || Name == "import"
                 ? IncludeName
                 : Code;
      S->Into.Identifiers.add(Name, File);
      if (At != DefineBody)
        S->use(Name, File);
    } while (T.isNot(clang::tok::eof));
  }
  S->Into.Identifiers.pack();
  S->Into.Uses.pack();
}

struct HoistCheck::State {
  State(const PchContents &Pch, const IsUserFileFn &IsUserFile)
      : Pch(Pch), IsUserFile(IsUserFile) {}
  const PchContents &Pch;
  const IsUserFileFn &IsUserFile;
  clang::SourceManager *SM = nullptr;
  /// Where the unit includes each of Pch.Headers met so far.
  std::vector<clang::SourceLocation> HeadersAt;
  bool Reached = false;     ///< the unit's #include of the last was met
  clang::SourceLocation At; ///< where
  bool PastAt = false;      ///< a declaration after it was parsed
  std::vector<clang::Decl *> Before;
  std::optional<std::string> Refusal;
  std::optional<unsigned> RefusedAt;
  /// Macros the headers use, #undef'd before them: the definitions they saw.
  llvm::DenseMap<const clang::IdentifierInfo *, const clang::MacroInfo *> Undefined;
  clang::Preprocessor *PP = nullptr;
  /// Files of the headers' that a parse reading them in place has read, from
  /// where: those the unit included before them (ones that read the same
  /// wherever they are included), and the rest at their #include.
  llvm::DenseMap<llvm::sys::fs::UniqueID, clang::SourceLocation> ReadAt;
  llvm::DenseMap<clang::FileID, std::optional<llvm::sys::fs::UniqueID>> HeaderFiles;
  llvm::DenseMap<clang::FileID, bool> User;

  void refuse(const llvm::Twine &Why) {
    if (Refusal)
      return;
    Refusal = Why.str();
    // The parse is made again: a fatal error stops this one reading more
    // headers, which is most of what is left of it.
    if (PP && !Reached) {
      clang::DiagnosticsEngine &Diags = PP->getDiagnostics();
      Diags.Report(Diags.getCustomDiagID(clang::DiagnosticsEngine::Fatal,
                                         "the precompiled headers cannot be shared"));
    }
  }
  /// Why, said at Loc (`helper.h:12: `).
  /// The cause is at Cause, where given (a use in a header is made where
  /// the user's declaration is).
  void refuse(clang::SourceLocation Loc, const llvm::Twine &Why,
              clang::SourceLocation Cause = {}) {
    clang::PresumedLoc P = SM->getPresumedLoc(SM->getExpansionLoc(Loc));
    if (P.isInvalid())
      return refuse(Why);
    // In a user's file (or another's it includes), the cause comes before
    // the #includes of the headers after it there.
    Cause = SM->getExpansionLoc(Cause.isValid() ? Cause : Loc);
    while (Cause.isValid() && !isUser(Cause))
      Cause = SM->getIncludeLoc(SM->getFileID(Cause));
    if (!Refusal && Cause.isValid())
      RefusedAt = unsigned(llvm::count_if(HeadersAt, [&](clang::SourceLocation H) {
        return SM->isBeforeInTranslationUnit(H, Cause);
      }));
    refuse(llvm::sys::path::filename(P.getFilename()) + ":" + llvm::Twine(P.getLine()) +
           ": " + Why);
  }
  /// The file of the headers' that Loc lies in, if any.
  std::optional<llvm::sys::fs::UniqueID> headerFileOf(clang::SourceLocation Loc) {
    if (Loc.isInvalid())
      return std::nullopt;
    clang::FileID FID = SM->getFileID(SM->getExpansionLoc(Loc));
    auto [It, New] = HeaderFiles.try_emplace(FID);
    if (New)
      if (std::optional<llvm::sys::fs::UniqueID> ID = idOf(*SM, FID);
          ID && Pch.Included.contains(*ID))
        It->second = ID;
    return It->second;
  }
  /// Whether a parse reading the headers in place has read File at Loc
  /// (invalid: now, while preprocessing).
  bool readBy(llvm::sys::fs::UniqueID File, clang::SourceLocation Loc = {}) const {
    auto It = ReadAt.find(File);
    return It != ReadAt.end() &&
           (Loc.isInvalid() ||
            SM->isBeforeInTranslationUnit(It->second, SM->getExpansionLoc(Loc)));
  }
  /// Marks File and what it includes read at Loc (its #include), as a
  /// parse reading the headers in place reads them there. Refused where one
  /// of them uses a macro that a file read before it here, but after it in
  /// the precompiled header, defines: in place, it would read differently.
  void markRead(llvm::sys::fs::UniqueID File, clang::SourceLocation Loc) {
    llvm::DenseSet<llvm::sys::fs::UniqueID> Subtree;
    subtreeOf(Pch, File, Subtree);
    for (const auto &Earlier : ReadAt) {
      auto Defined = Pch.Defines.find(Earlier.first);
      if (Defined == Pch.Defines.end())
        continue;
      unsigned EarlierOrder = Pch.Order.lookup(Earlier.first);
      for (const std::string &Name : Defined->second)
        if (Pch.writtenIn(&PchContents::Uses, Name, [&](llvm::sys::fs::UniqueID User) {
              return Subtree.contains(User) && !ReadAt.count(User) &&
                     Pch.Order.lookup(User) < EarlierOrder;
            }))
          return refuse(Loc, Name + ", defined by a header included earlier, is used "
                                    "by one this includes");
    }
    for (llvm::sys::fs::UniqueID Member : Subtree)
      ReadAt.try_emplace(Member, Loc);
  }
  bool isUser(clang::SourceLocation Loc) {
    clang::FileID FID = SM->getFileID(SM->getExpansionLoc(Loc));
    auto [It, New] = User.try_emplace(FID, false);
    if (New)
      It->second = IsUserFile(realPathOf(*SM, FID));
    return It->second;
  }
  /// Whether a file of the headers not yet read at Loc uses Name.
  bool usedLater(const clang::IdentifierInfo *Name,
                 clang::SourceLocation Loc = {}) const {
    if (!Name)
      return false;
    return Pch.writtenIn(
        &PchContents::Identifiers, Name->getName(),
        [&](llvm::sys::fs::UniqueID File) { return !readBy(File, Loc); });
  }
};

namespace {

/// Before the unit's #include of the last header: macros that could change
/// the headers not yet read, and uses of what they define, which only their
/// early presence makes work.
class Watch : public MacroUseCallbacks {
public:
  explicit Watch(std::shared_ptr<HoistCheck::State> S) : S(std::move(S)) {}

  void InclusionDirective(clang::SourceLocation Hash, const clang::Token &,
                          llvm::StringRef FileName, bool Angled, clang::CharSourceRange,
                          clang::OptionalFileEntryRef File, llvm::StringRef,
                          llvm::StringRef, const clang::Module *, bool,
                          clang::SrcMgr::CharacteristicKind) override {
    if (S->Reached || !File)
      return;
    llvm::sys::fs::UniqueID ID = File->getUniqueID();
    if (!S->Pch.Included.contains(ID) || S->readBy(ID))
      return;
    if (ID == S->Pch.Headers[S->HeadersAt.size()]) {
      S->markRead(ID, Hash);
      S->HeadersAt.push_back(Hash);
      S->Reached = S->HeadersAt.size() == S->Pch.Headers.size();
      S->At = Hash;
      if (!S->Undefined.empty() && !S->Refusal) {
        S->refuse(S->Undefined.begin()->first->getName() +
                  ", a name it uses, is undefined before it");
        S->RefusedAt = unsigned(S->HeadersAt.size() - 1);
      }
      return;
    }
    if (S->Pch.SelfContained.contains(ID))
      S->markRead(ID, Hash);
    else
      S->refuse(Hash, (Angled ? "<" + FileName + ">" : "\"" + FileName + "\"") +
                          ", which it includes, is included before it");
  }

  void MacroDefined(const clang::Token &Name, const clang::MacroDirective *MD) override {
    const clang::IdentifierInfo *II = Name.getIdentifierInfo();
    if (S->Reached || !MD || !writtenInFile(MD->getLocation()) || !S->usedLater(II))
      return;
    // The definition the headers saw, back after an #undef (<assert.h>
    // included again) or repeated, changes nothing.
    const clang::MacroInfo *Seen = nullptr;
    auto Undone = S->Undefined.find(II);
    if (Undone != S->Undefined.end())
      Seen = Undone->second;
    else if (const clang::MacroDirective *Previous = MD->getPrevious())
      Seen = Previous->getMacroInfo();
    const clang::MacroInfo *Now = MD->getMacroInfo();
    if (Seen && Now && Now->isIdenticalTo(*Seen, *S->PP, /*Syntactically=*/true)) {
      if (Undone != S->Undefined.end())
        S->Undefined.erase(Undone);
      return;
    }
    S->refuse(MD->getLocation(),
              II->getName() + ", a name it uses, is defined as a macro before it");
  }
  void MacroUndefined(const clang::Token &Name, const clang::MacroDefinition &Was,
                      const clang::MacroDirective *Undef) override {
    const clang::IdentifierInfo *II = Name.getIdentifierInfo();
    if (S->Reached || !Undef || !writtenInFile(Undef->getLocation()) || !S->usedLater(II))
      return;
    if (Was.getMacroInfo())
      S->Undefined.try_emplace(II, Was.getMacroInfo());
  }

private:
  /// Not the command line's or the compiler's own (the predefines).
  bool writtenInFile(clang::SourceLocation Loc) const {
    return Loc.isValid() &&
           idOf(*S->SM, S->SM->getFileID(S->SM->getExpansionLoc(Loc))).has_value();
  }
  void macroUsed(const clang::Token &Name, const clang::MacroDefinition &MD) override {
    if (S->Reached)
      return;
    const clang::MacroInfo *MI = MD.getMacroInfo();
    if (!MI)
      return;
    if (std::optional<llvm::sys::fs::UniqueID> From =
            S->headerFileOf(MI->getDefinitionLoc());
        From && !S->readBy(*From))
      S->refuse(Name.getLocation(), Name.getIdentifierInfo()->getName() +
                                        ", a macro it defines, is used before it");
  }
  std::shared_ptr<HoistCheck::State> S;
};

/// References from the user's code to what a header not yet included there
/// declares: without it there, they would not resolve.
class UsesOfHeader : public clang::RecursiveASTVisitor<UsesOfHeader> {
public:
  /// Within: where the user's declaration walked begins.
  UsesOfHeader(HoistCheck::State &S, clang::SourceLocation Within)
      : S(S), Within(Within) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
    return check(E->getDecl(), E->getLocation());
  }
  bool VisitMemberExpr(clang::MemberExpr *E) {
    return check(E->getMemberDecl(), E->getExprLoc());
  }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *E) {
    return check(E->getConstructor(), E->getLocation());
  }
  bool VisitCXXNewExpr(clang::CXXNewExpr *E) {
    return check(E->getOperatorNew(), E->getBeginLoc());
  }
  bool VisitCXXDeleteExpr(clang::CXXDeleteExpr *E) {
    return check(E->getOperatorDelete(), E->getBeginLoc());
  }
  bool VisitOverloadExpr(clang::OverloadExpr *E) {
    for (const clang::NamedDecl *D : E->decls())
      if (!check(D, E->getNameLoc()))
        return false;
    return true;
  }
  bool VisitTagTypeLoc(clang::TagTypeLoc TL) {
    return check(TL.getDecl(), TL.getNameLoc());
  }
  bool VisitTypedefTypeLoc(clang::TypedefTypeLoc TL) {
    return check(TL.getTypedefNameDecl(), TL.getNameLoc());
  }
  bool VisitUsingTypeLoc(clang::UsingTypeLoc TL) {
    return check(TL.getTypePtr()->getFoundDecl(), TL.getNameLoc());
  }
  bool VisitTemplateSpecializationTypeLoc(clang::TemplateSpecializationTypeLoc TL) {
    return check(TL.getTypePtr()->getTemplateName().getAsTemplateDecl(),
                 TL.getTemplateNameLoc());
  }
  bool TraverseNestedNameSpecifierLoc(clang::NestedNameSpecifierLoc NNS) {
    for (clang::NestedNameSpecifierLoc Q = NNS; Q; Q = Q.getPrefix()) {
      const clang::NestedNameSpecifier *N = Q.getNestedNameSpecifier();
      if (!check(N->getAsNamespace(), Q.getLocalBeginLoc()) ||
          !check(N->getAsNamespaceAlias(), Q.getLocalBeginLoc()))
        return false;
    }
    return RecursiveASTVisitor::TraverseNestedNameSpecifierLoc(NNS);
  }
  bool VisitUsingDirectiveDecl(clang::UsingDirectiveDecl *D) {
    return check(D->getNominatedNamespaceAsWritten(), D->getLocation());
  }
  bool VisitNamespaceAliasDecl(clang::NamespaceAliasDecl *D) {
    return check(D->getAliasedNamespace(), D->getLocation());
  }
  bool VisitUsingShadowDecl(clang::UsingShadowDecl *D) {
    return check(D->getTargetDecl(), D->getLocation());
  }

private:
  /// Whether the use of D at Use resolves as it would with the headers in
  /// place: D was declared first (std, reopened everywhere, was not) in a
  /// file read by then. If not, the parse is refused and the walk stops.
  bool check(const clang::Decl *D, clang::SourceLocation Use) {
    if (!D)
      return true;
    std::optional<llvm::sys::fs::UniqueID> In =
        S.headerFileOf(D->getCanonicalDecl()->getLocation());
    // A use written in a header (a default argument, an instantiation) is
    // made where the user's declaration is: no #include is inside it.
    clang::SourceLocation Made = S.isUser(Use) ? Use : Within;
    if (!In || S.readBy(*In, Made))
      return true;
    const auto *Named = llvm::dyn_cast<clang::NamedDecl>(D);
    S.refuse(Use,
             (Named ? Named->getQualifiedNameAsString() : std::string("a declaration")) +
                 ", which it declares, is used before it",
             Made);
    return false;
  }
  HoistCheck::State &S;
  clang::SourceLocation Within;
};

/// Declarations parsed before the #include: their names and what they use.
class Declarations : public clang::ASTConsumer {
public:
  explicit Declarations(std::shared_ptr<HoistCheck::State> S) : S(std::move(S)) {}

  bool HandleTopLevelDecl(clang::DeclGroupRef Group) override {
    for (clang::Decl *D : Group) {
      clang::SourceLocation Begin = S->SM->getExpansionLoc(D->getBeginLoc());
      if (S->Reached && !S->PastAt && Begin.isValid() &&
          !S->SM->isBeforeInTranslationUnit(Begin, S->At))
        S->PastAt = true;
      if (!S->PastAt)
        S->Before.push_back(D);
    }
    return true;
  }

  void HandleTranslationUnit(clang::ASTContext &) override {
    if (!S->Reached) {
      S->refuse("the unit does not include it");
      S->RefusedAt = unsigned(S->HeadersAt.size());
      return;
    }
    clang::SourceManager &SM = *S->SM;
    for (clang::Decl *D : S->Before) {
      if (S->Refusal)
        return;
      if (D->isImplicit())
        continue;
      clang::SourceLocation Begin = SM.getExpansionLoc(D->getBeginLoc());
      clang::SourceLocation End = SM.getExpansionRange(D->getEndLoc()).getEnd();
      if (Begin.isInvalid() || !SM.isBeforeInTranslationUnit(Begin, S->At))
        continue;
      if (End.isValid() && llvm::any_of(S->HeadersAt, [&](clang::SourceLocation H) {
            return SM.isBeforeInTranslationUnit(Begin, H) &&
                   SM.isBeforeInTranslationUnit(H, End);
          }))
        return S->refuse(Begin, "it is included inside this declaration");
      bool User = S->isUser(Begin);
      declared(D, User);
      if (User && !S->Refusal)
        UsesOfHeader(*S, Begin).TraverseDecl(D);
    }
  }

private:
  /// D's names that the headers' own lookups could find: the user's at any
  /// namespace scope, the others' (system headers) at file scope.
  void declared(clang::Decl *D, bool User) {
    if (S->Refusal)
      return;
    if (auto *Linkage = llvm::dyn_cast<clang::LinkageSpecDecl>(D)) {
      for (clang::Decl *Inner : Linkage->decls())
        declared(Inner, User);
      return;
    }
    if (auto *Namespace = llvm::dyn_cast<clang::NamespaceDecl>(D)) {
      if (!User)
        return;
      name(Namespace);
      for (clang::Decl *Inner : Namespace->decls())
        declared(Inner, User);
      return;
    }
    if (llvm::isa<clang::UsingDirectiveDecl>(D)) {
      if (User)
        S->refuse(D->getLocation(), "a using-directive comes before it");
      return;
    }
    // Members (instantiated at the end of the unit, say) are not looked up
    // from outside their class.
    const clang::DeclContext *Scope = D->getDeclContext()->getRedeclContext();
    if (User ? !Scope->isFileContext() : !Scope->isTranslationUnit())
      return;
    if (auto *Named = llvm::dyn_cast<clang::NamedDecl>(D))
      name(Named);
    if (auto *Enum = llvm::dyn_cast<clang::EnumDecl>(D); Enum && !Enum->isScoped())
      for (clang::EnumConstantDecl *C : Enum->enumerators())
        name(C);
  }
  void name(const clang::NamedDecl *D) {
    if (D->getDeclName().isIdentifier() &&
        S->usedLater(D->getIdentifier(), D->getLocation()))
      S->refuse(D->getLocation(),
                D->getName() + ", a name it uses, is declared before it");
  }
  std::shared_ptr<HoistCheck::State> S;
};

} // namespace

HoistCheck::HoistCheck(const PchContents &Pch, const IsUserFileFn &IsUserFile)
    : S(std::make_shared<State>(Pch, IsUserFile)) {}
HoistCheck::~HoistCheck() = default;

std::unique_ptr<clang::PPCallbacks> HoistCheck::callbacks(clang::CompilerInstance &CI) {
  S->SM = &CI.getSourceManager();
  S->PP = &CI.getPreprocessor();
  return std::make_unique<Watch>(S);
}

std::unique_ptr<clang::ASTConsumer> HoistCheck::consumer(clang::CompilerInstance &CI) {
  S->SM = &CI.getSourceManager();
  return std::make_unique<Declarations>(S);
}

void HoistCheck::errorsAt(llvm::ArrayRef<clang::SourceLocation> Errors, unsigned Count) {
  if (Errors.size() != Count)
    return S->refuse("the parse that shared them had errors");
  for (clang::SourceLocation Error : Errors)
    if (!S->Reached || !S->isUser(Error) ||
        !S->SM->isBeforeInTranslationUnit(S->At, Error))
      return S->refuse(Error, "an error comes before the last of them");
}

std::optional<std::string> HoistCheck::refusal() const { return S->Refusal; }

std::optional<unsigned> HoistCheck::refusedAt() const { return S->RefusedAt; }

} // namespace musify
