// Propeller and ExternallyAppliedSpatialForceMultiplexer: small systems that
// produce lists of externally applied spatial forces.

#include <fmt/format.h>

#include <string>
#include <utility>

#include "ossa/common/error.h"
#include "ossa/multibody/plant/externally_applied_spatial_force_multiplexer.h"
#include "ossa/multibody/plant/propeller.h"

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
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::ExternallyAppliedSpatialForceMultiplexer);
