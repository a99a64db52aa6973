// CMake files: each command's arguments matched against the build rules where
// CMake's grammar puts each kind of word (a language in project(), a package
// in find_package(), a library in target_link_libraries(), ...). The engine
// knows CMake's own commands and keywords; every CUDA word is in the tables.
#include "buildfiles/CMakeMigration.h"
#include "buildfiles/CMakeLexer.h"
#include "buildfiles/CommentSyntax.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

namespace musify {

namespace {

bool isOneOf(llvm::StringRef Name, std::initializer_list<llvm::StringRef> Names) {
  return llvm::any_of(Names,
                      [&](llvm::StringRef N) { return Name.equals_insensitive(N); });
}

/// The CMake commands whose arguments are compiler or linker options.
bool takesOptions(llvm::StringRef Command) {
  return isOneOf(Command, {"target_compile_options", "add_compile_options",
                           "target_link_options", "add_link_options"});
}

/// The CMake commands that name properties: there a bare word is a
/// property, elsewhere a variable.
bool namesProperties(llvm::StringRef Command) {
  return isOneOf(Command, {"set_target_properties", "set_source_files_properties",
                           "set_property", "get_property", "get_target_property",
                           "get_source_file_property", "define_property"});
}

/// The command that appends Value to Target's Property: set_property(),
/// which mixes with every other command that sets it.
std::string appendToProperty(llvm::StringRef Target, llvm::StringRef Property,
                             llvm::StringRef Value) {
  return ("set_property(TARGET " + Target + " APPEND PROPERTY " + Property + " " + Value +
          ")")
      .str();
}

bool isSourceCommand(llvm::StringRef Command) {
  return isOneOf(Command, {"add_executable", "add_library", "target_sources"});
}

/// A package the migration adds: the first target that needs it and where.
struct NeededPackage {
  std::string Name;
  std::string NeededBy;
  unsigned Offset;    ///< of the target that needs it
  unsigned LineBegin; ///< of the command that names the target
};

class CMakeMigration {
public:
  CMakeMigration(BuildFileEditor &Ed, bool ListsFile, llvm::StringRef HelpersDir)
      : Ed(Ed), Text(Ed.text()), Rules(Ed.rules()), ListsFile(ListsFile),
        HelpersDir(HelpersDir),
        HelpersVariable("MUSIFY_" + llvm::StringRef(Ed.targetName()).upper() +
                        "_HELPERS_DIR") {
    for (const BuildRule *R : Rules.ofKind(BuildRuleKind::CMakeLanguage))
      if (!R->Prefix && !R->SourceExtensions.empty() && R->Supported && !SourceLanguage)
        SourceLanguage = R;
  }

  void run() {
    Commands = lexCMake(Text);
    for (const CMakeCommand &C : Commands) {
      if (C.Name.equals_insensitive("project") && !C.Arguments.empty() &&
          ProjectName.empty()) {
        ProjectName = bare(C.Arguments[0]).str();
        FirstProject = &C;
      }
      if (SourceLanguage && !SourceLanguage->SourceCommand.empty() &&
          C.Name.equals_insensitive(sourceCommandName()))
        for (const CMakeArgument &A : C.Arguments)
          HaveLanguage.insert(Text.slice(A.Begin, A.End));
      // Sources a file already gives the target language (a migrated file
      // migrated again) need no second property.
      if (SourceLanguage && C.Name.equals_insensitive("set_source_files_properties"))
        for (size_t I = 0; I + 1 < C.Arguments.size(); ++I)
          if (bareAt(C, I) == "LANGUAGE" &&
              bareAt(C, I + 1) == SourceLanguage->Replacement)
            for (size_t S = 0; S < C.Arguments.size() && bareAt(C, S) != "PROPERTIES";
                 ++S)
              HaveLanguage.insert(Text.slice(C.Arguments[S].Begin, C.Arguments[S].End));
    }
    for (const CMakeCommand &C : Commands)
      command(C);
    addSetup();
    defineHelpersDir();
    addPackages();
  }

private:
  llvm::StringRef bare(const CMakeArgument &A) const {
    return A.Form == CMakeArgument::Unquoted ? Text.slice(A.Begin, A.End) : "";
  }
  llvm::StringRef bareAt(const CMakeCommand &C, size_t I) const {
    return I < C.Arguments.size() ? bare(C.Arguments[I]) : "";
  }
  std::string indentOf(const CMakeCommand &C) const {
    llvm::StringRef Indent = Text.slice(C.LineBegin, C.NameBegin);
    return Indent.find_first_not_of(" \t") == llvm::StringRef::npos ? Indent.str() : "";
  }

  /// A generator-expression condition that selects the CUDA language
  /// (`$<COMPILE_LANGUAGE:CUDA>`): its arguments are CUDA compiler flags.
  bool isCudaCondition(llvm::StringRef Condition) const {
    for (const BuildRule *R : Rules.ofKind(BuildRuleKind::CMakeLanguage))
      for (size_t At = Condition.find(":" + R->Cuda); At != llvm::StringRef::npos;
           At = Condition.find(":" + R->Cuda, At + 1)) {
        size_t After = At + 1 + R->Cuda.size();
        if (After < Condition.size() &&
            (Condition[After] == '>' || Condition[After] == ','))
          return true;
      }
    return false;
  }

  /// The extension a source name will have after the migration.
  std::string finalExtension(llvm::StringRef Name) const {
    std::string Ext = llvm::sys::path::extension(Name).str();
    auto It = Ed.renamedExtensions().find(Ext);
    return It == Ed.renamedExtensions().end() ? Ext : It->second;
  }
  /// A source (or, with Patterns, a glob of sources) the CUDA language
  /// compiles that keeps an extension the target language does not take by
  /// default.
  bool needsLanguage(llvm::StringRef Word, bool Patterns) const {
    if (!SourceLanguage ||
        (!Patterns && Word.find_first_of("*?") != llvm::StringRef::npos))
      return false;
    std::string Ext = finalExtension(Word);
    return llvm::is_contained(SourceLanguage->SourceExtensions, Ext) &&
           !llvm::is_contained(SourceLanguage->TargetExtensions, Ext);
  }

