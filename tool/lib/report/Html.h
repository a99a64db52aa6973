// The run as one self-contained HTML page a person opens in a browser: the
// totals, charts, the files side by side with their migration, and the names
// left to migrate by hand. Built from the same events as the JSON report.
#pragma once

#include "edit/EditSet.h"
#include "report/Report.h"

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace musify {

/// A file's text before migration and musify's edits of it (offsets in it):
/// what the page shows side by side.
struct HtmlSource {
  llvm::StringRef Original;
  std::vector<Edit> Edits;
};

/// A file's text and edits by its path, as the report has it; none for a
/// file the page does not show.
using SourceOfFile = std::function<std::optional<HtmlSource>(const std::string &Path)>;

/// What the page shows beyond the JSON report.
struct HtmlExtras {
  SourceOfFile Source;
  std::set<std::string> Units; ///< the translation units among the files
  double Seconds = 0;          ///< how long the run took
};

/// Writes the page, each file's report entry and source made as it is
/// written. Everything it shows is inside it: no scripts, styles or fonts
/// from elsewhere.
void writeHtml(const RunReport &Report, const HtmlExtras &Extras, llvm::raw_ostream &OS);

} // namespace musify
