// Compliant point contact of a continuous MultibodyPlant: the force law
// against closed forms (resting penetration m·g/k, friction on an incline),
// the combination rules, the regularized Stribeck friction, the
// penetration-allowance estimate, the contact ports, plants without
// contact, the contact models and bad input.
//
// Agreement with the reference on the same scenes is in
// python/ossa/test/contact_drake_agreement_test.py.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "ossa/common/test/expect_logic_error.h"
#include "ossa/geometry/geometry_properties.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant/multibody_plant_config_functions.h"
#include "ossa/multibody/plant/point_contact.h"
#include "ossa/systems/framework/diagram.h"
#include "ossa/systems/framework/diagram_builder.h"

namespace ossa::multibody {
namespace multibody_plant_contact_test {

using geometry::HalfSpace;
using geometry::ProximityProperties;
using math::RigidTransform;
using math::RotationMatrix;

constexpr double kG = 9.81;

// Proximity properties with the given point stiffness (N/m), dissipation
// (s/m) and friction.
ProximityProperties ContactProps(double k, double d, double mu_s, double mu_d) {
  ProximityProperties props;
  props.AddProperty(geometry::kMaterialGroup, geometry::kPointStiffness, k);
  props.AddProperty(geometry::kMaterialGroup, geometry::kHcDissipation, d);
  props.AddProperty(geometry::kMaterialGroup, geometry::kFriction,
                    CoulombFriction<double>(mu_s, mu_d));
  return props;
}

// A free body ("body", mass m, its collision geometry `shape` with
// `body_props`) above the half space z <= 0 of the world tilted by θ about
// x (its normal n̂ = R_x(θ)·ẑ), with `ground_props`.
struct ContactScene {
  ContactScene(double time_step, const geometry::Shape& shape, double mass,
               const SpatialInertia<double>& M_BBo_B,
               ProximityProperties body_props, ProximityProperties ground_props,
               double theta = 0.0, ContactModel model = ContactModel::kPoint) {
    auto [p, s] = AddMultibodyPlantSceneGraph(&builder, time_step);
    plant = &p;
    plant->set_contact_model(model);
    (void)mass;
    body = &plant->AddRigidBody("body", M_BBo_B);
    R_WG = RotationMatrix<double>::MakeXRotation(theta);
    plant->RegisterCollisionGeometry(
        plant->world_body(),
        RigidTransform<double>(R_WG, Vector3<double>::Zero()), HalfSpace(),
        "ground", std::move(ground_props));
    plant->RegisterCollisionGeometry(*body, RigidTransform<double>(), shape,
                                     "body_geometry", std::move(body_props));
  }
  void Build() {
    plant->Finalize();
    diagram = builder.Build();
    context = diagram->CreateDefaultContext();
    plant_context = &plant->GetMyMutableContextFromRoot(context.get());
  }
  // Places the body at X_WB with spatial velocity V_WB.
  void Set(const RigidTransform<double>& X_WB,
           const SpatialVelocity<double>& V_WB) {
    plant->SetFreeBodyPose(plant_context, *body, X_WB);
    plant->SetFreeBodySpatialVelocity(plant_context, *body, V_WB);
  }
  // v̇ (the free body's [α_WB_W; a_WBo_W]).
  VectorX<double> Vdot() const {
    auto derivatives = plant->AllocateTimeDerivatives();
    plant->CalcTimeDerivatives(*plant_context, derivatives.get());
    const VectorX<double> xdot = derivatives->CopyToVector();
    return xdot.tail(plant->num_velocities());
  }
  const ContactResults<double>& Results() const {
    return plant->get_contact_results_output_port()
        .template Eval<ContactResults<double>>(*plant_context);
  }

