#pragma once

/// @file
/// Supervector<T>: the concatenation of several VectorBase objects it does not
/// own (for example a subsystem's [q, v, z] inside a Diagram's state).

#include <vector>

#include "ossa/systems/framework/vector_base.h"

namespace ossa::systems {

template <typename T>
class Supervector final : public VectorBase<T> {
 public:
  /// Concatenates `subvectors` (each must outlive this; none may be null).
  explicit Supervector(const std::vector<VectorBase<T>*>& subvectors);
  ~Supervector() final;

  int size() const final { return static_cast<int>(lookup_.size()); }

 protected:
  const T& DoGetAtIndexUnchecked(int i) const final {
    return (*vectors_[lookup_[i].first])[lookup_[i].second];
  }
  T& DoGetAtIndexUnchecked(int i) final {
    return (*vectors_[lookup_[i].first])[lookup_[i].second];
  }

 private:
  std::vector<VectorBase<T>*> vectors_;
  std::vector<std::pair<int, int>> lookup_;  // global index -> (vector, local)
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Supervector);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Supervector);
