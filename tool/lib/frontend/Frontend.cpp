// Building compiler invocations for CUDA, C++ and C files, and running them.
#include "frontend/Frontend.h"
#include "core/MemoryGate.h"
#include "frontend/HoistedHeader.h"
#include "frontend/IncludeScan.h"
#include "frontend/NvccCompat.h"
#include "frontend/ParseActions.h"
#include "inputs/NvccFlags.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/PCHContainerOperations.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/xxhash.h"

#include <map>
#include <mutex>
#include <optional>

namespace musify {

namespace {

constexpr llvm::StringLiteral PreludeName = "musify_nvcc_compat.h";

/// Clang 19's CUDA wrapper includes texture_fetch_functions.h, which CUDA 13
/// removed along with texture references: an empty one lets it parse.
constexpr llvm::StringLiteral TextureFetchFunctions =
    "// Supplied by musify: CUDA 13 removed this header; Clang 19 includes it.\n";

/// The main file of a shared-headers build: empty, so the precompiled header
/// holds exactly what the command line includes first (the CUDA wrapper and
/// the prelude). Every parse's file system has it, as the header's users must.
constexpr llvm::StringLiteral SharedHeadersMain = "musify_shared_headers.cu";

/// The stack of each parse: machine-generated code (an expression of 100,000
/// terms) nests deeper than a thread's default stack allows. Only what is
/// used is ever committed.
constexpr unsigned ParseStackSize = 512u << 20;

/// Runs Body as every parse runs: on a thread with ParseStackSize, a crash
/// of Clang contained, in the calling parse's place in the memory gate's
/// line. False if Body crashed.
bool runContained(llvm::CrashRecoveryContext &Recovery, llvm::function_ref<void()> Body) {
  MemoryGate::Carried Parse = MemoryGate::carry();
  return Recovery.RunSafelyOnThread(
      [&] {
        MemoryGate::Adopt Same(Parse);
        Body();
      },
      ParseStackSize);
}

bool hasStandardFlag(const std::vector<std::string> &Args) {
  return llvm::any_of(Args, [](const std::string &A) {
    return llvm::StringRef(A).starts_with("-std=") ||
           llvm::StringRef(A).starts_with("--std");
  });
}

/// The newest sm_XX or compute_XX in -arch/-gencode/--cuda-gpu-arch values,
/// as Clang names it; sm_52 when there is none.
std::string newestArchOf(const std::vector<std::string> &Flags) {
  unsigned Newest = 0;
  for (const std::string &Flag : Flags) {
    llvm::StringRef Rest = Flag;
    for (size_t At; (At = Rest.find_first_of("sc")) != llvm::StringRef::npos;
         Rest = Rest.drop_front(At + 1)) {
      llvm::StringRef From = Rest.drop_front(At);
      llvm::StringRef Digits;
      if (From.consume_front("sm_") || From.consume_front("compute_"))
        Digits = From.take_while([](char C) { return llvm::isDigit(C); });
      unsigned Number = 0;
      if (Digits.empty() || Digits.getAsInteger(10, Number) || Number <= Newest)
        continue;
      // Clang knows the plain architecture; suffixes (sm_90a) only add features.
      Newest = Number;
    }
  }
  // Newer architectures than Clang knows parse as the newest it does.
  unsigned NewestKnown = 0;
  NewestDeviceArch.drop_front(3).getAsInteger(10, NewestKnown);
  return Newest ? "sm_" + std::to_string(std::min(Newest, NewestKnown)) : "sm_52";
}

/// The flags of a CUDA parse of one side.
std::vector<std::string> cudaArgs(const CudaInstallation &Cuda, const CudaSide &Side) {
  // Host-side parse: device-only branches (__CUDA_ARCH__) are skipped
  // regions, which the token rewriter migrates. Relocatable device code,
  // as nvcc -rdc, lets kernels launch kernels (dynamic parallelism).
  // The device side sees what only device compilation compiles
  // (`#ifdef __CUDA_ARCH__`), for one architecture.
  std::vector<std::string> Args = {"-x",
                                   "cuda",
                                   "--cuda-path=" + Cuda.Root,
                                   Side.Device ? "--cuda-device-only"
                                               : "--cuda-host-only",
                                   "-nocudalib",
                                   "-fgpu-rdc",
                                   "-include",
                                   (VirtualIncludeDir + "/" + PreludeName).str()};
  // CUDA 13 dropped the older architectures nvcc's default (sm_52) names;
  // a parse needs no support from the SDK's compiler for them.
  if (Side.Device)
    llvm::append_range(Args, std::vector<std::string>{"--cuda-gpu-arch=" + Side.Arch,
                                                      "--no-cuda-version-check"});
  if (!Cuda.HasTextureFetchFunctions)
    llvm::append_range(Args,
                       std::vector<std::string>{"-isystem", VirtualIncludeDir.str()});
  // nvcc announces its version; code tests it to pick a branch, and the
  // branch nvcc would take is the one to parse.
  if (!Cuda.Version.empty()) {
    auto [Major, Minor] = llvm::StringRef(Cuda.Version).split('.');
    llvm::append_range(Args,
                       std::vector<std::string>{"-D__CUDACC_VER_MAJOR__=" + Major.str(),
                                                "-D__CUDACC_VER_MINOR__=" + Minor.str(),
                                                "-D__CUDACC_VER_BUILD__=0"});
  }
  return Args;
}

/// The flags that choose the language and find the SDK's headers.
std::vector<std::string> languageArgs(const CudaInstallation &Cuda,
                                      SourceLanguage Language, const CudaSide &Side) {
  switch (Language) {
  case SourceLanguage::Cuda:
    return cudaArgs(Cuda, Side);
  case SourceLanguage::Cxx:
    // Host compilers see the SDK as a plain include folder.
    return {"-x", "c++", "-isystem", Cuda.IncludeDir};
  case SourceLanguage::C:
    return {"-x", "c", "-isystem", Cuda.IncludeDir};
  }
  return {};
}

} // namespace

Frontend::Frontend(CudaInstallation Cuda, std::string ResourceDir,
                   std::vector<std::string> UserArgs,
                   std::function<bool(llvm::StringRef)> IsCudaHeader,
                   IsUserFileFn IsUserFile)
    : Cuda(std::move(Cuda)), ResourceDir(std::move(ResourceDir)),
      UserArgs(translateNvccFlags(UserArgs)), RawUserArgs(std::move(UserArgs)),
      IsCudaHeader(std::move(IsCudaHeader)), IsUserFile(std::move(IsUserFile)),
      Plain(std::make_unique<PlainFiles>()) {}

Frontend::~Frontend() = default;

std::string Frontend::deviceArch(const CompileCommand *Command) const {
  std::vector<std::string> Flags = RawUserArgs;
  if (Command)
    llvm::append_range(Flags, Command->Flags);
  return newestArchOf(Flags);
}

std::vector<std::string> Frontend::commandLine(llvm::StringRef File,
                                               SourceLanguage Language,
                                               const CompileCommand *Command,
                                               const CudaSide &Side) const {
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
                                   "-Wno-missing-template-arg-list-after-template-kw",
                                   // Every error, for the regions it spoils.
                                   "-ferror-limit=0",
                                   // An unknown name stays unknown: errors
                                   // say what the code holds, not a guess
                                   // at what was meant, and guessing scans
                                   // every identifier the headers declare.
                                   "-fno-spell-checking"};
  llvm::append_range(Args, languageArgs(Cuda, Language, Side));
  // CUDA 13's Thrust, CUB and libcu++ need C++17 and live in include/cccl.
  if (Language != SourceLanguage::C) {
    if (!hasStandardFlag(FileArgs))
      Args.push_back("-std=c++17");
    if (Cuda.HasCccl)
      llvm::append_range(Args,
                         std::vector<std::string>{"-isystem", Cuda.IncludeDir + "/cccl"});
  }
  llvm::append_range(Args, FileArgs);
  Args.push_back(File.str());
  return Args;
}

