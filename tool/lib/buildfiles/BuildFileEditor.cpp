// Edits and events of one build file, and the rules both build languages share.
#include "buildfiles/BuildFileEditor.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace musify {

namespace {

bool isBlank(char C) { return C == ' ' || C == '\t'; }

bool isPathChar(char C) {
  return llvm::isAlnum(C) || C == '_' || C == '.' || C == '/' || C == '-' || C == '+';
}

/// Where a flag word starts a path (`-L` of `-L/usr/local/cuda/lib64`), or a
/// path starts a word: the text before Pos is a word boundary or a flag.
bool startsPath(llvm::StringRef Text, unsigned Pos, unsigned Begin) {
  if (Pos == Begin || !isPathChar(Text[Pos - 1]))
    return true;
  unsigned I = Pos;
  while (I > Begin && llvm::isAlpha(Text[I - 1]))
    --I;
  if (I == Pos || I == Begin || Text[I - 1] != '-')
    return false;
  --I; // the dash
  return I == Begin || !isPathChar(Text[I - 1]);
}

/// The last path component of Name.
llvm::StringRef fileNameOf(llvm::StringRef Name) {
  size_t Slash = Name.rfind('/');
  return Slash == llvm::StringRef::npos ? Name : Name.drop_front(Slash + 1);
}

llvm::StringRef unquoted(llvm::StringRef S) {
  if (S.size() >= 2 && (S.front() == '"' || S.front() == '\'') && S.back() == S.front())
    return S.drop_front().drop_back();
  return S;
}

} // namespace

bool onlyBlanks(llvm::StringRef Text, unsigned B, unsigned E, bool Semicolons) {
  for (unsigned I = B; I < E; ++I) {
    char C = Text[I];
    if (isBlank(C) || C == '\n' || C == '\r' || (Semicolons && C == ';'))
      continue;
    if (C == '\\' && I + 1 < E && (Text[I + 1] == '\n' || Text[I + 1] == '\r'))
      continue;
    return false;
  }
  return true;
}

BuildFileEditor::BuildFileEditor(llvm::StringRef Path, llvm::StringRef Text,
                                 const BuildRules &Rules, const TargetDescription &Target,
                                 const RenameMap &Renamed)
    : Path(Path.str()), Text(Text), Rules(Rules), Decide(Rules, Target), Renamed(Renamed),
      Directory(llvm::sys::path::parent_path(Path).str()), Lines(Text) {
  // The extensions the renaming changes, where it changes them one way.
  std::set<std::string> Ambiguous;
  for (const auto &[Old, New] : Renamed) {
    std::string From = llvm::sys::path::extension(Old).str();
    std::string To = llvm::sys::path::extension(New).str();
    if (From.empty() || From == To)
      continue;
    auto [It, Added] = Extensions.insert({From, To});
    if (!Added && It->second != To)
      Ambiguous.insert(From);
  }
  for (const std::string &From : Ambiguous)
    Extensions.erase(From);
}

Place BuildFileEditor::placeOf(unsigned Offset) const {
  return placeIn(Path, Lines, Offset);
}

bool BuildFileEditor::inText(const Edit &E) const {
  return E.Offset <= Text.size() && E.Length <= Text.size() - E.Offset;
}

bool BuildFileEditor::claimed(unsigned Offset, unsigned Length) const {
  return Edits.blocks({Offset, Length, ""});
}

bool BuildFileEditor::claim(const Edit &E) { return inText(E) && Edits.claim(E); }

Event *BuildFileEditor::record(Decision D) {
  // An edit an earlier decision made already is shared, not a block: two
  // flags that read one variable both rewrite its value, the same way.
  llvm::erase_if(D.Edits, [&](const Edit &E) { return Edits.holds(E); });
  if (llvm::any_of(D.Edits, [&](const Edit &E) { return !inText(E) || Edits.blocks(E); }))
    return nullptr;
  for (const Edit &E : D.Edits)
    Edits.claim(E);
  Events.push_back(std::move(D.Outcome));
  return &Events.back();
}

void BuildFileEditor::forgetChangesWithin(unsigned Begin, unsigned End) {
  llvm::erase_if(Events, [&](const Event &E) {
    return Begin <= E.At.Offset && E.At.Offset < End &&
           E.Status == EventStatus::Migrated && !E.Replacement.empty();
  });
}

