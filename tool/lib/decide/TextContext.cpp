// Reading the text around a reference.
#include "decide/TextContext.h"

#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/StringSwitch.h"

namespace musify {

namespace {

bool isBlank(char C) { return C == ' ' || C == '\t'; }

/// The identifier ending at End (exclusive), skipping blanks and `(` first.
llvm::StringRef wordBefore(llvm::StringRef Text, unsigned End, bool SkipParen) {
  while (End > 0 && (isBlank(Text[End - 1]) || (SkipParen && Text[End - 1] == '(')))
    --End;
  unsigned Begin = End;
  while (Begin > 0 && clang::isAsciiIdentifierContinue(Text[Begin - 1]))
    --Begin;
  return Text.slice(Begin, End);
}

/// Text from the start of Offset's line, blanks removed at its start.
llvm::StringRef lineBefore(llvm::StringRef Text, unsigned Offset) {
  size_t LineStart = Text.rfind('\n', Offset);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  return Text.slice(LineStart, Offset).ltrim(" \t");
}

llvm::StringRef comparisonOperatorAt(llvm::StringRef Text) {
  for (llvm::StringRef Op : {">=", "<=", "==", "!="})
    if (Text.starts_with(Op))
      return Op;
  if ((Text.starts_with(">") || Text.starts_with("<")) &&
      !Text.drop_front().starts_with(">") && !Text.drop_front().starts_with("<"))
    return Text.take_front();
  return "";
}

/// A comparison of Op (NAME on the left) with Value; each range [begin, end).
Comparison comparison(llvm::StringRef Op, long long Value,
                      std::pair<unsigned, unsigned> ValueAt,
                      std::pair<unsigned, unsigned> OperatorAt,
                      std::pair<unsigned, unsigned> Whole) {
  Comparison C;
  C.Operator = Op.str();
  C.Value = Value;
  C.ValueOffset = ValueAt.first;
  C.ValueLength = ValueAt.second - ValueAt.first;
  C.OperatorOffset = OperatorAt.first;
  C.OperatorLength = OperatorAt.second - OperatorAt.first;
  C.Begin = Whole.first;
  C.End = Whole.second;
  return C;
}

/// Whether an operand that ends before Begin or starts at After (the text
/// after it) belongs to an operator binding tighter than a comparison:
/// `__CUDA_ARCH__ / 100 >= 6` compares no `__CUDA_ARCH__` with 6.
/// A comment is no operator: `__CUDA_ARCH__ >= 700 // Volta`.
bool bindsTighter(llvm::StringRef Text, unsigned Begin, llvm::StringRef After) {
  llvm::StringRef Before = Text.take_front(Begin).rtrim(" \t");
  while (Before.ends_with("*/") &&
         Before.drop_back(2).rfind("/*") != llvm::StringRef::npos)
    Before = Before.take_front(Before.drop_back(2).rfind("/*")).rtrim(" \t");
  if (!Before.empty() && llvm::StringRef("*/%+-~!").contains(Before.back()))
    return true;
  if (Before.ends_with("<<") || Before.ends_with(">>"))
    return true;
  After = After.ltrim(" \t");
  if (After.starts_with("//") || After.starts_with("/*"))
    return false;
  return (!After.empty() && llvm::StringRef("*/%+-").contains(After.front())) ||
         After.starts_with("<<") || After.starts_with(">>");
}

} // namespace

std::string mirroredOperator(llvm::StringRef Op) {
  return llvm::StringSwitch<std::string>(Op)
      .Case(">=", "<=")
      .Case("<=", ">=")
      .Case(">", "<")
      .Case("<", ">")
      .Default(Op.str());
}

bool isInDefinedTest(llvm::StringRef Text, unsigned Offset) {
  if (wordBefore(Text, Offset, /*SkipParen=*/true) == "defined")
    return true;
  llvm::StringRef Line = lineBefore(Text, Offset);
  if (!Line.consume_front("#"))
    return false;
  Line = Line.ltrim(" \t");
  for (llvm::StringRef Directive : {"ifdef", "ifndef", "elifdef", "elifndef"})
    if (Line.starts_with(Directive) && Line.drop_front(Directive.size()).trim().empty())
      return true;
  return false;
}

/// Whether the line ending at End (exclusive) continues on the next one.
static bool continues(llvm::StringRef Text, size_t End) {
  return Text.take_front(End).rtrim(" \t\r").ends_with("\\");
}

/// The directive around Offset after its `#` and the blanks that follow, or
/// nullopt outside a directive.
static std::optional<llvm::StringRef> directiveAround(llvm::StringRef Text,
                                                      unsigned Offset) {
  // The directive's first line: back over lines that end in a backslash.
  size_t LineStart = Text.rfind('\n', Offset);
  while (LineStart != llvm::StringRef::npos && LineStart > 0 &&
         continues(Text, LineStart))
    LineStart = Text.rfind('\n', LineStart - 1);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  llvm::StringRef Line = Text.drop_front(LineStart).ltrim(" \t");
  if (!Line.consume_front("#"))
    return std::nullopt;
  return Line.ltrim(" \t");
}

bool isInPreprocessorCondition(llvm::StringRef Text, unsigned Offset) {
  std::optional<llvm::StringRef> Directive = directiveAround(Text, Offset);
  return Directive && (Directive->starts_with("if") || Directive->starts_with("elif"));
}

bool isTruthTest(llvm::StringRef Text, unsigned Offset, unsigned Length) {
  if (!isInPreprocessorCondition(Text, Offset))
    return false;
  // Before: `!`, `&&`, `||` or the directive's own word (`#if NAME`).
  llvm::StringRef Before = Text.take_front(Offset).rtrim(" \t(");
  llvm::StringRef Line = lineBefore(Text, Before.size());
  bool Directive = Line.consume_front("#") &&
                   (Line.ltrim(" \t") == "if" || Line.ltrim(" \t") == "elif");
  if (!Directive && !Before.ends_with("!") && !Before.ends_with("&&") &&
      !Before.ends_with("||"))
    return false;
  // After: the end of the condition, `&&`, `||` or `?`.
  llvm::StringRef After = Text.drop_front(Offset + Length).ltrim(" \t)");
  return After.empty() || After.front() == '\n' || After.front() == '\r' ||
         After.starts_with("\\") || After.starts_with("//") || After.starts_with("/*") ||
         After.starts_with("&&") || After.starts_with("||") || After.starts_with("?");
}

std::vector<std::pair<unsigned, unsigned>> excludedRanges(llvm::StringRef Text) {
  std::vector<std::pair<unsigned, unsigned>> Ranges;
  if (!Text.contains("MUSIFY_EXCL_"))
    return Ranges;
  constexpr unsigned NoBlock = ~0u;
  unsigned BlockStart = NoBlock;
  for (size_t LineStart = 0; LineStart < Text.size();) {
    size_t LineEnd = Text.find('\n', LineStart);
    if (LineEnd == llvm::StringRef::npos)
      LineEnd = Text.size();
    llvm::StringRef Line = Text.slice(LineStart, LineEnd);
    if (Line.contains("MUSIFY_EXCL_START") && BlockStart == NoBlock)
      BlockStart = LineStart;
    if (Line.contains("MUSIFY_EXCL_STOP") && BlockStart != NoBlock) {
      Ranges.emplace_back(BlockStart, LineEnd);
      BlockStart = NoBlock;
    } else if (Line.contains("MUSIFY_EXCL_LINE") && BlockStart == NoBlock) {
      Ranges.emplace_back(LineStart, LineEnd);
    }
    LineStart = LineEnd + 1;
  }
  if (BlockStart != NoBlock) // an unterminated block runs to the end, as in musify-text
    Ranges.emplace_back(BlockStart, Text.size());
  return Ranges;
}

std::optional<std::vector<std::pair<unsigned, unsigned>>>
callArguments(llvm::StringRef Text, unsigned NameEnd) {
  unsigned At = NameEnd;
  while (At < Text.size() && clang::isWhitespace(Text[At]))
    ++At;
  if (At >= Text.size() || Text[At] != '(')
    return std::nullopt;
  std::vector<std::pair<unsigned, unsigned>> Args;
  auto Add = [&](unsigned Begin, unsigned End) {
    while (Begin < End && clang::isWhitespace(Text[Begin]))
      ++Begin;
    while (End > Begin && clang::isWhitespace(Text[End - 1]))
      --End;
    Args.emplace_back(Begin, End);
  };
  int Depth = 0;
  unsigned ArgBegin = At + 1;
  for (unsigned I = At; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '"' || C == '\'') { // skip a literal, escapes included
      for (++I; I < Text.size() && Text[I] != C; ++I)
        if (Text[I] == '\\')
          ++I;
      continue;
    }
    if (C == '(' || C == '[' || C == '{') {
      ++Depth;
    } else if (C == ')' || C == ']' || C == '}') {
      if (--Depth == 0) {
        if (!Args.empty() || !Text.slice(ArgBegin, I).trim().empty())
          Add(ArgBegin, I);
        return Args;
      }
    } else if (C == ',' && Depth == 1) {
      Add(ArgBegin, I);
      ArgBegin = I + 1;
    } else if (C == ';') {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<Comparison> comparisonAround(llvm::StringRef Text, unsigned Offset,
                                           unsigned Length) {
  // NAME OP VALUE
  unsigned At = Offset + Length;
  while (At < Text.size() && isBlank(Text[At]))
    ++At;
  if (llvm::StringRef Op = comparisonOperatorAt(Text.substr(At)); !Op.empty()) {
    unsigned ValueAt = At + Op.size();
    while (ValueAt < Text.size() && isBlank(Text[ValueAt]))
      ++ValueAt;
    unsigned ValueEnd = ValueAt;
    while (ValueEnd < Text.size() && clang::isAsciiIdentifierContinue(Text[ValueEnd]))
      ++ValueEnd;
    long long Value;
    if (ValueEnd > ValueAt && !Text.slice(ValueAt, ValueEnd).getAsInteger(0, Value) &&
        !bindsTighter(Text, Offset, Text.drop_front(ValueEnd)))
      return comparison(Op, Value, {ValueAt, ValueEnd}, {At, At + unsigned(Op.size())},
                        {Offset, ValueEnd});
  }
  // VALUE OP NAME
  unsigned OpEnd = Offset;
  while (OpEnd > 0 && isBlank(Text[OpEnd - 1]))
    --OpEnd;
  unsigned OpBegin = OpEnd;
  while (OpBegin > 0 && llvm::StringRef("<>=!").contains(Text[OpBegin - 1]))
    --OpBegin;
  llvm::StringRef Op = Text.slice(OpBegin, OpEnd);
  if (Op.empty() || comparisonOperatorAt(Op) != Op)
    return std::nullopt;
  unsigned ValueEnd = OpBegin;
  while (ValueEnd > 0 && isBlank(Text[ValueEnd - 1]))
    --ValueEnd;
  unsigned ValueAt = ValueEnd;
  while (ValueAt > 0 && clang::isAsciiIdentifierContinue(Text[ValueAt - 1]))
    --ValueAt;
  long long Value;
  if (ValueEnd == ValueAt || Text.slice(ValueAt, ValueEnd).getAsInteger(0, Value) ||
      bindsTighter(Text, ValueAt, Text.drop_front(Offset + Length)))
    return std::nullopt;
  return comparison(mirroredOperator(Op), Value, {ValueAt, ValueEnd}, {OpBegin, OpEnd},
                    {ValueAt, Offset + Length});
}

} // namespace musify
