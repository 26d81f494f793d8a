#pragma once

/// @file
/// SharedPointerSystem<T>: a system with no ports, state or parameters
/// that keeps one shared_ptr alive for as long as the system (in a
/// Diagram: the Diagram) lives. Other systems may then point at the held
/// object. Scalar conversion shares the same object (it is not converted,
/// so it should not depend on T).

#include <memory>
#include <typeinfo>

#include "ossa/common/error.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class SharedPointerSystem final : public LeafSystem<T> {
 public:
  /// Holds `value_to_hold` (which may be null). Calls to get<Held>() must
  /// name the same Held.
  template <typename Held>
  explicit SharedPointerSystem(std::shared_ptr<Held> value_to_hold)
      : SharedPointerSystem(std::shared_ptr<void>(value_to_hold),
                            typeid(Held)) {}
  template <typename Held>
  explicit SharedPointerSystem(std::unique_ptr<Held> value_to_hold)
      : SharedPointerSystem(std::shared_ptr<Held>(std::move(value_to_hold))) {}
  template <typename U>
  explicit SharedPointerSystem(const SharedPointerSystem<U>& other)
      : SharedPointerSystem(other.held(), other.held_type()) {}

  /// Adds a system holding `value_to_hold` to `builder` and returns an
  /// alias to the value (null if it is null). Throws if builder is null.
  template <typename Held>
  static Held* AddToBuilder(DiagramBuilder<T>* builder,
                            std::shared_ptr<Held> value_to_hold) {
    if (builder == nullptr) [[unlikely]] {
      ThrowLogicError("SharedPointerSystem::AddToBuilder(): builder is null.");
    }
    Held* alias = value_to_hold.get();
    builder->template AddSystem<SharedPointerSystem<T>>(
        std::move(value_to_hold));
    return alias;
  }

  /// The held object, null if null was given. Throws std::logic_error if
  /// Held is not the type given at construction.
  template <typename Held>
  Held* get() const {
    if (typeid(Held) != *held_type_) [[unlikely]] {
      ThrowWrongType(typeid(Held));
    }
    return static_cast<Held*>(held_.get());
  }

  /// (Advanced) The held object, type-erased, and its type.
  const std::shared_ptr<void>& held() const { return held_; }
  const std::type_info& held_type() const { return *held_type_; }

  /// (Advanced) Holds `held`, whose type is `held_type`.
  SharedPointerSystem(std::shared_ptr<void> held,
                      const std::type_info& held_type);

 private:
  [[noreturn]] void ThrowWrongType(const std::type_info& requested) const;

  std::shared_ptr<void> held_;
  const std::type_info* held_type_;
};

/// SharedPointerSystem converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<SharedPointerSystem>
    : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::SharedPointerSystem);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::SharedPointerSystem);
