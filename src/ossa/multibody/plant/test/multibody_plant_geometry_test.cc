// MultibodyPlant's geometry: registration with a SceneGraph, the default
// collision filters, the geometry ports, lookups, scalar conversion, and
// CoulombFriction.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ossa/common/test/expect_logic_error.h"
#include "ossa/geometry/geometry_instance.h"
#include "ossa/geometry/query_object.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/multibody/plant/coulomb_friction.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant/multibody_plant_config_functions.h"
#include "ossa/multibody/tree/quaternion_floating_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/systems/framework/diagram.h"
#include "ossa/systems/framework/diagram_builder.h"

namespace ossa::multibody {
namespace multibody_plant_geometry_test {

using geometry::FrameId;
using geometry::GeometrySet;
using geometry::GeometryId;
using geometry::QueryObject;
using geometry::Role;
using geometry::SceneGraph;
using geometry::SceneGraphInspector;
using geometry::Sphere;
using math::RigidTransform;

const SpatialInertia<double> kBall =
    SpatialInertia<double>::SolidSphereWithMass(1.0, 0.1);
const CoulombFriction<double> kFriction(0.8, 0.5);

// world —(revolute)— A —(revolute)— B ==(weld)== C, and D free; each body
// and the world carry one collision sphere of radius 0.1, A a visual one.
struct Chain {
  explicit Chain(bool adjacent_filters = true) {
    auto [p, s] = AddMultibodyPlantSceneGraph(&builder, 0.0);
    plant = &p;
    scene_graph = &s;
    plant->set_adjacent_bodies_collision_filters(adjacent_filters);
    const ModelInstanceIndex robot = plant->AddModelInstance("robot");
    A = &plant->AddRigidBody("A", robot, kBall);
    B = &plant->AddRigidBody("B", robot, kBall);
    C = &plant->AddRigidBody("C", robot, kBall);
    D = &plant->AddRigidBody("D", default_model_instance(), kBall);
    plant->AddJoint<RevoluteJoint>("j1", plant->world_body(), std::nullopt,
                                   *A, std::nullopt, Vector3<double>::UnitZ());
    plant->AddJoint<RevoluteJoint>(
        "j2", *A, RigidTransform<double>(Vector3<double>(1, 0, 0)), *B,
        std::nullopt, Vector3<double>::UnitZ());
    plant->WeldFrames(B->body_frame(), C->body_frame(),
                      RigidTransform<double>(Vector3<double>(0.15, 0, 0)));
    ground = plant->RegisterCollisionGeometry(
        plant->world_body(), RigidTransform<double>(Vector3<double>(0, 0, -5)),
        Sphere(0.1), "ground", kFriction);
    for (const RigidBody<double>* body : {A, B, C, D}) {
      ids.push_back(plant->RegisterCollisionGeometry(
          *body, RigidTransform<double>(), Sphere(0.1), "ball", kFriction));
    }
    visual = plant->RegisterVisualGeometry(*A, RigidTransform<double>(),
                                           Sphere(0.1), "ball",
                                           Vector4<double>(1, 0, 0, 1));
  }
  void Build() {
    plant->Finalize();
    diagram = builder.Build();
    context = diagram->CreateDefaultContext();
  }
  const systems::Context<double>& plant_context() const {
    return plant->GetMyContextFromRoot(*context);
  }