  void command(const CMakeCommand &C) {
    Ed.lookUp(BuildRuleKind::CMakeCommand, C.NameBegin, C.Name);
    const BuildRule *CommandRule = Rules.find(BuildRuleKind::CMakeCommand, C.Name);
    if (isOneOf(C.Name, {"find_package", "find_dependency"}))
      package(C);
    booleanSettings(C);

    std::vector<std::vector<CMakeWord>> Words;
    for (const CMakeArgument &A : C.Arguments)
      Words.push_back(cmakeWords(Text, A));
    markRequired(C);

    // Flags: in a command that sets a flags variable, or one whose arguments
    // are options, and in generator expressions for the CUDA language.
    bool FlagsCommand = CommandRule && CommandRule->Flags;
    for (const CMakeArgument &A : C.Arguments)
      if (const BuildRule *R = Rules.find(BuildRuleKind::CMakeVariable, bare(A)))
        FlagsCommand |= R->Flags;
    bool OptionsCommand = FlagsCommand || takesOptions(C.Name);
    flags(C, Words, FlagsCommand, OptionsCommand);

    for (size_t I = 0; I < C.Arguments.size(); ++I) {
      const CMakeArgument &A = C.Arguments[I];
      if (A.Form == CMakeArgument::Bracket)
        continue;
      for (const CMakeWord &W : Words[I])
        word(C, I, W);
      for (const CMakeVariableRef &Ref : cmakeVariableRefs(Text, A.Begin, A.End)) {
        llvm::StringRef Name = Text.slice(Ref.NameBegin, Ref.NameEnd);
        BuildRuleKind First = Ref.Form == CMakeVariableRef::Env
                                  ? BuildRuleKind::PathVariable
                                  : BuildRuleKind::CMakeVariable;
        BuildRuleKind Second = First == BuildRuleKind::PathVariable
                                   ? BuildRuleKind::CMakeVariable
                                   : BuildRuleKind::PathVariable;
        if (!Ed.lookUp(First, Ref.NameBegin, Name))
          Ed.lookUp(Second, Ref.NameBegin, Name);
      }
      // A message is text for people: an install path there is not read.
      if (!C.Name.equals_insensitive("message"))
        Ed.migratePaths(A.Begin, A.End);
    }
    architectureValues(C, Words);
    sourceVariables(C, Words);
    if (isSourceCommand(C.Name))
      sourceLanguage(C, Words);
    dropEmptiedFlags(C);
    dropEmptiedOptions(C);
    dropRepeatedSet(C);
  }

  /// Generator expressions of an options command whose options the
  /// migration all dropped (`$<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda>`
  /// becomes `$<$<COMPILE_LANGUAGE:CXX>:>`) go, and the command with them
  /// where no option is left.
  void dropEmptiedOptions(const CMakeCommand &C) {
    if (!takesOptions(C.Name))
      return;
    std::vector<const CMakeArgument *> Emptied;
    size_t Kept = 0;
    size_t First = C.Name.starts_with_insensitive("target_") ? 1 : 0;
    for (size_t I = First; I < C.Arguments.size(); ++I) {
      const CMakeArgument &A = C.Arguments[I];
      if (isOneOf(bare(A), {"PRIVATE", "PUBLIC", "INTERFACE", "BEFORE"}))
        continue;
      bool Empty = llvm::StringRef(Ed.editedText(A.Begin, A.End)).ends_with(":>") &&
                   !Text.slice(A.Begin, A.End).ends_with(":>");
      if (Empty)
        Emptied.push_back(&A);
      else
        ++Kept;
    }
    if (Emptied.empty())
      return;
    if (!Kept &&
        Ed.eraseEdited(C.NameBegin, C.CloseParen + 1, /*SemicolonSeparates=*/false)) {
      Ed.forgetChangesWithin(C.NameBegin, C.CloseParen + 1);
      return;
    }
    for (const CMakeArgument *A : Emptied)
      if (Ed.eraseEdited(A->OuterBegin, A->OuterEnd, /*SemicolonSeparates=*/false))
        Ed.forgetChangesWithin(A->OuterBegin, A->OuterEnd);
  }

  /// The words the build cannot do without: the program of each COMMAND
  /// of a build or configure step, and the libraries a target links.
  void markRequired(const CMakeCommand &C) {
    bool Links = isOneOf(C.Name, {"target_link_libraries", "link_libraries"});
    bool Runs =
        isOneOf(C.Name, {"add_custom_command", "add_custom_target", "execute_process"});
    for (size_t I = 0; I < C.Arguments.size(); ++I)
      if ((Links && I > 0) || (Runs && I > 0 && bareAt(C, I - 1) == "COMMAND"))
        Ed.markRequired(C.Arguments[I].Begin, C.Arguments[I].End);
  }