/// Whether Args include a header before the file (-include, -imacros) other
/// than the prelude: a user's header would go into the shared headers, and
/// a parse that loads them does not read it, nor find its references.
static bool includesUserHeaders(const std::vector<std::string> &Args) {
  std::string Prelude = (VirtualIncludeDir + "/" + PreludeName).str();
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = llvm::StringRef(Args[I]).ltrim('-');
    if (!Arg.starts_with("include") && !Arg.starts_with("imacros"))
      continue;
    if (Args[I] != "-include" || I + 1 == Args.size() || Args[I + 1] != Prelude)
      return true;
    ++I;
  }
  return false;
}

/// The #include lines of Headers, in turn.
static std::string includesOf(llvm::ArrayRef<IncludeLine> Headers) {
  std::string Text;
  for (const IncludeLine &Header : Headers)
    Text += "#include " + Header.spelled() + "\n";
  return Text;
}

/// The headers, for messages: `<stdio.h> <vector>`.
static std::string spelledOf(llvm::ArrayRef<IncludeLine> Headers) {
  std::string Spelled;
  for (const IncludeLine &Header : Headers)
    Spelled += (Spelled.empty() ? "" : " ") + Header.spelled();
  return Spelled;
}

/// The main file of a precompiled header of headers a unit includes: their
/// #include lines, named after the precompiled header (one per file).
struct HoistedMain {
  HoistedMain(llvm::ArrayRef<IncludeLine> Headers, llvm::StringRef Pch)
      : Text(includesOf(Headers)),
        Name((VirtualIncludeDir + "/musify_hoisted/" + llvm::sys::path::stem(Pch) + ".cu")
                 .str()) {}
  std::string Text, Name;
};

