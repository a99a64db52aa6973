#include "frontend/ParseActions.h"
#include "core/MemoryGate.h"
#include "core/SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/Cuda.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/ADT/STLExtras.h"

#include <map>
#include <optional>

namespace musify {
namespace {

constexpr unsigned MaxErrorsKept = 3;

/// Which function bodies a parse builds: those written in user files, and
/// of those, in a device-side parse, the ones Bodies names. The SDK's and
/// the system headers' hold no reference, so theirs are skipped (Sema still
/// builds those it must: constexpr functions, deduced return types).
class BodyPolicy : public clang::ASTConsumer {
public:
  BodyPolicy(const clang::SourceManager &SM, const IsUserFileFn &IsUserFile,
             const DeviceBodies *Bodies)
      : SM(SM), IsUserFile(IsUserFile), Bodies(Bodies) {}

  bool shouldSkipFunctionBody(clang::Decl *D) override {
    clang::SourceLocation At = SM.getExpansionLoc(D->getLocation());
    clang::FileID FID = SM.getFileID(At);
    const std::string *Path = userPath(FID);
    return !Path || (Bodies && !Bodies->builds(*Path, SM.getFileOffset(At)));
  }

private:
  /// FID's real path if it is a user's file, else null.
  const std::string *userPath(clang::FileID FID) {
    auto [It, Inserted] = Users.try_emplace(FID);
    if (Inserted) {
      std::string Path = realPathOf(SM, FID);
      if (IsUserFile(Path))
        It->second = std::move(Path);
    }
    return It->second ? &*It->second : nullptr;
  }
  const clang::SourceManager &SM;
  const IsUserFileFn &IsUserFile;
  const DeviceBodies *Bodies;
  llvm::DenseMap<clang::FileID, std::optional<std::string>> Users;
};

/// Consumer, with the bodies CI's parse builds decided by BodyPolicy, or
/// all of them unless SkipBodies. A body is skipped only where every
/// consumer agrees, and Consumer does by default.
std::unique_ptr<clang::ASTConsumer>
withBodyPolicy(std::unique_ptr<clang::ASTConsumer> Consumer, clang::CompilerInstance &CI,
               const IsUserFileFn &IsUserFile, bool SkipBodies,
               const DeviceBodies *Bodies = nullptr) {
  if (!Consumer)
    return nullptr;
  CI.getFrontendOpts().SkipFunctionBodies = SkipBodies; // read when the parse starts
  std::vector<std::unique_ptr<clang::ASTConsumer>> Both;
  Both.push_back(std::move(Consumer));
  Both.push_back(std::make_unique<BodyPolicy>(CI.getSourceManager(), IsUserFile, Bodies));
  return std::make_unique<clang::MultiplexConsumer>(std::move(Both));
}

/// Leaves out of the shared headers the list of file-scope declarations to
/// check for -Wunused at the end of each unit: every parse that loaded it
/// would read them all back from it, for warnings musify never shows.
class DropUnusedDeclChecks : public clang::SemaConsumer {
  void InitializeSema(clang::Sema &S) override { Sema = &S; }
  void ForgetSema() override { Sema = nullptr; }
  void HandleTranslationUnit(clang::ASTContext &) override {
    if (!Sema)
      return;
    auto &Unused = Sema->UnusedFileScopedDecls;
    Unused.erase(Unused.begin(/*source=*/nullptr, /*LocalOnly=*/true), Unused.end());
  }
  clang::Sema *Sema = nullptr;
};

/// Notes the first line of the main file whose #include leads into a
/// user's file.
class UserFileEntered : public clang::PPCallbacks {
public:
  UserFileEntered(const clang::SourceManager &SM, const IsUserFileFn &IsUserFile,
                  UserFileRead &Read)
      : SM(SM), IsUserFile(IsUserFile), Read(Read) {}

