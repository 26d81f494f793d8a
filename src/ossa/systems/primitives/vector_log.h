#pragma once

/// @file
/// VectorLog<T>: a growing record of (time, vector sample) pairs, as kept by
/// VectorLogSink. Samples are the columns of data(); sample_times() holds
/// their times (in the order added).

#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"

namespace ossa::systems {

template <typename T>
class VectorLog {
 public:
  /// The number of samples the first append makes room for (the storage
  /// then doubles when full).
  static constexpr int kDefaultCapacity = 1000;

  /// A log of samples of `input_size` entries (≥ 0).
  explicit VectorLog(int input_size);

  int num_samples() const { return num_samples_; }
  int get_input_size() const { return static_cast<int>(data_.rows()); }
  /// The times of the samples (a copy sized num_samples()).
  VectorX<T> sample_times() const { return times_.head(num_samples_); }
  /// The samples, one column each (a copy sized input_size × num_samples).
  MatrixX<T> data() const { return data_.leftCols(num_samples_); }
  /// Appends a sample. Throws std::logic_error if `sample` has the wrong
  /// size.
  void AddData(const T& time, const Eigen::Ref<const VectorX<T>>& sample);
  /// Forgets all samples (keeps the storage).
  void Clear() { num_samples_ = 0; }
  /// Preallocates room for `capacity` samples.
  void Reserve(int capacity);

 private:
  VectorX<T> times_;
  MatrixX<T> data_;
  int num_samples_{0};
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::VectorLog);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::VectorLog);
