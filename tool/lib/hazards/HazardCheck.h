// A hazard is code that migrates but may not behave the same on the target:
// reported with what to do, never rewritten (but where musify can take care of
// it, as a vector operator the target defines itself). Each hazard is one
// check in this folder, in the style of a clang-tidy check: what it finds in
// a parse (called by find/ as it visits the AST), what it tells the user and
// which edits, if any, take care of it (called by decide/), and a line of
// help. CONTRIBUTING.md, "A new hazard", says how to add one.
#pragma once

#include "edit/EditSet.h"
#include "model/Event.h"
#include "rules/RuleTable.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

// The checks see the AST; the stages that only decide need not include it.
namespace clang {
class ASTContext;
class BinaryOperator;
class CallExpr;
class CUDAKernelCallExpr;
class Expr;
class FunctionDecl;
class GCCAsmStmt;
class LangOptions;
class SourceManager;
class Stmt;
class VarDecl;
} // namespace clang

namespace musify {

/// The definition of the user's a hazard's value comes from (Hazard::Cause).
struct HazardCause {
  std::string Name; ///< `WARP_SIZE`, `kWarp`, `warp_size_of`
  Place At;         ///< where the value is written in it (a macro's body)
};

/// What a check sees of the parse it looks at, and where it notes hazards.
class HazardSite {
public:
  virtual ~HazardSite() = default;
  virtual const RuleTable &rules() const = 0;
  virtual const clang::SourceManager &sourceManager() const = 0;
  virtual const clang::LangOptions &langOpts() const = 0;
  /// The AST of the function being traversed.
  virtual const clang::ASTContext &context() const = 0;
  /// Inside a function only the device runs (__global__, or __device__ alone).
  virtual bool inDeviceCode() const = 0;
  /// Whether Loc (a declaration or macro definition) is written in the SDK.
  virtual bool isSdkLocation(clang::SourceLocation Loc) = 0;
  /// The place of Loc (a file location) if it is in a user file.
  virtual std::optional<Place> placeOf(clang::SourceLocation Loc) = 0;
  /// A hazard of Kind at Loc (its expansion, if written through a macro) in a
  /// user file; Range's first line is its text.
  void note(HazardKind Kind, clang::SourceLocation Loc, clang::SourceRange Range) {
    note(Kind, Loc, Range, "", std::nullopt);
  }
  /// The same with what was found (Hazard::Form) and the definition the
  /// value comes from, if any.
  virtual void note(HazardKind Kind, clang::SourceLocation Loc, clang::SourceRange Range,
                    llvm::StringRef Form, std::optional<HazardCause> Cause) = 0;
  /// A hazard whose place, text and end the check worked out itself.
  virtual void add(Hazard H) = 0;
};

/// What deciding a hazard knows of the target.
struct HazardTarget {
  const RuleTable &Rules;
  const std::string &DisplayName; ///< "MUSA", "HIP"
};

/// A hazard's record, and the edits that defuse it where musify can.
struct HazardDecision {
  HazardRecord Record;
  std::vector<Edit> Edits;
};

class HazardCheck {
public:
  virtual ~HazardCheck() = default;
  /// Its name in reports, findings and `musify explain` ("inline-asm").
  virtual const char *name() const = 0;
  /// One line: what it finds and why it matters (`musify explain NAME`).
  virtual const char *help() const = 0;
  /// What it is in a few words, and what it means and what to do: the help
  /// of its diagnostic code in SARIF and the HTML report.
  virtual const char *title() const = 0;
  virtual const char *advice() const = 0;
  /// Its diagnostic's default level: "warning" or "error".
  virtual const char *level() const { return "warning"; }
  /// The file of rules/<target>/hazards/ that holds its data for a target
  /// ("warp-size.json"), if it has any.
  virtual const char *dataFile() const { return nullptr; }
  /// Reads its data for Target from Text (FileName: its path, for messages)
  /// into Rules, under its name (RuleTable::setHazardData).
  virtual llvm::Error readData(llvm::StringRef Text, llvm::StringRef FileName,
                               llvm::StringRef Target, RuleTable &Rules) const;
  /// Its place in the registry, which the hazards it notes carry.
  HazardKind kind() const;