/// A view of the files a parse sees that notes each user path the parse
/// looked for and did not find: an #include searches folder after folder,
/// and a header put later into a folder searched before the one that held
/// it would be read instead (UnitCache keeps a parse while none appears).
class AbsentPathRecorder : public llvm::vfs::ProxyFileSystem {
public:
  AbsentPathRecorder(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                     const IsUserFileFn &IsUserFile, std::set<std::string> &Absent)
      : ProxyFileSystem(std::move(Base)), IsUserFile(IsUserFile), Absent(Absent) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override {
    llvm::ErrorOr<llvm::vfs::Status> Found = ProxyFileSystem::status(Path);
    if (!Found)
      note(Path, Found.getError());
    return Found;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto Found = ProxyFileSystem::openFileForRead(Path);
    if (!Found)
      note(Path, Found.getError());
    return Found;
  }

private:
  void note(const llvm::Twine &Path, std::error_code EC) {
    if (EC != std::errc::no_such_file_or_directory)
      return;
    llvm::SmallString<256> Abs;
    Path.toVector(Abs);
    if (makeAbsolute(Abs))
      return;
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    if (IsUserFile(Abs))
      Absent.insert(Abs.str().str());
  }

  const IsUserFileFn &IsUserFile;
  std::set<std::string> &Absent;
};

/// The files a parse sees: the disk as nvcc's compilers see it, the headers
/// musify supplies in memory, and Command's folder as the working folder
/// (relative paths in a build's flags, -Iinclude, are relative to it).
/// Mains: the main files of the precompiled headers the parse builds on or
/// loads, beside the shared headers'.
/// Absent, with IsUserFile: gets the user paths the parse looked for in vain.
static llvm::IntrusiveRefCntPtr<clang::FileManager>
parseFileSystem(const CompileCommand *Command, PlainFiles &Plain,
                llvm::ArrayRef<std::pair<std::string, std::string>> Mains = {},
                const IsUserFileFn *IsUserFile = nullptr,
                std::set<std::string> *Absent = nullptr) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile((VirtualIncludeDir + "/texture_fetch_functions.h").str(), 0,
                  llvm::MemoryBuffer::getMemBuffer(TextureFetchFunctions));
  Memory->addFile((VirtualIncludeDir + "/" + PreludeName).str(), 0,
                  llvm::MemoryBuffer::getMemBuffer(nvccCompatPrelude()));
  Memory->addFile((VirtualIncludeDir + "/" + SharedHeadersMain).str(), 0,
                  llvm::MemoryBuffer::getMemBuffer(""));
  for (const auto &[Name, Text] : Mains)
    Memory->addFile(Name, 0, llvm::MemoryBuffer::getMemBufferCopy(Text));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      // A file system of its own: its working folder is not the process's.
      makeNvccCompatibleView(llvm::vfs::createPhysicalFileSystem(), &Plain));
  Overlay->pushOverlay(Memory);
  if (Command && !Command->Directory.empty())
    Overlay->setCurrentWorkingDirectory(Command->Directory);
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> View = Overlay;
  if (IsUserFile && Absent)
    View = llvm::makeIntrusiveRefCnt<AbsentPathRecorder>(Overlay, *IsUserFile, *Absent);
  return llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), View);
}

