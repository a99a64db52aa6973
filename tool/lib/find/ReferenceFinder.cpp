// Finding SDK references through the AST and the preprocessor.
#include "find/ReferenceFinder.h"
#include "find/ExplicitInstantiations.h"
#include "frontend/Frontend.h"
#include "hazards/HazardCheck.h"

#include "core/SourceText.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

#include <set>
#include <tuple>

namespace musify {

namespace {

using namespace clang;

/// Maps Clang locations to user-file places, and files to SDK or user.
class Locator {
public:
  Locator(const SourceManager &SM, const LangOptions &LangOpts,
          const SourceClassifier &Classifier)
      : SM(SM), LangOpts(LangOpts), Classifier(Classifier) {}

  const SourceManager &sourceManager() const { return SM; }
  /// The parse's options: lexing `>>>` as one token needs CUDA's.
  const LangOptions &langOpts() const { return LangOpts; }

  /// The real path of FID's file; empty for built-in and virtual buffers.
  llvm::StringRef pathOf(FileID FID) {
    OptionalFileEntryRef File = SM.getFileEntryRefForID(FID);
    return File ? pathOf(*File) : "";
  }
  /// The real path of File, resolved once per parse (realPathOf).
  llvm::StringRef pathOf(FileEntryRef File) {
    auto [It, Inserted] = Paths.try_emplace(&File.getFileEntry());
    if (Inserted)
      It->second = realPathOf(File);
    return It->second;
  }

  bool isUserFile(FileID FID) { return classOf(FID).User; }
  bool isUserFile(FileEntryRef File) { return Classifier.isUser(pathOf(File)); }
  /// The user files the preprocessor entered, in order.
  void noteEntered(FileID FID) { Entered.push_back(FID); }
  const std::vector<FileID> &enteredUserFiles() const { return Entered; }
  bool isSdkFile(FileEntryRef File) { return Classifier.isSdk(pathOf(File)); }
  bool isSdkFile(FileID FID) { return classOf(FID).Sdk; }
  const LibraryDescription *libraryOf(FileEntryRef File) {
    return Classifier.libraryOf(pathOf(File));
  }

  /// Whether Loc (a declaration or macro definition) is written in the SDK.
  bool isSdkLocation(SourceLocation Loc) {
    return Loc.isValid() && isSdkFile(SM.getFileID(SM.getExpansionLoc(Loc)));
  }
  /// The library (PyTorch) Loc is written in, or null.
  const LibraryDescription *libraryOf(SourceLocation Loc) {
    return Loc.isValid() ? classOf(SM.getFileID(SM.getExpansionLoc(Loc))).Library
                         : nullptr;
  }

  /// Where the token Name at Loc is written, if that is a user file and the
  /// text there really is Name (implicit code points at other tokens).
  /// A name built by token pasting has no such place: Pasted says so, with
  /// the place of the expansion that pasted it.
  /// Written gets the length of the text there: Name's, or more where a
  /// backslash-newline splits it (`cuda\` + newline + `Malloc`), which is
  /// the token Clang reads as Name and the text a rename replaces whole.
  std::optional<Place> placeOfName(SourceLocation Loc, llvm::StringRef Name,
                                   bool *Pasted = nullptr, unsigned *Written = nullptr) {
    if (Written)
      *Written = Name.size();
    if (Loc.isInvalid())
      return std::nullopt;
    if (Loc.isMacroID()) {
      SourceLocation Spelling = SM.getSpellingLoc(Loc);
      if (!isUserFile(SM.getFileID(Spelling))) {
        // Pasted, the name is spelled in scratch space. Asking that costs
        // the line table of the file, so it is asked only where the
        // expansion is in a user's file, not in the many in headers.
        SourceLocation Expansion = SM.getExpansionLoc(Loc);
        if (!isUserFile(SM.getFileID(Expansion)) || !SM.isWrittenInScratchSpace(Spelling))
          return std::nullopt;
        if (Pasted)
          *Pasted = true;
        return placeOfOffset(Expansion);
      }
      Loc = Spelling;
    }
    std::optional<Place> P = placeOfOffset(Loc);
    if (!P)
      return std::nullopt;
    llvm::StringRef Text = SM.getBufferData(SM.getFileID(Loc));
    if (!Text.substr(P->Offset).starts_with(Name) ||
        (P->Offset + Name.size() < Text.size() &&
         isAsciiIdentifierContinue(Text[P->Offset + Name.size()])))
      return splicedName(Loc, Name, Written) ? P : std::nullopt;
    return P;
  }

  /// Whether the token at Loc is Name split by backslash-newlines; Written
  /// gets its length as written.
  bool splicedName(SourceLocation Loc, llvm::StringRef Name, unsigned *Written) {
    Token Tok;
    if (!Written || Lexer::getRawToken(Loc, Tok, SM, LangOpts) || !Tok.needsCleaning() ||
        !Tok.is(tok::raw_identifier))
      return false;
    bool Invalid = false;
    if (Lexer::getSpelling(Tok, SM, LangOpts, &Invalid) != Name || Invalid)
      return false;
    *Written = Tok.getLength();
    return true;
  }

  /// The place of a file location in a user file.
  std::optional<Place> placeOfOffset(SourceLocation Loc) {
    if (Loc.isInvalid() || !Loc.isFileID())
      return std::nullopt;
    FileID FID = SM.getFileID(Loc);
    if (!isUserFile(FID))
      return std::nullopt;
    Place P;
    P.File = pathOf(FID).str();
    P.Offset = SM.getFileOffset(Loc);
    P.Line = SM.getLineNumber(FID, P.Offset);
    P.Column = SM.getColumnNumber(FID, P.Offset);
    return P;
  }

  /// User code used the SDK at Loc (a use that needs the SDK's declarations,
  /// not an #include of it nor a test of a compiler macro).
  void noteSdkUse(SourceLocation Loc) { keepEarliest(FirstSdkUse, Loc); }
  /// User code included the header nvcc includes implicitly at Loc, or the
  /// target's counterpart of it (code migrated before).
  void noteImplicitHeaderIncluded(SourceLocation Loc) {
    keepEarliest(ImplicitHeaderIncluded, Loc);
  }
  /// User code included at Hash a header that is not the user's: from there
  /// on a name of the C or C++ library may come from it.
  void noteOthersHeaderIncluded(SourceLocation Hash) {
    keepEarliest(OthersHeaderIncluded, Hash);
  }
  /// Code at Loc used a name declared or defined at Def. Where Loc is the
  /// user's, Def is not (the C library's NULL, size_t) and no header but the
  /// user's was included before Loc, the name came from nvcc's implicit
  /// include, which the target's compiler may not make (CMake's HIP
  /// language does not).
  void noteUseOf(SourceLocation Def, SourceLocation Loc) {
    if (!LangOpts.CUDA || LibraryUseBeforeIncludes || Def.isInvalid() ||
        SM.isWrittenInBuiltinFile(Def) || SM.isWrittenInCommandLineFile(Def))
      return;
    FileID DefFile = SM.getFileID(SM.getExpansionLoc(Def));
    if (DefFile.isInvalid() || isUserFile(DefFile))
      return;
    Loc = SM.getExpansionLoc(Loc);
    if (!isUserFile(SM.getFileID(Loc)))
      return;
    LibraryUseBeforeIncludes = OthersHeaderIncluded.isInvalid() ||
                               SM.isBeforeInTranslationUnit(Loc, OthersHeaderIncluded);
  }
  /// A CUDA unit that used the SDK before including the implicit header
  /// (or never included it), or a library name before including any
  /// header but its own: nvcc's implicit include made it build.
  bool reliesOnImplicitHeader() const {
    return LangOpts.CUDA &&
           (LibraryUseBeforeIncludes ||
            (FirstSdkUse.isValid() &&
             (ImplicitHeaderIncluded.isInvalid() ||
              SM.isBeforeInTranslationUnit(FirstSdkUse, ImplicitHeaderIncluded))));
  }

private:
  void keepEarliest(SourceLocation &Earliest, SourceLocation Loc) {
    Loc = SM.getExpansionLoc(Loc);
    if (Loc.isValid() &&
        (Earliest.isInvalid() || SM.isBeforeInTranslationUnit(Loc, Earliest)))
      Earliest = Loc;
  }

