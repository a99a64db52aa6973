// Building compiler invocations for CUDA, C++ and C files, and running them.
#include "frontend/Frontend.h"
#include "frontend/NvccCompat.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/PCHContainerOperations.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace musify {

namespace {

constexpr llvm::StringLiteral PreludeName = "musify_nvcc_compat.h";

/// Clang 19's CUDA wrapper includes texture_fetch_functions.h, which CUDA 13
/// removed along with texture references: an empty one lets it parse.
constexpr llvm::StringLiteral TextureFetchFunctions =
    "// Supplied by musify: CUDA 13 removed this header; Clang 19 includes it.\n";

constexpr unsigned MaxErrorsKept = 3;

/// Keeps Clang's errors for musify's own message; everything else is dropped.
class CollectingDiagnostics : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < clang::DiagnosticsEngine::Error)
      return;
    ++Outcome.ErrorCount;
    if (Outcome.FirstErrors.size() >= MaxErrorsKept)
      return;
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    std::string Where;
    if (Info.getLocation().isValid() && Info.hasSourceManager()) {
      clang::PresumedLoc P =
          Info.getSourceManager().getPresumedLoc(Info.getLocation());
      if (P.isValid())
        Where = (llvm::Twine(P.getFilename()) + ":" + llvm::Twine(P.getLine()) +
                 ":" + llvm::Twine(P.getColumn()) + ": ")
                    .str();
    }
    Outcome.FirstErrors.push_back(Where + "error: " + Message.str().str());
  }

  ParseOutcome Outcome;
};

bool hasStandardFlag(const std::vector<std::string> &Args) {
  return llvm::any_of(Args, [](const std::string &A) {
    return llvm::StringRef(A).starts_with("-std=") ||
           llvm::StringRef(A).starts_with("--std");
  });
}

} // namespace

Frontend::Frontend(CudaInstallation Cuda, std::string ResourceDir,
                   std::vector<std::string> UserArgs)
    : Cuda(std::move(Cuda)), ResourceDir(std::move(ResourceDir)),
      UserArgs(translateNvccFlags(UserArgs)) {}

std::vector<std::string> Frontend::commandLine(llvm::StringRef File,
                                               SourceLanguage Language,
                                               const CompileCommand *Command) const {
  std::vector<std::string> FileArgs =
      Command ? translateNvccFlags(Command->Flags) : std::vector<std::string>();
  llvm::append_range(FileArgs, UserArgs);
  // The driver finds the GCC installation (libstdc++) relative to itself.
  std::vector<std::string> Args = {MUSIFY_CLANG_EXECUTABLE, "-fsyntax-only",
                                   "-resource-dir=" + ResourceDir,
                                   // Only errors matter: warnings about user
                                   // code are not musify's to print, nor is
                                   // Clang's "N errors generated".
                                   "-w", "-fno-caret-diagnostics",
                                   // `X::template f` without <...>: older
                                   // Clang and nvcc's host compilers accept
                                   // it, and CUB 1.x code is full of it.
                                   "-Wno-missing-template-arg-list-after-template-kw"};
  switch (Language) {
  case SourceLanguage::Cuda:
    // Host-side parse: device-only branches (__CUDA_ARCH__) are skipped
    // regions, which the token rewriter migrates. Relocatable device code,
    // as nvcc -rdc, lets kernels launch kernels (dynamic parallelism).
    llvm::append_range(Args, std::vector<std::string>{
                                 "-x", "cuda", "--cuda-path=" + Cuda.Root,
                                 "--cuda-host-only", "-nocudalib", "-fgpu-rdc",
                                 "-include",
                                 (VirtualIncludeDir + "/" + PreludeName).str()});
    if (!Cuda.HasTextureFetchFunctions)
      llvm::append_range(
          Args, std::vector<std::string>{"-isystem", VirtualIncludeDir.str()});
    // nvcc announces its version; code tests it to pick a branch, and the
    // branch nvcc would take is the one to parse.
    if (!Cuda.Version.empty()) {
      auto [Major, Minor] = llvm::StringRef(Cuda.Version).split('.');
      llvm::append_range(Args, std::vector<std::string>{
                                   "-D__CUDACC_VER_MAJOR__=" + Major.str(),
                                   "-D__CUDACC_VER_MINOR__=" + Minor.str(),
                                   "-D__CUDACC_VER_BUILD__=0"});
    }
    break;
  case SourceLanguage::Cxx:
    // Host compilers see the SDK as a plain include folder.
    llvm::append_range(Args, std::vector<std::string>{"-x", "c++", "-isystem",
                                                      Cuda.IncludeDir});
    break;
  case SourceLanguage::C:
    llvm::append_range(
        Args, std::vector<std::string>{"-x", "c", "-isystem", Cuda.IncludeDir});
    break;
  }
  // CUDA 13's Thrust, CUB and libcu++ need C++17 and live in include/cccl.
  if (Language != SourceLanguage::C) {
    if (!hasStandardFlag(FileArgs))
      Args.push_back("-std=c++17");
    if (Cuda.HasCccl)
      llvm::append_range(Args, std::vector<std::string>{
                                   "-isystem", Cuda.IncludeDir + "/cccl"});
  }
  llvm::append_range(Args, FileArgs);
  Args.push_back(File.str());
  return Args;
}

ParseOutcome Frontend::parse(llvm::StringRef File, SourceLanguage Language,
                             std::unique_ptr<clang::FrontendAction> Action,
                             const CompileCommand *Command) const {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile((VirtualIncludeDir + "/texture_fetch_functions.h").str(), 0,
                  llvm::MemoryBuffer::getMemBuffer(TextureFetchFunctions));
  Memory->addFile((VirtualIncludeDir + "/" + PreludeName).str(), 0,
                  llvm::MemoryBuffer::getMemBuffer(nvccCompatPrelude()));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      // A file system of its own: its working folder is not the process's.
      makeNvccCompatibleView(llvm::vfs::createPhysicalFileSystem()));
  Overlay->pushOverlay(Memory);
  // Relative paths in a build's flags (-Iinclude) are relative to where it ran.
  if (Command && !Command->Directory.empty())
    Overlay->setCurrentWorkingDirectory(Command->Directory);
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), Overlay);

  CollectingDiagnostics Diagnostics;
  clang::tooling::ToolInvocation Invocation(
      commandLine(File, Language, Command), std::move(Action), Files.get(),
      std::make_shared<clang::PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Diagnostics);
  bool Ran = Invocation.run();
  ParseOutcome Outcome = std::move(Diagnostics.Outcome);
  Outcome.Parsed = Ran && Outcome.ErrorCount == 0;
  if (!Ran && Outcome.FirstErrors.empty())
    Outcome.FirstErrors.push_back("error: the compiler could not be started for " +
                                  File.str());
  return Outcome;
}

} // namespace musify
