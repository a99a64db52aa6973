// vector-operator: a user's operator on CUDA's vector types (float4 += float4)
// that the target's vector types define themselves, which makes every use
// ambiguous there (rules/<target>/hazards/vector-operators.json). Where the
// declaration has its lines to itself, musify puts it under #if.
#include "hazards/Checks.h"

#include "core/SourceText.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/OperatorKinds.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace musify {
namespace {

/// Operators the target's vector types define as members (HIP's
/// HIP_vector_type): a user's non-member operator with the same parameters on
/// a CUDA vector type makes every use of it ambiguous on the target
/// (rules/<target>/hazards/vector-operators.json).
struct VectorOperatorClashes {
  std::vector<std::string> VectorTypes; ///< float4, int2, ...
  /// `V &operator+=(V &, V)`: the member takes `const V &`.
  std::vector<std::string> CompoundAssignments;
  /// `V operator-(V)` or `(const V &)`: the member is const.
  std::vector<std::string> Unary;
  /// `V &operator++(V &)` and the postfix form: the member is not const.
  std::vector<std::string> Increments;
  std::string Guard; ///< the #if condition under which the user's one stays
  std::string Note;
};

class VectorOperator : public HazardCheck {
  const char *name() const override { return "vector-operator"; }
  const char *title() const override {
    return "An operator the target's vector types define too";
  }
  const char *advice() const override {
    return "The target's vector types define this operator as a member: the user's one "
           "makes every use ambiguous. It is guarded out for the target.";
  }
  const char *dataFile() const override { return "vector-operators.json"; }
  llvm::Error readData(llvm::StringRef Text, llvm::StringRef FileName,
                       llvm::StringRef Target, RuleTable &Rules) const override {
    return storeData<VectorOperatorClashes>(
        Text, FileName, Target, "vector operators", Rules,
        [](const nlohmann::json &Map, VectorOperatorClashes &V) {
          V.VectorTypes = Map.at("vector_types").get<std::vector<std::string>>();
          V.CompoundAssignments =
              Map.at("compound_assignments").get<std::vector<std::string>>();
          V.Unary = Map.at("unary").get<std::vector<std::string>>();
          V.Increments = Map.at("increments").get<std::vector<std::string>>();
          V.Guard = Map.at("guard").get<std::string>();
          V.Note = Map.at("note").get<std::string>();
        });
  }

  /// An operator the target defines too, left unguarded, is ambiguous where
  /// it is used: a risk, unless musify guarded it.
  BuildImpact buildImpact(const HazardRecord &H) const override {
    return H.Defused ? BuildImpact::None : BuildImpact::Risk;
  }
  const char *help() const override {
    return "a user's operator on CUDA's vector types (float4 += float4) that the "
           "target's vector types define too, so every use is ambiguous there";
  }

  /// `void operator+=(float4 &a, float4 b)` in user code, where the target's
  /// vector types define the same operator as a member.
  void functionDecl(const clang::FunctionDecl &F, HazardSite &Site) const override {
    const VectorOperatorClashes *Clashes =
        Site.rules().hazardData<VectorOperatorClashes>(name());
    if (!Clashes || llvm::isa<clang::CXXMethodDecl>(F) || F.isTemplateInstantiation() ||
        F.getDescribedFunctionTemplate() || !clashesWithMember(F, *Clashes, Site))
      return;
    // Written in one file (`__host__` and other macros expanded in place).
    const clang::SourceManager &SM = Site.sourceManager();
    clang::CharSourceRange Range = SM.getExpansionRange(F.getSourceRange());
    if (SM.getFileID(Range.getBegin()) != SM.getFileID(Range.getEnd()))
      return;
    std::optional<Place> At = Site.placeOf(Range.getBegin());
    if (!At)
      return;
    unsigned End = SM.getFileOffset(
        clang::Lexer::getLocForEndOfToken(Range.getEnd(), 0, SM, Site.langOpts()));
    std::string Text = clang::Lexer::getSourceText(Range, SM, Site.langOpts())
                           .split('\n')
                           .first.rtrim()
                           .str();
    Hazard H;
    H.At = std::move(*At);
    H.Kind = kind();
    H.Text = std::move(Text);
    H.End = End;
    Site.add(std::move(H));
  }