bool BuildFileEditor::edit(unsigned Offset, unsigned Length, std::string NewText) {
  return claim({Offset, Length, std::move(NewText)});
}

bool BuildFileEditor::erase(unsigned Begin, unsigned End, bool SemicolonSeparates) {
  std::optional<Edit> E = erasure(Begin, End, SemicolonSeparates);
  return E && claim(*E);
}

bool BuildFileEditor::eraseEdited(unsigned Begin, unsigned End, bool SemicolonSeparates) {
  EditSet Kept = Edits;
  Edits.dropWithin(Begin, End);
  if (erase(Begin, End, SemicolonSeparates))
    return true;
  Edits = std::move(Kept);
  return false;
}

std::optional<Edit> BuildFileEditor::erasure(unsigned Begin, unsigned End,
                                             bool SemicolonSeparates) const {
  size_t LineStart = Text.rfind('\n', Begin);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  size_t LineEnd = Text.find('\n', End);
  if (LineEnd == llvm::StringRef::npos)
    LineEnd = Text.size();
  // What goes with the word, best first; text an earlier edit took is not
  // taken twice (two neighbours dropped from one list).
  std::vector<std::pair<size_t, size_t>> Ranges;
  llvm::StringRef After = Text.slice(End, LineEnd).trim(" \t\r");
  // A comment after it is about it: the line goes with it.
  if (After.starts_with("#"))
    After = "";
  if (onlyBlanks(Text, LineStart, Begin, false) && (After.empty() || After == "\\")) {
    // Alone on its line: the line goes. The last line of a continued line
    // takes the continuation of the line before with it.
    llvm::StringRef Before = Text.take_front(LineStart).rtrim("\r\n");
    if (After.empty() && LineStart > 0 && Before.ends_with("\\")) {
      Ranges.push_back({Before.rtrim("\\").rtrim(" \t").size(), LineEnd});
    } else {
      // Between two blank lines (or below a blank line at the end): one of
      // them goes too, so the paragraphs keep one blank line between them.
      size_t Next = std::min<size_t>(LineEnd + 1, Text.size());
      size_t NextEnd = std::min(Text.find('\n', Next), Text.size());
      size_t AboveStart = LineStart ? Text.rfind('\n', LineStart - 1) + 1 : 0;
      bool BlankAbove =
          LineStart > 0 && onlyBlanks(Text, AboveStart, LineStart - 1, false);
      if (BlankAbove && onlyBlanks(Text, Next, NextEnd, false))
        Ranges.push_back({LineStart, std::min<size_t>(NextEnd + 1, Text.size())});
      Ranges.push_back({LineStart, Next});
    }
  }
  size_t BlankBegin = Begin, BlankEnd = End;
  while (BlankBegin > LineStart && isBlank(Text[BlankBegin - 1]))
    --BlankBegin;
  while (BlankEnd < Text.size() && isBlank(Text[BlankEnd]))
    ++BlankEnd;
  if (BlankBegin < Begin)
    Ranges.push_back({BlankBegin, End});
  if (SemicolonSeparates && Begin > 0 && Text[Begin - 1] == ';')
    Ranges.push_back({Begin - 1, End});
  if (BlankEnd > End)
    Ranges.push_back({Begin, BlankEnd});
  if (SemicolonSeparates && End < Text.size() && Text[End] == ';')
    Ranges.push_back({Begin, End + 1});
  Ranges.push_back({Begin, End});
  for (auto [B, E] : Ranges)
    if (!claimed(B, E - B))
      return Edit{unsigned(B), unsigned(E - B), ""};
  return std::nullopt;
}

Event *BuildFileEditor::apply(const BuildRule &Rule, unsigned Offset, unsigned Length,
                              llvm::StringRef Cuda, const std::string &Replacement) {
  if (claimed(Offset, Length))
    return nullptr;
  return record(Decide.decide(Rule, placeOf(Offset), Length, Cuda, Replacement));
}

void BuildFileEditor::unknown(BuildRuleKind Kind, unsigned Offset, llvm::StringRef Cuda,
                              const BuildRule *Prefix) {
  if (!claimed(Offset, Cuda.size()))
    record(Decide.unknown(Kind, placeOf(Offset), Cuda, Prefix));
}