  void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                   clang::SrcMgr::CharacteristicKind, clang::FileID) override {
    if (Reason != EnterFile)
      return;
    clang::FileID FID = SM.getFileID(Loc);
    if (FID == SM.getMainFileID())
      return;
    std::string Path = realPathOf(SM, FID);
    if (!IsUserFile(Path))
      return;
    // Up to the #include in the main file; none: it came before it.
    clang::SourceLocation At = SM.getIncludeLoc(FID);
    while (At.isValid() && SM.getFileID(At) != SM.getMainFileID())
      At = SM.getIncludeLoc(SM.getFileID(At));
    unsigned Line = At.isValid() ? SM.getSpellingLineNumber(At) : 1;
    if (!Read.Line || Line < Read.Line)
      Read = {Line, std::move(Path)};
  }

private:
  const clang::SourceManager &SM;
  const IsUserFileFn &IsUserFile;
  UserFileRead &Read;
};

/// A parse waits at each file it enters and each declaration it completes
/// while the run is over its memory budget (MemoryGate).
class MemoryPausePoints : public clang::PPCallbacks, public clang::ASTConsumer {
public:
  void FileChanged(clang::SourceLocation, FileChangeReason,
                   clang::SrcMgr::CharacteristicKind, clang::FileID) override {
    MemoryGate::pausePoint();
  }
  bool HandleTopLevelDecl(clang::DeclGroupRef) override {
    MemoryGate::pausePoint();
    return true;
  }
};

/// Writes the precompiled header of the parse's main file to Path. A user's
/// file in it (one that takes the place of an SDK header) makes it unfit to
/// share: a parse loading it would not find that file's references.
class EmitSharedHeaders : public clang::GeneratePCHAction {
public:
  EmitSharedHeaders(PchContents &Into, const IsUserFileFn &IsUserFile, bool SkipBodies,
                    UserFileRead &Read)
      : Into(Into), IsUserFile(IsUserFile), SkipBodies(SkipBodies), Read(Read) {}

private:
  bool BeginInvocation(clang::CompilerInstance &CI) override {
    CI.getFrontendOpts().OutputFile = Into.Path;
    return clang::GeneratePCHAction::BeginInvocation(CI);
  }
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    Recorder.emplace(CI, Into);
    CI.getPreprocessor().addPPCallbacks(Recorder->callbacks());
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<UserFileEntered>(CI.getSourceManager(), IsUserFile, Read));
    CI.getPreprocessor().addPPCallbacks(std::make_unique<MemoryPausePoints>());
    return clang::GeneratePCHAction::BeginSourceFileAction(CI);
  }
  void EndSourceFileAction() override {
    Recorder->finish();
    clang::GeneratePCHAction::EndSourceFileAction();
  }
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        llvm::StringRef InFile) override {
    std::unique_ptr<clang::ASTConsumer> Writer =
        clang::GeneratePCHAction::CreateASTConsumer(CI, InFile);
    if (!Writer)
      return nullptr;
    std::vector<std::unique_ptr<clang::ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<DropUnusedDeclChecks>()); // before the writer
    Consumers.push_back(std::move(Writer));
    return withBodyPolicy(
        std::make_unique<clang::MultiplexConsumer>(std::move(Consumers)), CI, IsUserFile,
        SkipBodies);
  }
  PchContents &Into;
  const IsUserFileFn &IsUserFile;
  bool SkipBodies;
  UserFileRead &Read;
  std::optional<PchRecorder> Recorder;
};

/// Clang's raw precompiled-header container, written through writeChecked.
class CheckedPchGenerator : public clang::ASTConsumer {
public:
  CheckedPchGenerator(std::unique_ptr<llvm::raw_pwrite_stream> OS,
                      std::shared_ptr<clang::PCHBuffer> Buffer, bool &WriteFailed)
      : OS(std::move(OS)), Buffer(std::move(Buffer)), WriteFailed(WriteFailed) {}
  ~CheckedPchGenerator() override {
    // The stream does not own the file (Clang's temporary does, and closes
    // it): only what it still buffers is written here.
    if (llvm::raw_fd_ostream *File = fileStream(); File && !writeChecked(*File, {}))
      WriteFailed = true;
  }

private:
  /// The file's stream Clang opened: a raw_fd_ostream, since the file is in
  /// musify's own folder and can seek (Clang buffers only one that cannot),
  /// of the plain kind, as LLVM shows it without RTTI.
  llvm::raw_fd_ostream *fileStream() const {
    return OS->get_kind() == llvm::raw_ostream::OStreamKind::OK_OStream
               ? static_cast<llvm::raw_fd_ostream *>(OS.get())
               : nullptr;
  }
  void HandleTranslationUnit(clang::ASTContext &) override {
    if (Buffer->IsComplete) {
      llvm::StringRef Data(Buffer->Data.data(), Buffer->Data.size());
      if (llvm::raw_fd_ostream *File = fileStream())
        WriteFailed |= !writeChecked(*File, Data);
      else
        *OS << Data;
    }
    Buffer->Data = {};
  }
  std::unique_ptr<llvm::raw_pwrite_stream> OS;
  std::shared_ptr<clang::PCHBuffer> Buffer;
  bool &WriteFailed;
};