  /// A set() the migration made repeat the last set() of its variable in
  /// the same block (CMAKE_CXX_STANDARD and CMAKE_CUDA_STANDARD, both 17 on
  /// MUSA) goes: it sets nothing new.
  void dropRepeatedSet(const CMakeCommand &C) {
    if (isOneOf(C.Name,
                {"if", "elseif", "else", "endif", "foreach", "endforeach", "while",
                 "endwhile", "function", "endfunction", "macro", "endmacro", "block",
                 "endblock", "include", "add_subdirectory"})) {
      LastSet.clear();
      return;
    }
    if (!C.Name.equals_insensitive("set") || C.Arguments.empty())
      return;
    const CMakeArgument &Var = C.Arguments[0];
    std::string Name = Ed.editedText(Var.OuterBegin, Var.OuterEnd);
    std::string Now = Ed.editedText(C.NameBegin, C.CloseParen + 1);
    auto It = LastSet.find(Name);
    if (It != LastSet.end() && It->second == Now &&
        Now != Text.slice(C.NameBegin, C.CloseParen + 1) &&
        Ed.eraseEdited(C.NameBegin, C.CloseParen + 1, /*SemicolonSeparates=*/false))
      return;
    LastSet[Name] = Now;
  }

  /// A command that adds flags to a flags variable, and whose flags the
  /// migration all dropped (`string(APPEND CMAKE_CUDA_FLAGS " -lineinfo")`,
  /// `set(CMAKE_CUDA_FLAGS "${CMAKE_CUDA_FLAGS} -lineinfo")`), goes whole.
  void dropEmptiedFlags(const CMakeCommand &C) {
    bool Append = C.Name.equals_insensitive("string") &&
                  isOneOf(bareAt(C, 0), {"APPEND", "PREPEND"});
    size_t Var = Append ? 1 : 0;
    if ((!Append && !C.Name.equals_insensitive("set")) || C.Arguments.size() < Var + 2)
      return;
    const BuildRule *R = Rules.find(BuildRuleKind::CMakeVariable, bareAt(C, Var));
    if (!R || !R->Flags)
      return;
    auto Unquoted = [](std::string Value) {
      llvm::erase(Value, '"');
      return llvm::StringRef(Value).trim().str();
    };
    unsigned Begin = C.Arguments[Var + 1].OuterBegin, End = C.Arguments.back().OuterEnd;
    std::string Was = Unquoted(Text.slice(Begin, End).str());
    std::string Now = Unquoted(Ed.editedText(Begin, End));
    const CMakeArgument &Name = C.Arguments[Var];
    auto Self = [&](llvm::StringRef Var) {
      return Append ? std::string() : "${" + Var.str() + "}";
    };
    // Nothing but the variable itself is left, where a flag was: the
    // command goes, and with it what its renames said.
    if (Now == Self(Ed.editedText(Name.Begin, Name.End)) && Was != Self(bare(Name)) &&
        Ed.eraseEdited(C.NameBegin, C.CloseParen + 1, /*SemicolonSeparates=*/false))
      Ed.forgetChangesWithin(C.NameBegin, C.CloseParen + 1);
  }

  void flags(const CMakeCommand &C, const std::vector<std::vector<CMakeWord>> &Words,
             bool FlagsCommand, bool OptionsCommand) {
    // Runs of words with the same context, in order, so a flag meets its value.
    std::vector<BuildWord> Run;
    bool RunReports = false;
    // `SHELL:-Xcompiler -fopenmp`: options a shell splits, at blanks.
    std::vector<std::pair<unsigned, unsigned>> Shell;
    auto Flush = [&] {
      Ed.migrateFlags(
          Run, RunReports,
          [&](const BuildWord &W) -> llvm::StringRef {
            for (auto [Begin, End] : Shell)
              if (Begin <= W.Begin && W.End <= End)
                return " ";
            for (const CMakeArgument &A : C.Arguments)
              if (A.Begin <= W.Begin && W.End <= A.End)
                return A.Form == CMakeArgument::Quoted ? " " : ";";
            return " ";
          },
          /*SemicolonSeparates=*/true);
      Run.clear();
    };
    for (size_t I = 0; I < C.Arguments.size(); ++I)
      for (const CMakeWord &W : Words[I]) {
        if (!W.GenexHead.empty())
          continue; // a parameter of a named expression, not an option
        bool Cuda = isCudaCondition(W.ConditionText);
        if (!Cuda && !OptionsCommand) {
          Ed.migrateLibraryFlag(BuildWord::plain(W.Begin, W.End));
          continue;
        }
        bool Reports = Cuda || FlagsCommand;
        if (!Run.empty() && Reports != RunReports)
          Flush();
        RunReports = Reports;
        llvm::StringRef Options = Text.slice(W.Begin, W.End);
        if (!Options.consume_front("SHELL:")) {
          Run.push_back(BuildWord::plain(W.Begin, W.End));
          continue;
        }
        Shell.emplace_back(W.Begin, W.End);
        for (unsigned At = W.End - Options.size(); At < W.End;) {
          unsigned End = At;
          while (End < W.End && Text[End] != ' ' && Text[End] != '\t')
            ++End;
          if (End > At)
            Run.push_back(BuildWord::plain(At, End));
          At = End + 1;
        }
      }
    Flush();
  }

  void word(const CMakeCommand &C, size_t Index, const CMakeWord &W) {
    llvm::StringRef Word = Text.slice(W.Begin, W.End);
    llvm::StringRef Previous = Index > 0 ? bareAt(C, Index - 1) : "";
    if (Word.contains("::")) {
      target(C, W, Word);
      return;
    }
    bool Properties = namesProperties(C.Name);
    if ((W.WholeArgument && Properties) || !W.GenexHead.empty())
      Ed.lookUp(BuildRuleKind::CMakeProperty, W.Begin, Word);
    if (isLanguage(C, Index, W, Previous))
      language(C, W, Word);
    if ((W.WholeArgument && C.Name.equals_insensitive("target_compile_features")) ||
        W.GenexHead.equals_insensitive("COMPILE_FEATURES"))
      feature(C, W, Word);
    if (W.WholeArgument && !Properties &&
        !isOneOf(C.Name, {"find_package", "find_dependency"})) {
      if (Word.starts_with("ENV{") && Word.ends_with("}")) {
        llvm::StringRef Name = Word.drop_front(4).drop_back();
        if (!Ed.lookUp(BuildRuleKind::PathVariable, W.Begin + 4, Name))
          Ed.lookUp(BuildRuleKind::CMakeVariable, W.Begin + 4, Name);
      } else if (!Ed.lookUp(BuildRuleKind::CMakeVariable, W.Begin, Word)) {
        Ed.lookUp(BuildRuleKind::PathVariable, W.Begin, Word);
      }
      if (Index > 0 &&
          isOneOf(C.Name, {"target_link_libraries", "link_libraries", "find_library"}))
        if (const BuildRule *R = Rules.find(BuildRuleKind::Library, Word))
          Ed.apply(*R, W.Begin, Word.size(), Word, R->Replacement);
    }
    source(W, Word);
  }

