#include "ossa/common/text_logging.h"

#include <cstdio>
#include <mutex>

namespace ossa {
namespace {
std::mutex& log_mutex() {
  static std::mutex m;
  return m;
}
const char* LevelName(LogLevel level) {
  switch (level) {
    case LogLevel::kTrace: return "trace";
    case LogLevel::kDebug: return "debug";
    case LogLevel::kInfo: return "info";
    case LogLevel::kWarn: return "warning";
    case LogLevel::kError: return "error";
    case LogLevel::kOff: break;
  }
  return "";
}
}  // namespace

Logger::Sink Logger::set_sink(Sink sink) {
  auto replacement =
      sink ? std::make_shared<const Sink>(std::move(sink)) : nullptr;
  std::lock_guard<std::mutex> lock(log_mutex());
  std::swap(replacement, sink_);
  return replacement ? *replacement : Sink();
}

void Logger::Write(LogLevel level, const std::string& message) {
  std::shared_ptr<const Sink> sink;
  {
    std::lock_guard<std::mutex> lock(log_mutex());
    sink = sink_;
    if (!sink) {
      std::fprintf(stderr, "[ossa] [%s] %s\n", LevelName(level),
                   message.c_str());
      return;
    }
  }
  // Outside the lock: the Python sink takes the GIL, and a thread holding
  // the GIL may be waiting for this lock.
  (*sink)(level, message);
}

Logger* log() {
  static Logger logger;
  return &logger;
}

}  // namespace ossa