class CheckedPchWriter : public clang::PCHContainerWriter {
public:
  explicit CheckedPchWriter(bool &WriteFailed) : WriteFailed(WriteFailed) {}
  llvm::StringRef getFormat() const override { return "raw"; }
  std::unique_ptr<clang::ASTConsumer>
  CreatePCHContainerGenerator(clang::CompilerInstance &, const std::string &,
                              const std::string &,
                              std::unique_ptr<llvm::raw_pwrite_stream> OS,
                              std::shared_ptr<clang::PCHBuffer> Buffer) const override {
    return std::make_unique<CheckedPchGenerator>(std::move(OS), std::move(Buffer),
                                                 WriteFailed);
  }

private:
  bool &WriteFailed;
};

/// Errors Clang raises where nvcc and its host compiler accept the code. The
/// declaration they are on stays in the AST, so they cost nothing to ignore.
bool acceptedByNvcc(unsigned DiagID) {
  switch (DiagID) {
  case clang::diag::err_shared_var_init:         // __shared__ T t; with T's constructor
  case clang::diag::err_variable_object_no_init: // int a[n] = {0}; (GNU C++)
    return true;
  default:
    return false;
  }
}

/// Headers that cannot be found and are not the CUDA SDK's: the include is
/// skipped, as if the header were empty, and recorded.
class StandInMissingHeaders : public clang::PPCallbacks {
public:
  StandInMissingHeaders(const clang::SourceManager &SM,
                        const std::function<bool(llvm::StringRef)> &IsCudaHeader,
                        std::vector<StandIn> &StoodIn)
      : SM(SM), IsCudaHeader(IsCudaHeader), StoodIn(StoodIn) {}

  bool FileNotFound(llvm::StringRef FileName) override { return !IsCudaHeader(FileName); }

  void InclusionDirective(clang::SourceLocation Hash, const clang::Token &,
                          llvm::StringRef FileName, bool, clang::CharSourceRange,
                          clang::OptionalFileEntryRef File, llvm::StringRef,
                          llvm::StringRef, const clang::Module *, bool,
                          clang::SrcMgr::CharacteristicKind) override {
    if (File || IsCudaHeader(FileName))
      return;
    clang::SourceLocation At = SM.getExpansionLoc(Hash);
    StoodIn.push_back({realPathOf(SM, SM.getFileID(At)), SM.getExpansionLineNumber(At),
                       FileName.str()});
  }

private:
  const clang::SourceManager &SM;
  const std::function<bool(llvm::StringRef)> &IsCudaHeader;
  std::vector<StandIn> &StoodIn;
};

/// The name an error says nothing declares, where it is a name looked up
/// from the global namespace or a scope in it (`use of undeclared identifier
/// 'Npp8u'`, `no member named 'f' in the global namespace`); else empty.
std::string undeclaredName(const clang::Diagnostic &Info) {
  switch (Info.getID()) {
  case clang::diag::err_undeclared_var_use:
  case clang::diag::err_unknown_typename:
  case clang::diag::err_no_template:
    break;
  case clang::diag::err_no_member:
    if (Info.getNumArgs() < 2 ||
        Info.getArgKind(1) != clang::DiagnosticsEngine::ak_declcontext ||
        !llvm::isa<clang::TranslationUnitDecl>(
            reinterpret_cast<const clang::DeclContext *>(Info.getRawArg(1))))
      return {};
    break;
  default:
    return {};
  }
  if (Info.getNumArgs() < 1)
    return {};
  const clang::IdentifierInfo *Name = nullptr;
  if (Info.getArgKind(0) == clang::DiagnosticsEngine::ak_identifierinfo)
    Name = Info.getArgIdentifier(0);
  else if (Info.getArgKind(0) == clang::DiagnosticsEngine::ak_declarationname)
    Name = clang::DeclarationName::getFromOpaqueInteger(Info.getRawArg(0))
               .getAsIdentifierInfo();
  return Name ? Name->getName().str() : std::string();
}

