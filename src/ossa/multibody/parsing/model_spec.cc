#include "ossa/multibody/parsing/model_spec.h"

#include "ossa/common/error.h"

namespace ossa::multibody::internal {

const char* to_string(ShapeType type) {
  switch (type) {
    case ShapeType::kBox:
      return "box";
    case ShapeType::kSphere:
      return "sphere";
    case ShapeType::kCylinder:
      return "cylinder";
    case ShapeType::kCapsule:
      return "capsule";
    case ShapeType::kEllipsoid:
      return "ellipsoid";
    case ShapeType::kMesh:
      return "mesh";
    case ShapeType::kHalfSpace:
      return "half_space";
  }
  return "unknown";
}

// The one table of joint types. kBall builds a BallRpyJoint and kFloating a
// QuaternionFloatingJoint, as the reference's parsers do.
const std::array<JointTypeInfo, 9> kJointTypeTable = {{
    // type, name, kind, in_urdf, in_urdf_drake_joint, in_sdf
    {JointType::kRevolute, "revolute", MobilizerKind::kRevolute, true, true,
     true},
    {JointType::kContinuous, "continuous", MobilizerKind::kRevolute, true, true,
     true},
    {JointType::kPrismatic, "prismatic", MobilizerKind::kPrismatic, true, true,
     true},
    {JointType::kFixed, "fixed", MobilizerKind::kWeld, true, true, true},
    {JointType::kFloating, "floating", MobilizerKind::kQuaternionFloating, true,
     false, false},
    {JointType::kPlanar, "planar", MobilizerKind::kPlanar, true, true, false},
    {JointType::kBall, "ball", MobilizerKind::kRpyBall, false, true, true},
    {JointType::kUniversal, "universal", MobilizerKind::kUniversal, false, true,
     true},
    {JointType::kScrew, "screw", MobilizerKind::kScrew, false, true, true},
}};

const JointTypeInfo& GetJointTypeInfo(JointType type) {
  const JointTypeInfo& info = kJointTypeTable.at(static_cast<int>(type));
  OSSA_DEMAND(info.type == type);
  return info;
}

const JointTypeInfo* FindJointTypeInfo(std::string_view name) {
  for (const JointTypeInfo& info : kJointTypeTable) {
    if (name == info.name) return &info;
  }
  return nullptr;
}

std::string JointTypeNames(bool JointTypeInfo::*accepts) {
  std::vector<const char*> names;
  for (const JointTypeInfo& info : kJointTypeTable) {
    if (info.*accepts) names.push_back(info.name);
  }
  std::string result;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) result += i + 1 == names.size() ? " or " : ", ";
    result += names[i];
  }
  return result;
}

const char* to_string(JointType type) { return GetJointTypeInfo(type).name; }

int num_velocities(JointType type) {
  return MobilizerKindNumVelocities(GetJointTypeInfo(type).kind);
}

int num_positions(JointType type) {
  return MobilizerKindNumPositions(GetJointTypeInfo(type).kind);
}

const LinkSpec* ModelSpec::FindLink(const std::string& link_name) const {
  for (const auto& l : links)
    if (l.name == link_name) return &l;
  return nullptr;
}

const JointSpec* ModelSpec::FindJoint(const std::string& joint_name) const {
  for (const auto& j : joints)
    if (j.name == joint_name) return &j;
  return nullptr;
}

const FrameSpec* ModelSpec::FindFrame(const std::string& frame_name) const {
  for (const auto& f : frames)
    if (f.name == frame_name) return &f;
  return nullptr;
}

double ModelSpec::total_mass() const {
  double m = 0;
  for (const auto& l : links) m += l.inertial.mass;
  return m;
}

int ModelSpec::num_velocities() const {
  int n = 0;
  for (const auto& j : joints) n += internal::num_velocities(j.type);
  return n;
}

std::pair<std::string, std::string> SplitScopedName(const std::string& name) {
  const auto pos = name.rfind("::");
  if (pos == std::string::npos) return {"", name};
  return {name.substr(0, pos), name.substr(pos + 2)};
}

std::string ScopedName(const std::string& scope, const std::string& name) {
  if (scope.empty()) return name;
  return scope + "::" + name;
}

}  // namespace ossa::multibody::internal
