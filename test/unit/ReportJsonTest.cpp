// writeReportJson and JsonStreamWriter: a streamed document is the whole one's text.
#include "report/Html.h"
#include "report/Report.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

using namespace musify;

namespace {

/// The report as one document, written as the report's format has it.
std::string wholeText(const RunReport &Run) {
  return reportToJson(Run).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
         "\n";
}

std::string streamedText(const RunReport &Run) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  writeReportJson(Run, OS);
  return Text;
}

FileReport fileWithEvents(const std::string &Path, unsigned Events) {
  FileReport F;
  F.Path = Path;
  F.Output = "/out" + Path;
  F.ParseErrors = {Path + ":3:1: error: \"quoted\"\nsecond line"};
  for (unsigned I = 0; I < Events; ++I) {
    Event E;
    E.At = {Path, 10 * I, I + 1, 2};
    E.Cuda = "cudaMalloc";
    E.Replacement = "hipMalloc";
    E.Kind = "function";
    E.Status = EventStatus::Migrated;
    F.Events.push_back(E);
  }
  F.BuildBlockers.emplace();
  return F;
}

RunReport runWith(std::vector<FileReport> Files) {
  RunReport Run;
  Run.ToolVersion = "1.0";
  Run.Target.Name = "hip";
  Run.CudaPath = "/usr/local/cuda";
  Run.CudaVersion = "13.0";
  Run.Inputs = {"/src"};
  Run.Files = std::move(Files);
  Run.LeftOut = {"/src/left.cu"};
  return Run;
}

} // namespace

TEST(ReportJson, StreamedIsTheWholeReportByteForByte) {
  for (unsigned Files : {0u, 1u, 3u}) {
    std::vector<FileReport> List;
    for (unsigned I = 0; I < Files; ++I)
      List.push_back(fileWithEvents("/src/f" + std::to_string(I) + ".cu", I));
    RunReport Run = runWith(std::move(List));
    EXPECT_EQ(streamedText(Run), wholeText(Run)) << Files << " file(s)";
  }
}

// A path that is not UTF-8, and one that spells the report's own key.
TEST(ReportJson, StreamedKeepsOddPathsAsTheWholeReportDoes) {
  RunReport Run = runWith({fileWithEvents("/src/\xff\xfe.cu", 1),
                           fileWithEvents("/src/\n  \"files\": [].cu", 2)});
  Run.TargetVersion = "6.2";
  Run.TargetVersionChosenBy = "--hip-version";
  EXPECT_EQ(streamedText(Run), wholeText(Run));
}

// Two arrays at different depths, as SARIF's results and rules are, each
// empty or not, with elements that hold arrays and the keys themselves; laid
// out as jsonText does and on one line.
TEST(ReportJson, StreamWriterLaysOutNestedArraysAsTheWholeDocument) {
  auto Document = [](const nlohmann::json &Results, const nlohmann::json &Rules) {
    return nlohmann::json{{"runs",
                           {{{"results", Results},
                             {"tool", {{"driver", {{"name", "x"}, {"rules", Rules}}}}}}}},
                          {"version", "2.1.0"}};
  };
  JsonStreamWriter::CompactText OneLine = [](const nlohmann::json &J) {
    return J.dump();
  };
  for (bool Compact : {false, true})
    for (auto [Results, Rules] : {std::pair{0, 0}, {1, 0}, {0, 2}, {3, 2}}) {
      nlohmann::json Made = nlohmann::json::array(), Listed = nlohmann::json::array();
      for (int I = 0; I < Results; ++I)
        Made.push_back({{"results", {I, "a\nb"}}, {"rules", nlohmann::json::array()}});
      for (int I = 0; I < Rules; ++I)
        Listed.push_back({{"id", "r" + std::to_string(I)}, {"text", {{"x", I}}}});
      std::string Text;
      llvm::raw_string_ostream OS(Text);
      JsonStreamWriter Out(OS, Document(nlohmann::json::array(), nlohmann::json::array()),
                           Compact ? OneLine : nullptr);
      Out.openArray("results");
      for (const nlohmann::json &R : Made)
        Out.add(R);
      Out.closeArray();
      Out.openArray("rules");
      for (const nlohmann::json &R : Listed)
        Out.add(R);
      Out.closeArray();
      Out.finish();
      nlohmann::json Whole = Document(Made, Listed);
      EXPECT_EQ(Text, Compact ? Whole.dump() : jsonText(Whole))
          << Results << " " << Rules << " " << Compact;
    }
}

// The HTML page's data holds the whole report, its files' entries written
// one at a time into it, and each file's source element follows.
TEST(ReportJson, HtmlPageDataIsTheWholeReport) {
  RunReport Run = runWith({fileWithEvents("/src/a.cu", 2),
                           fileWithEvents("/src/\"files\":[]</script>.cu", 1)});
  HtmlExtras Extras;
  Extras.Source = [](const std::string &Path) -> std::optional<HtmlSource> {
    if (Path != "/src/a.cu")
      return std::nullopt;
    return HtmlSource{"int x;\n", {}};
  };
  std::string Page;
  llvm::raw_string_ostream OS(Page);
  writeHtml(Run, Extras, OS);
  llvm::StringRef Open = "<script type=\"application/json\" id=\"musify-data\">";
  size_t Begin = Page.find(Open.str());
  ASSERT_NE(Begin, std::string::npos);
  Begin += Open.size();
  size_t End = Page.find("</script>", Begin);
  ASSERT_NE(End, std::string::npos); // the path's own "</script>" is escaped
  nlohmann::json Data = nlohmann::json::parse(Page.substr(Begin, End - Begin));
  EXPECT_EQ(Data["report"], reportToJson(Run));
  EXPECT_NE(Page.find("id=\"musify-source-0\""), std::string::npos);
  EXPECT_EQ(Page.find("id=\"musify-source-1\""), std::string::npos);
}
