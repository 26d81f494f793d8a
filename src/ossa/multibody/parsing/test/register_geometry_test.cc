// The parsers' geometry: <visual>/<collision> registered with the plant's
// SceneGraph (names, roles, properties), collision filter groups, MJCF
// contype/conaffinity, and the Parser constructors that take a SceneGraph
// or a DiagramBuilder.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "ossa/common/test/expect_logic_error.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/parsing/test/parsing_test_util.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant/multibody_plant_config_functions.h"
#include "ossa/systems/framework/diagram_builder.h"

namespace ossa::multibody {
namespace register_geometry_test {

using geometry::GeometryId;
using geometry::Role;
using geometry::SceneGraph;
using geometry::SceneGraphInspector;
using test::ExpectParseError;

constexpr char kInertia[] =
    "<inertial><mass value='1'/><inertia ixx='1' iyy='1' izz='1' ixy='0' "
    "ixz='0' iyz='0'/></inertial>";

std::string ThreeLinkUrdf() {
  return std::string("<robot name='r'>"
                     "<material name='red'><color rgba='1 0 0 1'/></material>"
                     "<link name='base'>") +
         kInertia +
         "<visual><geometry><box size='1 1 1'/></geometry></visual>"
         "<visual><geometry><box size='1 1 1'/></geometry></visual>"
         "<visual name='v2'><origin xyz='0 0 1'/><geometry><sphere "
         "radius='0.2'/></geometry><material name='red'/></visual>"
         "<collision><geometry><box size='1 1 1'/></geometry></collision>"
         "<collision name='c2'><geometry><sphere radius='0.2'/></geometry>"
         "<drake:proximity_properties><drake:mu_static value='0.7'/>"
         "<drake:mu_dynamic value='0.5'/><drake:hunt_crossley_dissipation "
         "value='2'/><drake:point_contact_stiffness value='1e5'/>"
         "<drake:hydroelastic_modulus value='1e7'/><drake:compliant_"
         "hydroelastic/><drake:mesh_resolution_hint value='0.1'/>"
         "</drake:proximity_properties></collision></link>"
         "<link name='l2'>" +
         kInertia +
         "<collision><geometry><cylinder radius='0.1' length='1'/></geometry>"
         "</collision></link><link name='l3'>" +
         kInertia +
         "<collision><geometry><sphere radius='0.1'/></geometry></collision>"
         "</link>"
         "<joint name='j' type='revolute'><parent link='base'/><child "
         "link='l2'/><axis xyz='0 0 1'/></joint>"
         "<joint name='j2' type='revolute'><parent link='l2'/><child "
         "link='l3'/><axis xyz='0 0 1'/></joint>"
         "<drake:collision_filter_group name='g1'><drake:member link='base'/>"
         "<drake:member link='l3'/><drake:ignored_collision_filter_group "
         "name='g1'/></drake:collision_filter_group></robot>";
}

// The names of the geometries of `body` with `role`, as SceneGraph has them.
std::set<std::string> Names(const MultibodyPlant<double>& plant,
                            const SceneGraphInspector<double>& inspector,
                            const std::string& body, Role role) {
  std::set<std::string> names;
  for (GeometryId id : inspector.GetGeometries(
           plant.GetBodyFrameIdOrThrow(plant.GetBodyByName(body).index()),
           role)) {
    names.insert(inspector.GetName(id));
  }
  return names;
}

TEST(RegisterGeometry, UrdfNamesRolesAndProperties) {
  systems::DiagramBuilder<double> builder;
  auto [plant, scene_graph] = AddMultibodyPlantSceneGraph(&builder, 0.0);
  Parser(&plant).AddModelsFromString(ThreeLinkUrdf(), "urdf");
  const SceneGraphInspector<double>& inspector = scene_graph.model_inspector();
  // Unnamed geometry is named after its shape, made unique per role.
  EXPECT_EQ(Names(plant, inspector, "base", Role::kIllustration),
            (std::set<std::string>{"r::Box", "r::Box_1", "r::v2"}));
  EXPECT_EQ(Names(plant, inspector, "base", Role::kProximity),
            (std::set<std::string>{"r::Box", "r::c2"}));
  EXPECT_EQ(plant.num_collision_geometries(), 4);
  EXPECT_EQ(plant.num_visual_geometries(), 3);
  const RigidBody<double>& base = plant.GetBodyByName("base");
  // The material's color reaches the illustration properties.
  const GeometryId v2 = plant.GetVisualGeometriesForBody(base).at(2);
  EXPECT_EQ(inspector.GetIllustrationProperties(v2)->GetProperty<geometry::Rgba>(
                "phong", "diffuse"),
            geometry::Rgba(1, 0, 0, 1));
  EXPECT_TRUE(inspector.GetPoseInFrame(v2).translation().isApprox(
      Eigen::Vector3d(0, 0, 1)));
  // Friction: (1, 1) when the file is silent, else the file's values.
  const auto& box = *inspector.GetProximityProperties(
      plant.GetCollisionGeometriesForBody(base).at(0));
  const auto& mu_box =
      box.GetProperty<CoulombFriction<double>>("material", "coulomb_friction");
  EXPECT_EQ(mu_box.static_friction(), 1.0);
  EXPECT_EQ(mu_box.dynamic_friction(), 1.0);
  const auto& c2 = *inspector.GetProximityProperties(
      plant.GetCollisionGeometriesForBody(base).at(1));
  const auto& mu =
      c2.GetProperty<CoulombFriction<double>>("material", "coulomb_friction");
  EXPECT_EQ(mu.static_friction(), 0.7);
  EXPECT_EQ(mu.dynamic_friction(), 0.5);
  EXPECT_EQ(c2.GetProperty<double>("material", "hunt_crossley_dissipation"),
            2.0);
  EXPECT_EQ(c2.GetProperty<double>("material", "point_contact_stiffness"),
            1e5);
  EXPECT_EQ(c2.GetProperty<double>("hydroelastic", "hydroelastic_modulus"),
            1e7);
  EXPECT_EQ(c2.GetProperty<double>("hydroelastic", "resolution_hint"), 0.1);
}

TEST(RegisterGeometry, FilterGroupsAndAdjacency) {
  systems::DiagramBuilder<double> builder;
  auto [plant, scene_graph] = AddMultibodyPlantSceneGraph(&builder, 0.0);
  Parser(&plant).AddModelsFromString(ThreeLinkUrdf(), "urdf");
  plant.Finalize();
  const SceneGraphInspector<double>& inspector = scene_graph.model_inspector();
  auto first = [&](const char* body) {
    return plant.GetCollisionGeometriesForBody(plant.GetBodyByName(body))
        .at(0);
  };
  // base–l2 and l2–l3 are adjacent; base–l3 share the self-ignoring group.
  EXPECT_TRUE(inspector.CollisionFiltered(first("base"), first("l2")));
  EXPECT_TRUE(inspector.CollisionFiltered(first("l2"), first("l3")));
  EXPECT_TRUE(inspector.CollisionFiltered(first("base"), first("l3")));
}

TEST(RegisterGeometry, SdfSurfacesColorsAndFilterGroups) {
  const std::string sdf = R"(<sdf version="1.9"><model name="m">
  <link name="a">
    <visual name="v"><geometry><box><size>1 2 3</size></box></geometry>
      <material><diffuse>0 0 1 0.5</diffuse></material></visual>
    <collision name="c"><pose>0 0 1 0 0 0</pose>
      <geometry><sphere><radius>0.5</radius></sphere></geometry>
      <surface><friction><ode><mu>0.9</mu><mu2>0.4</mu2></ode></friction>
      </surface></collision>
  </link>
  <link name="b"><pose>3 0 0 0 0 0</pose>
    <collision name="c"><geometry><sphere><radius>0.5</radius></sphere>
    </geometry></collision></link>
  <link name="c"><pose>6 0 0 0 0 0</pose>
    <collision name="c"><geometry><sphere><radius>0.5</radius></sphere>
    </geometry></collision></link>
  <drake:collision_filter_group name="ab">
    <drake:member>a</drake:member><drake:member>b</drake:member>
    <drake:ignored_collision_filter_group>ab</drake:ignored_collision_filter_group>
  </drake:collision_filter_group>
  <drake:collision_filter_group name="off" ignore="true">
    <drake:member>c</drake:member>
    <drake:ignored_collision_filter_group>ab</drake:ignored_collision_filter_group>
  </drake:collision_filter_group>
</model></sdf>)";
  systems::DiagramBuilder<double> builder;
  auto [plant, scene_graph] = AddMultibodyPlantSceneGraph(&builder, 0.0);
  Parser(&plant).AddModelsFromString(sdf, "sdf");
  plant.Finalize();
  const SceneGraphInspector<double>& inspector = scene_graph.model_inspector();
  auto collision = [&](const char* body) {
    return plant.GetCollisionGeometriesForBody(plant.GetBodyByName(body))
        .at(0);
  };
  const GeometryId v =
      plant.GetVisualGeometriesForBody(plant.GetBodyByName("a")).at(0);
  EXPECT_EQ(inspector.GetIllustrationProperties(v)->GetProperty<geometry::Rgba>(
                "phong", "diffuse"),
            geometry::Rgba(0, 0, 1, 0.5));
  const auto& mu = inspector.GetProximityProperties(collision("a"))
                       ->GetProperty<CoulombFriction<double>>(
                           "material", "coulomb_friction");
  EXPECT_EQ(mu.static_friction(), 0.9);
  EXPECT_EQ(mu.dynamic_friction(), 0.4);
  // Free bodies: only the groups filter.
  EXPECT_TRUE(inspector.CollisionFiltered(collision("a"), collision("b")));
  EXPECT_FALSE(inspector.CollisionFiltered(collision("a"), collision("c")));
  EXPECT_FALSE(inspector.CollisionFiltered(collision("b"), collision("c")));
}

TEST(RegisterGeometry, MjcfBothRolesNamesAndContactBits) {
  const std::string xml = R"(<mujoco model="m">
 <worldbody>
  <geom type="plane" size="1 1 1"/>
  <body name="b1"><freejoint/>
   <geom type="sphere" size="0.1" contype="1" conaffinity="2"/>
   <geom name="named" type="box" size="0.1 0.1 0.1"/>
  </body>
  <body name="b2"><freejoint/>
   <geom type="capsule" size="0.1 0.2" contype="2" conaffinity="1"
         rgba="0 1 0 1"/>
  </body>
  <body name="b3"><freejoint/>
   <geom type="sphere" size="0.1" contype="4" conaffinity="4"/>
  </body>
  <body name="b4"><freejoint/>
   <geom type="sphere" size="0.1" contype="0" conaffinity="0"/>
  </body>
 </worldbody>
</mujoco>)";
  systems::DiagramBuilder<double> builder;
  auto [plant, scene_graph] = AddMultibodyPlantSceneGraph(&builder, 0.0);
  Parser(&plant).AddModelsFromString(xml, "xml");
  plant.Finalize();
  const SceneGraphInspector<double>& inspector = scene_graph.model_inspector();
  // Each geom is drawn and (unless both bit masks are 0) collides, under one
  // name; unnamed geoms are geom<i>.
  EXPECT_EQ(Names(plant, inspector, "b1", Role::kIllustration),
            (std::set<std::string>{"m::geom0", "m::named"}));
  EXPECT_EQ(Names(plant, inspector, "b1", Role::kProximity),
            (std::set<std::string>{"m::geom0", "m::named"}));
  EXPECT_TRUE(Names(plant, inspector, "b4", Role::kProximity).empty());
  EXPECT_EQ(Names(plant, inspector, "world", Role::kProximity),
            (std::set<std::string>{"geom0"}));
  auto geom = [&](const char* body, int i) {
    return plant.GetCollisionGeometriesForBody(plant.GetBodyByName(body))
        .at(i);
  };
  const GeometryId plane =
      plant.GetCollisionGeometriesForBody(plant.world_body()).at(0);
  // (contype₁ & conaffinity₂) | (contype₂ & conaffinity₁): b1's sphere
  // (1, 2) and b2's capsule (2, 1) collide; b3 (4, 4) collides with
  // nothing else; the defaults (1, 1) collide with b1's sphere and b2.
  EXPECT_FALSE(inspector.CollisionFiltered(geom("b1", 0), geom("b2", 0)));
  EXPECT_TRUE(inspector.CollisionFiltered(geom("b3", 0), geom("b1", 0)));
  EXPECT_TRUE(inspector.CollisionFiltered(geom("b3", 0), plane));
  EXPECT_FALSE(inspector.CollisionFiltered(geom("b1", 1), plane));
  EXPECT_FALSE(inspector.CollisionFiltered(geom("b2", 0), plane));
}

