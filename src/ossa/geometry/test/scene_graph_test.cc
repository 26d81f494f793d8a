#include "ossa/geometry/scene_graph.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "ossa/math/roll_pitch_yaw.h"

namespace ossa::geometry {
namespace scene_graph_test {

using math::RigidTransform;
using math::RollPitchYaw;
using math::RotationMatrix;
using ::testing::HasSubstr;
using V3 = Vector3<double>;

// A scene of one source whose geometries each sit on their own frame at the
// origin of the frame; poses are set per frame on the fixed input port.
class Scene {
 public:
  Scene() { source_ = sg_.RegisterSource("test"); }

  GeometryId Add(const Shape& shape, const std::string& name,
                 bool proximity = true) {
    const FrameId f = sg_.RegisterFrame(source_, GeometryFrame(name));
    auto instance = std::make_unique<GeometryInstance>(RigidTransform<double>(),
                                                       shape, name);
    if (proximity) instance->set_proximity_properties(ProximityProperties());
    const GeometryId g = sg_.RegisterGeometry(source_, f, std::move(instance));
    frames_[g] = f;
    poses_.set_value(f, RigidTransform<double>());
    return g;
  }
  GeometryId AddAnchored(const Shape& shape, const RigidTransform<double>& X,
                         const std::string& name) {
    auto instance = std::make_unique<GeometryInstance>(X, shape, name);
    instance->set_proximity_properties(ProximityProperties());
    return sg_.RegisterAnchoredGeometry(source_, std::move(instance));
  }
  void SetPose(GeometryId g, const RigidTransform<double>& X_WF) {
    poses_.set_value(frames_.at(g), X_WF);
  }
  const QueryObject<double>& query() {
    if (!context_) context_ = sg_.CreateDefaultContext();
    sg_.get_source_pose_port(source_).FixValue(context_.get(), poses_);
    return sg_.get_query_output_port().Eval<QueryObject<double>>(*context_);
  }
  systems::Context<double>* context() {
    if (!context_) context_ = sg_.CreateDefaultContext();
    return context_.get();
  }