  const SourceManager &SM;
  const LangOptions &LangOpts;
  const SourceClassifier &Classifier;
  llvm::DenseMap<const FileEntry *, std::string> Paths;
  std::vector<FileID> Entered; ///< user files, as the preprocessor entered them
  /// Where each file belongs, asked for every declaration: classified once.
  llvm::DenseMap<FileID, SourceClassifier::Class> Classes;
  const SourceClassifier::Class &classOf(FileID FID) {
    auto [It, Inserted] = Classes.try_emplace(FID);
    if (Inserted)
      It->second = Classifier.classify(pathOf(FID));
    return It->second;
  }
  SourceLocation FirstSdkUse, ImplicitHeaderIncluded, OthersHeaderIncluded;
  bool LibraryUseBeforeIncludes = false;
};

std::optional<RuleKind> kindOfDecl(const NamedDecl *D) {
  if (isa<NamespaceDecl, NamespaceAliasDecl>(D))
    return RuleKind::Namespace;
  if (isa<FunctionDecl, FunctionTemplateDecl>(D))
    return RuleKind::Function;
  if (isa<EnumConstantDecl>(D))
    return RuleKind::Enumerator;
  if (isa<VarDecl>(D))
    return RuleKind::Variable;
  if (isa<TypeDecl, ClassTemplateDecl, TypeAliasTemplateDecl>(D))
    return RuleKind::Type;
  return std::nullopt;
}

/// The index of the `)` that closes the `(` at Tokens[Open], or 0.
size_t closingParen(const std::vector<RawToken> &Tokens, size_t Open) {
  if (Open >= Tokens.size() || Tokens[Open].Text != "(")
    return 0;
  unsigned Depth = 0;
  for (size_t I = Open; I < Tokens.size(); ++I) {
    Depth += Tokens[I].Text == "(";
    if (Tokens[I].Text == ")" && --Depth == 0)
      return I;
  }
  return 0;
}

/// A word that opens an attribute, with its arguments in parentheses.
bool isAttributeWord(llvm::StringRef Word) {
  return llvm::is_contained(
      {"__align__", "alignas", "_Alignas", "__attribute__", "__declspec"}, Word);
}

/// Sorts the tokens of [Begin, End) of Text, the specifiers of
/// `extern __shared__ T name[]`, into T's runs (S.TypeRuns, S.Type) and the
/// rest: `extern`, `__shared__`, and attributes with their arguments
/// (S.Attributes). False where no token is T's or an attribute's
/// parentheses do not close there.
bool splitSharedSpecifiers(llvm::StringRef Text, unsigned Begin, unsigned End,
                           DynamicShared &S) {
  std::vector<RawToken> Tokens = tokensIn(Text, Begin, End);
  std::vector<llvm::StringRef> Runs, Attributes;
  bool InRun = false;
  for (size_t I = 0; I < Tokens.size(); ++I) {
    const RawToken &T = Tokens[I];
    bool Attribute = T.Identifier && isAttributeWord(T.Text);
    if (Attribute) {
      size_t Close = closingParen(Tokens, I + 1);
      if (!Close)
        return false;
      Attributes.push_back(Text.slice(T.Offset, Tokens[Close].Offset + 1));
      I = Close;
    }
    if (Attribute || (T.Identifier && (T.Text == "extern" || T.Text == "__shared__"))) {
      InRun = false;
      continue;
    }
    unsigned TokenEnd = T.Offset + T.Text.size();
    if (InRun)
      S.TypeRuns.back().second = TokenEnd;
    else
      S.TypeRuns.push_back({T.Offset, TokenEnd});
    InRun = true;
  }
  for (auto [RunBegin, RunEnd] : S.TypeRuns)
    Runs.push_back(Text.slice(RunBegin, RunEnd));
  S.Type = llvm::join(Runs, " ");
  S.Attributes = llvm::join(Attributes, " ");
  return !S.TypeRuns.empty();
}

/// Walks the AST of user code: names of SDK functions, enumerators,
/// variables and types, and kernel launches.
class AstFinder : public RecursiveASTVisitor<AstFinder>, public HazardSite {
public:
  AstFinder(Locator &Where, const RuleTable &Rules, TranslationUnitFindings &Findings)
      : Where(Where), Rules(Rules), Findings(Findings) {}

  /// The declarations written in user files: references are never anywhere
  /// else, and the SDK's declarations are many. Those the shared headers
  /// hold are not even loaded (noload_decls).
  void traverseUserDeclarations(ASTContext &Context) {
    const SourceManager &SM = Where.sourceManager();
    for (Decl *D : Context.getTranslationUnitDecl()->noload_decls()) {
      SourceLocation Loc = D->getLocation();
      if (Loc.isValid() && Where.isUserFile(SM.getFileID(SM.getExpansionLoc(Loc))))
        TraverseDecl(D);
    }
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    noteUse(E->getDecl(), E->getLocation(), E->getQualifier(), E == ConvertingCallee);
    return true;
  }

  /// A call with dependent arguments in a template: the callee is resolved
  /// only at instantiation, but if every candidate is the SDK's, so is it.
  bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *E) {
    if (E->getNumDecls() == 0 || E->getQualifier())
      return true;
    for (const NamedDecl *D : E->decls())
      if (!Where.isSdkLocation(D->getUnderlyingDecl()->getCanonicalDecl()->getLocation()))
        return true;
    noteUse(*E->decls_begin(), E->getNameLoc());
    return true;
  }

  /// `at::cuda::OptionalCUDAGuard`: the qualifier written before a type name
  /// is the elaborated type's; its named type is visited next, by its name.
  bool VisitElaboratedTypeLoc(ElaboratedTypeLoc TL) {
    if (const NestedNameSpecifier *Qualifier = TL.getTypePtr()->getQualifier())
      TypeQualifiers[TL.getNamedTypeLoc().getBeginLoc()] = Qualifier;
    return true;
  }
  const NestedNameSpecifier *typeQualifierAt(SourceLocation Loc) const {
    auto It = TypeQualifiers.find(Loc);
    return It == TypeQualifiers.end() ? nullptr : It->second;
  }

  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    noteUse(TL.getTypedefNameDecl(), TL.getNameLoc(), typeQualifierAt(TL.getBeginLoc()));
    return true;
  }

