// Source text as a raw lexer sees it, without a parse: lines, identifiers,
// #include directives, string literals. Shared by every stage that reads text.
//
// The scanners take a whole text that a NUL follows (a MemoryBuffer's or a
// std::string's), as Clang's raw lexer needs: it reads on to that NUL. A slice
// (take_front) is not one; scan the whole text up to an end offset instead.
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>
#include <vector>

namespace musify {

/// Line and column (both 1-based) of offsets in one text; built once per text.
class LineIndex {
public:
  explicit LineIndex(llvm::StringRef Text);
  std::pair<unsigned, unsigned> lineAndColumn(unsigned Offset) const;

private:
  std::vector<unsigned> LineStarts;
};

/// An `#include` found by the scanner: the header path and the text it
/// occupies with its delimiters.
struct RawInclude {
  llvm::StringRef Name;
  unsigned Offset;
  unsigned Length;
};

/// An identifier as the lexer reads it: Name, and where it is written,
/// [Offset, Offset + Length). Length exceeds Name's size where the name is
/// split by backslash-newlines (`cuda\` + newline + `Malloc`), which the
/// compiler joins: Name is then the joined name.
struct RawIdentifier {
  llvm::StringRef Name;
  unsigned Offset = 0, Length = 0;
};

/// Called with an identifier and the namespaces it is written qualified
/// with ("thrust::cuda::" for `par` in `thrust::cuda::par`).
using IdentifierCallback =
    llvm::function_ref<void(const RawIdentifier &, llvm::StringRef)>;

/// Text with every backslash-newline taken out (the compiler's line
/// splicing), as the compiler reads a token that holds them.
std::string withoutSplices(llvm::StringRef Text);

/// Text as part of one message line: a line break (in a file name, a rule's
/// note, an edit's text) is written as `\n` (`\r`), so none can begin a line
/// that reads as a message of its own, and a tab as `\t`.
std::string oneLine(llvm::StringRef Text);

/// Whether Text is one parenthesized group: it starts with `(`, and the
/// `)` that closes it is its last character.
bool isOneParenthesizedGroup(llvm::StringRef Text);

/// Lexes [Begin, End) of Text, reporting identifiers that can name a global
/// or namespace-scope entity, and the headers of #include directives.
/// Comments and string literals are not code and are left alone; so are
/// members (`x.cudaName`) and names qualified by a user scope.
void scanSource(llvm::StringRef Text, unsigned Begin, unsigned End,
                IdentifierCallback OnIdentifier,
                llvm::function_ref<void(const RawInclude &)> OnInclude);

/// Calls Fn for each unqualified identifier that can name a global entity
/// in [Begin, End) of Text.
void forEachIdentifier(llvm::StringRef Text, unsigned Begin, unsigned End,
                       llvm::function_ref<void(const RawIdentifier &)> Fn);

/// Calls Fn(header, offset, length) for each `#include` before End in Text:
/// the header as written inside its delimiters, and the text it occupies
/// with them.
void forEachInclude(llvm::StringRef Text, unsigned End,
                    llvm::function_ref<void(llvm::StringRef, unsigned, unsigned)> Fn);
inline void
forEachInclude(llvm::StringRef Text,
               llvm::function_ref<void(llvm::StringRef, unsigned, unsigned)> Fn) {
  forEachInclude(Text, Text.size(), Fn);
}

/// Calls Fn with the header each `#include`, `#include_next` and `#import`
/// of Text names, as written, in disabled branches too (not in comments);
/// false if one names no header on its line (`#include HEADER`: a macro's).
bool forEachIncludedName(llvm::StringRef Text,
                         llvm::function_ref<void(llvm::StringRef)> Fn);

/// A token as the raw lexer sees it: where it is in its text, and what.
struct RawToken {
  unsigned Offset = 0;
  llvm::StringRef Text; ///< as written
  bool Identifier = false;
};

/// The tokens that begin in [Begin, End) of Text, comments left out.
std::vector<RawToken> tokensIn(llvm::StringRef Text, unsigned Begin, unsigned End);

/// Calls Fn(offset, literal) for each string literal of Text, with its quotes.
void forEachStringLiteral(llvm::StringRef Text,
                          llvm::function_ref<void(unsigned, llvm::StringRef)> Fn);

/// Where the first line of Text's own content starts: past leading comments
/// and blank lines, a `#pragma once` and an include guard (`#ifndef G`
/// followed by `#define G`). An #include put there comes before everything
/// the file declares, includes or tests.
unsigned preambleEnd(llvm::StringRef Text);

/// The [begin, end) offsets of Text's outermost conditional blocks, from an
/// `#if`, `#ifdef` or `#ifndef` to past its `#endif` (or the end of an
/// unterminated one), in order; not the include guard: what lies only
/// inside it is read wherever the file is.
std::vector<std::pair<unsigned, unsigned>> conditionalBlocks(llvm::StringRef Text);

/// A UTF-8 byte order mark, which a text may start with.
constexpr llvm::StringLiteral ByteOrderMark = "\xEF\xBB\xBF";

/// Where the line holding Offset starts. Lines end as the compiler ends them,
/// at `\n`, `\r\n` or a lone `\r` (classic Mac OS); the first starts past a
/// byte order mark.
unsigned lineStartOf(llvm::StringRef Text, unsigned Offset);

/// The line ending a line put at LineStart takes: that line's own (`\n`,
/// `\r\n` or `\r`), or the text's first where that line has none.
llvm::StringRef lineEndingOf(llvm::StringRef Text, unsigned LineStart);

/// Where a whole line may be put before the text at an offset, without
/// changing what the text means: the start of the offset's line, or of an
/// earlier line where that one continues another (a backslash-newline, as in
/// a multi-line directive) or lies inside a comment or a literal that spans
/// lines. Lexes the text once.
class LineInsertionPoints {
public:
  /// C and C++ text, whose comments and literals are found by lexing it.
  explicit LineInsertionPoints(llvm::StringRef Text);
  /// Text of another language, with the [begin, end) ranges no line may split
  /// (a CMake command, a Python logical line), in text order.
  LineInsertionPoints(llvm::StringRef Text,
                      std::vector<std::pair<unsigned, unsigned>> Spanning)
      : Text(Text), Spanning(std::move(Spanning)) {}
  unsigned before(unsigned Offset) const;

private:
  llvm::StringRef Text;
  /// [begin, end) of what spans lines, in text order.
  std::vector<std::pair<unsigned, unsigned>> Spanning;
  bool splitsSomething(unsigned LineStart) const;
};

} // namespace musify
