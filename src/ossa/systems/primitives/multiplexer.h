#pragma once

/// @file
/// Multiplexer<T>: concatenates its vector inputs into one output vector,
/// y0 = [u0; u1; …].
/// Ports: inputs "u0" … (the given sizes), output "y0" (their sum); direct
/// feedthrough.

#include <vector>

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class Multiplexer final : public LeafSystem<T> {
 public:
  /// `num_scalar_inputs` inputs of size 1 (default 2).
  explicit Multiplexer(int num_scalar_inputs = 2);
  /// One input per entry of `input_sizes` (each ≥ 1). Throws otherwise.
  explicit Multiplexer(std::vector<int> input_sizes);
  /// model_vector.size() inputs of size 1; the output is a copy of
  /// model_vector (keeping its concrete BasicVector type) holding the
  /// inputs in order. Such a Multiplexer does not convert to other scalars.
  explicit Multiplexer(const BasicVector<T>& model_vector);
  /// Throws std::logic_error if `other` was made from a model vector (its
  /// type is specific to U).
  template <typename U>
  explicit Multiplexer(const Multiplexer<U>& other)
      : Multiplexer(other.input_sizes()) {
    if (other.has_model_vector()) ThrowNotConvertible();
  }

  /// Whether the output type comes from a model vector.
  bool has_model_vector() const { return has_model_vector_; }

  const std::vector<int>& input_sizes() const { return input_sizes_; }

 private:
  void CombineInputsToOutput(const Context<T>& context,
                             BasicVector<T>* output) const;
  [[noreturn]] static void ThrowNotConvertible();

  std::vector<int> input_sizes_;
  bool has_model_vector_{false};
};

/// Multiplexer converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<Multiplexer> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Multiplexer);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Multiplexer);