/// The parses expect() was told of, by sharing key.
struct Frontend::Plan {
  struct Group {
    std::vector<ExpectedParse> Parses;
    llvm::StringSet<> Files;
    size_t Planned = 0; ///< the first of Parses not yet counted by planFor
    llvm::StringMap<std::vector<IncludeLine>> Headers; ///< of each counted, by file
  };
  std::mutex Lock;
  std::map<std::string, Group> ByKey;
};

void Frontend::shareHeaders(bool SdkHeaders) {
  Shared = std::make_unique<SharedHeaders>();
  if (SdkHeaders) {
    Scan = std::make_unique<IncludeScan>(IsUserFile);
    Planned = std::make_unique<Plan>();
  }
}

std::string Frontend::sharingKey(const std::vector<std::string> &Args,
                                 const CompileCommand *Command) {
  return (Command ? Command->Directory : "") + '\n' +
         llvm::join(llvm::drop_end(Args), std::string(1, '\0'));
}

void Frontend::expect(const std::vector<ExpectedParse> &Parses) const {
  if (!Planned)
    return;
  std::vector<std::string> SharedKeys;
  {
    std::lock_guard<std::mutex> Guard(Planned->Lock);
    for (const ExpectedParse &P : Parses) {
      if (P.Language == SourceLanguage::C)
        continue;
      std::vector<std::string> Args = commandLine(P.File, P.Language, P.Command);
      if (includesUserHeaders(Args))
        continue;
      std::string Key = sharingKey(Args, P.Command);
      Plan::Group &Group = Planned->ByKey[Key];
      if (!Group.Files.insert(P.File).second)
        continue;
      Group.Parses.push_back(P);
      if (P.Language == SourceLanguage::Cuda)
        SharedKeys.push_back(std::move(Key));
    }
  }
  Shared->expect(SharedKeys);
}

bool Frontend::expected(const std::string &Key, llvm::StringRef File) const {
  if (!Planned)
    return false;
  std::lock_guard<std::mutex> Guard(Planned->Lock);
  auto It = Planned->ByKey.find(Key);
  return It != Planned->ByKey.end() && It->second.Files.contains(File);
}

std::vector<std::string> Frontend::hoistKeys(const std::string &Key,
                                             const std::vector<IncludeLine> &Headers) {
  std::vector<std::string> Keys;
  std::string Run = Key + '\n';
  for (const IncludeLine &Header : Headers)
    Keys.push_back(Run += includesOf(Header));
  return Keys;
}

std::optional<std::vector<IncludeLine>> Frontend::planFor(const std::string &Key,
                                                          llvm::StringRef File,
                                                          const CudaSide &Side,
                                                          const PchContents *Base) const {
  if (!Planned)
    return std::nullopt;
  // Under the lock: a parse that asks while another counts waits for the
  // counts.
  std::lock_guard<std::mutex> Guard(Planned->Lock);
  auto It = Planned->ByKey.find(Key);
  if (It == Planned->ByKey.end())
    return std::nullopt;
  Plan::Group &Group = It->second;
  std::vector<std::vector<std::string>> Runs;
  for (; Group.Planned < Group.Parses.size(); ++Group.Planned) {
    const ExpectedParse &P = Group.Parses[Group.Planned];
    std::vector<std::string> Args = commandLine(P.File, P.Language, P.Command, Side);
    std::vector<IncludeLine> &Headers = Group.Headers[P.File];
    Headers = hoistable(P.File, Args, Key, P.Command, Base);
    Runs.push_back(hoistKeys(Key, Headers));
    Shared->expect(Runs.back());
  }
  Shared->choose(Runs);
  auto Mine = Group.Headers.find(File);
  if (Mine == Group.Headers.end())
    return std::nullopt;
  return Mine->second;
}

void Frontend::buildAllBodies() { SkipBodies = false; }

static std::vector<std::string> withPch(std::vector<std::string> Args,
                                        const std::string &Pch) {
  Args.insert(Args.end() - 1, {"-include-pch", Pch});
  return Args;
}

