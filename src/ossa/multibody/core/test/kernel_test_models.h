#pragma once

/// @file
/// Models built in code for the kernel tests and benchmarks: random trees
/// with every mobilizer kind, serial revolute chains, a branched floating
/// base tree, and random states. Header-only, test/benchmark use only.

#include <random>
#include <vector>

#include "ossa/multibody/core/compiled_tree.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/core/tree_parameters_cast.h"

namespace ossa::multibody::internal::test {

struct TestModel {
  CompiledTree tree;
  TreeParameters<double> params;
};

inline Eigen::Matrix3d RandomRotation(std::mt19937* gen) {
  std::normal_distribution<double> n(0, 1);
  Eigen::Quaterniond q(n(*gen), n(*gen), n(*gen), n(*gen));
  q.normalize();
  return q.toRotationMatrix();
}

inline Eigen::Vector3d RandomVector(std::mt19937* gen, double scale) {
  std::uniform_real_distribution<double> u(-scale, scale);
  return Eigen::Vector3d(u(*gen), u(*gen), u(*gen));
}

/// A physically valid random body: mass in [0.5, 2] kg, com within 0.2 m of
/// Bo, central inertia of a random solid ellipsoid (so the triangle
/// inequalities hold), shifted to Bo.
inline void RandomizeBody(std::mt19937* gen, MobodParameters<double>* p) {
  std::uniform_real_distribution<double> um(0.5, 2.0), ua(0.1, 0.5);
  p->mass = um(*gen);
  p->p_BoBcm_B = RandomVector(gen, 0.2);
  const double a = ua(*gen), b = ua(*gen), c = ua(*gen);
  const Eigen::Vector3d moments((b * b + c * c) / 5, (a * a + c * c) / 5,
                                (a * a + b * b) / 5);
  const Eigen::Matrix3d R = RandomRotation(gen);
  const Eigen::Vector3d& r = p->p_BoBcm_B;
  p->G_BBo_B =
      R * moments.asDiagonal() * R.transpose() +
      (r.squaredNorm() * Eigen::Matrix3d::Identity() - r * r.transpose());
}

inline Pose<double> RandomPose(std::mt19937* gen, double scale) {
  Pose<double> X;
  X.R = RandomRotation(gen);
  X.p = RandomVector(gen, scale);
  return X;
}

/// A random tree of `num_bodies` mobods whose kinds cycle through every
/// mobilizer kind (floating ones included, also away from the root), with
/// random parents (several branches), axes, inertias and frame poses.
/// With `single_root`, every mobod descends from mobod 1; otherwise mobods
/// 2-4 may also hang from the world.
inline TestModel MakeRandomTree(int num_bodies, unsigned seed,
                                double reflected = 0.0,
                                bool single_root = false) {
  std::mt19937 gen(seed);
  TestModel m;
  const MobilizerKind kinds[] = {MobilizerKind::kQuaternionFloating,
                                 MobilizerKind::kRevolute,
                                 MobilizerKind::kPrismatic,
                                 MobilizerKind::kUniversal,
                                 MobilizerKind::kScrew,
                                 MobilizerKind::kRpyBall,
                                 MobilizerKind::kPlanar,
                                 MobilizerKind::kWeld,
                                 MobilizerKind::kRpyFloating,
                                 MobilizerKind::kRevolute};
  for (int i = 1; i <= num_bodies; ++i) {
    std::uniform_int_distribution<int> up(std::max(single_root ? 1 : 0, i - 4),
                                          i - 1);
    const int parent = i == 1 ? 0 : up(gen);
    MobilizerConstants c;
    c.axis = RandomVector(&gen, 1.0).normalized();
    c.screw_pitch = 0.3;
    m.tree.AddMobod(MobodIndex(parent), kinds[(i - 1) % 10], c);
  }
  m.params = TreeParameters<double>(m.tree);
  for (int i = 1; i <= num_bodies; ++i) {
    RandomizeBody(&gen, &m.params.mobods[i]);
    m.params.mobods[i].X_PF = RandomPose(&gen, 0.5);
    m.params.mobods[i].X_BM = RandomPose(&gen, 0.3);
  }
  std::uniform_real_distribution<double> ur(0, 1);
  for (int k = 0; k < m.tree.num_velocities(); ++k) {
    m.params.reflected_inertia[k] = reflected * ur(gen);
    m.params.damping[k] = ur(gen);
  }
  return m;
}

/// A serial chain of `n` revolute links: joint axes cycle z, y, x, each link
/// 0.3 m long along its x axis with com at its middle, X_BM = identity.
inline TestModel MakeRevoluteChain(int n) {
  TestModel m;
  const Eigen::Vector3d axes[] = {Eigen::Vector3d::UnitZ(),
                                  Eigen::Vector3d::UnitY(),
                                  Eigen::Vector3d::UnitX()};
  for (int i = 1; i <= n; ++i) {
    MobilizerConstants c;
    c.axis = axes[(i - 1) % 3];
    m.tree.AddMobod(MobodIndex(i - 1), MobilizerKind::kRevolute, c);
  }
  m.params = TreeParameters<double>(m.tree);
  for (int i = 1; i <= n; ++i) {
    MobodParameters<double>& p = m.params.mobods[i];
    p.mass = 1.0;
    p.p_BoBcm_B = Eigen::Vector3d(0.15, 0, 0);
    // Thin rod about its com plus a small thickness, shifted to Bo.
    const Eigen::Vector3d moments(1e-3, 0.0075 + 1e-3, 0.0075 + 1e-3);
    const Eigen::Vector3d& r = p.p_BoBcm_B;
    p.G_BBo_B =
        Eigen::Matrix3d(moments.asDiagonal()) +
        (r.squaredNorm() * Eigen::Matrix3d::Identity() - r * r.transpose());
    if (i > 1) p.X_PF.p = Eigen::Vector3d(0.3, 0, 0);
  }
  return m;
}

/// A quaternion floating base with four limbs of six revolute links each
/// (30 velocities), like a legged robot with arms.
inline TestModel MakeBranchedFloatingTree() {
  TestModel m;
  std::mt19937 gen(7);
  const MobodIndex base =
      m.tree.AddMobod(MobodIndex(0), MobilizerKind::kQuaternionFloating);
  const Eigen::Vector3d axes[] = {Eigen::Vector3d::UnitZ(),
                                  Eigen::Vector3d::UnitX(),
                                  Eigen::Vector3d::UnitY()};
  std::vector<Eigen::Vector3d> limb_origin;
  for (int limb = 0; limb < 4; ++limb) {
    MobodIndex parent = base;
    for (int k = 0; k < 6; ++k) {
      MobilizerConstants c;
      c.axis = axes[k % 3];
      parent = m.tree.AddMobod(parent, MobilizerKind::kRevolute, c);
      limb_origin.push_back(k == 0 ? Eigen::Vector3d(limb < 2 ? 0.2 : -0.2,
                                                     limb % 2 ? 0.1 : -0.1, 0)
                                   : Eigen::Vector3d(0, 0, -0.15));
    }
  }
  m.params = TreeParameters<double>(m.tree);
  for (int i = 1; i < m.tree.num_mobods(); ++i) {
    RandomizeBody(&gen, &m.params.mobods[i]);
    if (i > 1) m.params.mobods[i].X_PF.p = limb_origin[i - 2];
  }
  return m;
}

/// Random q (unit quaternions, pitch of rpy kinds away from gimbal lock) and
/// v in [−1, 1].
inline void RandomState(const CompiledTree& tree, std::mt19937* gen,
                        Eigen::VectorXd* q, Eigen::VectorXd* v) {
  std::uniform_real_distribution<double> u(-1, 1);
  q->resize(tree.num_positions());
  v->resize(tree.num_velocities());
  for (int i = 0; i < q->size(); ++i) (*q)[i] = u(*gen);
  for (int i = 0; i < v->size(); ++i) (*v)[i] = u(*gen);
  for (int i = 1; i < tree.num_mobods(); ++i) {
    const MobodInfo& b = tree.mobod(i);
    if (b.kind == MobilizerKind::kQuaternionFloating) {
      q->segment<4>(b.q_start).normalize();
    }
  }
}

/// The parameters cast to another scalar.
template <typename T>
TreeParameters<T> CastParameters(const TreeParameters<double>& p) {
  return CastTreeParameters<T>(p);
}

}  // namespace ossa::multibody::internal::test
