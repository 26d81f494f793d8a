#include "ossa/multibody/tree/multibody_tree_topology.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <numeric>

#include "ossa/common/error.h"

namespace ossa::multibody::internal {

namespace {

// A node of the forest while it grows (breadth first).
struct GrowNode {
  int body;
  int parent_node;  // -1 for the world
  int joint;        // -1 for the world
  bool reversed;
  int level;
  std::vector<int> children;  // node indices, in the order found
};

[[noreturn]] void ThrowLoop(const std::vector<TopologyBody>& bodies,
                            const std::vector<TopologyJoint>& joints,
                            const std::vector<GrowNode>& nodes,
                            const std::vector<int>& node_of_body, int node_a,
                            int body_b, int closing_joint) {
  // Path from each end up to the root; the loop goes a → lca → b → a.
  auto path_to_root = [&](int node) {
    std::vector<int> path;
    for (int k = node; k >= 0; k = nodes[k].parent_node) path.push_back(k);
    return path;
  };
  const std::vector<int> path_a = path_to_root(node_a);
  const std::vector<int> path_b = path_to_root(node_of_body[body_b]);
  int lca = 0;
  size_t ib = 0;
  for (; ib < path_b.size(); ++ib) {
    if (std::find(path_a.begin(), path_a.end(), path_b[ib]) != path_a.end()) {
      lca = path_b[ib];
      break;
    }
  }
  std::vector<std::string> loop_bodies;
  std::vector<std::string> loop_joints;
  for (int k : path_a) {
    loop_bodies.push_back(fmt::format("'{}'", bodies[nodes[k].body].name));
    if (k == lca) break;
    loop_joints.push_back(fmt::format("'{}'", joints[nodes[k].joint].name));
  }
  for (int i = static_cast<int>(ib) - 1; i >= 0; --i) {
    const int k = path_b[i];
    loop_bodies.push_back(fmt::format("'{}'", bodies[nodes[k].body].name));
    loop_joints.push_back(fmt::format("'{}'", joints[nodes[k].joint].name));
  }
  loop_joints.push_back(fmt::format("'{}'", joints[closing_joint].name));
  ThrowLogicError(
      "Finalize(): the joints of this model form a closed loop through the "
      "bodies {} (joints {}). A tree cannot model a kinematic loop: remove "
      "one of these joints and model it as a constraint instead.",
      fmt::join(loop_bodies, ", "), fmt::join(loop_joints, ", "));
}

}  // namespace

void MultibodyTreeTopology::Build(const std::vector<TopologyBody>& bodies,
                                  std::vector<TopologyJoint>* joints_ptr,
                                  const AddFloatingJoint& add_floating_joint) {
  OSSA_DEMAND(joints_ptr != nullptr);
  OSSA_DEMAND(!bodies.empty());
  std::vector<TopologyJoint>& joints = *joints_ptr;
  const int num_bodies = static_cast<int>(bodies.size());

  // Joints incident to each body, in JointIndex order; parent-joint counts.
  std::vector<std::vector<int>> incident(num_bodies);
  std::vector<int> parent_count(num_bodies, 0);
  std::vector<int> child_count(num_bodies, 0);
  for (int j = 0; j < static_cast<int>(joints.size()); ++j) {
    if (joints[j].removed) continue;
    incident[joints[j].parent_body].push_back(j);
    incident[joints[j].child_body].push_back(j);
    ++parent_count[joints[j].parent_body];
    ++child_count[joints[j].child_body];
  }

  std::vector<GrowNode> nodes;
  std::vector<int> node_of_body(num_bodies, -1);
  nodes.push_back(GrowNode{0, -1, -1, false, 0, {}});
  node_of_body[0] = 0;

  auto add_node = [&](int body, int parent_node, int joint, bool reversed) {
    const int k = static_cast<int>(nodes.size());
    nodes.push_back(GrowNode{
        body, parent_node, joint, reversed, nodes[parent_node].level + 1, {}});
    nodes[parent_node].children.push_back(k);
    node_of_body[body] = k;
  };

  // Candidate base bodies, best first: roots of their directed trees (no
  // joint's child) first, so that a URDF's root link floats; then the parent
  // of the most joints; then the lowest BodyIndex. The keys do not change
  // as the forest grows, so the next base is the first candidate not yet in
  // the forest, found by one pass over this order.
  std::vector<int> base_order(std::max(num_bodies - 1, 0));
  std::iota(base_order.begin(), base_order.end(), 1);
  std::sort(base_order.begin(), base_order.end(), [&](int a, int b) {
    const bool a_is_root = child_count[a] == 0;
    const bool b_is_root = child_count[b] == 0;
    if (a_is_root != b_is_root) return a_is_root;
    if (parent_count[a] != parent_count[b]) {
      return parent_count[a] > parent_count[b];
    }
    return a < b;
  });
  size_t next_base = 0;

  size_t next_to_expand = 0;
  while (true) {
    for (; next_to_expand < nodes.size(); ++next_to_expand) {
      const int k = static_cast<int>(next_to_expand);
      const int body = nodes[k].body;
      for (int j : incident[body]) {
        if (j == nodes[k].joint) continue;
        const TopologyJoint& joint = joints[j];
        const bool body_is_parent = joint.parent_body == body;
        const int other =
            body_is_parent ? int{joint.child_body} : int{joint.parent_body};
        if (node_of_body[other] >= 0) {
          ThrowLoop(bodies, joints, nodes, node_of_body, k, other, j);
        }
        add_node(other, k, j, /* reversed = */ !body_is_parent);
      }
    }
    // The next base body: the best candidate not yet in the forest.
    while (next_base < base_order.size() &&
           node_of_body[base_order[next_base]] >= 0) {
      ++next_base;
    }
    if (next_base == base_order.size()) break;
    const int base = base_order[next_base];
    const JointIndex new_index(static_cast<int64_t>(joints.size()));
    TopologyJoint floating = add_floating_joint(BodyIndex(base), new_index);
    OSSA_DEMAND(floating.parent_body == world_index());
    OSSA_DEMAND(int{floating.child_body} == base);
    joints.push_back(std::move(floating));
    incident[0].push_back(new_index);
    incident[base].push_back(new_index);
    add_node(base, 0, new_index, false);
  }

  // Number the mobods depth first, children in the order found.
  mobods_.clear();
  body_to_mobod_.assign(num_bodies, MobodIndex());
  joint_to_mobod_.assign(joints.size(), MobodIndex());
  std::vector<int> mobod_of_node(nodes.size(), -1);
  std::vector<int> stack{0};
  num_positions_ = 0;
  num_velocities_ = 0;
  tree_height_ = 1;
  while (!stack.empty()) {
    const int k = stack.back();
    stack.pop_back();
    const GrowNode& node = nodes[k];
    const MobodIndex m(static_cast<int64_t>(mobods_.size()));
    mobod_of_node[k] = m;
    TopologyMobod mobod;
    mobod.body = BodyIndex(node.body);
    mobod.level = node.level;
    mobod.reversed = node.reversed;
    if (node.parent_node >= 0) {
      mobod.inboard_mobod = MobodIndex(mobod_of_node[node.parent_node]);
      mobod.joint = JointIndex(node.joint);
      mobod.num_positions = joints[node.joint].num_positions;
      mobod.num_velocities = joints[node.joint].num_velocities;
      mobods_[mobod.inboard_mobod].outboard_mobods.push_back(m);
      joint_to_mobod_[node.joint] = m;
    }
    mobod.q_start = num_positions_;
    mobod.v_start = num_velocities_;
    num_positions_ += mobod.num_positions;
    num_velocities_ += mobod.num_velocities;
    tree_height_ = std::max(tree_height_, node.level + 1);
    body_to_mobod_[node.body] = m;
    mobods_.push_back(std::move(mobod));
    for (auto it = node.children.rbegin(); it != node.children.rend(); ++it)
      stack.push_back(*it);
  }

  // Welded groups: union-find over the weld joints.
  std::vector<int> root(num_bodies);
  std::iota(root.begin(), root.end(), 0);
  auto find = [&](int b) {
    while (root[b] != b) b = root[b] = root[root[b]];
    return b;
  };
  for (const TopologyJoint& joint : joints) {
    if (!joint.is_weld) continue;
    const int a = find(joint.parent_body), b = find(joint.child_body);
    if (a != b) root[std::max(a, b)] = std::min(a, b);
  }
  welded_groups_.clear();
  welded_group_of_body_.assign(num_bodies, -1);
  std::vector<int> group_of_root(num_bodies, -1);
  for (int b = 0; b < num_bodies; ++b) {
    const int r = find(b);
    if (group_of_root[r] < 0) {
      group_of_root[r] = static_cast<int>(welded_groups_.size());
      welded_groups_.emplace_back();
    }
    welded_group_of_body_[b] = group_of_root[r];
    welded_groups_[group_of_root[r]].push_back(BodyIndex(b));
  }
  valid_ = true;
}

}  // namespace ossa::multibody::internal