/// The include folders Args search, in order, as the driver sets them up
/// (the CUDA wrappers, the C++ and C libraries, the compiler's own), with
/// relative ones taken from WorkingDir; none if it cannot tell.
static SearchFolders searchFoldersOf(const std::vector<std::string> &Args,
                                     llvm::StringRef WorkingDir) {
  std::vector<const char *> Argv;
  for (const std::string &Arg : Args)
    Argv.push_back(Arg.c_str());
  clang::CreateInvocationOptions Options;
  Options.Diags = clang::CompilerInstance::createDiagnostics(
      new clang::DiagnosticOptions, new clang::IgnoringDiagConsumer);
  std::unique_ptr<clang::CompilerInvocation> Invocation =
      clang::createInvocation(Argv, Options);
  SearchFolders Folders;
  if (!Invocation)
    return Folders;
  auto Absolute = [&](llvm::StringRef Dir) {
    llvm::SmallString<256> Path(Dir);
    if (!WorkingDir.empty())
      llvm::sys::fs::make_absolute(WorkingDir, Path);
    return Path.str().str();
  };
  // Clang's order: -iquote; -I; the system folders, C++'s or C's among
  // them; -idirafter.
  namespace fe = clang::frontend;
  bool Cxx = Invocation->getLangOpts().CPlusPlus;
  const auto &Entries = Invocation->getHeaderSearchOpts().UserEntries;
  for (auto InGroup : {+[](fe::IncludeDirGroup G, bool) { return G == fe::Quoted; },
                       +[](fe::IncludeDirGroup G, bool) { return G == fe::Angled; },
                       +[](fe::IncludeDirGroup G, bool Cxx) {
                         return G == fe::System || G == fe::ExternCSystem ||
                                G == (Cxx ? fe::CXXSystem : fe::CSystem);
                       },
                       +[](fe::IncludeDirGroup G, bool) { return G == fe::After; }})
    for (const clang::HeaderSearchOptions::Entry &E : Entries)
      if (!E.IsFramework && InGroup(E.Group, Cxx))
        (E.Group == fe::Quoted ? Folders.Quoted : Folders.Angled)
            .push_back(Absolute(E.Path));
  return Folders;
}

std::vector<IncludeLine> Frontend::hoistable(llvm::StringRef File,
                                             const std::vector<std::string> &Args,
                                             const std::string &Key,
                                             const CompileCommand *Command,
                                             const PchContents *Base) const {
  llvm::StringRef WorkingDir = Command ? llvm::StringRef(Command->Directory) : "";
  const SearchFolders &Folders =
      Scan->folders(Key, [&] { return searchFoldersOf(Args, WorkingDir); });
  return Scan->headers(File, Folders, [&](const IncludeLine &, llvm::StringRef Path) {
    llvm::sys::fs::UniqueID ID;
    return !Base || (!llvm::sys::fs::getUniqueID(Path, ID) && !Base->Files.contains(ID));
  });
}

bool Frontend::buildSharedHeaders(PchContents &Into, const CompileCommand *Command,
                                  const CudaSide &Side, SourceLanguage Language,
                                  const HoistedMain *Hoisted,
                                  std::shared_ptr<const PchContents> Base,
                                  UserFileRead *UserFile) const {
  // On top of Base: only the headers after its own are parsed, and what is
  // recorded of them adds to what Base holds.
  if (Base) {
    std::string Path = std::move(Into.Path);
    Into = *Base;
    Into.Path = std::move(Path);
    // Theirs are looked up through Below, not copied: the largest part.
    Into.Identifiers = {};
    Into.Uses = {};
    Into.Chain = Base->Chain + 1;
    Into.Below = std::move(Base);
  }
  if (Hoisted)
    Into.MainFiles.emplace_back(Hoisted->Name, Hoisted->Text);
  llvm::IntrusiveRefCntPtr<clang::FileManager> Files =
      parseFileSystem(Command, *Plain, Into.MainFiles);
  clang::IgnoringDiagConsumer Quiet;
  UserFileRead ReadUserFile;
  std::vector<std::string> Args = commandLine(
      Hoisted ? Hoisted->Name : (VirtualIncludeDir + "/" + SharedHeadersMain).str(),
      Language, Command, Side);
  if (Into.Below)
    Args = withPch(std::move(Args), Into.Below->Path);
  bool WriteFailed = false;
  clang::tooling::ToolInvocation Invocation(
      std::move(Args), emitSharedHeaders(Into, IsUserFile, SkipBodies, ReadUserFile),
      Files.get(), checkedPchWriter(WriteFailed));
  Invocation.setDiagnosticConsumer(&Quiet);
  bool Built = false;
  llvm::CrashRecoveryContext Recovery;
  bool Ran = runContained(Recovery, [&] { Built = Invocation.run(); });
  if (UserFile)
    *UserFile = ReadUserFile;
  // A header that does not build on its own (errors), or whose file could
  // not be written (a full disk), is not shared.
  return Ran && Built && !WriteFailed && !ReadUserFile.Line &&
         (!Hoisted ||
          Into.Headers.size() > (Into.Below ? Into.Below->Headers.size() : 0));
}

