#include "hazards/HazardCheck.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <cassert>
#include <map>

namespace musify {

HazardDecision HazardCheck::reported(const Hazard &H, std::string Message) {
  return {{H.At, H.Kind, H.Text, std::move(Message), false, {}, H.Cause, H.CauseAt}, {}};
}

// The checks the build found (tool/CMakeLists.txt), declared, then listed.
#define MUSIFY_HAZARD(C) const HazardCheck &C##Check();
#include "hazards/Registry.inc"
#undef MUSIFY_HAZARD

llvm::ArrayRef<const HazardCheck *> hazardChecks() {
  static const HazardCheck *const Checks[] = {
#define MUSIFY_HAZARD(C) &C##Check(),
#include "hazards/Registry.inc"
#undef MUSIFY_HAZARD
  };
  return Checks;
}

HazardKind HazardCheck::kind() const {
  llvm::ArrayRef<const HazardCheck *> Checks = hazardChecks();
  const auto *It = llvm::find(Checks, this);
  assert(It != Checks.end() && "a check is registered (MUSIFY_HAZARD_CHECK)");
  return static_cast<HazardKind>(It - Checks.begin());
}

const HazardCheck &hazardCheck(HazardKind Kind) {
  assert(static_cast<size_t>(Kind) < hazardChecks().size() && "a registered kind");
  return *hazardChecks()[static_cast<size_t>(Kind)];
}

const char *hazardKindName(HazardKind Kind) { return hazardCheck(Kind).name(); }

llvm::Error HazardCheck::readData(llvm::StringRef, llvm::StringRef FileName,
                                  llvm::StringRef, RuleTable &) const {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "%s: the %s check reads no data", FileName.str().c_str(),
                                 name());
}

llvm::Expected<RuleTable> loadTargetRules(llvm::StringRef Dir, llvm::StringRef Target) {
  llvm::Expected<RuleTable> Rules = RuleTable::loadDirectory(Dir, Target);
  if (!Rules)
    return Rules.takeError();
  std::map<std::string, HazardDataFile> Files = Rules->hazardDataFiles();
  for (const HazardCheck *Check : hazardChecks()) {
    auto File = Check->dataFile() ? Files.find(Check->dataFile()) : Files.end();
    if (File == Files.end())
      continue;
    if (llvm::Error E =
            Check->readData(File->second.Text, File->second.Path, Target, *Rules))
      return E;
    Files.erase(File);
  }
  if (Files.empty())
    return Rules;
  std::string Read = "nvcc-extensions.json";
  for (const HazardCheck *Check : hazardChecks())
    if (Check->dataFile())
      Read += std::string(", ") + Check->dataFile();
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "%s: no hazard check reads this file (the files of "
                                 "hazards/ are %s)",
                                 Files.begin()->second.Path.c_str(), Read.c_str());
}

std::optional<HazardKind> hazardKindNamed(llvm::StringRef Name) {
  for (const HazardCheck *Check : hazardChecks())
    if (Name == Check->name())
      return Check->kind();
  return std::nullopt;
}

bool readsSdkConstant(const clang::Stmt *S, HazardSite &Site, unsigned Depth) {
  if (!S || Depth > 8)
    return false;
  if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(S))
    if (const auto *Var = llvm::dyn_cast<clang::VarDecl>(Ref->getDecl())) {
      if (Site.isSdkLocation(Var->getLocation()))
        return true;
      if (Var->getType().isConstQualified() &&
          readsSdkConstant(Var->getAnyInitializer(), Site, Depth + 1))
        return true;
    }
  for (const clang::Stmt *Child : S->children())
    if (readsSdkConstant(Child, Site, Depth))
      return true;
  return false;
}

std::optional<HazardCause> causeOf(const clang::Expr *Value, HazardSite &Site,
                                   unsigned Depth) {
  if (!Value || Depth > 8)
    return std::nullopt;
  const clang::SourceManager &SM = Site.sourceManager();
  const clang::Expr *Bare = Value->IgnoreParenImpCasts();
  auto Named = [&](const clang::NamedDecl &D) -> std::optional<HazardCause> {
    if (!D.getDeclName().isIdentifier())
      return std::nullopt;
    std::optional<Place> At = Site.placeOf(SM.getExpansionLoc(D.getLocation()));
    return At ? std::optional<HazardCause>({D.getName().str(), std::move(*At)})
              : std::nullopt;
  };
  if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(Bare))
    if (const auto *Var = llvm::dyn_cast<clang::VarDecl>(Ref->getDecl());
        Var && (Var->isConstexpr() || Var->getType().isConstQualified())) {
      if (std::optional<HazardCause> Deeper =
              causeOf(Var->getAnyInitializer(), Site, Depth + 1))
        return Deeper;
      return Named(*Var);
    }
  if (const auto *Call = llvm::dyn_cast<clang::CallExpr>(Bare))
    if (const clang::FunctionDecl *F = Call->getDirectCallee(); F && F->isConstexpr())
      return Named(*F);
  // A macro's argument is written where the macro is used: its cause, if
  // any, is a macro it names itself.
  clang::SourceLocation Loc = Bare->getBeginLoc();
  while (Loc.isMacroID() && SM.isMacroArgExpansion(Loc))
    Loc = SM.getImmediateSpellingLoc(Loc);
  if (!Loc.isMacroID())
    return std::nullopt;
  llvm::StringRef Macro = clang::Lexer::getImmediateMacroName(Loc, SM, Site.langOpts());
  std::optional<Place> At = Site.placeOf(SM.getSpellingLoc(Loc));
  if (Macro.empty() || !At)
    return std::nullopt;
  return HazardCause{Macro.str(), std::move(*At)};
}

} // namespace musify