  bool isLanguage(const CMakeCommand &C, size_t Index, const CMakeWord &W,
                  llvm::StringRef Previous) const {
    if (!W.GenexHead.empty()) {
      if (isOneOf(W.GenexHead, {"COMPILE_LANGUAGE", "LINK_LANGUAGE"}))
        return true;
      // `$<COMPILE_LANG_AND_ID:CUDA,NVIDIA>`: the first parameter.
      return isOneOf(W.GenexHead, {"COMPILE_LANG_AND_ID", "LINK_LANG_AND_ID"}) &&
             Text[W.Begin - 1] == ':';
    }
    if (!W.WholeArgument)
      return false;
    if (isOneOf(C.Name, {"enable_language", "check_language"}))
      return true;
    if (C.Name.equals_insensitive("project"))
      return Index > 0 && !isOneOf(Previous, {"VERSION", "DESCRIPTION", "HOMEPAGE_URL"});
    return isOneOf(Previous, {"LANGUAGE", "LINKER_LANGUAGE"});
  }

  /// A language of project() or enable_language() is renamed, or dropped
  /// where the command names its replacement already (`CXX CUDA` -> `CXX`);
  /// one whose target needs a setup asks for it.
  void language(const CMakeCommand &C, const CMakeWord &W, llvm::StringRef Word) {
    const BuildRule *R = Rules.find(BuildRuleKind::CMakeLanguage, Word);
    bool Declares = W.WholeArgument && isOneOf(C.Name, {"project", "enable_language"});
    bool Named = R && llvm::any_of(C.Arguments, [&](const CMakeArgument &A) {
                   return bare(A) == R->Replacement;
                 });
    std::optional<Edit> Erasure;
    if (R && R->Supported && Declares && Named && !Ed.claimed(W.Begin, Word.size()))
      Erasure = Ed.erasure(W.Begin, W.End, false);
    if (Erasure) {
      Decision D =
          Ed.decider().decide(*R, Ed.placeOf(W.Begin), Word.size(), Word, R->Replacement);
      D.Edits = {*Erasure};
      Ed.record(std::move(D));
    } else {
      Ed.lookUp(BuildRuleKind::CMakeLanguage, W.Begin, Word);
    }
    if (R && R->Supported && Declares && !R->Setup.empty() && !Setup) {
      Setup = R;
      SetupCommand = &C;
    }
  }

  /// `cuda_std_17`: CMake names the standards of a language <language>_std_NN,
  /// so a compile feature follows its language (`hip_std_17`, `cxx_std_17`),
  /// and goes where the command names that feature already.
  void feature(const CMakeCommand &C, const CMakeWord &W, llvm::StringRef Word) {
    for (const BuildRule *R : Rules.ofKind(BuildRuleKind::CMakeLanguage)) {
      std::string Prefix = llvm::StringRef(R->Cuda).lower() + "_std_";
      if (R->Prefix || !Word.starts_with(Prefix))
        continue;
      std::string Replacement;
      if (R->Supported)
        Replacement = llvm::StringRef(R->Replacement).lower() + "_std_" +
                      Word.drop_front(Prefix.size()).str();
      bool Named = W.WholeArgument && !Replacement.empty() &&
                   llvm::any_of(C.Arguments, [&](const CMakeArgument &A) {
                     return bare(A) == Replacement;
                   });
      std::optional<Edit> Erasure;
      if (Named && !Ed.claimed(W.Begin, Word.size()))
        Erasure = Ed.erasure(W.Begin, W.End, false);
      if (!Erasure)
        return void(Ed.apply(*R, W.Begin, Word.size(), Word, Replacement));
      Decision D =
          Ed.decider().decide(*R, Ed.placeOf(W.Begin), Word.size(), Word, Replacement);
      D.Edits = {*Erasure};
      Ed.record(std::move(D));
      return;
    }
  }

  /// The setup of the target's toolchain (the language rule's "setup"),
  /// before the first project() of the file, else before the command that
  /// named the language.
  void addSetup() {
    if (!Setup)
      return;
    const CMakeCommand &Before = FirstProject ? *FirstProject : *SetupCommand;
    Decision D = Ed.decider().migrated(
        Setup, Ed.placeOf(Before.NameBegin),
        buildRuleKindName(BuildRuleKind::CMakeLanguage), Setup->Cuda,
        "the setup of " + Setup->Replacement + " for " + Ed.targetName(),
        {{Before.LineBegin, 0, Setup->Setup}});
    D.Outcome.Note = FirstProject ? "the compilers and CMake modules of the target, set "
                                    "before the project's languages are"
                                  : "the compilers of the target must be set before the "
                                    "top-level project(): move this setup there";
    D.Outcome.NeedsReview = !FirstProject;
    Ed.record(std::move(D));
  }

