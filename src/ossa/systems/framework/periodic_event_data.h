#pragma once

/// @file
/// PeriodicEventData: the period and offset of a periodic event. The event
/// fires at t = offset + k·period, k = 0, 1, 2, ...

#include <tuple>

namespace ossa::systems {

class PeriodicEventData {
 public:
  PeriodicEventData() = default;
  PeriodicEventData(double period_sec, double offset_sec)
      : period_sec_(period_sec), offset_sec_(offset_sec) {}
  double period_sec() const { return period_sec_; }
  double offset_sec() const { return offset_sec_; }
  void set_period_sec(double p) { period_sec_ = p; }
  void set_offset_sec(double o) { offset_sec_ = o; }
  bool operator==(const PeriodicEventData& other) const {
    return period_sec_ == other.period_sec_ && offset_sec_ == other.offset_sec_;
  }
  bool operator<(const PeriodicEventData& other) const {
    return std::tie(period_sec_, offset_sec_) <
           std::tie(other.period_sec_, other.offset_sec_);
  }

 private:
  double period_sec_{0.0};
  double offset_sec_{0.0};
};

}  // namespace ossa::systems