bool BuildFileEditor::lookUp(BuildRuleKind Kind, unsigned Offset, llvm::StringRef Name) {
  if (const BuildRule *R = Rules.find(Kind, Name)) {
    apply(*R, Offset, Name.size(), Name, R->Replacement);
    return true;
  }
  if (const BuildRule *P = Rules.findPrefix(Kind, Name)) {
    unknown(Kind, Offset, Name, P);
    return true;
  }
  return false;
}

bool BuildFileEditor::migrateLibraryFlag(const BuildWord &W) {
  llvm::StringRef Word = textOf(W);
  if (!Word.starts_with("-l") || Word.size() == 2)
    return false;
  const BuildRule *R = Rules.find(BuildRuleKind::Library, Word.drop_front(2));
  if (!R)
    return false;
  apply(*R, W.Begin, Word.size(), Word, "-l" + R->Replacement);
  return true;
}

void BuildFileEditor::migrateFlags(
    llvm::ArrayRef<BuildWord> Words, bool ReportUnknown,
    llvm::function_ref<llvm::StringRef(const BuildWord &)> Separator,
    bool SemicolonSeparates) {
  std::vector<const BuildRule *> Joined;
  for (const BuildRule *R : Rules.ofKind(BuildRuleKind::CompilerFlag))
    if (R->Value == FlagValue::Joined && !R->Prefix)
      Joined.push_back(R);
  for (size_t I = 0; I < Words.size(); ++I) {
    const BuildWord &W = Words[I];
    llvm::StringRef Word = textOf(W);
    if (!Word.starts_with("-") || claimed(W.Begin, W.End - W.Begin))
      continue;
    if (migrateLibraryFlag(W))
      continue;
    if (const BuildRule *R = Rules.find(BuildRuleKind::CompilerFlag, Word)) {
      applyFlag(*R, Words, I, Word, std::nullopt, Separator, SemicolonSeparates);
      continue;
    }
    if (size_t Eq = Word.find('='); Eq != llvm::StringRef::npos) {
      const BuildRule *R = Rules.find(BuildRuleKind::CompilerFlag, Word.take_front(Eq));
      if (R && R->Value == FlagValue::Separate) {
        applyFlag(*R, Words, I, Word.take_front(Eq), Word.drop_front(Eq + 1), Separator,
                  SemicolonSeparates);
        continue;
      }
    }
    const BuildRule *Longest = nullptr;
    for (const BuildRule *R : Joined)
      if (Word.starts_with(R->Cuda) &&
          (!Longest || R->Cuda.size() > Longest->Cuda.size()))
        Longest = R;
    if (Longest) {
      applyFlag(*Longest, Words, I, Word.take_front(Longest->Cuda.size()),
                Word.drop_front(Longest->Cuda.size()), Separator, SemicolonSeparates);
      continue;
    }
    if (ReportUnknown)
      if (const BuildRule *P = Rules.findPrefix(BuildRuleKind::CompilerFlag, Word))
        unknown(BuildRuleKind::CompilerFlag, W.Begin, Word, P);
  }
}

BuildFileEditor::FlagUse BuildFileEditor::locateFlag(
    const BuildRule &R, llvm::ArrayRef<BuildWord> Words, size_t &I, llvm::StringRef Name,
    std::optional<llvm::StringRef> JoinedValue, bool SemicolonSeparates) const {
  const BuildWord &W = Words[I];
  FlagUse Use;
  Use.Name = Name;
  Use.Begin = W.Begin;
  Use.End = Use.ValueBegin = Use.ValueEnd = Use.ValueOuterBegin = W.End;
  if (JoinedValue) {
    Use.ValueBegin = W.Begin + Name.size() + (R.Value == FlagValue::Separate ? 1 : 0);
    Use.ValueOuterBegin = Use.ValueBegin;
    Use.HasValue = true;
  } else if (R.Value == FlagValue::Separate && I + 1 < Words.size() &&
             onlyBlanks(Text, W.OuterEnd, Words[I + 1].OuterBegin, SemicolonSeparates)) {
    ++I;
    Use.ValueBegin = Words[I].Begin;
    Use.ValueOuterBegin = Words[I].OuterBegin;
    Use.ValueEnd = Words[I].End;
    Use.End = Words[I].OuterEnd;
    Use.HasValue = true;
  }
  Use.Value = Text.slice(Use.ValueBegin, Use.ValueEnd);
  Use.Cuda = Text.slice(Use.Begin, Use.End);
  return Use;
}

