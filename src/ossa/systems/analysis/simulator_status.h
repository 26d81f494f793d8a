#pragma once

/// @file
/// SimulatorStatus: why Simulator::Initialize() or AdvanceTo() returned —
/// reached the boundary time, reached a termination condition (an event
/// handler or the monitor asked to stop), or an event handler failed — with
/// the time, the System responsible and its message.

#include <string>

namespace ossa::systems {

class SystemBase;

class SimulatorStatus {
 public:
  enum ReturnReason {
    /// The requested time was reached (the normal case).
    kReachedBoundaryTime,
    /// A handler or monitor returned EventStatus::ReachedTermination().
    kReachedTerminationCondition,
    /// A handler or monitor returned EventStatus::Failed().
    kEventHandlerFailed,
  };

  /// A status that reached `boundary_time` (return_time() = boundary_time).
  explicit SimulatorStatus(double boundary_time)
      : boundary_time_(boundary_time), return_time_(boundary_time) {}

  void SetReachedBoundaryTime() {
    reason_ = kReachedBoundaryTime;
    return_time_ = boundary_time_;
    system_ = nullptr;
    message_.clear();
  }
  void SetReachedTermination(double termination_time, const SystemBase* system,
                             std::string message) {
    SetResult(termination_time, kReachedTerminationCondition, system,
              std::move(message));
  }
  void SetEventHandlerFailed(double failure_time, const SystemBase* system,
                             std::string message) {
    SetResult(failure_time, kEventHandlerFailed, system, std::move(message));
  }

  /// A human-readable account: "Simulator successfully reached the boundary
  /// time (1)." or the termination/failure with the system and message.
  std::string FormatMessage() const;

  /// False only if an event handler failed.
  bool succeeded() const { return reason_ != kEventHandlerFailed; }
  double boundary_time() const { return boundary_time_; }
  double return_time() const { return return_time_; }
  ReturnReason reason() const { return reason_; }
  const SystemBase* system() const { return system_; }
  const std::string& message() const { return message_; }

  bool IsIdenticalStatus(const SimulatorStatus& other) const {
    return boundary_time_ == other.boundary_time_ &&
           return_time_ == other.return_time_ && reason_ == other.reason_ &&
           system_ == other.system_ && message_ == other.message_;
  }

 private:
  void SetResult(double time, ReturnReason reason, const SystemBase* system,
                 std::string message) {
    return_time_ = time;
    reason_ = reason;
    system_ = system;
    message_ = std::move(message);
  }

  double boundary_time_;
  double return_time_;
  ReturnReason reason_{kReachedBoundaryTime};
  const SystemBase* system_{nullptr};
  std::string message_;
};

}  // namespace ossa::systems
