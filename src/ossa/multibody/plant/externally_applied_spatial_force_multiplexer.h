#pragma once

/// @file
/// ExternallyAppliedSpatialForceMultiplexer<T>: concatenates lists of
/// externally applied spatial forces. Inputs "u0" ... "u{n-1}" and the
/// output "y0" are std::vector<ExternallyAppliedSpatialForce<T>>; y0 holds
/// the inputs' entries in port order. An input port must be connected or
/// fixed for the output to be evaluated.

#include <vector>

#include "ossa/multibody/plant/externally_applied_spatial_force.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::multibody {

template <typename T>
class ExternallyAppliedSpatialForceMultiplexer final
    : public systems::LeafSystem<T> {
 public:
  /// `num_inputs` input ports. Throws std::logic_error if it is negative.
  explicit ExternallyAppliedSpatialForceMultiplexer(int num_inputs);
  /// Scalar conversion.
  template <typename U>
  explicit ExternallyAppliedSpatialForceMultiplexer(
      const ExternallyAppliedSpatialForceMultiplexer<U>& other)
      : ExternallyAppliedSpatialForceMultiplexer(other.num_input_ports()) {}

 private:
  void Concatenate(const systems::Context<T>& context,
                   std::vector<ExternallyAppliedSpatialForce<T>>* y) const;
};

}  // namespace ossa::multibody

namespace ossa::systems::scalar_conversion {
/// ExternallyAppliedSpatialForceMultiplexer converts to and from symbolic::Expression (ToSymbolic()).
template <>
struct SupportsSymbolic<::ossa::multibody::ExternallyAppliedSpatialForceMultiplexer> : std::true_type {};
}  // namespace ossa::systems::scalar_conversion

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::ExternallyAppliedSpatialForceMultiplexer);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::ExternallyAppliedSpatialForceMultiplexer);