  SceneGraph<double> sg_;
  SourceId source_;
  std::map<GeometryId, FrameId> frames_;
  FramePoseVector<double> poses_;
  std::unique_ptr<systems::Context<double>> context_;
};

// Closed-form answers are computed in a few floating-point operations;
// 1e-14 allows for their rounding.
constexpr double kExact = 1e-14;

TEST(SceneGraphTest, SphereSpherePenetrationAndDistance) {
  Scene s;
  const GeometryId a = s.Add(Sphere(1.0), "a");
  const GeometryId b = s.Add(Sphere(0.5), "b");
  s.SetPose(b, RigidTransform<double>(V3(1.2, 0, 0)));
  const auto pairs = s.query().ComputePointPairPenetration();
  ASSERT_EQ(pairs.size(), 1u);
  const auto& p = pairs[0];
  EXPECT_EQ(p.id_A, a);
  EXPECT_EQ(p.id_B, b);
  EXPECT_NEAR(p.depth, 0.3, kExact);
  // The normal points out of B into A: from b's center toward a's.
  EXPECT_TRUE(p.nhat_BA_W.isApprox(V3(-1, 0, 0), kExact));
  EXPECT_TRUE(p.p_WCa.isApprox(V3(1, 0, 0), kExact));
  EXPECT_TRUE(p.p_WCb.isApprox(V3(0.7, 0, 0), kExact));

  s.SetPose(b, RigidTransform<double>(V3(0, 3, 0)));
  const auto d = s.query().ComputeSignedDistancePairClosestPoints(a, b);
  EXPECT_NEAR(d.distance, 1.5, kExact);
  EXPECT_TRUE(d.p_ACa.isApprox(V3(0, 1, 0), kExact));
  EXPECT_TRUE(d.p_BCb.isApprox(V3(0, -0.5, 0), kExact));
  EXPECT_TRUE(d.nhat_BA_W.isApprox(V3(0, -1, 0), kExact));
  EXPECT_TRUE(s.query().ComputePointPairPenetration().empty());
  EXPECT_FALSE(s.query().HasCollisions());
}

TEST(SceneGraphTest, SphereBoxFaceEdgeCorner) {
  Scene s;
  const GeometryId box = s.Add(Box(2, 2, 2), "box");
  const GeometryId ball = s.Add(Sphere(0.5), "ball");
  const RigidTransform<double> X_WB(RollPitchYaw<double>(0.3, -0.2, 0.7),
                                    V3(0.1, 0.2, 0.3));
  s.SetPose(box, X_WB);
  struct Case {
    V3 p_BS;  // Sphere center in the box frame.
    double distance;
    V3 n_B;    // Unit normal out of the box, box frame.
    V3 p_BCb;  // Witness on the box, box frame.
  };
  const double r2 = std::sqrt(2.0), r3 = std::sqrt(3.0);
  const Case cases[] = {
      {V3(0, 0, 2), 0.5, V3(0, 0, 1), V3(0, 0, 1)},            // face
      {V3(2, 0, 2), r2 - 0.5, V3(1, 0, 1) / r2, V3(1, 0, 1)},  // edge
      {V3(2, 2, 2), r3 - 0.5, V3(1, 1, 1) / r3, V3(1, 1, 1)},  // corner
      {V3(0, 0, 0.8), -0.7, V3(0, 0, 1), V3(0, 0, 1)},         // inside
  };
  for (const Case& c : cases) {
    s.SetPose(ball, RigidTransform<double>(X_WB * c.p_BS));
    const auto d = s.query().ComputeSignedDistancePairClosestPoints(ball, box);
    EXPECT_NEAR(d.distance, c.distance, 1e-12);
    EXPECT_TRUE(d.nhat_BA_W.isApprox(X_WB.rotation() * c.n_B, 1e-12));
    EXPECT_TRUE(d.p_BCb.isApprox(c.p_BCb, 1e-12));
    // The sphere's witness is its center minus r along the normal, here in
    // the sphere frame (aligned with the world).
    EXPECT_TRUE(d.p_ACa.isApprox(-0.5 * (X_WB.rotation() * c.n_B), 1e-12));
  }
}

TEST(SceneGraphTest, ParallelCapsulesAndHalfSpaces) {
  Scene s;
  const GeometryId a = s.Add(Capsule(0.1, 1.0), "a");
  const GeometryId b = s.Add(Capsule(0.2, 2.0), "b");
  // Registered before the Context exists: each Context copies the model.
  const GeometryId ground = s.AddAnchored(
      HalfSpace(), HalfSpace::MakePose(V3(0, 0, 1), V3(0, 0, -0.55)), "ground");
  // Parallel axes 0.25 apart: distance 0.25 − 0.3 = −0.05, normal along x.
  s.SetPose(b, RigidTransform<double>(V3(0.25, 0, 0.3)));
  const auto d = s.query().ComputeSignedDistancePairClosestPoints(a, b);
  EXPECT_NEAR(d.distance, -0.05, kExact);
  EXPECT_TRUE(d.nhat_BA_W.isApprox(V3(-1, 0, 0), kExact));
  // The witnesses are not unique along the overlap; they face each other.
  EXPECT_NEAR(d.p_ACa.x(), 0.1, kExact);
  EXPECT_NEAR(d.p_BCb.x(), -0.2, kExact);
  EXPECT_NEAR(d.p_ACa.z() + 0.0, d.p_BCb.z() + 0.3, kExact);

  const auto pairs = s.query().ComputePointPairPenetration();
  // a reaches z = −0.6 (0.05 deep), b reaches −0.9 (0.35 deep), and a–b.
  ASSERT_EQ(pairs.size(), 3u);
  for (const auto& p : pairs) {
    EXPECT_LT(p.id_A, p.id_B);
    if (p.id_B == ground || p.id_A == ground) {
      const GeometryId other = p.id_A == ground ? p.id_B : p.id_A;
      EXPECT_NEAR(p.depth, other == a ? 0.05 : 0.35, 1e-12);
    }
  }
}

TEST(SceneGraphTest, BoxHalfSpaceDeepestCorner) {
  Scene s;
  const GeometryId box = s.Add(Box(1, 1, 1), "box");
  const GeometryId ground =
      s.AddAnchored(HalfSpace(), RigidTransform<double>(), "ground");
  // Tilted about x by 45°: the lowest edge is at z = 0.4 − √2/2.
  s.SetPose(box, RigidTransform<double>(RotationMatrix<double>::MakeXRotation(
                                            std::numbers::pi / 4),
                                        V3(0, 0, 0.4)));
  const auto pairs = s.query().ComputePointPairPenetration();
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].id_A < pairs[0].id_B, true);
  EXPECT_NEAR(pairs[0].depth, std::sqrt(0.5) - 0.4, 1e-12);
  const V3 n = pairs[0].id_A == box ? V3(0, 0, 1) : V3(0, 0, -1);
  EXPECT_TRUE(pairs[0].nhat_BA_W.isApprox(n, kExact));
  (void)ground;
}

