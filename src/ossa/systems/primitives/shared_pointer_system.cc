#include "ossa/systems/primitives/shared_pointer_system.h"

#include <utility>

#include "ossa/common/nice_type_name.h"

namespace ossa::systems {

template <typename T>
SharedPointerSystem<T>::SharedPointerSystem(std::shared_ptr<void> held,
                                            const std::type_info& held_type)
    : LeafSystem<T>(SystemTypeTag<SharedPointerSystem>{}),
      held_(std::move(held)),
      held_type_(&held_type) {}

template <typename T>
void SharedPointerSystem<T>::ThrowWrongType(
    const std::type_info& requested) const {
  ThrowLogicError(
      "SharedPointerSystem::get(): the system '{}' holds a {}, not a {}.",
      this->get_name(), NiceTypeNameFromTypeInfo(*held_type_),
      NiceTypeNameFromTypeInfo(requested));
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::SharedPointerSystem);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::SharedPointerSystem);
