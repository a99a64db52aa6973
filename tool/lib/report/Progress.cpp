// Progress lines for the parse stage.
#include "report/Progress.h"
#include "report/Report.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

namespace musify {

Progress::Progress(llvm::raw_ostream &Out, bool Live, bool Verbose, unsigned Total)
    : Out(Out), Live(Live), Verbose(Verbose), Total(Total) {}

void Progress::expect(unsigned More) {
  std::lock_guard<std::mutex> Guard(Lock);
  Total += More;
}

void Progress::finished(llvm::StringRef File, bool Parsed, bool FromCache, double Seconds,
                        llvm::StringRef Note) {
  std::lock_guard<std::mutex> Guard(Lock);
  ++Done;
  if (Verbose) {
    if (Drawn)
      Out << "\r\x1b[K";
    Out << llvm::formatv("musify: [{0}/{1}] {2}: {3}{4}{5}\n", Done, Total, oneLine(File),
                         FromCache
                             ? std::string("from the cache")
                             : llvm::formatv("{0} in {1:f2} s",
                                             Parsed ? "parsed" : "did not parse", Seconds)
                                   .str(),
                         Note.empty() ? "" : ", ", Note);
    Drawn = false;
  }
  if (!Live)
    return;
  double Elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  Out << llvm::formatv("\r\x1b[K[{0}/{1}] {2:f1} units/s  {3}", Done, Total,
                       Elapsed > 0 ? Done / Elapsed : 0.0,
                       oneLine(llvm::sys::path::filename(File)));
  Out.flush();
  Drawn = true;
}

void Progress::done() {
  std::lock_guard<std::mutex> Guard(Lock);
  if (Drawn)
    Out << "\r\x1b[K";
  Out.flush();
  Drawn = false;
}

} // namespace musify