TEST(SceneGraphTest, BoxBoxFaceAndEdgeContact) {
  Scene s;
  const GeometryId a = s.Add(Box(2, 2, 2), "a");
  const GeometryId b = s.Add(Box(1, 1, 1), "b");
  // Face contact: b sits 0.2 deep in a's top face, shifted sideways.
  s.SetPose(b, RigidTransform<double>(V3(0.3, -0.2, 1.3)));
  auto pairs = s.query().ComputePointPairPenetration();
  ASSERT_EQ(pairs.size(), 1u);
  auto p = pairs[0];
  if (p.id_A != a) p.SwapAAndB();
  EXPECT_NEAR(p.depth, 0.2, kExact);
  EXPECT_TRUE(p.nhat_BA_W.isApprox(V3(0, 0, -1), kExact));
  EXPECT_TRUE((p.p_WCa - p.p_WCb).isApprox(-p.depth * p.nhat_BA_W, kExact));
  // Edge contact: b turned 45° about x, then 0.4 rad about z, so that one
  // of its edges is lowest; it reaches below a's top face (z = 1) by the
  // depth, and a's face normal is the contact normal.
  const RotationMatrix<double> R =
      RotationMatrix<double>::MakeZRotation(0.4) *
      RotationMatrix<double>::MakeXRotation(std::numbers::pi / 4);
  s.SetPose(b, RigidTransform<double>(R, V3(0.1, 0.1, 1.6)));
  pairs = s.query().ComputePointPairPenetration();
  ASSERT_EQ(pairs.size(), 1u);
  p = pairs[0];
  if (p.id_A != a) p.SwapAAndB();
  // b's lowest point along z: 1.6 − Σ 0.5·|R_i · z|.
  double lowest = 1.6;
  for (int i = 0; i < 3; ++i) lowest -= 0.5 * std::abs(R.matrix()(2, i));
  EXPECT_NEAR(p.depth, 1.0 - lowest, 1e-12);
  EXPECT_TRUE(p.nhat_BA_W.isApprox(V3(0, 0, -1), 1e-12));
}

TEST(SceneGraphTest, FiltersPersistentAndTransient) {
  Scene s;
  const GeometryId a = s.Add(Sphere(1), "a");
  const GeometryId b = s.Add(Sphere(1), "b");
  const GeometryId c = s.Add(Sphere(1), "c");
  EXPECT_EQ(s.query().ComputePointPairPenetration().size(), 3u);
  auto manager = s.sg_.collision_filter_manager(s.context());
  manager.Apply(CollisionFilterDeclaration().ExcludeWithin(
      GeometrySet(std::vector<GeometryId>{a, b})));
  EXPECT_EQ(s.query().ComputePointPairPenetration().size(), 2u);
  EXPECT_TRUE(s.query().inspector().CollisionFiltered(a, b));
  const FilterId id =
      manager.ApplyTransient(CollisionFilterDeclaration().ExcludeBetween(
          GeometrySet(c), GeometrySet(s.frames_.at(a))));
  EXPECT_TRUE(manager.IsActive(id));
  EXPECT_EQ(s.query().ComputePointPairPenetration().size(), 1u);
  EXPECT_THROW(manager.Apply(CollisionFilterDeclaration()), std::runtime_error);
  EXPECT_TRUE(manager.RemoveDeclaration(id));
  EXPECT_FALSE(manager.has_transient_history());
  EXPECT_EQ(s.query().ComputePointPairPenetration().size(), 2u);
  // The model is untouched by the Context's filters.
  EXPECT_FALSE(s.sg_.model_inspector().CollisionFiltered(a, b));
  EXPECT_EQ(s.query().FindCollisionCandidates().size(), 2u);
}

