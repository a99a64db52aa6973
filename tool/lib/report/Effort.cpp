#include "report/Effort.h"

#include "hazards/HazardCheck.h"

#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <set>

namespace musify {

namespace {

using Line = std::pair<std::string, unsigned>; // file, line

/// Lines that name CUDA, and those of them a person must act on: an
/// unsupported or unknown name, a hazard not defused, a result to review.
struct LineCounts {
  std::set<Line> WithCuda, NeedAPerson;
};

LineCounts countLines(const RunReport &Report) {
  LineCounts Lines;
  for (const FileReport &Each : Report.Files)
    withEntries(Report.Spill, Each, [&](const FileReport &F) {
      for (const Event &E : F.Events) {
        if (E.Status == EventStatus::Excluded)
          continue;
        Line At{F.Path, E.At.Line};
        Lines.WithCuda.insert(At);
        if (E.Status == EventStatus::Unsupported || E.Status == EventStatus::Unknown ||
            E.NeedsReview)
          Lines.NeedAPerson.insert(At);
      }
      for (const HazardRecord &H : F.Hazards)
        if (!H.Defused) {
          Lines.WithCuda.insert({F.Path, H.At.Line});
          Lines.NeedAPerson.insert({F.Path, H.At.Line});
        }
    });
  return Lines;
}

/// "N unsupported name(s) (K distinct)" for a status, or "".
std::string namesWith(const RunReport &Report, EventStatus Status, const char *What) {
  unsigned Uses = 0;
  std::set<std::string> Distinct;
  for (const FileReport &Each : Report.Files)
    withEntries(Report.Spill, Each, [&](const FileReport &F) {
      for (const Event &E : F.Events)
        if (E.Status == Status) {
          ++Uses;
          Distinct.insert(E.Cuda);
        }
    });
  if (!Uses)
    return "";
  return llvm::formatv("{0} {1} name(s), {2} distinct", Uses, What, Distinct.size());
}

/// "N hazard(s): kind xN, ..." for the hazards not defused, or "".
std::string hazardsLeft(const RunReport &Report) {
  std::map<std::string, unsigned> ByKind;
  unsigned All = 0;
  for (const FileReport &Each : Report.Files)
    withEntries(Report.Spill, Each, [&](const FileReport &F) {
      for (const HazardRecord &H : F.Hazards)
        if (!H.Defused) {
          ++ByKind[hazardKindName(H.Kind)];
          ++All;
        }
    });
  if (!All)
    return "";
  std::string Text = llvm::formatv("{0} hazard(s):", All);
  for (const auto &[Kind, Count] : ByKind)
    Text += llvm::formatv(" {0} x{1}", Kind, Count);
  return Text;
}

} // namespace

void printEffort(const RunReport &Report, llvm::raw_ostream &OS) {
  Totals T = totalsOf(Report);
  LineCounts Lines = countLines(Report);
  size_t Automatic = Lines.WithCuda.size() - Lines.NeedAPerson.size();
  OS << "musify: dry run, nothing written: the effort to migrate " << T.Files
     << " file(s) to " << Report.Target.DisplayName << "\n";
  OS << llvm::formatv("  lines naming CUDA: {0}; {1} ({2:P0}) migrate automatically, {3} "
                      "need a person\n",
                      Lines.WithCuda.size(), Automatic,
                      Lines.WithCuda.empty() ? 1.0
                                             : double(Automatic) / Lines.WithCuda.size(),
                      Lines.NeedAPerson.size());
  OS << llvm::formatv("  references: {0} migrated, {1} migrated without semantics, {2} "
                      "kept, {3} unsupported, {4} unknown\n",
                      T.Migrated, T.MigratedWithoutSemantics, T.Kept, T.Unsupported,
                      T.Unknown);
  OS << "  files predicted not to build: " << T.PredictedNotToBuild << "\n";
  std::vector<std::string> Left;
  for (std::string Item :
       {namesWith(Report, EventStatus::Unsupported, "unsupported"),
        namesWith(Report, EventStatus::Unknown, "unknown"), hazardsLeft(Report)})
    if (!Item.empty())
      Left.push_back(std::move(Item));
  auto Count = [&](unsigned N, const char *What) {
    if (N)
      Left.push_back(llvm::formatv("{0} {1}", N, What));
  };
  Count(T.FilesWithClangErrors, "source(s) with Clang errors");
  Count(T.FilesWithoutSemantics, "file(s) migrated without semantic analysis");
  Count(T.Conflicts, "conflict(s) between two parses' edits");
  OS << "  work left:" << (Left.empty() ? " none" : "") << "\n";
  for (const std::string &Item : Left)
    OS << "    " << Item << "\n";
}

void printRunSummary(const RunReport &Report, bool DryRun, llvm::raw_ostream &OS) {
  if (!DryRun)
    printSummaryTable(Report, OS);
  OS << summaryLine(Report) << "\n";
  if (DryRun)
    printEffort(Report, OS);
}

} // namespace musify
