#pragma once

/// @file
/// A small logger for warnings that must not stop a program (a parser that
/// meets an unknown tag, a plant that ignores joint limits in continuous
/// mode). `ossa::log()->warn("...{}...", x)`. Messages go to stderr unless a
/// sink is installed (tests capture them that way).

#include <functional>
#include <memory>
#include <string>

#include <fmt/format.h>

namespace ossa {

enum class LogLevel { kTrace = 0, kDebug, kInfo, kWarn, kError, kOff };

class Logger {
 public:
  using Sink = std::function<void(LogLevel, const std::string&)>;

  template <typename... Args>
  void warn(fmt::format_string<Args...> f, Args&&... args) {
    if (should_log(LogLevel::kWarn))
      Write(LogLevel::kWarn, fmt::format(f, std::forward<Args>(args)...));
  }
  template <typename... Args>
  void info(fmt::format_string<Args...> f, Args&&... args) {
    if (should_log(LogLevel::kInfo))
      Write(LogLevel::kInfo, fmt::format(f, std::forward<Args>(args)...));
  }
  template <typename... Args>
  void debug(fmt::format_string<Args...> f, Args&&... args) {
    if (should_log(LogLevel::kDebug))
      Write(LogLevel::kDebug, fmt::format(f, std::forward<Args>(args)...));
  }
  template <typename... Args>
  void error(fmt::format_string<Args...> f, Args&&... args) {
    if (should_log(LogLevel::kError))
      Write(LogLevel::kError, fmt::format(f, std::forward<Args>(args)...));
  }

  bool should_log(LogLevel level) const { return level >= level_; }
  LogLevel level() const { return level_; }
  void set_level(LogLevel level) { level_ = level; }

  /// Replaces the sink; returns the previous one. An empty sink restores
  /// printing to stderr. A sink is called without any lock of the logger
  /// held (so a sink may take other locks, such as Python's GIL, without
  /// risking a lock-order deadlock with a thread that logs while holding
  /// them); it may run on several threads at once and may still be called
  /// once, by a thread that fetched it just before, after being replaced.
  Sink set_sink(Sink sink);

 private:
  void Write(LogLevel level, const std::string& message);
  LogLevel level_{LogLevel::kInfo};
  std::shared_ptr<const Sink> sink_;
};

/// The process-wide logger.
Logger* log();

}  // namespace ossa
