// Which files belong to the CUDA SDK (their names are what musify migrates) and
// which belong to the user (the only files musify edits).
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace musify {

class SourceClassifier {
public:
  /// SdkFolders: the CUDA installation (real paths). ResourceDir: Clang's,
  /// whose `__clang_cuda_*` headers stand in for parts of the SDK. UserRoots:
  /// the folders of the inputs.
  SourceClassifier(std::vector<std::string> SdkFolders, std::string ResourceDir,
                   std::vector<std::string> UserRoots);

  bool isSdk(llvm::StringRef RealPath) const;
  bool isUser(llvm::StringRef RealPath) const;

private:
  std::vector<std::string> SdkFolders;
  std::string ClangCudaHeaders; ///< prefix of Clang's CUDA wrapper headers
  std::vector<std::string> UserRoots;
};

} // namespace musify