/// Notes the macro names a user's conditional directive finds undefined
/// while the parse has no error yet: where another language's parse
/// defines one, it may read the user's code differently up to that error.
class UndefinedMacroTests : public clang::PPCallbacks {
public:
  UndefinedMacroTests(clang::Preprocessor &PP, const IsUserFileFn &IsUserFile,
                      const CollectingDiagnostics &Diagnostics,
                      std::set<std::string> &Into)
      : PP(PP), IsUserFile(IsUserFile), Diagnostics(Diagnostics), Into(Into) {}

  void Ifdef(clang::SourceLocation Loc, const clang::Token &Name,
             const clang::MacroDefinition &MD) override {
    tested(Loc, Name, MD);
  }
  void Ifndef(clang::SourceLocation Loc, const clang::Token &Name,
              const clang::MacroDefinition &MD) override {
    tested(Loc, Name, MD);
  }
  void Elifdef(clang::SourceLocation Loc, const clang::Token &Name,
               const clang::MacroDefinition &MD) override {
    tested(Loc, Name, MD);
  }
  void Elifndef(clang::SourceLocation Loc, const clang::Token &Name,
                const clang::MacroDefinition &MD) override {
    tested(Loc, Name, MD);
  }
  void Defined(const clang::Token &Name, const clang::MacroDefinition &MD,
               clang::SourceRange Range) override {
    tested(Range.getBegin(), Name, MD);
  }
  // An identifier in `#if` that names no macro is 0 there.
  void If(clang::SourceLocation Loc, clang::SourceRange Condition,
          ConditionValueKind) override {
    evaluated(Loc, Condition);
  }
  void Elif(clang::SourceLocation Loc, clang::SourceRange Condition, ConditionValueKind,
            clang::SourceLocation) override {
    evaluated(Loc, Condition);
  }

private:
  bool watching(clang::SourceLocation Loc) {
    if (Diagnostics.Outcome.ErrorCount || Loc.isInvalid())
      return false;
    clang::FileID FID =
        PP.getSourceManager().getFileID(PP.getSourceManager().getExpansionLoc(Loc));
    auto [It, New] = Users.try_emplace(FID, false);
    if (New)
      It->second = IsUserFile(realPathOf(PP.getSourceManager(), FID));
    return It->second;
  }
  void tested(clang::SourceLocation Loc, const clang::Token &Name,
              const clang::MacroDefinition &MD) {
    if (!MD && Name.getIdentifierInfo() && watching(Loc))
      Into.insert(Name.getIdentifierInfo()->getName().str());
  }
  void evaluated(clang::SourceLocation Loc, clang::SourceRange Condition) {
    if (!watching(Loc))
      return;
    const clang::SourceManager &SM = PP.getSourceManager();
    bool Invalid = false;
    llvm::StringRef Text = clang::Lexer::getSourceText(
        clang::CharSourceRange::getTokenRange(Condition), SM, PP.getLangOpts(), &Invalid);
    if (Invalid)
      return;
    forEachIdentifier(Text, 0, Text.size(), [&](const RawIdentifier &Id) {
      if (!PP.isMacroDefined(Id.Name))
        Into.insert(Id.Name.str());
    });
  }

  clang::Preprocessor &PP;
  const IsUserFileFn &IsUserFile;
  const CollectingDiagnostics &Diagnostics;
  std::set<std::string> &Into;
  llvm::DenseMap<clang::FileID, bool> Users;
};

