// ReportSpill: a written file's report entries leave memory and read back
// whole, and the report's views see the same run with them spilled.
#include "model/ReportSpill.h"
#include "report/Report.h"

#include <gtest/gtest.h>

#include <string>

using namespace musify;

namespace {

/// An event with every field set, each to a value of its own.
Event everyField(const std::string &File, unsigned I) {
  Event E;
  E.At = {File, 100 + I, 7 + I, 3};
  E.Cuda = "cudaMemcpy" + std::to_string(I);
  E.Replacement = "hipMemcpy";
  E.Kind = "function";
  E.Family = "runtime";
  E.Status = EventStatus::Unsupported;
  E.How = Evidence::ErrorRegion;
  E.OldText = "__CUDA_ARCH__ >= 800";
  E.NewText = std::string("a\0b\nc", 5); // any bytes
  E.NeedsReview = true;
  E.Impact = BuildImpact::Risk;
  E.Disputed = true;
  E.DroppedArgument = "mask";
  E.VerifiedBy = "hip-headers";
  E.Source = "hipify";
  E.CudaStatus = "deprecated";
  E.CudaVersion = "12.0";
  E.NeedsVersion = "6.1";
  E.VersionOption = "--hip-version";
  E.Note = "a note";
  return E;
}

HazardRecord hazard(const std::string &File) {
  HazardRecord H;
  H.At = {File, 5, 2, 9};
  H.Kind = static_cast<HazardKind>(3);
  H.Text = "float4 operator+";
  H.Message = "check it";
  H.Defused = true;
  return H;
}

FileReport fileWith(const std::string &Path, unsigned Events) {
  FileReport F;
  F.Path = Path;
  F.Output = "/out" + Path;
  for (unsigned I = 0; I < Events; ++I)
    F.Events.push_back(everyField(Path, I));
  // An entry placed in another file (a header's, found through a macro).
  F.Events.push_back(everyField("/src/other.h", 99));
  F.Hazards.push_back(hazard(Path));
  F.BuildBlockers.emplace();
  return F;
}

void expectSame(const Event &A, const Event &B) {
  EXPECT_EQ(A.At.File, B.At.File);
  EXPECT_EQ(A.At.Offset, B.At.Offset);
  EXPECT_EQ(A.At.Line, B.At.Line);
  EXPECT_EQ(A.At.Column, B.At.Column);
  EXPECT_EQ(A.Cuda, B.Cuda);
  EXPECT_EQ(A.Replacement, B.Replacement);
  EXPECT_EQ(A.Kind, B.Kind);
  EXPECT_EQ(A.Family, B.Family);
  EXPECT_EQ(A.Status, B.Status);
  EXPECT_EQ(A.How, B.How);
  EXPECT_EQ(A.OldText, B.OldText);
  EXPECT_EQ(A.NewText, B.NewText);
  EXPECT_EQ(A.NeedsReview, B.NeedsReview);
  EXPECT_EQ(A.Impact, B.Impact);
  EXPECT_EQ(A.Disputed, B.Disputed);
  EXPECT_EQ(A.DroppedArgument, B.DroppedArgument);
  EXPECT_EQ(A.VerifiedBy, B.VerifiedBy);
  EXPECT_EQ(A.Source, B.Source);
  EXPECT_EQ(A.CudaStatus, B.CudaStatus);
  EXPECT_EQ(A.CudaVersion, B.CudaVersion);
  EXPECT_EQ(A.NeedsVersion, B.NeedsVersion);
  EXPECT_EQ(A.VersionOption, B.VersionOption);
  EXPECT_EQ(A.Note, B.Note);
}

} // namespace

TEST(ReportSpill, EntriesReadBackFieldForField) {
  FileReport F = fileWith("/src/a.cu", 2);
  std::string Bytes = encodeEntries(F.Events, F.Hazards, F.Path);
  llvm::Expected<ReportEntries> Back = decodeEntries(Bytes, F.Path);
  ASSERT_TRUE(static_cast<bool>(Back)) << llvm::toString(Back.takeError());
  ASSERT_EQ(Back->Events.size(), F.Events.size());
  for (size_t I = 0; I < F.Events.size(); ++I)
    expectSame(Back->Events[I], F.Events[I]);
  ASSERT_EQ(Back->Hazards.size(), 1u);
  EXPECT_EQ(Back->Hazards[0].At.File, "/src/a.cu");
  EXPECT_EQ(Back->Hazards[0].At.Column, 9u);
  EXPECT_EQ(Back->Hazards[0].Kind, static_cast<HazardKind>(3));
  EXPECT_EQ(Back->Hazards[0].Text, "float4 operator+");
  EXPECT_EQ(Back->Hazards[0].Message, "check it");
  EXPECT_TRUE(Back->Hazards[0].Defused);
}

TEST(ReportSpill, BytesCutShortOrWithMoreAreRefused) {
  FileReport F = fileWith("/src/a.cu", 1);
  std::string Bytes = encodeEntries(F.Events, F.Hazards, F.Path);
  for (size_t Cut : {size_t(0), size_t(5), Bytes.size() / 2, Bytes.size() - 1}) {
    llvm::Expected<ReportEntries> Back =
        decodeEntries(llvm::StringRef(Bytes).take_front(Cut), F.Path);
    EXPECT_FALSE(static_cast<bool>(Back)) << Cut;
    llvm::consumeError(Back.takeError());
  }
  llvm::Expected<ReportEntries> Longer = decodeEntries(Bytes + "x", F.Path);
  EXPECT_FALSE(static_cast<bool>(Longer));
  llvm::consumeError(Longer.takeError());
}

// The views of a run whose files' entries were spilled are those of the
// same run held in memory.
TEST(ReportSpill, ViewsOfASpilledRunAreTheRunHeldInMemory) {
  RunReport Held;
  Held.Target.Name = "hip";
  Held.Files = {fileWith("/src/a.cu", 3), fileWith("/src/b.h", 0), FileReport{}};
  Held.Files[2].Path = "/src/empty.cu";
  ReportSpill Spill;
  RunReport Spilled = Held;
  Spilled.Spill = &Spill;
  for (FileReport &F : Spilled.Files)
    Spill.spill(F);
  EXPECT_TRUE(Spilled.Files[0].Spilled);
  EXPECT_TRUE(Spilled.Files[0].Events.empty());
  EXPECT_TRUE(Spilled.Files[0].Hazards.empty());
  EXPECT_FALSE(Spilled.Files[2].Spilled); // nothing to move
  EXPECT_EQ(reportToJson(Spilled), reportToJson(Held));
  EXPECT_EQ(totalsOf(Spilled).References, 5u);
  std::string Diagnostics[2];
  for (int I = 0; I < 2; ++I) {
    llvm::raw_string_ostream OS(Diagnostics[I]);
    printDiagnostics(I ? Spilled : Held, OS, /*Every=*/false);
  }
  EXPECT_EQ(Diagnostics[1], Diagnostics[0]);
  EXPECT_NE(Diagnostics[0].find("cudaMemcpy0"), std::string::npos);
  EXPECT_EQ(Spill.readFailure(), "");
}