  systems::DiagramBuilder<double> builder;
  MultibodyPlant<double>* plant{};
  const RigidBody<double>* body{};
  RotationMatrix<double> R_WG;
  std::unique_ptr<systems::Diagram<double>> diagram;
  std::unique_ptr<systems::Context<double>> context;
  systems::Context<double>* plant_context{};
};

constexpr double kMass = 2.0;
constexpr double kRadius = 0.1;
const SpatialInertia<double> kBall =
    SpatialInertia<double>::SolidSphereWithMass(kMass, kRadius);

// Resting penetration: a sphere on the ground, each geometry with stiffness
// k (combined in series: k/2) rests where k/2·x = m·g, x = 2·m·g/k; there
// (at rest) v̇ = 0, and the reported normal force is m·g.
TEST(PointContact, SphereRestsAtPenetrationMgOverK) {
  const double k = 1.0e5, d = 2.0;
  ContactScene scene(0.0, geometry::Sphere(kRadius), kMass, kBall,
                     ContactProps(k, d, 0.5, 0.5),
                     ContactProps(k, d, 0.5, 0.5));
  scene.Build();
  const double x = kMass * kG / (k / 2);
  scene.Set(RigidTransform<double>(Vector3<double>(0.3, -0.2, kRadius - x)),
            SpatialVelocity<double>::Zero());
  // v̇ is a difference of forces of size m·g: zero to rounding (1e-12
  // relative to g).
  EXPECT_LT(scene.Vdot().norm(), 1e-12 * kG);
  const ContactResults<double>& results = scene.Results();
  ASSERT_EQ(results.num_point_pair_contacts(), 1);
  const PointPairContactInfo<double>& info = results.point_pair_contact_info(0);
  // The ground's geometry was registered first: it is A; the force on B
  // (the sphere) is +m·g·ẑ. Either way the sphere's force is up.
  const double sign = info.bodyB_index() == scene.body->index() ? 1.0 : -1.0;
  EXPECT_NEAR(sign * info.contact_force().z(), kMass * kG, 1e-9);
  EXPECT_NEAR(info.point_pair().depth, x, 1e-15);
  EXPECT_DOUBLE_EQ(info.separation_speed(), 0.0);
  EXPECT_DOUBLE_EQ(info.slip_speed(), 0.0);
  // C is the midpoint of the witness points: (0.3, −0.2, −x/2).
  EXPECT_TRUE(
      info.contact_point().isApprox(Vector3<double>(0.3, -0.2, -x / 2), 1e-14));
  // Deeper than x it is pushed up, at x exactly k/2·δx/m more.
  scene.Set(RigidTransform<double>(Vector3<double>(0, 0, kRadius - 2 * x)),
            SpatialVelocity<double>::Zero());
  EXPECT_NEAR(scene.Vdot()(5), kG, 1e-9);
}

// Hunt–Crossley: approaching at vₙ the normal force is k·x·(1 + d·vₙ); the
// separation speed reported is vₙ (> 0 approaching, as the reference); when
// separating fast enough that 1 + d·vₙ <= 0 there is no force and no
// contact.
TEST(PointContact, HuntCrossleyDissipation) {
  const double k = 1.0e5, d = 2.0, x = 1e-3;
  ContactScene scene(0.0, geometry::Sphere(kRadius), kMass, kBall,
                     ContactProps(k, d, 0.5, 0.5),
                     ContactProps(k, d, 0.5, 0.5));
  scene.Build();
  const double vn = 0.3;
  scene.Set(RigidTransform<double>(Vector3<double>(0, 0, kRadius - x)),
            SpatialVelocity<double>(Vector3<double>::Zero(),
                                    Vector3<double>(0, 0, -vn)));
  const PointPairContactInfo<double>& info =
      scene.Results().point_pair_contact_info(0);
  EXPECT_NEAR(info.separation_speed(), vn, 1e-15);
  EXPECT_NEAR(std::abs(info.contact_force().z()), k / 2 * x * (1 + d * vn),
              1e-9);
  scene.Set(RigidTransform<double>(Vector3<double>(0, 0, kRadius - x)),
            SpatialVelocity<double>(Vector3<double>::Zero(),
                                    Vector3<double>(0, 0, 1.0 / d + 0.01)));
  EXPECT_EQ(scene.Results().num_point_pair_contacts(), 0);
  EXPECT_NEAR(scene.Vdot()(5), -kG, 1e-12);
}

// A box on an incline of angle θ with friction μₛ, μ_d (both geometries
// alike: the combination 2μμ/(μ+μ) = μ), resting at its normal
// equilibrium penetration:
// - tan θ <= μₛ: it sticks — a creep speed v* <= vₜₒₗ with
//   μₛ·σ(v*/vₜₒₗ) = tan θ exists, at which the acceleration along the slope
//   is zero;
// - tan θ > μₛ: every slip speed accelerates it down the slope, at
//   g·(sin θ − μ_d·cos θ) once it slips faster than 3·vₜₒₗ.
class BoxOnIncline : public ::testing::Test {
 protected:
  static constexpr double kK = 1.0e6, kD = 0.0, kMuS = 0.6, kMuD = 0.4;
  static constexpr double kHalf = 0.1;