/// Args as a shell reads them back: each quoted where it holds more than
/// letters, digits and `-_./=+,:@%`.
static std::string shellCommand(const std::vector<std::string> &Args) {
  std::string Line;
  for (const std::string &Arg : Args) {
    if (!Line.empty())
      Line += ' ';
    bool Plain = !Arg.empty() && llvm::all_of(Arg, [](char C) {
      return llvm::isAlnum(C) || llvm::StringRef("-_./=+,:@%").contains(C);
    });
    if (Plain) {
      Line += Arg;
      continue;
    }
    Line += '\'';
    for (char C : Arg)
      Line += C == '\'' ? std::string("'\\''") : std::string(1, C);
    Line += '\'';
  }
  return Line;
}

ParseOutcome Frontend::run(std::vector<std::string> Args,
                           std::unique_ptr<clang::FrontendAction> Action,
                           const CompileCommand *Command, const DeviceBodies *Bodies,
                           const PchContents *Hoisted, HoistCheck *Check) const {
  std::string File = Args.back();
  // What reproduces a crash: the command line, from the folder it ran in.
  std::string CommandLine = (Command && !Command->Directory.empty()
                                 ? "cd " + shellCommand({Command->Directory}) + " && "
                                 : std::string()) +
                            shellCommand(Args);
  std::set<std::string> Absent;
  llvm::IntrusiveRefCntPtr<clang::FileManager> Files =
      parseFileSystem(Command, *Plain,
                      Hoisted ? llvm::ArrayRef(Hoisted->MainFiles)
                              : llvm::ArrayRef<std::pair<std::string, std::string>>(),
                      &IsUserFile, &Absent);
  CollectingDiagnostics Diagnostics;
  Diagnostics.IsUserFile = &IsUserFile;
  clang::tooling::ToolInvocation Invocation(
      std::move(Args),
      recoveringAction(std::move(Action), IsCudaHeader, IsUserFile, SkipBodies, Bodies,
                       Diagnostics, Check),
      Files.get(), std::make_shared<clang::PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Diagnostics);
  // On a thread of its own with a large stack (deeply nested code recurses
  // deeply), and contained: a crash of Clang costs this unit, not the run.
  bool Ran = false;
  llvm::CrashRecoveryContext Recovery;
  if (!runContained(Recovery, [&] { Ran = Invocation.run(); })) {
    ParseOutcome Crashed;
    Crashed.FirstErrors.push_back("error: Clang crashed while parsing " + File +
                                  "; it is migrated by the token rewriter");
    Crashed.Crashes.push_back(std::move(CommandLine));
    return Crashed;
  }
  Diagnostics.flush();
  ParseOutcome Outcome = std::move(Diagnostics.Outcome);
  Outcome.Absent = std::move(Absent);
  Outcome.Parsed = Ran && Outcome.ErrorCount == 0;
  // ToolInvocation::run fails on any error; the action may still have run to
  // the end, with Clang recovering, unless an error was fatal (a CUDA header
  // that cannot be found).
  Outcome.Recovered = !Outcome.Parsed && Diagnostics.Finished && !Diagnostics.Fatal;
  if (!Ran && Outcome.FirstErrors.empty())
    Outcome.FirstErrors.push_back("error: the compiler could not be started for " + File);
  return Outcome;
}

std::vector<IncludeLine>
Frontend::unitHeaders(llvm::StringRef File, const std::vector<std::string> &Args,
                      const std::string &Key, const CompileCommand *Command,
                      const CudaSide &Side, const PchContents *Base) const {
  // A parse the run announced was scanned when its command line was planned.
  if (std::optional<std::vector<IncludeLine>> Scanned = planFor(Key, File, Side, Base))
    return std::move(*Scanned);
  return hoistable(File, Args, Key, Command, Base);
}