  /// Where a command's settings start and whose they are: set(VAR VALUE),
  /// set_target_properties(T... PROPERTIES NAME VALUE...), set_property(TARGET
  /// T... PROPERTY NAME VALUE). nullopt for other commands and forms (CACHE,
  /// APPEND, a target named by a variable), which are left to the finding.
  struct Settings {
    size_t First = 0; ///< the argument of the first setting's name
    std::vector<std::string> Targets;
    bool Pairs = false; ///< several NAME VALUE pairs may follow
  };
  std::optional<Settings> settingsOf(const CMakeCommand &C) const {
    Settings S;
    size_t N = C.Arguments.size();
    if (C.Name.equals_insensitive("set")) {
      if (N != 2)
        return std::nullopt;
    } else if (C.Name.equals_insensitive("set_target_properties")) {
      while (S.First < N && bareAt(C, S.First) != "PROPERTIES")
        S.Targets.push_back(bareAt(C, S.First++).str());
      if (S.First++ == N)
        return std::nullopt; // no PROPERTIES
      S.Pairs = true;
    } else if (C.Name.equals_insensitive("set_property") && bareAt(C, 0) == "TARGET") {
      for (S.First = 1; S.First < N && bareAt(C, S.First) != "PROPERTY";)
        S.Targets.push_back(bareAt(C, S.First++).str());
      if (++S.First + 2 != N)
        return std::nullopt;
    } else {
      return std::nullopt;
    }
    if (llvm::is_contained(S.Targets, ""))
      return std::nullopt;
    return S;
  }

  /// set(CMAKE_CUDA_SEPARABLE_COMPILATION ON), set_target_properties(T
  /// PROPERTIES CUDA_SEPARABLE_COMPILATION ON), set_property(TARGET T PROPERTY
  /// ... ON): a boolean setting whose entry says what each value becomes
  /// ("values"). The setting goes; the entry's commands for its value take
  /// the command's place where nothing else is left of it, else follow it.
  void booleanSettings(const CMakeCommand &C) {
    std::optional<Settings> S = settingsOf(C);
    if (!S)
      return;
    BuildRuleKind Kind = S->Pairs || !S->Targets.empty() ? BuildRuleKind::CMakeProperty
                                                         : BuildRuleKind::CMakeVariable;
    // (rule, name's argument, commands) of each setting the tables carry: one
    // unless the command takes pairs.
    std::vector<std::tuple<const BuildRule *, size_t, std::string>> Found;
    std::string Indent = indentOf(C);
    for (size_t I = S->First; I + 1 < C.Arguments.size();
         I += S->Pairs ? 2 : C.Arguments.size()) {
      const BuildRule *R = Rules.find(Kind, bareAt(C, I));
      std::optional<bool> Value = cmakeConstant(C.Arguments[I + 1]);
      if (R && R->isBooleanSetting() && Value)
        if (auto It = R->Values.find(*Value ? "ON" : "OFF"); It != R->Values.end())
          Found.emplace_back(
              R, I, llvm::join(settingCommands(It->second, S->Targets), "\n" + Indent));
    }
    bool Whole = Found.size() * 2 == C.Arguments.size() - S->First;
    for (const auto &[Rule, At, Commands] : Found) {
      const CMakeArgument &Name = C.Arguments[At], &Value = C.Arguments[At + 1];
      std::vector<Edit> Edits;
      if (Whole && !Commands.empty()) {
        Edits.push_back({C.NameBegin, C.CloseParen + 1 - C.NameBegin, Commands});
      } else if (std::optional<Edit> E =
                     Whole ? Ed.erasure(C.NameBegin, C.CloseParen + 1, false)
                           : Ed.erasure(Name.OuterBegin, Value.OuterEnd, false)) {
        Edits.push_back(*E);
        if (!Commands.empty())
          Edits.push_back({C.CloseParen + 1, 0, "\n" + Indent + Commands});
      } else {
        continue;
      }
      Decision D = Ed.decider().migrated(
          Rule, Ed.placeOf(Name.Begin), buildRuleKindName(Kind),
          Text.slice(Name.Begin, Value.End), Commands, std::move(Edits));
      D.Outcome.Note = Rule->Note;
      Ed.record(std::move(D));
      if (Whole)
        break; // the first setting took the command's place
    }
  }

  /// ON, TRUE, 1, NO, OFF, ...: a constant's truth, as CMake's if() reads it;
  /// nullopt for text whose truth depends on a variable.
  std::optional<bool> cmakeConstant(const CMakeArgument &A) const {
    if (A.Form == CMakeArgument::Bracket)
      return std::nullopt;
    std::string Word = Text.slice(A.Begin, A.End).upper();
    if (Word == "ON" || Word == "YES" || Word == "TRUE" || Word == "Y")
      return true;
    if (Word.empty() || Word == "OFF" || Word == "NO" || Word == "FALSE" || Word == "N" ||
        Word == "IGNORE" || Word == "NOTFOUND" ||
        llvm::StringRef(Word).ends_with("-NOTFOUND"))
      return false;
    long long Number;
    if (!llvm::StringRef(Word).getAsInteger(10, Number))
      return Number != 0;
    return std::nullopt;
  }

  /// An entry's commands, one a line, with `{target}` each of Targets.
  static std::vector<std::string> settingCommands(llvm::StringRef Lines,
                                                  llvm::ArrayRef<std::string> Targets) {
    std::vector<std::string> Commands;
    llvm::SmallVector<llvm::StringRef, 4> Split;
    Lines.split(Split, '\n', -1, /*KeepEmpty=*/false);
    for (size_t T = 0; T < std::max<size_t>(Targets.size(), 1); ++T)
      for (llvm::StringRef Line : Split) {
        std::string Command = Line.str();
        for (size_t At;
             !Targets.empty() && (At = Command.find("{target}")) != std::string::npos;)
          Command.replace(At, 8, Targets[T]);
        Commands.push_back(std::move(Command));
      }
    return Commands;
  }

