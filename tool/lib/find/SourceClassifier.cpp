// Classifying files as SDK or user files by where they live.
#include "find/SourceClassifier.h"

#include "inputs/Inputs.h"

#include "llvm/ADT/STLExtras.h"

namespace musify {

SourceClassifier::SourceClassifier(std::vector<std::string> SdkFolders,
                                   std::string ResourceDir,
                                   std::vector<std::string> UserRoots)
    : SdkFolders(std::move(SdkFolders)),
      ClangCudaHeaders(ResourceDir + "/include/__clang_cuda_"),
      UserRoots(std::move(UserRoots)) {}

bool SourceClassifier::isSdk(llvm::StringRef RealPath) const {
  return RealPath.starts_with(ClangCudaHeaders) ||
         llvm::any_of(SdkFolders,
                      [&](const std::string &F) { return isWithin(RealPath, F); });
}

bool SourceClassifier::isUser(llvm::StringRef RealPath) const {
  return !isSdk(RealPath) &&
         llvm::any_of(UserRoots,
                      [&](const std::string &R) { return isWithin(RealPath, R); });
}

} // namespace musify