  bool VisitTagTypeLoc(TagTypeLoc TL) {
    noteUse(TL.getDecl(), TL.getNameLoc(), typeQualifierAt(TL.getBeginLoc()));
    return true;
  }

  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    if (TemplateDecl *T = TL.getTypePtr()->getTemplateName().getAsTemplateDecl())
      noteUse(T, TL.getTemplateNameLoc());
    return true;
  }

  /// `prop.asyncEngineCount`: a member of an SDK class counts only where a
  /// rule names it (`cudaDeviceProp::asyncEngineCount`), as a target whose
  /// class lacks it: its other members follow their class.
  bool VisitMemberExpr(MemberExpr *E) {
    const ValueDecl *Member = E->getMemberDecl();
    const auto *Class = dyn_cast<RecordDecl>(Member->getDeclContext());
    if (!Class || !Member->getDeclName().isIdentifier() ||
        !Class->getDeclName().isIdentifier() ||
        !Where.isSdkLocation(Member->getLocation()))
      return true;
    RuleKind Kind = isa<FieldDecl>(Member) ? RuleKind::Variable : RuleKind::Function;
    // The class as qualified (at::TensorBase::is_cuda), else by its own name
    // (cooperative groups' tile classes, whose namespaces user code never
    // writes).
    std::string RuleName = ruleNameOf(Class) + "::" + Member->getName().str();
    if (!Rules.find(RuleName, Kind))
      RuleName = (Class->getName() + "::" + Member->getName()).str();
    if (!Rules.find(RuleName, Kind))
      return true;
    unsigned Written = 0;
    std::optional<Place> At =
        Where.placeOfName(E->getMemberLoc(), Member->getName(), nullptr, &Written);
    if (!At)
      return true;
    Reference R;
    R.At = std::move(*At);
    R.Length = Written;
    R.Name = Member->getName().str();
    R.QualifiedName = std::move(RuleName);
    R.Kind = Kind;
    R.How = Evidence::Declaration;
    Findings.References.push_back(std::move(R));
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    noteLaunch(E);
    for (const HazardCheck *Check : hazardChecks())
      Check->kernelCall(*E, *this);
    return true;
  }

  /// `extern __shared__ T name[];` in a function: a statement may take its
  /// place where it is one of its own.
  bool VisitDeclStmt(DeclStmt *S) {
    for (Decl *D : S->decls())
      if (const auto *Var = dyn_cast<VarDecl>(D); Var && isDynamicShared(*Var))
        noteDynamicShared(*Var, S->isSingleDecl() ? S : nullptr);
    return true;
  }

  /// The same at file or namespace scope, where no statement can be.
  bool VisitVarDecl(VarDecl *Var) {
    if (!Var->isLocalVarDeclOrParm() && isDynamicShared(*Var))
      noteDynamicShared(*Var, nullptr);
    for (const HazardCheck *Check : hazardChecks())
      Check->varDecl(*Var, *this);
    return true;
  }

  /// The function being traversed, to tell device code from host code.
  bool TraverseDecl(Decl *D) {
    const FunctionDecl *Outer = Function;
    if (auto *F = dyn_cast_or_null<FunctionDecl>(D))
      Function = F;
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    Function = Outer;
    return Result;
  }

  /// The hazard checks look at these too (hazards/).
  bool VisitFunctionDecl(FunctionDecl *F) {
    for (const HazardCheck *Check : hazardChecks())
      Check->functionDecl(*F, *this);
    noteBodyHoldingSkipped(*F);
    return true;
  }

  /// F, where its body holds text the preprocessor skipped, for a
  /// device-side parse, which builds only such bodies.
  void noteBodyHoldingSkipped(const FunctionDecl &F) {
    const Stmt *Body = F.doesThisDeclarationHaveABody() ? F.getBody() : nullptr;
    if (!Body || Findings.Skipped.empty())
      return;
    const SourceManager &SM = Where.sourceManager();
    SourceLocation Begin = SM.getExpansionLoc(Body->getBeginLoc());
    SourceLocation End = SM.getExpansionLoc(Body->getEndLoc());
    SourceLocation Name = SM.getExpansionLoc(F.getLocation());
    FileID FID = SM.getFileID(Begin);
    if (!Where.isUserFile(FID) && !Where.isUserFile(SM.getFileID(Name)))
      return;
    if (FID != SM.getFileID(End) || FID != SM.getFileID(Name)) {
      Findings.BodiesHoldingSkippedKnown = false;
      return;
    }
    llvm::StringRef Path = Where.pathOf(FID);
    unsigned B = SM.getFileOffset(Begin), E = SM.getFileOffset(End);
    if (llvm::any_of(Findings.Skipped, [&](const SkippedRegion &R) {
          return R.File == Path && R.Begin <= E && R.End >= B;
        }))
      Findings.BodiesHoldingSkipped.push_back({Path.str(), SM.getFileOffset(Name)});
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *S) {
    for (const HazardCheck *Check : hazardChecks())
      Check->asmStmt(*S, *this);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    for (const HazardCheck *Check : hazardChecks())
      Check->binaryOperator(*B, *this);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    for (const HazardCheck *Check : hazardChecks())
      Check->callExpr(*C, *this);
    // Its callee is visited next (a parent before its children).
    const auto *Callee = dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts());
    const auto *F = Callee ? dyn_cast<FunctionDecl>(Callee->getDecl()) : nullptr;
    if (F && argumentsConvert(*C, *F))
      ConvertingCallee = Callee;
    return true;
  }

  /// Whether an argument of C reaches its parameter of F by a conversion
  /// other than a promotion (`unsigned long long` to `int`).
  bool argumentsConvert(const CallExpr &C, const FunctionDecl &F) const {
    const ASTContext &Context = F.getASTContext();
    for (unsigned I = 0, N = std::min(C.getNumArgs(), F.getNumParams()); I < N; ++I) {
      QualType Arg = C.getArg(I)->IgnoreParenImpCasts()->getType();
      QualType Param = F.getParamDecl(I)->getType().getNonReferenceType();
      if (Arg->isDependentType() || Param->isDependentType())
        return false;
      Arg = Arg.getCanonicalType().getUnqualifiedType();
      Param = Param.getCanonicalType().getUnqualifiedType();
      if (Arg == Param ||
          (Context.isPromotableIntegerType(Arg) &&
           Context.hasSameType(Context.getPromotedIntegerType(Arg), Param)) ||
          (Arg->isSpecificBuiltinType(BuiltinType::Float) &&
           Param->isSpecificBuiltinType(BuiltinType::Double)))
        continue;
      return true;
    }
    return false;
  }

  /// `thrust::cuda::par`, `cuda::std::complex`: the namespaces a name is
  /// qualified with are references too.
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS) {
    if (NNS) {
      const NestedNameSpecifier *Spec = NNS.getNestedNameSpecifier();
      if (Spec->getKind() == NestedNameSpecifier::Namespace)
        noteUse(Spec->getAsNamespace(), NNS.getLocalBeginLoc(), Spec->getPrefix());
      else if (Spec->getKind() == NestedNameSpecifier::NamespaceAlias)
        noteUse(Spec->getAsNamespaceAlias(), NNS.getLocalBeginLoc(), Spec->getPrefix());
    }
    return RecursiveASTVisitor::TraverseNestedNameSpecifierLoc(NNS);
  }

  bool VisitNamespaceAliasDecl(NamespaceAliasDecl *D) {
    if (auto *Target = dyn_cast<NamespaceDecl>(D->getAliasedNamespace()))
      noteUse(Target, D->getTargetNameLoc());
    return true;
  }

  bool VisitUsingDirectiveDecl(UsingDirectiveDecl *D) {
    noteUse(D->getNominatedNamespace(), D->getIdentLocation());
    return true;
  }

  /// `friend cudaError_t cudaDeviceSynchronize();` names the SDK's function,
  /// and `friend int run<cudaStream_t>(const void *);` has template
  /// arguments the traversal of a befriended specialization leaves out.
  bool VisitFriendDecl(FriendDecl *D) {
    auto *F = dyn_cast_or_null<FunctionDecl>(D->getFriendDecl());
    if (!F)
      return true;
    if (F->getPreviousDecl())
      noteUse(F, F->getLocation(), F->getQualifier());
    const ASTTemplateArgumentListInfo *Args = nullptr;
    if (const FunctionTemplateSpecializationInfo *Info =
            F->getTemplateSpecializationInfo();
        Info && !isTemplateExplicitInstantiationOrSpecialization(
                    Info->getTemplateSpecializationKind()))
      Args = Info->TemplateArgumentsAsWritten;
    else if (const DependentFunctionTemplateSpecializationInfo *Dependent =
                 F->getDependentSpecializationInfo())
      Args = Dependent->TemplateArgumentsAsWritten;
    if (Args)
      for (const TemplateArgumentLoc &Arg : Args->arguments())
        TraverseTemplateArgumentLoc(Arg);
    return true;
  }

  /// An explicit instantiation a macro writes (`INSTANTIATE(__nv_bfloat16)`):
  /// the lexer finds it in no file, but its point of instantiation is in
  /// the macro's expansion.
  bool VisitFunctionTemplateDecl(FunctionTemplateDecl *D) {
    if (D->isCanonicalDecl())
      for (FunctionDecl *F : D->specializations())
        noteInstantiatingMacro(*F);
    return true;
  }
  bool VisitClassTemplateDecl(ClassTemplateDecl *D) {
    if (!D->isCanonicalDecl())
      return true;
    for (ClassTemplateSpecializationDecl *Class : D->specializations())
      for (Decl *Member : Class->decls())
        if (auto *F = dyn_cast<FunctionDecl>(Member))
          noteInstantiatingMacro(*F);
    return true;
  }

  /// The names written in each explicit instantiation in a user file
  /// (`template int run<__nv_bfloat16>(const void *);`): Clang keeps no
  /// node for one of a function, nor its arguments and types as written,
  /// so each name is looked up where it is written.
  void noteExplicitInstantiations(ASTContext &Context) {
    const SourceManager &SM = Where.sourceManager();
    std::set<std::pair<std::string, unsigned>> Found;
    for (const Reference &R : Findings.References)
      Found.insert({R.At.File, R.At.Offset});
    auto NoteIn = [&](FileID FID, unsigned Begin, unsigned End) {
      llvm::StringRef Path = Where.pathOf(FID);
      if (llvm::any_of(Findings.Skipped, [&](const SkippedRegion &R) {
            return R.File == Path && R.Begin <= Begin && Begin < R.End;
          })) // the token rewriter's
        return;
      forEachNameIn(Context, FID, Begin, End, [&](const NamedDecl *D, unsigned Offset) {
        if (Found.insert({Path.str(), Offset}).second)
          noteUse(D, SM.getComposedLoc(FID, Offset));
      });
    };
    for (FileID FID : Where.enteredUserFiles())
      for (auto [Begin, End] : explicitInstantiations(SM.getBufferData(FID)))
        NoteIn(FID, Begin, End);
    for (auto [Begin, End] : InstantiatingMacros)
      NoteIn(SM.getFileID(Begin), SM.getFileOffset(Begin), SM.getFileOffset(End));
  }