  /// set(CMAKE_CUDA_ARCHITECTURES 80 86), `CUDA_ARCHITECTURES 80` among
  /// properties: the values of an entry with an architecture map.
  void architectureValues(const CMakeCommand &C,
                          const std::vector<std::vector<CMakeWord>> &Words) {
    bool Set = C.Name.equals_insensitive("set");
    bool Properties = isOneOf(C.Name, {"set_target_properties", "set_property"});
    if (!Set && !Properties)
      return;
    for (size_t I = 0; I < C.Arguments.size(); ++I) {
      const BuildRule *R =
          Rules.find(Set ? BuildRuleKind::CMakeVariable : BuildRuleKind::CMakeProperty,
                     bareAt(C, I));
      if (!R || !R->Supported || R->ArchValue.empty() || (Set && I > 0))
        continue;
      size_t End = I + 1;
      while (End < C.Arguments.size() &&
             !isOneOf(bareAt(C, End), {"CACHE", "PARENT_SCOPE"}) &&
             (End == I + 1 || !C.Name.equals_insensitive("set_target_properties")))
        ++End;
      std::vector<CMakeWord> Values;
      for (size_t V = I + 1; V < End; ++V)
        Values.insert(Values.end(), Words[V].begin(), Words[V].end());
      mapArchitectures(*R, Values, End == I + 2 ? ";" : " ");
    }
  }

  void mapArchitectures(const BuildRule &R, llvm::ArrayRef<CMakeWord> Values,
                        llvm::StringRef Joiner) {
    if (Values.empty() || llvm::any_of(Values, [&](const CMakeWord &W) {
          return !W.GenexHead.empty() || Text.slice(W.Begin, W.End).contains('$');
        }))
      return; // computed values: the report has the variable
    std::vector<std::string> Mapped, Lost;
    for (const CMakeWord &W : Values) {
      llvm::StringRef Value = Text.slice(W.Begin, W.End);
      if (std::optional<std::string> T = Ed.decider().cmakeArchitecture(R, Value)) {
        if (!llvm::is_contained(Mapped, *T))
          Mapped.push_back(*T);
      } else {
        Lost.push_back(Value.str());
      }
    }
    std::string Replacement = Mapped.empty() ? R.ArchDefault : llvm::join(Mapped, Joiner);
    unsigned Begin = Values.front().Begin, End = Values.back().End;
    Decision D = Ed.decider().migrated(&R, Ed.placeOf(Begin), buildRuleKindName(R.Kind),
                                       Text.slice(Begin, End), Replacement,
                                       {{Begin, End - Begin, Replacement}});
    D.Outcome.NeedsReview = true;
    D.Outcome.Note = R.Note;
    if (!Lost.empty())
      D.Outcome.Note += "; " + llvm::join(Lost, ", ") +
                        " named no architecture of the map" +
                        (Mapped.empty() ? ": the default " + R.ArchDefault : ": dropped");
    Ed.record(std::move(D));
  }

  /// The command that gives sources to the target's compiler.
  llvm::StringRef sourceCommandName() const {
    llvm::StringRef Command = SourceLanguage->SourceCommand;
    return Command.empty() ? "set_source_files_properties" : Command.split('(').first;
  }

  void target(const CMakeCommand &C, const CMakeWord &W, llvm::StringRef Word) {
    const BuildRule *R = Rules.find(BuildRuleKind::CMakeTarget, Word);
    if (!R) {
      Ed.lookUp(BuildRuleKind::CMakeTarget, W.Begin, Word);
      return;
    }
    Event *E = Ed.apply(*R, W.Begin, Word.size(), Word, R->Replacement);
    if (E && R->Supported && !R->Package.empty() &&
        !llvm::any_of(Needed,
                      [&](const NeededPackage &P) { return P.Name == R->Package; }))
      Needed.push_back({R->Package, Word.str(), W.Begin, C.LineBegin});
  }

  /// find_package(NAME [VERSION] ...): the CUDA version a renamed package is
  /// asked for means nothing for the target's package, so it goes.
  void package(const CMakeCommand &C) {
    if (C.Arguments.empty())
      return;
    const CMakeArgument &First = C.Arguments[0];
    llvm::StringRef Name = bare(First);
    const BuildRule *R = Rules.find(BuildRuleKind::CMakePackage, Name);
    if (!R) {
      Found.insert(Name);
      Ed.lookUp(BuildRuleKind::CMakePackage, First.Begin, Name);
      return;
    }
    Event *E = Ed.apply(*R, First.Begin, Name.size(), Name, R->Replacement);
    if (!E || !R->Supported)
      return;
    Found.insert(R->Replacement);
    PackageCommands.push_back(&C);
    llvm::StringRef Version = bareAt(C, 1);
    if (R->Replacement == Name || Version.empty() || !llvm::isDigit(Version.front()))
      return;
    unsigned End = C.Arguments[1].End;
    if (bareAt(C, 2) == "EXACT")
      End = C.Arguments[2].End;
    std::string Dropped = Text.slice(C.Arguments[1].Begin, End).str();
    if (!Ed.erase(C.Arguments[1].Begin, End, false))
      return;
    // The package's event says what went (no event was made since).
    Event &Package = *E;
    Package.NeedsReview = true;
    Package.Note += std::string(Package.Note.empty() ? "" : "; ") + "the CUDA version '" +
                    Dropped + "' it asked for was dropped: ask for a " + Ed.targetName() +
                    " version if one is needed";
  }

