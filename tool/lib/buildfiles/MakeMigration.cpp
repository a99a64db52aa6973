// Makefiles: tools at the command positions of recipes and assignments, the
// CUDA compiler's flags where they surely go to it (its command lines and
// the variables they expand), libraries, install paths, path variables and
// renamed sources everywhere outside comments.
#include "buildfiles/MakeMigration.h"
#include "buildfiles/CommentSyntax.h"
#include "buildfiles/MakeLexer.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace musify {

namespace {

/// The name of a word that is one variable reference (`$(NVCC)`, `${NVCC}`).
llvm::StringRef referencedName(llvm::StringRef Word) {
  if (Word.size() < 4 || Word[0] != '$' ||
      !((Word[1] == '(' && Word.back() == ')') || (Word[1] == '{' && Word.back() == '}')))
    return "";
  llvm::StringRef Name = Word.drop_front(2).drop_back();
  return Name.find_first_of("$:() \t{}") == llvm::StringRef::npos ? Name : "";
}

bool isSeparator(llvm::StringRef Word) {
  return Word == ";" || Word == "&&" || Word == "||" || Word == "|" || Word == "&";
}

/// An environment assignment before a command (`HIP_PLATFORM=amd hipcc ...`).
bool isEnvAssignment(llvm::StringRef Word) {
  size_t Eq = Word.find('=');
  if (Eq == llvm::StringRef::npos || Eq == 0)
    return false;
  return llvm::all_of(Word.take_front(Eq),
                      [](char C) { return llvm::isAlnum(C) || C == '_'; });
}

/// A shell command that finds a program by name (`which nvcc`, `command -v
/// nvcc`): its arguments name tools, as a command word does.
bool isLocator(llvm::StringRef Word) {
  return Word == "which" || Word == "command" || Word == "type" || Word == "whereis";
}

/// One shell command: Words[First] runs Words[First + 1, End).
struct ShellCommand {
  size_t First, End;
};

class MakeMigration {
public:
  MakeMigration(BuildFileEditor &Ed, llvm::StringRef HelpersDir)
      : Ed(Ed), Text(Ed.text()), Rules(Ed.rules()), HelpersDir(HelpersDir),
        HelpersVariable("MUSIFY_" + llvm::StringRef(Ed.targetName()).upper() +
                        "_HELPERS_DIR") {}

  void run() {
    for (const MakePiece &P : lexMakefile(Text))
      Pieces.push_back({P, makeWords(Text, P.Begin, P.End)});
    findCompilerVariables();
    Ed.setVariableValues([this](llvm::StringRef Word) { return valuesOf(Word); });
    for (const Piece &P : Pieces)
      migrate(P);
    Ed.setVariableValues(nullptr);
    if (HelpersAdded)
      defineHelpersDir();
  }

private:
  struct Piece {
    MakePiece Where;
    MakeWords Words;
  };

  llvm::StringRef textOf(const BuildWord &W) const { return Text.slice(W.Begin, W.End); }
  llvm::StringRef nameOf(const MakePiece &P) const {
    return Text.slice(P.NameBegin, P.NameEnd);
  }

  /// The command word W without a recipe's `@`, `-`, `+` prefixes.
  BuildWord commandWord(BuildWord W, bool LineStart) const {
    if (LineStart)
      while (W.Begin < W.End && llvm::StringRef("@-+").contains(Text[W.Begin]))
        W.OuterBegin = ++W.Begin;
    return W;
  }

  /// The tool a command word runs: a program (`nvcc`, `$(CUDA)/bin/nvcc`) or
  /// a variable that holds one.
  const BuildRule *toolOf(const BuildWord &W) const {
    llvm::StringRef Word = textOf(W);
    if (llvm::StringRef Name = referencedName(Word); !Name.empty())
      return ToolVariables.lookup(Name);
    return Rules.find(BuildRuleKind::Tool, Word.substr(Word.rfind('/') + 1));
  }

