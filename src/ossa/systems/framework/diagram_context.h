#pragma once

/// @file
/// DiagramContext<T>: the Context of a Diagram: one subcontext per
/// subsystem, and a DiagramState / Parameters that aggregate the
/// subcontexts' (the Diagram's continuous state is one contiguous vector
/// that the subcontexts view). Use Diagram::GetSubsystemContext /
/// GetMutableSubsystemContext to reach a subsystem's context.

#include <memory>
#include <utility>
#include <vector>

#include "ossa/systems/framework/context.h"
#include "ossa/systems/framework/diagram_state.h"

namespace ossa::systems {

template <typename T>
class DiagramContext final : public Context<T> {
 public:
  /// (Internal) Use Diagram::CreateDefaultContext().
  DiagramContext(const SystemBase& diagram,
                 std::vector<std::unique_ptr<Context<T>>> subcontexts);
  ~DiagramContext() final;

  int num_subcontexts() const final {
    return static_cast<int>(contexts_.size());
  }
  const ContextBase& subcontext_base(int index) const final;
  const Context<T>& GetSubsystemContext(SubsystemIndex index) const;
  Context<T>& GetMutableSubsystemContext(SubsystemIndex index);

 protected:
  std::unique_ptr<ContextBase> DoCloneWithoutGraph() const final;
  void NoteDiscreteGroupChanged(int index) const final;
  void NoteAbstractStateChanged(int index) const final;
  void NoteNumericParameterChanged(int index) const final;
  void NoteAbstractParameterChanged(int index) const final;
  void DoPropagateTime(const T& time) final;
  void DoPropagateAccuracy(const std::optional<double>& accuracy) final;

 private:
  DiagramContext(const DiagramContext<T>& source);
  void Assemble();

  std::vector<std::unique_ptr<Context<T>>> contexts_;
  std::unique_ptr<DiagramState<T>> state_;
  std::unique_ptr<Parameters<T>> parameters_;
  // Flat index -> (subcontext, index in the subcontext).
  std::vector<std::pair<int, int>> xd_map_, xa_map_, pn_map_, pa_map_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiagramContext);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiagramContext);