  void source(const CMakeWord &W, llvm::StringRef Word) {
    std::optional<std::string> Base;
    llvm::StringRef Written = Word;
    std::vector<std::string> Folders = {"${CMAKE_CURRENT_LIST_DIR}/"};
    if (ListsFile)
      Folders.push_back("${CMAKE_CURRENT_SOURCE_DIR}/");
    if (!ProjectName.empty()) {
      Folders.push_back("${PROJECT_SOURCE_DIR}/");
      Folders.push_back("${" + ProjectName + "_SOURCE_DIR}/");
    }
    for (const std::string &Folder : Folders)
      if (Written.consume_front(Folder)) {
        Base = Ed.directory().str();
        break;
      }
    if (!Base && ListsFile && !Written.starts_with("$"))
      Base = Ed.directory().str();
    Ed.migrateSource(BuildWord::plain(W.Begin, W.End), Written, Base);
  }

  /// set(VAR ...), list(APPEND VAR ...), file(GLOB VAR ...): variables that
  /// hold sources of the CUDA language.
  void sourceVariables(const CMakeCommand &C,
                       const std::vector<std::vector<CMakeWord>> &Words) {
    if (!SourceLanguage)
      return;
    size_t NameIndex;
    if (C.Name.equals_insensitive("set"))
      NameIndex = 0;
    else if ((C.Name.equals_insensitive("list") &&
              isOneOf(bareAt(C, 0), {"APPEND", "PREPEND", "INSERT"})) ||
             (C.Name.equals_insensitive("file") &&
              isOneOf(bareAt(C, 0), {"GLOB", "GLOB_RECURSE"})))
      NameIndex = 1;
    else
      return;
    llvm::StringRef Name = bareAt(C, NameIndex);
    if (Name.empty())
      return;
    for (size_t I = NameIndex + 1; I < C.Arguments.size(); ++I)
      for (const CMakeWord &W : Words[I]) {
        llvm::StringRef Word = Text.slice(W.Begin, W.End);
        if (needsLanguage(Word, /*Patterns=*/true))
          SourceVariables.insert(Name);
        if (Word.starts_with("${") && Word.ends_with("}") &&
            SourceVariables.contains(Word.drop_front(2).drop_back()))
          SourceVariables.insert(Name);
      }
  }

  /// add_executable(app main.cpp kernel.cu): CMake compiles a file as HIP
  /// only if it ends in .hip or says LANGUAGE HIP, so the sources that keep
  /// CUDA's extension get that property, right after the command.
  void sourceLanguage(const CMakeCommand &C,
                      const std::vector<std::vector<CMakeWord>> &Words) {
    if (!SourceLanguage)
      return;
    std::vector<std::string> Sources;
    unsigned First = 0;
    for (size_t I = 1; I < C.Arguments.size(); ++I)
      for (const CMakeWord &W : Words[I]) {
        llvm::StringRef Word = Text.slice(W.Begin, W.End);
        if (!W.GenexHead.empty() || !W.ConditionText.empty())
          continue;
        bool Variable = Word.starts_with("${") && Word.ends_with("}") &&
                        SourceVariables.contains(Word.drop_front(2).drop_back());
        if ((!Variable && !needsLanguage(Word, /*Patterns=*/false)) ||
            HaveLanguage.contains(Word))
          continue;
        if (Sources.empty())
          First = W.Begin;
        // As the command names it after the migration (--rename-extensions).
        llvm::StringRef Ext = llvm::sys::path::extension(Word);
        Sources.push_back(Variable
                              ? Word.str()
                              : Word.drop_back(Ext.size()).str() + finalExtension(Word));
      }
    if (Sources.empty())
      return;
    std::string Command = SourceLanguage->SourceCommand;
    if (Command.empty())
      Command = "set_source_files_properties({sources} PROPERTIES LANGUAGE " +
                SourceLanguage->Replacement + ")";
    Command.replace(Command.find("{sources}"), 9, llvm::join(Sources, " "));
    // The target the command gives sources to (a source command's first word).
    if (size_t Hole = Command.find("{target}"); Hole != std::string::npos)
      Command.replace(Hole, 8,
                      Text.slice(C.Arguments[0].Begin, C.Arguments[0].End).str());
    Ed.record(Ed.decider().sourceLanguage(
        *SourceLanguage, Ed.placeOf(First), Sources.front(), Command,
        {C.CloseParen + 1, 0, "\n" + indentOf(C) + Command}));
    if (C.Name.equals_insensitive("target_sources"))
      return; // its target has what follows already
    if (!SourceLanguage->Link.empty())
      linkLanguage(C);
    addHelpersDir(C);
  }

  /// The target made by C gets musify's helper headers for the target on
  /// its include path: migrated sources include them (musify/hip_helpers.h)
  /// as the target's own headers. From a cache variable that the file sets
  /// (defineHelpersDir()) to where this musify keeps them; a build elsewhere
  /// sets it (-DMUSIFY_HIP_HELPERS_DIR=...). A folder with a line break or
  /// a `;` (a list in CMake) is not written.
  void addHelpersDir(const CMakeCommand &C) {
    if (HelpersDir.empty() || HelpersDir.find_first_of("\n\r;") != llvm::StringRef::npos)
      return;
    llvm::StringRef Target = Text.slice(C.Arguments[0].Begin, C.Arguments[0].End);
    if (Ed.edit(C.CloseParen + 1, 0,
                "\n" + indentOf(C) +
                    appendToProperty(Target, "INCLUDE_DIRECTORIES",
                                     "\"${" + HelpersVariable + "}\"")) &&
        !HelpersFirstUser)
      HelpersFirstUser = &C;
  }

