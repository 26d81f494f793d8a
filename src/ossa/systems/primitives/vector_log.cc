#include "ossa/systems/primitives/vector_log.h"

#include <algorithm>

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename T>
VectorLog<T>::VectorLog(int input_size) {
  if (input_size < 0) {
    ThrowLogicError("VectorLog(): input_size must be >= 0, got {}.",
                    input_size);
  }
  data_.resize(input_size, 0);
}

template <typename T>
void VectorLog<T>::Reserve(int capacity) {
  if (capacity <= data_.cols()) return;
  // conservativeResize keeps the existing samples.
  times_.conservativeResize(capacity);
  data_.conservativeResize(Eigen::NoChange, capacity);
}

template <typename T>
void VectorLog<T>::AddData(const T& time,
                           const Eigen::Ref<const VectorX<T>>& sample) {
  if (sample.size() != data_.rows()) {
    ThrowLogicError(
        "VectorLog::AddData(): the sample has {} entries but the log holds "
        "samples of {}.",
        sample.size(), data_.rows());
  }
  // Geometric growth: amortized O(1) appends.
  if (num_samples_ == data_.cols()) {
    Reserve(
        std::max<int>(kDefaultCapacity, 2 * static_cast<int>(data_.cols())));
  }
  times_[num_samples_] = time;
  data_.col(num_samples_) = sample;
  ++num_samples_;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::VectorLog);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::VectorLog);
