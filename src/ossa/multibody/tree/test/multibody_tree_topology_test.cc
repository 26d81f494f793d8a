// Topology compiled at Finalize(): the spanning forest, reversed joints,
// floating bases added with the right names and model instances, levels,
// welded groups, loops, and the q/v layout (each tree's coordinates
// contiguous, numbered depth first; per-instance gather/scatter).
//
// The expected orderings follow the rules documented in
// multibody_tree_topology.h; they were also checked against the reference
// toolkit (pydrake) on the same models.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <numeric>

#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/quaternion_floating_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/rpy_floating_joint.h"
#include "ossa/common/test/expect_logic_error.h"

namespace ossa::multibody {
namespace multibody_tree_topology_test {

using internal::MultibodyTree;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

SpatialInertia<double> Sphere(double mass) {
  return SpatialInertia<double>::SolidSphereWithMass(mass, 0.1);
}

class Builder {
 public:
  explicit Builder(MultibodyTree<double>* tree) : tree_(tree) {}
  const RigidBody<double>& Body(
      const std::string& name,
      ModelInstanceIndex instance = default_model_instance()) {
    return tree_->AddRigidBody(name, instance, Sphere(1));
  }
  const Joint<double>& Revolute(const std::string& name,
                                const RigidBody<double>& parent,
                                const RigidBody<double>& child) {
    return tree_->AddJoint<RevoluteJoint>(name, parent, std::nullopt, child,
                                          std::nullopt,
                                          Vector3<double>::UnitZ());
  }
  const Joint<double>& Prismatic(const std::string& name,
                                 const RigidBody<double>& parent,
                                 const RigidBody<double>& child) {
    return tree_->AddJoint<PrismaticJoint>(name, parent, std::nullopt, child,
                                           std::nullopt,
                                           Vector3<double>::UnitX());
  }

