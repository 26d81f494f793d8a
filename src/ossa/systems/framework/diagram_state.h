#pragma once

/// @file
/// DiagramState<T>: a Diagram's State, built from the subsystems' States
/// (referenced or owned), whose continuous, discrete and abstract parts are
/// the aggregates of the subsystems' parts.

#include <memory>
#include <vector>

#include "ossa/systems/framework/state.h"

namespace ossa::systems {

template <typename T>
class DiagramState final : public State<T> {
 public:
  /// A state for `size` subsystems; set each with set_substate() or
  /// own_substate(), then call Finalize().
  explicit DiagramState(int size);
  ~DiagramState() final;

  void set_substate(int index, State<T>* substate);
  void own_substate(int index, std::unique_ptr<State<T>> substate);
  /// Builds the aggregate continuous, discrete and abstract state.
  void Finalize();

  int num_substates() const { return static_cast<int>(substates_.size()); }
  const State<T>& get_substate(int index) const;
  State<T>& get_mutable_substate(int index);

 protected:
  std::unique_ptr<State<T>> DoClone() const final;

 private:
  std::vector<State<T>*> substates_;
  std::vector<std::unique_ptr<State<T>>> owned_substates_;
  bool finalized_{false};
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiagramState);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiagramState);
