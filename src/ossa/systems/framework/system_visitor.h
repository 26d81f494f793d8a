#pragma once

/// @file
/// SystemVisitor<T>: the visitor of the System tree. AcceptSystemVisitor()
/// (the reference's System::Accept) calls VisitDiagram() for a Diagram and
/// VisitSystem() for any other System; a visitor that walks a whole Diagram
/// recurses from VisitDiagram() into the subsystems it wants.

#include "ossa/common/error.h"
#include "ossa/systems/framework/diagram.h"

namespace ossa::systems {

template <typename T>
class SystemVisitor {
 public:
  SystemVisitor(const SystemVisitor&) = delete;
  SystemVisitor& operator=(const SystemVisitor&) = delete;
  virtual ~SystemVisitor() = default;

  /// Called for a System that is not a Diagram.
  virtual void VisitSystem(const System<T>& system) = 0;
  /// Called for a Diagram.
  virtual void VisitDiagram(const Diagram<T>& diagram) = 0;

 protected:
  SystemVisitor() = default;
};

/// Calls `visitor->VisitDiagram(system)` if `system` is a Diagram, else
/// `visitor->VisitSystem(system)`. Throws std::logic_error if `visitor` is
/// null.
template <typename T>
void AcceptSystemVisitor(const System<T>& system, SystemVisitor<T>* visitor) {
  if (visitor == nullptr) [[unlikely]] {
    ThrowLogicError("System::Accept(): the visitor is null (system '{}').",
                    system.GetSystemPathname());
  }
  if (const auto* diagram = dynamic_cast<const Diagram<T>*>(&system)) {
    visitor->VisitDiagram(*diagram);
  } else {
    visitor->VisitSystem(system);
  }
}

}  // namespace ossa::systems
