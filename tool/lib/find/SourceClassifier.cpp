// Classifying files as SDK, library or user files by where they live.
#include "find/SourceClassifier.h"

#include "inputs/Inputs.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace musify {

SourceClassifier::SourceClassifier(std::vector<std::string> SdkFolders,
                                   std::string ResourceDir,
                                   std::vector<std::string> UserRoots,
                                   std::vector<LibraryDescription> Libraries)
    : SdkFolders(std::move(SdkFolders)),
      ClangCudaHeaders(ResourceDir + "/include/__clang_cuda_"),
      UserRoots(std::move(UserRoots)), Libraries(std::move(Libraries)) {}

bool SourceClassifier::inCudaInstallation(llvm::StringRef RealPath) const {
  return RealPath.starts_with(ClangCudaHeaders) ||
         llvm::any_of(SdkFolders,
                      [&](const std::string &F) { return isWithin(RealPath, F); });
}

bool SourceClassifier::isSdk(llvm::StringRef RealPath) const {
  return inCudaInstallation(RealPath) || libraryOf(RealPath);
}

SourceClassifier::Class SourceClassifier::classify(llvm::StringRef RealPath) const {
  Class C;
  C.Library = libraryOf(RealPath);
  C.Sdk = C.Library || inCudaInstallation(RealPath);
  C.User = !C.Sdk && llvm::any_of(UserRoots, [&](const std::string &R) {
    return isWithin(RealPath, R);
  });
  return C;
}

bool SourceClassifier::holdsMarker(llvm::StringRef Folder, llvm::StringRef Marker) const {
  std::string Key = (Folder + llvm::StringRef("\0", 1) + Marker).str();
  std::lock_guard<std::mutex> Lock(MarkersLock);
  auto [It, Inserted] = MarkerFound.try_emplace(Key, false);
  if (Inserted) {
    llvm::SmallString<256> Path(Folder);
    llvm::sys::path::append(Path, Marker);
    It->second = llvm::sys::fs::exists(Path);
  }
  return It->second;
}

const LibraryDescription *SourceClassifier::libraryOf(llvm::StringRef RealPath) const {
  // `<root>/ATen/core/Tensor.h` is PyTorch's when <root> holds its marker
  // header, wherever <root> is (/usr/include, a pip install's torch/include).
  for (const LibraryDescription &L : Libraries)
    for (const std::string &Folder : L.Folders) {
      std::string Part = "/" + Folder + "/";
      for (size_t At = RealPath.find(Part); At != llvm::StringRef::npos;
           At = RealPath.find(Part, At + 1))
        if (holdsMarker(RealPath.take_front(At), L.Marker))
          return &L;
    }
  return nullptr;
}

bool SourceClassifier::isCudaName(const LibraryDescription &Library,
                                  llvm::StringRef Name) {
  return llvm::any_of(Library.CudaPrefixes,
                      [&](const std::string &P) { return Name.starts_with(P); });
}

} // namespace musify
