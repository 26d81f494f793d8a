#pragma once

// Helpers shared by the parsing tests: capture warnings, and check that a
// parse fails with a std::runtime_error naming the file, the line and the
// element.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "ossa/common/text_logging.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/systems/framework/diagram_builder.h"

namespace ossa::multibody::test {

/// Collects ossa::log() warnings for its lifetime.
class WarningCollector {
 public:
  WarningCollector() {
    old_ = log()->set_sink([this](LogLevel level, const std::string& m) {
      if (level == LogLevel::kWarn) messages.push_back(m);
    });
  }
  ~WarningCollector() { log()->set_sink(old_); }
  /// Number of collected warnings that contain `text`.
  int Count(const std::string& text) const {
    int n = 0;
    for (const auto& m : messages) n += m.find(text) != std::string::npos;
    return n;
  }
  std::vector<std::string> messages;

 private:
  Logger::Sink old_;
};

/// Runs `f`, expects std::runtime_error whose message holds every one of
/// `parts` (typically "name.urdf:12:", "<joint name='j'>" and the gist);
/// returns the message.
inline std::string ExpectParseError(const std::function<void()>& f,
                                    const std::vector<std::string>& parts) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    for (const auto& p : parts) {
      EXPECT_THAT(what, ::testing::HasSubstr(p)) << "message: " << what;
    }
    return what;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "wrong exception type; message: " << e.what();
    return "";
  }
  ADD_FAILURE() << "no exception thrown";
  return "";
}

}  // namespace ossa::multibody::test
