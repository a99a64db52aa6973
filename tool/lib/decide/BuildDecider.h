// The Decide stage for build files: what a word of a CMake file, Makefile or
// setup.py becomes, as the event the report shows and the edits that migrate
// it. The build-file migrations (buildfiles/) find the words in their
// language and say where the edits go; what a rule makes of a word, and why,
// is decided here.
#pragma once

#include "decide/Decider.h"
#include "rules/BuildRules.h"
#include "rules/TargetDescription.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace musify {

class BuildDecider {
public:
  BuildDecider(const BuildRules &Rules, const TargetDescription &Target)
      : Rules(Rules), Target(Target) {}

  /// The event of the word Cuda at At (Kind: a build rule kind's name, or
  /// "source"...), from Rule where there is one; Kept until decided.
  Event event(const Place &At, llvm::StringRef Kind, llvm::StringRef Cuda,
              const BuildRule *Rule) const;
  /// Cuda, Length bytes at At, decided by Rule: unsupported, kept where
  /// Replacement is Cuda, else migrated (replaced by Replacement).
  Decision decide(const BuildRule &Rule, const Place &At, unsigned Length,
                  llvm::StringRef Cuda, const std::string &Replacement) const;
  /// What Rule makes of Cuda, without edits: a larger edit writes it.
  Decision outcome(const BuildRule &Rule, const Place &At, llvm::StringRef Cuda,
                   const std::string &Replacement) const;
  /// A CUDA name no entry knows; Prefix is the prefix entry that caught it.
  Decision unknown(BuildRuleKind Kind, const Place &At, llvm::StringRef Cuda,
                   const BuildRule *Prefix) const;
  /// A use of Rule the target cannot take; Why, if not empty, heads the note.
  Decision unsupported(const BuildRule &Rule, const Place &At, llvm::StringRef Cuda,
                       const std::string &Why = "") const;
  /// Cuda (at At, of Kind, from Rule where there is one) migrated to
  /// Replacement by Edits.
  Decision migrated(const BuildRule *Rule, const Place &At, llvm::StringRef Kind,
                    llvm::StringRef Cuda, std::string Replacement,
                    std::vector<Edit> Edits) const;

  /// A pattern of sources (`%.cu`, `*.cu`, a suffix rule `.cu.o:`): Edit
  /// gives it the extension From becomes (To).
  Decision sourcePattern(const Place &At, llvm::StringRef Word, std::string Replacement,
                         Edit Edit, llvm::StringRef From, llvm::StringRef To) const;
  /// A source name with a renamed extension that names no renamed file
  /// (Resolved), or no file that can be told (a variable in it).
  Decision sourceNotRenamed(const Place &At, llvm::StringRef Word, bool Resolved) const;
  /// A source name that follows its file's new name (Old -> New) by Edit.
  Decision renamedSource(const Place &At, llvm::StringRef Word, std::string Replacement,
                         Edit Edit, llvm::StringRef Old, llvm::StringRef New) const;

  /// Sources CMake would not compile as Language's replacement by their
  /// extension, given the language by Command (set_source_files_properties)
  /// inserted by Edit; First is the first of them.
  Decision sourceLanguage(const BuildRule &Language, const Place &At,
                          llvm::StringRef First, std::string Command, Edit Edit) const;
  /// Target, which has sources of Language, links its link target
  /// (Command, inserted by Edit) for its other sources.
  Decision languageLink(const BuildRule &Language, const Place &At,
                        llvm::StringRef Target, std::string Command, Edit Edit) const;
  /// A find_package() call (Call, inserted by Edit) for the package an
  /// imported target of the migration (NeededBy, at At) comes from.
  Decision neededPackage(const Place &At, llvm::StringRef NeededBy, std::string Call,
                         Edit Edit) const;

  /// A Python name of Rule written through Alias, a module alias of
  /// Module, where the target's name lives in another module: reported.
  Decision aliasedName(const BuildRule &Rule, const Place &At, llvm::StringRef Alias,
                       llvm::StringRef Module) const;

  /// The flag value Value (unquoted) through Rule's value table: what the
  /// flag becomes ("" drops it), or nullopt where the table lacks it.
  std::optional<std::string> translatedValue(const BuildRule &Rule,
                                             llvm::StringRef Value) const;
  /// The target architectures of the CUDA architectures Value names
  /// (`sm_70,compute_80`) by the threshold map, each written as Rule's
  /// replacement and joined by Joiner; nullopt, with Why, where there are none.
  std::optional<std::string> architectures(const BuildRule &Rule, llvm::StringRef Value,
                                           llvm::StringRef Joiner,
                                           std::string &Why) const;

  /// One CUDA architecture as CMake spells it (`80`, `86-real`) written as
  /// Rule's ArchValue through the threshold map; nullopt where it names no
  /// number the map takes (`native`, `all`), or where no map is.
  std::optional<std::string> cmakeArchitecture(const BuildRule &Rule,
                                               llvm::StringRef Value) const;

  const char *targetName() const { return Target.DisplayName.c_str(); }

private:
  /// A command Language's rule makes the migration write (Command, inserted
  /// by Edit) for Word, of Kind: nothing for a person to review; Note says
  /// why.
  Decision insertedCommand(const BuildRule &Language, BuildRuleKind Kind, const Place &At,
                           llvm::StringRef Word, std::string Command, Edit Edit,
                           std::string Note) const;

  const BuildRules &Rules;
  const TargetDescription &Target;
};

} // namespace musify
