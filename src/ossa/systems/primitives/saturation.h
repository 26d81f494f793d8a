#pragma once

/// @file
/// Saturation<T>: y = min(max(u, u_min), u_max), elementwise.
/// Constant limits: input "u0", output "y0". Variable limits (the
/// Saturation(int) constructor): also inputs "u1" (u_min) and "u2" (u_max);
/// an unconnected limit port means no limit on that side.
/// Direct feedthrough.

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class Saturation final : public LeafSystem<T> {
 public:
  /// Constant limits of equal size; throws std::logic_error if the sizes
  /// differ, are zero, or some min_value exceeds max_value.
  Saturation(const VectorX<T>& min_value, const VectorX<T>& max_value);
  /// Limits from input ports, for inputs of `input_size` (≥ 1).
  explicit Saturation(int input_size);

  const InputPort<T>& get_input_port() const {
    return System<T>::get_input_port(0);
  }
  /// Throws std::logic_error for constant limits.
  const InputPort<T>& get_min_value_port() const;
  const InputPort<T>& get_max_value_port() const;
  int get_size() const { return input_size_; }

 private:
  void CalcSaturatedOutput(const Context<T>& context,
                           BasicVector<T>* output) const;
  int input_size_{0};
  bool min_max_ports_enabled_{false};
  VectorX<T> min_value_, max_value_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Saturation);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Saturation);