  std::vector<ShellCommand> commands(const std::vector<BuildWord> &Words) const {
    std::vector<ShellCommand> Out;
    size_t I = 0;
    while (I < Words.size()) {
      while (I < Words.size() &&
             (isSeparator(textOf(Words[I])) || isEnvAssignment(textOf(Words[I]))))
        ++I;
      if (I == Words.size())
        break;
      ShellCommand C{I, I + 1};
      bool Ends = textOf(Words[I]).ends_with(";");
      while (!Ends && C.End < Words.size() && !isSeparator(textOf(Words[C.End]))) {
        Ends = textOf(Words[C.End]).ends_with(";");
        ++C.End;
      }
      Out.push_back(C);
      I = C.End;
    }
    return Out;
  }

  /// Where the variable Word references is assigned: each value's range;
  /// nullopt where Word is no reference, or a value references others.
  std::optional<std::vector<std::pair<unsigned, unsigned>>>
  valuesOf(llvm::StringRef Word) const {
    llvm::StringRef Name = referencedName(Word);
    if (Name.empty())
      return std::nullopt;
    std::vector<std::pair<unsigned, unsigned>> Values;
    for (const Piece &P : Pieces) {
      if (P.Where.Role != MakeRole::Value || nameOf(P.Where) != Name)
        continue;
      if (P.Words.TopLevel.empty() || !P.Words.Refs.empty())
        return std::nullopt;
      Values.push_back({P.Words.TopLevel.front().Begin, P.Words.TopLevel.back().End});
    }
    return Values;
  }

  /// Which variables hold the CUDA compiler (NVCC := nvcc) and which hold
  /// its flags (variables expanded on its command lines, and in those).
  void findCompilerVariables() {
    bool Changed = true;
    while (Changed) {
      Changed = false;
      auto FlagsOf = [&](llvm::ArrayRef<BuildWord> Words) {
        for (const BuildWord &W : Words)
          if (llvm::StringRef Name = referencedName(textOf(W)); !Name.empty())
            Changed |= FlagVariables.insert(Name).second;
      };
      for (const Piece &P : Pieces) {
        const std::vector<BuildWord> &Words = P.Words.TopLevel;
        if (P.Where.Role == MakeRole::Value) {
          llvm::StringRef Name = nameOf(P.Where);
          const BuildRule *Tool = Words.empty() ? nullptr : toolOf(Words.front());
          if (!Tool && Words.size() == 1)
            Tool = locatedTool(P.Words);
          if (Tool && Tool->Flags) {
            if (!ToolVariables.count(Name)) {
              ToolVariables[Name] = Tool;
              Changed = true;
            }
            FlagsOf(llvm::ArrayRef(Words).drop_front());
          } else if (FlagVariables.contains(Name)) {
            FlagsOf(Words);
          }
        } else if (P.Where.Role == MakeRole::Shell) {
          for (const ShellCommand &C : commands(Words)) {
            const BuildRule *Tool = toolOf(commandWord(Words[C.First], C.First == 0));
            if (Tool && Tool->Flags)
              FlagsOf(llvm::ArrayRef(Words).slice(C.First + 1, C.End - C.First - 1));
          }
        }
      }
    }
  }

  /// The tools a locator command names (`which nvcc`): its arguments that
  /// are no options.
  std::vector<BuildWord> locatedWords(const std::vector<BuildWord> &Words, ShellCommand C,
                                      bool LineStart) const {
    std::vector<BuildWord> Out;
    if (!isLocator(textOf(commandWord(Words[C.First], LineStart))))
      return Out;
    for (size_t I = C.First + 1; I < C.End; ++I)
      if (!textOf(Words[I]).starts_with("-"))
        Out.push_back(Words[I]);
    return Out;
  }

  /// The tool that the value `$(shell which nvcc 2>/dev/null)` finds, so the
  /// variable holds it as `NVCC := nvcc` would.
  const BuildRule *locatedTool(const MakeWords &Words) const {
    for (const auto &[B, E] : Words.ShellTexts) {
      MakeWords Shell = makeWords(Text, B, E);
      for (const ShellCommand &C : commands(Shell.TopLevel))
        for (const BuildWord &W : locatedWords(Shell.TopLevel, C, false))
          if (const BuildRule *Tool = toolOf(W);
              Tool && referencedName(textOf(W)).empty())
            return Tool;
    }
    return nullptr;
  }

