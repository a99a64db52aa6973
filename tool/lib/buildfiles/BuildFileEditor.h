// What the CMake and Makefile migrations share: edits and events of one build
// file, and the rules that apply in both languages (compiler flags,
// libraries, install paths, renamed sources).
#pragma once

#include "buildfiles/BuildFiles.h"
#include "buildfiles/BuildWord.h"
#include "core/SourceText.h"
#include "decide/BuildDecider.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <string>
#include <vector>

namespace musify {

class BuildFileEditor {
public:
  BuildFileEditor(llvm::StringRef Path, llvm::StringRef Text, const BuildRules &Rules,
                  const TargetDescription &Target, const RenameMap &Renamed);

  llvm::StringRef text() const { return Text; }
  llvm::StringRef textOf(const BuildWord &W) const { return Text.slice(W.Begin, W.End); }
  const BuildRules &rules() const { return Rules; }
  const BuildDecider &decider() const { return Decide; }
  llvm::StringRef directory() const { return Directory; }
  const char *targetName() const { return Decide.targetName(); }
  /// The place of Offset in this file.
  Place placeOf(unsigned Offset) const;

  /// Makes D's edits, all or none, and keeps its event: the event, or null
  /// where an earlier edit holds text D would edit (the first edit of a
  /// place wins: EditSet::claim).
  Event *record(Decision D);
  /// Replaces [Offset, Offset + Length) unless an earlier edit holds text
  /// there; false if one does.
  bool edit(unsigned Offset, unsigned Length, std::string NewText);
  /// The edit that deletes [Begin, End) with the blank that separates it
  /// from its neighbours (the whole line when nothing else is on it), taking
  /// no text an earlier edit holds; nullopt where there is none.
  std::optional<Edit> erasure(unsigned Begin, unsigned End,
                              bool SemicolonSeparates) const;
  /// Makes erasure(Begin, End); false where there is none.
  bool erase(unsigned Begin, unsigned End, bool SemicolonSeparates);
  /// [Begin, End) as the edits made so far leave it.
  std::string editedText(unsigned Begin, unsigned End) const {
    return Edits.applyWithin(Text, Begin, End);
  }
  /// Erases [Begin, End) as erasure() would, in place of the edits inside
  /// it; false, with those edits kept, where it cannot.
  bool eraseEdited(unsigned Begin, unsigned End, bool SemicolonSeparates);
  /// Forgets the events of words in [Begin, End), text the migration erased
  /// whole, that say how a word changed: those of dropped words, which say
  /// what went, stay.
  void forgetChangesWithin(unsigned Begin, unsigned End);
  /// True if [Offset, Offset + Length) overlaps text an edit holds.
  bool claimed(unsigned Offset, unsigned Length) const;

  /// The CUDA word Cuda at [Offset, Offset + Length) decided by Rule: renamed
  /// to Replacement, or reported as unsupported.
  /// The event it made, or null where an earlier edit claimed the text.
  Event *apply(const BuildRule &Rule, unsigned Offset, unsigned Length,
               llvm::StringRef Cuda, const std::string &Replacement);
  /// A CUDA name no entry knows (Prefix is the prefix entry that caught it).
  void unknown(BuildRuleKind Kind, unsigned Offset, llvm::StringRef Cuda,
               const BuildRule *Prefix);
  /// Name (of Kind) at Offset: the exact entry decides; else a prefix entry
  /// makes it unknown; else nothing happens. True if an entry matched.
  bool lookUp(BuildRuleKind Kind, unsigned Offset, llvm::StringRef Name);

  /// Compiler flags, in order. ReportUnknown: the words are surely given to
  /// the CUDA compiler, so a flag no entry knows is reported. Separator
  /// joins words the migration makes of one (";" in CMake's unquoted lists).
  void migrateFlags(llvm::ArrayRef<BuildWord> Words, bool ReportUnknown,
                    llvm::function_ref<llvm::StringRef(const BuildWord &)> Separator,
                    bool SemicolonSeparates);
  /// `-lcudart`: true if W is a library flag of an entry.
  bool migrateLibraryFlag(const BuildWord &W);
  /// SDK install paths in [Begin, End).
  void migratePaths(unsigned Begin, unsigned End);

