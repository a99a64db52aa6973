// warp-size: constants that assume a 32-lane warp, where the target's warps
// have other widths (rules/<target>/hazards/warp-size.json).
#include "hazards/Checks.h"

#include "llvm/ADT/STLExtras.h"

#include <nlohmann/json.hpp>

namespace musify {
namespace {

/// Device code that hard-codes the CUDA warp size, for a target whose warps
/// differ (rules/<target>/hazards/warp-size.json, rules/hazards.schema.json).
struct WarpSizeHazards {
  long long WarpSize = 32;
  std::string Note; ///< the target's warp widths
  /// What to write instead, by Hazard::Form ("lane", "mask", ...).
  std::map<std::string, std::string> Advice;
  std::vector<std::string> MaskFunctions;  ///< first argument is a lane mask
  std::vector<std::string> WidthFunctions; ///< last argument is a width
  std::vector<std::string> IndexVariables; ///< thread indices (threadIdx)
};

class WarpSize : public HazardCheck {
  const char *name() const override { return "warp-size"; }
  const char *title() const override { return "Code that assumes a 32-lane warp"; }
  const char *advice() const override {
    return "The target's warps have another width; the constant or mask must follow "
           "the target's warp size. A constant that comes from a definition (a macro, "
           "a constexpr variable or function) is reported once, at the definition, with "
           "its uses as related locations.";
  }
  const char *dataFile() const override { return "warp-size.json"; }
  llvm::Error readData(llvm::StringRef Text, llvm::StringRef FileName,
                       llvm::StringRef Target, RuleTable &Rules) const override {
    return storeData<WarpSizeHazards>(
        Text, FileName, Target, "warp-size hazards", Rules,
        [](const nlohmann::json &Map, WarpSizeHazards &H) {
          H.WarpSize = Map.at("warp_size").get<long long>();
          H.Note = Map.at("note").get<std::string>();
          H.Advice = Map.at("advice").get<std::map<std::string, std::string>>();
          H.MaskFunctions = Map.at("mask_functions").get<std::vector<std::string>>();
          H.WidthFunctions = Map.at("width_functions").get<std::vector<std::string>>();
          H.IndexVariables = Map.at("index_variables").get<std::vector<std::string>>();
        });
  }

  /// It builds; it may compute otherwise.
  BuildImpact buildImpact(const HazardRecord &) const override {
    return BuildImpact::None;
  }
  const char *help() const override {
    return "a constant that assumes a 32-lane warp (threadIdx.x % 32, a full 0xffffffff "
           "mask, a shuffle width of 32, int warp_size = 32) where the target's warps "
           "differ; one that comes from a definition (#define WARP_SIZE 32, a constexpr "
           "variable or function) is reported once, there, with its uses";
  }

  /// `threadIdx.x % 32`, `/ 32`, `& 31`: lane and warp numbers of a 32-lane warp.
  void binaryOperator(const clang::BinaryOperator &B, HazardSite &Site) const override {
    const WarpSizeHazards *Warp = Site.rules().hazardData<WarpSizeHazards>(name());
    if (!Warp || !Site.inDeviceCode())
      return;
    std::optional<llvm::APSInt> Value =
        B.getRHS()->IgnoreParenImpCasts()->getIntegerConstantExpr(Site.context());
    if (!Value || readsSdkConstant(B.getRHS(), Site))
      return;
    long long N = Value->getExtValue();
    bool LaneOrWarp =
        ((B.getOpcode() == clang::BO_Rem || B.getOpcode() == clang::BO_Div ||
          B.getOpcode() == clang::BO_RemAssign || B.getOpcode() == clang::BO_DivAssign) &&
         N == Warp->WarpSize) ||
        (B.getOpcode() == clang::BO_And && N == Warp->WarpSize - 1);
    if (LaneOrWarp && usesIndexVariable(B.getLHS(), *Warp, Site))
      Site.note(kind(), B.getExprLoc(), B.getSourceRange(),
                B.getOpcode() == clang::BO_And ? "lane-bits" : "lane",
                causeOf(B.getRHS(), Site));
  }

