#pragma once

/// @file
/// State<T>: all the state of a system, x = [xc, xd, xa]: continuous state
/// (ContinuousState), discrete state (DiscreteValues) and abstract state
/// (AbstractValues).

#include <memory>

#include "ossa/systems/framework/abstract_values.h"
#include "ossa/systems/framework/continuous_state.h"
#include "ossa/systems/framework/discrete_values.h"

namespace ossa::systems {

template <typename T>
class State {
 public:
  State(const State&) = delete;
  State& operator=(const State&) = delete;

  /// Empty continuous, discrete and abstract state.
  State();
  virtual ~State();

  void set_continuous_state(std::unique_ptr<ContinuousState<T>> xc);
  void set_discrete_state(std::unique_ptr<DiscreteValues<T>> xd);
  void set_abstract_state(std::unique_ptr<AbstractValues> xa);

  const ContinuousState<T>& get_continuous_state() const {
    return *continuous_;
  }
  ContinuousState<T>& get_mutable_continuous_state() { return *continuous_; }
  const DiscreteValues<T>& get_discrete_state() const { return *discrete_; }
  DiscreteValues<T>& get_mutable_discrete_state() { return *discrete_; }
  const BasicVector<T>& get_discrete_state(int index) const {
    return discrete_->get_vector(index);
  }
  BasicVector<T>& get_mutable_discrete_state(int index) {
    return discrete_->get_mutable_vector(index);
  }
  const AbstractValues& get_abstract_state() const { return *abstract_; }
  AbstractValues& get_mutable_abstract_state() { return *abstract_; }
  /// Abstract state variable `index` as a U; throws on a type mismatch.
  template <typename U>
  const U& get_abstract_state(int index) const {
    return abstract_->get_value(index).template get_value<U>();
  }
  template <typename U>
  U& get_mutable_abstract_state(int index) {
    return abstract_->get_mutable_value(index).template get_mutable_value<U>();
  }

  /// Copies all values of `other`; throws if the structures differ.
  void SetFrom(const State<T>& other);
  /// A deep copy of the same structure.
  std::unique_ptr<State<T>> Clone() const { return DoClone(); }

 protected:
  virtual std::unique_ptr<State<T>> DoClone() const;

 private:
  std::unique_ptr<ContinuousState<T>> continuous_;
  std::unique_ptr<DiscreteValues<T>> discrete_;
  std::unique_ptr<AbstractValues> abstract_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::State);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::State);