TEST(SceneGraphTest, AllowUndoesExclusionsButNotSameFrameFiltering) {
  SceneGraph<double> sg;
  const SourceId s = sg.RegisterSource("s");
  const FrameId f = sg.RegisterFrame(s, GeometryFrame("f"));
  const FrameId h = sg.RegisterFrame(s, GeometryFrame("h"));
  auto add = [&](FrameId frame, const std::string& name) {
    auto g = std::make_unique<GeometryInstance>(RigidTransform<double>(),
                                                Sphere(1), name);
    g->set_proximity_properties(ProximityProperties());
    return sg.RegisterGeometry(s, frame, std::move(g));
  };
  const GeometryId a = add(f, "a"), b = add(f, "b"), c = add(h, "c");
  const auto& inspector = sg.model_inspector();
  EXPECT_TRUE(inspector.CollisionFiltered(a, b));  // One frame.
  EXPECT_FALSE(inspector.CollisionFiltered(a, c));
  auto manager = sg.collision_filter_manager();
  manager.Apply(CollisionFilterDeclaration().ExcludeBetween(GeometrySet(f),
                                                            GeometrySet(h)));
  EXPECT_TRUE(inspector.CollisionFiltered(a, c));
  EXPECT_TRUE(inspector.CollisionFiltered(b, c));
  manager.Apply(CollisionFilterDeclaration().AllowWithin(
      GeometrySet(std::vector<GeometryId>{a, b, c})));
  EXPECT_FALSE(inspector.CollisionFiltered(a, c));
  EXPECT_FALSE(inspector.CollisionFiltered(b, c));
  EXPECT_TRUE(inspector.CollisionFiltered(a, b));  // Still one frame.
  EXPECT_EQ(inspector.GetCollisionCandidates().size(), 2u);
  EXPECT_THROW(manager.Apply(CollisionFilterDeclaration().ExcludeWithin(
                   GeometrySet(FrameId::get_new_id()))),
               std::runtime_error);
}

TEST(SceneGraphTest, BadInputThrowsAsTheReference) {
  SceneGraph<double> sg;
  const SourceId s = sg.RegisterSource("src");
  try {
    sg.RegisterSource("src");
    ADD_FAILURE();
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("duplicate name: src"));
  }
  const FrameId f = sg.RegisterFrame(s, GeometryFrame("f"));
  EXPECT_THROW(sg.RegisterFrame(s, GeometryFrame("f")), std::runtime_error);
  EXPECT_THROW(sg.RegisterFrame(SourceId::get_new_id(), GeometryFrame("g")),
               std::runtime_error);
  auto ball = [](const std::string& name) {
    auto g = std::make_unique<GeometryInstance>(RigidTransform<double>(),
                                                Sphere(1), name);
    g->set_proximity_properties(ProximityProperties());
    return g;
  };
  try {
    sg.RegisterGeometry(s, FrameId::get_new_id(), ball("x"));
    ADD_FAILURE();
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("doesn't belong to the source"));
  }
  const GeometryId g = sg.RegisterGeometry(s, f, ball("x"));
  try {
    sg.RegisterGeometry(s, f, ball("x"));
    ADD_FAILURE();
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("The name 'x' has already been used by a "
                                    "geometry with the 'proximity' role."));
  }
  EXPECT_EQ(sg.model_inspector().NumGeometriesForFrame(f), 1);
  try {
    sg.AssignRole(s, g, ProximityProperties());
    ADD_FAILURE();
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("it already has the role assigned"));
  }
  EXPECT_THROW(
      sg.AssignRole(s, g, IllustrationProperties(), RoleAssign::kReplace),
      std::runtime_error);
  EXPECT_THROW(sg.RegisterGeometry(
                   s, f,
                   std::make_unique<GeometryInstance>(
                       RigidTransform<double>(V3(NAN, 0, 0)), Sphere(1), "n")),
               std::runtime_error);
  const SourceId other = sg.RegisterSource("other");
  EXPECT_THROW(sg.RemoveGeometry(other, g), std::runtime_error);

  auto context = sg.CreateDefaultContext();
  const auto& query =
      sg.get_query_output_port().Eval<QueryObject<double>>(*context);
  try {
    query.ComputePointPairPenetration();
    ADD_FAILURE();
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("is not connected"));
  }
  FramePoseVector<double> poses;
  poses.set_value(f, RigidTransform<double>(V3(0, NAN, 0)));
  sg.get_source_pose_port(s).FixValue(context.get(), poses);
  try {
    query.GetPoseInWorld(g);
    ADD_FAILURE();
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("is not finite"));
  }
}