  /// A word that names Tool by its path or name: the name renamed (or
  /// reported) where it is written.
  void toolName(const BuildWord &W, const BuildRule &Tool) {
    llvm::StringRef Word = textOf(W);
    if (!referencedName(Word).empty())
      return;
    size_t Slash = Word.rfind('/');
    unsigned At = Slash == llvm::StringRef::npos ? W.Begin : W.Begin + Slash + 1;
    Ed.apply(Tool, At, W.End - At, Text.slice(At, W.End), Tool.Replacement);
  }

  /// The command at Words[C.First]: its tool renamed; its arguments migrated
  /// as the CUDA compiler's flags if that is what it runs, or as tools if
  /// the command finds programs.
  void command(const std::vector<BuildWord> &Words, ShellCommand C, bool LineStart,
               bool InRecipe = false) {
    for (const BuildWord &W : locatedWords(Words, C, LineStart))
      if (const BuildRule *Tool = toolOf(W))
        toolName(W, *Tool);
    BuildWord W = commandWord(Words[C.First], LineStart);
    const BuildRule *Tool = toolOf(W);
    if (!Tool)
      return;
    toolName(W, *Tool);
    if (!Tool->Flags)
      return;
    flags(llvm::ArrayRef(Words).slice(C.First + 1, C.End - C.First - 1));
    if (InRecipe && Tool->Supported)
      addHelpersDir(W);
  }

  /// A recipe's compiler command (W its command word) gets musify's helper
  /// headers for the target on its include path: migrated sources include
  /// them (musify/hip_helpers.h) as the target's own headers. On the
  /// command, not in the compiler's variable, so `make CC=...` keeps it;
  /// in single quotes, so the shell takes the folder as it is. A folder
  /// with a quote or a line break is not written.
  void addHelpersDir(const BuildWord &W) {
    if (HelpersDir.empty() || HelpersDir.find_first_of("'\n\r") != llvm::StringRef::npos)
      return;
    HelpersAdded |= Ed.edit(W.End, 0, " -I'$(" + HelpersVariable + ")'");
  }

  /// `MUSIFY_HIP_HELPERS_DIR ?= <musify>/share/musify/hip/include` before
  /// the first line that is no comment: where this musify keeps them; a
  /// build elsewhere sets it (`make MUSIFY_HIP_HELPERS_DIR=...`).
  void defineHelpersDir() {
    size_t At = 0;
    bool Continued = false; // a comment line ending in `\` goes on
    while (At < Text.size()) {
      llvm::StringRef Line = Text.substr(At, Text.find('\n', At) - At);
      llvm::StringRef Trimmed = Line.ltrim();
      if (!Continued && !Trimmed.empty() && !Trimmed.starts_with("#"))
        break;
      Continued =
          (Continued || Trimmed.starts_with("#")) && Line.rtrim("\r").ends_with("\\");
      At += Line.size() + 1;
    }
    At = std::min(At, Text.size());
    std::string Definition =
        commentLine(CommentSyntax::Makefile, "musify: musify's " +
                                                 std::string(Ed.targetName()) +
                                                 " helper headers, which migrated "
                                                 "sources include") +
        "\n" + HelpersVariable + " ?= " + makeEscaped(HelpersDir) + "\n";
    if (At == Text.size() && !Text.empty() && !Text.ends_with("\n"))
      Definition.insert(0, "\n");
    Ed.edit(At, 0, std::move(Definition));
  }

  /// Path as a make value: `$` doubled, `#` escaped (a space stays: a value
  /// keeps it).
  static std::string makeEscaped(llvm::StringRef Path) {
    std::string Out;
    for (char C : Path) {
      if (C == '$' || C == '#')
        Out += C == '$' ? '$' : '\\';
      Out += C;
    }
    return Out;
  }

  void flags(llvm::ArrayRef<BuildWord> Words) {
    for (const BuildWord &W : Words)
      FlagWords.insert(W.Begin);
    Ed.migrateFlags(
        Words, /*ReportUnknown=*/true, [](const BuildWord &) { return " "; },
        /*SemicolonSeparates=*/false);
  }