void BuildFileEditor::flagUnsupported(const BuildRule &R, const FlagUse &Use,
                                      const std::string &Why) {
  record(Decide.unsupported(R, placeOf(Use.Begin), Use.Cuda, Why));
}

void BuildFileEditor::flagMigrated(const BuildRule &R, const FlagUse &Use,
                                   std::string Replacement, std::vector<Edit> Edits) {
  record(Decide.migrated(&R, placeOf(Use.Begin), buildRuleKindName(R.Kind), Use.Cuda,
                         std::move(Replacement), std::move(Edits)));
}

void BuildFileEditor::applyFlag(
    const BuildRule &R, llvm::ArrayRef<BuildWord> Words, size_t &I, llvm::StringRef Name,
    std::optional<llvm::StringRef> JoinedValue,
    llvm::function_ref<llvm::StringRef(const BuildWord &)> Separator,
    bool SemicolonSeparates) {
  llvm::StringRef Joiner = Separator(Words[I]);
  FlagUse Use = locateFlag(R, Words, I, Name, JoinedValue, SemicolonSeparates);
  if (R.Action == FlagAction::Pass || claimed(Use.Begin, Use.End - Use.Begin))
    return;
  if (!R.Supported) {
    flagUnsupported(R, Use, "");
    return architectureValuesUnsupported(R, Use);
  }
  if (R.Value == FlagValue::Separate && !Use.HasValue)
    return flagUnsupported(R, Use, "its value is not beside it");
  if (!R.Values.empty())
    return translateFlagValue(R, Use, SemicolonSeparates);
  switch (R.Action) {
  case FlagAction::Pass:
    return;
  case FlagAction::Drop:
    if (std::optional<Edit> E = erasure(Use.Begin, Use.End, SemicolonSeparates))
      flagMigrated(R, Use, "", {*E});
    return;
  case FlagAction::Unwrap:
    return unwrapFlag(R, Use, Joiner);
  case FlagAction::Arch:
    return translateArchitectures(R, Use, Joiner);
  case FlagAction::Rename:
    return renameFlag(R, Use);
  }
}

void BuildFileEditor::translateFlagValue(const BuildRule &R, const FlagUse &Use,
                                         bool SemicolonSeparates) {
  std::optional<std::string> Translated = Decide.translatedValue(R, unquoted(Use.Value));
  if (!Translated)
    return flagUnsupported(R, Use,
                           "no translation of the value '" + Use.Value.str() + "'");
  if (Translated->empty()) {
    if (std::optional<Edit> E = erasure(Use.Begin, Use.End, SemicolonSeparates))
      flagMigrated(R, Use, "", {*E});
  } else if (*Translated != Use.Cuda) {
    flagMigrated(R, Use, *Translated, {{Use.Begin, Use.End - Use.Begin, *Translated}});
  }
}

void BuildFileEditor::unwrapFlag(const BuildRule &R, const FlagUse &Use,
                                 llvm::StringRef Joiner) {
  // The flag and what joins it to the value go; commas become separators. A
  // quoted value keeps its quotes (`-Xcompiler "/std:c++20"`), each option
  // its own quoted word.
  bool Quoted = Use.ValueOuterBegin < Use.ValueBegin;
  std::string Quote = Quoted ? std::string(1, Text[Use.ValueOuterBegin]) : "";
  unsigned Kept = Quoted ? Use.ValueOuterBegin : Use.ValueBegin;
  std::vector<Edit> Unwrap = {{Use.Begin, Kept - Use.Begin, ""}};
  if (!Quoted && Use.End > Use.ValueEnd)
    Unwrap.push_back({Use.ValueEnd, Use.End - Use.ValueEnd, ""});
  std::string Separator = Quote + Joiner.str() + Quote;
  std::string Result = Quote;
  for (unsigned P = Use.ValueBegin; P < Use.ValueEnd; ++P) {
    if (Text[P] == ',') {
      Unwrap.push_back({P, 1, Separator});
      Result += Separator;
    } else {
      Result += Text[P];
    }
  }
  flagMigrated(R, Use, Result + Quote, std::move(Unwrap));
}

