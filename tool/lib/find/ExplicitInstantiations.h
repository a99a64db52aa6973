// Where a file instantiates templates explicitly (`template int run<T>(...);`,
// `extern template ...`): Clang keeps no node for such an instantiation of a
// function, nor its template arguments and types as written.
#pragma once

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class NamedDecl;
} // namespace clang

namespace musify {

/// The [begin, end) of each explicit instantiation's declaration in Text,
/// after its `template` keyword and up to its `;`, as the raw lexer reads
/// it (a `template` that follows `.`, `->` or `::`, or that opens a
/// parameter list, is none).
std::vector<std::pair<unsigned, unsigned>> explicitInstantiations(llvm::StringRef Text);

/// Calls Note(D, Offset) for each identifier in [Begin, End) of FID's text
/// that names a declaration D: looked up as the declaration there would
/// (in the namespaces around Begin, then outward), or in the namespace or
/// class that a `NAME::` before it names. Members (`.x`, `->x`) and names
/// after a specialization's `>::` are left out.
void forEachNameIn(clang::ASTContext &Context, clang::FileID FID, unsigned Begin,
                   unsigned End,
                   llvm::function_ref<void(const clang::NamedDecl *, unsigned)> Note);

} // namespace musify
