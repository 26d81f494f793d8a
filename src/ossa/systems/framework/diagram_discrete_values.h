#pragma once

/// @file
/// DiagramDiscreteValues<T>: a Diagram's discrete state, the groups of all
/// subsystems in subsystem order, keeping each subsystem's DiscreteValues
/// addressable so updates can be dispatched to subsystems.

#include <memory>
#include <vector>

#include "ossa/systems/framework/discrete_values.h"

namespace ossa::systems {

template <typename T>
class DiagramDiscreteValues final : public DiscreteValues<T> {
 public:
  /// Refers to `subdiscretes` (not owned).
  explicit DiagramDiscreteValues(std::vector<DiscreteValues<T>*> subdiscretes);
  /// Owns `subdiscretes`.
  explicit DiagramDiscreteValues(
      std::vector<std::unique_ptr<DiscreteValues<T>>> subdiscretes);
  ~DiagramDiscreteValues() final;

  int num_subdiscretes() const {
    return static_cast<int>(subdiscretes_.size());
  }
  const DiscreteValues<T>& get_subdiscrete(int index) const;
  DiscreteValues<T>& get_mutable_subdiscrete(int index);

 protected:
  std::unique_ptr<DiscreteValues<T>> DoClone() const final;

 private:
  void Flatten();
  std::vector<DiscreteValues<T>*> subdiscretes_;
  std::vector<std::unique_ptr<DiscreteValues<T>>> owned_subdiscretes_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiagramDiscreteValues);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiagramDiscreteValues);
