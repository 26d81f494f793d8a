#pragma once

/// @file
/// Context<T>: everything a System's computations read: time, accuracy,
/// state, parameters, values fixed on input ports, and the cache. Every
/// mutable accessor marks out of date the cached values that depend on what
/// it hands out (so ask for mutable access only to change something).

#include <memory>
#include <optional>
#include <string>

#include "ossa/systems/framework/context_base.h"
#include "ossa/systems/framework/parameters.h"
#include "ossa/systems/framework/state.h"

namespace ossa::systems {

template <typename T>
class Context : public ContextBase {
 public:
  ~Context() override;

  /// A deep copy (a root context).
  std::unique_ptr<Context<T>> Clone() const;
  /// A deep copy of the state only.
  std::unique_ptr<State<T>> CloneState() const { return state_->Clone(); }
  /// (Internal, for event dispatch) A state of this context's structure:
  /// the one ReturnScratchState() gave back (its values stale: an
  /// unrestricted update's dispatch copies the context's state in before the
  /// handlers run) or a new clone. Forced updates then allocate nothing per
  /// call.
  std::unique_ptr<State<T>> TakeScratchState();
  /// (Internal) Gives a state from TakeScratchState() back for reuse.
  void ReturnScratchState(std::unique_ptr<State<T>> state) {
    scratch_state_ = std::move(state);
  }

  /// @name Time and accuracy
  /// @{
  const T& get_time() const { return time_; }
  /// Sets the time (seconds). Throws unless this is the root context.
  void SetTime(const T& time_sec);
  /// (Advanced, for simulators) Sets the time to `time_sec`, a value
  /// slightly before `true_time_sec`, so that CalcNextUpdateTime() finds the
  /// events due exactly at `true_time_sec`. Root context only.
  void PerturbTime(const T& time_sec, const T& true_time_sec);
  /// The time set by SetTime(), or the true time given to PerturbTime().
  const T& get_true_time() const { return true_time_; }
  const std::optional<double>& get_accuracy() const { return accuracy_; }
  /// Sets the requested accuracy (root context only).
  void SetAccuracy(const std::optional<double>& accuracy);
  /// Sets time and the continuous state at once.
  void SetTimeAndContinuousState(const T& time_sec,
                                 const Eigen::Ref<const VectorX<T>>& xc);
  /// Copies time, accuracy, state and parameters from `source`, converting
  /// scalars from double. Throws if the structures differ.
  void SetTimeStateAndParametersFrom(const Context<double>& source);
  /// @}

  /// @name State
  /// @{
  const State<T>& get_state() const { return *state_; }
  State<T>& get_mutable_state();
  bool is_stateless() const { return num_total_states() == 0; }
  bool has_only_continuous_state() const;
  bool has_only_discrete_state() const;
  int num_total_states() const;

  int num_continuous_states() const {
    return state_->get_continuous_state().size();
  }
  const ContinuousState<T>& get_continuous_state() const {
    return state_->get_continuous_state();
  }
  ContinuousState<T>& get_mutable_continuous_state();
  const VectorBase<T>& get_continuous_state_vector() const {
    return state_->get_continuous_state().get_vector();
  }
  VectorBase<T>& get_mutable_continuous_state_vector();
  /// Sets xc = [q; v; z]; throws if the size differs.
  void SetContinuousState(const Eigen::Ref<const VectorX<T>>& xc);

  int num_discrete_state_groups() const {
    return state_->get_discrete_state().num_groups();
  }
  const DiscreteValues<T>& get_discrete_state() const {
    return state_->get_discrete_state();
  }
  /// The only discrete group; throws unless there is exactly one.
  const BasicVector<T>& get_discrete_state_vector() const;
  const BasicVector<T>& get_discrete_state(int index) const {
    return state_->get_discrete_state(index);
  }
  DiscreteValues<T>& get_mutable_discrete_state();
  BasicVector<T>& get_mutable_discrete_state_vector();
  BasicVector<T>& get_mutable_discrete_state(int index);
  /// Sets the only discrete group.
  void SetDiscreteState(const Eigen::Ref<const VectorX<T>>& xd);
  void SetDiscreteState(int group_index,
                        const Eigen::Ref<const VectorX<T>>& xd);
  void SetDiscreteState(const DiscreteValues<T>& xd);

  int num_abstract_states() const {
    return state_->get_abstract_state().size();
  }
  const AbstractValues& get_abstract_state() const {
    return state_->get_abstract_state();
  }
  template <typename U>
  const U& get_abstract_state(int index) const {
    return state_->template get_abstract_state<U>(index);
  }
  AbstractValues& get_mutable_abstract_state();
  template <typename U>
  U& get_mutable_abstract_state(int index) {
    AbstractValue& value =
        state_->get_mutable_abstract_state().get_mutable_value(index);
    NoteAbstractStateChanged(index);
    return value.template get_mutable_value<U>();
  }
  template <typename U>
  void SetAbstractState(int index, const U& value) {
    get_mutable_abstract_state<U>(index) = value;
  }
  /// @}

  /// @name Parameters
  /// @{
  const Parameters<T>& get_parameters() const { return *parameters_; }
  Parameters<T>& get_mutable_parameters();
  int num_numeric_parameter_groups() const {
    return parameters_->num_numeric_parameter_groups();
  }
  int num_abstract_parameters() const {
    return parameters_->num_abstract_parameters();
  }
  const BasicVector<T>& get_numeric_parameter(int index) const {
    return parameters_->get_numeric_parameter(index);
  }
  BasicVector<T>& get_mutable_numeric_parameter(int index);
  const AbstractValue& get_abstract_parameter(int index) const {
    return parameters_->get_abstract_parameter(index);
  }
  AbstractValue& get_mutable_abstract_parameter(int index);
  /// @}

  /// A readable summary (system path, time, state sizes).
  std::string to_string() const;

  // (Internal) Sets the time of this context and of its subcontexts, without
  // the root check and without notification.
  void PropagateTime(const T& time_sec);
  void PropagateAccuracy(const std::optional<double>& accuracy);

 protected:
  explicit Context(const SystemBase& system) : ContextBase(system) {}
  Context(const Context<T>& source);
  void set_state_and_parameters(State<T>* state, Parameters<T>* parameters) {
    state_ = state;
    parameters_ = parameters;
  }
  // Notifications of a change of one discrete group, abstract state or
  // parameter, addressed by the flat index of this context.
  virtual void NoteDiscreteGroupChanged(int index) const = 0;
  virtual void NoteAbstractStateChanged(int index) const = 0;
  virtual void NoteNumericParameterChanged(int index) const = 0;
  virtual void NoteAbstractParameterChanged(int index) const = 0;
  virtual void DoPropagateTime(const T&) {}
  virtual void DoPropagateAccuracy(const std::optional<double>&) {}

 private:
  template <typename>
  friend class DiagramContext;
  T time_{0};
  T true_time_{0};
  std::optional<double> accuracy_;
  State<T>* state_{};
  Parameters<T>* parameters_{};
  // Not copied by Clone(): a clone makes its own on first use.
  std::unique_ptr<State<T>> scratch_state_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Context);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Context);