/// Runs the finder's action with missing headers stood in for, and on
/// errors, works out which text they make unreliable (regionAround).
class RecoveringAction : public clang::WrapperFrontendAction {
public:
  RecoveringAction(std::unique_ptr<clang::FrontendAction> Wrapped,
                   const std::function<bool(llvm::StringRef)> &IsCudaHeader,
                   const IsUserFileFn &IsUserFile, bool SkipBodies,
                   const DeviceBodies *Bodies, CollectingDiagnostics &Diagnostics,
                   HoistCheck *Check)
      : WrapperFrontendAction(std::move(Wrapped)), IsCudaHeader(IsCudaHeader),
        IsUserFile(IsUserFile), SkipBodies(SkipBodies), Bodies(Bodies),
        Diagnostics(Diagnostics), Check(Check) {}

protected:
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    CI.getPreprocessor().addPPCallbacks(std::make_unique<StandInMissingHeaders>(
        CI.getSourceManager(), IsCudaHeader, Diagnostics.Outcome.StoodIn));
    if (Check)
      CI.getPreprocessor().addPPCallbacks(Check->callbacks(CI));
    CI.getPreprocessor().addPPCallbacks(std::make_unique<MemoryPausePoints>());
    // A C++ parse that fails may be tried again as CUDA (UnitParser).
    if (CI.getLangOpts().CPlusPlus && !CI.getLangOpts().CUDA)
      CI.getPreprocessor().addPPCallbacks(std::make_unique<UndefinedMacroTests>(
          CI.getPreprocessor(), IsUserFile, Diagnostics,
          Diagnostics.Outcome.UndefinedTested));
    return WrapperFrontendAction::BeginSourceFileAction(CI);
  }

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        llvm::StringRef InFile) override {
    std::unique_ptr<clang::ASTConsumer> Found =
        WrapperFrontendAction::CreateASTConsumer(CI, InFile);
    if (Found) {
      std::vector<std::unique_ptr<clang::ASTConsumer>> All;
      All.push_back(std::move(Found));
      if (Check)
        All.push_back(Check->consumer(CI));
      All.push_back(std::make_unique<MemoryPausePoints>());
      Found = std::make_unique<clang::MultiplexConsumer>(std::move(All));
    }
    return withBodyPolicy(std::move(Found), CI, IsUserFile, SkipBodies, Bodies);
  }

  // The wrapper's EndSourceFile ends the wrapped action's file, not its own.
  void EndSourceFile() override {
    Diagnostics.Finished = true;
    Diagnostics.flush();
    if (Check && Diagnostics.Outcome.ErrorCount)
      Check->errorsAt(Diagnostics.ErrorsAt, Diagnostics.Outcome.ErrorCount);
    clang::CompilerInstance &CI = getCompilerInstance();
    if (!Diagnostics.ErrorsAt.empty() && CI.hasASTContext())
      regionsOfErrors(CI.getSourceManager(), CI.getASTContext());
    WrapperFrontendAction::EndSourceFile();
  }

private:
  /// A declaration's text: [Begin, End) offsets in its file.
  struct Span {
    unsigned Begin, End;
    const clang::Decl *D;
  };

  void regionsOfErrors(const clang::SourceManager &SM, clang::ASTContext &Context) {
    std::vector<ErrorRegion> &Regions = Diagnostics.Outcome.ErrorRegions;
    // The translation unit's declarations, per file with errors, read once.
    std::map<clang::FileID, std::vector<Span>> Top;
    for (clang::SourceLocation At : Diagnostics.ErrorsAt) {
      clang::FileID FID = SM.getFileID(At);
      std::string File = realPathOf(SM, FID);
      if (File.empty())
        continue;
      auto [It, New] = Top.try_emplace(FID);
      if (New)
        It->second = spansIn(SM, Context.getTranslationUnitDecl(), FID);
      auto [Begin, End] = regionAround(SM, It->second, FID, SM.getFileOffset(At));
      Regions.push_back({std::move(File), Begin, End});
    }
    llvm::sort(Regions, [](const ErrorRegion &A, const ErrorRegion &B) {
      return std::tie(A.File, A.Begin, A.End) < std::tie(B.File, B.Begin, B.End);
    });
    // Merge overlapping regions of one file.
    std::vector<ErrorRegion> Merged;
    for (ErrorRegion &R : Regions) {
      if (!Merged.empty() && Merged.back().File == R.File && R.Begin <= Merged.back().End)
        Merged.back().End = std::max(Merged.back().End, R.End);
      else
        Merged.push_back(std::move(R));
    }
    Regions = std::move(Merged);
  }

  /// The declarations of Context written in FID.
  static std::vector<Span> spansIn(const clang::SourceManager &SM,
                                   const clang::DeclContext *Context, clang::FileID FID) {
    const clang::LangOptions &LangOpts = Context->getParentASTContext().getLangOpts();
    std::vector<Span> Spans;
    for (const clang::Decl *D : Context->decls()) {
      if (D->isImplicit())
        continue;
      clang::SourceLocation Begin = SM.getExpansionLoc(D->getBeginLoc());
      clang::SourceLocation End = SM.getExpansionRange(D->getEndLoc()).getEnd();
      if (Begin.isInvalid() || End.isInvalid() || SM.getFileID(Begin) != FID ||
          SM.getFileID(End) != FID)
        continue;
      Spans.push_back(
          {SM.getFileOffset(Begin),
           SM.getFileOffset(End) + clang::Lexer::MeasureTokenLength(End, SM, LangOpts),
           D});
    }
    return Spans;
  }

  /// The text around Offset that Clang could not make sense of: the
  /// declaration that holds it (looking into namespaces and extern "C"
  /// blocks), or, where Clang dropped what was there, the gap between the
  /// declarations around it.
  static std::pair<unsigned, unsigned> regionAround(const clang::SourceManager &SM,
                                                    const std::vector<Span> &Spans,
                                                    clang::FileID FID, unsigned Offset) {
    unsigned GapBegin = 0, GapEnd = SM.getBufferData(FID).size();
    for (const Span &S : Spans) {
      if (S.End <= Offset) {
        GapBegin = std::max(GapBegin, S.End);
      } else if (S.Begin > Offset) {
        GapEnd = std::min(GapEnd, S.Begin);
      } else {
        if (const auto *Inner = llvm::dyn_cast<clang::DeclContext>(S.D);
            Inner && llvm::isa<clang::NamespaceDecl, clang::LinkageSpecDecl>(S.D)) {
          std::vector<Span> Members = spansIn(SM, Inner, FID);
          if (!Members.empty()) {
            auto [B, E] = regionAround(SM, Members, FID, Offset);
            // Not past the namespace's own braces.
            return {std::max(B, S.Begin), std::min(E, S.End)};
          }
        }
        return {S.Begin, S.End};
      }
    }
    return {GapBegin, GapEnd};
  }

  const std::function<bool(llvm::StringRef)> &IsCudaHeader;
  const IsUserFileFn &IsUserFile;
  bool SkipBodies;
  const DeviceBodies *Bodies;
  CollectingDiagnostics &Diagnostics;
  HoistCheck *Check;
};