TEST(SceneGraphTest, InspectorAndAutoDiffPoses) {
  SceneGraph<double> sg;
  const SourceId s = sg.RegisterSource();
  EXPECT_EQ(sg.model_inspector().GetName(s), "Source_" + s.to_string());
  const FrameId f = sg.RegisterFrame(s, GeometryFrame("f", 3));
  const FrameId child = sg.RegisterFrame(s, f, GeometryFrame("child"));
  const GeometryId g = sg.RegisterGeometry(
      s, child,
      std::make_unique<GeometryInstance>(RigidTransform<double>(V3(0, 0, 1)),
                                         Box(1, 1, 1), "g"));
  const auto& inspector = sg.model_inspector();
  EXPECT_EQ(inspector.num_frames(), 3);  // With the world frame.
  EXPECT_EQ(inspector.GetFrameGroup(f), 3);
  EXPECT_EQ(inspector.GetFrameId(g), child);
  EXPECT_EQ(inspector.GetShape(g).type_name(), "Box");
  EXPECT_EQ(inspector.NumGeometriesWithRole(Role::kProximity), 0);
  EXPECT_EQ(inspector.GetName(SceneGraph<double>::world_frame_id()), "world");

  auto ad = sg.ToAutoDiffXd();
  auto context = ad->CreateDefaultContext();
  FramePoseVector<AutoDiffXd> poses;
  poses.set_value(f, RigidTransform<AutoDiffXd>(Vector3<AutoDiffXd>(
                         AutoDiffXd(1.0, Eigen::VectorXd::Unit(1, 0)), 0, 0)));
  poses.set_value(child,
                  RigidTransform<AutoDiffXd>(Vector3<AutoDiffXd>(0, 2, 0)));
  auto* sg_ad = dynamic_cast<SceneGraph<AutoDiffXd>*>(ad.get());
  ASSERT_NE(sg_ad, nullptr);
  sg_ad->get_source_pose_port(s).FixValue(context.get(), poses);
  const auto& query =
      sg_ad->get_query_output_port().Eval<QueryObject<AutoDiffXd>>(*context);
  const auto& X_WG = query.GetPoseInWorld(g);
  // X_WG = X_WF · X_FC · X_CG: p = (x, 2, 1) with ∂p/∂x = (1, 0, 0).
  EXPECT_EQ(X_WG.translation().x().value(), 1.0);
  EXPECT_EQ(X_WG.translation().z().value(), 1.0);
  EXPECT_EQ(X_WG.translation().x().derivatives()[0], 1.0);
  // g has no proximity role: nothing to report.
  EXPECT_TRUE(query.ComputePointPairPenetration().empty());
}

