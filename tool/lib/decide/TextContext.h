// What surrounds a reference in its text, where the rule that applies depends
// on it: a defined() test, or a comparison with a constant.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace musify {

/// Whether the name at Offset is tested for being defined: `#ifdef NAME`,
/// `#ifndef NAME`, `#elifdef NAME`, `defined(NAME)`, `defined NAME`.
bool isInDefinedTest(llvm::StringRef Text, unsigned Offset);

/// Whether Offset lies in the condition of an `#if`, `#elif`, `#ifdef`,
/// `#ifndef`, `#elifdef` or `#elifndef` line (continuation lines included).
bool isInPreprocessorCondition(llvm::StringRef Text, unsigned Offset);

/// Whether the name at [Offset, Offset + Length) is read for its truth in an
/// `#if` condition: `#if NAME`, `!NAME`, `NAME && ...`, `(... || NAME)`.
bool isTruthTest(llvm::StringRef Text, unsigned Offset, unsigned Length);

/// `NAME >= 800` or `800 <= NAME`: the operator as if NAME were on the left,
/// and the constant's text.
struct Comparison {
  std::string Operator; ///< ">=", "<", ... with NAME on the left
  long long Value = 0;
  unsigned ValueOffset = 0, ValueLength = 0;
  unsigned OperatorOffset = 0, OperatorLength = 0; ///< the operator as written
  unsigned Begin = 0, End = 0;                     ///< the whole comparison's text
};

/// The operator with its operands swapped: `800 <= X` is `X >= 800`.
std::string mirroredOperator(llvm::StringRef Op);

/// The [begin, end) ranges musify-text's markers exclude: a line holding
/// MUSIFY_EXCL_LINE, and the lines from MUSIFY_EXCL_START to MUSIFY_EXCL_STOP.
std::vector<std::pair<unsigned, unsigned>> excludedRanges(llvm::StringRef Text);

/// The arguments of a call whose callee name ends at NameEnd: [begin, end)
/// of each, blanks trimmed; nullopt when no `(` follows or it is not closed.
std::optional<std::vector<std::pair<unsigned, unsigned>>>
callArguments(llvm::StringRef Text, unsigned NameEnd);

/// The comparison of the name at [Offset, Offset + Length) with an integer
/// literal, if it is one and no tighter operator takes either operand
/// (`__CUDA_ARCH__ / 100 >= 6` is none).
std::optional<Comparison> comparisonAround(llvm::StringRef Text, unsigned Offset,
                                           unsigned Length);

} // namespace musify
