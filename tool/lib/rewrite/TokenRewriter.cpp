// Finding CUDA names by spelling in code no parse resolved.
#include "rewrite/TokenRewriter.h"

#include "clang/Basic/CharInfo.h"

namespace musify {

void TokenRewriter::findStringReferences(llvm::StringRef Path, llvm::StringRef Text,
                                         const LineIndex &Lines,
                                         std::vector<Reference> &Out) const {
  forEachStringLiteral(Text, [&](unsigned Begin, llvm::StringRef Literal) {
    for (unsigned I = 0; I < Literal.size();) {
      if (!clang::isAsciiIdentifierStart(Literal[I]) ||
          (I > 0 && clang::isAsciiIdentifierContinue(Literal[I - 1]))) {
        ++I;
        continue;
      }
      unsigned End = I;
      while (End < Literal.size() && clang::isAsciiIdentifierContinue(Literal[End]))
        ++End;
      llvm::StringRef Word = Literal.slice(I, End);
      if (const Rule *R = Rules.findIdentifier(Word)) {
        Reference Ref;
        Ref.At = placeIn(Path, Lines, Begin + I);
        Ref.Length = Word.size();
        Ref.Name = Word.str();
        Ref.Kind = R->Kind;
        Ref.How = Evidence::StringLiteral;
        Out.push_back(std::move(Ref));
      }
      I = End;
    }
  });
}

void TokenRewriter::findReferences(llvm::StringRef Path, llvm::StringRef Text,
                                   unsigned Begin, unsigned End, Evidence How,
                                   const LineIndex &Lines,
                                   std::vector<Reference> &Out) const {
  auto Add = [&](llvm::StringRef Name, llvm::StringRef Qualified, unsigned Offset,
                 unsigned Length, RuleKind Kind) {
    Reference R;
    R.At = placeIn(Path, Lines, Offset);
    R.Length = Length;
    R.Name = Name.str();
    if (Qualified != Name)
      R.QualifiedName = Qualified.str();
    R.Kind = Kind;
    R.How = How;
    Out.push_back(std::move(R));
  };
  scanSource(
      Text, Begin, End,
      [&](const RawIdentifier &Id, llvm::StringRef Qualifier) {
        std::string Qualified = (Qualifier + Id.Name).str();
        const Rule *R = Rules.findIdentifier(Qualified);
        // Without a parse, a function is told from a user's variable of the
        // same name (CUDA declares `all` and `any`) by being called.
        llvm::StringRef After = Text.drop_front(Id.Offset + Id.Length).ltrim();
        if (R && R->Kind == RuleKind::Function && !After.starts_with("(") &&
            !After.starts_with("<"))
          return;
        if (R)
          Add(Id.Name, Qualified, Id.Offset, Id.Length, R->Kind);
      },
      [&](const RawInclude &Inc) {
        if (Rules.findHeader(Inc.Name))
          Add(Inc.Name, Inc.Name, Inc.Offset, Inc.Length, RuleKind::Header);
      });
}

} // namespace musify
