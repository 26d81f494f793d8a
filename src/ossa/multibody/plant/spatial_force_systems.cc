// Propeller, Wing and ExternallyAppliedSpatialForceMultiplexer: small
// systems that produce lists of externally applied spatial forces.

#include <fmt/format.h>

#include <cmath>
#include <memory>
#include <string>
#include <utility>

#include "ossa/common/error.h"
#include "ossa/multibody/plant/externally_applied_spatial_force_multiplexer.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant/propeller.h"
#include "ossa/multibody/plant/wing.h"
#include "ossa/systems/framework/diagram_builder.h"

namespace ossa::multibody {

template <typename T>
Propeller<T>::Propeller(BodyIndex body_index,
                        const math::RigidTransform<double>& X_BP,
                        double thrust_ratio, double moment_ratio)
    : Propeller(std::vector<PropellerInfo>{
          PropellerInfo(body_index, X_BP, thrust_ratio, moment_ratio)}) {}

template <typename T>
Propeller<T>::Propeller(const std::vector<PropellerInfo>& propeller_info)
    : systems::LeafSystem<T>(systems::SystemTypeTag<Propeller>{}),
      info_(propeller_info) {
  for (size_t i = 0; i < info_.size(); ++i) {
    if (!info_[i].body_index.is_valid()) {
      ThrowLogicError("Propeller(): propeller {} has an invalid body index.",
                      i);
    }
  }
  this->DeclareVectorInputPort("command", num_propellers());
  this->DeclareAbstractInputPort("body_poses",
                                 Value<std::vector<math::RigidTransform<T>>>(
                                     std::vector<math::RigidTransform<T>>()));
  this->DeclareAbstractOutputPort(
      "spatial_forces",
      std::vector<ExternallyAppliedSpatialForce<T>>(num_propellers()),
      &Propeller::CalcSpatialForces);
}

template <typename T>
void Propeller<T>::CalcSpatialForces(
    const systems::Context<T>& context,
    std::vector<ExternallyAppliedSpatialForce<T>>* spatial_forces) const {
  const VectorX<T>& command = get_command_input_port().Eval(context);
  const auto& X_WB_all =
      get_body_poses_input_port()
          .template Eval<std::vector<math::RigidTransform<T>>>(context);
  spatial_forces->resize(num_propellers());
  for (int i = 0; i < num_propellers(); ++i) {
    const PropellerInfo& info = info_[i];
    if (info.body_index >= static_cast<int>(X_WB_all.size())) {
      ThrowLogicError(
          "Propeller: propeller {} is on body {}, but the body_poses input "
          "holds {} poses.",
          i, int{info.body_index}, X_WB_all.size());
    }
    const math::RigidTransform<T> X_BP = info.X_BP.template cast<T>();
    const math::RotationMatrix<T> R_WP =
        X_WB_all[info.body_index].rotation() * X_BP.rotation();
    // F_BP_P = [0, 0, moment_ratio·u; 0, 0, thrust_ratio·u].
    const Vector3<T> Pz_W = R_WP.col(2);
    ExternallyAppliedSpatialForce<T>& force = (*spatial_forces)[i];
    force.body_index = info.body_index;
    force.p_BoBq_B = X_BP.translation();
    force.F_Bq_W = SpatialForce<T>(info.moment_ratio * command[i] * Pz_W,
                                   info.thrust_ratio * command[i] * Pz_W);
  }
}

template <typename T>
Wing<T>::Wing(BodyIndex body_index, double surface_area,
              const math::RigidTransform<double>& X_BodyWing,
              double fluid_density)
    : systems::LeafSystem<T>(systems::SystemTypeTag<Wing>{}),
      body_index_(body_index),
      surface_area_(surface_area),
      X_BodyWing_(X_BodyWing),
      default_fluid_density_(fluid_density) {
  if (!body_index.is_valid())
    ThrowLogicError("Wing(): the body index is invalid.");
  if (!(std::isfinite(surface_area) && surface_area > 0)) {
    ThrowLogicError(
        "Wing(): surface_area is {}; it must be positive and finite.",
        surface_area);
  }
  if (!(std::isfinite(fluid_density) && fluid_density > 0)) {
    ThrowLogicError(
        "Wing(): fluid_density is {}; it must be positive and finite.",
        fluid_density);
  }
  this->DeclareAbstractInputPort("body_poses",
                                 Value<std::vector<math::RigidTransform<T>>>(
                                     std::vector<math::RigidTransform<T>>()));
  this->DeclareAbstractInputPort("body_spatial_velocities",
                                 Value<std::vector<SpatialVelocity<T>>>(
                                     std::vector<SpatialVelocity<T>>()));
  this->DeclareVectorInputPort("wind_velocity_at_aerodynamic_center", 3);
  this->DeclareVectorInputPort("fluid_density", 1);
  this->DeclareAbstractOutputPort(
      "spatial_force", std::vector<ExternallyAppliedSpatialForce<T>>(1),
      &Wing::CalcSpatialForce);
  // p_WAo reads the body poses only, so a wind field may feed on it.
  this->DeclareVectorOutputPort(
      "aerodynamic_center", 3, &Wing::CalcAerodynamicCenter,
      {this->input_port_ticket(systems::InputPortIndex(0))});
}

template <typename T>
Wing<T>* Wing<T>::AddToBuilder(systems::DiagramBuilder<T>* builder,
                               const MultibodyPlant<T>* plant,
                               BodyIndex body_index, double surface_area,
                               const math::RigidTransform<double>& X_BodyWing,
                               double fluid_density) {
  if (builder == nullptr || plant == nullptr)
    ThrowLogicError("Wing::AddToBuilder(): builder and plant must be given.");
  auto* wing = builder->AddSystem(std::make_unique<Wing<T>>(
      body_index, surface_area, X_BodyWing, fluid_density));
  builder->Connect(plant->get_body_poses_output_port(),
                   wing->get_body_poses_input_port());
  builder->Connect(plant->get_body_spatial_velocities_output_port(),
                   wing->get_body_spatial_velocities_input_port());
  builder->Connect(wing->get_spatial_force_output_port(),
                   plant->get_applied_spatial_force_input_port());
  return wing;
}

template <typename T>
const math::RigidTransform<T>& Wing<T>::X_WB(const systems::Context<T>& context,
                                             const char* method) const {
  const auto& poses =
      get_body_poses_input_port()
          .template Eval<std::vector<math::RigidTransform<T>>>(context);
  if (body_index_ >= static_cast<int>(poses.size())) {
    ThrowLogicError(
        "Wing {} output: the wing is on body {}, but the body_poses input "
        "holds {} poses.",
        method, int{body_index_}, poses.size());
  }
  return poses[body_index_];
}

template <typename T>
void Wing<T>::CalcSpatialForce(
    const systems::Context<T>& context,
    std::vector<ExternallyAppliedSpatialForce<T>>* spatial_force) const {
  const math::RigidTransform<T>& X_WB = this->X_WB(context, "spatial_force");
  const auto& velocities =
      get_body_spatial_velocities_input_port()
          .template Eval<std::vector<SpatialVelocity<T>>>(context);
  if (body_index_ >= static_cast<int>(velocities.size())) {
    ThrowLogicError(
        "Wing spatial_force output: the wing is on body {}, but the "
        "body_spatial_velocities input holds {} velocities.",
        int{body_index_}, velocities.size());
  }
  const math::RigidTransform<T> X_BA = X_BodyWing_.template cast<T>();
  const math::RotationMatrix<T> R_WA = X_WB.rotation() * X_BA.rotation();
  // The velocity of the body origin relative to the fluid stands for the
  // aerodynamic center's, as in the reference: the body's rotation does
  // not enter.
  Vector3<T> v_W = velocities[body_index_].translational();
  if (get_wind_velocity_input_port().HasValue(context))
    v_W -= get_wind_velocity_input_port().Eval(context);
  const T rho = get_fluid_density_input_port().HasValue(context)
                    ? T(get_fluid_density_input_port().Eval(context)[0])
                    : T(default_fluid_density_);
  const Vector3<T> v_A = R_WA.inverse() * v_W;
  // Only the chord-normal plane (x, z) counts. At rest the speed is zero
  // and so is the force (and, for AutoDiffXd, its derivative).
  const T speed_squared = v_A.x() * v_A.x() + v_A.z() * v_A.z();
  const T speed = speed_squared > 0 ? T(sqrt(speed_squared)) : T(0);
  const T f_z = -rho * surface_area_ * speed * v_A.z();
  spatial_force->resize(1);
  ExternallyAppliedSpatialForce<T>& force = (*spatial_force)[0];
  force.body_index = body_index_;
  force.p_BoBq_B = X_BA.translation();
  force.F_Bq_W = SpatialForce<T>(Vector3<T>::Zero(), R_WA.col(2) * f_z);
}

template <typename T>
void Wing<T>::CalcAerodynamicCenter(const systems::Context<T>& context,
                                    systems::BasicVector<T>* p_WAo) const {
  p_WAo->SetFromVector(X_WB(context, "aerodynamic_center") *
                       X_BodyWing_.translation().template cast<T>());
}

template <typename T>
ExternallyAppliedSpatialForceMultiplexer<
    T>::ExternallyAppliedSpatialForceMultiplexer(int num_inputs)
    : systems::LeafSystem<T>(
          systems::SystemTypeTag<ExternallyAppliedSpatialForceMultiplexer>{}) {
  if (num_inputs < 0) {
    ThrowLogicError(
        "ExternallyAppliedSpatialForceMultiplexer(): num_inputs is {}; it "
        "must be non-negative.",
        num_inputs);
  }
  // The reference's names, which are also the default ones.
  for (int i = 0; i < num_inputs; ++i) {
    this->DeclareAbstractInputPort(
        fmt::format("u{}", i),
        Value<std::vector<ExternallyAppliedSpatialForce<T>>>());
  }
  this->DeclareAbstractOutputPort(
      "y0", &ExternallyAppliedSpatialForceMultiplexer::Concatenate);
}

template <typename T>
void ExternallyAppliedSpatialForceMultiplexer<T>::Concatenate(
    const systems::Context<T>& context,
    std::vector<ExternallyAppliedSpatialForce<T>>* y) const {
  y->clear();
  for (int i = 0; i < this->num_input_ports(); ++i) {
    const auto& u =
        this->get_input_port(i)
            .template Eval<std::vector<ExternallyAppliedSpatialForce<T>>>(
                context);
    y->insert(y->end(), u.begin(), u.end());
  }
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::Propeller);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::Propeller);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::Wing);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::Wing);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::ExternallyAppliedSpatialForceMultiplexer);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::ExternallyAppliedSpatialForceMultiplexer);
