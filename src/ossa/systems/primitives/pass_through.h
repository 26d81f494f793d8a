#pragma once

/// @file
/// PassThrough<T>: y = u, for a vector of a given size or any abstract value.
/// While the input is neither connected nor fixed, y is the default: the
/// `value` (or `abstract_model_value`) given at construction, zeros for a
/// vector size. Ports: input "u", output "y"; direct feedthrough.

#include <memory>

#include "ossa/common/value.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class PassThrough final : public LeafSystem<T> {
 public:
  /// Vector-valued, of `vector_size` entries (≥ 0).
  explicit PassThrough(int vector_size);
  /// Vector-valued, with `value` as the model (its size).
  explicit PassThrough(const Eigen::Ref<const Eigen::VectorXd>& value);
  /// Abstract-valued, with the type of `abstract_model_value`.
  explicit PassThrough(const AbstractValue& abstract_model_value);
  template <typename U>
  explicit PassThrough(const PassThrough<U>& other)
      : PassThrough(other.vector_size_,
                    other.abstract_model_value_
                        ? other.abstract_model_value_->Clone()
                        : nullptr) {
    default_value_ = other.default_value_;
  }

  /// True for the abstract-valued form.
  bool is_abstract() const { return abstract_model_value_ != nullptr; }

 private:
  template <typename>
  friend class PassThrough;
  // Abstract if `model` is non-null, else a vector of `vector_size`.
  PassThrough(int vector_size, std::unique_ptr<AbstractValue> model);
  void DoCalcVectorOutput(const Context<T>& context, BasicVector<T>* y) const;
  std::unique_ptr<AbstractValue> abstract_model_value_;
  int vector_size_{0};
  Eigen::VectorXd default_value_;  // the vector output while unconnected
};

/// PassThrough converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<PassThrough> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::PassThrough);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::PassThrough);
