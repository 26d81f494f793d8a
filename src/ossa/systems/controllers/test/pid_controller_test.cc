#include "ossa/systems/controllers/pid_controller.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace ossa::systems::controllers {
namespace pid_controller_test {

using ::testing::HasSubstr;

// u = kp⊙(q_d − q) + ki⊙∫e + kd⊙(v_d − v), computed by hand.
TEST(PidControllerTest, ControlLawAndDerivatives) {
  const Eigen::Vector2d kp(2, 3), ki(0.5, 1), kd(0.1, 0.2);
  PidController<double> pid(kp, ki, kd);
  EXPECT_EQ(pid.get_input_port_estimated_state().get_name(), "estimated_state");
  EXPECT_EQ(pid.get_input_port_desired_state().get_name(), "desired_state");
  EXPECT_EQ(pid.get_output_port_control().get_name(), "control");
  EXPECT_EQ(pid.get_input_port_estimated_state().size(), 4);
  EXPECT_EQ(pid.get_output_port_control().size(), 2);
  auto context = pid.CreateDefaultContext();
  Eigen::Vector4d x(1, 2, 3, 4), xd(2, 0, 1, 1);
  pid.get_input_port_estimated_state().FixValue(context.get(), x);
  pid.get_input_port_desired_state().FixValue(context.get(), xd);
  pid.set_integral_value(context.get(), Eigen::Vector2d(10, -10));
  // q error (1, −2), v error (−2, −3), integral (10, −10):
  //   u0 = 2·1 + 0.5·10 + 0.1·(−2) = 6.8
  //   u1 = 3·(−2) + 1·(−10) + 0.2·(−3) = −16.6
  const Eigen::VectorXd u = pid.get_output_port_control().Eval(*context);
  EXPECT_NEAR(u[0], 6.8, 1e-14);
  EXPECT_NEAR(u[1], -16.6, 1e-14);
  // The integral's rate is the position error.
  const auto& derivatives = pid.EvalTimeDerivatives(*context);
  EXPECT_EQ(derivatives.CopyToVector(), Eigen::Vector2d(1, -2));
}

// State projection picks the controlled [q; v] from a larger state; the
// output projection maps the n PID terms to m actuators.
TEST(PidControllerTest, Projections) {
  Eigen::MatrixXd Px = Eigen::MatrixXd::Zero(2, 3);
  Px(0, 1) = 1;  // q = x[1]
  Px(1, 2) = 1;  // v = x[2]
  Eigen::MatrixXd Py(2, 1);
  Py << 1, -2;
  PidController<double> pid(Px, Py, Vector1<double>(4), Vector1<double>(0),
                            Vector1<double>(1));
  EXPECT_EQ(pid.get_Kp_singleton(), 4);
  auto context = pid.CreateDefaultContext();
  pid.get_input_port_estimated_state().FixValue(context.get(),
                                                Eigen::Vector3d(100, 1, 2));
  pid.get_input_port_desired_state().FixValue(context.get(),
                                              Eigen::Vector2d(1.5, 0));
  // PID term: 4·(1.5 − 1) + 1·(0 − 2) = 0.
  EXPECT_EQ(pid.get_output_port_control().Eval(*context),
            Eigen::Vector2d(0, 0));
  pid.get_input_port_desired_state().FixValue(context.get(),
                                              Eigen::Vector2d(2, 0));
  // 4·1 + 1·(−2) = 2 → Py·2 = (2, −4).
  EXPECT_EQ(pid.get_output_port_control().Eval(*context),
            Eigen::Vector2d(2, -4));
}

TEST(PidControllerTest, BadSizesThrow) {
  try {
    PidController<double>(Eigen::Vector2d(1, 1), Eigen::Vector2d(1, 1),
                          Vector1<double>(1));
    FAIL();
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("must have the same size"));
  }
  EXPECT_THROW(
      PidController<double>(Eigen::MatrixXd::Identity(3, 3), Vector1<double>(1),
                            Vector1<double>(1), Vector1<double>(1)),
      std::logic_error);
  PidController<double> pid(Vector1<double>(1), Vector1<double>(1),
                            Vector1<double>(1));
  auto context = pid.CreateDefaultContext();
  EXPECT_THROW(pid.set_integral_value(context.get(), Eigen::Vector2d(1, 1)),
               std::logic_error);
  PidController<double> pid2(Eigen::Vector2d(1, 1), Eigen::Vector2d(1, 1),
                             Eigen::Vector2d(1, 1));
  EXPECT_THROW(pid2.get_Kp_singleton(), std::logic_error);
  auto ad = pid.ToAutoDiffXd();
  EXPECT_EQ(ad->num_continuous_states(), 1);
}

}  // namespace pid_controller_test
}  // namespace ossa::systems::controllers
