// `-` as the input: the text on standard input, migrated as a CUDA source
// and written to standard output (or -o). Clang parses files, so the text is
// kept for the run in a private temporary folder; quoted includes resolve
// from the working folder, as they do for a compiler reading standard input.
#pragma once

#include "llvm/Support/Error.h"

#include <string>

namespace musify {

class StdinInput {
public:
  /// Reads all of standard input into a new temporary folder.
  static llvm::Expected<StdinInput> read();
  StdinInput(StdinInput &&Other) noexcept;
  StdinInput(const StdinInput &) = delete;
  StdinInput &operator=(const StdinInput &) = delete;
  StdinInput &operator=(StdinInput &&) = delete;
  ~StdinInput(); ///< removes the folder and the file
  const std::string &path() const { return Path; }

private:
  StdinInput(std::string Folder, std::string Path)
      : Folder(std::move(Folder)), Path(std::move(Path)) {}
  std::string Folder, Path;
};

} // namespace musify
