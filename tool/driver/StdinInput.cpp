// Standard input kept in a temporary file for the run.
#include "StdinInput.h"
#include "inputs/Inputs.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <iterator>
#include <unistd.h>
#include <vector>

namespace musify {

namespace {

/// The text on standard input, or an error once it holds more than a source
/// may (`musify - < /dev/zero` must end, not exhaust memory).
llvm::Expected<std::string> readStdin() {
  std::string Text;
  std::vector<char> Chunk(size_t(1) << 16);
  for (;;) {
    ssize_t Got = ::read(STDIN_FILENO, Chunk.data(), Chunk.size());
    if (Got < 0 && errno == EINTR)
      continue;
    if (Got < 0) {
      std::error_code EC(errno, std::generic_category());
      return llvm::createStringError(EC, "cannot read standard input: %s",
                                     EC.message().c_str());
    }
    if (Got == 0)
      return Text;
    if (Text.size() + size_t(Got) > MaxSourceBytes)
      return llvm::createStringError(
          std::make_error_code(std::errc::file_too_large),
          "standard input is larger than %u MiB; musify migrates sources, not files "
          "that size",
          unsigned(MaxSourceBytes >> 20));
    Text.append(Chunk.data(), size_t(Got));
  }
}

// What an interrupt removes. A signal handler sees no object, and a run has
// one standard input; the handler reads these and nothing else.
char CopyPath[PATH_MAX];
char CopyFolder[PATH_MAX];
constexpr int Interrupts[] = {SIGHUP, SIGINT, SIGTERM};
struct sigaction HandedOn[std::size(Interrupts)];

/// Removes the copy, then hands the signal on to the handler it replaced
/// (LLVM's, which removes its own temporary files and ends the process).
void removeCopyOnInterrupt(int Signal, siginfo_t *Info, void *Context) {
  if (CopyPath[0])
    ::unlink(CopyPath);
  if (CopyFolder[0])
    ::rmdir(CopyFolder);
  for (size_t I = 0; I != std::size(Interrupts); ++I) {
    if (Interrupts[I] != Signal)
      continue;
    const struct sigaction &Before = HandedOn[I];
    ::sigaction(Signal, &Before, nullptr);
    if (Before.sa_flags & SA_SIGINFO)
      Before.sa_sigaction(Signal, Info, Context);
    else if (Before.sa_handler != SIG_DFL && Before.sa_handler != SIG_IGN)
      Before.sa_handler(Signal);
    else
      ::raise(Signal); // delivered, as the default, once this handler returns
  }
}

/// Installs removeCopyOnInterrupt for the interrupts the process does not
/// ignore (a run under nohup keeps ignoring SIGHUP).
void removeCopyOnInterrupts() {
  struct sigaction Action = {};
  Action.sa_sigaction = removeCopyOnInterrupt;
  Action.sa_flags = SA_SIGINFO;
  sigemptyset(&Action.sa_mask);
  for (size_t I = 0; I != std::size(Interrupts); ++I) {
    ::sigaction(Interrupts[I], nullptr, &HandedOn[I]);
    if (!(HandedOn[I].sa_flags & SA_SIGINFO) && HandedOn[I].sa_handler == SIG_IGN)
      continue;
    ::sigaction(Interrupts[I], &Action, nullptr);
  }
}

void restoreInterrupts() {
  for (size_t I = 0; I != std::size(Interrupts); ++I)
    if (HandedOn[I].sa_flags & SA_SIGINFO || HandedOn[I].sa_handler != SIG_IGN)
      ::sigaction(Interrupts[I], &HandedOn[I], nullptr);
}

/// Copies Path into Buffer for the handler; a path too long to copy could
/// not have been created either.
void keepForHandler(char (&Buffer)[PATH_MAX], const std::string &Path) {
  if (Path.size() < PATH_MAX)
    std::memcpy(Buffer, Path.c_str(), Path.size() + 1);
}

} // namespace

llvm::Expected<StdinInput> StdinInput::read() {
  llvm::Expected<std::string> Text = readStdin();
  if (!Text)
    return Text.takeError();
  llvm::SmallString<256> Folder;
  if (std::error_code EC = llvm::sys::fs::createUniqueDirectory("musify-stdin", Folder))
    return llvm::createStringError(
        EC, "cannot keep standard input in a temporary folder: %s", EC.message().c_str());
  llvm::SmallString<256> Path(Folder);
  llvm::sys::path::append(Path, "stdin.cu");
  StdinInput Input(Folder.str().str(), Path.str().str());
  // An interrupted run leaves no copy behind: no later run could tell it
  // from another run's.
  keepForHandler(CopyFolder, Input.Folder);
  keepForHandler(CopyPath, Input.Path);
  removeCopyOnInterrupts();
  // Written in place, not through a temporary file: the folder is private,
  // and the handler removes what it knows by name.
  std::error_code EC;
  {
    llvm::raw_fd_ostream Out(Input.Path, EC, llvm::sys::fs::OF_None);
    if (!EC) {
      Out << *Text;
      Out.close();
      EC = Out.error();
      Out.clear_error(); // reported below, not at destruction
    }
  }
  if (EC)
    return llvm::createStringError(
        EC, "cannot keep standard input in a temporary folder: cannot write '%s': %s",
        Input.Path.c_str(), EC.message().c_str());
  return Input;
}

StdinInput::StdinInput(StdinInput &&Other) noexcept
    : Folder(std::move(Other.Folder)), Path(std::move(Other.Path)) {
  Other.Folder.clear();
  Other.Path.clear();
}

StdinInput::~StdinInput() {
  if (Path.empty())
    return;
  restoreInterrupts();
  CopyPath[0] = CopyFolder[0] = '\0';
  llvm::sys::fs::remove(Path);
  llvm::sys::fs::remove(Folder);
}

} // namespace musify