 private:
  MultibodyTree<double>* tree_;
};

TEST(MultibodyTreeTopology, WorldOnly) {
  MultibodyTree<double> tree;
  tree.Finalize();
  EXPECT_EQ(tree.num_positions(), 0);
  EXPECT_EQ(tree.num_velocities(), 0);
  EXPECT_EQ(tree.tree_height(), 1);
  EXPECT_EQ(tree.num_mobods(), 1);
  EXPECT_EQ(tree.world_body().get_level(), 0);
  EXPECT_FALSE(tree.world_body().is_floating_base_body());
  EXPECT_LOGIC_ERROR(tree.GetInboardJoint(tree.world_body()),
                     "the world body has no inboard joint");
}

TEST(MultibodyTreeTopology, BranchedTreeIsNumberedDepthFirst) {
  MultibodyTree<double> tree;
  Builder b(&tree);
  const auto& x = b.Body("x");
  const auto& y1 = b.Body("y1");
  const auto& y2 = b.Body("y2");
  const auto& z = b.Body("z");
  const auto& w = b.Body("w");
  const auto& j0 = b.Revolute("j0", tree.world_body(), x);
  const auto& j1 = b.Revolute("j1", x, y1);
  const auto& jw = b.Revolute("jw", tree.world_body(), w);
  const auto& j2 = b.Prismatic("j2", x, y2);
  const auto& j3 = b.Revolute("j3", y1, z);
  tree.Finalize();
  // Depth first: x, y1, z, y2 (x's children in joint order), then w.
  EXPECT_EQ(j0.position_start(), 0);
  EXPECT_EQ(j1.position_start(), 1);
  EXPECT_EQ(j3.position_start(), 2);
  EXPECT_EQ(j2.position_start(), 3);
  EXPECT_EQ(jw.position_start(), 4);
  EXPECT_EQ(j2.velocity_start(), 3);
  EXPECT_THAT(tree.GetPositionNames(false),
              ElementsAre("j0_q", "j1_q", "j3_q", "j2_x", "jw_q"));
  EXPECT_THAT(
      tree.GetVelocityNames(),
      ElementsAre("DefaultModelInstance_j0_w", "DefaultModelInstance_j1_w",
                  "DefaultModelInstance_j3_w", "DefaultModelInstance_j2_v",
                  "DefaultModelInstance_jw_w"));
  EXPECT_EQ(tree.num_positions(), 5);
  EXPECT_EQ(tree.num_states(), 10);
  // Levels and height: world 0; x, w 1; y1, y2 2; z 3.
  EXPECT_EQ(x.get_level(), 1);
  EXPECT_EQ(w.get_level(), 1);
  EXPECT_EQ(y1.get_level(), 2);
  EXPECT_EQ(y2.get_level(), 2);
  EXPECT_EQ(z.get_level(), 3);
  EXPECT_EQ(tree.tree_height(), 4);
  EXPECT_EQ(tree.num_joints(), 5);  // no floating joint was needed
  EXPECT_TRUE(tree.GetFloatingBaseBodies().empty());
  for (const Joint<double>* j : {&j0, &j1, &j2, &j3, &jw})
    EXPECT_FALSE(j->is_reversed());
  EXPECT_EQ(&tree.GetInboardJoint(z), &j3);
  // The compiled mobods: parents come before children.
  const auto& topology = tree.get_topology();
  for (const auto& mobod : topology.mobods()) {
    if (!mobod.inboard_mobod.is_valid()) continue;
    EXPECT_LT(mobod.inboard_mobod, topology.body_to_mobod(mobod.body));
  }
}

TEST(MultibodyTreeTopology, ReversedJoints) {
  MultibodyTree<double> tree;
  Builder b(&tree);
  const auto& x = b.Body("x");
  const auto& y = b.Body("y");
  // Parent/child opposite to inboard/outboard.
  const auto& j0 = b.Revolute("j0", x, tree.world_body());
  const auto& j1 = b.Prismatic("j1", y, x);
  tree.Finalize();
  EXPECT_TRUE(j0.is_reversed());
  EXPECT_TRUE(j1.is_reversed());
  EXPECT_EQ(x.get_level(), 1);
  EXPECT_EQ(y.get_level(), 2);
  EXPECT_EQ(j0.position_start(), 0);
  EXPECT_EQ(j1.position_start(), 1);
  EXPECT_EQ(&tree.GetInboardJoint(y), &j1);
  // A joint belongs to its child frame's model instance: here the world's.
  EXPECT_EQ(j0.model_instance(), world_model_instance());
  EXPECT_EQ(tree.num_positions(world_model_instance()), 1);
  EXPECT_EQ(tree.num_positions(default_model_instance()), 1);
  EXPECT_TRUE(tree.GetFloatingBaseBodies().empty());
}

TEST(MultibodyTreeTopology, FloatingBasesAreAddedNamedAfterTheBody) {
  MultibodyTree<double> tree;
  Builder b(&tree);
  const ModelInstanceIndex robot = tree.AddModelInstance("robot");
  const auto& e1 = b.Body("e1");
  const auto& e2 = b.Body("e2");
  const auto& f = b.Body("f");
  const auto& c1 = b.Body("c1", robot);
  const auto& c2 = b.Body("c2", robot);
  const auto& c3 = b.Body("c3", robot);
  tree.WeldFrames(tree.world_frame(), e1.body_frame());
  // A user joint already named "f": the floating joint becomes "_f".
  b.Revolute("f", e1, e2);
  // A free tree: c2 is the parent in two joints, so it is its base body.
  const auto& k0 = b.Revolute("k0", c2, c1);
  const auto& k1 = b.Revolute("k1", c2, c3);
  tree.Finalize();
  ASSERT_EQ(tree.num_joints(), 6);
  // Base bodies are chosen by "parent of the most joints": c2 (2) before f
  // (0); floating joints are appended in that order.
  const Joint<double>& float_c2 = tree.get_joint(JointIndex(4));
  const Joint<double>& float_f = tree.get_joint(JointIndex(5));
  EXPECT_EQ(float_c2.name(), "c2");
  EXPECT_EQ(float_c2.type_name(), "quaternion_floating");
  EXPECT_EQ(float_c2.model_instance(), robot);
  EXPECT_EQ(&float_c2.parent_body(), &tree.world_body());
  EXPECT_EQ(&float_c2.child_body(), &c2);
  EXPECT_EQ(float_f.name(), "_f");
  EXPECT_EQ(float_f.model_instance(), default_model_instance());
  EXPECT_EQ(&tree.GetJointByName<QuaternionFloatingJoint>("c2"), &float_c2);
  EXPECT_TRUE(c2.is_floating_base_body());
  EXPECT_TRUE(c2.has_quaternion_dofs());
  EXPECT_TRUE(f.is_floating_base_body());
  EXPECT_FALSE(c1.is_floating_base_body());
  EXPECT_FALSE(e1.is_floating_base_body());
  EXPECT_THAT(tree.GetFloatingBaseBodies(),
              UnorderedElementsAre(c2.index(), f.index()));
  // q: [f(e1→e2), c2 floating (7), k0, k1, _f floating (7)].
  EXPECT_THAT(tree.GetPositionNames(false),
              ElementsAre("f_q", "c2_qw", "c2_qx", "c2_qy", "c2_qz", "c2_x",
                          "c2_y", "c2_z", "k0_q", "k1_q", "_f_qw", "_f_qx",
                          "_f_qy", "_f_qz", "_f_x", "_f_y", "_f_z"));
  EXPECT_EQ(c2.floating_positions_start(), 1);
  EXPECT_EQ(c2.floating_velocities_start_in_v(), 1);
  EXPECT_EQ(f.floating_positions_start(), 10);
  EXPECT_EQ(f.floating_velocities_start_in_v(), 9);
  EXPECT_EQ(k0.velocity_start(), 7);
  EXPECT_EQ(k1.velocity_start(), 8);
  EXPECT_EQ(tree.num_positions(), 17);
  EXPECT_EQ(tree.num_velocities(), 15);
  EXPECT_EQ(tree.num_positions(robot), 9);
  EXPECT_EQ(tree.num_velocities(robot), 8);
  EXPECT_EQ(c1.get_level(), 2);
  EXPECT_LOGIC_ERROR(c1.floating_positions_start(),
                     "body 'c1' is not a floating base body");
  // The default q puts the identity quaternion in each floating joint.
  const VectorX<double> q0 = tree.GetDefaultPositions();
  EXPECT_EQ(q0[1], 1.0);
  EXPECT_EQ(q0[10], 1.0);
  EXPECT_EQ(q0.sum(), 2.0);
}

TEST(MultibodyTreeTopology, UserFloatingJointsAreNotFloatingBases) {
  MultibodyTree<double> tree;
  Builder b(&tree);
  const auto& a = b.Body("a");
  const auto& c = b.Body("c");
  tree.AddJoint<RpyFloatingJoint>("free", tree.world_body(), std::nullopt, a,
                                  std::nullopt);
  tree.AddJoint<QuaternionFloatingJoint>("q", a, std::nullopt, c, std::nullopt);
  tree.Finalize();
  EXPECT_EQ(tree.num_joints(), 2);
  // As the reference: only the floating joints Finalize() adds (ephemeral
  // joints) make floating base bodies.
  EXPECT_FALSE(tree.GetJointByName("free").is_ephemeral());
  EXPECT_FALSE(a.is_floating_base_body());
  EXPECT_FALSE(a.has_quaternion_dofs());
  // A 6-dof joint that is not to the world does not make a floating base.
  EXPECT_FALSE(c.is_floating_base_body());
  EXPECT_TRUE(c.has_quaternion_dofs());
}

TEST(MultibodyTreeTopology, FreeTreesOrderedByBaseBodyChoice) {
  MultibodyTree<double> tree;
  Builder b(&tree);
  const auto& c1 = b.Body("c1");
  const auto& c2 = b.Body("c2");
  const auto& c3 = b.Body("c3");
  const auto& c4 = b.Body("c4");
  const auto& c5 = b.Body("c5");
  b.Revolute("k0", c1, c2);
  b.Revolute("k1", c3, c4);
  b.Revolute("k2", c3, c5);
  tree.Finalize();
  // c3 is the parent of two joints, c1 of one: c3's tree comes first.
  EXPECT_THAT(tree.GetPositionNames(false),
              ElementsAre("c3_qw", "c3_qx", "c3_qy", "c3_qz", "c3_x", "c3_y",
                          "c3_z", "k1_q", "k2_q", "c1_qw", "c1_qx", "c1_qy",
                          "c1_qz", "c1_x", "c1_y", "c1_z", "k0_q"));
  EXPECT_TRUE(c3.is_floating_base_body());
  EXPECT_TRUE(c1.is_floating_base_body());
  EXPECT_FALSE(c2.is_floating_base_body());
  EXPECT_EQ(tree.tree_height(), 3);
  // A star whose center is the child of every joint: ties go to the lowest
  // index (c1), and the other joints are reversed below c2.
  MultibodyTree<double> star;
  Builder s(&star);
  const auto& s1 = s.Body("s1");
  const auto& s2 = s.Body("s2");
  const auto& s3 = s.Body("s3");
  s.Revolute("a", s1, s2);
  const auto& jb = s.Revolute("b", s3, s2);
  star.Finalize();
  EXPECT_TRUE(s1.is_floating_base_body());
  EXPECT_EQ(s2.get_level(), 2);
  EXPECT_EQ(s3.get_level(), 3);
  EXPECT_TRUE(jb.is_reversed());
  // A URDF-like chain r → m → h whose end h is the parent of two joints:
  // the root r (no joint's child) floats, as in the reference (panda's
  // panda_link0 rather than its hand), whatever the body order.
  MultibodyTree<double> chain;
  Builder c(&chain);
  const auto& m = c.Body("m");
  const auto& h = c.Body("h");
  const auto& f1 = c.Body("f1");
  const auto& f2 = c.Body("f2");
  const auto& r = c.Body("r");
  c.Revolute("h_f1", h, f1);
  c.Revolute("h_f2", h, f2);
  c.Revolute("m_h", m, h);
  c.Revolute("r_m", r, m);
  chain.Finalize();
  EXPECT_TRUE(r.is_floating_base_body());
  EXPECT_FALSE(h.is_floating_base_body());
  EXPECT_EQ(chain.GetJointByName("r_m").velocity_start(), 6);
  EXPECT_FALSE(chain.GetJointByName("m_h").is_reversed());
  EXPECT_EQ(f1.get_level(), 4);
}

TEST(MultibodyTreeTopology, LoopsAreRejectedNamingTheBodies) {
  MultibodyTree<double> tree;
  Builder b(&tree);
  const auto& a = b.Body("a");
  const auto& c = b.Body("c");
  const auto& d = b.Body("d");
  const auto& e = b.Body("e");
  b.Revolute("j_wa", tree.world_body(), a);
  b.Revolute("j_ac", a, c);
  b.Revolute("j_cd", c, d);
  b.Revolute("j_ae", a, e);
  b.Revolute("j_ed", e, d);  // closes a → c → d → e → a
  EXPECT_LOGIC_ERROR(tree.Finalize(),
                     "Finalize(): the joints of this model form a closed "
                     "loop through the bodies");
  try {
    tree.Finalize();
  } catch (const std::logic_error& error) {
    const std::string message = error.what();
    for (const char* name :
         {"'a'", "'c'", "'d'", "'e'", "'j_ac'", "'j_cd'", "'j_ae'", "'j_ed'"}) {
      EXPECT_THAT(message, HasSubstr(name));
    }
    // The world and j_wa are not part of the loop.
    EXPECT_THAT(message, ::testing::Not(HasSubstr("'world'")));
    EXPECT_THAT(message, ::testing::Not(HasSubstr("'j_wa'")));
  }
  // A failed Finalize() leaves the model unfinalized and unchanged.
  EXPECT_FALSE(tree.is_finalized());
  EXPECT_EQ(tree.num_joints(), 5);

  // A loop in a free tree (no world connection).
  MultibodyTree<double> free_loop;
  Builder f(&free_loop);
  const auto& p = f.Body("p");
  const auto& q = f.Body("q");
  const auto& r = f.Body("r");
  f.Revolute("pq", p, q);
  f.Revolute("qr", q, r);
  f.Revolute("rp", r, p);
  EXPECT_LOGIC_ERROR(free_loop.Finalize(), "closed loop");
  EXPECT_EQ(free_loop.num_joints(), 3);  // no floating joint left behind
}

TEST(MultibodyTreeTopology, WeldedGroups) {
  MultibodyTree<double> tree;
  Builder b(&tree);
  const auto& a = b.Body("a");
  const auto& c = b.Body("c");
  const auto& d = b.Body("d");
  const auto& e = b.Body("e");
  const auto& g = b.Body("g");
  tree.WeldFrames(tree.world_frame(), a.body_frame());
  b.Revolute("ac", a, c);
  tree.WeldFrames(c.body_frame(), d.body_frame());
  tree.WeldFrames(e.body_frame(), d.body_frame());  // reversed weld
  tree.Finalize();
  auto names = [](const std::vector<const RigidBody<double>*>& bodies) {
    std::vector<std::string> result;
    for (const auto* body : bodies) result.push_back(body->name());
    return result;
  };
  EXPECT_THAT(names(tree.GetBodiesWeldedTo(tree.world_body())),
              ElementsAre("world", "a"));
  EXPECT_THAT(names(tree.GetBodiesWeldedTo(a)), ElementsAre("world", "a"));
  EXPECT_THAT(names(tree.GetBodiesWeldedTo(d)), ElementsAre("c", "d", "e"));
  EXPECT_THAT(names(tree.GetBodiesWeldedTo(g)), ElementsAre("g"));
  EXPECT_EQ(tree.num_positions(), 1 + 7);  // ac + g floating
  EXPECT_EQ(e.get_level(), 4);
  MultibodyTree<double> other;
  other.Finalize();
  EXPECT_LOGIC_ERROR(other.GetBodiesWeldedTo(a),
                     "body 'a' is not in this model");
}

TEST(MultibodyTreeTopology, ModelInstanceArrays) {
  MultibodyTree<double> tree;
  Builder b(&tree);
  const ModelInstanceIndex arm = tree.AddModelInstance("arm");
  const ModelInstanceIndex cart = tree.AddModelInstance("cart");
  const auto& base = b.Body("base", cart);
  const auto& l1 = b.Body("l1", arm);
  const auto& l2 = b.Body("l2", arm);
  const auto& slide = b.Prismatic("slide", tree.world_body(), base);
  const auto& shoulder = b.Revolute("shoulder", base, l1);
  const auto& elbow = b.Revolute("elbow", l1, l2);
  const auto& m_elbow = tree.AddJointActuator("m_elbow", elbow);
  const auto& m_slide = tree.AddJointActuator("m_slide", slide);
  const auto& m_shoulder = tree.AddJointActuator("m_shoulder", shoulder);
  tree.Finalize();
  // q = [slide, shoulder, elbow]; arm owns [1, 2].
  EXPECT_EQ(tree.num_positions(arm), 2);
  EXPECT_EQ(tree.num_positions(cart), 1);
  EXPECT_EQ(tree.num_states(arm), 4);
  const VectorX<double> q = Vector3<double>(10, 20, 30);
  EXPECT_EQ(tree.GetPositionsFromArray(arm, q), Vector2<double>(20, 30));
  EXPECT_EQ(tree.GetVelocitiesFromArray(cart, q), Vector1<double>(10));
  VectorX<double> q_out = q;
  tree.SetPositionsInArray(arm, Vector2<double>(-2, -3), &q_out);
  EXPECT_EQ(q_out, Vector3<double>(10, -2, -3));
  VectorX<double> v_out = VectorX<double>::Zero(3);
  tree.SetVelocitiesInArray(cart, Vector1<double>(5), &v_out);
  EXPECT_EQ(v_out, Vector3<double>(5, 0, 0));
  // Round trip: scatter every instance's part of q back gives q.
  VectorX<double> rebuilt = VectorX<double>::Zero(3);
  for (ModelInstanceIndex i : tree.GetModelInstanceIndices())
    tree.SetPositionsInArray(i, tree.GetPositionsFromArray(i, q), &rebuilt);
  EXPECT_EQ(rebuilt, q);
  // Actuation: u is ordered by actuator index (elbow, slide, shoulder).
  EXPECT_EQ(m_elbow.input_start(), 0);
  EXPECT_EQ(m_slide.input_start(), 1);
  EXPECT_EQ(m_shoulder.input_start(), 2);
  EXPECT_EQ(tree.GetActuationFromArray(arm, Vector3<double>(1, 2, 3)),
            Vector2<double>(1, 3));
  VectorX<double> u = VectorX<double>::Zero(3);
  tree.SetActuationInArray(arm, Vector2<double>(7, 8), &u);
  EXPECT_EQ(u, Vector3<double>(7, 0, 8));
  EXPECT_THAT(tree.GetActuatedJointIndices(arm),
              ElementsAre(shoulder.index(), elbow.index()));
  // Size and null checks.
  EXPECT_LOGIC_ERROR(tree.GetPositionsFromArray(arm, Vector2<double>(1, 2)),
                     "GetPositionsFromArray(): q has size 2 but size 3 was "
                     "expected.");
  EXPECT_LOGIC_ERROR(
      tree.SetPositionsInArray(arm, Vector1<double>(1), &q_out),
      "SetPositionsInArray(): q_instance has size 1 but size 2 was expected.");
  EXPECT_LOGIC_ERROR(
      tree.SetVelocitiesInArray(arm, Vector2<double>(1, 1), nullptr),
      "SetVelocitiesInArray(): the output v is a nullptr.");
  EXPECT_LOGIC_ERROR(tree.GetPositionsFromArray(ModelInstanceIndex(9), q),
                     "there is no model instance with index 9");
  EXPECT_LOGIC_ERROR(tree.num_positions(ModelInstanceIndex(9)),
                     "num_positions(): there is no model instance");
  EXPECT_LOGIC_ERROR(
      tree.SetActuationInArray(arm, Vector2<double>(7, 8), nullptr),
      "the output u is a nullptr");
}

TEST(MultibodyTreeTopology, LongChainHasNoRecursionLimit) {
  // 2000 bodies in a chain, added tip first so every joint is found from
  // its child side of the list: checks the iterative numbering and levels.
  MultibodyTree<double> tree;
  Builder b(&tree);
  const int n = 2000;
  std::vector<const RigidBody<double>*> bodies;
  for (int i = 0; i < n; ++i) bodies.push_back(&b.Body(fmt::format("b{}", i)));
  b.Revolute("j0", tree.world_body(), *bodies[0]);
  for (int i = n - 1; i >= 1; --i)
    b.Revolute(fmt::format("j{}", i), *bodies[i - 1], *bodies[i]);
  tree.Finalize();
  EXPECT_EQ(tree.tree_height(), n + 1);
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(tree.GetInboardJoint(*bodies[i]).position_start(), i);
  }
}

}  // namespace
}  // namespace ossa::multibody
