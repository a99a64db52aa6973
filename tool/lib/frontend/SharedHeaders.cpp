// Precompiled headers shared by the parses of one run.
#include "frontend/SharedHeaders.h"
#include "core/MemoryGate.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cerrno>
#include <limits>

#include <signal.h>
#include <unistd.h>

namespace musify {

/// The start of the name of each run's folder: the process's id follows it,
/// so that a later run can tell a folder whose run is gone.
static constexpr llvm::StringLiteral FolderPrefix = "musify-shared-headers-";

void removeFoldersOfEndedRuns(llvm::StringRef Temp) {
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Temp, EC), End; !EC && It != End;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!Name.consume_front(FolderPrefix))
      continue;
    unsigned long long Pid = 0;
    if (llvm::consumeUnsignedInteger(Name, 10, Pid) || !Name.starts_with("-") || !Pid ||
        Pid > static_cast<unsigned long long>(std::numeric_limits<pid_t>::max()))
      continue;
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(It->path(), Status, /*Follow=*/false) ||
        Status.type() != llvm::sys::fs::file_type::directory_file ||
        Status.getUser() != ::geteuid())
      continue;
    if (::kill(static_cast<pid_t>(Pid), 0) != 0 && errno == ESRCH)
      llvm::sys::fs::remove_directories(It->path(), /*IgnoreErrors=*/true);
  }
}

SharedHeaders::~SharedHeaders() {
  if (!Folder.empty())
    llvm::sys::fs::remove_directories(Folder, /*IgnoreErrors=*/true);
}

std::shared_ptr<const PchContents>
SharedHeaders::lookup(const std::string &Key, const Builder &Build, bool Asked) {
  std::shared_ptr<const PchContents> Built;
  bool Twice = false;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Twice = (Asked ? Entries[Key].Asked : ++Entries[Key].Asked) >= 2;
  }
  if (Twice)
    Built = obtain(Key, Build);
  if (Asked) {
    std::lock_guard<std::mutex> Guard(Lock);
    answered(Key);
  }
  return Built;
}

void SharedHeaders::expect(const std::vector<std::string> &Keys) {
  std::lock_guard<std::mutex> Guard(Lock);
  for (const std::string &Key : Keys) {
    Entry &E = Entries[Key];
    ++E.Asked;
    ++E.Expected;
  }
}

void SharedHeaders::choose(const std::vector<std::vector<std::string>> &Runs) {
  std::lock_guard<std::mutex> Guard(Lock);
  for (const std::vector<std::string> &Keys : Runs)
    for (size_t I = Keys.size(); I-- > 0;)
      if (Entry &E = Entries[Keys[I]]; E.Asked >= 2) {
        E.Chosen = true;
        break;
      }
}

std::pair<size_t, std::shared_ptr<const PchContents>>
SharedHeaders::lookupLongest(const std::vector<std::string> &Keys,
                             const RunBuilder &Build, bool Asked) {
  std::vector<size_t> Wanted; // asked for by another parse too, longest first
  {
    std::lock_guard<std::mutex> Guard(Lock);
    for (size_t I = 0; I < Keys.size(); ++I)
      if ((Asked ? Entries[Keys[I]].Asked : ++Entries[Keys[I]].Asked) >= 2)
        Wanted.insert(Wanted.begin(), I);
  }
  std::pair<size_t, std::shared_ptr<const PchContents>> Found =
      firstBuilt(Keys, Wanted, Build);
  if (Asked) {
    std::lock_guard<std::mutex> Guard(Lock);
    answered(Keys);
  }
  return Found;
}

std::pair<size_t, std::shared_ptr<const PchContents>>
SharedHeaders::lookupAgain(const std::vector<std::string> &Keys,
                           const RunBuilder &Build) {
  std::vector<size_t> Wanted;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    for (size_t I = 0; I < Keys.size(); ++I)
      if (Entries[Keys[I]].Asked >= 2)
        Wanted.insert(Wanted.begin(), I);
  }
  return firstBuilt(Keys, Wanted, Build);
}