  void migrate(const Piece &P) {
    const std::vector<BuildWord> &Words = P.Words.TopLevel;
    switch (P.Where.Role) {
    case MakeRole::Value: {
      llvm::StringRef Name = nameOf(P.Where);
      Ed.lookUp(BuildRuleKind::PathVariable, P.Where.NameBegin, Name);
      if (!Words.empty() && toolOf(Words.front()))
        command(Words, {0, Words.size()}, false);
      else if (FlagVariables.contains(Name))
        flags(Words);
      break;
    }
    case MakeRole::Shell:
      for (const ShellCommand &C : commands(Words))
        command(Words, C, C.First == 0, /*InRecipe=*/true);
      break;
    case MakeRole::Names:
      for (const BuildWord &W : Words)
        Ed.lookUp(BuildRuleKind::PathVariable, W.Begin, textOf(W));
      break;
    case MakeRole::Words:
      break;
    }
    for (const auto &[B, E] : P.Words.ShellTexts) {
      MakeWords Shell = makeWords(Text, B, E);
      for (const ShellCommand &C : commands(Shell.TopLevel))
        command(Shell.TopLevel, C, false);
    }

    for (const auto &[B, E] : P.Words.MessageTexts)
      message(B, E);

    for (const std::vector<BuildWord> *List : {&Words, &P.Words.Inner})
      for (const BuildWord &W : *List) {
        if (!FlagWords.contains(W.Begin))
          Ed.migrateLibraryFlag(W);
        toolPath(W);
        source(W);
      }
    for (const MakeRef &Ref : P.Words.Refs)
      Ed.lookUp(BuildRuleKind::PathVariable, Ref.NameBegin,
                Text.slice(Ref.NameBegin, Ref.NameEnd));
    Ed.migratePaths(P.Where.Begin, P.Where.End);
  }

  /// A path to a tool outside a command (`$(wildcard $(CUDA_HOME)/bin/nvcc)`).
  void toolPath(const BuildWord &W) {
    llvm::StringRef Word = textOf(W);
    size_t Slash = Word.rfind('/');
    if (Slash == llvm::StringRef::npos || !referencedName(Word).empty())
      return;
    if (const BuildRule *Tool =
            Rules.find(BuildRuleKind::Tool, Word.drop_front(Slash + 1)))
      toolName(W, *Tool);
  }

  /// The message of `$(error nvcc not found)`: a tool it names by its name
  /// is the migrated build's tool (a tool with no counterpart is reported
  /// where the build uses it, not in its messages).
  void message(unsigned B, unsigned E) {
    for (const BuildWord &W : makeWords(Text, B, E).TopLevel) {
      BuildWord Name = W;
      while (Name.End > Name.Begin &&
             llvm::StringRef(",.:;!?").contains(Text[Name.End - 1]))
        --Name.End;
      const BuildRule *Tool = Rules.find(BuildRuleKind::Tool, textOf(Name));
      if (Tool && Tool->Supported)
        toolName(Name, *Tool);
    }
  }

  /// A source name, relative to the Makefile's folder (where make runs it).
  void source(const BuildWord &W) {
    llvm::StringRef Written = textOf(W);
    while (Written.consume_front("./"))
      ;
    std::optional<std::string> Base;
    if (Written.consume_front("$(CURDIR)/") || Written.consume_front("${CURDIR}/") ||
        !Written.starts_with("$"))
      Base = Ed.directory().str();
    Ed.migrateSource(W, Written, Base);
  }

  BuildFileEditor &Ed;
  llvm::StringRef Text;
  const BuildRules &Rules;
  std::vector<Piece> Pieces;
  llvm::StringMap<const BuildRule *> ToolVariables;
  llvm::StringSet<> FlagVariables;
  llvm::DenseSet<unsigned> FlagWords; ///< words migrated as flags
  llvm::StringRef HelpersDir;         ///< empty: no helper headers to add
  std::string HelpersVariable;
  bool HelpersAdded = false;
};

} // namespace

void migrateMakefile(BuildFileEditor &Editor, llvm::StringRef HelpersDir) {
  MakeMigration(Editor, HelpersDir).run();
}

} // namespace musify
