// What the build rules make of the words of a build file.
#include "decide/BuildDecider.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace musify {

Event BuildDecider::event(const Place &At, llvm::StringRef Kind, llvm::StringRef Cuda,
                          const BuildRule *Rule) const {
  Event E;
  E.At = At;
  E.Cuda = Cuda.str();
  E.Replacement = Cuda.str();
  E.Kind = Kind.str();
  E.Family = "build";
  E.How = Evidence::BuildFile;
  if (Rule) {
    E.VerifiedBy = Rule->VerifiedBy;
    E.Note = Rule->Note;
    E.Source = Rule->Source;
    E.NeedsReview = Rule->Review;
  }
  return E;
}

Decision BuildDecider::decide(const BuildRule &Rule, const Place &At, unsigned Length,
                              llvm::StringRef Cuda,
                              const std::string &Replacement) const {
  Decision D = outcome(Rule, At, Cuda, Replacement);
  if (D.Outcome.Status == EventStatus::Migrated)
    D.Edits.push_back({At.Offset, Length, Replacement});
  return D;
}

Decision BuildDecider::outcome(const BuildRule &Rule, const Place &At,
                               llvm::StringRef Cuda,
                               const std::string &Replacement) const {
  if (!Rule.Supported)
    return unsupported(Rule, At, Cuda);
  // A boolean setting migrates where it is set to ON or OFF (CMakeMigration);
  // read or set to a computed value, its word has no counterpart.
  if (Rule.isBooleanSetting())
    return unsupported(Rule, At, Cuda, "only a setting of it to ON or OFF is migrated");
  if (Replacement == Cuda)
    return Decision(event(At, buildRuleKindName(Rule.Kind), Cuda, &Rule));
  return migrated(&Rule, At, buildRuleKindName(Rule.Kind), Cuda, Replacement, {});
}

Decision BuildDecider::unknown(BuildRuleKind Kind, const Place &At, llvm::StringRef Cuda,
                               const BuildRule *Prefix) const {
  Event E = event(At, buildRuleKindName(Kind), Cuda, nullptr);
  E.Status = EventStatus::Unknown;
  E.Note = Prefix && !Prefix->Note.empty()
               ? Prefix->Note
               : std::string("not in the ") + targetName() + " build tables";
  return Decision(std::move(E));
}

Decision BuildDecider::unsupported(const BuildRule &Rule, const Place &At,
                                   llvm::StringRef Cuda, const std::string &Why) const {
  Event E = event(At, buildRuleKindName(Rule.Kind), Cuda, &Rule);
  E.Status = EventStatus::Unsupported;
  E.NeedsReview = false;
  if (!Why.empty())
    E.Note = Rule.Note.empty() ? Why : Why + "; " + Rule.Note;
  return Decision(std::move(E));
}

Decision BuildDecider::migrated(const BuildRule *Rule, const Place &At,
                                llvm::StringRef Kind, llvm::StringRef Cuda,
                                std::string Replacement, std::vector<Edit> Edits) const {
  Event E = event(At, Kind, Cuda, Rule);
  E.Status = EventStatus::Migrated;
  E.Replacement = std::move(Replacement);
  return Decision(std::move(E), std::move(Edits));
}

Decision BuildDecider::sourcePattern(const Place &At, llvm::StringRef Word,
                                     std::string Replacement, Edit Edit,
                                     llvm::StringRef From, llvm::StringRef To) const {
  Decision D = migrated(nullptr, At, "source-pattern", Word, std::move(Replacement),
                        {std::move(Edit)});
  D.Outcome.NeedsReview = true;
  D.Outcome.Note =
      ("a pattern of sources: it matches the migrated sources only if every " + From +
       " source it matched was renamed to " + To)
          .str();
  return D;
}

Decision BuildDecider::sourceNotRenamed(const Place &At, llvm::StringRef Word,
                                        bool Resolved) const {
  Event E = event(At, "source", Word, nullptr);
  E.NeedsReview = true;
  E.Note = Resolved ? "not among the renamed sources; left as written"
                    : "cannot tell which file this names; left as written (rename "
                      "it if its file was renamed)";
  return Decision(std::move(E));
}

Decision BuildDecider::renamedSource(const Place &At, llvm::StringRef Word,
                                     std::string Replacement, Edit Edit,
                                     llvm::StringRef Old, llvm::StringRef New) const {
  Decision D =
      migrated(nullptr, At, "source", Word, std::move(Replacement), {std::move(Edit)});
  if (llvm::sys::path::parent_path(New) != llvm::sys::path::parent_path(Old)) {
    D.Outcome.NeedsReview = true;
    D.Outcome.Note = "renamed into another folder: " + New.str();
  }
  return D;
}

