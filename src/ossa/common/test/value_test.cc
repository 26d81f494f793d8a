#include "ossa/common/value.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ossa {
namespace value_test {

TEST(ValueTest, RoundTripAndClone) {
  auto a = AbstractValue::Make<std::vector<double>>({1.0, 2.0});
  EXPECT_EQ(a->get_value<std::vector<double>>().size(), 2u);
  a->get_mutable_value<std::vector<double>>().push_back(3.0);
  auto b = a->Clone();
  a->set_value(std::vector<double>{});
  EXPECT_EQ(b->get_value<std::vector<double>>().size(), 3u);
  EXPECT_EQ(a->maybe_get_value<int>(), nullptr);
  b->SetFrom(*a);
  EXPECT_TRUE(b->get_value<std::vector<double>>().empty());
}

TEST(ValueTest, TypeMismatchNamesBothTypes) {
  Value<std::string> s("hello");
  const AbstractValue& a = s;
  try {
    a.get_value<int>();
    FAIL() << "expected a throw";
  } catch (const std::logic_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("std::string"), std::string::npos) << what;
    EXPECT_NE(what.find("int"), std::string::npos) << what;
  }
  Value<int> i(3);
  EXPECT_THROW(i.SetFrom(s), std::logic_error);
}

}  // namespace value_test
}  // namespace ossa
