// The run as one self-contained HTML page a person opens in a browser: the
// totals, charts, the files side by side with their migration, and the names
// left to migrate by hand. Built from the same events as the JSON report.
#pragma once

#include "edit/EditSet.h"
#include "report/Report.h"

#include "llvm/ADT/StringRef.h"

#include <map>
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

/// What the page shows beyond the JSON report.
struct HtmlExtras {
  std::map<std::string, HtmlSource> Sources; ///< by path, as the report has it
  std::set<std::string> Units;               ///< the translation units among the files
  double Seconds = 0;                        ///< how long the run took
};

/// The page. Everything it shows is inside it: no scripts, styles or fonts
/// from elsewhere.
std::string reportToHtml(const RunReport &Report, const HtmlExtras &Extras);

} // namespace musify