  systems::DiagramBuilder<double> builder;
  MultibodyPlant<double>* plant{};
  SceneGraph<double>* scene_graph{};
  const RigidBody<double>* A{};
  const RigidBody<double>* B{};
  const RigidBody<double>* C{};
  const RigidBody<double>* D{};
  GeometryId ground, visual;
  std::vector<GeometryId> ids;  // A, B, C, D
  std::unique_ptr<systems::Diagram<double>> diagram;
  std::unique_ptr<systems::Context<double>> context;
};

TEST(PlantGeometry, FramesAndNamesFollowBodiesAndInstances) {
  Chain chain;
  const MultibodyPlant<double>& plant = *chain.plant;
  const SceneGraphInspector<double>& inspector =
      chain.scene_graph->model_inspector();
  ASSERT_TRUE(plant.geometry_source_is_registered());
  EXPECT_EQ(inspector.GetName(*plant.get_source_id()), "plant");
  EXPECT_EQ(plant.GetBodyFrameIdOrThrow(world_index()),
            SceneGraph<double>::world_frame_id());
  // One frame per body, named with the instance's scope except in the
  // default instance, grouped by model instance.
  const FrameId frame_A = plant.GetBodyFrameIdOrThrow(chain.A->index());
  EXPECT_EQ(inspector.GetName(frame_A), "robot::A");
  EXPECT_EQ(inspector.GetFrameGroup(frame_A), int{chain.A->model_instance()});
  EXPECT_EQ(inspector.GetName(plant.GetBodyFrameIdOrThrow(chain.D->index())),
            "D");
  EXPECT_EQ(plant.GetBodyFromFrameId(frame_A), chain.A);
  EXPECT_EQ(plant.GetBodyFromFrameId(FrameId::get_new_id()), nullptr);
  // Geometry names carry the same scope; the world's is anchored.
  EXPECT_EQ(inspector.GetName(chain.ids[0]), "robot::ball");
  EXPECT_EQ(inspector.GetName(chain.ids[3]), "ball");
  EXPECT_EQ(inspector.GetFrameId(chain.ground),
            SceneGraph<double>::world_frame_id());
  EXPECT_EQ(plant.num_collision_geometries(), 5);
  EXPECT_EQ(plant.num_visual_geometries(), 1);
  EXPECT_THAT(plant.GetCollisionGeometriesForBody(*chain.A),
              ::testing::ElementsAre(chain.ids[0]));
  EXPECT_THAT(plant.GetVisualGeometriesForBody(*chain.A),
              ::testing::ElementsAre(chain.visual));
  EXPECT_TRUE(plant.GetVisualGeometriesForBody(*chain.B).empty());
  // Roles: proximity with the friction; illustration and perception with the
  // color.
  const auto* proximity = inspector.GetProximityProperties(chain.ids[1]);
  ASSERT_NE(proximity, nullptr);
  const auto& mu = proximity->GetProperty<CoulombFriction<double>>(
      "material", "coulomb_friction");
  EXPECT_EQ(mu.static_friction(), 0.8);
  EXPECT_EQ(mu.dynamic_friction(), 0.5);
  EXPECT_EQ(inspector.GetIllustrationProperties(chain.ids[1]), nullptr);
  for (Role role : {Role::kIllustration, Role::kPerception}) {
    const auto* visual = inspector.GetProperties(chain.visual, role);
    ASSERT_NE(visual, nullptr);
    EXPECT_EQ(visual->GetProperty<geometry::Rgba>("phong", "diffuse"),
              geometry::Rgba(1, 0, 0, 1));
  }
  EXPECT_EQ(inspector.GetProximityProperties(chain.visual), nullptr);
}

TEST(PlantGeometry, BodiesAddedBeforeRegistrationGetFrames) {
  MultibodyPlant<double> plant(0.0);
  const RigidBody<double>& early = plant.AddRigidBody("early", kBall);
  EXPECT_FALSE(plant.GetBodyFrameIdIfExists(early.index()).has_value());
  EXPECT_LOGIC_ERROR(plant.GetBodyFrameIdOrThrow(early.index()),
                     "Body 'early' does not have geometry registered");
  SceneGraph<double> scene_graph;
  plant.RegisterAsSourceForSceneGraph(&scene_graph);
  EXPECT_TRUE(plant.GetBodyFrameIdIfExists(early.index()).has_value());
  const RigidBody<double>& late = plant.AddRigidBody("late", kBall);
  EXPECT_EQ(scene_graph.model_inspector().GetName(
                plant.GetBodyFrameIdOrThrow(late.index())),
            "late");
  EXPECT_EQ(plant.GetMutableSceneGraphPreFinalize(), &scene_graph);
}

// The pairs of {ground, A, B, C, D} whose collision is filtered.
std::set<std::pair<int, int>> FilteredPairs(const Chain& chain) {
  std::vector<GeometryId> all{chain.ground};
  all.insert(all.end(), chain.ids.begin(), chain.ids.end());
  const SceneGraphInspector<double>& inspector =
      chain.plant->EvalSceneGraphInspector(chain.plant_context());
  std::set<std::pair<int, int>> filtered;
  for (int i = 0; i < 5; ++i) {
    for (int j = i + 1; j < 5; ++j) {
      if (inspector.CollisionFiltered(all[i], all[j]))
        filtered.emplace(i, j);
    }
  }
  return filtered;
}

TEST(PlantGeometry, DefaultFiltersCoverAdjacentAndWeldedBodies) {
  using Pairs = std::set<std::pair<int, int>>;
  // Indices: 0 ground, 1 A, 2 B, 3 C, 4 D. A–B adjacent (j2), B–C welded;
  // the world–A joint and the free body D make no filter, nor does A–C.
  Chain chain;
  chain.Build();
  EXPECT_EQ(FilteredPairs(chain), (Pairs{{1, 2}, {2, 3}}));
  Chain no_adjacent(false);
  no_adjacent.Build();
  EXPECT_EQ(FilteredPairs(no_adjacent), (Pairs{{2, 3}}));
}

TEST(PlantGeometry, GroupPairFilters) {
  Chain chain;
  const GeometrySet set_A = chain.plant->CollectRegisteredGeometries({chain.A});
  const GeometrySet set_D = chain.plant->CollectRegisteredGeometries({chain.D});
  chain.plant->ExcludeCollisionGeometriesWithCollisionFilterGroupPair(
      {"a", set_A}, {"d", set_D});
  chain.Build();
  EXPECT_TRUE(FilteredPairs(chain).count({1, 4}));
}

// Chain's joint j1 at π/2, j2 at 0 (B at (0, 1, 0)), D at (x_D, 1, 0).
template <typename T>
void SetChainPose(const MultibodyPlant<T>& plant, systems::Context<T>* context,
                  const T& x_D) {
  plant.template GetJointByName<RevoluteJoint>("j1").set_angle(context,
                                                                M_PI / 2);
  plant.template GetJointByName<RevoluteJoint>("j2").set_angle(context, 0.0);
  plant.SetFreeBodyPose(context, plant.GetBodyByName("D"),
                        RigidTransform<T>(Vector3<T>(x_D, 1, 0)));
}

TEST(PlantGeometry, PosesReachTheQueryObject) {
  Chain chain;
  chain.Build();
  systems::Context<double>& context =
      chain.plant->GetMyMutableContextFromRoot(chain.context.get());
  // A at angle π/2: A's origin stays at the world origin, B's lies at
  // (0, 1, 0), C at (0, 1.15, 0); the balls of B and C overlap (welded,
  // filtered); D's ball 0.15 from B's: a penetration of 0.05.
  SetChainPose(*chain.plant, &context, 0.15);
  const auto& query =
      chain.plant->get_geometry_query_input_port().Eval<QueryObject<double>>(
          context);
  const FrameId frame_B = chain.plant->GetBodyFrameIdOrThrow(chain.B->index());
  EXPECT_TRUE(query.GetPoseInWorld(frame_B).IsNearlyEqualTo(
      chain.plant->EvalBodyPoseInWorld(context, *chain.B), 1e-14));
  const auto pairs = query.ComputePointPairPenetration();
  ASSERT_EQ(pairs.size(), 1u);
  std::set<const RigidBody<double>*> bodies;
  for (GeometryId id : {pairs[0].id_A, pairs[0].id_B}) {
    bodies.insert(chain.plant->GetBodyFromFrameId(
        query.inspector().GetFrameId(id)));
  }
  EXPECT_EQ(bodies, (std::set<const RigidBody<double>*>{chain.B, chain.D}));
  EXPECT_NEAR(pairs[0].depth, 0.05, 1e-12);
}

TEST(PlantGeometry, ScalarConversionKeepsTheGeometry) {
  Chain chain;
  chain.Build();
  std::unique_ptr<systems::System<AutoDiffXd>> system_ad =
      chain.diagram->ToAutoDiffXd();
  const auto& diagram_ad =
      dynamic_cast<const systems::Diagram<AutoDiffXd>&>(*system_ad);
  const auto& plant_ad = dynamic_cast<const MultibodyPlant<AutoDiffXd>&>(
      diagram_ad.GetSubsystemByName("plant"));
  EXPECT_EQ(plant_ad.get_source_id(), chain.plant->get_source_id());
  EXPECT_EQ(plant_ad.GetBodyFrameIdOrThrow(chain.B->index()),
            chain.plant->GetBodyFrameIdOrThrow(chain.B->index()));
  EXPECT_EQ(plant_ad.num_collision_geometries(), 5);
  auto context_ad = diagram_ad.CreateDefaultContext();
  auto& plant_context = plant_ad.GetMyMutableContextFromRoot(context_ad.get());
  // D's x position carries the derivative: the depth 0.2 − |x_D| changes
  // by −1 per unit of x_D.
  SetChainPose(plant_ad, &plant_context,
               AutoDiffXd(0.15, Eigen::VectorXd::Unit(1, 0)));
  const auto& query = plant_ad.get_geometry_query_input_port()
                          .Eval<QueryObject<AutoDiffXd>>(plant_context);
  const auto pairs = query.ComputePointPairPenetration();
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_NEAR(pairs[0].depth.value(), 0.05, 1e-12);
  EXPECT_NEAR(pairs[0].depth.derivatives()(0), -1.0, 1e-12);
}

TEST(PlantGeometry, BadUseThrowsNamingTheMethod) {
  MultibodyPlant<double> plant(0.0);
  const RigidBody<double>& body = plant.AddRigidBody("body", kBall);
  EXPECT_LOGIC_ERROR(
      plant.RegisterCollisionGeometry(body, RigidTransform<double>(),
                                      Sphere(1), "s", kFriction),
      "RegisterCollisionGeometry(): this plant is not registered with a "
      "SceneGraph");
  EXPECT_LOGIC_ERROR(plant.CollectRegisteredGeometries({&body}),
                     "CollectRegisteredGeometries(): this plant is not");
  EXPECT_LOGIC_ERROR(plant.RegisterAsSourceForSceneGraph(nullptr),
                     "scene_graph");
  SceneGraph<double> scene_graph;
  plant.RegisterAsSourceForSceneGraph(&scene_graph);
  EXPECT_LOGIC_ERROR(plant.RegisterAsSourceForSceneGraph(&scene_graph),
                     "already registered");
  MultibodyPlant<double> other(0.0);
  const RigidBody<double>& stranger = other.AddRigidBody("stranger", kBall);
  EXPECT_LOGIC_ERROR(
      plant.RegisterCollisionGeometry(stranger, RigidTransform<double>(),
                                      Sphere(1), "s", kFriction),
      "RegisterCollisionGeometry");
  auto bare = std::make_unique<geometry::GeometryInstance>(
      RigidTransform<double>(), Sphere(1), "bare");
  EXPECT_LOGIC_ERROR(plant.RegisterVisualGeometry(body, std::move(bare)),
                     "neither illustration nor perception");
  plant.RegisterCollisionGeometry(body, RigidTransform<double>(), Sphere(1),
                                  "s", kFriction);
  // SceneGraph refuses a second proximity geometry of that name on the frame.
  EXPECT_THROW(plant.RegisterCollisionGeometry(body, RigidTransform<double>(),
                                               Sphere(1), "s", kFriction),
               std::exception);
  EXPECT_THROW(plant.RegisterVisualGeometry(body, RigidTransform<double>(),
                                            Sphere(1), "v",
                                            Vector4<double>(1, 0, 0, 2)),
               std::exception);
  plant.Finalize();
  EXPECT_LOGIC_ERROR(
      plant.RegisterCollisionGeometry(body, RigidTransform<double>(),
                                      Sphere(1), "t", kFriction),
      "post-finalize calls to 'RegisterCollisionGeometry()'");
  EXPECT_LOGIC_ERROR(plant.GetMutableSceneGraphPreFinalize(),
                     "GetMutableSceneGraphPreFinalize");
  EXPECT_LOGIC_ERROR(plant.GetBodyFrameIdOrThrow(BodyIndex(7)),
                     "out of range");
  auto context = plant.CreateDefaultContext();
  EXPECT_LOGIC_ERROR(plant.EvalSceneGraphInspector(*context),
                     "'geometry_query' input port is not connected");
}

TEST(PlantGeometry, AddMultibodyPlantAddsAndConnectsASceneGraph) {
  systems::DiagramBuilder<double> builder;
  MultibodyPlantConfig config;
  config.time_step = 0.002;
  auto [plant, scene_graph] = AddMultibodyPlant(config, &builder);
  EXPECT_EQ(plant.time_step(), 0.002);
  EXPECT_EQ(plant.get_name(), "plant");
  EXPECT_EQ(scene_graph.get_name(), "scene_graph");
  EXPECT_TRUE(plant.geometry_source_is_registered());
  EXPECT_TRUE(scene_graph.SourceIsRegistered(*plant.get_source_id()));
  EXPECT_LOGIC_ERROR(AddMultibodyPlantSceneGraph<double>(nullptr, 0.0),
                     "builder is a nullptr");
}

TEST(CoulombFriction, CoefficientsAndCombination) {
  EXPECT_EQ(CoulombFriction<double>().static_friction(), 0.0);
  EXPECT_LOGIC_ERROR(CoulombFriction<double>(0.3, 0.5),
                     "dynamic friction (0.5) is greater than the given static "
                     "friction (0.3)");
  EXPECT_LOGIC_ERROR(CoulombFriction<double>(1, -1),
                     "dynamic friction is negative: -1");
  EXPECT_LOGIC_ERROR(CoulombFriction<double>(NAN, 0.1), "static friction");
  // μ = 2·μ₁·μ₂/(μ₁+μ₂): 2·0.8·0.4/1.2 and 2·0.6·0.2/0.8.
  const CoulombFriction<double> mu = CalcContactFrictionFromSurfaceProperties(
      CoulombFriction<double>(0.8, 0.6), CoulombFriction<double>(0.4, 0.2));
  EXPECT_NEAR(mu.static_friction(), 0.64 / 1.2, 1e-15);
  EXPECT_NEAR(mu.dynamic_friction(), 0.24 / 0.8, 1e-15);
  const CoulombFriction<double> none = CalcContactFrictionFromSurfaceProperties(
      CoulombFriction<double>(), CoulombFriction<double>());
  EXPECT_EQ(none.static_friction(), 0.0);
}

}  // namespace multibody_plant_geometry_test
}  // namespace ossa::multibody
