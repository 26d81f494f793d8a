#pragma once

/// @file
/// Propeller<T>: a system that turns propeller commands into the spatial
/// forces the propellers apply to their bodies, for MultibodyPlant's
/// applied_spatial_force input.
///
/// Propeller i sits on body B at the pose X_BP; it pushes along +Pz and
/// twists about +Pz in proportion to its command uᵢ:
///   F_BP_P = [τ; f] = [0, 0, moment_ratio·uᵢ;  0, 0, thrust_ratio·uᵢ],
/// applied at P's origin and reported expressed in W (F_BP_W = R_WP·F_BP_P,
/// with R_WP = R_WB·R_BP from the "body_poses" input).
///
/// Ports: "command" (vector, one entry per propeller), "body_poses"
/// (std::vector<RigidTransform<T>>, X_WB per BodyIndex: the plant's
/// body_poses output) in; "spatial_forces"
/// (std::vector<ExternallyAppliedSpatialForce<T>>, one per propeller) out.

#include <vector>

#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/plant/externally_applied_spatial_force.h"
#include "ossa/multibody/tree/multibody_tree_indexes.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::multibody {

/// One propeller: the body it is fixed to, its pose X_BP in the body frame,
/// and the ratios thrust/command (N per unit command) and moment/command
/// (N·m per unit command).
struct PropellerInfo {
  PropellerInfo() = default;
  explicit PropellerInfo(BodyIndex body_index_in,
                         const math::RigidTransform<double>& X_BP_in = {},
                         double thrust_ratio_in = 1.0,
                         double moment_ratio_in = 0.0)
      : body_index(body_index_in),
        X_BP(X_BP_in),
        thrust_ratio(thrust_ratio_in),
        moment_ratio(moment_ratio_in) {}

  BodyIndex body_index;
  math::RigidTransform<double> X_BP;
  double thrust_ratio{1.0};
  double moment_ratio{0.0};
};

template <typename T>
class Propeller final : public systems::LeafSystem<T> {
 public:
  /// One propeller.
  explicit Propeller(BodyIndex body_index,
                     const math::RigidTransform<double>& X_BP = {},
                     double thrust_ratio = 1.0, double moment_ratio = 0.0);
  /// Several propellers, in order. Throws std::logic_error if a body index
  /// is invalid.
  explicit Propeller(const std::vector<PropellerInfo>& propeller_info);
  /// Scalar conversion.
  template <typename U>
  explicit Propeller(const Propeller<U>& other)
      : Propeller(other.propeller_info()) {}

  int num_propellers() const { return static_cast<int>(info_.size()); }
  const std::vector<PropellerInfo>& propeller_info() const { return info_; }

  const systems::InputPort<T>& get_command_input_port() const {
    return this->get_input_port(0);
  }
  const systems::InputPort<T>& get_body_poses_input_port() const {
    return this->get_input_port(1);
  }
  const systems::OutputPort<T>& get_spatial_forces_output_port() const {
    return this->get_output_port(0);
  }

 private:
  void CalcSpatialForces(
      const systems::Context<T>& context,
      std::vector<ExternallyAppliedSpatialForce<T>>* spatial_forces) const;

  std::vector<PropellerInfo> info_;
};

}  // namespace ossa::multibody

namespace ossa::systems::scalar_conversion {
/// Propeller converts to and from symbolic::Expression (ToSymbolic()).
template <>
struct SupportsSymbolic<::ossa::multibody::Propeller> : std::true_type {};
}  // namespace ossa::systems::scalar_conversion

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::Propeller);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::Propeller);