  /// `set(MUSIFY_HIP_HELPERS_DIR <musify>/share/musify/hip/include CACHE
  /// PATH ...)` after the file's first project(), else before the first
  /// target that reads it.
  void defineHelpersDir() {
    if (!HelpersFirstUser)
      return;
    std::string Quoted;
    for (char Ch : HelpersDir) {
      if (Ch == '\\' || Ch == '"' || Ch == '$')
        Quoted += '\\';
      Quoted += Ch;
    }
    std::string What = "musify's " + std::string(Ed.targetName()) + " helper headers";
    std::string Comment = commentLine(
        CommentSyntax::CMake, "musify: " + What + ", which migrated sources include");
    std::string Set =
        "set(" + HelpersVariable + " \"" + Quoted + "\" CACHE PATH \"" + What + "\")";
    if (FirstProject && FirstProject->LineBegin < HelpersFirstUser->LineBegin) {
      Ed.edit(FirstProject->CloseParen + 1, 0, "\n" + Comment + "\n" + Set);
      return;
    }
    std::string Indent = indentOf(*HelpersFirstUser);
    Ed.edit(HelpersFirstUser->LineBegin, 0,
            Indent + Comment + "\n" + Indent + Set + "\n");
  }

  /// True if Target gets Link from this file's target_link_libraries():
  /// named there (or a CUDA target that becomes it, CUDA::cudart for
  /// hip::host), or in the link interface of a target named there. Interface:
  /// only what Target passes on (its PUBLIC, INTERFACE and plain items).
  bool links(llvm::StringRef Target, llvm::StringRef Link, bool Interface = false,
             unsigned Depth = 0) const {
    if (Depth > 8)
      return false; // a cycle, or a chain too long to be a project's
    for (const CMakeCommand &C : Commands) {
      if (!C.Name.equals_insensitive("target_link_libraries") || bareAt(C, 0) != Target)
        continue;
      bool Private = false;
      for (size_t I = 1; I < C.Arguments.size(); ++I) {
        llvm::StringRef Word = bareAt(C, I);
        if (isOneOf(Word, {"PUBLIC", "INTERFACE", "LINK_PUBLIC",
                           "LINK_INTERFACE_LIBRARIES", "PRIVATE", "LINK_PRIVATE"})) {
          Private = Word.ends_with("PRIVATE");
          continue;
        }
        if (Interface && Private)
          continue;
        const BuildRule *R = Rules.find(BuildRuleKind::CMakeTarget, Word);
        if (Word == Link || (R && R->Supported && R->Replacement == Link) ||
            links(Word, Link, /*Interface=*/true, Depth + 1))
          return true;
      }
    }
    return false;
  }

  /// The target add_executable() or add_library() makes links the
  /// language's link target, for its other sources, and the package of that
  /// is found. (CMake's CUDA language puts the CUDA runtime's headers on
  /// every source of a target with CUDA sources; HIP's does not.)
  void linkLanguage(const CMakeCommand &C) {
    const CMakeArgument &Target = C.Arguments[0];
    llvm::StringRef Name = Text.slice(Target.Begin, Target.End);
    if (links(Name, SourceLanguage->Link))
      return;
    std::string Command = appendToProperty(Name, "LINK_LIBRARIES", SourceLanguage->Link);
    Edit Insert{C.CloseParen + 1, 0, "\n" + indentOf(C) + Command};
    if (Ed.record(Ed.decider().languageLink(*SourceLanguage, Ed.placeOf(Target.Begin),
                                            Name, std::move(Command),
                                            std::move(Insert))) &&
        !llvm::any_of(Needed, [&](const NeededPackage &P) {
          return P.Name == SourceLanguage->Package;
        }))
      Needed.push_back({SourceLanguage->Package, Name.str(), Target.Begin, C.LineBegin});
  }

  /// Packages that targets of the migration need beyond the toolkit's: after
  /// the toolkit's find_package() where this file has one, else before the
  /// first command that needs them.
  void addPackages() {
    for (const NeededPackage &P : Needed) {
      if (Found.contains(P.Name))
        continue;
      std::string Call = "find_package(" + P.Name;
      unsigned At;
      std::string Inserted;
      if (!PackageCommands.empty()) {
        const CMakeCommand &Toolkit = *PackageCommands.front();
        for (const CMakeArgument &A : Toolkit.Arguments)
          if (isOneOf(bare(A), {"REQUIRED", "QUIET"}))
            Call += " " + bare(A).str();
        Call += ")";
        At = Toolkit.CloseParen + 1;
        Inserted = "\n" + indentOf(Toolkit) + Call;
      } else {
        Call += " REQUIRED)";
        At = P.LineBegin;
        llvm::StringRef Line = Text.drop_front(P.LineBegin);
        Inserted = Line.take_while([](char C) { return C == ' ' || C == '\t'; }).str() +
                   Call + "\n";
      }
      Ed.record(Ed.decider().neededPackage(Ed.placeOf(P.Offset), P.NeededBy, Call,
                                           {At, 0, Inserted}));
    }
  }

  BuildFileEditor &Ed;
  llvm::StringRef Text;
  const BuildRules &Rules;
  bool ListsFile;
  const BuildRule *SourceLanguage = nullptr;
  const BuildRule *Setup = nullptr;           ///< the language whose setup is due
  const CMakeCommand *SetupCommand = nullptr; ///< the command that named it
  const CMakeCommand *FirstProject = nullptr;
  std::vector<CMakeCommand> Commands;
  std::string ProjectName;
  llvm::StringSet<> SourceVariables;
  llvm::StringSet<> HaveLanguage; ///< sources that already have the language
  llvm::StringSet<> Found;
  /// The text of the last set() of each variable in the current block.
  llvm::StringMap<std::string> LastSet;
  std::vector<const CMakeCommand *> PackageCommands;
  std::vector<NeededPackage> Needed;
  llvm::StringRef HelpersDir; ///< empty: no helper headers to add
  std::string HelpersVariable;
  const CMakeCommand *HelpersFirstUser = nullptr; ///< the first target given them
};

} // namespace

void migrateCMake(BuildFileEditor &Editor, bool ListsFile, llvm::StringRef HelpersDir) {
  CMakeMigration(Editor, ListsFile, HelpersDir).run();
}

} // namespace musify
