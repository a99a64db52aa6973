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
    : Path(Path.str()), Text(Text), Rules(Rules), Target(Target), Renamed(Renamed),
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

bool BuildFileEditor::claimed(unsigned Offset, unsigned Length) const {
  for (const auto &[B, E] : Claimed) {
    if (B >= Offset + std::max(Length, 1u))
      break;
    if (Length == 0 ? B < Offset && Offset < E : B < Offset + Length && Offset < E)
      return true;
  }
  return false;
}

bool BuildFileEditor::edit(unsigned Offset, unsigned Length, std::string NewText) {
  if (claimed(Offset, Length))
    return false;
  if (Length)
    Claimed.insert({Offset, Offset + Length});
  Edits.push_back({Offset, Length, std::move(NewText)});
  return true;
}

bool BuildFileEditor::erase(unsigned Begin, unsigned End, bool SemicolonSeparates) {
  size_t LineStart = Text.rfind('\n', Begin);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  size_t LineEnd = Text.find('\n', End);
  if (LineEnd == llvm::StringRef::npos)
    LineEnd = Text.size();
  // What goes with the word, best first; text an earlier edit took is not
  // taken twice (two neighbours dropped from one list).
  std::vector<std::pair<size_t, size_t>> Ranges;
  llvm::StringRef After = Text.slice(End, LineEnd).trim(" \t\r");
  if (onlyBlanks(Text, LineStart, Begin, false) && (After.empty() || After == "\\")) {
    // Alone on its line: the line goes. The last line of a continued line
    // takes the continuation of the line before with it.
    llvm::StringRef Before = Text.take_front(LineStart).rtrim("\r\n");
    if (After.empty() && LineStart > 0 && Before.ends_with("\\"))
      Ranges.push_back({Before.rtrim("\\").rtrim(" \t").size(), LineEnd});
    else
      Ranges.push_back({LineStart, std::min<size_t>(LineEnd + 1, Text.size())});
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
      return edit(B, E - B, "");
  return false;
}

Event &BuildFileEditor::event(unsigned Offset, llvm::StringRef Kind,
                              llvm::StringRef Cuda, const BuildRule *Rule) {
  Event E;
  E.At.File = Path;
  E.At.Offset = Offset;
  std::tie(E.At.Line, E.At.Column) = Lines.lineAndColumn(Offset);
  E.Cuda = Cuda.str();
  E.Replacement = Cuda.str();
  E.Kind = Kind.str();
  E.Family = "build";
  E.How = Evidence::BuildFile;
  if (Rule) {
    E.VerifiedBy = Rule->VerifiedBy;
    E.Note = Rule->Note;
    E.NeedsReview = Rule->Review;
  }
  Events.push_back(std::move(E));
  return Events.back();
}

Event *BuildFileEditor::apply(const BuildRule &Rule, unsigned Offset, unsigned Length,
                              llvm::StringRef Cuda, const std::string &Replacement) {
  if (claimed(Offset, Length))
    return nullptr;
  const char *Kind = buildRuleKindName(Rule.Kind);
  if (!Rule.Supported) {
    Event &E = event(Offset, Kind, Cuda, &Rule);
    E.Status = EventStatus::Unsupported;
    E.NeedsReview = false;
    return &E;
  }
  if (Replacement == Cuda) {
    Event &E = event(Offset, Kind, Cuda, &Rule);
    E.Status = EventStatus::Kept;
    return &E;
  }
  if (!edit(Offset, Length, Replacement))
    return nullptr;
  Event &E = event(Offset, Kind, Cuda, &Rule);
  E.Status = EventStatus::Migrated;
  E.Replacement = Replacement;
  return &E;
}

void BuildFileEditor::unknown(BuildRuleKind Kind, unsigned Offset, llvm::StringRef Cuda,
                              const BuildRule *Prefix) {
  if (claimed(Offset, Cuda.size()))
    return;
  Event &E = event(Offset, buildRuleKindName(Kind), Cuda, nullptr);
  E.Status = EventStatus::Unknown;
  E.Note = Prefix && !Prefix->Note.empty()
               ? Prefix->Note
               : std::string("not in the ") + targetName() + " build tables";
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
      if (Word.starts_with(R->Cuda) && (!Longest || R->Cuda.size() > Longest->Cuda.size()))
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

void BuildFileEditor::applyFlag(
    const BuildRule &R, llvm::ArrayRef<BuildWord> Words, size_t &I, llvm::StringRef Name,
    std::optional<llvm::StringRef> JoinedValue,
    llvm::function_ref<llvm::StringRef(const BuildWord &)> Separator,
    bool SemicolonSeparates) {
  const BuildWord &W = Words[I];
  unsigned Begin = W.Begin, End = W.End;
  // The value, as [ValueBegin, ValueEnd) of the text, without quotes.
  unsigned ValueBegin = End, ValueEnd = End;
  bool HasValue = false;
  if (JoinedValue) {
    ValueBegin = W.Begin + Name.size() + (R.Value == FlagValue::Separate ? 1 : 0);
    HasValue = true;
  } else if (R.Value == FlagValue::Separate) {
    if (I + 1 < Words.size() &&
        onlyBlanks(Text, W.OuterEnd, Words[I + 1].OuterBegin, SemicolonSeparates)) {
      ++I;
      ValueBegin = Words[I].Begin;
      ValueEnd = Words[I].End;
      End = Words[I].OuterEnd;
      HasValue = true;
    }
  }
  llvm::StringRef Value = Text.slice(ValueBegin, ValueEnd);
  llvm::StringRef Cuda = Text.slice(Begin, End);
  const char *Kind = buildRuleKindName(R.Kind);
  if (R.Action == FlagAction::Pass || claimed(Begin, End - Begin))
    return;
  auto Unsupported = [&](const std::string &Why) {
    Event &E = event(Begin, Kind, Cuda, &R);
    E.Status = EventStatus::Unsupported;
    E.NeedsReview = false;
    if (!Why.empty())
      E.Note = R.Note.empty() ? Why : Why + "; " + R.Note;
  };
  if (!R.Supported)
    return Unsupported("");
  if (R.Value == FlagValue::Separate && !HasValue)
    return Unsupported("its value is not beside it");
  auto Migrated = [&](const std::string &Replacement) {
    Event &E = event(Begin, Kind, Cuda, &R);
    E.Status = EventStatus::Migrated;
    E.Replacement = Replacement;
  };

  if (!R.Values.empty()) {
    auto It = R.Values.find(unquoted(Value).str());
    if (It == R.Values.end())
      return Unsupported("no translation of the value '" + Value.str() + "'");
    if (It->second.empty()) {
      if (erase(Begin, End, SemicolonSeparates))
        Migrated("");
    } else if (It->second != Cuda && edit(Begin, End - Begin, It->second)) {
      Migrated(It->second);
    }
    return;
  }

  switch (R.Action) {
  case FlagAction::Pass:
    return;
  case FlagAction::Drop:
    if (erase(Begin, End, SemicolonSeparates))
      Migrated("");
    return;
  case FlagAction::Unwrap: {
    // The flag and what joins it to the value go; commas become separators.
    std::string Result;
    if (!edit(Begin, ValueBegin - Begin, ""))
      return;
    if (End > ValueEnd)
      edit(ValueEnd, End - ValueEnd, "");
    for (unsigned P = ValueBegin; P < ValueEnd; ++P) {
      if (Text[P] == ',') {
        edit(P, 1, Separator(W).str());
        Result += Separator(W);
      } else {
        Result += Text[P];
      }
    }
    Migrated(Result);
    return;
  }
  case FlagAction::Arch: {
    const BuildArchitectures *Arch = Rules.architectures();
    std::vector<std::string> Targets;
    for (size_t P = 0; P < Value.size(); ++P) {
      if (P > 0 && llvm::isAlnum(Value[P - 1]))
        continue;
      for (const std::string &Prefix : Arch->CudaPrefixes) {
        if (!Value.drop_front(P).starts_with(Prefix))
          continue;
        llvm::StringRef Digits = Value.drop_front(P + Prefix.size());
        Digits = Digits.take_while(llvm::isDigit);
        long long Number;
        if (Digits.empty() || Digits.getAsInteger(10, Number))
          continue;
        const std::pair<long long, long long> *Match = nullptr;
        for (const auto &Pair : Arch->Map)
          if (Pair.first <= Number * Arch->Scale)
            Match = &Pair;
        std::string Written = (Prefix + Digits).str();
        if (!Match)
          return Unsupported(Written + " is older than every architecture of the "
                                       "threshold map");
        std::string Name = R.Replacement;
        size_t Hole = Name.find("{arch}");
        Name.replace(Hole, 6, std::to_string(Match->second / Arch->Scale));
        if (!llvm::is_contained(Targets, Name))
          Targets.push_back(Name);
        P += Prefix.size() + Digits.size() - 1;
        break;
      }
    }
    if (Targets.empty())
      return Unsupported("'" + Value.str() + "' names no CUDA architecture");
    std::string Replacement = llvm::join(Targets, Separator(W));
    if (edit(Begin, End - Begin, Replacement))
      Migrated(Replacement);
    return;
  }
  case FlagAction::Rename: {
    std::string Replacement = R.Replacement;
    if (size_t Hole = Replacement.find("{value}"); Hole != std::string::npos) {
      Replacement.replace(Hole, 7, unquoted(Value).str());
      // A flag both compilers spell alike is not a finding.
      if (Replacement != Cuda && edit(Begin, End - Begin, Replacement))
        Migrated(Replacement);
      return;
    }
    // The flag's name changes; its value stays as written.
    if (R.Replacement == Name) {
      event(Begin, Kind, Cuda, &R).Status = EventStatus::Kept;
      return;
    }
    if (edit(Begin, Name.size(), R.Replacement))
      Migrated((R.Replacement + Cuda.drop_front(Name.size())).str());
    return;
  }
  }
}

void BuildFileEditor::migratePaths(unsigned Begin, unsigned End) {
  for (const BuildRule *R : Rules.ofKind(BuildRuleKind::Path)) {
    if (R->Prefix)
      continue;
    for (size_t Pos = Text.find(R->Cuda, Begin); Pos != llvm::StringRef::npos && Pos < End;
         Pos = Text.find(R->Cuda, Pos + 1)) {
      if (Pos + R->Cuda.size() > End || !startsPath(Text, Pos, Begin))
        continue;
      size_t MatchEnd = Pos + R->Cuda.size();
      // A versioned install folder (`/usr/local/cuda-12.2`) is the same SDK.
      if (MatchEnd + 1 < End && Text[MatchEnd] == '-' && llvm::isDigit(Text[MatchEnd + 1]))
        while (MatchEnd < End && (llvm::isDigit(Text[MatchEnd]) || Text[MatchEnd] == '.' ||
                                  Text[MatchEnd] == '-'))
          ++MatchEnd;
      if (MatchEnd < End && (llvm::isAlnum(Text[MatchEnd]) || Text[MatchEnd] == '_'))
        continue;
      llvm::StringRef Written = Text.slice(Pos, MatchEnd);
      apply(*R, Pos, Written.size(), Written, R->Replacement);
    }
  }
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
      if (claimed(At, From.size()) || !edit(At, From.size(), To))
        return true;
      Event &E = event(W.Begin, "source-pattern", Word, nullptr);
      E.Status = EventStatus::Migrated;
      E.Replacement =
          (Text.slice(W.Begin, At) + To + Text.slice(At + From.size(), W.End)).str();
      E.NeedsReview = true;
      E.Note = "a pattern of sources: it matches the migrated sources only if every " +
               From + " source it matched was renamed to " + To;
      return true;
    }
    std::optional<std::string> Resolved;
    if (Written.find('$') == llvm::StringRef::npos) {
      llvm::SmallString<256> Full;
      if (llvm::sys::path::is_absolute(Written))
        Full = Written;
      else if (Base)
        llvm::sys::path::append(Full, *Base, Written);
      if (!Full.empty()) {
        llvm::sys::path::remove_dots(Full, /*remove_dot_dot=*/true);
        Resolved = Full.str().str();
      }
    }
    auto It = Resolved ? Renamed.find(*Resolved) : Renamed.end();
    if (It == Renamed.end()) {
      if (claimed(W.Begin, W.End - W.Begin))
        return true;
      Event &E = event(W.Begin, "source", Word, nullptr);
      E.Status = EventStatus::Kept;
      E.NeedsReview = true;
      E.Note = Resolved ? "not among the renamed sources; left as written"
                        : "cannot tell which file this names; left as written (rename "
                          "it if its file was renamed)";
      return true;
    }
    llvm::StringRef NewFile = llvm::sys::path::filename(It->second);
    unsigned At = W.End - File.size();
    if (!edit(At, File.size(), NewFile.str()))
      return true;
    Event &E = event(W.Begin, "source", Word, nullptr);
    E.Status = EventStatus::Migrated;
    E.Replacement = (Text.slice(W.Begin, At) + NewFile).str();
    if (llvm::sys::path::parent_path(It->second) !=
        llvm::sys::path::parent_path(It->first)) {
      E.NeedsReview = true;
      E.Note = "renamed into another folder: " + It->second;
    }
    return true;
  }
  return false;
}

BuildFileMigration BuildFileEditor::finish() {
  BuildFileMigration Out;
  llvm::stable_sort(Edits, [](const Edit &A, const Edit &B) {
    return std::make_pair(A.Offset, A.Length) < std::make_pair(B.Offset, B.Length);
  });
  for (Edit &E : Edits) {
    if (!Out.Edits.empty()) {
      Edit &Last = Out.Edits.back();
      // Two insertions at one place are one edit, in the order they were made.
      if (Last.Length == 0 && E.Length == 0 && Last.Offset == E.Offset) {
        Last.Text += E.Text;
        continue;
      }
      if (E.Offset < Last.Offset + Last.Length)
        continue;
    }
    Out.Edits.push_back(std::move(E));
  }
  llvm::stable_sort(Events, [](const Event &A, const Event &B) {
    return A.At.Offset < B.At.Offset;
  });
  Out.Events = std::move(Events);
  return Out;
}

} // namespace musify