// On AutoDiffXd the closed forms carry derivatives: two spheres and a sphere
// on a box, moved along x by the derivative variable.
TEST(SceneGraphTest, AutoDiffClosedFormsCarryDerivatives) {
  SceneGraph<double> sg;
  const SourceId s = sg.RegisterSource("s");
  auto add = [&](const Shape& shape, const std::string& name) {
    const FrameId f = sg.RegisterFrame(s, GeometryFrame(name));
    auto g = std::make_unique<GeometryInstance>(RigidTransform<double>(), shape,
                                                name);
    g->set_proximity_properties(ProximityProperties());
    return std::make_pair(f, sg.RegisterGeometry(s, f, std::move(g)));
  };
  const auto [fa, a] = add(Sphere(0.5), "a");
  const auto [fb, b] = add(Sphere(0.25), "b");
  const auto [fc, c] = add(Box(2, 2, 2), "c");
  auto ad = sg.ToAutoDiffXd();
  auto* sg_ad = dynamic_cast<SceneGraph<AutoDiffXd>*>(ad.get());
  ASSERT_NE(sg_ad, nullptr);
  auto context = sg_ad->CreateDefaultContext();
  using ADV3 = Vector3<AutoDiffXd>;
  const AutoDiffXd x(0.6, Eigen::VectorXd::Unit(1, 0));
  FramePoseVector<AutoDiffXd> poses;
  poses.set_value(fa, RigidTransform<AutoDiffXd>(ADV3(x, 0, 0)));
  poses.set_value(fb, RigidTransform<AutoDiffXd>(ADV3(0, 0, 0)));
  // The box's top face at z = 1 + 0.3 − 1 = 0.3 below a: far from b.
  poses.set_value(fc, RigidTransform<AutoDiffXd>(ADV3(x, 0, -1.3)));
  sg_ad->get_source_pose_port(s).FixValue(context.get(), poses);
  const auto& query =
      sg_ad->get_query_output_port().Eval<QueryObject<AutoDiffXd>>(*context);
  // d(a, b) = x − 0.75, so ∂d/∂x = 1 and the normal is +x (out of b to a).
  const auto d = query.ComputeSignedDistancePairClosestPoints(a, b);
  EXPECT_NEAR(d.distance.value(), -0.15, kExact);
  EXPECT_NEAR(d.distance.derivatives()[0], 1.0, kExact);
  EXPECT_NEAR(d.nhat_BA_W.x().value(), 1.0, kExact);
  // Sphere a above the box c, both moving with x: the distance 0.3 − 0.5
  // does not change with x.
  const auto dc = query.ComputeSignedDistancePairClosestPoints(a, c);
  EXPECT_NEAR(dc.distance.value(), -0.2, kExact);
  EXPECT_NEAR(dc.distance.derivatives()[0], 0.0, kExact);
  const auto pairs = query.ComputePointPairPenetration();
  ASSERT_EQ(pairs.size(), 2u);  // a–b and a–c; b–c are apart.
  EXPECT_NEAR(pairs[0].depth.derivatives()[0], -1.0, kExact);
  EXPECT_NEAR(pairs[0].p_WCa.x().derivatives()[0], 1.0, kExact);
}

TEST(SceneGraphTest, AutoDiffUnsupportedPairsThrow) {
  SceneGraph<double> sg;
  const SourceId s = sg.RegisterSource("s");
  std::vector<FrameId> frames;
  for (const char* name : {"a", "b"}) {
    frames.push_back(sg.RegisterFrame(s, GeometryFrame(name)));
    auto g = std::make_unique<GeometryInstance>(RigidTransform<double>(),
                                                Box(1, 1, 1), name);
    g->set_proximity_properties(ProximityProperties());
    sg.RegisterGeometry(s, frames.back(), std::move(g));
  }
  auto ad = sg.ToAutoDiffXd();
  auto* sg_ad = dynamic_cast<SceneGraph<AutoDiffXd>*>(ad.get());
  auto context = sg_ad->CreateDefaultContext();
  FramePoseVector<AutoDiffXd> poses;
  for (FrameId f : frames) poses.set_value(f, RigidTransform<AutoDiffXd>());
  sg_ad->get_source_pose_port(s).FixValue(context.get(), poses);
  const auto& query =
      sg_ad->get_query_output_port().Eval<QueryObject<AutoDiffXd>>(*context);
  try {
    query.ComputePointPairPenetration();
    ADD_FAILURE();
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("'Box' and 'Box' are not supported for "
                                    "scalar type AutoDiffXd"));
  }
  EXPECT_THROW(query.ComputeSignedDistancePairwiseClosestPoints(),
               std::logic_error);
}

