// Per-kind mobilizer math (seed 004): the kinematic relations every
// mobilizer must satisfy, checked for every kind at random states.

#include "ossa/multibody/core/mobilizer_kinds.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

#include "ossa/multibody/tree/test/dynamics_test_models.h"
#include "ossa/multibody/core/test/kernel_test_models.h"

namespace ossa::multibody::internal {
namespace mobilizer_kinds_test {

const auto& kAllKinds = kAllMobilizerKinds;

// Random constants and state for one kind; q keeps rpy pitch away from
// gimbal lock (|p| ≤ 1) and quaternions non-unit on purpose (norm 1.3) to
// check that X_FM, N and N⁺ do not assume a unit quaternion.
template <typename Math>
void RandomMobilizerState(std::mt19937* gen, MobilizerConstants* c,
                          Eigen::VectorXd* q, Eigen::VectorXd* v,
                          Eigen::VectorXd* vdot) {
  std::uniform_real_distribution<double> u(-1, 1);
  c->axis = test::RandomVector(gen, 1).normalized();
  c->screw_pitch = 0.7;
  q->resize(Math::kNq);
  v->resize(Math::kNv);
  vdot->resize(Math::kNv);
  for (int i = 0; i < Math::kNq; ++i) (*q)[i] = u(*gen);
  for (int i = 0; i < Math::kNv; ++i) (*v)[i] = u(*gen), (*vdot)[i] = u(*gen);
  if (Math::kKind == MobilizerKind::kQuaternionFloating ||
      Math::kKind == MobilizerKind::kReversedQuaternionFloating) {
    q->head<4>() *= 1.3 / q->head<4>().norm();
  }
}

template <typename Math>
Eigen::VectorXd QDot(const MobilizerConstants& c, const Eigen::VectorXd& q,
                     const Eigen::VectorXd& v) {
  if constexpr (Math::kNv == 0) {
    return Eigen::VectorXd::Zero(Math::kNq);
  } else {
    Eigen::Matrix<double, Math::kNq, Math::kNv> N;
    Math::CalcN(c, q.data(), &N);
    return N * v;
  }
}

template <typename Math>
Vector6<double> SpatialVelocity(const MobilizerConstants& c,
                                const Eigen::VectorXd& q,
                                const Eigen::VectorXd& v) {
  Eigen::Matrix<double, 6, Math::kNv> H;
  Math::CalcH_FM(c, q.data(), &H);
  if constexpr (Math::kNv == 0) {
    return Vector6<double>::Zero();
  } else {
    return H * v;
  }
}

class MobilizerKindTest : public ::testing::TestWithParam<MobilizerKind> {};

// Power identity (H_FMᵀ·F)·v = Fᵀ·(H_FM·v), N(q) against finite differences of
// X_FM(q(t)) with q̇ = N(q)·v, A_FM against the finite difference of V_FM
// along (q(t), v(t)), and N⁺(q)·N(q) = I.
TEST_P(MobilizerKindTest, KinematicRelations) {
  std::mt19937 gen(42 + static_cast<int>(GetParam()));
  VisitMobilizerKind(GetParam(), [&](auto m) {
    using Math = decltype(m);
    constexpr int nq = Math::kNq, nv = Math::kNv;
    for (int trial = 0; trial < 5; ++trial) {
      MobilizerConstants c;
      Eigen::VectorXd q, v, vdot;
      RandomMobilizerState<Math>(&gen, &c, &q, &v, &vdot);
      Vector6<double> F;
      F << test::RandomVector(&gen, 1), test::RandomVector(&gen, 1);
      Eigen::Matrix<double, 6, nv> H;
      Math::CalcH_FM(c, q.data(), &H);
      const Vector6<double> V_FM = SpatialVelocity<Math>(c, q, v);
      if constexpr (nv > 0) {
        const Eigen::VectorXd tau = H.transpose() * F;
        // Both sides are sums of O(1) products: round-off is ~1e-15.
        EXPECT_NEAR(tau.dot(v), F.dot(V_FM), 1e-13);
      }

      // q(t) = q + t·q̇ and v(t) = v + t·v̇; central differences with
      // h = 1e-5 have truncation error ~h²·|third derivative| ≈ 1e-10 and
      // round-off ~1e-16/h ≈ 1e-11, so 1e-8 is a safe bound.
      const double h = 1e-5;
      const Eigen::VectorXd qdot = QDot<Math>(c, q, v);
      Matrix3<double> Rp, Rm, R;
      Vector3<double> pp, pm, p;
      const Eigen::VectorXd qp = q + h * qdot, qm = q - h * qdot;
      Math::CalcX_FM(c, qp.data(), &Rp, &pp);
      Math::CalcX_FM(c, qm.data(), &Rm, &pm);
      Math::CalcX_FM(c, q.data(), &R, &p);
      // Ṙ·Rᵀ = [w_FM] and ṗ = v_FMo.
      const Matrix3<double> W = (Rp - Rm) / (2 * h) * R.transpose();
      const Vector3<double> w_fd(W(2, 1), W(0, 2), W(1, 0));
      EXPECT_TRUE(w_fd.isApprox(V_FM.head<3>(), 1e-8) ||
                  (w_fd - V_FM.head<3>()).norm() < 1e-8)
          << MobilizerKindName(Math::kKind) << "\n"
          << w_fd.transpose() << "\n"
          << V_FM.head<3>().transpose();
      EXPECT_LT((W + W.transpose()).norm(), 1e-8);
      EXPECT_LT(((pp - pm) / (2 * h) - V_FM.tail<3>()).norm(), 1e-8)
          << MobilizerKindName(Math::kKind);

      // A_FM = H·v̇ + Ḣ·v vs d/dt V_FM(q(t), v(t)).
      if constexpr (nv > 0) {
        const Eigen::VectorXd vp = v + h * vdot, vm = v - h * vdot;
        const Vector6<double> A_fd = (SpatialVelocity<Math>(c, qp, vp) -
                                      SpatialVelocity<Math>(c, qm, vm)) /
                                     (2 * h);
        const Vector6<double> A_FM =
            H * vdot + Math::CalcHdotTimesV(c, q.data(), v.data());
        EXPECT_LT((A_fd - A_FM).norm(), 1e-8) << MobilizerKindName(Math::kKind);

        // N⁺·N = I on v (exact up to round-off).
        Eigen::Matrix<double, nv, nq> Np;
        Math::CalcNplus(c, q.data(), &Np);
        Eigen::Matrix<double, nq, nv> N;
        Math::CalcN(c, q.data(), &N);
        EXPECT_TRUE(
            (Np * N).isApprox(Eigen::Matrix<double, nv, nv>::Identity(), 1e-12))
            << MobilizerKindName(Math::kKind);
      }
    }
    // The zero configuration is X_FM = I.
    Eigen::VectorXd q0(nq);
    Math::SetZeroPosition(q0.data());
    Matrix3<double> R0;
    Vector3<double> p0;
    MobilizerConstants c;
    c.screw_pitch = 0.5;
    Math::CalcX_FM(c, q0.data(), &R0, &p0);
    EXPECT_TRUE(R0.isIdentity(1e-15));
    EXPECT_TRUE(p0.isZero(1e-15));
  });
}

// The hinge matrix also satisfies the power identity once re-expressed in
// the body frame by the kernels: for a massless body on a mobilizer of each
// kind, with random X_PF and X_BM, inverse dynamics of an applied spatial
// force F gives tau = −J_WBᵀ·F, so −tau·v = F·V_WB_W.
TEST_P(MobilizerKindTest, BodyFramePowerIdentity) {
  std::mt19937 gen(7 + static_cast<int>(GetParam()));
  CompiledTree tree;
  MobilizerConstants c;
  c.axis = test::RandomVector(&gen, 1).normalized();
  c.screw_pitch = 0.4;
  tree.AddMobod(MobodIndex(0), MobilizerKind::kRevolute, c);
  tree.AddMobod(MobodIndex(1), GetParam(), c);
  TreeParameters<double> params(tree);
  for (int i = 1; i < 3; ++i) {
    params.mobods[i].X_PF = test::RandomPose(&gen, 0.5);
    params.mobods[i].X_BM = test::RandomPose(&gen, 0.5);
  }
  TreeWorkspace<double> ws(tree);
  Eigen::VectorXd q, v;
  test::RandomState(tree, &gen, &q, &v);
  CalcPositionKinematics<double>(tree, params, q, &ws);
  CalcVelocityKinematics<double>(tree, params, q, v, &ws);
  std::vector<Vector6<double>> F(3, Vector6<double>::Zero());
  F[2] = Vector6<double>::Random();
  Eigen::VectorXd tau(tree.num_velocities());
  CalcInverseDynamics<double>(tree, params, Eigen::VectorXd::Zero(v.size()),
                              Vector3<double>::Zero(), Eigen::VectorXd(), F,
                              &ws, tau);
  const Vector6<double> V_WB_W = GetSpatialVelocityInWorld(ws, 2);
  EXPECT_NEAR(-tau.dot(v), F[2].dot(V_WB_W), 1e-12);
}

INSTANTIATE_TEST_SUITE_P(AllKinds, MobilizerKindTest,
                         ::testing::ValuesIn(kAllKinds), [](const auto& info) {
                           return std::string(MobilizerKindName(info.param));
                         });

// A reversed kind is its forward kind seen from M: X_F'M'(q) = X_FM(q)⁻¹, and
// V_F'M' = −V_FM shifted to Fo and re-expressed in M, for the same q and v.
template <typename Forward, MobilizerKind kReversed>
void CheckReversedAgainstForward(std::mt19937* gen) {
  using Reversed = ReversedMobilizerMath<Forward, kReversed>;
  constexpr int nv = Forward::kNv;
  for (int trial = 0; trial < 5; ++trial) {
    MobilizerConstants c;
    Eigen::VectorXd q, v, vdot;
    RandomMobilizerState<Forward>(gen, &c, &q, &v, &vdot);
    if (Forward::kKind == MobilizerKind::kQuaternionFloating) {
      q.head<4>() *= 1.3 / q.head<4>().norm();
    }
    Matrix3<double> R, Rr;
    Vector3<double> p, pr;
    Forward::CalcX_FM(c, q.data(), &R, &p);
    Reversed::CalcX_FM(c, q.data(), &Rr, &pr);
    // Products of O(1) entries: round-off ~1e-15.
    EXPECT_TRUE((R * Rr).isIdentity(1e-14));
    EXPECT_LT((R * pr + p).norm(), 1e-14);
    Eigen::Matrix<double, 6, nv> H, Hr;
    Forward::CalcH_FM(c, q.data(), &H);
    Reversed::CalcH_FM(c, q.data(), &Hr);
    const Vector6<double> V = H * v, Vr = Hr * v;
    // w_MF = −w_FM; the velocity of Fo in M is −(v_FMo + p_FoMo × w_FM), both
    // re-expressed in M by Rᵀ.
    EXPECT_LT((R * Vr.head<3>() + V.head<3>()).norm(), 1e-14);
    EXPECT_LT(
        (R * Vr.tail<3>() + V.tail<3>() + p.cross(V.head<3>())).norm(),
        1e-14);
  }
}

TEST(MobilizerKinds, ReversedKindsInvertTheForwardKinds) {
  std::mt19937 gen(11);
  CheckReversedAgainstForward<UniversalMobilizerMath,
                              MobilizerKind::kReversedUniversal>(&gen);
  CheckReversedAgainstForward<PlanarMobilizerMath,
                              MobilizerKind::kReversedPlanar>(&gen);
  CheckReversedAgainstForward<RpyBallMobilizerMath,
                              MobilizerKind::kReversedRpyBall>(&gen);
  CheckReversedAgainstForward<RpyFloatingMobilizerMath,
                              MobilizerKind::kReversedRpyFloating>(&gen);
  CheckReversedAgainstForward<QuaternionFloatingMobilizerMath,
                              MobilizerKind::kReversedQuaternionFloating>(&gen);
  EXPECT_EQ(ReversedMobilizerKind(MobilizerKind::kRpyBall),
            MobilizerKind::kReversedRpyBall);
  EXPECT_EQ(ReversedMobilizerKind(MobilizerKind::kRevolute),
            MobilizerKind::kRevolute);
}

TEST(MobilizerKinds, SizesAndNames) {
  EXPECT_EQ(MobilizerKindNumPositions(
                MobilizerKind::kReversedQuaternionFloating), 7);
  EXPECT_EQ(MobilizerKindNumVelocities(MobilizerKind::kReversedPlanar), 3);
  EXPECT_EQ(MobilizerKindNumPositions(MobilizerKind::kQuaternionFloating), 7);
  EXPECT_EQ(MobilizerKindNumVelocities(MobilizerKind::kQuaternionFloating), 6);
  EXPECT_EQ(MobilizerKindNumPositions(MobilizerKind::kUniversal), 2);
  EXPECT_EQ(MobilizerKindNumVelocities(MobilizerKind::kWeld), 0);
  EXPECT_STREQ(MobilizerKindName(MobilizerKind::kRpyBall), "rpy_ball");
}

// The forward kind a kind's math reverses, or the kind itself if it is a
// forward kind.
MobilizerKind ForwardKindOf(MobilizerKind kind) {
  return VisitMobilizerKind(kind, [](auto m) {
    using Math = decltype(m);
    if constexpr (requires { typename Math::ForwardMath; }) {
      return Math::ForwardMath::kKind;
    } else {
      return Math::kKind;
    }
  });
}

// Every kind is in every table of the tree layer (the parser's table is
// checked in parsing/test/model_spec_test.cc): a unique name, a math struct
// whose kKind is the kind, sizes that agree with that struct, a reversed
// counterpart that maps back to it, and a joint class that reports it. A kind
// added to MobilizerKind and kAllMobilizerKinds but missed in one of these
// fails here.
TEST(MobilizerKinds, EveryKindIsInEveryTable) {
  std::set<std::string> names;
  for (const MobilizerKind kind : kAllMobilizerKinds) {
    SCOPED_TRACE(static_cast<int>(kind));
    const std::string name = MobilizerKindName(kind);
    EXPECT_NE(name, "unknown");
    EXPECT_TRUE(names.insert(name).second) << name << " named twice";
    const MobilizerKind dispatched =
        VisitMobilizerKind(kind, [](auto m) { return decltype(m)::kKind; });
    EXPECT_EQ(dispatched, kind) << name;
    const auto [nq, nv] = VisitMobilizerKind(kind, [](auto m) {
      return std::pair<int, int>(decltype(m)::kNq, decltype(m)::kNv);
    });
    EXPECT_EQ(MobilizerKindNumPositions(kind), nq) << name;
    EXPECT_EQ(MobilizerKindNumVelocities(kind), nv) << name;
    const MobilizerKind forward = ForwardKindOf(kind);
    if (forward != kind) {
      // A kReversed* kind: its forward kind reverses to it, and it has the
      // forward kind's sizes.
      EXPECT_EQ(ReversedMobilizerKind(forward), kind) << name;
      EXPECT_EQ(MobilizerKindNumPositions(forward), nq) << name;
      EXPECT_EQ(MobilizerKindNumVelocities(forward), nv) << name;
    } else {
      // A forward kind reverses to itself (weld and the axis kinds) or to a
      // kReversed* kind whose math reverses this one.
      EXPECT_EQ(ForwardKindOf(ReversedMobilizerKind(kind)), kind) << name;
    }
  }

  // The model with one joint of every class (dynamics_test_models.h): each
  // forward kind is reported by a joint class with the kind's sizes.
  MultibodyTreeSystem<double> system;
  ::ossa::multibody::test::BuildEveryJointKindModel(&system);
  const MultibodyTree<double>& tree = system.tree();
  std::set<MobilizerKind> reported;
  for (const JointIndex j : tree.GetJointIndices()) {
    const Joint<double>& joint = tree.get_joint(j);
    const MobilizerKind kind = joint.kind();
    EXPECT_EQ(ForwardKindOf(kind), kind) << joint.name();
    EXPECT_EQ(joint.num_positions(), MobilizerKindNumPositions(kind))
        << joint.name();
    EXPECT_EQ(joint.num_velocities(), MobilizerKindNumVelocities(kind))
        << joint.name();
    reported.insert(kind);
  }
  for (const MobilizerKind kind : kAllMobilizerKinds) {
    if (ForwardKindOf(kind) != kind) continue;
    EXPECT_TRUE(reported.contains(kind))
        << "no joint class of BuildEveryJointKindModel() reports "
        << MobilizerKindName(kind);
  }
}

}  // namespace
}  // namespace ossa::multibody::internal