void BuildFileEditor::translateArchitectures(const BuildRule &R, const FlagUse &Use,
                                             llvm::StringRef Joiner) {
  std::string Why;
  std::optional<std::string> Targets = Decide.architectures(R, Use.Value, Joiner, Why);
  if (!Targets && translateArchitectureVariable(R, Use))
    return;
  if (!Targets) {
    flagUnsupported(R, Use, Why);
    return architectureValuesUnsupported(R, Use);
  }
  flagMigrated(R, Use, *Targets, {{Use.Begin, Use.End - Use.Begin, *Targets}});
}

bool BuildFileEditor::translateArchitectureVariable(const BuildRule &R,
                                                    const FlagUse &Use) {
  size_t Hole = R.Replacement.find("{arch}");
  std::optional<std::vector<std::pair<unsigned, unsigned>>> Values;
  if (Hole == std::string::npos || !ValuesOf || !(Values = ValuesOf(Use.Value)) ||
      Values->empty())
    return false;
  // Each value becomes the number the flag's template takes.
  BuildRule Number = R;
  Number.Replacement = "{arch}";
  std::string Flag = R.Replacement;
  Flag.replace(Hole, 6, Use.Value.str());
  std::vector<Edit> Changes = {{Use.Begin, Use.End - Use.Begin, Flag}};
  for (auto [Begin, End] : *Values) {
    std::string Why;
    llvm::StringRef Value = Text.slice(Begin, End);
    std::optional<std::string> Arch = Decide.architectures(Number, Value, " ", Why);
    if (!Arch || Value.find_first_of(" \t") != llvm::StringRef::npos)
      return false;
    Changes.push_back({Begin, End - Begin, *Arch});
  }
  Decision D = Decide.migrated(&R, placeOf(Use.Begin), buildRuleKindName(R.Kind),
                               Use.Cuda, Flag, std::move(Changes));
  D.Outcome.NeedsReview = true;
  D.Outcome.Note += "; " + Use.Value.str() +
                    " now holds the target's architecture "
                    "where this file sets it";
  record(std::move(D));
  return true;
}

void BuildFileEditor::architectureValuesUnsupported(const BuildRule &R,
                                                    const FlagUse &Use) {
  std::optional<std::vector<std::pair<unsigned, unsigned>>> Values;
  if (!ValuesOf || !(Values = ValuesOf(Use.Value)))
    return;
  for (auto [Begin, End] : *Values)
    record(Decide.unsupported(R, placeOf(Begin), Text.slice(Begin, End),
                              "the value of '" + Use.Cuda.str() + "'"));
}

void BuildFileEditor::renameFlag(const BuildRule &R, const FlagUse &Use) {
  std::string Replacement = R.Replacement;
  if (size_t Hole = Replacement.find("{value}"); Hole != std::string::npos) {
    Replacement.replace(Hole, 7, unquoted(Use.Value).str());
    // A flag both compilers spell alike is not a finding.
    if (Replacement != Use.Cuda)
      flagMigrated(R, Use, Replacement, {{Use.Begin, Use.End - Use.Begin, Replacement}});
    return;
  }
  // The flag's name changes; its value stays as written.
  if (R.Replacement == Use.Name) {
    record(Decision(
        Decide.event(placeOf(Use.Begin), buildRuleKindName(R.Kind), Use.Cuda, &R)));
    return;
  }
  flagMigrated(R, Use, (R.Replacement + Use.Cuda.drop_front(Use.Name.size())).str(),
               {{Use.Begin, unsigned(Use.Name.size()), R.Replacement}});
}