// SceneGraphConfig: validation names the field; a Context keeps the
// configuration of its creation; scalar conversion keeps it.
// The proximity version changes with every change of proximity data (in
// the model or in a Context), never with poses, and a Context's copy keeps
// its model's stamp until one of them changes.
TEST(SceneGraphTest, ProximityVersionTracksProximityData) {
  Scene scene;
  const GeometryId ball = scene.Add(Sphere(0.1), "ball");
  auto version = [&]() {
    return scene.query().inspector().proximity_version();
  };
  const int64_t v0 = version();
  EXPECT_EQ(scene.sg_.model_inspector().proximity_version(), v0);
  scene.SetPose(ball, RigidTransform<double>(V3(0, 0, 1)));
  EXPECT_EQ(version(), v0);

  ProximityProperties stiff;
  stiff.AddProperty("material", "point_contact_stiffness", 1e5);
  scene.sg_.AssignRole(scene.context(), scene.source_, ball, stiff,
                       RoleAssign::kReplace);
  const int64_t v1 = version();
  EXPECT_NE(v1, v0);
  // The model is unchanged.
  EXPECT_EQ(scene.sg_.model_inspector().proximity_version(), v0);

  // Illustration does not touch proximity data; removing the proximity
  // role does.
  scene.sg_.AssignRole(scene.context(), scene.source_, ball,
                       IllustrationProperties(), RoleAssign::kNew);
  EXPECT_EQ(version(), v1);
  scene.sg_.RemoveRole(scene.source_, ball, Role::kProximity);
  const int64_t v2 = scene.sg_.model_inspector().proximity_version();
  EXPECT_NE(v2, v0);
  EXPECT_NE(v2, v1);
  SceneGraphConfig config;
  config.default_proximity_properties.point_stiffness = 3e5;
  scene.sg_.set_config(config);
  const int64_t v3 = scene.sg_.model_inspector().proximity_version();
  EXPECT_NE(v3, v2);
  EXPECT_NE(v3, v1);
  // A new Context copies the model's data and its stamp.
  auto context = scene.sg_.CreateDefaultContext();
  scene.sg_.get_source_pose_port(scene.source_)
      .FixValue(context.get(), scene.poses_);
  EXPECT_EQ(scene.sg_.get_query_output_port()
                .Eval<QueryObject<double>>(*context)
                .inspector()
                .proximity_version(),
            v3);
}

TEST(SceneGraphConfigTest, ValidationContextCopyAndScalarConversion) {
  auto message_of = [](const SceneGraphConfig& config) {
    try {
      SceneGraph<double> scene_graph(config);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  SceneGraphConfig config;
  config.default_proximity_properties.compliance_type = "soft";
  EXPECT_THAT(message_of(config), HasSubstr("compliance_type 'soft'"));
  config = SceneGraphConfig{};
  config.default_proximity_properties.point_stiffness = 0.0;
  EXPECT_THAT(message_of(config), HasSubstr("point_stiffness = 0"));
  config = SceneGraphConfig{};
  config.default_proximity_properties.relaxation_time = std::nan("");
  EXPECT_THAT(message_of(config), HasSubstr("relaxation_time"));
  config = SceneGraphConfig{};
  config.default_proximity_properties.dynamic_friction.reset();
  EXPECT_THAT(message_of(config), HasSubstr("both be set"));
  config = SceneGraphConfig{};
  config.default_proximity_properties.dynamic_friction = 0.9;
  EXPECT_THAT(message_of(config), HasSubstr("at least dynamic_friction"));

  config = SceneGraphConfig{};
  config.default_proximity_properties.point_stiffness = 3e5;
  SceneGraph<double> scene_graph(config);
  auto context = scene_graph.CreateDefaultContext();
  SceneGraphConfig later;
  later.default_proximity_properties.point_stiffness.reset();
  scene_graph.set_config(later);
  EXPECT_FALSE(scene_graph.get_config()
                   .default_proximity_properties.point_stiffness.has_value());
  EXPECT_EQ(scene_graph.get_config(*context)
                .default_proximity_properties.point_stiffness,
            3e5);
  const auto& query =
      scene_graph.get_query_output_port().Eval<QueryObject<double>>(*context);
  EXPECT_EQ(query.inspector()
                .GetSceneGraphConfig()
                .default_proximity_properties.point_stiffness,
            3e5);
  config.default_proximity_properties.point_stiffness = -1.0;
  EXPECT_THROW(scene_graph.set_config(config), std::runtime_error);
  SceneGraph<AutoDiffXd> converted(scene_graph);
  EXPECT_FALSE(converted.get_config()
                   .default_proximity_properties.point_stiffness.has_value());
}

}  // namespace scene_graph_test
}  // namespace ossa::geometry