Decision BuildDecider::insertedCommand(const BuildRule &Language, BuildRuleKind Kind,
                                       const Place &At, llvm::StringRef Word,
                                       std::string Command, Edit Edit,
                                       std::string Note) const {
  Decision D = migrated(&Language, At, buildRuleKindName(Kind), Word, std::move(Command),
                        {std::move(Edit)});
  D.Outcome.NeedsReview = false;
  D.Outcome.Note = std::move(Note);
  return D;
}

Decision BuildDecider::sourceLanguage(const BuildRule &Language, const Place &At,
                                      llvm::StringRef First, std::string Command,
                                      Edit Edit) const {
  return insertedCommand(
      Language, BuildRuleKind::CMakeLanguage, At, First, std::move(Command),
      std::move(Edit),
      Language.SourceCommand.empty()
          ? "CMake compiles only " + llvm::join(Language.TargetExtensions, ", ") +
                " files as " + Language.Replacement +
                " by default: these sources are given the language"
          : std::string("these sources are given to the target's compiler"));
}

Decision BuildDecider::languageLink(const BuildRule &Language, const Place &At,
                                    llvm::StringRef Target, std::string Command,
                                    Edit Edit) const {
  return insertedCommand(Language, BuildRuleKind::CMakeTarget, At, Target,
                         std::move(Command), std::move(Edit),
                         std::string("its C and C++ sources that include the ") +
                             targetName() + " runtime's headers need " + Language.Link +
                             " (its include folders and macros): CMake's " +
                             Language.Replacement + " language gives them to " +
                             Language.Replacement + " sources only");
}

Decision BuildDecider::neededPackage(const Place &At, llvm::StringRef NeededBy,
                                     std::string Call, Edit Edit) const {
  Decision D = migrated(nullptr, At, buildRuleKindName(BuildRuleKind::CMakePackage),
                        NeededBy, std::move(Call), {std::move(Edit)});
  D.Outcome.Note =
      "its target comes from a package of its own, which the migration finds";
  return D;
}

Decision BuildDecider::aliasedName(const BuildRule &Rule, const Place &At,
                                   llvm::StringRef Alias, llvm::StringRef Module) const {
  Decision D = unsupported(Rule, At, Rule.Cuda);
  D.Outcome.NeedsReview = true;
  D.Outcome.Note = "written through " + Alias.str() + ", an alias of " + Module.str() +
                   "; the target's name is " + Rule.Replacement +
                   ": import it from there";
  return D;
}

std::optional<std::string> BuildDecider::translatedValue(const BuildRule &Rule,
                                                         llvm::StringRef Value) const {
  auto It = Rule.Values.find(Value.str());
  if (It == Rule.Values.end())
    return std::nullopt;
  return It->second;
}

std::optional<std::string> BuildDecider::architectures(const BuildRule &Rule,
                                                       llvm::StringRef Value,
                                                       llvm::StringRef Joiner,
                                                       std::string &Why) const {
  const BuildArchitectures *Arch = Rules.architectures();
  if (!Arch) {
    Why = "the target's tables map no CUDA architecture";
    return std::nullopt;
  }
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
      if (!Match) {
        Why = (Prefix + Digits).str() +
              " is older than every architecture of the threshold map";
        return std::nullopt;
      }
      std::string Name = Rule.Replacement;
      size_t Hole = Name.find("{arch}");
      Name.replace(Hole, 6, std::to_string(Match->second / Arch->Scale));
      if (!llvm::is_contained(Targets, Name))
        Targets.push_back(Name);
      P += Prefix.size() + Digits.size() - 1;
      break;
    }
  }
  if (Targets.empty()) {
    Why = "'" + Value.str() + "' names no CUDA architecture";
    return std::nullopt;
  }
  return llvm::join(Targets, Joiner);
}

std::optional<std::string> BuildDecider::cmakeArchitecture(const BuildRule &Rule,
                                                           llvm::StringRef Value) const {
  const BuildArchitectures *Arch = Rules.architectures();
  llvm::StringRef Digits = Value.take_while(llvm::isDigit);
  llvm::StringRef Rest = Value.drop_front(Digits.size());
  long long Number;
  if (!Arch || Digits.empty() || Digits.getAsInteger(10, Number) ||
      !(Rest.empty() || Rest == "-real" || Rest == "-virtual"))
    return std::nullopt;
  const std::pair<long long, long long> *Match = nullptr;
  for (const auto &Pair : Arch->Map)
    if (Pair.first <= Number * Arch->Scale)
      Match = &Pair;
  if (!Match)
    return std::nullopt;
  std::string Name = Rule.ArchValue;
  if (size_t Hole = Name.find("{arch}"); Hole != std::string::npos)
    Name.replace(Hole, 6, std::to_string(Match->second / Arch->Scale));
  return Name;
}

} // namespace musify
