// inline-asm: `asm(...)` holds PTX, which no other target runs. Where every
// instruction of a statement is in the target's PTX table
// (rules/<target>/hazards/inline-asm.json), the statement becomes that C++;
// the rest is reported with the instruction that stopped it.
#include "hazards/Checks.h"
#include "hazards/PtxTranslator.h"

#include "core/SourceText.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

namespace musify {
namespace {

/// Code's lines, indented under Indent by the depth of their braces.
std::string indented(llvm::StringRef Code, llvm::StringRef Indent) {
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  Code.split(Lines, '\n');
  std::string Out;
  unsigned Depth = 0;
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef L = Lines[I];
    if (L.starts_with("}") && Depth)
      --Depth;
    if (I)
      Out += "\n" + Indent.str() + std::string(2 * Depth, ' ');
    Out += L.str();
    if (L.ends_with("{"))
      ++Depth;
  }
  return Out;
}

class InlineAsm : public HazardCheck {
  const char *name() const override { return "inline-asm"; }
  const char *title() const override { return "Inline PTX assembly"; }
  const char *advice() const override {
    return "PTX does not run on the target: rewrite the assembly with the target's "
           "intrinsics.";
  }
  /// PTX fails only where device code is generated (at the device link with
  /// -fgpu-rdc): a risk of the compile.
  BuildImpact buildImpact(const HazardRecord &) const override {
    return BuildImpact::Risk;
  }
  const char *help() const override {
    return "inline assembly (asm(...)): PTX, which only NVIDIA GPUs run; a statement "
           "whose instructions are all in the target's PTX table is rewritten as C++, "
           "the rest is left; an empty template (a compiler barrier) is not one";
  }
  void asmStmt(const clang::GCCAsmStmt &S, HazardSite &Site) const override {
    // An empty template (`asm volatile("" ::: "memory")`) is a compiler
    // barrier every target understands; anything else is PTX.
    if (S.getAsmString()->getString().trim().empty())
      return;
    // Written in one file, not by a macro: the statement's text is what a
    // rewrite reads and replaces.
    const clang::SourceManager &SM = Site.sourceManager();
    clang::SourceLocation Begin = S.getAsmLoc(), End = S.getRParenLoc();
    if (Begin.isFileID() && End.isFileID() && SM.getFileID(Begin) == SM.getFileID(End))
      if (std::optional<Place> At = Site.placeOf(Begin)) {
        unsigned EndOffset = SM.getFileOffset(End) + 1;
        llvm::StringRef Text = SM.getBufferData(SM.getFileID(Begin))
                                   .slice(SM.getFileOffset(Begin), EndOffset);
        Site.add({std::move(*At), kind(), Text.split('\n').first.rtrim().str(), EndOffset,
                  /*Form=*/"", /*Cause=*/"", /*CauseAt=*/{}});
        return;
      }
    Site.note(kind(), S.getAsmLoc(), S.getSourceRange());
  }

  const char *dataFile() const override { return "inline-asm.json"; }
  llvm::Error readData(llvm::StringRef Text, llvm::StringRef FileName,
                       llvm::StringRef Target, RuleTable &Rules) const override {
    return storeData<PtxTable>(Text, FileName, Target, "PTX table", Rules, readPtxTable);
  }

  HazardDecision decide(const Hazard &H, llvm::StringRef FileText,
                        const HazardTarget &Target) const override {
    std::string Left = "inline assembly (PTX) is not portable to " + Target.DisplayName;
    const PtxTable *Table = Target.Rules.hazardData<PtxTable>(name());
    if (!Table)
      return reported(H, Left + ": rewrite it with intrinsics or plain code; it is left "
                                "as it is");
    if (H.End == 0 || H.End > FileText.size() || H.At.Offset >= H.End)
      return reported(H, Left + ": it is written through a macro, which musify does not "
                                "rewrite; it is left as it is");
    std::string Why;
    std::optional<AsmStatement> S =
        parseAsmStatement(FileText.slice(H.At.Offset, H.End), Why);
    PtxTranslation T;
    if (S)
      T = translatePtx(*S, *Table);
    HazardDecision D = reported(H, "");
    D.Record.Instructions = T.Instructions;
    if (!S || T.Code.empty()) {
      D.Record.Message = Left + ": " + (S ? T.Why : Why) + "; it is left as it is";
      return D;
    }
    // The statement with its `;`: the C++ is a statement (or a block) itself.
    size_t Stop = H.End;
    while (Stop < FileText.size() && llvm::isSpace(FileText[Stop]))
      ++Stop;
    if (Stop >= FileText.size() || FileText[Stop] != ';') {
      D.Record.Message = Left + ": it is not a statement of its own; it is left as it is";
      return D;
    }
    size_t LineStart = lineStartOf(FileText, H.At.Offset);
    llvm::StringRef Before = FileText.slice(LineStart, H.At.Offset);
    std::string Indent = Before.trim().empty() ? Before.str() : "";
    D.Edits.push_back(
        {H.At.Offset, unsigned(Stop + 1 - H.At.Offset), indented(T.Code, Indent)});
    D.Record.Defused = true;
    D.Record.Message = "inline PTX translated for " + Target.DisplayName + " (" +
                       llvm::join(T.Instructions, ", ") + ")";
    if (!T.Notes.empty())
      D.Record.Message += "; " + llvm::join(T.Notes, "; ");
    return D;
  }
};

} // namespace

MUSIFY_HAZARD_CHECK(InlineAsm)

} // namespace musify