/// Which of Names the unit has, at its end, defined as a macro or declared
/// in the global namespace or in std (and its inline namespaces).
class NamesDeclared : public clang::ASTConsumer {
public:
  NamesDeclared(clang::Preprocessor &PP, const std::set<std::string> &Names,
                std::set<std::string> &Found)
      : PP(PP), Names(Names), Found(Found) {}

  void HandleTranslationUnit(clang::ASTContext &Context) override {
    clang::TranslationUnitDecl *Global = Context.getTranslationUnitDecl();
    const clang::DeclContext *Std = nullptr;
    for (clang::NamedDecl *D : Global->lookup(PP.getIdentifierInfo("std")))
      if (const auto *Namespace = llvm::dyn_cast<clang::NamespaceDecl>(D))
        Std = Namespace;
    for (const std::string &Name : Names) {
      clang::IdentifierInfo *Id = PP.getIdentifierInfo(Name);
      if (PP.isMacroDefined(Id) || !Global->lookup(Id).empty() ||
          (Std && !Std->lookup(Id).empty()))
        Found.insert(Name);
    }
  }

private:
  clang::Preprocessor &PP;
  const std::set<std::string> &Names;
  std::set<std::string> &Found;
};

class NamesDeclaredAction : public clang::ASTFrontendAction {
public:
  NamesDeclaredAction(const std::set<std::string> &Names, std::set<std::string> &Found)
      : Names(Names), Found(Found) {}

private:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        llvm::StringRef) override {
    return std::make_unique<NamesDeclared>(CI.getPreprocessor(), Names, Found);
  }
  const std::set<std::string> &Names;
  std::set<std::string> &Found;
};

} // namespace

std::unique_ptr<clang::FrontendAction>
namesDeclaredAction(const std::set<std::string> &Names, std::set<std::string> &Found) {
  return std::make_unique<NamesDeclaredAction>(Names, Found);
}

std::unique_ptr<clang::FrontendAction>
recoveringAction(std::unique_ptr<clang::FrontendAction> Wrapped,
                 const std::function<bool(llvm::StringRef)> &IsCudaHeader,
                 const IsUserFileFn &IsUserFile, bool SkipBodies,
                 const DeviceBodies *Bodies, CollectingDiagnostics &Diagnostics,
                 HoistCheck *Check) {
  return std::make_unique<RecoveringAction>(std::move(Wrapped), IsCudaHeader, IsUserFile,
                                            SkipBodies, Bodies, Diagnostics, Check);
}