std::pair<size_t, std::shared_ptr<const PchContents>>
SharedHeaders::firstBuilt(const std::vector<std::string> &Keys,
                          const std::vector<size_t> &Wanted, const RunBuilder &Build) {
  // One that could not be built (a header with errors) leaves the shorter.
  for (size_t I : Wanted)
    if (std::shared_ptr<const PchContents> Built = obtainRun(Keys, I, Build))
      return {I, std::move(Built)};
  return {0, nullptr};
}

std::shared_ptr<const PchContents>
SharedHeaders::obtainRun(const std::vector<std::string> &Keys, size_t I,
                         const RunBuilder &Build) {
  return obtain(Keys[I], [&](PchContents &Into) {
    for (size_t Below = I; Below-- > 0;) {
      {
        std::lock_guard<std::mutex> Guard(Lock);
        const Entry &E = Entries[Keys[Below]];
        // One let go of after its last announced ask is not built again to
        // be below.
        bool Done = E.Expected && E.Answered >= E.Expected && !E.Built.valid();
        if (!E.Chosen || E.Asked < 2 || Done)
          continue;
      }
      if (std::shared_ptr<const PchContents> Built = obtainRun(Keys, Below, Build);
          Built && Built->Chain < MaxPchChain)
        return Build(I, Below, std::move(Built), Into);
    }
    return Build(I, 0, nullptr, Into);
  });
}

void SharedHeaders::answered(llvm::ArrayRef<std::string> Keys) {
  bool Finished = false; // the last announced ask of a key was answered
  for (const std::string &Key : Keys)
    if (Entry &E = Entries[Key]; E.Expected && ++E.Answered == E.Expected)
      Finished = true;
  if (Finished)
    bound();
}

void SharedHeaders::bound() {
  auto Ready = [](const Entry &E) {
    return E.Built.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  };
  for (;;) {
    unsigned Held = 0, Finished = 0;
    Entry *Oldest = nullptr, *OldestFinished = nullptr;
    for (auto &[Key, E] : Entries) {
      if (!E.Built.valid() || (Ready(E) && !E.Built.get()))
        continue; // a header that could not be built holds nothing
      ++Held;
      if (!Ready(E))
        continue;
      bool Done = E.Expected && E.Answered >= E.Expected;
      Finished += Done;
      if (!Oldest || E.LastUsed < Oldest->LastUsed)
        Oldest = &E;
      if (Done && (!OldestFinished || E.LastUsed < OldestFinished->LastUsed))
        OldestFinished = &E;
    }
    if (Finished > MaxFinished && OldestFinished)
      OldestFinished->Built = {};
    else if (Held > MaxHeld && Oldest)
      Oldest->Built = {};
    else
      return;
  }
}

std::shared_ptr<const PchContents> SharedHeaders::obtain(const std::string &Key,
                                                         const Builder &Build) {
  std::promise<std::shared_ptr<const PchContents>> Promise;
  std::shared_future<std::shared_ptr<const PchContents>> Built;
  bool Mine = false;
  std::string Target;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Entry &E = Entries[Key];
    E.LastUsed = ++Uses;
    Mine = !E.Built.valid();
    if (Mine) {
      E.Built = Promise.get_future().share();
      if (Folder.empty()) {
        llvm::SmallString<128> Temp, Created;
        llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Temp);
        removeFoldersOfEndedRuns(Temp);
        if (!llvm::sys::fs::createUniqueDirectory(
                FolderPrefix + std::to_string(::getpid()), Created))
          Folder = Created.str().str();
      }
      if (!Folder.empty())
        Target = Folder + "/" + std::to_string(++Count) + ".pch";
      bound();
    }
    Built = E.Built;
  }
  // The thread that made the entry builds it, outside the lock. Its file
  // goes with the last holder of what is known of it.
  if (Mine) {
    std::shared_ptr<PchContents> Contents(new PchContents, [](PchContents *P) {
      if (!P->Path.empty())
        llvm::sys::fs::remove(P->Path);
      delete P;
    });
    Contents->Path = Target;
    Promise.set_value(!Target.empty() && Build(*Contents) ? std::move(Contents)
                                                          : nullptr);
  }
  if (Mine || Built.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
    return Built.get();
  MemoryGate::Blocked WaitingForBuilder;
  return Built.get();
}

} // namespace musify
