// Finding the CUDA SDK that the front end parses against.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace musify {

struct CudaInstallation {
  std::string Root;       ///< as given or found (what --cuda-path receives)
  std::string IncludeDir; ///< Root/include
  std::string Version;    ///< "13.0", from CUDA_VERSION in cuda.h
  bool HasCccl = false;   ///< CUDA 13 keeps Thrust, CUB and libcu++ in include/cccl
  bool HasTextureFetchFunctions = false; ///< removed in CUDA 13, included by Clang 19
  std::vector<std::string> RealFolders;  ///< the SDK's folders, symlinks resolved
};

/// The SDK at Explicit if given, else at $CUDA_PATH, else at /usr/local/cuda.
/// An SDK is a folder with include/cuda_runtime.h.
llvm::Expected<CudaInstallation> findCudaInstallation(llvm::StringRef Explicit);

} // namespace musify