std::unique_ptr<clang::FrontendAction> emitSharedHeaders(PchContents &Into,
                                                         const IsUserFileFn &IsUserFile,
                                                         bool SkipBodies,
                                                         UserFileRead &Read) {
  return std::make_unique<EmitSharedHeaders>(Into, IsUserFile, SkipBodies, Read);
}

void CollectingDiagnostics::HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                                             const clang::Diagnostic &Info) {
  if (Level == clang::DiagnosticsEngine::Note) {
    if (Pending && launchesKernelFromDevice(Info))
      Pending->Accepted = true;
    return;
  }
  flush();
  if (Level < clang::DiagnosticsEngine::Error || acceptedByNvcc(Info.getID()))
    return;
  // An error's notes follow it: hold it until they are in.
  Pending = Error{Level, {}, {}, {}, false, false};
  if (Info.getLocation().isValid() && Info.hasSourceManager())
    Pending->At = Info.getSourceManager().getExpansionLoc(Info.getLocation());
  if (!Outcome.ErrorCount && IsUserFile && Pending->At.isValid() &&
      (*IsUserFile)(realPathOf(Info.getSourceManager(),
                               Info.getSourceManager().getFileID(Pending->At)))) {
    Pending->Undeclared = undeclaredName(Info);
    Pending->IsDirective = Info.getID() == clang::diag::err_pp_hash_error;
  }
  if (Outcome.FirstErrors.size() >= MaxErrorsKept)
    return;
  llvm::SmallString<128> Message;
  Info.FormatDiagnostic(Message);
  if (Info.getLocation().isValid() && Info.hasSourceManager()) {
    clang::PresumedLoc P = Info.getSourceManager().getPresumedLoc(Info.getLocation());
    if (P.isValid())
      Pending->Text = (llvm::Twine(P.getFilename()) + ":" + llvm::Twine(P.getLine()) +
                       ":" + llvm::Twine(P.getColumn()) + ": ")
                          .str();
  }
  Pending->Text += "error: " + Message.str().str();
}

void CollectingDiagnostics::flush() {
  if (!Pending)
    return;
  Error E = std::move(*Pending);
  Pending.reset();
  if (E.Accepted)
    return;
  DiagnosticConsumer::HandleDiagnostic(E.Level, clang::Diagnostic(nullptr));
  if (!Outcome.ErrorCount++) {
    Outcome.FirstUndeclared = std::move(E.Undeclared);
    Outcome.FirstErrorIsDirective = E.IsDirective;
  }
  Fatal |= E.Level == clang::DiagnosticsEngine::Fatal;
  if (E.At.isValid())
    ErrorsAt.push_back(E.At);
  if (!E.Text.empty())
    Outcome.FirstErrors.push_back(std::move(E.Text));
}

bool CollectingDiagnostics::launchesKernelFromDevice(const clang::Diagnostic &Info) {
  if (Info.getID() != clang::diag::note_ovl_candidate_bad_target)
    return false;
  // Arguments 3 and 4: the callee's and the caller's CUDA function kinds.
  auto Kind = [&](unsigned I) {
    return static_cast<clang::CUDAFunctionTarget>(
        Info.getArgKind(I) == clang::DiagnosticsEngine::ak_sint ? Info.getArgSInt(I)
                                                                : Info.getArgUInt(I));
  };
  return Kind(3) == clang::CUDAFunctionTarget::Global &&
         (Kind(4) == clang::CUDAFunctionTarget::Global ||
          Kind(4) == clang::CUDAFunctionTarget::Device);
}

/// Whether File failed; its error is cleared, since a file's stream
/// destroyed with its error unseen ends the process.
static bool failed(llvm::raw_fd_ostream &File) {
  bool Failed = File.has_error();
  File.clear_error();
  return Failed;
}

bool writeChecked(llvm::raw_fd_ostream &File, llvm::StringRef Data) {
  File << Data;
  File.flush();
  return !failed(File);
}

std::shared_ptr<clang::PCHContainerOperations> checkedPchWriter(bool &WriteFailed) {
  auto Operations = std::make_shared<clang::PCHContainerOperations>();
  Operations->registerWriter(std::make_unique<CheckedPchWriter>(WriteFailed));
  return Operations;
}

} // namespace musify