  /// A full 32-lane mask or a width of 32 passed to the warp functions.
  void callExpr(const clang::CallExpr &C, HazardSite &Site) const override {
    const WarpSizeHazards *Warp = Site.rules().hazardData<WarpSizeHazards>(name());
    const clang::FunctionDecl *Callee = C.getDirectCallee();
    if (!Warp || !Callee || !Callee->getDeclName().isIdentifier() || C.getNumArgs() == 0)
      return;
    llvm::StringRef Name = Callee->getName();
    auto ConstantArg = [&](unsigned I) -> std::optional<llvm::APSInt> {
      const clang::Expr *Arg = C.getArg(I);
      if (llvm::isa<clang::CXXDefaultArgExpr>(Arg) || Arg->isValueDependent() ||
          readsSdkConstant(Arg, Site))
        return std::nullopt;
      return Arg->IgnoreParenImpCasts()->getIntegerConstantExpr(Callee->getASTContext());
    };
    if (llvm::is_contained(Warp->MaskFunctions, Name))
      if (std::optional<llvm::APSInt> Mask = ConstantArg(0);
          Mask && Mask->getZExtValue() == (1ull << Warp->WarpSize) - 1)
        Site.note(kind(), C.getArg(0)->getBeginLoc(), C.getArg(0)->getSourceRange(),
                  "mask", causeOf(C.getArg(0), Site));
    unsigned Last = C.getNumArgs() - 1;
    if (llvm::is_contained(Warp->WidthFunctions, Name) && C.getNumArgs() >= 3)
      if (std::optional<llvm::APSInt> Width = ConstantArg(Last);
          Width && Width->getExtValue() == Warp->WarpSize)
        Site.note(kind(), C.getArg(Last)->getBeginLoc(), C.getArg(Last)->getSourceRange(),
                  "width", causeOf(C.getArg(Last), Site));
  }

  /// `int warp_size = 32;`, in host or device code: a variable named for the
  /// warp size that holds 32 sizes blocks and checks by it, which the
  /// operator checks above cannot see when the value reaches a kernel as an
  /// argument.
  void varDecl(const clang::VarDecl &Var, HazardSite &Site) const override {
    const WarpSizeHazards *Warp = Site.rules().hazardData<WarpSizeHazards>(name());
    const clang::Expr *Init = Var.getInit();
    if (!Warp || !Init || llvm::isa<clang::ParmVarDecl>(Var) ||
        !Var.getDeclName().isIdentifier() || !Var.getType()->isIntegerType() ||
        Init->isValueDependent() || readsSdkConstant(Init, Site))
      return;
    std::string Name = Var.getName().lower();
    llvm::erase(Name, '_');
    if (!llvm::StringRef(Name).contains("warpsize"))
      return;
    std::optional<llvm::APSInt> Value =
        Init->IgnoreParenImpCasts()->getIntegerConstantExpr(Var.getASTContext());
    if (Value && Value->getExtValue() == Warp->WarpSize)
      Site.note(kind(), Var.getLocation(),
                clang::SourceRange(Var.getLocation(), Var.getEndLoc()), "variable",
                causeOf(Init, Site));
  }

  HazardDecision decide(const Hazard &H, llvm::StringRef,
                        const HazardTarget &Target) const override {
    if (const std::string *Rejected = Target.Rules.rejectedExtension(name()))
      return reported(H, *Rejected);
    const WarpSizeHazards *Warp = Target.Rules.hazardData<WarpSizeHazards>(name());
    if (!Warp)
      return reported(H, "");
    auto Advice = Warp->Advice.find(H.Form);
    return reported(H, "assumes a " + std::to_string(Warp->WarpSize) +
                           "-lane warp: " + Warp->Note +
                           (Advice == Warp->Advice.end() ? "" : ": " + Advice->second));
  }

  /// Whether S reads one of the SDK's thread-index variables.
  static bool usesIndexVariable(const clang::Stmt *S, const WarpSizeHazards &Warp,
                                HazardSite &Site) {
    if (!S)
      return false;
    if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(S))
      if (Ref->getDecl()->getDeclName().isIdentifier() &&
          llvm::is_contained(Warp.IndexVariables, Ref->getDecl()->getName()) &&
          Site.isSdkLocation(Ref->getDecl()->getLocation()))
        return true;
    // threadIdx.x is a property: its object sits behind an opaque value.
    if (const auto *Opaque = llvm::dyn_cast<clang::OpaqueValueExpr>(S))
      return usesIndexVariable(Opaque->getSourceExpr(), Warp, Site);
    for (const clang::Stmt *Child : S->children())
      if (usesIndexVariable(Child, Warp, Site))
        return true;
    return false;
  }
};

} // namespace

MUSIFY_HAZARD_CHECK(WarpSize)

} // namespace musify
