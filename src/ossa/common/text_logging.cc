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
  std::lock_guard<std::mutex> lock(log_mutex());
  std::swap(sink, sink_);
  return sink;
}

void Logger::Write(LogLevel level, const std::string& message) {
  std::lock_guard<std::mutex> lock(log_mutex());
  if (sink_) {
    sink_(level, message);
  } else {
    std::fprintf(stderr, "[ossa] [%s] %s\n", LevelName(level), message.c_str());
  }
}

Logger* log() {
  static Logger logger;
  return &logger;
}

}  // namespace ossa