  std::unique_ptr<ContactScene> MakeScene(double theta) {
    auto scene = std::make_unique<ContactScene>(
        0.0, geometry::Box(2 * kHalf, 2 * kHalf, 2 * kHalf), kMass,
        SpatialInertia<double>::SolidCubeWithMass(kMass, 2 * kHalf),
        ContactProps(kK, kD, kMuS, kMuD), ContactProps(kK, kD, kMuS, kMuD),
        theta);
    scene->Build();
    return scene;
  }
  // The acceleration of the box's center along the slope (down positive)
  // when it slides down at `speed`, resting at its normal equilibrium.
  double SlopeAcceleration(ContactScene* scene, double theta, double speed) {
    const Vector3<double> n_W = scene->R_WG * Vector3<double>::UnitZ();
    // Down the slope: the component of −ẑ in the plane.
    Vector3<double> down_W = -Vector3<double>::UnitZ() + n_W.z() * n_W;
    down_W.normalize();
    // k/2·x = m·g·cos θ: one contact point (the deepest vertex).
    const double x = kMass * kG * std::cos(theta) / (kK / 2);
    const Vector3<double> p_WBo = (kHalf - x) * n_W;
    scene->Set(
        RigidTransform<double>(scene->R_WG, p_WBo),
        SpatialVelocity<double>(Vector3<double>::Zero(), speed * down_W));
    const VectorX<double> vdot = scene->Vdot();
    return vdot.tail<3>().dot(down_W);
  }
  // σ(s) = 10s³ − 15s⁴ + 6s⁵ solved for σ = target in [0, 1] by bisection.
  static double SolveStep(double target) {
    double lo = 0, hi = 1;
    for (int i = 0; i < 200; ++i) {
      const double s = 0.5 * (lo + hi);
      const double sigma = s * s * s * (10 + s * (6 * s - 15));
      (sigma < target ? lo : hi) = s;
    }
    return 0.5 * (lo + hi);
  }
};

TEST_F(BoxOnIncline, SticksWhenTanThetaAtMostMuStatic) {
  const double theta = std::atan(0.5);  // tan θ = 0.5 < μₛ = 0.6
  auto scene = MakeScene(theta);
  const double v_tol = scene->plant->stiction_tolerance();
  const double s_star = SolveStep(std::tan(theta) / kMuS);
  ASSERT_LE(s_star, 1.0);
  // Zero along the slope at the creep speed, to rounding of forces m·g.
  EXPECT_NEAR(SlopeAcceleration(scene.get(), theta, s_star * v_tol), 0.0, 1e-9);
  // Slower it accelerates, faster it decelerates: the creep is stable.
  EXPECT_GT(SlopeAcceleration(scene.get(), theta, 0.5 * s_star * v_tol), 0.0);
  EXPECT_LT(SlopeAcceleration(scene.get(), theta, 1.5 * s_star * v_tol), 0.0);
}

TEST_F(BoxOnIncline, SlidesWhenTanThetaAboveMuStatic) {
  const double theta = std::atan(0.7);  // tan θ = 0.7 > μₛ = 0.6
  auto scene = MakeScene(theta);
  const double v_tol = scene->plant->stiction_tolerance();
  for (double s : {0.0, 0.3, 1.0, 1.5, 2.0, 2.9}) {
    EXPECT_GT(SlopeAcceleration(scene.get(), theta, s * v_tol), 0.0) << s;
  }
  for (double speed : {3.0 * v_tol, 0.1, 2.0}) {
    EXPECT_NEAR(SlopeAcceleration(scene.get(), theta, speed),
                kG * (std::sin(theta) - kMuD * std::cos(theta)), 1e-9)
        << speed;
  }
}

// The combination rules: springs in series and the dissipation weighted by
// the other geometry's compliance; (0, 0) for two zero stiffnesses.
TEST(PointContactLaw, CombinePointContactParameters) {
  auto [k, d] = internal::CombinePointContactParameters(2e5, 2e5, 3.0, 3.0);
  EXPECT_DOUBLE_EQ(k, 1e5);
  EXPECT_DOUBLE_EQ(d, 3.0);
  std::tie(k, d) = internal::CombinePointContactParameters(1e5, 3e5, 1.0, 5.0);
  EXPECT_DOUBLE_EQ(k, 1e5 * 3e5 / 4e5);
  EXPECT_DOUBLE_EQ(d, 0.75 * 1.0 + 0.25 * 5.0);
  std::tie(k, d) = internal::CombinePointContactParameters(0, 0, 1.0, 5.0);
  EXPECT_EQ(k, 0.0);
  EXPECT_EQ(d, 0.0);
}

// The regularized Stribeck coefficient at the closed-form points of
// σ(s) = 10s³ − 15s⁴ + 6s⁵: σ(½) = ½, σ(1) = 1; continuous at s = 1 and 3.
TEST(PointContactLaw, StribeckFrictionCoefficient) {
  const CoulombFriction<double> mu(0.8, 0.3);
  const double v = 1e-3;
  auto f = [&](double s) {
    return internal::StribeckFrictionCoefficient<double>(s * v, v, mu);
  };
  EXPECT_EQ(f(0), 0.0);
  EXPECT_NEAR(f(0.5), 0.8 * 0.5, 1e-15);
  EXPECT_NEAR(f(1.0), 0.8, 1e-15);
  EXPECT_NEAR(f(2.0), 0.8 - 0.5 * 0.5, 1e-15);
  EXPECT_NEAR(f(3.0), 0.3, 1e-15);
  EXPECT_EQ(f(10.0), 0.3);
  EXPECT_NEAR(f(1 - 1e-9), f(1 + 1e-9), 1e-8);
  EXPECT_NEAR(f(3 - 1e-9), f(3 + 1e-9), 1e-8);
}

// The penetration-allowance estimate: k_c = m·g/δ, ω = √(g/δ), time scale
// 1/ω, dissipation (1/ω)/δ, one geometry's stiffness 2·k_c.
TEST(PointContactLaw, EstimateFromPenetrationAllowance) {
  const auto p = internal::EstimatePointContactParameters(5.0, kG, 1e-3);
  EXPECT_DOUBLE_EQ(p.time_scale, std::sqrt(1e-3 / kG));
  EXPECT_DOUBLE_EQ(p.dissipation, std::sqrt(1e-3 / kG) / 1e-3);
  EXPECT_DOUBLE_EQ(p.geometry_stiffness, 2 * 5.0 * kG / 1e-3);
}

// A geometry's material: its own property first, then the SceneGraph
// defaults, then (defaults unset) the penetration-allowance estimate.
TEST(PointContactLaw, MaterialFallbackChain) {
  const auto estimate = internal::EstimatePointContactParameters(2.0, kG, 1e-3);
  const internal::DefaultPointContactProperties reference_defaults;
  internal::DefaultPointContactProperties unset;
  unset.point_stiffness.reset();
  unset.hunt_crossley_dissipation.reset();
  const ProximityProperties empty;
  auto m = internal::GetPointContactMaterial("g", empty, reference_defaults,
                                             estimate);
  EXPECT_EQ(m.stiffness, 1e6);
  EXPECT_EQ(m.dissipation, 50.0);
  EXPECT_EQ(m.friction.static_friction(), 0.5);
  EXPECT_EQ(m.friction.dynamic_friction(), 0.5);
  m = internal::GetPointContactMaterial("g", empty, unset, estimate);
  EXPECT_EQ(m.stiffness, 2 * 2.0 * kG / 1e-3);
  EXPECT_EQ(m.dissipation, std::sqrt(1e-3 / kG) / 1e-3);
  const ProximityProperties own = ContactProps(3e4, 7.0, 0.9, 0.8);
  m = internal::GetPointContactMaterial("g", own, unset, estimate);
  EXPECT_EQ(m.stiffness, 3e4);
  EXPECT_EQ(m.dissipation, 7.0);
  EXPECT_EQ(m.friction.static_friction(), 0.9);
  EXPECT_EQ(m.friction.dynamic_friction(), 0.8);
  unset.static_friction.reset();
  EXPECT_LOGIC_ERROR(
      internal::GetPointContactMaterial("g", empty, unset, estimate), "'g'",
      "coulomb_friction", "no default friction");
}

TEST(PointContactPlant, PenaltyTimeScale) {
  ContactScene scene(0.0, geometry::Sphere(kRadius), kMass, kBall,
                     ProximityProperties(), ProximityProperties());
  scene.Build();
  EXPECT_DOUBLE_EQ(scene.plant->get_contact_penalty_method_time_scale(),
                   std::sqrt(1e-3 / kG));
  scene.plant->set_penetration_allowance(1e-2);
  EXPECT_DOUBLE_EQ(scene.plant->get_contact_penalty_method_time_scale(),
                   std::sqrt(1e-2 / kG));
  // −1 without collision geometry, as the reference.
  MultibodyPlant<double> bare(0.0);
  bare.AddRigidBody("ball", kBall);
  bare.Finalize();
  EXPECT_EQ(bare.get_contact_penalty_method_time_scale(), -1.0);
}

// A geometry without contact properties gets the reference's SceneGraph
// defaults: k = 1e6 N/m, d = 50 s/m, μₛ = μ_d = 0.5. Two of them combine to
// k = 5e5, d = 50, μ = 0.5; a slipping sphere pressed in by x feels
// fₙ = 5e5·x·(1 + 50·vₙ) and friction 0.5·fₙ.
TEST(PointContactPlant, DefaultProperties) {
  ContactScene scene(0.0, geometry::Sphere(kRadius), kMass, kBall,
                     ProximityProperties(), ProximityProperties());
  scene.Build();
  const double x = 0.01, vn = 0.1, vt = 0.2;
  scene.Set(RigidTransform<double>(Vector3<double>(0, 0, kRadius - x)),
            SpatialVelocity<double>(Vector3<double>::Zero(),
                                    Vector3<double>(vt, 0, -vn)));
  const PointPairContactInfo<double>& info =
      scene.Results().point_pair_contact_info(0);
  const double fn = 5e5 * x * (1 + 50 * vn);
  const Vector3<double> f_ball(-0.5 * fn, 0, fn);
  const double sign = info.bodyB_index() == scene.body->index() ? 1.0 : -1.0;
  EXPECT_TRUE((sign * info.contact_force()).isApprox(f_ball, 1e-12));
  EXPECT_NEAR(info.slip_speed(), vt, 1e-15);
}

// The SceneGraph's configuration supplies the material of geometry without
// its own: with k = 4e4 N/m and d = 2 s/m on both (series: k/2, d), a
// slipping sphere pressed in by x feels fₙ = k/2·x·(1 + d·vₙ) and friction
// μ_d·fₙ. With stiffness and dissipation unset, the penetration-allowance
// estimate applies (combined k = m·g/δ, d = t/δ with t = √(δ/g)). A
// "compliant" default makes the pair hydroelastic under
// kHydroelasticWithFallback, which raises "not yet supported".
TEST(PointContactPlant, SceneGraphConfigDefaults) {
  auto normal_force = [](const geometry::SceneGraphConfig& config,
                         const std::string& contact_model, double x, double vn,
                         double vt) {
    systems::DiagramBuilder<double> builder;
    MultibodyPlantConfig plant_config;
    plant_config.time_step = 0.0;
    plant_config.contact_model = contact_model;
    auto [plant, scene_graph] =
        AddMultibodyPlant(plant_config, config, &builder);
    EXPECT_EQ(
        scene_graph.get_config().default_proximity_properties.point_stiffness,
        config.default_proximity_properties.point_stiffness);
    const RigidBody<double>& ball = plant.AddRigidBody("ball", kBall);
    plant.RegisterCollisionGeometry(plant.world_body(),
                                    RigidTransform<double>(), HalfSpace(),
                                    "ground", ProximityProperties());
    plant.RegisterCollisionGeometry(ball, RigidTransform<double>(),
                                    geometry::Sphere(kRadius), "ball",
                                    ProximityProperties());
    plant.Finalize();
    auto diagram = builder.Build();
    auto context = diagram->CreateDefaultContext();
    auto& plant_context = plant.GetMyMutableContextFromRoot(context.get());
    plant.SetFreeBodyPose(
        &plant_context, ball,
        RigidTransform<double>(Vector3<double>(0, 0, kRadius - x)));
    plant.SetFreeBodySpatialVelocity(
        &plant_context, ball,
        SpatialVelocity<double>(Vector3<double>::Zero(),
                                Vector3<double>(vt, 0, -vn)));
    const auto& info = plant.get_contact_results_output_port()
                           .Eval<ContactResults<double>>(plant_context)
                           .point_pair_contact_info(0);
    const double sign = info.bodyB_index() == ball.index() ? 1.0 : -1.0;
    return Vector3<double>(sign * info.contact_force());
  };
  const double x = 0.01, vn = 0.1, vt = 0.2;
  geometry::SceneGraphConfig config;
  auto& defaults = config.default_proximity_properties;
  defaults.point_stiffness = 4e4;
  defaults.hunt_crossley_dissipation = 2.0;
  defaults.static_friction = 0.3;
  defaults.dynamic_friction = 0.2;
  double fn = 4e4 / 2 * x * (1 + 2.0 * vn);
  EXPECT_TRUE(normal_force(config, "point", x, vn, vt)
                  .isApprox(Vector3<double>(-0.2 * fn, 0, fn), 1e-12));
  defaults.point_stiffness.reset();
  defaults.hunt_crossley_dissipation.reset();
  const auto estimate =
      internal::EstimatePointContactParameters(kMass, kG, 1e-3);
  fn = estimate.geometry_stiffness / 2 * x * (1 + estimate.dissipation * vn);
  EXPECT_TRUE(normal_force(config, "point", x, vn, vt)
                  .isApprox(Vector3<double>(-0.2 * fn, 0, fn), 1e-12));
  defaults.compliance_type = "compliant";
  EXPECT_LOGIC_ERROR(
      normal_force(config, "hydroelastic_with_fallback", x, vn, vt),
      "hydroelastic", "not yet supported");
  defaults.point_stiffness = -1.0;
  systems::DiagramBuilder<double> builder;
  EXPECT_THROW(AddMultibodyPlant(MultibodyPlantConfig{}, config, &builder),
               std::runtime_error);
  EXPECT_TRUE(builder.GetSystems().empty());
}

// The generalized contact forces of the free body: τ = [p_BoC_W × f; f]
// with f the contact force on the sphere (the floating joint's velocities
// are [ω_WB_W; v_WBo_W]); the world's instance has no velocities.
TEST(PointContactPlant, GeneralizedContactForces) {
  ContactScene scene(0.0, geometry::Sphere(kRadius), kMass, kBall,
                     ProximityProperties(), ContactProps(1e5, 1.0, 0.9, 0.7));
  scene.Build();
  scene.Set(RigidTransform<double>(Vector3<double>(0.1, 0.2, 0.09)),
            SpatialVelocity<double>(Vector3<double>(0.3, 0.1, 0.2),
                                    Vector3<double>(0.05, 0.02, -0.3)));
  const PointPairContactInfo<double>& info =
      scene.Results().point_pair_contact_info(0);
  const double sign = info.bodyB_index() == scene.body->index() ? 1.0 : -1.0;
  const Vector3<double> f = sign * info.contact_force();
  const Vector3<double> p_BoC_W =
      info.contact_point() - Vector3<double>(0.1, 0.2, 0.09);
  VectorX<double> expected(6);
  expected << p_BoC_W.cross(f), f;
  const VectorX<double> tau =
      scene.plant
          ->get_generalized_contact_forces_output_port(default_model_instance())
          .Eval(*scene.plant_context);
  EXPECT_TRUE(tau.isApprox(expected, 1e-12));
  EXPECT_EQ(
      scene.plant
          ->get_generalized_contact_forces_output_port(world_model_instance())
          .Eval(*scene.plant_context)
          .size(),
      0);
  EXPECT_LOGIC_ERROR(scene.plant->get_generalized_contact_forces_output_port(
                         ModelInstanceIndex(7)),
                     "get_generalized_contact_forces_output_port", "invalid");
}

// Plants without contact: no SceneGraph; a SceneGraph with no collision
// geometry (its query port unconnected, never read); a discrete plant
// (contact not computed yet: empty results, zero forces). Each falls
// freely.
TEST(PointContactPlant, PlantsWithoutContactFallFreely) {
  {
    MultibodyPlant<double> plant(0.0);
    const RigidBody<double>& ball = plant.AddRigidBody("ball", kBall);
    plant.Finalize();
    auto context = plant.CreateDefaultContext();
    EXPECT_EQ(plant.get_contact_results_output_port()
                  .Eval<ContactResults<double>>(*context)
                  .num_point_pair_contacts(),
              0);
    EXPECT_TRUE(plant
                    .get_generalized_contact_forces_output_port(
                        default_model_instance())
                    .Eval(*context)
                    .isZero());
    auto derivatives = plant.AllocateTimeDerivatives();
    plant.CalcTimeDerivatives(*context, derivatives.get());
    EXPECT_NEAR(derivatives->CopyToVector()(12), -kG, 1e-14);
    (void)ball;
  }
  {
    systems::DiagramBuilder<double> builder;
    auto [plant, scene_graph] = AddMultibodyPlantSceneGraph(&builder, 0.0);
    const RigidBody<double>& ball = plant.AddRigidBody("ball", kBall);
    plant.RegisterVisualGeometry(ball, RigidTransform<double>(),
                                 geometry::Sphere(kRadius), "ball",
                                 Vector4<double>(1, 0, 0, 1));
    plant.Finalize();
    // Standalone: the geometry_query port is not connected.
    auto context = plant.CreateDefaultContext();
    auto derivatives = plant.AllocateTimeDerivatives();
    plant.CalcTimeDerivatives(*context, derivatives.get());
    EXPECT_NEAR(derivatives->CopyToVector()(12), -kG, 1e-14);
  }
  {
    ContactScene scene(1e-3, geometry::Sphere(kRadius), kMass, kBall,
                       ProximityProperties(), ProximityProperties());
    scene.Build();
    scene.Set(RigidTransform<double>(Vector3<double>(0, 0, 0.05)),
              SpatialVelocity<double>::Zero());
    EXPECT_EQ(scene.Results().num_point_pair_contacts(), 0);
  }
}

// With collision geometry, contact needs the query port: a standalone
// Context of such a plant says so.
TEST(PointContactPlant, UnconnectedQueryPortThrows) {
  systems::DiagramBuilder<double> builder;
  auto [plant, scene_graph] = AddMultibodyPlantSceneGraph(&builder, 0.0);
  plant.AddRigidBody("ball", kBall);
  plant.RegisterCollisionGeometry(plant.world_body(), RigidTransform<double>(),
                                  HalfSpace(), "ground",
                                  CoulombFriction<double>(1, 1));
  plant.Finalize();
  auto context = plant.CreateDefaultContext();
  auto derivatives = plant.AllocateTimeDerivatives();
  EXPECT_LOGIC_ERROR(plant.CalcTimeDerivatives(*context, derivatives.get()),
                     "geometry_query", "not connected");
}

// kHydroelastic is not supported yet; kHydroelasticWithFallback uses point
// contact for geometry without hydroelastic properties (and for two rigid
// ones), and refuses a pair the reference would treat hydroelastically.
TEST(PointContactPlant, ContactModels) {
  auto place = [](ContactScene* scene) {
    scene->Set(RigidTransform<double>(Vector3<double>(0, 0, 0.09)),
               SpatialVelocity<double>::Zero());
  };
  {
    ContactScene scene(0.0, geometry::Sphere(kRadius), kMass, kBall,
                       ProximityProperties(), ProximityProperties(), 0.0,
                       ContactModel::kHydroelastic);
    scene.Build();
    place(&scene);
    EXPECT_LOGIC_ERROR(scene.Results(), "kHydroelastic", "not yet supported");
  }
  {
    ContactScene scene(0.0, geometry::Sphere(kRadius), kMass, kBall,
                       ProximityProperties(), ProximityProperties(), 0.0,
                       ContactModel::kHydroelasticWithFallback);
    scene.Build();
    place(&scene);
    EXPECT_EQ(scene.Results().num_point_pair_contacts(), 1);
  }
  {
    ProximityProperties rigid_a, rigid_b;
    geometry::AddRigidHydroelasticProperties(std::nullopt, &rigid_a);
    geometry::AddRigidHydroelasticProperties(std::nullopt, &rigid_b);
    ContactScene scene(0.0, geometry::Sphere(kRadius), kMass, kBall,
                       std::move(rigid_a), std::move(rigid_b), 0.0,
                       ContactModel::kHydroelasticWithFallback);
    scene.Build();
    place(&scene);
    EXPECT_EQ(scene.Results().num_point_pair_contacts(), 1);
  }
  {
    ProximityProperties soft, rigid;
    geometry::AddCompliantHydroelasticProperties(std::nullopt, 1e7, &soft);
    geometry::AddRigidHydroelasticProperties(std::nullopt, &rigid);
    ContactScene scene(0.0, geometry::Sphere(kRadius), kMass, kBall,
                       std::move(soft), std::move(rigid), 0.0,
                       ContactModel::kHydroelasticWithFallback);
    scene.Build();
    place(&scene);
    EXPECT_LOGIC_ERROR(scene.Results(), "body_geometry", "ground",
                       "not yet supported");
  }
}

// Bad contact properties are reported naming the geometry.
TEST(PointContactPlant, BadPropertiesNameTheGeometry) {
  auto evaluate = [](ProximityProperties body_props) {
    ContactScene scene(0.0, geometry::Sphere(kRadius), kMass, kBall,
                       std::move(body_props), ProximityProperties());
    scene.Build();
    scene.Set(RigidTransform<double>(Vector3<double>(0, 0, 0.09)),
              SpatialVelocity<double>::Zero());
    scene.Results();
  };
  {
    ProximityProperties props;
    props.AddProperty(geometry::kMaterialGroup, geometry::kPointStiffness,
                      -1.0e5);
    EXPECT_LOGIC_ERROR(evaluate(props), "body_geometry",
                       "point_contact_stiffness", "non-negative");
  }
  {
    ProximityProperties props;
    props.AddProperty(geometry::kMaterialGroup, geometry::kHcDissipation, -3.0);
    EXPECT_LOGIC_ERROR(evaluate(props), "body_geometry",
                       "hunt_crossley_dissipation", "non-negative");
  }
  {
    ProximityProperties props;
    props.AddProperty(geometry::kMaterialGroup, geometry::kHcDissipation,
                      std::nan(""));
    EXPECT_LOGIC_ERROR(evaluate(props), "body_geometry", "nan");
  }
  {
    ProximityProperties props;
    props.AddProperty(geometry::kMaterialGroup, geometry::kFriction, 0.5);
    EXPECT_LOGIC_ERROR(evaluate(props), "body_geometry", "coulomb_friction",
                       "CoulombFriction");
  }
  // A negative coefficient cannot make a CoulombFriction.
  EXPECT_LOGIC_ERROR(CoulombFriction<double>(-0.5, -0.5), "negative");
}

// AutoDiffXd: the converted diagram gives the same v̇, and its derivative
// with respect to the height z agrees with a central difference of the
// double plant's (v̇ is smooth in z here: the slip speed does not depend on
// z; step 1e-7 m, truncation and rounding far below the 1e-6 tolerance).
TEST(PointContactPlant, AutoDiffMatchesDoubleAndFiniteDifferences) {
  ContactScene scene(0.0, geometry::Sphere(kRadius), kMass, kBall,
                     ProximityProperties(), ContactProps(1e5, 1.0, 0.9, 0.7));
  scene.Build();
  const Vector3<double> w(0.3, 0.1, 0.2), v(0.05, 0.02, -0.3);
  auto vdot_at = [&](double z) {
    scene.Set(RigidTransform<double>(Vector3<double>(0.1, 0.2, z)),
              SpatialVelocity<double>(w, v));
    return scene.Vdot();
  };
  const double z = 0.09, h = 1e-7;
  const VectorX<double> vdot = vdot_at(z);
  const VectorX<double> dvdot_dz = (vdot_at(z + h) - vdot_at(z - h)) / (2 * h);
  vdot_at(z);
  const VectorX<double> x =
      scene.plant_context->get_continuous_state_vector().CopyToVector();
  std::unique_ptr<systems::System<AutoDiffXd>> ad_system =
      scene.diagram->ToAutoDiffXd();
  auto ad_context = ad_system->CreateDefaultContext();
  const auto& ad_plant = dynamic_cast<const MultibodyPlant<AutoDiffXd>&>(
      dynamic_cast<const systems::Diagram<AutoDiffXd>&>(*ad_system)
          .GetSubsystemByName("plant"));
  VectorX<AutoDiffXd> x_ad = x.cast<AutoDiffXd>();
  // x = [q; v] with q = [quaternion; p_WBo]: z is q(6).
  x_ad(6) = AutoDiffXd(x(6), Eigen::VectorXd::Unit(1, 0));
  ad_plant.GetMyMutableContextFromRoot(ad_context.get())
      .SetContinuousState(x_ad);
  auto derivatives = ad_system->AllocateTimeDerivatives();
  ad_system->CalcTimeDerivatives(*ad_context, derivatives.get());
  const VectorX<AutoDiffXd> xdot = derivatives->CopyToVector();
  for (int i = 0; i < 6; ++i) {
    const AutoDiffXd& vdot_i = xdot(xdot.size() - 6 + i);
    EXPECT_NEAR(vdot_i.value(), vdot(i), 1e-12 * (1 + std::abs(vdot(i))));
    ASSERT_EQ(vdot_i.derivatives().size(), 1);
    EXPECT_NEAR(vdot_i.derivatives()(0), dvdot_dz(i),
                1e-6 * (1 + dvdot_dz.norm()));
  }
  // The contact is what makes v̇ depend on z.
  EXPECT_GT(dvdot_dz.norm(), 1e3);
}

}  // namespace multibody_plant_contact_test
}  // namespace ossa::multibody
