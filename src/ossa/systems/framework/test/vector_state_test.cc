// Tests of the vectors, the state containers and parameters.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ossa/common/test/expect_logic_error.h"
#include "ossa/systems/framework/basic_vector.h"
#include "ossa/systems/framework/diagram_continuous_state.h"
#include "ossa/systems/framework/diagram_discrete_values.h"
#include "ossa/systems/framework/parameters.h"
#include "ossa/systems/framework/state.h"
#include "ossa/systems/framework/subvector.h"
#include "ossa/systems/framework/supervector.h"

namespace ossa::systems {
namespace vector_state_test {

using ::testing::HasSubstr;

TEST(BasicVectorTest, ValuesAndArithmetic) {
  BasicVector<double> a{1.0, 2.0, 3.0};
  auto b = BasicVector<double>::Make(10, 20, 30);
  EXPECT_EQ(a.size(), 3);
  a.PlusEqScaled(2.0, *b);
  EXPECT_EQ(a.CopyToVector(), Eigen::Vector3d(21, 42, 63));
  a.PlusEqScaled({{1.0, *b}, {-1.0, *b}});
  EXPECT_EQ(a.CopyToVector(), Eigen::Vector3d(21, 42, 63));
  Eigen::VectorXd acc = Eigen::VectorXd::Ones(3);
  b->ScaleAndAddToVector(0.5, &acc);
  EXPECT_EQ(acc, Eigen::Vector3d(6, 11, 16));
  EXPECT_LOGIC_ERROR(a.GetAtIndex(3), "out of range");
  EXPECT_LOGIC_ERROR(a.SetFromVector(Eigen::Vector2d(1, 2)), "size 3");
  // An unset vector of doubles is NaN so that forgetting to set it shows.
  BasicVector<double> unset(2);
  EXPECT_TRUE(std::isnan(unset[0]));
}

TEST(SubvectorTest, WindowsAndConcatenation) {
  BasicVector<double> base{0, 1, 2, 3, 4};
  Subvector<double> mid(&base, 1, 3);
  EXPECT_EQ(mid.CopyToVector(), Eigen::Vector3d(1, 2, 3));
  mid[0] = 10;
  EXPECT_EQ(base[1], 10);
  EXPECT_LOGIC_ERROR(Subvector<double>(&base, 3, 3), "does not fit");
  BasicVector<double> other{7, 8};
  Supervector<double> super({&mid, &other});
  EXPECT_EQ(super.size(), 5);
  EXPECT_EQ(super.CopyToVector(),
            (Eigen::VectorXd(5) << 10, 2, 3, 7, 8).finished());
  super.SetFromVector(Eigen::VectorXd::LinSpaced(5, 0, 4));
  EXPECT_EQ(base[3], 2);
  EXPECT_EQ(other[1], 4);
}

TEST(ContinuousStateTest, Partition) {
  ContinuousState<double> xc(std::make_unique<BasicVector<double>>(
                                 Eigen::VectorXd::LinSpaced(6, 1, 6)),
                             3, 2, 1);
  EXPECT_EQ(xc.get_generalized_position().CopyToVector(),
            Eigen::Vector3d(1, 2, 3));
  EXPECT_EQ(xc.get_generalized_velocity().CopyToVector(),
            Eigen::Vector2d(4, 5));
  EXPECT_EQ(xc.get_misc_continuous_state()[0], 6);
  xc.get_mutable_generalized_velocity()[1] = 50;
  EXPECT_EQ(xc[4], 50);
  EXPECT_LOGIC_ERROR(ContinuousState<double>(
                         std::make_unique<BasicVector<double>>(3), 1, 2, 0),
                     "cannot exceed");
  EXPECT_LOGIC_ERROR(ContinuousState<double>(
                         std::make_unique<BasicVector<double>>(3), 1, 1, 0),
                     "add up");
}

TEST(DiagramContinuousStateTest, ContiguousAggregateOfViews) {
  ContinuousState<double> a(std::make_unique<BasicVector<double>>(
                                (Eigen::VectorXd(3) << 1, 2, 3).finished()),
                            2, 1, 0);
  ContinuousState<double> b(std::make_unique<BasicVector<double>>(
                                (Eigen::VectorXd(3) << 4, 5, 6).finished()),
                            1, 1, 1);
  DiagramContinuousState<double> d(
      std::vector<ContinuousState<double>*>{&a, &b});
  // [q_a, q_b, v_a, v_b, z_b]
  EXPECT_EQ(d.CopyToVector(),
            (Eigen::VectorXd(6) << 1, 2, 4, 3, 5, 6).finished());
  EXPECT_EQ(d.num_q(), 3);
  EXPECT_EQ(d.num_v(), 2);
  EXPECT_EQ(d.num_z(), 1);
  // The substates are views: writes go both ways.
  d.get_mutable_vector()[3] = 30;
  EXPECT_EQ(a.get_generalized_velocity()[0], 30);
  b.get_mutable_misc_continuous_state()[0] = 60;
  EXPECT_EQ(d[5], 60);
  EXPECT_EQ(a.CopyToVector(), Eigen::Vector3d(1, 2, 30));
  // Nested aggregation keeps all levels consistent.
  ContinuousState<double> c(
      std::make_unique<BasicVector<double>>(Eigen::VectorXd::Constant(2, 9)), 1,
      1, 0);
  DiagramContinuousState<double> top(
      std::vector<ContinuousState<double>*>{&d, &c});
  EXPECT_EQ(top.size(), 8);
  top.get_mutable_generalized_position()[1] = -2;  // q_a[1]
  EXPECT_EQ(a[1], -2);
  EXPECT_EQ(d[1], -2);
  auto clone = top.Clone();
  EXPECT_EQ(clone->CopyToVector(), top.CopyToVector());
  (*clone)[0] = 100;
  EXPECT_EQ(a[0], 1);  // the clone is independent
}

TEST(DiscreteValuesTest, GroupsAndAggregate) {
  std::vector<std::unique_ptr<BasicVector<double>>> groups;
  groups.push_back(
      std::make_unique<BasicVector<double>>(Eigen::Vector2d(1, 2)));
  groups.push_back(
      std::make_unique<BasicVector<double>>(Eigen::Vector3d(3, 4, 5)));
  DiscreteValues<double> xd(std::move(groups));
  EXPECT_EQ(xd.num_groups(), 2);
  EXPECT_LOGIC_ERROR(xd.size(), "exactly one group");
  EXPECT_LOGIC_ERROR(xd.get_vector(2), "out of range");
  DiscreteValues<double> single(
      std::make_unique<BasicVector<double>>(Eigen::Vector2d(7, 8)));
  DiagramDiscreteValues<double> d(
      std::vector<DiscreteValues<double>*>{&xd, &single});
  EXPECT_EQ(d.num_groups(), 3);
  d.get_mutable_vector(2)[0] = 70;
  EXPECT_EQ(single[0], 70);
  auto clone = d.Clone();
  EXPECT_EQ(clone->value(1), Eigen::Vector3d(3, 4, 5));
  clone->get_mutable_vector(1)[0] = -1;
  EXPECT_EQ(xd.value(1)[0], 3);
}

TEST(ParametersTest, NumericAndAbstract) {
  std::vector<std::unique_ptr<BasicVector<double>>> pn;
  pn.push_back(std::make_unique<BasicVector<double>>(Eigen::Vector2d(1, 2)));
  std::vector<std::unique_ptr<AbstractValue>> pa;
  pa.push_back(AbstractValue::Make<std::string>("hello"));
  Parameters<double> p(std::make_unique<DiscreteValues<double>>(std::move(pn)),
                       std::make_unique<AbstractValues>(std::move(pa)));
  EXPECT_EQ(p.get_numeric_parameter(0)[1], 2);
  EXPECT_EQ(p.get_abstract_parameter<std::string>(0), "hello");
  auto clone = p.Clone();
  clone->get_mutable_abstract_parameter<std::string>(0) = "bye";
  EXPECT_EQ(p.get_abstract_parameter<std::string>(0), "hello");
  p.SetFrom(*clone);
  EXPECT_EQ(p.get_abstract_parameter<std::string>(0), "bye");
  EXPECT_LOGIC_ERROR(p.get_abstract_parameter<int>(0), "std::string");
}

}  // namespace vector_state_test
}  // namespace ossa::systems
