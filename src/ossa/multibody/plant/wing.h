#pragma once

/// @file
/// Wing<T>: the aerodynamic force on a flat-plate wing (or hydrofoil) fixed
/// to a body, for MultibodyPlant's applied_spatial_force input.
///
/// Frames: body B; the wing frame A at the pose X_BA (X_BodyWing), its
/// origin at the aerodynamic center, +Ax along the chord towards the
/// leading edge, +Ay along the span, +Az up. Model: lift coefficient
/// 2·sinα·cosα, drag coefficient 2·sin²α, no moment, which together are a
/// force normal to the plate. With v the velocity of the body origin
/// relative to the fluid (v_WBo − v_wind; as in the reference, it stands
/// for the aerodynamic center's, so the body's rotation does not enter),
/// expressed in A, and only its chord-normal plane counted (vx, vz), the
/// force at Ao is
///   f_A = −ρ·S·|(vx, vz)|·vz·Az,
/// of magnitude ρ·S·|v|²·|sinα| with sinα = vz/|(vx, vz)|.
///
/// Ports: "body_poses" (std::vector<RigidTransform<T>>),
/// "body_spatial_velocities" (std::vector<SpatialVelocity<T>>), the
/// optional "wind_velocity_at_aerodynamic_center" (3-vector v_wind in W,
/// zero if not connected) and "fluid_density" (1-vector ρ in kg/m³, the
/// constructor's value if not connected) in; "spatial_force"
/// (std::vector<ExternallyAppliedSpatialForce<T>>, one entry) and
/// "aerodynamic_center" (3-vector p_WAo) out.

#include <vector>

#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/plant/externally_applied_spatial_force.h"
#include "ossa/multibody/tree/multibody_tree_indexes.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {
template <typename T>
class DiagramBuilder;
}  // namespace ossa::systems

namespace ossa::multibody {

template <typename T>
class MultibodyPlant;

template <typename T>
class Wing final : public systems::LeafSystem<T> {
 public:
  /// The density of dry air at 20 °C at sea level, kg/m³.
  static constexpr double kDefaultFluidDensity{1.204};

  /// A wing of area `surface_area` (m²) on body `body_index` at X_BodyWing.
  /// Throws std::logic_error if the body index is invalid or the area or
  /// density is not positive and finite.
  Wing(BodyIndex body_index, double surface_area,
       const math::RigidTransform<double>& X_BodyWing = {},
       double fluid_density = kDefaultFluidDensity);
  /// Scalar conversion.
  template <typename U>
  explicit Wing(const Wing<U>& other)
      : Wing(other.body_index(), other.surface_area(), other.X_BodyWing(),
             other.default_fluid_density()) {}

  /// Adds a Wing to `builder` and connects it to `plant` (body poses and
  /// velocities in, spatial force out to the applied_spatial_force input).
  static Wing<T>* AddToBuilder(
      systems::DiagramBuilder<T>* builder, const MultibodyPlant<T>* plant,
      BodyIndex body_index, double surface_area,
      const math::RigidTransform<double>& X_BodyWing = {},
      double fluid_density = kDefaultFluidDensity);

  BodyIndex body_index() const { return body_index_; }
  double surface_area() const { return surface_area_; }
  const math::RigidTransform<double>& X_BodyWing() const { return X_BodyWing_; }
  double default_fluid_density() const { return default_fluid_density_; }

  const systems::InputPort<T>& get_body_poses_input_port() const {
    return this->get_input_port(0);
  }
  const systems::InputPort<T>& get_body_spatial_velocities_input_port() const {
    return this->get_input_port(1);
  }
  const systems::InputPort<T>& get_wind_velocity_input_port() const {
    return this->get_input_port(2);
  }
  const systems::InputPort<T>& get_fluid_density_input_port() const {
    return this->get_input_port(3);
  }
  const systems::OutputPort<T>& get_spatial_force_output_port() const {
    return this->get_output_port(0);
  }
  const systems::OutputPort<T>& get_aerodynamic_center_output_port() const {
    return this->get_output_port(1);
  }

 private:
  const math::RigidTransform<T>& X_WB(const systems::Context<T>& context,
                                      const char* method) const;
  void CalcSpatialForce(
      const systems::Context<T>& context,
      std::vector<ExternallyAppliedSpatialForce<T>>* spatial_force) const;
  void CalcAerodynamicCenter(const systems::Context<T>& context,
                             systems::BasicVector<T>* p_WAo) const;

  BodyIndex body_index_;
  double surface_area_;
  math::RigidTransform<double> X_BodyWing_;
  double default_fluid_density_;
};

}  // namespace ossa::multibody

namespace ossa::systems::scalar_conversion {
/// Wing converts to and from symbolic::Expression (ToSymbolic()).
template <>
struct SupportsSymbolic<::ossa::multibody::Wing> : std::true_type {};
}  // namespace ossa::systems::scalar_conversion

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::Wing);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::Wing);
