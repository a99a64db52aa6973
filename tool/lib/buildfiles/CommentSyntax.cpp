#include "buildfiles/CommentSyntax.h"

#include "buildfiles/CMakeLexer.h"
#include "buildfiles/MakeLexer.h"
#include "core/PythonTokens.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace musify {

CommentSyntax commentSyntaxOf(BuildFileKind Kind) {
  switch (Kind) {
  case BuildFileKind::CMake:
    return CommentSyntax::CMake;
  case BuildFileKind::Makefile:
    return CommentSyntax::Makefile;
  case BuildFileKind::Python:
    return CommentSyntax::Python;
  }
  return CommentSyntax::CMake;
}

std::string commentLine(CommentSyntax Syntax, llvm::StringRef Text) {
  std::string Line = (Syntax == CommentSyntax::CFamily ? "// " : "# ") + Text.str();
  while (!Line.empty() && (Line.back() == '\\' || Line.back() == ' '))
    Line.pop_back();
  return Line;
}

bool commentsIndent(CommentSyntax Syntax) { return Syntax != CommentSyntax::Makefile; }

using Spans = std::vector<std::pair<unsigned, unsigned>>;

LineInsertionPoints linePlaces(llvm::StringRef Text, CommentSyntax Syntax) {
  Spans Spanning;
  switch (Syntax) {
  case CommentSyntax::CFamily:
    return LineInsertionPoints(Text);
  case CommentSyntax::CMake: {
    // Commands and comments in text order; a bracket comment may span lines.
    Spans Comments;
    for (const CMakeCommand &C : lexCMake(Text, &Comments))
      Spanning.emplace_back(C.NameBegin, C.CloseParen + 1);
    Spanning.insert(Spanning.end(), Comments.begin(), Comments.end());
    llvm::sort(Spanning);
    break;
  }
  case CommentSyntax::Makefile:
    // A define's body: its lines are the variable's value. (A continued
    // line's backslash is seen by LineInsertionPoints itself.)
    for (const MakePiece &P : lexMakefile(Text)) {
      if (P.Role != MakeRole::Shell || P.NameEnd == P.NameBegin)
        continue;
      unsigned Define = lineStartOf(Text, P.NameBegin);
      if (Spanning.empty() || Spanning.back().first != Define)
        Spanning.emplace_back(Define, P.End);
      Spanning.back().second = std::max(Spanning.back().second, P.End);
    }
    break;
  case CommentSyntax::Python: {
    bool LineStart = true;
    for (const PythonToken &T : lexPython(Text)) {
      if (LineStart && T.Kind != PythonToken::Newline)
        Spanning.emplace_back(T.OuterBegin, T.OuterEnd);
      LineStart = T.Kind == PythonToken::Newline;
      if (!Spanning.empty() && !LineStart)
        Spanning.back().second = std::max(Spanning.back().second, T.OuterEnd);
    }
    break;
  }
  }
  return LineInsertionPoints(Text, std::move(Spanning));
}

} // namespace musify
