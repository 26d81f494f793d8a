#include "ossa/multibody/parsing/model_spec.h"

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

const char* to_string(JointType type) {
  switch (type) {
    case JointType::kRevolute:
      return "revolute";
    case JointType::kContinuous:
      return "continuous";
    case JointType::kPrismatic:
      return "prismatic";
    case JointType::kFixed:
      return "fixed";
    case JointType::kFloating:
      return "floating";
    case JointType::kPlanar:
      return "planar";
    case JointType::kBall:
      return "ball";
    case JointType::kUniversal:
      return "universal";
    case JointType::kScrew:
      return "screw";
  }
  return "unknown";
}

int num_velocities(JointType type) {
  switch (type) {
    case JointType::kRevolute:
    case JointType::kContinuous:
    case JointType::kPrismatic:
    case JointType::kScrew:
      return 1;
    case JointType::kFixed:
      return 0;
    case JointType::kFloating:
      return 6;
    case JointType::kPlanar:
    case JointType::kBall:
      return 3;
    case JointType::kUniversal:
      return 2;
  }
  return 0;
}

int num_positions(JointType type) {
  switch (type) {
    case JointType::kFloating:
      return 7;
    case JointType::kBall:
      return 4;
    default:
      return num_velocities(type);
  }
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
