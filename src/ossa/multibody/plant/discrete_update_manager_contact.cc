// DiscreteUpdateManager: the point contacts of a discrete step at x[n] —
// the geometry query's penetration pairs with their combined materials
// (MultibodyPlant::CalcPointContactPairs), the contact point, frame and
// Jacobian of each (see DiscreteContactPair in discrete_step_solver.h).

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/math/rotation_matrix.h"
#include "ossa/multibody/plant/discrete_update_manager.h"
#include "ossa/multibody/plant/multibody_plant.h"

namespace ossa::multibody::internal {

template <typename T>
void DiscreteUpdateManager<T>::CalcDiscreteContactPairs(
    const systems::Context<T>& context,
    std::vector<DiscreteContactPair<T>>* result) const {
  const MultibodyPlant<T>& plant = *plant_;
  if (plant.num_collision_geometries() == 0) {
    result->clear();
    return;
  }
  std::vector<PointContactPair<T>> pairs = plant.CalcPointContactPairs(context);
  const int nv = plant.num_velocities();
  const VectorX<T>& x0 = context.get_discrete_state(0).value();
  const auto v0 = x0.tail(nv);
  const Frame<T>& world = plant.world_frame();
  MatrixX<T> J_WAc(3, nv), J_WBc(3, nv);
  result->resize(pairs.size());
  int count = 0;
  for (PointContactPair<T>& source : pairs) {
    DiscreteContactPair<T>& out = (*result)[count];
    const geometry::PenetrationAsPointPair<T>& pp = source.pair;
    // The Hertz-weighted contact point.
    const double k_sum = source.stiffness_A + source.stiffness_B;
    const double w_A = k_sum == 0 ? 0.5 : source.stiffness_A / k_sum;
    const double w_B = k_sum == 0 ? 0.5 : source.stiffness_B / k_sum;
    out.p_WC = w_A * pp.p_WCa + w_B * pp.p_WCb;
    const Vector3<T> nhat_AB_W = -pp.nhat_BA_W;
    out.R_WC = math::RotationMatrix<T>::MakeFromOneVector(nhat_AB_W, 2).matrix();
    // J = R_WCᵀ·(J_WBc − J_WAc): v_AcBc_C = J·v.
    auto point_jacobian = [&](BodyIndex body, MatrixX<T>* J) {
      if (body == world_index()) {
        J->setZero();
        return;
      }
      const RigidBody<T>& b = plant.get_body(body);
      const math::RigidTransform<T>& X_WB = plant.EvalBodyPoseInWorld(context, b);
      const Vector3<T> p_BoC_B =
          X_WB.rotation().matrix().transpose() * (out.p_WC - X_WB.translation());
      plant.CalcJacobianTranslationalVelocity(context, JacobianWrtVariable::kV,
                                              b.body_frame(), p_BoC_B, world,
                                              world, J);
    };
    point_jacobian(source.body_A, &J_WAc);
    point_jacobian(source.body_B, &J_WBc);
    out.J.noalias() = out.R_WC.transpose() * (J_WBc - J_WAc);
    // A pair between bodies without dofs exerts nothing: skip it.
    if (ExtractDoubleOrThrow(out.J.squaredNorm()) == 0) continue;
    out.phi0 = -pp.depth;
    out.vn0 = out.J.row(2).dot(v0);
    if (!(source.stiffness >= 0) || !(source.dissipation >= 0) ||
        !(source.friction.dynamic_friction() >= 0)) [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant: the contact between bodies '{}' and '{}' has an "
          "invalid combined stiffness {}, dissipation {} or friction {}.",
          plant.get_body(source.body_A).name(),
          plant.get_body(source.body_B).name(), source.stiffness,
          source.dissipation, source.friction.dynamic_friction());
    }
    out.source = std::move(source);
    ++count;
  }
  result->resize(count);
}

}  // namespace ossa::multibody::internal

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::DiscreteUpdateManager);