  HazardDecision decide(const Hazard &H, llvm::StringRef FileText,
                        const HazardTarget &Target) const override {
    const VectorOperatorClashes *Clashes =
        Target.Rules.hazardData<VectorOperatorClashes>(name());
    if (!Clashes) {
      const std::string *Rejected = Target.Rules.rejectedExtension(name());
      return reported(H, Rejected ? *Rejected : "");
    }
    HazardDecision D = reported(H, Clashes->Note);
    // Whole lines: blanks before the declaration on its first line, blanks or
    // a line comment after it on its last.
    size_t LineStart = lineStartOf(FileText, H.At.Offset);
    size_t LineEnd = std::min(FileText.find('\n', H.End), FileText.size());
    llvm::StringRef After = FileText.slice(H.End, LineEnd).trim();
    if (H.End > FileText.size() ||
        !FileText.slice(LineStart, H.At.Offset).trim().empty() ||
        !(After.empty() || After.starts_with("//"))) {
      D.Record.Message = Target.DisplayName +
                         "'s vector types define this operator themselves, and the two "
                         "make every use ambiguous: it shares its lines with other code, "
                         "so it is left as it is; put it under #if " +
                         Clashes->Guard + " by hand";
      return D;
    }
    D.Edits.push_back({unsigned(LineStart), 0,
                       "#if " + Clashes->Guard + " /* musify: " + Target.DisplayName +
                           " defines this operator */\n"});
    D.Edits.push_back({unsigned(LineEnd), 0, "\n#endif"});
    D.Record.Defused = true;
    return D;
  }

  /// The CUDA vector type T names (by value or reference), or null.
  static const clang::RecordDecl *
  vectorType(clang::QualType T, const VectorOperatorClashes &Clashes, HazardSite &Site) {
    const clang::RecordDecl *Record = T.getNonReferenceType()->getAsRecordDecl();
    if (!Record || !Record->getDeclName().isIdentifier() ||
        !llvm::is_contained(Clashes.VectorTypes, Record->getName()) ||
        !Site.isSdkLocation(Record->getLocation()))
      return nullptr;
    return Record;
  }

  /// Whether F, a non-member operator, has the parameters of a member
  /// operator the target's vector types define (VectorOperatorClashes).
  static bool clashesWithMember(const clang::FunctionDecl &F,
                                const VectorOperatorClashes &Clashes, HazardSite &Site) {
    if (!F.isOverloadedOperator() || F.getNumParams() == 0 || F.getNumParams() > 2)
      return false;
    llvm::StringRef Op = clang::getOperatorSpelling(F.getOverloadedOperator());
    clang::QualType First = F.getParamDecl(0)->getType();
    const clang::RecordDecl *Vector = vectorType(First, Clashes, Site);
    if (!Vector)
      return false;
    auto MutableReference = [](clang::QualType T) {
      return T->isLValueReferenceType() && !T.getNonReferenceType().isConstQualified();
    };
    auto ValueOrConstReference = [](clang::QualType T) {
      return !T->isReferenceType() ||
             (T->isLValueReferenceType() && T.getNonReferenceType().isConstQualified());
    };
    if (F.getNumParams() == 2) {
      clang::QualType Second = F.getParamDecl(1)->getType();
      if (llvm::is_contained(Clashes.CompoundAssignments, Op))
        return MutableReference(First) && vectorType(Second, Clashes, Site) == Vector &&
               ValueOrConstReference(Second);
      // Postfix ++ and --: the second parameter is the int tag.
      return llvm::is_contained(Clashes.Increments, Op) && Second->isIntegerType() &&
             (MutableReference(First) || !First->isReferenceType());
    }
    if (llvm::is_contained(Clashes.Unary, Op))
      return ValueOrConstReference(First);
    return llvm::is_contained(Clashes.Increments, Op) &&
           (MutableReference(First) || !First->isReferenceType());
  }
};

} // namespace

MUSIFY_HAZARD_CHECK(VectorOperator)

} // namespace musify