ParseOutcome Frontend::parse(llvm::StringRef File, SourceLanguage Language,
                             const ActionFactory &MakeAction,
                             const CompileCommand *Command, const CudaSide &Side) const {
  std::vector<std::string> Args = commandLine(File, Language, Command, Side);
  bool Cuda = Language == SourceLanguage::Cuda;
  if (!Shared || Language == SourceLanguage::C || (!Cuda && !Scan) ||
      includesUserHeaders(Args))
    return run(std::move(Args), MakeAction(), Command, Side.Bodies);
  // Parses whose command lines differ only in the file share the headers.
  std::string Key = sharingKey(Args, Command);
  bool Expected = expected(Key, File);
  // CUDA parses all read the CUDA wrapper first; C++ ones nothing.
  std::shared_ptr<const PchContents> Base;
  if (Cuda) {
    Base = Shared->lookup(
        Key,
        [&](PchContents &Into) {
          return buildSharedHeaders(Into, Command, Side, Language);
        },
        Expected);
    if (!Base)
      return run(std::move(Args), MakeAction(), Command, Side.Bodies);
  }
  std::vector<std::string> Unshared = Base ? withPch(Args, Base->Path) : Args;
  ParseOutcome Refused;
  if (Scan) {
    HoistedParse Hoist{File, Args, Key, Command, Side, Language, Base, Expected};
    if (std::optional<ParseOutcome> Loaded = parseHoisted(Hoist, MakeAction, Refused))
      return std::move(*Loaded);
  }
  ParseOutcome Outcome = run(std::move(Unshared), MakeAction(), Command, Side.Bodies);
  Outcome.NotShared = std::move(Refused.NotShared);
  Outcome.Crashes.insert(Outcome.Crashes.begin(), Refused.Crashes.begin(),
                         Refused.Crashes.end());
  return Outcome;
}

std::set<std::string> Frontend::cudaDeclares(const std::set<std::string> &Names,
                                             const CompileCommand *Command) const {
  std::string Main = (VirtualIncludeDir + "/" + SharedHeadersMain).str();
  std::string Key = sharingKey(commandLine(Main, SourceLanguage::Cuda, Command), Command);
  std::set<std::string> Unasked;
  {
    std::lock_guard<std::mutex> Guard(DeclaresLock);
    const llvm::StringMap<bool> &Known = Declares[Key];
    for (const std::string &Name : Names)
      if (!Known.contains(Name))
        Unasked.insert(Name);
  }
  std::set<std::string> Found;
  if (!Unasked.empty()) {
    ParseOutcome Outcome = parse(
        Main, SourceLanguage::Cuda,
        [&] {
          Found.clear();
          return namesDeclaredAction(Unasked, Found);
        },
        Command);
    // A parse that failed tells nothing: every name counts as declared.
    if (!Outcome.Parsed)
      Found = Unasked;
  }
  std::lock_guard<std::mutex> Guard(DeclaresLock);
  llvm::StringMap<bool> &Known = Declares[Key];
  for (const std::string &Name : Unasked)
    Known[Name] = Found.count(Name);
  std::set<std::string> Declared;
  for (const std::string &Name : Names)
    if (Known.lookup(Name))
      Declared.insert(Name);
  return Declared;
}

std::optional<ParseOutcome> Frontend::parseHoisted(const HoistedParse &P,
                                                   const ActionFactory &MakeAction,
                                                   ParseOutcome &Refused) const {
  std::vector<IncludeLine> Headers =
      unitHeaders(P.File, P.Args, P.Key, P.Command, P.Side, P.Base.get());
  if (Headers.empty())
    return std::nullopt;
  // Not past a header known to read a user's file: said, unless a run tried
  // is refused.
  std::string Cut;
  cutAtUnfit(P.Key, Headers, Cut);
  // One key per run of the unit's first headers: a precompiled header
  // serves every unit that includes those first.
  std::vector<std::string> Keys = hoistKeys(P.Key, Headers);
  SharedHeaders::RunBuilder Build = runBuilder(P, Headers);
  auto [Index, Hoisted] = Shared->lookupLongest(Keys, Build, P.Expected);
  cutAtUnfit(P.Key, Headers, Cut);
  Refused.NotShared = Cut;
  if (!Hoisted)
    return std::nullopt;
  std::optional<unsigned> Where;
  std::optional<ParseOutcome> Loaded =
      parseLoading(P, MakeAction, Headers, Index, *Hoisted, Refused, Where);
  if (Loaded) {
    Loaded->NotShared = std::move(Cut);
    return Loaded;
  }
  if (!Where || *Where == 0 || *Where > Index)
    return std::nullopt;
  // The headers before the cause may still be shared, once.
  Keys.resize(*Where);
  std::tie(Index, Hoisted) = Shared->lookupAgain(Keys, Build);
  if (!Hoisted)
    return std::nullopt;
  ParseOutcome First = std::move(Refused);
  Refused = {};
  Loaded = parseLoading(P, MakeAction, Headers, Index, *Hoisted, Refused, Where);
  // Said of the longer run, whose refusal is the one to fix.
  ParseOutcome &Said = Loaded ? *Loaded : Refused;
  Said.NotShared = std::move(First.NotShared);
  Said.Crashes.insert(Said.Crashes.begin(), First.Crashes.begin(), First.Crashes.end());
  return Loaded;
}