  /// The extensions of renamed sources (".cu" -> ".mu").
  const std::map<std::string, std::string> &renamedExtensions() const {
    return Extensions;
  }
  /// A word that names a source: renamed if Written (the word without a
  /// folder prefix the caller resolved to Base) resolves, relative to Base,
  /// to a key of Renamed; pattern words (`%.cu`, `*.cu`, `.cu.o`) get the new
  /// extension. True if the word has an extension the renaming changes.
  bool migrateSource(const BuildWord &W, llvm::StringRef Written,
                     std::optional<std::string> Base);

  /// [Begin, End) holds words the build cannot do without: the program a
  /// build step runs, the libraries a target links. A word there that the
  /// target cannot carry stops the build (BuildImpact::Blocks).
  void markRequired(unsigned Begin, unsigned End) { Required.push_back({Begin, End}); }

  /// The edits and the events, each event with what it does to the build.
  BuildFileMigration finish();

  /// The ranges of the values a variable reference (`$(ARCH)`) is assigned
  /// in this file; nullopt where the word is no such reference.
  using VariableValues =
      std::function<std::optional<std::vector<std::pair<unsigned, unsigned>>>(
          llvm::StringRef Word)>;
  /// How this file's kind of build file finds a variable's values.
  void setVariableValues(VariableValues Values) { ValuesOf = std::move(Values); }

private:
  /// One compiler flag as written: [Begin, End) with its value
  /// [ValueBegin, ValueEnd) (joined to it or the next word), unquoted.
  struct FlagUse {
    llvm::StringRef Name, Value, Cuda;
    unsigned Begin = 0, End = 0, ValueBegin = 0, ValueEnd = 0;
    /// Where the value starts with its opening quote, where it has one.
    unsigned ValueOuterBegin = 0;
    bool HasValue = false;
  };
  FlagUse locateFlag(const BuildRule &R, llvm::ArrayRef<BuildWord> Words, size_t &I,
                     llvm::StringRef Name, std::optional<llvm::StringRef> JoinedValue,
                     bool SemicolonSeparates) const;
  void flagUnsupported(const BuildRule &R, const FlagUse &Use, const std::string &Why);
  /// Use migrated to Replacement by Edits.
  void flagMigrated(const BuildRule &R, const FlagUse &Use, std::string Replacement,
                    std::vector<Edit> Edits);
  /// The flag's actions: its value through the rule's value table, the
  /// flag dropped around its comma-separated value (-Xcompiler), its
  /// architectures through the threshold map, or its name renamed.
  void translateFlagValue(const BuildRule &R, const FlagUse &Use,
                          bool SemicolonSeparates);
  void unwrapFlag(const BuildRule &R, const FlagUse &Use, llvm::StringRef Joiner);
  void translateArchitectures(const BuildRule &R, const FlagUse &Use,
                              llvm::StringRef Joiner);
  /// An architecture flag whose value is a variable (`-arch=$(ARCH)`) that
  /// this file assigns one CUDA architecture each time: the flag takes the
  /// variable as the target's architecture, and each value becomes one.
  bool translateArchitectureVariable(const BuildRule &R, const FlagUse &Use);
  /// The values an unsupported flag's variable is assigned (`ARCH = sm_80`
  /// for `-arch=$(ARCH)`): each reported where it is written.
  void architectureValuesUnsupported(const BuildRule &R, const FlagUse &Use);
  void renameFlag(const BuildRule &R, const FlagUse &Use);
  void applyFlag(const BuildRule &R, llvm::ArrayRef<BuildWord> Words, size_t &I,
                 llvm::StringRef Name, std::optional<llvm::StringRef> JoinedValue,
                 llvm::function_ref<llvm::StringRef(const BuildWord &)> Separator,
                 bool SemicolonSeparates);

  /// Whether E lies inside the text. A range the migration computed wrong
  /// is never applied: an edit outside the text would corrupt the file.
  bool inText(const Edit &E) const;
  /// Adds E unless it lies outside the text or an earlier edit keeps it out.
  bool claim(const Edit &E);

  std::string Path;
  llvm::StringRef Text;
  const BuildRules &Rules;
  BuildDecider Decide;
  const RenameMap &Renamed;
  std::string Directory;
  LineIndex Lines;
  std::map<std::string, std::string> Extensions;
  EditSet Edits;
  std::vector<Event> Events;
  std::vector<std::pair<unsigned, unsigned>> Required;
  VariableValues ValuesOf;
};

/// True if [B, E) of Text holds only blanks (and `;` list separators where
/// Semicolons, and line continuations).
bool onlyBlanks(llvm::StringRef Text, unsigned B, unsigned E, bool Semicolons);

} // namespace musify
