// Findings written into the migrated code, above the lines they are about.
#include "report/InlineFindings.h"

#include "core/SourceText.h"
#include "hazards/HazardCheck.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>
#include <set>

namespace musify {

/// A finding that asks nothing of the reader: a hazard musify's edits took
/// care of, a deprecated name migrated to a name the target has.
static bool needsAction(const Finding &F) {
  if (F.Handled)
    return false;
  return !(F.Code == "deprecated" && F.From && F.From->Replacement != F.From->Cuda);
}

/// A rule's note this long is written out once per file; a later finding
/// that gives it says "as above" (a CMake file's every CMAKE_CUDA_* variable
/// has the same one).
constexpr size_t LongNote = 40;

/// Where F's message gives its rule's long note, if it ends with one.
static size_t noteStart(const Finding &F, llvm::StringRef Message) {
  if (!F.From || F.From->Note.size() < LongNote)
    return llvm::StringRef::npos;
  std::string Note = oneLine(F.From->Note);
  return Message.ends_with(": " + Note) ? Message.size() - Note.size()
                                        : llvm::StringRef::npos;
}

/// For each finding, whether a comment written earlier in the text (Written)
/// gives its long note already.
static std::vector<bool>
reasonsGivenAbove(const std::vector<Finding> &Findings,
                  llvm::function_ref<bool(const Finding &)> Written) {
  std::vector<size_t> ByOffset(Findings.size());
  std::iota(ByOffset.begin(), ByOffset.end(), 0);
  llvm::stable_sort(ByOffset, [&](size_t A, size_t B) {
    return Findings[A].At.Offset < Findings[B].At.Offset;
  });
  std::vector<bool> Above(Findings.size());
  std::set<std::string> Given;
  for (size_t I : ByOffset) {
    if (!Written(Findings[I]))
      continue;
    std::string Message = oneLine(Findings[I].Message);
    if (size_t At = noteStart(Findings[I], Message); At != std::string::npos)
      Above[I] = !Given.insert(Message.substr(At)).second;
  }
  return Above;
}

/// The comment line of a finding: `// musify-CODE: message`, the rule's note
/// left out where a comment above gives it (AsAbove).
static std::string inlineFindingText(const Finding &F, CommentSyntax Syntax,
                                     bool AsAbove) {
  std::string Message = oneLine(F.Message);
  if (AsAbove)
    Message = Message.substr(0, noteStart(F, Message)) + "as above";
  return commentLine(Syntax, "musify-" + F.Code + ": " + Message);
}

/// Whether every line of Block is among the lines of the run of findings
/// right above (a migrated file migrated again: its findings are written
/// already, maybe with others that no longer apply between them).
static bool givenAbove(llvm::StringRef Text, unsigned Start, llvm::StringRef Block) {
  llvm::SmallVector<llvm::StringRef, 8> Run;
  for (unsigned At = Start; At > 0;) {
    unsigned Begin = lineStartOf(Text, At - 1);
    llvm::StringRef Line = Text.slice(Begin, At).rtrim("\r\n");
    if (!Line.trim().contains("musify-"))
      break;
    Run.push_back(Line);
    At = Begin;
  }
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  std::string OneEnding = Block.str();
  std::replace(OneEnding.begin(), OneEnding.end(), '\r', '\n');
  llvm::StringRef(OneEnding).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  return llvm::all_of(Lines,
                      [&](llvm::StringRef L) { return llvm::is_contained(Run, L); });
}

/// The hazards of F that come from a definition in F itself, one finding a
/// definition, where it is: the run's view of a cause (forEachFinding) sees
/// every file's uses, a file's comments only its own.
static void causesInFile(const FileReport &F, std::vector<Finding> &Out) {
  std::map<std::pair<unsigned, std::string>, size_t> Index; // (offset, name)
  for (const HazardRecord &H : F.Hazards) {
    if (H.Cause.empty() || H.CauseAt.File != F.Path)
      continue;
    auto [It, New] = Index.try_emplace({H.CauseAt.Offset, H.Cause}, Out.size());
    if (New)
      Out.push_back({F.Path, F.Path, H.CauseAt, "warning",
                     "'" + H.Cause + "' " + H.Message, hazardKindName(H.Kind), nullptr,
                     H.Cause});
    Out[It->second].Related.push_back(H.At);
  }
}

std::vector<Edit> inlineFindingEdits(const FileReport &F, const std::string &Target,
                                     llvm::StringRef Text, CommentSyntax Syntax) {
  std::vector<Finding> Findings;
  fileFindings(F, Target, Findings);
  causesInFile(F, Findings);
  std::vector<Edit> Edits;
  if (Findings.empty())
    return Edits;
  LineInsertionPoints Points = linePlaces(Text, Syntax);
  std::map<unsigned, std::vector<std::string>> Lines; // by insertion point
  auto Written = [&](const Finding &F) {
    return needsAction(F) && F.At.Offset <= Text.size();
  };
  std::vector<bool> AsAbove = reasonsGivenAbove(Findings, Written);
  for (size_t I = 0; I < Findings.size(); ++I)
    if (const Finding &Found = Findings[I]; Written(Found)) {
      std::vector<std::string> &At = Lines[Points.before(Found.At.Offset)];
      std::string Line = inlineFindingText(Found, Syntax, AsAbove[I]);
      if (!llvm::is_contained(At, Line))
        At.push_back(std::move(Line));
    }
  for (auto &[Start, Comments] : Lines) {
    llvm::StringRef Rest = Text.drop_front(Start);
    llvm::StringRef Indent =
        commentsIndent(Syntax)
            ? Rest.take_while([](char C) { return C == ' ' || C == '\t'; })
            : "";
    llvm::StringRef Ending = lineEndingOf(Text, Start);
    std::string Block;
    for (const std::string &Comment : Comments)
      Block += (Indent + Comment + Ending).str();
    if (!givenAbove(Text, Start, Block))
      Edits.push_back({Start, 0, std::move(Block)});
  }
  return Edits;
}

namespace {

/// The comment syntax of a file musify migrates; none for another.
std::optional<CommentSyntax> commentSyntaxOf(const std::string &Path,
                                             const FileState &S) {
  if (S.isSource())
    return CommentSyntax::CFamily;
  if (S.is(FileRole::Python))
    return CommentSyntax::Python;
  if (!S.is(FileRole::BuildFile))
    return std::nullopt;
  return commentSyntaxOf(*buildFileKindOf(Path));
}

} // namespace

void writeFindingsIntoCode(RunState &State, const std::string &Target) {
  for (auto &[Path, S] : State.Files) {
    const FileReport &R = S.Report;
    std::optional<CommentSyntax> Syntax = commentSyntaxOf(Path, S);
    if (!Syntax || S.leftOut() ||
        (R.Events.empty() && R.Hazards.empty() && R.Conflicts.empty()))
      continue;
    for (const Edit &E : inlineFindingEdits(R, Target, RunState::text(S), *Syntax))
      if (!S.Edits.blocks(E))
        S.Edits.addAfterInsertions(E);
  }
}

} // namespace musify