  /// The AST nodes a check may look at; each does nothing unless overridden.
  virtual void kernelCall(const clang::CUDAKernelCallExpr &, HazardSite &) const {}
  virtual void varDecl(const clang::VarDecl &, HazardSite &) const {}
  virtual void functionDecl(const clang::FunctionDecl &, HazardSite &) const {}
  virtual void asmStmt(const clang::GCCAsmStmt &, HazardSite &) const {}
  virtual void binaryOperator(const clang::BinaryOperator &, HazardSite &) const {}
  virtual void callExpr(const clang::CallExpr &, HazardSite &) const {}

  /// What a hazard of this kind, recorded as H, does to the build of its
  /// source: the report's build prediction (report/BuildPrediction).
  virtual BuildImpact buildImpact(const HazardRecord &H) const = 0;

  /// What the user should do about H (in FileText, its file's text), and the
  /// edits that take care of it, if any.
  virtual HazardDecision decide(const Hazard &H, llvm::StringRef FileText,
                                const HazardTarget &Target) const = 0;

protected:
  /// A record of H with Message, nothing defused.
  static HazardDecision reported(const Hazard &H, std::string Message);
  /// What a readData does: Text, one object for Target (What names it in
  /// messages), read by Parse into a T that Rules keeps under the check's name.
  template <class T>
  llvm::Error
  storeData(llvm::StringRef Text, llvm::StringRef FileName, llvm::StringRef Target,
            llvm::StringRef What, RuleTable &Rules,
            llvm::function_ref<void(const nlohmann::json &, T &)> Parse) const {
    auto Data = std::make_shared<T>();
    if (llvm::Error E =
            readTargetObject(Text, FileName, Target, What,
                             [&](const nlohmann::json &J) { Parse(J, *Data); }))
      return E;
    Rules.setHazardData(name(), std::move(Data));
    return llvm::Error::success();
  }
};

/// Registers check class C, a HazardCheck, in the registry: written once, at
/// namespace scope, in the check's file under hazards/. The build lists the
/// files that do (generated/hazards/Registry.inc, in file-name order).
#define MUSIFY_HAZARD_CHECK(C)                                                           \
  const HazardCheck &C##Check() {                                                        \
    static const C Instance;                                                             \
    return Instance;                                                                     \
  }

/// The rule tables of Target under Dir (RuleTable::loadDirectory) with each
/// hazard check's data read: what a run and `musify explain` use. A file of
/// the target's hazards/ that no check reads is an error.
llvm::Expected<RuleTable> loadTargetRules(llvm::StringRef Dir, llvm::StringRef Target);

/// Every hazard check, in HazardKind order.
llvm::ArrayRef<const HazardCheck *> hazardChecks();
/// The check of Kind.
const HazardCheck &hazardCheck(HazardKind Kind);
/// The report's name of Kind ("inline-asm", "device-launch", ...).
const char *hazardKindName(HazardKind Kind);
/// The kind named Name, if a check has that name.
std::optional<HazardKind> hazardKindNamed(llvm::StringRef Name);

/// Whether S reads a constant the SDK declares (`warpSize`, which Clang
/// declares as 32), directly or through a constant of the user's: on the
/// target it holds the target's value, so nothing is hard-coded.
bool readsSdkConstant(const clang::Stmt *S, HazardSite &Site, unsigned Depth = 0);

/// The definition of the user's that Value's constant comes from: a const or
/// constexpr variable (the one whose initialiser writes it, through others),
/// a constexpr function, or a macro whose body writes it; nullopt for a
/// constant written where it is used.
std::optional<HazardCause> causeOf(const clang::Expr *Value, HazardSite &Site,
                                   unsigned Depth = 0);

} // namespace musify
