// A small benchmark-only adapter: the plant-free Parser's ModelSpec of a URDF
// file turned into the kernels' CompiledTree and TreeParameters<double>, the
// way the plant's Finalize compiles a model (one mobod per link, fixed joints
// as weld mobods, frames X_PF = joint X_PF and X_BM = joint X_CM). The root
// link gets a quaternion floating mobod from the world for floating-base
// models and a weld otherwise (as Pinocchio's fixed-base buildModel and
// Drake's WeldFrames do). To be replaced by Parser(&plant).AddModels(file)
// and plant.internal_tree().compiled_tree() once the plant parses URDF.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/core/compiled_tree.h"

namespace ossa_bench {

struct UrdfTree {
  ossa::multibody::internal::CompiledTree tree;
  ossa::multibody::internal::TreeParameters<double> params;
  std::map<std::string, int> mobod_of_link;
};

inline UrdfTree LoadUrdfTree(const std::string& path, bool floating) {
  namespace mb = ossa::multibody::internal;
  ossa::multibody::Parser parser;
  std::vector<mb::ModelSpec> specs = parser.ParseModelSpecs(path);
  if (specs.size() != 1) throw std::runtime_error("expected one model");
  const mb::ModelSpec& m = specs[0];
  // Children of each link, in document order of the joints.
  std::map<std::string, std::vector<const mb::JointSpec*>> children;
  std::map<std::string, bool> is_child;
  for (const mb::JointSpec& j : m.joints) {
    children[j.parent].push_back(&j);
    is_child[j.child] = true;
  }
  UrdfTree out;
  std::vector<const mb::LinkSpec*> link_of_mobod{nullptr};
  std::vector<const mb::JointSpec*> joint_of_mobod{nullptr};
  out.mobod_of_link[mb::kWorldName] = 0;
  // Breadth-first from the roots, so that a parent precedes its children.
  std::vector<std::string> queue;
  for (const mb::LinkSpec& l : m.links) {
    if (l.name == mb::kWorldName || is_child[l.name]) continue;
    mb::MobilizerKind kind = floating ? mb::MobilizerKind::kQuaternionFloating
                                      : mb::MobilizerKind::kWeld;
    const int i = out.tree.AddMobod(mb::MobodIndex(0), kind);
    out.mobod_of_link[l.name] = i;
    link_of_mobod.push_back(&l);
    joint_of_mobod.push_back(nullptr);
    queue.push_back(l.name);
  }
  queue.push_back(mb::kWorldName);
  for (size_t head = 0; head < queue.size(); ++head) {
    const std::string parent = queue[head];
    for (const mb::JointSpec* j : children[parent]) {
      mb::MobilizerKind kind;
      mb::MobilizerConstants c;
      c.axis = j->axis;
      switch (j->type) {
        case mb::JointType::kRevolute:
        case mb::JointType::kContinuous:
          kind = mb::MobilizerKind::kRevolute;
          break;
        case mb::JointType::kPrismatic:
          kind = mb::MobilizerKind::kPrismatic;
          break;
        case mb::JointType::kFixed:
          kind = mb::MobilizerKind::kWeld;
          break;
        case mb::JointType::kFloating:
          kind = mb::MobilizerKind::kQuaternionFloating;
          break;
        default:
          throw std::runtime_error("joint type not handled: " + j->name);
      }
      const int i = out.tree.AddMobod(
          mb::MobodIndex(out.mobod_of_link.at(parent)), kind, c);
      out.mobod_of_link[j->child] = i;
      link_of_mobod.push_back(m.FindLink(j->child));
      joint_of_mobod.push_back(j);
      queue.push_back(j->child);
    }
  }
  out.params = mb::TreeParameters<double>(out.tree);
  for (int i = 1; i < out.tree.num_mobods(); ++i) {
    mb::MobodParameters<double>& p = out.params.mobods[i];
    const mb::LinkSpec* l = link_of_mobod[i];
    if (l != nullptr && l->inertial.mass > 0) {
      p.mass = l->inertial.mass;
      const Eigen::Vector3d r = l->inertial.p_BoBcm_B();
      p.p_BoBcm_B = r;
      // Unit inertia about Bo: (I_Bcm + m·(|r|²·1 − r·rᵀ)) / m.
      p.G_BBo_B = l->inertial.I_BBcm_B() / p.mass +
                  (r.squaredNorm() * Eigen::Matrix3d::Identity() -
                   r * r.transpose());
    }
    if (const mb::JointSpec* j = joint_of_mobod[i]) {
      p.X_PF.R = j->X_PF.rotation().matrix();
      p.X_PF.p = j->X_PF.translation();
      p.X_BM.R = j->X_CM.rotation().matrix();
      p.X_BM.p = j->X_CM.translation();
    }
  }
  return out;
}

}  // namespace ossa_bench