TEST(RegisterGeometry, WorldGeometryOfTwoParsesGetsUniqueNames) {
  // Each file's unnamed world geom is "geom0"; the world's names are not
  // scoped by model, so the second becomes geom0_1.
  const std::string xml = R"(<mujoco model="m%"><worldbody>
    <geom type="plane" size="1 1 1"/></worldbody></mujoco>)";
  systems::DiagramBuilder<double> builder;
  auto [plant, scene_graph] = AddMultibodyPlantSceneGraph(&builder, 0.0);
  for (const char* suffix : {"1", "2"}) {
    std::string text = xml;
    text.replace(text.find('%'), 1, suffix);
    Parser(&plant).AddModelsFromString(text, "xml");
  }
  EXPECT_EQ(Names(plant, scene_graph.model_inspector(), "world",
                  Role::kProximity),
            (std::set<std::string>{"geom0", "geom0_1"}));
}

TEST(RegisterGeometry, ParserConstructorsWithSceneGraphAndBuilder) {
  const std::string urdf = ThreeLinkUrdf();
  {
    MultibodyPlant<double> plant(0.0);
    SceneGraph<double> scene_graph;
    Parser(&plant, &scene_graph).AddModelsFromString(urdf, "urdf");
    EXPECT_TRUE(plant.geometry_source_is_registered());
    EXPECT_EQ(plant.num_collision_geometries(), 4);
    SceneGraph<double> other;
    EXPECT_LOGIC_ERROR(Parser(&plant, &other), "different SceneGraph");
  }
  {
    systems::DiagramBuilder<double> builder;
    auto [plant, scene_graph] = AddMultibodyPlant(MultibodyPlantConfig(),
                                                  &builder);
    Parser parser(&builder);
    EXPECT_EQ(&parser.plant(), &plant);
    parser.AddModelsFromString(urdf, "urdf");
    EXPECT_EQ(plant.num_visual_geometries(), 3);
  }
  systems::DiagramBuilder<double> empty;
  EXPECT_LOGIC_ERROR(Parser{&empty}, "no MultibodyPlant named 'plant'");
  // Without a SceneGraph geometry stays in the specs and nothing is read.
  MultibodyPlant<double> plant(0.0);
  Parser(&plant).AddModelsFromString(urdf, "urdf");
  EXPECT_EQ(plant.num_collision_geometries(), 0);
}