SharedHeaders::RunBuilder
Frontend::runBuilder(const HoistedParse &P,
                     const std::vector<IncludeLine> &Headers) const {
  return
      [this, &P, &Headers](size_t I, size_t BelowIndex,
                           std::shared_ptr<const PchContents> Below, PchContents &Into) {
        llvm::ArrayRef<IncludeLine> Run = llvm::ArrayRef(Headers).take_front(I + 1);
        if (firstUnfit(P.Key, Run) < Run.size()) // found out by a longer run's build
          return false;
        size_t From = Below ? BelowIndex + 1 : 0;
        HoistedMain Main(Run.drop_front(From), Into.Path);
        UserFileRead Read;
        bool Built = buildSharedHeaders(Into, P.Command, P.Side, P.Language, &Main,
                                        Below ? std::move(Below) : P.Base, &Read);
        // Main's lines are its headers' #includes, one each.
        if (Read.Line)
          unfit(P.Key, Run[std::min(From + Read.Line - 1, I)], Read.File);
        return Built;
      };
}

void Frontend::cutAtUnfit(const std::string &Key, std::vector<IncludeLine> &Headers,
                          std::string &Why) const {
  std::string UserFile;
  size_t Fit = firstUnfit(Key, Headers, &UserFile);
  if (Fit == Headers.size())
    return;
  Why = spelledOf(llvm::ArrayRef(Headers).take_front(Fit + 1)) +
        " not shared: " + Headers[Fit].spelled() + " reads " + UserFile +
        ", a user's file";
  Headers.resize(Fit);
}

size_t Frontend::firstUnfit(const std::string &Key, llvm::ArrayRef<IncludeLine> Headers,
                            std::string *UserFile) const {
  std::lock_guard<std::mutex> Guard(UnfitLock);
  auto Known = Unfit.find(Key);
  if (Known == Unfit.end())
    return Headers.size();
  for (size_t I = 0; I < Headers.size(); ++I)
    if (auto It = Known->second.find(Headers[I].spelled()); It != Known->second.end()) {
      if (UserFile)
        *UserFile = It->second;
      return I;
    }
  return Headers.size();
}

void Frontend::unfit(const std::string &Key, const IncludeLine &Header,
                     const std::string &UserFile) const {
  std::lock_guard<std::mutex> Guard(UnfitLock);
  Unfit[Key].try_emplace(Header.spelled(), UserFile);
}

std::optional<ParseOutcome>
Frontend::parseLoading(const HoistedParse &P, const ActionFactory &MakeAction,
                       llvm::ArrayRef<IncludeLine> Headers, size_t Index,
                       const PchContents &Hoisted, ParseOutcome &Refused,
                       std::optional<unsigned> &Where) const {
  std::string Spelled = spelledOf(Headers.take_front(Index + 1));
  HoistCheck Check(Hoisted, IsUserFile);
  ParseOutcome Outcome = run(withPch(P.Args, Hoisted.Path), MakeAction(), P.Command,
                             P.Side.Bodies, &Hoisted, &Check);
  std::optional<std::string> Refusal = Check.refusal();
  Where = Check.refusedAt();
  // Stopped short (a fatal error): the errors were not looked at.
  if (!Refusal && Outcome.ErrorCount && !Outcome.Recovered)
    Refusal = "the parse that shared them had errors";
  // A crash of the parse that loaded them costs the sharing, not the unit.
  if (!Outcome.Crashes.empty())
    Refusal = "Clang crashed on the parse that loaded them";
  if (!Refusal) {
    Outcome.SharedHeader = std::move(Spelled);
    return Outcome;
  }
  Refused.NotShared = Spelled + " not shared: " + *Refusal;
  Refused.Crashes = std::move(Outcome.Crashes);
  return std::nullopt;
}

} // namespace musify
