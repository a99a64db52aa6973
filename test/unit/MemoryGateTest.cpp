// core/MemoryGate: over budget, parses go one at a time, the oldest first.
#include "core/MemoryGate.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

using namespace musify;

namespace {

// Over its budget (1 byte: always), a parse starts only once the older one
// in flight has ended; the oldest goes on at its pause points.
TEST(MemoryGateTest, OverBudgetParsesGoOneAtATime) {
  MemoryGate Gate(1);
  std::atomic<bool> FirstEnded{false}, SecondSawFirstEnded{false};
  std::atomic<bool> FirstStarted{false};
  std::thread First([&] {
    MemoryGate::Parse P(Gate);
    FirstStarted = true;
    for (int I = 0; I < 20; ++I) {
      MemoryGate::pausePoint(); // the oldest: never waits
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    FirstEnded = true;
  });
  while (!FirstStarted)
    std::this_thread::yield();
  std::thread Second([&] {
    MemoryGate::Parse P(Gate);
    SecondSawFirstEnded = FirstEnded.load();
  });
  First.join();
  Second.join();
  EXPECT_TRUE(SecondSawFirstEnded);
  EXPECT_GT(Gate.secondsWaited(), 0.0);
}

// A parse that waits on another thread's work steps out of the line: the
// younger parse it waits on goes on past its pause points.
TEST(MemoryGateTest, BlockedParseLetsYoungerOnesGoOn) {
  MemoryGate Gate(1);
  std::atomic<bool> OldStarted{false}, YoungDone{false};
  std::thread Old([&] {
    MemoryGate::Parse P(Gate);
    OldStarted = true;
    MemoryGate::Blocked Waiting;
    while (!YoungDone)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  });
  while (!OldStarted)
    std::this_thread::yield();
  std::thread Young([&] {
    MemoryGate::Parse P(Gate); // the only one in the line: starts
    for (int I = 0; I < 3; ++I) {
      std::this_thread::sleep_for(std::chrono::milliseconds(6));
      MemoryGate::pausePoint();
    }
    YoungDone = true;
  });
  Young.join();
  Old.join();
  EXPECT_TRUE(YoungDone);
}

// No budget: nothing waits.
TEST(MemoryGateTest, NoBudgetNeverWaits) {
  MemoryGate Gate(0);
  MemoryGate::Parse A(Gate);
  std::thread Other([&] { MemoryGate::Parse B(Gate); });
  Other.join();
  EXPECT_EQ(Gate.secondsWaited(), 0.0);
}

} // namespace
