#pragma once

/// @file
/// WrapToSystem<T>: y = u, except that each entry i given an interval
/// [lowᵢ, highᵢ) by set_interval() is wrapped into it:
/// yᵢ = uᵢ − k·(highᵢ − lowᵢ) with the integer k that lands in the interval.
/// Ports: input "u0", output "y0" (direct feedthrough).

#include <map>
#include <utility>

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class WrapToSystem final : public LeafSystem<T> {
 public:
  /// Throws std::logic_error unless size ≥ 1.
  explicit WrapToSystem(int size);
  template <typename U>
  explicit WrapToSystem(const WrapToSystem<U>& other)
      : WrapToSystem(other.size()) {
    intervals_ = other.intervals();
  }

  int size() const { return size_; }
  /// Wraps entry `index` into [low, high). Throws std::logic_error unless
  /// 0 ≤ index < size and low < high.
  void set_interval(int index, double low, double high);
  const std::map<int, std::pair<double, double>>& intervals() const {
    return intervals_;
  }

 private:
  void CalcOutput(const Context<T>& context, BasicVector<T>* output) const;
  int size_{};
  std::map<int, std::pair<double, double>> intervals_;
};

/// WrapToSystem converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<WrapToSystem> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::WrapToSystem);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::WrapToSystem);
