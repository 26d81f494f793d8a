// MultibodyPlantConfig, ApplyMultibodyPlantConfig and AddMultibodyPlant.

#include "ossa/multibody/plant/multibody_plant_config.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ossa/multibody/plant/multibody_plant_config_functions.h"
#include "ossa/common/test/expect_logic_error.h"

namespace ossa::multibody {
namespace multibody_plant_config_test {

using ::testing::HasSubstr;

TEST(MultibodyPlantConfig, DefaultsMatchThePlant) {
  const MultibodyPlantConfig config;
  EXPECT_EQ(config.time_step, 0.001);
  EXPECT_TRUE(config.use_sampled_output_ports);
  MultibodyPlant<double> plant(config.time_step);
  EXPECT_EQ(plant.get_penetration_allowance(), config.penetration_allowance);
  EXPECT_EQ(plant.stiction_tolerance(), config.stiction_tolerance);
  EXPECT_EQ(plant.get_sap_near_rigid_threshold(),
            config.sap_near_rigid_threshold);
  EXPECT_EQ(GetStringFromContactModel(plant.get_contact_model()),
            config.contact_model);
  EXPECT_EQ(GetStringFromDiscreteContactApproximation(
                plant.get_discrete_contact_approximation()),
            config.discrete_contact_approximation);
  EXPECT_EQ(GetStringFromContactSurfaceRepresentation(
                plant.get_contact_surface_representation()),
            config.contact_surface_representation);
  EXPECT_EQ(plant.get_adjacent_bodies_collision_filters(),
            config.adjacent_bodies_collision_filters);
  EXPECT_EQ(plant.has_sampled_output_ports(), config.use_sampled_output_ports);
  EXPECT_TRUE(config.discrete_contact_solver.empty());
}

TEST(MultibodyPlantConfig, StringRoundTrips) {
  for (const char* name :
       {"point", "hydroelastic", "hydroelastic_with_fallback"}) {
    EXPECT_EQ(GetStringFromContactModel(GetContactModelFromString(name)), name);
  }
  for (const char* name : {"tamsi", "sap", "similar", "lagged"}) {
    EXPECT_EQ(GetStringFromDiscreteContactApproximation(
                  GetDiscreteContactApproximationFromString(name)),
              name);
  }
  for (const char* name : {"tamsi", "sap"}) {
    EXPECT_EQ(GetStringFromDiscreteContactSolver(
                  GetDiscreteContactSolverFromString(name)),
              name);
  }
  for (const char* name : {"triangle", "polygon"}) {
    EXPECT_EQ(GetStringFromContactSurfaceRepresentation(
                  GetContactSurfaceRepresentationFromString(name)),
              name);
  }
  EXPECT_LOGIC_ERROR(GetContactModelFromString("Point"),
                     "unknown contact_model 'Point'; the valid values are "
                     "'point', 'hydroelastic', 'hydroelastic_with_fallback'");
  EXPECT_LOGIC_ERROR(GetDiscreteContactApproximationFromString(""),
                     "'tamsi', 'sap', 'similar', 'lagged'");
}

TEST(MultibodyPlantConfig, ApplySetsEveryField) {
  MultibodyPlantConfig config;
  config.time_step = 0.002;
  config.use_sampled_output_ports = false;
  config.penetration_allowance = 0.005;
  config.stiction_tolerance = 0.02;
  config.contact_model = "point";
  config.discrete_contact_approximation = "tamsi";
  config.sap_near_rigid_threshold = 0.5;
  config.contact_surface_representation = "triangle";
  config.adjacent_bodies_collision_filters = false;
  MultibodyPlant<double> plant(0.002);
  ApplyMultibodyPlantConfig(config, &plant);
  EXPECT_FALSE(plant.has_sampled_output_ports());
  EXPECT_EQ(plant.get_penetration_allowance(), 0.005);
  EXPECT_EQ(plant.stiction_tolerance(), 0.02);
  EXPECT_EQ(plant.get_contact_model(), ContactModel::kPoint);
  EXPECT_EQ(plant.get_discrete_contact_approximation(),
            DiscreteContactApproximation::kTamsi);
  EXPECT_EQ(plant.get_discrete_contact_solver(), DiscreteContactSolver::kTamsi);
  EXPECT_EQ(plant.get_sap_near_rigid_threshold(), 0.5);
  EXPECT_EQ(plant.get_contact_surface_representation(),
            geometry::HydroelasticContactRepresentation::kTriangle);
  EXPECT_FALSE(plant.get_adjacent_bodies_collision_filters());
}

TEST(MultibodyPlantConfig, ContinuousPlantIgnoresDiscreteFields) {
  MultibodyPlantConfig config;
  config.time_step = 0;
  config.discrete_contact_approximation = "sap";
  MultibodyPlant<AutoDiffXd> plant(0.0);
  ApplyMultibodyPlantConfig(config, &plant);  // sampled ports: ignored
  EXPECT_FALSE(plant.has_sampled_output_ports());
  // ...but still validated.
  config.discrete_contact_approximation = "convex";
  EXPECT_LOGIC_ERROR(ApplyMultibodyPlantConfig(config, &plant),
                     "ApplyMultibodyPlantConfig(): unknown "
                     "discrete_contact_approximation 'convex'");
}

TEST(MultibodyPlantConfig, LegacySolverField) {
  MultibodyPlantConfig config;
  config.discrete_contact_solver = "tamsi";  // with the default "lagged"
  MultibodyPlant<double> plant(config.time_step);
  ApplyMultibodyPlantConfig(config, &plant);
  EXPECT_EQ(plant.get_discrete_contact_approximation(),
            DiscreteContactApproximation::kTamsi);
  config.discrete_contact_solver = "sap";
  config.discrete_contact_approximation = "similar";
  ApplyMultibodyPlantConfig(config, &plant);
  EXPECT_EQ(plant.get_discrete_contact_approximation(),
            DiscreteContactApproximation::kSimilar);
  config.discrete_contact_approximation = "tamsi";
  EXPECT_LOGIC_ERROR(ApplyMultibodyPlantConfig(config, &plant),
                     "discrete_contact_solver 'sap' conflicts with "
                     "discrete_contact_approximation 'tamsi'");
  config.discrete_contact_solver = "tamsi";
  config.discrete_contact_approximation = "sap";
  EXPECT_LOGIC_ERROR(ApplyMultibodyPlantConfig(config, &plant),
                     "'tamsi' conflicts");
  config.discrete_contact_solver = "fast";
  EXPECT_LOGIC_ERROR(ApplyMultibodyPlantConfig(config, &plant),
                     "unknown discrete_contact_solver 'fast'");
}

TEST(MultibodyPlantConfig, ApplyErrors) {
  MultibodyPlantConfig config;
  EXPECT_LOGIC_ERROR(ApplyMultibodyPlantConfig(
                         config, static_cast<MultibodyPlant<double>*>(nullptr)),
                     "nullptr");
  MultibodyPlant<double> plant(0.01);
  EXPECT_LOGIC_ERROR(ApplyMultibodyPlantConfig(config, &plant),
                     "config.time_step = 0.001 differs");
  config.time_step = 0.01;
  config.contact_model = "soft";
  EXPECT_LOGIC_ERROR(ApplyMultibodyPlantConfig(config, &plant),
                     "unknown contact_model 'soft'");
  config.contact_model = "point";
  config.contact_surface_representation = "quad";
  EXPECT_LOGIC_ERROR(ApplyMultibodyPlantConfig(config, &plant),
                     "unknown contact_surface_representation 'quad'");
  // A rejected config changed nothing.
  EXPECT_EQ(plant.get_contact_model(), ContactModel::kHydroelasticWithFallback);
  config.contact_surface_representation = "polygon";
  config.penetration_allowance = -1;
  EXPECT_LOGIC_ERROR(ApplyMultibodyPlantConfig(config, &plant),
                     "set_penetration_allowance");
  config.penetration_allowance = 0.001;
  config.stiction_tolerance = 0;
  EXPECT_LOGIC_ERROR(ApplyMultibodyPlantConfig(config, &plant),
                     "set_stiction_tolerance");
  config.stiction_tolerance = 1e-4;
  config.sap_near_rigid_threshold = -2;
  EXPECT_LOGIC_ERROR(ApplyMultibodyPlantConfig(config, &plant),
                     "set_sap_near_rigid_threshold");
  config.sap_near_rigid_threshold = 1;
  plant.Finalize();
  EXPECT_LOGIC_ERROR(ApplyMultibodyPlantConfig(config, &plant),
                     "before Finalize()");
}

TEST(MultibodyPlantConfig, AddMultibodyPlant) {
  systems::DiagramBuilder<double> builder;
  MultibodyPlantConfig config;
  config.time_step = 0.004;
  config.discrete_contact_approximation = "sap";
  MultibodyPlant<double>& plant = AddMultibodyPlant(config, &builder).plant;
  EXPECT_EQ(plant.time_step(), 0.004);
  EXPECT_EQ(plant.get_name(), "plant");
  EXPECT_EQ(plant.get_discrete_contact_approximation(),
            DiscreteContactApproximation::kSap);
  EXPECT_LOGIC_ERROR(AddMultibodyPlant(config, nullptr), "nullptr");
  config.time_step = -1;
  EXPECT_LOGIC_ERROR(AddMultibodyPlant(config, &builder), "non-negative");
  config.time_step = 0;
  config.contact_model = "nope";
  EXPECT_LOGIC_ERROR(AddMultibodyPlant(config, &builder), "nope");
}

}  // namespace
}  // namespace ossa::multibody
