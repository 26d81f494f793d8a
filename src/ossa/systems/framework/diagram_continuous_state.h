#pragma once

/// @file
/// DiagramContinuousState<T>: the continuous state of a Diagram. Its q is the
/// concatenation of the subsystems' q (in subsystem order), then all v, then
/// all z, held in one contiguous vector; each subsystem's ContinuousState is
/// re-seated as a view into it, so integrators work on contiguous memory.

#include <memory>
#include <vector>

#include "ossa/systems/framework/continuous_state.h"

namespace ossa::systems {

template <typename T>
class DiagramContinuousState final : public ContinuousState<T> {
 public:
  /// Aggregates `substates` (not owned; they must outlive this). Their values
  /// are moved into this object's storage and they become views of it.
  explicit DiagramContinuousState(std::vector<ContinuousState<T>*> substates);
  /// The same, owning the substates.
  explicit DiagramContinuousState(
      std::vector<std::unique_ptr<ContinuousState<T>>> substates);
  ~DiagramContinuousState() final;

  int num_substates() const { return static_cast<int>(substates_.size()); }
  const ContinuousState<T>& get_substate(int index) const;
  ContinuousState<T>& get_mutable_substate(int index);

  void ReseatAsView(VectorBase<T>* buffer, int q_start, int v_start,
                    int z_start) final;

 protected:
  std::unique_ptr<ContinuousState<T>> DoClone() const final;

 private:
  void Aggregate();
  std::vector<ContinuousState<T>*> substates_;
  std::vector<std::unique_ptr<ContinuousState<T>>> owned_substates_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiagramContinuousState);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiagramContinuousState);