private:
  /// Keeps the expansion of the macro that instantiates F explicitly, if
  /// one does, in a user file.
  void noteInstantiatingMacro(const FunctionDecl &F) {
    TemplateSpecializationKind Kind = F.getTemplateSpecializationKind();
    if (Kind != TSK_ExplicitInstantiationDeclaration &&
        Kind != TSK_ExplicitInstantiationDefinition)
      return;
    SourceLocation At = F.getPointOfInstantiation();
    if (!At.isMacroID())
      return;
    const SourceManager &SM = Where.sourceManager();
    CharSourceRange Expansion = SM.getExpansionRange(At);
    if (Where.isUserFile(SM.getFileID(Expansion.getBegin())))
      InstantiatingMacros.emplace_back(Expansion.getBegin(), Expansion.getEnd());
  }

  /// Members of a class (`cub::DeviceReduce::Sum`, an enumerator of a nested
  /// enum) are the class's: its own reference, on the qualifier, decides.
  static bool isClassMember(const NamedDecl *D) {
    const DeclContext *C = D->getDeclContext();
    if (isa<EnumDecl>(C))
      C = C->getParent();
    return isa<RecordDecl>(C);
  }

  /// The name the rule tables know D by: qualified by its enclosing
  /// namespaces and classes, leaving out the namespaces user code never
  /// writes: inline ones (`cuda::std::__4`) and reserved ones pulled in with
  /// `using namespace` (`cooperative_groups::__v1`).
  std::string ruleNameOf(const NamedDecl *D) {
    std::vector<llvm::StringRef> Scopes;
    for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent()) {
      const auto *Scope = dyn_cast<NamedDecl>(C);
      if (!Scope || isa<LinkageSpecDecl>(C))
        continue;
      if (const auto *NS = dyn_cast<NamespaceDecl>(C))
        if (NS->isInline() || NS->isAnonymousNamespace() ||
            NS->getName().starts_with("__"))
          continue;
      // An unscoped enum's enumerators are its enclosing scope's names.
      if (const auto *Enum = dyn_cast<EnumDecl>(C); Enum && !Enum->isScoped())
        continue;
      if (!isa<NamespaceDecl, RecordDecl, EnumDecl>(C))
        return D->getName().str(); // declared inside a function: no rule applies
      Scopes.push_back(Scope->getName());
    }
    std::string Name;
    for (llvm::StringRef Scope : llvm::reverse(Scopes))
      Name += (Scope + "::").str();
    return Name + D->getName().str();
  }

  /// The name as its qualifier is written (`thrust::cuda::par`, where
  /// `cuda` is an alias of `cuda_cub`), or "" without a namespace qualifier.
  std::string writtenNameOf(const NamedDecl *D, const NestedNameSpecifier *Qualifier) {
    std::string Written;
    for (; Qualifier; Qualifier = Qualifier->getPrefix()) {
      const NamedDecl *Scope = nullptr;
      if (Qualifier->getKind() == NestedNameSpecifier::Namespace)
        Scope = Qualifier->getAsNamespace();
      else if (Qualifier->getKind() == NestedNameSpecifier::NamespaceAlias)
        Scope = Qualifier->getAsNamespaceAlias();
      else if (Qualifier->getKind() == NestedNameSpecifier::Global)
        break;
      else
        return ""; // a type or a dependent qualifier: the semantic name decides
      Written = (Scope->getName() + "::" + Written).str();
    }
    return Written.empty() ? "" : Written + D->getName().str();
  }

  void noteUse(const NamedDecl *D, SourceLocation Loc,
               const NestedNameSpecifier *Qualifier = nullptr,
               bool ArgumentsConvert = false) {
    if (!D || !D->getDeclName().isIdentifier())
      return;
    std::optional<RuleKind> Kind = kindOfDecl(D);
    if (!Kind || isClassMember(D))
      return;
    const auto *First = cast<NamedDecl>(D->getCanonicalDecl());
    // The tables know a name as users write it: try the written qualifier
    // first, then where it is declared.
    std::string RuleName = writtenNameOf(D, Qualifier);
    if (RuleName.empty() || !Rules.find(RuleName, *Kind))
      RuleName = ruleNameOf(First);
    if (!isSdkDeclaration(First, RuleName, *Kind)) {
      Where.noteUseOf(First->getLocation(), Loc);
      return;
    }
    bool Pasted = false;
    unsigned Written = 0;
    std::optional<Place> At = Where.placeOfName(Loc, D->getName(), &Pasted, &Written);
    if (!At)
      return;
    Reference R;
    R.At = std::move(*At);
    R.Length = Written;
    R.Name = D->getName().str();
    if (RuleName != R.Name)
      R.QualifiedName = std::move(RuleName);
    R.Kind = *Kind;
    R.How = Evidence::Declaration;
    R.TokenPasted = Pasted;
    const SourceManager &SM = Where.sourceManager();
    R.DeclaredIn =
        Where.pathOf(SM.getFileID(SM.getExpansionLoc(First->getLocation()))).str();
    // Which overload a call resolves to matters only where the target lacks
    // some of them.
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (const Rule *Known = F ? Rules.find(R.ruleName(), *Kind) : nullptr;
        Known && !Known->TargetOverloads.empty()) {
      llvm::raw_string_ostream Params(R.Signature);
      llvm::interleave(
          F->parameters(), Params,
          [&](const ParmVarDecl *P) {
            Params << P->getType().getCanonicalType().getUnqualifiedType().getAsString();
          },
          ", ");
      R.ArgumentsConvert = ArgumentsConvert;
    }
    Findings.References.push_back(std::move(R));
    Where.noteSdkUse(Loc);
  }

  /// Declared first by the SDK. A name the tables do not know must not also
  /// be declared by a system header: Clang's CUDA wrappers declare device
  /// overloads of printf, but that is the C library's name, not CUDA's.
  /// First, or where First is a builtin Clang declared on its first use
  /// (wherever that use was: in a parse or in the shared headers), its
  /// first declaration written in a file; null if there is none.
  static const Decl *explicitDeclaration(const NamedDecl *First) {
    const auto *F = dyn_cast<FunctionDecl>(First);
    if (!F || !F->isImplicit() || !F->getBuiltinID())
      return First;
    for (const Decl *Redecl : First->redecls())
      if (!Redecl->isImplicit())
        return Redecl;
    return nullptr;
  }

  bool isSdkDeclaration(const NamedDecl *First, llvm::StringRef RuleName, RuleKind Kind) {
    // A user's own rule (--rules) names what the user wants renamed,
    // wherever it is declared.
    if (const Rule *R = Rules.find(RuleName, Kind); R && R->FromUser)
      return true;
    const Decl *Declared = explicitDeclaration(First);
    if (!Declared || !Where.isSdkLocation(Declared->getLocation()))
      return false;
    if (Rules.find(RuleName, Kind))
      return true;
    // A library's own names (at::Tensor) are not CUDA's; its CUDA layer's are.
    if (const LibraryDescription *L = Where.libraryOf(Declared->getLocation()))
      return SourceClassifier::isCudaName(*L, RuleName);
    const SourceManager &SM = Where.sourceManager();
    auto IsSystemElsewhere = [&](const Decl *Other) {
      SourceLocation Loc = SM.getExpansionLoc(Other->getLocation());
      return SM.isInSystemHeader(Loc) && !Where.isSdkLocation(Loc);
    };
    for (const Decl *Redecl : First->redecls())
      if (IsSystemElsewhere(Redecl))
        return false;
    if (const auto *F = dyn_cast<FunctionDecl>(First))
      for (const NamedDecl *Overload :
           F->getDeclContext()->getRedeclContext()->lookup(F->getDeclName()))
        if (IsSystemElsewhere(Overload))
          return false;
    return true;
  }

  bool isDeviceCode() const {
    return Function &&
           (Function->hasAttr<CUDAGlobalAttr>() ||
            (Function->hasAttr<CUDADeviceAttr>() && !Function->hasAttr<CUDAHostAttr>()));
  }

  // HazardSite: what the hazard checks see of this parse.
  const RuleTable &rules() const override { return Rules; }
  const SourceManager &sourceManager() const override { return Where.sourceManager(); }
  const LangOptions &langOpts() const override { return Where.langOpts(); }
  const ASTContext &context() const override { return Function->getASTContext(); }
  bool inDeviceCode() const override { return isDeviceCode(); }
  bool isSdkLocation(SourceLocation Loc) override { return Where.isSdkLocation(Loc); }
  std::optional<Place> placeOf(SourceLocation Loc) override {
    return Where.placeOfOffset(Loc);
  }
  void add(Hazard H) override { Findings.Hazards.push_back(std::move(H)); }

  using HazardSite::note;
  void note(HazardKind Kind, SourceLocation Loc, SourceRange Range, llvm::StringRef Form,
            std::optional<HazardCause> Cause) override {
    const SourceManager &SM = Where.sourceManager();
    std::optional<Place> At = Where.placeOfOffset(SM.getExpansionLoc(Loc));
    if (!At)
      return;
    CharSourceRange Chars = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Range), SM, Where.langOpts());
    std::string Text =
        Chars.isValid() ? Lexer::getSourceText(Chars, SM, Where.langOpts()).str() : "";
    // One line is enough to recognise it.
    Text = llvm::StringRef(Text).split('\n').first.rtrim().str();
    Hazard H;
    H.At = std::move(*At);
    H.Kind = Kind;
    H.Text = std::move(Text);
    H.Form = Form.str();
    if (Cause)
      std::tie(H.Cause, H.CauseAt) = std::tie(Cause->Name, Cause->At);
    Findings.Hazards.push_back(std::move(H));
  }

  void noteLaunch(const CUDAKernelCallExpr *E) {
    const SourceManager &SM = Where.sourceManager();
    SourceLocation Begin = SM.getExpansionLoc(E->getBeginLoc());
    KernelLaunch L;
    if (const NamedDecl *K = E->getDirectCallee())
      L.Kernel = K->getNameAsString();
    std::optional<FileID> Written = readLaunchPieces(E, L);
    L.Rewritable = Written.has_value();
    // One written in a macro's argument is where its kernel is written: a
    // macro that takes several launches (a dispatch macro's lambda) has
    // each; one written in a macro's definition is there.
    if (Written)
      Begin = SM.getComposedLoc(*Written, L.CalleeBegin);
    std::optional<Place> At = Where.placeOfOffset(Begin);
    if (!At)
      return;
    L.At = std::move(*At);
    Findings.Launches.push_back(std::move(L));
    Where.noteSdkUse(E->getBeginLoc());
  }

  /// An array of dynamic shared memory: its size is the launch's.
  static bool isDynamicShared(const VarDecl &Var) {
    return Var.hasAttr<CUDASharedAttr>() && Var.hasExternalStorage() &&
           Var.getType()->isIncompleteArrayType();
  }

  /// Stmt: the declaration statement Var is the only declaration of.
  void noteDynamicShared(const VarDecl &Var, const DeclStmt *Stmt) {
    const SourceManager &SM = Where.sourceManager();
    SourceLocation Begin = SM.getExpansionLoc(Var.getOuterLocStart());
    std::optional<Place> At = Where.placeOfOffset(Begin);
    if (!At || !Var.getDeclName().isIdentifier())
      return;
    DynamicShared S;
    S.At = std::move(*At);
    S.Name = Var.getName().str();
    S.BlockScope = Var.isLocalVarDecl();
    S.Rewritable = Stmt && readSharedPieces(Var, *Stmt, SM.getFileID(Begin), S);
    if (!S.Rewritable) { // for the report: the type as Clang prints it
      S.Type = Var.getType()->getAsArrayTypeUnsafe()->getElementType().getAsString(
          Var.getASTContext().getPrintingPolicy());
      S.TypeRuns.clear();
    }
    Findings.SharedArrays.push_back(std::move(S));
  }

  /// Where Var's declaration begins in File. Its first word may be a macro's
  /// use: `__shared__`, or `extern` where a header defines it as itself
  /// (glext.h's `#define extern extern`); no other macro may begin it.
  std::optional<unsigned> declarationBegin(const VarDecl &Var, FileID File) {
    const SourceManager &SM = Where.sourceManager();
    SourceLocation Loc = SM.getExpansionLoc(Var.getOuterLocStart());
    if (SM.getFileID(Loc) != File)
      return std::nullopt;
    unsigned Offset = SM.getFileOffset(Loc);
    if (Var.getOuterLocStart().isFileID())
      return Offset;
    llvm::StringRef Word = SM.getBufferData(File).substr(
        Offset, Lexer::MeasureTokenLength(Loc, SM, Where.langOpts()));
    if (Word == "extern" || Word == "__shared__")
      return Offset;
    return std::nullopt;
  }

  /// The offsets of the pieces of `extern __shared__ T name[];` in File: the
  /// runs of T's tokens, the name and the `;`, each written in File. The
  /// storage class, `__shared__` and attributes (alignment) are not T.
  bool readSharedPieces(const VarDecl &Var, const DeclStmt &Stmt, FileID File,
                        DynamicShared &S) {
    const SourceManager &SM = Where.sourceManager();
    auto Written = [&](SourceLocation Loc) -> std::optional<unsigned> {
      if (Loc.isInvalid() || Loc.isMacroID() || SM.getFileID(Loc) != File)
        return std::nullopt;
      return SM.getFileOffset(Loc);
    };
    const TypeSourceInfo *AsWritten = Var.getTypeSourceInfo();
    auto Array = AsWritten ? AsWritten->getTypeLoc().getAs<IncompleteArrayTypeLoc>()
                           : IncompleteArrayTypeLoc();
    std::optional<unsigned> Begin = declarationBegin(Var, File);
    std::optional<unsigned> Name = Written(Var.getLocation());
    std::optional<unsigned> Semicolon = Written(Stmt.getEndLoc());
    if (!Array || !Begin || !Name || !Semicolon || !Written(Array.getRBracketLoc()))
      return false;
    llvm::StringRef Text = SM.getBufferData(File);
    if (!Text.substr(*Name).starts_with(S.Name) ||
        !splitSharedSpecifiers(Text, *Begin, *Name, S))
      return false;
    // Attributes after the brackets (`__attribute__((aligned(16)))`) go too.
    unsigned AfterArray = SM.getFileOffset(Array.getRBracketLoc()) + 1;
    if (llvm::StringRef Trailing = Text.slice(AfterArray, *Semicolon).trim();
        !Trailing.empty())
      S.Attributes += (S.Attributes.empty() ? "" : " ") + Trailing.str();
    S.NameEnd = *Name + S.Name.size();
    S.Semicolon = *Semicolon;
    return true;
  }

  /// The file a launch's pieces are written in, with their offsets there in
  /// L: the kernel, each configuration argument and the `(` of the
  /// arguments. A piece may be a macro's use (`BLOCKS(n)`), but the `<<<`,
  /// the `>>>` and what lies between the pieces must be written in one
  /// file: where the launch is, directly or as a macro's argument (a
  /// dispatch macro's lambda), or else all in one macro's definition, a
  /// parameter standing for its argument (`#define RUN(k) k<<<g, b>>>(x)`).
  /// The call rewrite edits only those. None if they are not.
  std::optional<FileID> readLaunchPieces(const CUDAKernelCallExpr *E, KernelLaunch &L) {
    const SourceManager &SM = Where.sourceManager();
    const CallExpr *Config = E->getConfig();
    if (!Config)
      return std::nullopt;
    // Where the launch is: a macro's argument is where it is written.
    FileID Site = SM.getFileID(SM.getExpansionLoc(E->getBeginLoc()));
    auto AtSite = [&](SourceLocation Loc, bool) -> std::optional<SourceLocation> {
      while (Loc.isMacroID() && SM.isMacroArgExpansion(Loc))
        Loc = SM.getImmediateSpellingLoc(Loc);
      return Loc.isValid() && Loc.isFileID() ? std::optional(Loc) : std::nullopt;
    };
    if (readLaunchPieces(E, Site, AtSite, /*InDefinition=*/false, L))
      return Site;
    // In the definition of the macro whose text has the `<<<`: a location
    // in an expansion within it (an argument, a macro it uses) is where
    // that expansion is written in its text.
    SourceLocation Open = Config->getBeginLoc();
    if (!Open.isMacroID() || SM.isMacroArgExpansion(Open))
      return std::nullopt;
    FileID Body = SM.getFileID(Open);
    auto InBody = [&](SourceLocation Loc, bool End) -> std::optional<SourceLocation> {
      if (Loc.isFileID())
        return Loc;
      while (Loc.isMacroID() && SM.getFileID(Loc) != Body) {
        CharSourceRange Range = SM.getImmediateExpansionRange(Loc);
        Loc = End ? Range.getEnd() : Range.getBegin();
      }
      if (!Loc.isMacroID())
        return std::nullopt; // outside the macro
      Loc = SM.getImmediateSpellingLoc(Loc);
      return Loc.isValid() && Loc.isFileID() ? std::optional(Loc) : std::nullopt;
    };
    std::optional<SourceLocation> Definition = InBody(Open, false);
    L.Config.clear();
    if (!Definition ||
        !readLaunchPieces(E, SM.getFileID(*Definition), InBody, /*InDefinition=*/true, L))
      return std::nullopt;
    // A kernel that is a parameter may be another in each expansion: the
    // launch is named as the definition writes it, and the kernel goes in
    // the kernel-name macro, whose commas a template-id would split.
    if (SM.isMacroArgExpansion(E->getCallee()->getBeginLoc())) {
      L.Kernel = SM.getBufferData(SM.getFileID(*Definition))
                     .slice(L.CalleeBegin, L.CalleeEnd)
                     .str();
      L.CalleeIsTemplateId = true;
    }
    return SM.getFileID(*Definition);
  }

  /// readLaunchPieces() in File, each location taken to where Spelled says
  /// it is written (the first or, End, the last of a range).
  bool readLaunchPieces(
      const CUDAKernelCallExpr *E, FileID File,
      llvm::function_ref<std::optional<SourceLocation>(SourceLocation, bool End)> Spelled,
      bool InDefinition, KernelLaunch &L) {
    const SourceManager &SM = Where.sourceManager();
    const LangOptions &LangOpts = Where.langOpts();
    const CallExpr *Config = E->getConfig();
    auto Written = [&](SourceLocation Loc, bool End = false) -> std::optional<unsigned> {
      std::optional<SourceLocation> At = Spelled(Loc, End);
      return At && SM.getFileID(*At) == File ? std::optional(SM.getFileOffset(*At))
                                             : std::nullopt;
    };
    auto Piece = [&](const Expr *X) -> std::optional<std::pair<unsigned, unsigned>> {
      if (InDefinition) {
        // From its first token to the end of its last, in the definition.
        std::optional<unsigned> Begin = Written(X->getBeginLoc());
        std::optional<SourceLocation> Last = Spelled(X->getEndLoc(), true);
        if (!Begin || !Last || SM.getFileID(*Last) != File)
          return std::nullopt;
        unsigned End =
            SM.getFileOffset(*Last) + Lexer::MeasureTokenLength(*Last, SM, LangOpts);
        return End > *Begin ? std::optional(std::pair{*Begin, End}) : std::nullopt;
      }
      CharSourceRange R = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(X->getSourceRange()), SM, LangOpts);
      std::optional<unsigned> Begin = Written(R.getBegin());
      if (R.isInvalid() || !Begin || SM.getFileID(R.getEnd()) != File)
        return std::nullopt;
      return std::pair{*Begin, SM.getFileOffset(R.getEnd())};
    };
    // The configuration is a call at `<<<` whose `)` is the `>>>`.
    std::optional<SourceLocation> Closing = Spelled(Config->getRParenLoc(), true);
    if (!Closing || SM.getFileID(*Closing) != File || !Written(Config->getBeginLoc()))
      return false;
    std::optional<std::pair<unsigned, unsigned>> Kernel =
        Piece(E->getCallee()->IgnoreImplicit());
    if (!Kernel)
      return false;
    for (const Expr *Arg : Config->arguments()) {
      if (isa<CXXDefaultArgExpr>(Arg))
        break;
      std::optional<std::pair<unsigned, unsigned>> P = Piece(Arg);
      if (!P || (!L.Config.empty() && P->first < L.Config.back().second))
        return false;
      L.Config.push_back(*P);
    }
    // The `(` of the arguments follows the `>>>`.
    std::optional<Token> Paren = Lexer::findNextToken(*Closing, SM, LangOpts);
    std::optional<unsigned> Open =
        Paren && Paren->is(tok::l_paren) ? Written(Paren->getLocation()) : std::nullopt;
    if (!Open || L.Config.size() < 2 || *Open < L.Config.back().second ||
        Kernel->second > L.Config.front().first)
      return false;
    L.ArgsOpen = *Open;
    std::tie(L.CalleeBegin, L.CalleeEnd) = *Kernel;
    L.CalleeIsTemplateId =
        SM.getBufferData(File).slice(L.CalleeBegin, L.CalleeEnd).contains('<');
    for (const Expr *Arg : E->arguments())
      L.ArgCount += !isa<CXXDefaultArgExpr>(Arg);
    return true;
  }

  Locator &Where;
  const RuleTable &Rules;
  TranslationUnitFindings &Findings;
  const FunctionDecl *Function = nullptr;
  /// The qualifier of each elaborated type, by where its named type begins.
  llvm::DenseMap<SourceLocation, const NestedNameSpecifier *> TypeQualifiers;
  /// Macro expansions that instantiate a template explicitly: [begin, end].
  std::vector<std::pair<SourceLocation, SourceLocation>> InstantiatingMacros;
  /// The callee of the last call visited whose arguments convert.
  const DeclRefExpr *ConvertingCallee = nullptr;
};

