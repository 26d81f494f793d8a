// DiscreteUpdateManager: the point contacts of a discrete step at x[n] —
// the geometry query's penetration pairs with their combined materials
// (CalcPointContactPairsFromQuery, the materials cached in the scratch), the
// contact point, frame and Jacobian of each (see DiscreteContactPair in
// discrete_step_solver.h).

#include <algorithm>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/math/rotation_matrix.h"
#include "ossa/multibody/plant/discrete_update_manager.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/tree_computation.h"

namespace ossa::multibody::internal {

template <typename T>
void DiscreteUpdateManager<T>::CalcDiscreteContactPairs(
    const systems::Context<T>& context, Scratch* scratch,
    std::vector<DiscreteContactPair<T>>* result) const {
  const MultibodyPlant<T>& plant = *plant_;
  if (plant.num_collision_geometries() == 0) {
    result->clear();
    return;
  }
  std::vector<PointContactPair<T>>& pairs = scratch->point_pairs;
  CalcPointContactPairsFromQuery(
      plant.get_input_port(plant.geometry_query_port_), context,
      plant.geometry_id_to_body_, plant.contact_model_,
      plant.penalty_parameters_, &scratch->materials, &pairs);
  const int nv = plant.num_velocities();
  const VectorX<T>& x0 = context.get_discrete_state(0).value();
  const auto v0 = x0.tail(nv);
  // The contact Jacobians come from the world poses and hinge matrices of
  // the tree the step runs on (the weld-merged one when the model has
  // welds: a body's point moves with its group's mobod).
  TreeComputation<T> computation = plant.PrepareComputation(context);
  const TreeWorkspace<T>& ws =
      computation.EvalKinematics(KinematicsNeed::kVelocityAndWorld);
  const CompiledTree& tree = computation.tree();
  const MultibodyTreeTopology& topology = plant.tree().get_topology();
  auto mobod_of = [&](BodyIndex body) {
    const int full = topology.body_to_mobod(body);
    return computation.is_weld_merged()
               ? computation.weld_merged_tree().group(full)
               : full;
  };
  const bool dense =
      solver_->approximation() == DiscreteContactApproximation::kTamsi;
  Matrix3X<T>& J_columns = scratch->J_columns;
  if (J_columns.cols() != nv) J_columns.resize(3, nv);
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
    out.R_WC =
        math::RotationMatrix<T>::MakeFromOneVector(nhat_AB_W, 2).matrix();
    // J = R_WCᵀ·(J_WBc − J_WAc): v_AcBc_C = J·v. A column of dof j of mobod
    // K on the root path of B (A) is ±R_WCᵀ·(R_WK·h_v + w × p_KoC_W), with
    // w = R_WK·h_ω and [h_ω; h_v] = H_K(:, j). Walking both paths up to
    // their nearest common ancestor (mobods are numbered base to tip: the
    // larger index is never an ancestor of the smaller) visits the
    // unshared mobods in decreasing order; the shared ones' columns cancel.
    out.dofs.clear();
    int a = mobod_of(source.body_A);
    int b = mobod_of(source.body_B);
    int m = 0;
    while (a != b) {
      int k;
      double sign;
      if (a > b) {
        k = a;
        sign = -1.0;
        a = tree.mobod(a).parent;
      } else {
        k = b;
        sign = 1.0;
        b = tree.mobod(b).parent;
      }
      const MobodInfo& info = tree.mobod(k);
      const Vector3<T> p_KoC_W = out.p_WC - ws.p_WB[k];
      for (int c = info.nv - 1; c >= 0; --c) {
        const int j = info.v_start + c;
        const auto h = ws.H_B.col(j);
        const Vector3<T> w = ws.R_WB[k] * h.template head<3>();
        const Vector3<T> v =
            ws.R_WB[k] * h.template tail<3>() + w.cross(p_KoC_W);
        J_columns.col(m++).noalias() = sign * (out.R_WC.transpose() * v);
        out.dofs.push_back(j);
      }
    }
    // Increasing dofs.
    std::reverse(out.dofs.begin(), out.dofs.end());
    out.J_dofs.resize(3, m);
    for (int c = 0; c < m; ++c) out.J_dofs.col(c) = J_columns.col(m - 1 - c);
    // A pair between bodies without dofs exerts nothing: skip it.
    if (m == 0 || ExtractDoubleOrThrow(out.J_dofs.squaredNorm()) == 0) {
      continue;
    }
    if (dense) {
      out.J.setZero(3, nv);
      for (int c = 0; c < m; ++c) out.J.col(out.dofs[c]) = out.J_dofs.col(c);
    } else {
      out.J.resize(0, 0);
    }
    out.phi0 = -pp.depth;
    out.vn0 = T(0);
    for (int c = 0; c < m; ++c) out.vn0 += out.J_dofs(2, c) * v0[out.dofs[c]];
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
