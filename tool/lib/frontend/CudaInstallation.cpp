// CUDA SDK detection.
#include "frontend/CudaInstallation.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

namespace musify {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

/// "13.0" from `#define CUDA_VERSION 13000` in cuda.h; empty if absent.
std::string readVersion(llvm::StringRef IncludeDir) {
  llvm::SmallString<256> CudaH(IncludeDir);
  path::append(CudaH, "cuda.h");
  auto Buffer = llvm::MemoryBuffer::getFile(CudaH);
  if (!Buffer)
    return "";
  llvm::StringRef Text = (*Buffer)->getBuffer();
  size_t At = Text.find("#define CUDA_VERSION ");
  if (At == llvm::StringRef::npos)
    return "";
  unsigned Number = 0;
  if (Text.drop_front(At + 21).ltrim().consumeInteger(10, Number))
    return "";
  return std::to_string(Number / 1000) + "." + std::to_string(Number % 1000 / 10);
}

} // namespace

llvm::Expected<CudaInstallation> findCudaInstallation(llvm::StringRef Explicit) {
  std::string Root = Explicit.str();
  llvm::StringRef From = "--cuda-path";
  if (Root.empty()) {
    if (std::optional<std::string> Env = llvm::sys::Process::GetEnv("CUDA_PATH");
        Env && !Env->empty()) {
      Root = *Env;
      From = "CUDA_PATH";
    } else {
      Root = "/usr/local/cuda";
      From = "the default location";
    }
  }
  CudaInstallation Cuda;
  Cuda.Root = Root;
  llvm::SmallString<256> Include(Root);
  path::append(Include, "include");
  Cuda.IncludeDir = Include.str().str();
  llvm::SmallString<256> Runtime(Include);
  path::append(Runtime, "cuda_runtime.h");
  if (!fs::exists(Runtime))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "no CUDA SDK at '%s' (from %s): %s is missing; name one with "
        "--cuda-path or CUDA_PATH",
        Root.c_str(), From.str().c_str(), Runtime.c_str());

  Cuda.Version = readVersion(Include);
  Cuda.HasCccl = fs::is_directory(Include + "/cccl");
  Cuda.HasTextureFetchFunctions = fs::exists(Include + "/texture_fetch_functions.h");
  for (llvm::StringRef Folder : {llvm::StringRef(Root), llvm::StringRef(Include)}) {
    llvm::SmallString<256> Real;
    if (!fs::real_path(Folder, Real))
      Cuda.RealFolders.push_back(Real.str().str());
  }
  return Cuda;
}

} // namespace musify