/// Watches the preprocessor: includes of SDK headers, uses and tests of SDK
/// and compiler macros, and the branches it skips.
class PreprocessorFinder : public PPCallbacks {
public:
  PreprocessorFinder(Locator &Where, Preprocessor &PP, const RuleTable &Rules,
                     TranslationUnitFindings &Findings)
      : Where(Where), PP(PP), Rules(Rules), Findings(Findings) {}

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind, FileID) override {
    if (Reason != EnterFile)
      return;
    FileID FID = Where.sourceManager().getFileID(Loc);
    if (Where.isUserFile(FID)) {
      Findings.UserFiles.insert(Where.pathOf(FID).str());
      Where.noteEntered(FID);
    }
  }

  void MacroDefined(const Token &, const MacroDirective *MD) override {
    if (!MD || !MD->getMacroInfo() || !MD->getMacroInfo()->getNumTokens())
      return;
    const PreprocessorLexer *Lexer = PP.getCurrentFileLexer();
    bool User = !Lexer || Where.isUserFile(Lexer->getFileID());
    UserMacroBodies = UserMacroBodies || User;
    if (User)
      Unexpanded.insert(MD->getMacroInfo());
  }

  /// A user's macro no expansion of this parse read: its body is migrated
  /// by spelling, as a skipped region is (`#define ARCH __CUDA_ARCH__`,
  /// expanded only where device compilation reads it).
  void EndOfMainFile() override {
    const SourceManager &SM = Where.sourceManager();
    std::vector<SkippedRegion> Bodies;
    for (const MacroInfo *MI : Unexpanded) {
      SourceLocation First = MI->tokens().front().getLocation();
      SourceLocation Last = MI->tokens().back().getEndLoc();
      std::optional<Place> Begin = Where.placeOfOffset(First);
      if (Begin && First.isFileID() && Last.isFileID() &&
          SM.getFileID(First) == SM.getFileID(Last))
        Bodies.push_back({Begin->File, Begin->Offset, SM.getFileOffset(Last)});
    }
    // In the order of the text, not of the set's pointers.
    llvm::sort(Bodies, [](const SkippedRegion &A, const SkippedRegion &B) {
      return std::tie(A.File, A.Begin) < std::tie(B.File, B.Begin);
    });
    llvm::append_range(Findings.Skipped, Bodies);
  }

  void InclusionDirective(SourceLocation Hash, const Token &, StringRef FileName, bool,
                          CharSourceRange FilenameRange, OptionalFileEntryRef File,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    const SourceManager &SM = Where.sourceManager();
    if (Where.isUserFile(SM.getFileID(SM.getExpansionLoc(Hash))) &&
        (!File || !Where.isUserFile(*File)))
      Where.noteOthersHeaderIncluded(Hash);
    // Code migrated before includes the target's counterpart of the
    // implicit header (found or not): nothing is left to make explicit.
    if (const Rule *Implicit = Rules.nvccImplicitHeader();
        Implicit && FileName == Implicit->Replacement)
      Where.noteImplicitHeaderIncluded(Hash);
    // An SDK header counts because of where it was found; one not found
    // counts if the tables know its name; one a user's rule (--rules) names
    // counts wherever it is found.
    const Rule *Known = Rules.findHeader(FileName);
    bool Sdk =
        (Known && Known->FromUser) || (File ? Where.isSdkFile(*File) : Known != nullptr);
    if (!Sdk)
      return;
    // A library's header counts if the tables know it or it is of its CUDA
    // layer (ATen/cuda/...); <ATen/ATen.h> is the library's own.
    if (const LibraryDescription *L = File ? Where.libraryOf(*File) : nullptr;
        L && !Known && !SourceClassifier::isCudaName(*L, FileName))
      return;
    std::optional<Place> At = Where.placeOfOffset(FilenameRange.getBegin());
    if (!At)
      return;
    if (Known && Known->NvccImplicit)
      Where.noteImplicitHeaderIncluded(Hash);
    Reference R;
    R.At = std::move(*At);
    R.Length = Where.sourceManager().getFileOffset(FilenameRange.getEnd()) - R.At.Offset;
    R.Name = FileName.str();
    R.Kind = RuleKind::Header;
    R.How = Evidence::Include;
    if (File)
      R.DeclaredIn = Where.pathOf(*File).str();
    Findings.References.push_back(std::move(R));
  }

  void MacroExpands(const Token &Name, const MacroDefinition &MD, SourceRange,
                    const MacroArgs *) override {
    Unexpanded.erase(MD.getMacroInfo());
    noteMacro(Name, MD);
  }
  void Ifdef(SourceLocation, const Token &Name, const MacroDefinition &MD) override {
    noteMacro(Name, MD);
    DeviceConditions.push_back(isDeviceMacro(Name));
  }
  void Ifndef(SourceLocation, const Token &Name, const MacroDefinition &MD) override {
    noteMacro(Name, MD);
    DeviceConditions.push_back(isDeviceMacro(Name));
  }
  void Elifdef(SourceLocation, const Token &Name, const MacroDefinition &MD) override {
    noteMacro(Name, MD);
    if (!DeviceConditions.empty())
      DeviceConditions.back() = DeviceConditions.back() || isDeviceMacro(Name);
  }
  void Elifndef(SourceLocation, const Token &Name, const MacroDefinition &MD) override {
    noteMacro(Name, MD);
    if (!DeviceConditions.empty())
      DeviceConditions.back() = DeviceConditions.back() || isDeviceMacro(Name);
  }
  void Endif(SourceLocation Loc, SourceLocation) override {
    // A skip that ends here is reported after this, under the closed #if.
    ClosedAt = Loc;
    ClosedDevice = !DeviceConditions.empty() && DeviceConditions.back();
    if (!DeviceConditions.empty())
      DeviceConditions.pop_back();
  }
  void Defined(const Token &Name, const MacroDefinition &MD, SourceRange) override {
    noteMacro(Name, MD);
  }

  /// `#if __CUDA_ARCH__ >= 800` in a host parse: the macro is not defined,
  /// so nothing expands; find its name in the condition's text.
  void If(SourceLocation, SourceRange Condition, ConditionValueKind) override {
    noteUndefinedMacros(Condition);
    DeviceConditions.push_back(testsDeviceMacro(Condition));
  }
  void Elif(SourceLocation, SourceRange Condition, ConditionValueKind,
            SourceLocation) override {
    noteUndefinedMacros(Condition);
    if (!DeviceConditions.empty())
      DeviceConditions.back() = DeviceConditions.back() || testsDeviceMacro(Condition);
  }

  void SourceRangeSkipped(SourceRange Range, SourceLocation EndifEnd) override {
    const SourceManager &SM = Where.sourceManager();
    std::optional<Place> Begin = Where.placeOfOffset(Range.getBegin());
    if (!Begin || SM.getFileID(Range.getEnd()) != SM.getFileID(Range.getBegin()))
      return;
    // Ended by the #endif just seen: its #if counts too.
    bool EndsAtClosed = EndifEnd.isValid() && ClosedAt.isValid() &&
                        SM.getFileID(EndifEnd) == SM.getFileID(ClosedAt) &&
                        SM.getFileOffset(EndifEnd) >= SM.getFileOffset(ClosedAt) &&
                        SM.getFileOffset(EndifEnd) - SM.getFileOffset(ClosedAt) <= 16;
    Findings.Skipped.push_back(
        {Begin->File, Begin->Offset, SM.getFileOffset(Range.getEnd()),
         llvm::is_contained(DeviceConditions, true) || (EndsAtClosed && ClosedDevice)});
  }

