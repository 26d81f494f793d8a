#pragma once

/// @file
/// LeafContext<T>: the Context of a LeafSystem; it owns its State and
/// Parameters.

#include <memory>

#include "ossa/systems/framework/context.h"

namespace ossa::systems {

template <typename T>
class LeafContext final : public Context<T> {
 public:
  /// (Internal) Use System::CreateDefaultContext() / AllocateContext().
  LeafContext(const SystemBase& system, std::unique_ptr<State<T>> state,
              std::unique_ptr<Parameters<T>> parameters);
  ~LeafContext() final;

 protected:
  std::unique_ptr<ContextBase> DoCloneWithoutGraph() const final;
  void NoteDiscreteGroupChanged(int index) const final;
  void NoteAbstractStateChanged(int index) const final;
  void NoteNumericParameterChanged(int index) const final;
  void NoteAbstractParameterChanged(int index) const final;

 private:
  LeafContext(const LeafContext<T>& source);
  std::unique_ptr<State<T>> state_;
  std::unique_ptr<Parameters<T>> parameters_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::LeafContext);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::LeafContext);
