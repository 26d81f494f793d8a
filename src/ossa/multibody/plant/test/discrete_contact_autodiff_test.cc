// A discrete step with contact on AutoDiffXd: the diagram converted with
// ToAutoDiffXd() steps a sliding ball pressed into the ground to the same
// next state as the double diagram, and the gradient of that state with
// respect to the current one equals central finite differences of the
// double step, for every discrete contact approximation.
//
// The SAP family's gradient is the implicit-function one at the solution
// (exact however loosely the iteration converged); finite differences of
// the double step differentiate the solver's stopping point instead, so
// they agree only where the solve converged well past its 1e-6 relative
// tolerance, as at the state below.

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "ossa/common/autodiff.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/systems/analysis/simulator.h"
#include "ossa/systems/framework/diagram.h"
#include "ossa/systems/framework/diagram_builder.h"

namespace ossa::multibody {
namespace {

using math::RigidTransform;

// The ball-on-ground diagram (h = 1 ms) with the given approximation.
std::unique_ptr<systems::Diagram<double>> MakeDiagram(
    DiscreteContactApproximation approximation) {
  systems::DiagramBuilder<double> builder;
  auto [plant, scene_graph] = AddMultibodyPlantSceneGraph(&builder, 1e-3);
  plant.set_discrete_contact_approximation(approximation);
  const RigidBody<double>& ball = plant.AddRigidBody(
      "ball", SpatialInertia<double>::SolidSphereWithMass(2.0, 0.1));
  geometry::ProximityProperties props;
  props.AddProperty(geometry::kMaterialGroup, geometry::kPointStiffness, 2e4);
  props.AddProperty(geometry::kMaterialGroup, geometry::kHcDissipation, 5.0);
  props.AddProperty(geometry::kMaterialGroup, geometry::kRelaxationTime, 0.01);
  props.AddProperty(geometry::kMaterialGroup, geometry::kFriction,
                    CoulombFriction<double>(0.3, 0.3));
  plant.RegisterCollisionGeometry(ball, RigidTransform<double>(),
                                  geometry::Sphere(0.1), "ball", props);
  plant.RegisterCollisionGeometry(plant.world_body(), RigidTransform<double>(),
                                  geometry::HalfSpace(), "ground", props);
  plant.Finalize();
  return builder.Build();
}

// The plant's state x⁺(x) after one step of `diagram` from x (a Simulator
// advanced by one period: the plant's periodic discrete update).
template <typename T>
VectorX<T> Step(const systems::Diagram<T>& diagram, const VectorX<T>& x) {
  const auto& plant =
      diagram.template GetDowncastSubsystemByName<MultibodyPlant>("plant");
  systems::Simulator<T> simulator(diagram);
  auto& plant_context = diagram.GetMutableSubsystemContext(
      plant, &simulator.get_mutable_context());
  plant.SetPositionsAndVelocities(&plant_context, x);
  simulator.AdvanceTo(plant.time_step());
  return plant.GetPositionsAndVelocities(plant_context);
}

class DiscreteContactAutoDiffTest
    : public ::testing::TestWithParam<DiscreteContactApproximation> {};

TEST_P(DiscreteContactAutoDiffTest, ValueAndGradientOfOneStep) {
  const auto diagram = MakeDiagram(GetParam());
  const auto diagram_ad = std::unique_ptr<systems::Diagram<AutoDiffXd>>(
      dynamic_cast<systems::Diagram<AutoDiffXd>*>(
          diagram->ToAutoDiffXd().release()));
  ASSERT_NE(diagram_ad, nullptr);
  // Unit quaternion, 0.5 mm into the ground, sliding along x and rolling.
  VectorX<double> x0(13);
  x0 << 1, 0, 0, 0, 0, 0, 0.0995, 0.1, 0, 0, 0.02, 0, -0.01;
  const VectorX<double> next = Step(*diagram, x0);
  const VectorX<AutoDiffXd> next_ad =
      Step<AutoDiffXd>(*diagram_ad, InitializeAutoDiff(x0));
  EXPECT_LT((ExtractValue(next_ad) - next).cwiseAbs().maxCoeff(), 1e-12);
  // The ball is in contact: the ground pushes it up against free fall.
  const double h = 1e-3, g = 9.81;
  EXPECT_GT(next(12) - (x0(12) - g * h), 1e-3);
  const MatrixX<double> J = ExtractGradient(next_ad, 13);
  const double eps = 1e-6;
  MatrixX<double> J_fd(13, 13);
  for (int i = 0; i < 13; ++i) {
    VectorX<double> plus = x0, minus = x0;
    plus(i) += eps;
    minus(i) -= eps;
    J_fd.col(i) = (Step(*diagram, plus) - Step(*diagram, minus)) / (2 * eps);
  }
  const double scale = std::max(1.0, J_fd.cwiseAbs().maxCoeff());
  EXPECT_LT((J - J_fd).cwiseAbs().maxCoeff(), 1e-5 * scale)
      << "AutoDiffXd:\n"
      << J << "\nfinite differences:\n"
      << J_fd;
}

INSTANTIATE_TEST_SUITE_P(
    Approximations, DiscreteContactAutoDiffTest,
    ::testing::Values(DiscreteContactApproximation::kTamsi,
                      DiscreteContactApproximation::kSap,
                      DiscreteContactApproximation::kSimilar,
                      DiscreteContactApproximation::kLagged),
    [](const auto& info) {
      switch (info.param) {
        case DiscreteContactApproximation::kTamsi:
          return std::string("Tamsi");
        case DiscreteContactApproximation::kSap:
          return std::string("Sap");
        case DiscreteContactApproximation::kSimilar:
          return std::string("Similar");
        case DiscreteContactApproximation::kLagged:
          return std::string("Lagged");
      }
      return std::string("Unknown");
    });

}  // namespace
}  // namespace ossa::multibody