private:
  /// Macros only device compilation defines: __CUDA_ARCH__ and its kin
  /// (__CUDA_ARCH_FEAT_SM90_ALL, __CUDA_ARCH_LIST__ is the host's too).
  static bool isDeviceMacroName(llvm::StringRef Name) {
    return Name.starts_with("__CUDA_ARCH") && Name != "__CUDA_ARCH_LIST__";
  }
  static bool isDeviceMacro(const Token &Name) {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    return II && isDeviceMacroName(II->getName());
  }
  bool testsDeviceMacro(SourceRange Condition) {
    bool Found = false;
    const SourceManager &SM = Where.sourceManager();
    SourceLocation Begin = SM.getExpansionLoc(Condition.getBegin());
    SourceLocation End = SM.getExpansionLoc(Condition.getEnd());
    if (SM.getFileID(Begin) != SM.getFileID(End))
      return false;
    llvm::StringRef Text = SM.getBufferData(SM.getFileID(Begin));
    unsigned To =
        SM.getFileOffset(Lexer::getLocForEndOfToken(End, 0, SM, PP.getLangOpts()));
    forEachIdentifier(Text, SM.getFileOffset(Begin), To, [&](const RawIdentifier &Id) {
      Found = Found || isDeviceMacroName(Id.Name);
    });
    return Found;
  }

  /// Whether the name at Loc is neither written nor expanded in a user's
  /// file, known without asking the source manager where Loc is (a search
  /// of its table, for each of the many expansions in the SDK's and the
  /// system's headers). The file being read is not the user's, and Loc is
  /// in its text or in an expansion that began there; a name from a macro
  /// body is not the user's while no user's file has defined a macro with
  /// a body.
  bool inOthersFileOnly(SourceLocation Loc) {
    const PreprocessorLexer *Lexer = PP.getCurrentFileLexer();
    if (!Lexer || Where.isUserFile(Lexer->getFileID()))
      return false;
    return Loc.isFileID() ? Where.sourceManager().isInFileID(Loc, Lexer->getFileID())
                          : !UserMacroBodies;
  }

  void noteMacro(const Token &NameTok, const MacroDefinition &MD) {
    const IdentifierInfo *II = NameTok.getIdentifierInfo();
    if (!II)
      return;
    if (inOthersFileOnly(NameTok.getLocation()))
      return;
    llvm::StringRef Name = II->getName();
    // Most expansions are in the SDK's and the system's headers: where the
    // name is written is asked first.
    bool Pasted = false;
    unsigned Written = 0;
    std::optional<Place> At =
        Where.placeOfName(NameTok.getLocation(), Name, &Pasted, &Written);
    if (!At)
      return;
    Evidence How = Evidence::Macro;
    std::string DeclaredIn;
    if (const MacroInfo *MI = MD.getMacroInfo()) {
      SourceLocation Def = MI->getDefinitionLoc();
      const SourceManager &SM = Where.sourceManager();
      bool CompilerDefined =
          SM.isWrittenInBuiltinFile(Def) || SM.isWrittenInCommandLineFile(Def);
      if (CompilerDefined) {
        if (!Rules.find(Name, RuleKind::Macro))
          return;
      } else if (!Where.isSdkLocation(Def)) {
        // The user's own macro, whatever its name, unless a rule of the
        // user's (--rules) names it; or the C library's (NULL).
        Where.noteUseOf(Def, NameTok.getLocation());
        const Rule *R = Rules.find(Name, RuleKind::Macro);
        if (!R || !R->FromUser)
          return;
      } else if (const LibraryDescription *L = Where.libraryOf(Def);
                 L && !Rules.find(Name, RuleKind::Macro) &&
                 !SourceClassifier::isCudaName(*L, Name)) {
        return; // the library's own macro (TORCH_CHECK)
      } else {
        DeclaredIn = Where.pathOf(SM.getFileID(SM.getExpansionLoc(Def))).str();
      }
    } else {
      if (!Rules.find(Name, RuleKind::Macro))
        return;
      How = Evidence::MacroTest;
    }
    Reference R;
    R.At = std::move(*At);
    R.Length = Written;
    R.Name = Name.str();
    R.Kind = RuleKind::Macro;
    R.How = How;
    // Compiler macros (`__CUDACC__`) need no SDK header; SDK macros do.
    if (!DeclaredIn.empty())
      Where.noteSdkUse(NameTok.getLocation());
    R.DeclaredIn = std::move(DeclaredIn);
    R.TokenPasted = Pasted;
    Findings.References.push_back(std::move(R));
  }

  void noteUndefinedMacros(SourceRange Condition) {
    const SourceManager &SM = Where.sourceManager();
    std::optional<Place> Begin = Where.placeOfOffset(Condition.getBegin());
    if (!Begin || Condition.getEnd().isMacroID())
      return;
    FileID FID = SM.getFileID(Condition.getBegin());
    llvm::StringRef Text = SM.getBufferData(FID);
    unsigned End = SM.getFileOffset(
        Lexer::getLocForEndOfToken(Condition.getEnd(), 0, SM, PP.getLangOpts()));
    forEachIdentifier(Text, Begin->Offset, End, [&](const RawIdentifier &Id) {
      if (PP.isMacroDefined(Id.Name) || !Rules.find(Id.Name, RuleKind::Macro))
        return;
      Reference R;
      R.At.File = Begin->File;
      R.At.Offset = Id.Offset;
      R.At.Line = SM.getLineNumber(FID, Id.Offset);
      R.At.Column = SM.getColumnNumber(FID, Id.Offset);
      R.Length = Id.Length;
      R.Name = Id.Name.str();
      R.Kind = RuleKind::Macro;
      R.How = Evidence::MacroTest;
      Findings.References.push_back(std::move(R));
    });
  }

  Locator &Where;
  /// A user's file defined a macro with a body (inOthersFileOnly).
  bool UserMacroBodies = false;
  /// The user's macros with a body that no expansion has read yet.
  llvm::SmallPtrSet<const MacroInfo *, 16> Unexpanded;
  Preprocessor &PP;
  const RuleTable &Rules;
  TranslationUnitFindings &Findings;
  /// Per open #if: whether a condition of it so far tests a device macro.
  std::vector<bool> DeviceConditions;
  SourceLocation ClosedAt; ///< the last #endif, and whether its #if did
  bool ClosedDevice = false;
};

