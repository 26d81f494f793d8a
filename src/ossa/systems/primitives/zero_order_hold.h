#pragma once

/// @file
/// ZeroOrderHold<T>: samples its input at t = offset + k·period (k = 0, 1, …)
/// and holds the sample in discrete (or abstract) state until the next one:
///   y(t) = u(t_k) for t_k ≤ t < t_{k+1}   (y = 0 before the first sample).
/// The output depends on the state only (no direct feedthrough), so a hold
/// breaks algebraic loops.
/// Ports: input "u", output "y" (vector of vector_size, or abstract).

#include <memory>

#include "ossa/common/value.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class ZeroOrderHold final : public LeafSystem<T> {
 public:
  /// A vector hold. Throws std::logic_error unless period_sec > 0,
  /// offset_sec ≥ 0 and vector_size ≥ 1.
  ZeroOrderHold(double period_sec, int vector_size, double offset_sec = 0.0);
  /// An abstract hold of the type of `abstract_model_value` (which is also
  /// the initial held value).
  ZeroOrderHold(double period_sec, const AbstractValue& abstract_model_value,
                double offset_sec = 0.0);
  template <typename U>
  explicit ZeroOrderHold(const ZeroOrderHold<U>& other)
      : ZeroOrderHold(other.period(), other.vector_size_, other.offset(),
                      other.abstract_model_value_
                          ? other.abstract_model_value_->Clone()
                          : nullptr) {}

  double period() const { return period_sec_; }
  double offset() const { return offset_sec_; }
  bool is_abstract() const { return abstract_model_value_ != nullptr; }

  /// Copies the current input into the held state now (outside the schedule).
  void LatchInputPortToState(Context<T>* context) const;

 private:
  template <typename>
  friend class ZeroOrderHold;
  ZeroOrderHold(double period_sec, int vector_size, double offset_sec,
                std::unique_ptr<AbstractValue> model);
  EventStatus LatchInputVectorToState(const Context<T>& context,
                                      DiscreteValues<T>* discrete_state) const;
  EventStatus LatchInputAbstractValueToState(const Context<T>& context,
                                             State<T>* state) const;
  void CopyLatchedVector(const Context<T>& context,
                         BasicVector<T>* output) const;

  double period_sec_{};
  double offset_sec_{};
  int vector_size_{0};
  std::unique_ptr<AbstractValue> abstract_model_value_;
};

/// ZeroOrderHold converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<ZeroOrderHold> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::ZeroOrderHold);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::ZeroOrderHold);
