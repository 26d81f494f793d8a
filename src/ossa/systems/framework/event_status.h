#pragma once

/// @file
/// EventStatus: what an event handler reports: did nothing, succeeded,
/// reached termination (the simulation should stop normally) or failed
/// (with a message). Statuses combine by keeping the more severe.

#include <string>

namespace ossa::systems {

class SystemBase;

class EventStatus {
 public:
  enum Severity {
    kDidNothing = 0,
    kSucceeded = 1,
    kReachedTermination = 2,
    kFailed = 3,
  };

  static EventStatus DidNothing() { return EventStatus(kDidNothing); }
  static EventStatus Succeeded() { return EventStatus(kSucceeded); }
  static EventStatus ReachedTermination(const SystemBase* system,
                                        std::string message) {
    return EventStatus(kReachedTermination, system, std::move(message));
  }
  static EventStatus Failed(const SystemBase* system, std::string message) {
    return EventStatus(kFailed, system, std::move(message));
  }

  Severity severity() const { return severity_; }
  bool did_nothing() const { return severity_ == kDidNothing; }
  bool succeeded() const { return severity_ == kSucceeded; }
  bool reached_termination() const { return severity_ == kReachedTermination; }
  bool failed() const { return severity_ == kFailed; }
  const SystemBase* system() const { return system_; }
  const std::string& message() const { return message_; }

  /// Keeps the more severe of this and `candidate` (this one on a tie).
  EventStatus& KeepMoreSevere(EventStatus candidate) {
    if (candidate.severity() > severity()) *this = std::move(candidate);
    return *this;
  }
  /// Throws std::runtime_error naming `function_name`, the system and the
  /// message if this status is kFailed.
  void ThrowOnFailure(const char* function_name) const;

 private:
  explicit EventStatus(Severity severity) : severity_(severity) {}
  EventStatus(Severity severity, const SystemBase* system, std::string message)
      : severity_(severity), system_(system), message_(std::move(message)) {}

  Severity severity_{kDidNothing};
  const SystemBase* system_{};
  std::string message_;
};

}  // namespace ossa::systems