class FindConsumer : public ASTConsumer {
public:
  FindConsumer(Locator &Where, const RuleTable &Rules, TranslationUnitFindings &Findings)
      : Where(Where), Rules(Rules), Findings(Findings) {}

  void HandleTranslationUnit(ASTContext &Context) override {
    AstFinder Finder(Where, Rules, Findings);
    Finder.traverseUserDeclarations(Context);
    Finder.noteExplicitInstantiations(Context);
    Findings.ReliesOnImplicitHeader = Where.reliesOnImplicitHeader();
  }

private:
  Locator &Where;
  const RuleTable &Rules;
  TranslationUnitFindings &Findings;
};

class FindReferencesAction : public ASTFrontendAction {
public:
  FindReferencesAction(const RuleTable &Rules, const SourceClassifier &Classifier,
                       TranslationUnitFindings &Findings)
      : Rules(Rules), Classifier(Classifier), Findings(Findings) {}

protected:
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    Where =
        std::make_unique<Locator>(CI.getSourceManager(), CI.getLangOpts(), Classifier);
    CI.getPreprocessor().addPPCallbacks(std::make_unique<PreprocessorFinder>(
        *Where, CI.getPreprocessor(), Rules, Findings));
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<FindConsumer>(*Where, Rules, Findings);
  }

private:
  const RuleTable &Rules;
  const SourceClassifier &Classifier;
  TranslationUnitFindings &Findings;
  std::unique_ptr<Locator> Where;
};

} // namespace

std::unique_ptr<clang::FrontendAction>
makeFindReferencesAction(const RuleTable &Rules, const SourceClassifier &Classifier,
                         TranslationUnitFindings &Findings) {
  return std::make_unique<FindReferencesAction>(Rules, Classifier, Findings);
}

} // namespace musify
