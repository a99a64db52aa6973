// Which files belong to the CUDA SDK (their names are what musify migrates),
// which to a library whose CUDA layer the tables describe (PyTorch's
// at::cuda), and which belong to the user (the only files musify edits).
#pragma once

#include "rules/RuleTable.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <mutex>
#include <string>
#include <vector>

namespace musify {

class SourceClassifier {
public:
  /// SdkFolders: the CUDA installation (real paths). ResourceDir: Clang's,
  /// whose `__clang_cuda_*` headers stand in for parts of the SDK. UserRoots:
  /// the folders of the inputs. Libraries: from the rule tables.
  SourceClassifier(std::vector<std::string> SdkFolders, std::string ResourceDir,
                   std::vector<std::string> UserRoots,
                   std::vector<LibraryDescription> Libraries = {});

  /// Where a file belongs.
  struct Class {
    const LibraryDescription *Library = nullptr; ///< the library it lies in
    bool Sdk = false;  ///< in the SDK or in a library: its declarations are API
    bool User = false; ///< under the inputs' folders, and not the SDK's
  };
  Class classify(llvm::StringRef RealPath) const;

  bool isSdk(llvm::StringRef RealPath) const;
  bool isUser(llvm::StringRef RealPath) const { return classify(RealPath).User; }
  /// The library RealPath lies in, or null.
  const LibraryDescription *libraryOf(llvm::StringRef RealPath) const;
  /// Whether Name (qualified, a macro or a header) is of Library's CUDA layer.
  static bool isCudaName(const LibraryDescription &Library, llvm::StringRef Name);

private:
  bool inCudaInstallation(llvm::StringRef RealPath) const;
  /// Whether Folder holds Marker; each folder is looked at once per run.
  bool holdsMarker(llvm::StringRef Folder, llvm::StringRef Marker) const;

  std::vector<std::string> SdkFolders;
  std::string ClangCudaHeaders; ///< prefix of Clang's CUDA wrapper headers
  std::vector<std::string> UserRoots;
  std::vector<LibraryDescription> Libraries;
  /// Units are parsed on several threads at once.
  mutable std::mutex MarkersLock;
  mutable llvm::StringMap<bool> MarkerFound; ///< "folder\0marker" -> found
};

} // namespace musify
