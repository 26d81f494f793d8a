// The parsers' table of joint types (model_spec.h) against the one list of
// joint kinds (MobilizerKind): every row is in place and maps to a kind, and
// every forward kind a file can name has a row.

#include "ossa/multibody/parsing/model_spec.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace ossa::multibody::internal {
namespace model_spec_test {

// Forward kinds no file format names: the reference's parsers build an
// RpyFloatingJoint only when asked through the API, never from a file.
const std::set<MobilizerKind> kKindsWithoutFileType = {
    MobilizerKind::kRpyFloating};

TEST(ModelSpec, JointTypeTableCoversEveryKind) {
  std::set<std::string> names;
  std::set<MobilizerKind> kinds;
  for (std::size_t i = 0; i < kJointTypeTable.size(); ++i) {
    const JointTypeInfo& info = kJointTypeTable[i];
    // Rows in declaration order, so GetJointTypeInfo() indexes the table.
    EXPECT_EQ(static_cast<std::size_t>(info.type), i) << info.name;
    EXPECT_EQ(&GetJointTypeInfo(info.type), &info);
    EXPECT_EQ(FindJointTypeInfo(info.name), &info);
    EXPECT_TRUE(names.insert(info.name).second) << info.name;
    EXPECT_STREQ(to_string(info.type), info.name);
    EXPECT_EQ(num_positions(info.type), MobilizerKindNumPositions(info.kind));
    EXPECT_EQ(num_velocities(info.type), MobilizerKindNumVelocities(info.kind));
    EXPECT_TRUE(info.in_urdf || info.in_urdf_drake_joint || info.in_sdf)
        << info.name << " is accepted by no format";
    kinds.insert(info.kind);
  }
  EXPECT_EQ(FindJointTypeInfo("hinge"), nullptr);
  for (const MobilizerKind kind : kAllMobilizerKinds) {
    // Only forward kinds: a kReversed* kind differs from the kind it
    // reverses, which ReversedMobilizerKind() maps to it.
    bool is_reversed = false;
    for (const MobilizerKind other : kAllMobilizerKinds) {
      if (other != kind && ReversedMobilizerKind(other) == kind) {
        is_reversed = true;
      }
    }
    if (is_reversed) continue;
    EXPECT_NE(kinds.contains(kind), kKindsWithoutFileType.contains(kind))
        << MobilizerKindName(kind)
        << ": a forward kind needs a row in kJointTypeTable or an entry in "
           "kKindsWithoutFileType, not both";
  }
}

TEST(ModelSpec, JointTypeNamesPerFormat) {
  EXPECT_EQ(JointTypeNames(&JointTypeInfo::in_urdf),
            "revolute, continuous, prismatic, fixed, floating or planar");
  EXPECT_EQ(JointTypeNames(&JointTypeInfo::in_sdf),
            "revolute, continuous, prismatic, fixed, ball, universal or "
            "screw");
  EXPECT_EQ(JointTypeNames(&JointTypeInfo::in_urdf_drake_joint),
            "revolute, continuous, prismatic, fixed, planar, ball, universal "
            "or screw");
}

}  // namespace model_spec_test
}  // namespace ossa::multibody::internal
