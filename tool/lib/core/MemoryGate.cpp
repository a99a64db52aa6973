#include "core/MemoryGate.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace musify {
namespace {

/// The gate and ticket of the parse on this thread, if any.
struct ThisThread {
  MemoryGate *Gate = nullptr;
  uint64_t Ticket = 0;
  std::chrono::steady_clock::time_point LastLook;
};
thread_local ThisThread Current;

constexpr std::chrono::milliseconds LookEvery(5), LookAgainWhileWaiting(50);

} // namespace

uint64_t MemoryGate::residentBytes() {
  // Linux: the second field of /proc/self/statm, in pages.
  if (auto Statm = llvm::MemoryBuffer::getFileAsStream("/proc/self/statm")) {
    unsigned long long Pages = 0;
    if (!(*Statm)->getBuffer().split(' ').second.split(' ').first.getAsInteger(10, Pages))
      return Pages * llvm::sys::Process::getPageSizeEstimate();
  }
  return llvm::sys::Process::GetMallocUsage();
}

void MemoryGate::waitForRoom(std::unique_lock<std::mutex> &Held, uint64_t Ticket) {
  auto NoRoom = [&] {
    return !InFlight.empty() && *InFlight.begin() != Ticket && residentBytes() > Budget;
  };
  if (!NoRoom())
    return;
  auto Start = std::chrono::steady_clock::now();
  ++Waiting;
  do
    Finished.wait_for(Held, LookAgainWhileWaiting);
  while (NoRoom());
  --Waiting;
  Waited += std::chrono::steady_clock::now() - Start;
}

MemoryGate::Parse::Parse(MemoryGate &Gate) : Gate(Gate) {
  std::unique_lock<std::mutex> Held(Gate.Lock);
  Ticket = Gate.NextTicket++;
  if (Gate.Budget)
    Gate.waitForRoom(Held, Ticket);
  Gate.InFlight.insert(Ticket);
  Current = {&Gate, Ticket, std::chrono::steady_clock::now()};
}

MemoryGate::Parse::~Parse() {
  Current = {};
  bool OthersWait;
  {
    std::lock_guard<std::mutex> Held(Gate.Lock);
    Gate.InFlight.erase(Ticket);
    OthersWait = Gate.Waiting > 0;
  }
#if defined(__GLIBC__)
  // What the parse freed goes back to the system, so that the memory the
  // others wait on falls as it ends. Only then: the next parse pays to
  // take the pages back.
  if (OthersWait)
    malloc_trim(0);
#endif
  Gate.Finished.notify_all();
}

MemoryGate::Blocked::Blocked() {
  if (MemoryGate *Gate = Current.Gate) {
    {
      std::lock_guard<std::mutex> Held(Gate->Lock);
      Gate->InFlight.erase(Current.Ticket);
    }
    Gate->Finished.notify_all();
  }
}

MemoryGate::Blocked::~Blocked() {
  if (MemoryGate *Gate = Current.Gate) {
    std::lock_guard<std::mutex> Held(Gate->Lock);
    Gate->InFlight.insert(Current.Ticket);
  }
}

MemoryGate::Carried MemoryGate::carry() { return {Current.Gate, Current.Ticket}; }

MemoryGate::Adopt::Adopt(Carried What) : Before{Current.Gate, Current.Ticket} {
  Current = {What.Gate, What.Ticket, std::chrono::steady_clock::now()};
}

MemoryGate::Adopt::~Adopt() {
  Current = {Before.Gate, Before.Ticket, std::chrono::steady_clock::now()};
}

void MemoryGate::pausePoint() {
  MemoryGate *Gate = Current.Gate;
  if (!Gate || !Gate->Budget)
    return;
  auto Now = std::chrono::steady_clock::now();
  if (Now - Current.LastLook < LookEvery)
    return;
  Current.LastLook = Now;
  if (residentBytes() <= Gate->Budget)
    return;
  std::unique_lock<std::mutex> Held(Gate->Lock);
  Gate->waitForRoom(Held, Current.Ticket);
}

double MemoryGate::secondsWaited() const {
  std::lock_guard<std::mutex> Held(Lock);
  return std::chrono::duration<double>(Waited).count();
}

} // namespace musify