TEST(RegisterGeometry, BadGeometryNamesFileLineAndElement) {
  systems::DiagramBuilder<double> builder;
  auto [plant, scene_graph] = AddMultibodyPlantSceneGraph(&builder, 0.0);
  ExpectParseError(
      [&] {
        Parser(&plant).AddModelsFromString(
            std::string("<robot name='r'><link name='a'>") + kInertia +
                "\n<collision name='c'><geometry><sphere radius='1'/>"
                "</geometry><drake:proximity_properties><drake:mu_static "
                "value='0.1'/><drake:mu_dynamic value='0.5'/>"
                "</drake:proximity_properties></collision></link></robot>",
            "urdf");
      },
      {"<string>.urdf:2:", "<collision name='c'>",
       "dynamic friction (0.5) is greater"});
  ExpectParseError(
      [&] {
        Parser(&plant).AddModelsFromString(
            std::string("<robot name='q'><link name='a'>") + kInertia +
                "<collision name='c'><geometry><box size='1 1 1'/>"
                "</geometry></collision>"
                "</link><drake:collision_filter_group name='g'>\n"
                "<drake:member link='nope'/></drake:collision_filter_group>"
                "</robot>",
            "urdf");
      },
      {"<string>.urdf:2:", "collision filter group 'g'", "'nope'"});
}

}  // namespace register_geometry_test
}  // namespace ossa::multibody