void BuildFileEditor::migratePaths(unsigned Begin, unsigned End) {
  for (const BuildRule *R : Rules.ofKind(BuildRuleKind::Path)) {
    if (R->Prefix)
      continue;
    for (size_t Pos = Text.find(R->Cuda, Begin);
         Pos != llvm::StringRef::npos && Pos < End; Pos = Text.find(R->Cuda, Pos + 1)) {
      if (Pos + R->Cuda.size() > End || !startsPath(Text, Pos, Begin))
        continue;
      size_t MatchEnd = Pos + R->Cuda.size();
      // A versioned install folder (`/usr/local/cuda-12.2`) is the same SDK.
      if (MatchEnd + 1 < End && Text[MatchEnd] == '-' &&
          llvm::isDigit(Text[MatchEnd + 1]))
        while (MatchEnd < End && (llvm::isDigit(Text[MatchEnd]) ||
                                  Text[MatchEnd] == '.' || Text[MatchEnd] == '-'))
          ++MatchEnd;
      if (MatchEnd < End && (llvm::isAlnum(Text[MatchEnd]) || Text[MatchEnd] == '_'))
        continue;
      llvm::StringRef Written = Text.slice(Pos, MatchEnd);
      apply(*R, Pos, Written.size(), Written, R->Replacement);
    }
  }
}

/// The file a source word names: Written made absolute against Base, or
/// nullopt where it holds a variable or there is no Base to resolve it by.
static std::optional<std::string> resolvedSource(llvm::StringRef Written,
                                                 const std::optional<std::string> &Base) {
  if (Written.find('$') != llvm::StringRef::npos)
    return std::nullopt;
  llvm::SmallString<256> Full;
  if (llvm::sys::path::is_absolute(Written))
    Full = Written;
  else if (Base)
    llvm::sys::path::append(Full, *Base, Written);
  if (Full.empty())
    return std::nullopt;
  llvm::sys::path::remove_dots(Full, /*remove_dot_dot=*/true);
  return Full.str().str();
}

bool BuildFileEditor::migrateSource(const BuildWord &W, llvm::StringRef Written,
                                    std::optional<std::string> Base) {
  llvm::StringRef Word = textOf(W);
  llvm::StringRef File = fileNameOf(Written);
  // Suffix rules and suffix lists (`.cu.o:`, `.SUFFIXES: .cu`) name the
  // extension first; everything else ends with it.
  for (const auto &[From, To] : Extensions) {
    bool Suffix = File == From || File.starts_with(From + ".");
    if (!Suffix && !File.ends_with(From))
      continue;
    if (Suffix || File.find_first_of("*%?[") != llvm::StringRef::npos) {
      unsigned At = Suffix ? W.End - File.size() : W.End - From.size();
      std::string Replacement =
          (Text.slice(W.Begin, At) + To + Text.slice(At + From.size(), W.End)).str();
      record(Decide.sourcePattern(placeOf(W.Begin), Word, Replacement,
                                  {At, unsigned(From.size()), To}, From, To));
      return true;
    }
    std::optional<std::string> Resolved = resolvedSource(Written, Base);
    auto It = Resolved ? Renamed.find(*Resolved) : Renamed.end();
    if (It == Renamed.end()) {
      if (!claimed(W.Begin, W.End - W.Begin))
        record(Decide.sourceNotRenamed(placeOf(W.Begin), Word, Resolved.has_value()));
      return true;
    }
    llvm::StringRef NewFile = llvm::sys::path::filename(It->second);
    unsigned At = W.End - File.size();
    record(Decide.renamedSource(
        placeOf(W.Begin), Word, (Text.slice(W.Begin, At) + NewFile).str(),
        {At, unsigned(File.size()), NewFile.str()}, It->first, It->second));
    return true;
  }
  return false;
}

/// A word the target cannot carry stops the build where the build needs it
/// (a program it runs, a library it links, `-lX` anywhere); elsewhere it may.
static BuildImpact impactOf(const Event &E, bool Required) {
  if (E.Status != EventStatus::Unsupported && E.Status != EventStatus::Unknown)
    return BuildImpact::None;
  bool LinkFlag = E.Kind == buildRuleKindName(BuildRuleKind::Library) &&
                  llvm::StringRef(E.Cuda).starts_with("-l");
  return Required || LinkFlag ? BuildImpact::Blocks : BuildImpact::Risk;
}

BuildFileMigration BuildFileEditor::finish() {
  BuildFileMigration Out;
  for (Event &E : Events)
    E.Impact = impactOf(E, llvm::any_of(Required, [&](const auto &R) {
                          return R.first <= E.At.Offset && E.At.Offset < R.second;
                        }));
  llvm::stable_sort(
      Events, [](const Event &A, const Event &B) { return A.At.Offset < B.At.Offset; });
  Out.Edits = std::move(Edits);
  Out.Events = std::move(Events);
  return Out;
}

} // namespace musify
