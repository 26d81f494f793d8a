// The logger calls its sink without holding its own lock: a sink may log
// (or take a lock that a logging thread holds, such as Python's GIL).

#include "ossa/common/text_logging.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ossa {
namespace text_logging_test {

// A sink that logs from inside itself: with the lock held across the sink
// call this would deadlock (std::mutex is not recursive).
TEST(TextLoggingTest, SinkMayLog) {
  std::vector<std::string> captured;
  bool nested = false;
  Logger::Sink previous =
      log()->set_sink([&](LogLevel, const std::string& text) {
        captured.push_back(text);
        if (!nested) {
          nested = true;
          log()->warn("from the sink");
        }
      });
  log()->warn("outer {}", 1);
  log()->set_sink(std::move(previous));
  ASSERT_EQ(captured.size(), 2u);
  EXPECT_EQ(captured[0], "outer 1");
  EXPECT_EQ(captured[1], "from the sink");
}

// Whether this thread holds the stand-in for the GIL below.
thread_local bool t_holds_gil = false;

// The scenario of the Python sink: thread A holds a lock L (the GIL) and
// logs; thread B logs, and its sink needs L. With the logger's lock held
// across the sink call, B would hold it while waiting for L, and A would
// wait for it while holding L: a deadlock.
TEST(TextLoggingTest, SinkTakingAnotherLockDoesNotDeadlock) {
  std::mutex gil;
  std::atomic<int> count{0};
  Logger::Sink previous = log()->set_sink([&](LogLevel, const std::string&) {
    if (t_holds_gil) {  // like gil_scoped_acquire on the thread holding it
      ++count;
      return;
    }
    std::lock_guard<std::mutex> lock(gil);
    ++count;
  });
  constexpr int kN = 2000;
  std::thread b([] {
    for (int i = 0; i < kN; ++i) log()->warn("b {}", i);
  });
  for (int i = 0; i < kN / 100; ++i) {
    std::lock_guard<std::mutex> lock(gil);
    t_holds_gil = true;
    for (int j = 0; j < 100; ++j) log()->warn("a {}", j);
    t_holds_gil = false;
  }
  b.join();
  log()->set_sink(std::move(previous));
  EXPECT_EQ(count.load(), 2 * kN);
}

}  // namespace text_logging_test
}  // namespace ossa
