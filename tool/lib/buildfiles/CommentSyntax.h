// How a comment line is written in each language musify migrates, and where a
// whole line may go in a text of it without changing what the text means: the
// one place that knows, read by the build-file migrations and by the findings
// written into code (report/InlineFindings), so that neither spells another's
// syntax or reads its lexer.
#pragma once

#include "core/SourceText.h"
#include "inputs/Inputs.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace musify {

enum class CommentSyntax {
  CFamily,  ///< `// ...`; not inside a directive, comment or literal
  CMake,    ///< `# ...`; not inside a command's arguments
  Makefile, ///< `# ...` at the line's start (a tab would make it recipe text);
            ///< not inside a continued line or a define...endef body
  Python,   ///< `# ...`; not inside a logical line (a string, brackets, `\`)
};

/// The syntax of a build file of Kind.
CommentSyntax commentSyntaxOf(BuildFileKind Kind);

/// A comment line of Syntax saying Text (no line ending). A backslash or
/// blank at its end goes: a backslash would splice the next line into it.
std::string commentLine(CommentSyntax Syntax, llvm::StringRef Text);

/// Whether a comment line takes the indentation of the line it goes above.
bool commentsIndent(CommentSyntax Syntax);

/// Where a whole line may go in Text, which is of Syntax.
LineInsertionPoints linePlaces(llvm::StringRef Text, CommentSyntax Syntax);

} // namespace musify
