#pragma once

/// @file
/// LinearTransformDensity<T>: w_out = A·w_in + b for a random input w_in
/// whose entries are independent draws of a RandomDistribution (connect
/// it to a RandomSource of that distribution, e.g. with AddRandomInputs),
/// and the probability density of w_out. For A square and invertible,
///   p_out(w_out) = p_in(w_in) / |det A|,  w_in = A⁻¹·(w_out − b),
/// with p_in the product of the entries' densities: uniform 1 on [0, 1]
/// (the closed interval, as the reference), Gaussian exp(−x²/2)/√(2π),
/// exponential exp(−x) on [0, ∞) (0 outside).
/// With T = AutoDiffXd, w_in is recovered from the value of w_out, so the
/// density's gradient is with respect to A and b for a fixed sample.
/// Ports: inputs "w_in" (input_size), "A" (output_size·input_size entries,
/// A stacked by columns), "b" (output_size; zero if not connected);
/// outputs "w_out" (output_size) and "w_out_density" (1).

#include "ossa/common/random_distribution.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class LinearTransformDensity final : public LeafSystem<T> {
 public:
  /// Throws std::logic_error unless input_size and output_size are ≥ 1.
  LinearTransformDensity(RandomDistribution distribution, int input_size,
                         int output_size);
  template <typename U>
  explicit LinearTransformDensity(const LinearTransformDensity<U>& other)
      : LinearTransformDensity(other.get_distribution(),
                               other.get_input_port_w_in().size(),
                               other.get_output_port_w_out().size()) {}

  const InputPort<T>& get_input_port_w_in() const {
    return this->get_input_port(0);
  }
  const InputPort<T>& get_input_port_A() const {
    return this->get_input_port(1);
  }
  const InputPort<T>& get_input_port_b() const {
    return this->get_input_port(2);
  }
  const OutputPort<T>& get_output_port_w_out() const {
    return this->get_output_port(0);
  }
  const OutputPort<T>& get_output_port_w_out_density() const {
    return this->get_output_port(1);
  }
  RandomDistribution get_distribution() const { return distribution_; }

  /// Fixes port A to the output_size × input_size matrix A. Throws
  /// std::logic_error if A has another shape.
  FixedInputPortValue& FixConstantA(
      Context<T>* context, const Eigen::Ref<const MatrixX<T>>& A) const;
  /// Fixes port b to b (output_size entries).
  FixedInputPortValue& FixConstantB(
      Context<T>* context, const Eigen::Ref<const VectorX<T>>& b) const;

  /// The density of the current w_out (see the file comment). Throws
  /// std::logic_error if A is not square and invertible.
  T CalcDensity(const Context<T>& context) const;

 private:
  MatrixX<T> GetA(const Context<T>& context) const;
  VectorX<T> GetB(const Context<T>& context) const;
  void CalcOutput(const Context<T>& context, BasicVector<T>* w_out) const;
  void CalcDensityOutput(const Context<T>& context,
                         BasicVector<T>* density) const;

  RandomDistribution distribution_;
  int input_size_{}, output_size_{};
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::LinearTransformDensity);
