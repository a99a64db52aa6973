// Writing the HTML report: the page (HtmlPage.html, embedded at build time)
// with the run's data as JSON inside it, which the page's script renders.
#include "report/Html.h"

#include "core/SourceText.h"
#include "report/CodeHelp.h"

#include <algorithm>

namespace musify {

namespace {

constexpr llvm::StringLiteral Page =
#include "HtmlPage.inc"
    ;

constexpr llvm::StringLiteral DataMark = "<!--MUSIFY-DATA-->";

/// JSON that can sit inside a <script> element whatever strings it holds:
/// `<` only occurs inside strings, where `\u003c` means the same, so no
/// `</script>` or `<!--` of a source file can end the element.
std::string scriptSafe(const nlohmann::json &J) {
  std::string Text = J.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string Out;
  Out.reserve(Text.size() + Text.size() / 16);
  for (char C : Text)
    if (C == '<')
      Out += "\\u003c";
    else
      Out += C;
  return Out;
}

/// The lines a group of edits touches, [First, Last] (1-based), and the text
/// of those lines in pieces: kept, deleted, inserted, kept, deleted,
/// inserted, ..., kept. The original reads kept and deleted pieces, the
/// migration kept and inserted ones, so both sides line up by line.
nlohmann::json hunksOf(llvm::StringRef Text, const std::vector<Edit> &Edits) {
  LineIndex Lines(Text);
  nlohmann::json Hunks = nlohmann::json::array();
  size_t I = 0;
  while (I < Edits.size()) {
    auto [First, Column] = Lines.lineAndColumn(Edits[I].Offset);
    size_t Start = Edits[I].Offset - (Column - 1);
    unsigned Last = First;
    size_t End = Start;
    size_t J = I;
    // Edits on the lines the group reaches so far join it.
    for (; J < Edits.size(); ++J) {
      const Edit &E = Edits[J];
      if (J > I && Lines.lineAndColumn(E.Offset).first > Last)
        break;
      size_t Tail = E.Length ? E.Offset + E.Length - 1 : E.Offset;
      Last = std::max(Last, Lines.lineAndColumn(Tail).first);
      size_t NewLine = Text.find('\n', Tail);
      End = std::max(End, NewLine == llvm::StringRef::npos ? Text.size() : NewLine + 1);
    }
    nlohmann::json Pieces = nlohmann::json::array();
    size_t Pos = Start;
    for (; I < J; ++I) {
      const Edit &E = Edits[I];
      Pieces.push_back(Text.slice(Pos, E.Offset).str());
      Pieces.push_back(Text.substr(E.Offset, E.Length).str());
      Pieces.push_back(E.Text);
      Pos = E.Offset + E.Length;
    }
    Pieces.push_back(Text.slice(Pos, End).str());
    Hunks.push_back({First, Last, std::move(Pieces)});
  }
  return Hunks;
}

/// What the page reads first: the JSON report itself, the findings as
/// diagnostics print them, the codes' help, the translation units and the time.
nlohmann::json pageData(const RunReport &Report, const HtmlExtras &Extras) {
  std::map<std::string, size_t> IndexOf;
  nlohmann::json Units = nlohmann::json::array();
  for (size_t I = 0; I < Report.Files.size(); ++I) {
    IndexOf[Report.Files[I].Path] = I;
    if (Extras.Units.count(Report.Files[I].Path))
      Units.push_back(I);
  }
  nlohmann::json Findings = nlohmann::json::array();
  forEachFinding(Report, [&](const Finding &F) {
    Findings.push_back(
        {IndexOf[F.File], F.At.Line, F.At.Column, F.Code, F.Severity, F.Message});
  });
  nlohmann::json Codes = nlohmann::json::object();
  for (const CodeHelp &C : codeHelps())
    Codes[C.Code] = {{"short", C.Short}, {"help", C.Help}, {"level", C.Level}};
  return {{"report", reportHeadToJson(Report)}, // each file's entry is written on its own
          {"findings", std::move(Findings)},
          {"codes", std::move(Codes)},
          {"units", std::move(Units)},
          {"seconds", Extras.Seconds}};
}

} // namespace

void writeHtml(const RunReport &Report, const HtmlExtras &Extras, llvm::raw_ostream &OS) {
  size_t Mark = Page.find(DataMark);
  OS << Page.take_front(Mark) << "<script type=\"application/json\" id=\"musify-data\">";
  // The data, its report's "files" filled an entry at a time.
  JsonStreamWriter Data(OS, pageData(Report, Extras), scriptSafe);
  writeReportFiles(Data, Report);
  OS << "</script>\n";
  // One element per file, parsed only when the file is opened.
  for (size_t I = 0; I < Report.Files.size(); ++I) {
    std::optional<HtmlSource> Shown = Extras.Source(Report.Files[I].Path);
    if (!Shown)
      continue;
    nlohmann::json Source = {{"text", Shown->Original},
                             {"hunks", hunksOf(Shown->Original, Shown->Edits)}};
    OS << "<script type=\"application/json\" id=\"musify-source-" << I << "\">"
       << scriptSafe(Source) << "</script>\n";
  }
  OS << Page.drop_front(Mark + DataMark.size());
}

} // namespace musify
