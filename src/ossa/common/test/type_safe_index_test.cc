#include "ossa/common/type_safe_index.h"

#include <gtest/gtest.h>

#include <unordered_set>

namespace ossa {
namespace type_safe_index_test {

struct FooTag {
  static constexpr const char* kName = "FooIndex";
};
struct BarTag {
  static constexpr const char* kName = "BarIndex";
};
using FooIndex = TypeSafeIndex<FooTag>;
using BarIndex = TypeSafeIndex<BarTag>;

TEST(TypeSafeIndexTest, DefaultIsInvalidAndThrowsOnUse) {
  FooIndex i;
  EXPECT_FALSE(i.is_valid());
  EXPECT_THROW((void)static_cast<int>(i), std::logic_error);
  EXPECT_THROW(FooIndex(-1), std::logic_error);
  try {
    FooIndex(-3);
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("FooIndex"), std::string::npos);
  }
}

TEST(TypeSafeIndexTest, ArithmeticComparisonAndHash) {
  FooIndex i(2);
  EXPECT_TRUE(i.is_valid());
  EXPECT_EQ(int{i}, 2);
  ++i;
  EXPECT_EQ(i, FooIndex(3));
  EXPECT_LT(FooIndex(1), i);
  EXPECT_TRUE(i == 3);  // Through operator int().
  std::unordered_set<FooIndex> set{FooIndex(1), FooIndex(1), FooIndex(4)};
  EXPECT_EQ(set.size(), 2u);
  static_assert(!std::is_convertible_v<BarIndex, FooIndex>);
}

}  // namespace type_safe_index_test
}  // namespace ossa
