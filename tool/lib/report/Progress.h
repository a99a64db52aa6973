// Progress of the parse stage: a line that updates in place on a terminal,
// one line per unit with --verbose, nothing otherwise (pipes, CI logs).
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <mutex>

namespace musify {

class Progress {
public:
  /// Live: redraw one line (Out is a terminal and the run is not quiet).
  Progress(llvm::raw_ostream &Out, bool Live, bool Verbose, unsigned Total);

  /// More units to come than the total said.
  void expect(unsigned More);
  /// A unit is done, with Note said after its time; safe to call from
  /// several threads.
  void finished(llvm::StringRef File, bool Parsed, bool FromCache, double Seconds,
                llvm::StringRef Note = "");
  /// Clears the live line.
  void done();

private:
  llvm::raw_ostream &Out;
  bool Live, Verbose;
  unsigned Total, Done = 0;
  bool Drawn = false;
  std::chrono::steady_clock::time_point Start = std::chrono::steady_clock::now();
  std::mutex Lock;
};

} // namespace musify
