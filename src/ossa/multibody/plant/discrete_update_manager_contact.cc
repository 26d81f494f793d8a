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
  // Per body in contact, its spatial Jacobian at Bo in W (6×nv: [Jω; Jv]),
  // computed once; a point C of the body then has
  // J_WC = Jv − [p_BoC_W]×·Jω.
  std::vector<std::pair<BodyIndex, MatrixX<T>>> body_jacobians;
  auto body_jacobian = [&](BodyIndex body) -> const MatrixX<T>& {
    for (const auto& [known, J] : body_jacobians) {
      if (known == body) return J;
    }
    MatrixX<T> J(6, nv);
    plant.CalcJacobianSpatialVelocity(context, JacobianWrtVariable::kV,
                                      plant.get_body(body).body_frame(),
                                      Vector3<T>::Zero(), world, world, &J);
    body_jacobians.emplace_back(body, std::move(J));
    return body_jacobians.back().second;
  };
  body_jacobians.reserve(2 * pairs.size());
  MatrixX<T> J_AcBc_W(3, nv);
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
    J_AcBc_W.setZero();
    auto add_point_jacobian = [&](BodyIndex body, double sign) {
      if (body == world_index()) return;
      const MatrixX<T>& J = body_jacobian(body);
      const Vector3<T> p_BoC_W =
          out.p_WC - plant.EvalBodyPoseInWorld(context, plant.get_body(body))
                         .translation();
      // Jv − p × Jω, column by column.
      for (int i = 0; i < nv; ++i) {
        const Vector3<T> w = J.col(i).template head<3>();
        const Vector3<T> v = J.col(i).template tail<3>();
        J_AcBc_W.col(i) += sign * (v - p_BoC_W.cross(w));
      }
    };
    add_point_jacobian(source.body_B, 1.0);
    add_point_jacobian(source.body_A, -1.0);
    out.J.noalias() = out.R_WC.transpose() * J_AcBc_W;
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
