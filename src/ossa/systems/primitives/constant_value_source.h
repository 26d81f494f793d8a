#pragma once

/// @file
/// ConstantValueSource<T>: outputs a constant abstract value (any type).
/// Ports: output "y0" (abstract, of the value's type).

#include <memory>

#include "ossa/common/value.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class ConstantValueSource final : public LeafSystem<T> {
 public:
  /// Outputs a copy of `value`.
  explicit ConstantValueSource(const AbstractValue& value);
  template <typename U>
  explicit ConstantValueSource(const ConstantValueSource<U>& other)
      : ConstantValueSource(other.get_source_value()) {}

  /// The value given at construction.
  const AbstractValue& get_source_value() const { return *source_value_; }

 private:
  std::unique_ptr<AbstractValue> source_value_;
};

/// ConstantValueSource converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<ConstantValueSource>
    : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::ConstantValueSource);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::ConstantValueSource);
