// Keeps the parses a run has in flight within a memory budget: a parse
// starts, and goes on at its pause points, only while the run's resident
// memory is within the budget, or while it is the oldest parse in flight,
// which never waits. A header set as large as PyTorch's costs a parse some
// 300 MB; without the gate, every job parses one at once.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <set>

namespace musify {

class MemoryGate {
public:
  /// BudgetBytes 0: no budget, nothing waits.
  explicit MemoryGate(uint64_t BudgetBytes) : Budget(BudgetBytes) {}

  /// One parse on this thread, from its start (which waits while the run is
  /// over its budget and another parse is in flight) to its end. While it
  /// lives, pausePoint() on this thread may wait.
  class Parse {
  public:
    explicit Parse(MemoryGate &Gate);
    ~Parse();
    Parse(const Parse &) = delete;
    Parse &operator=(const Parse &) = delete;

  private:
    MemoryGate &Gate;
    uint64_t Ticket;
  };

  /// While this thread's parse waits for another thread's work (the
  /// precompiled header it builds), it is out of the line, so that the
  /// thread it waits on goes on.
  class Blocked {
  public:
    Blocked();
    ~Blocked();
    Blocked(const Blocked &) = delete;
    Blocked &operator=(const Blocked &) = delete;
  };

  /// This thread's parse, to carry onto a thread that runs part of it
  /// (Clang parses on one with a larger stack).
  struct Carried {
    MemoryGate *Gate = nullptr;
    uint64_t Ticket = 0;
  };
  static Carried carry();
  /// While it lives, the calling thread's pause points are those of What.
  class Adopt {
  public:
    explicit Adopt(Carried What);
    ~Adopt();
    Adopt(const Adopt &) = delete;
    Adopt &operator=(const Adopt &) = delete;

  private:
    Carried Before;
  };

  /// Called by a parse as it reads on (at each file it enters, each
  /// declaration it completes): waits while the run is over its budget and
  /// an older parse is in flight. Cheap: it looks at memory at most every
  /// few milliseconds, and does nothing on a thread with no Parse.
  static void pausePoint();

  /// Seconds parses spent waiting, over the gate's life.
  double secondsWaited() const;

  /// The run's resident memory, in bytes.
  static uint64_t residentBytes();

private:
  /// Waits until Ticket is the oldest in flight, or memory is within the
  /// budget. Lock is held.
  void waitForRoom(std::unique_lock<std::mutex> &Lock, uint64_t Ticket);

  const uint64_t Budget;
  mutable std::mutex Lock;
  std::condition_variable Finished;
  std::set<uint64_t> InFlight; ///< tickets, oldest first
  uint64_t NextTicket = 0;
  unsigned Waiting = 0; ///< parses waiting for room
  std::chrono::steady_clock::duration Waited{};
};

} // namespace musify
