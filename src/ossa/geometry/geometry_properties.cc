#include "ossa/geometry/geometry_properties.h"

#include <fmt/format.h>

#include <cmath>
#include <sstream>

#include "ossa/common/error.h"
#include "ossa/common/nice_type_name.h"

namespace ossa::geometry {

std::string to_string(Role role) {
  switch (role) {
    case Role::kUnassigned:
      return "unassigned";
    case Role::kProximity:
      return "proximity";
    case Role::kIllustration:
      return "illustration";
    case Role::kPerception:
      return "perception";
  }
  return "unknown";
}

GeometryProperties::GeometryProperties() { values_[default_group_name()]; }
GeometryProperties::~GeometryProperties() = default;

const std::string& GeometryProperties::default_group_name() {
  static const std::string* const kName = new std::string("__default__");
  return *kName;
}

bool GeometryProperties::HasGroup(const std::string& group_name) const {
  return values_.count(group_name) > 0;
}

const GeometryProperties::Group& GeometryProperties::GetPropertiesInGroup(
    const std::string& group_name) const {
  static const Group* const kEmpty = new Group();
  auto it = values_.find(group_name);
  return it == values_.end() ? *kEmpty : it->second;
}

std::set<std::string> GeometryProperties::GetGroupNames() const {
  std::set<std::string> names;
  for (const auto& [name, group] : values_) names.insert(name);
  return names;
}

void GeometryProperties::AddPropertyAbstract(const std::string& group,
                                             const std::string& name,
                                             const AbstractValue& value) {
  if (HasProperty(group, name)) {
    ThrowRuntimeError(
        "AddProperty(): Trying to add property ('{}', '{}'); a property with "
        "that name already exists",
        group, name);
  }
  values_[group][name] = value.Clone();
}

void GeometryProperties::UpdatePropertyAbstract(const std::string& group,
                                                const std::string& name,
                                                const AbstractValue& value) {
  if (HasProperty(group, name)) {
    const AbstractValue& old = GetPropertyAbstract(group, name);
    if (old.type_info() != value.type_info()) {
      ThrowRuntimeError(
          "UpdateProperty(): Trying to update property ('{}', '{}'); The "
          "property already exists and is of different type. New type {}, "
          "existing type {}",
          group, name, NiceTypeNameFromTypeInfo(value.type_info()),
          NiceTypeNameFromTypeInfo(old.type_info()));
    }
  }
  values_[group][name] = value.Clone();
}

bool GeometryProperties::HasProperty(const std::string& group,
                                     const std::string& name) const {
  auto it = values_.find(group);
  return it != values_.end() && it->second.count(name) > 0;
}

const AbstractValue& GeometryProperties::GetPropertyAbstract(
    const std::string& group, const std::string& name) const {
  auto it = values_.find(group);
  if (it == values_.end()) {
    ThrowRuntimeError(
        "GetProperty(): Trying to read property ('{}', '{}'), but the group "
        "does not exist.",
        group, name);
  }
  auto p = it->second.find(name);
  if (p == it->second.end()) {
    ThrowRuntimeError("GetProperty(): There is no property ('{}', '{}')", group,
                      name);
  }
  return *p->second;
}

bool GeometryProperties::RemoveProperty(const std::string& group,
                                        const std::string& name) {
  auto it = values_.find(group);
  if (it == values_.end()) return false;
  return it->second.erase(name) > 0;
}

std::string GeometryProperties::to_string() const {
  std::ostringstream out;
  for (const auto& [group, props] : values_) {
    out << "[" << group << "]\n";
    for (const auto& [name, value] : props) {
      out << "  " << name << ": "
          << NiceTypeNameFromTypeInfo(value->type_info()) << "\n";
    }
  }
  return out.str();
}

IllustrationProperties MakePhongIllustrationProperties(
    const Vector4<double>& diffuse) {
  IllustrationProperties p;
  p.AddProperty("phong", "diffuse",
                Rgba(diffuse[0], diffuse[1], diffuse[2], diffuse[3]));
  return p;
}

void AddContactMaterial(std::optional<double> dissipation,
                        std::optional<double> point_stiffness,
                        ProximityProperties* properties) {
  OSSA_DEMAND(properties != nullptr);
  if (dissipation.has_value() && !(*dissipation >= 0)) {
    ThrowRuntimeError("The dissipation can't be negative; given {}",
                      *dissipation);
  }
  if (point_stiffness.has_value() && !(*point_stiffness > 0)) {
    ThrowRuntimeError(
        "The point_contact_stiffness must be strictly positive; given {}",
        *point_stiffness);
  }
  if (dissipation.has_value()) {
    properties->AddProperty(kMaterialGroup, kHcDissipation, *dissipation);
  }
  if (point_stiffness.has_value()) {
    properties->AddProperty(kMaterialGroup, kPointStiffness, *point_stiffness);
  }
}

namespace {
void AddHydroelasticType(HydroelasticType type, std::optional<double> hint,
                         ProximityProperties* properties) {
  OSSA_DEMAND(properties != nullptr);
  properties->AddProperty(kHydroGroup, kComplianceType, type);
  if (hint.has_value()) {
    properties->AddProperty(kHydroGroup, kRezHint, *hint);
  }
}
void CheckModulus(double modulus) {
  if (!(modulus > 0)) {
    ThrowRuntimeError(
        "The hydroelastic modulus must be positive and finite; given {}",
        modulus);
  }
}
}  // namespace

void AddRigidHydroelasticProperties(std::optional<double> resolution_hint,
                                    ProximityProperties* properties) {
  AddHydroelasticType(HydroelasticType::kRigid, resolution_hint, properties);
}

void AddCompliantHydroelasticProperties(std::optional<double> resolution_hint,
                                        double hydroelastic_modulus,
                                        ProximityProperties* properties) {
  CheckModulus(hydroelastic_modulus);
  AddHydroelasticType(HydroelasticType::kSoft, resolution_hint, properties);
  properties->AddProperty(kHydroGroup, kElastic, hydroelastic_modulus);
}

void AddCompliantHydroelasticPropertiesForHalfSpace(
    double slab_thickness, double hydroelastic_modulus,
    ProximityProperties* properties) {
  CheckModulus(hydroelastic_modulus);
  if (!(slab_thickness > 0)) {
    ThrowRuntimeError("The slab thickness must be positive; given {}",
                      slab_thickness);
  }
  AddHydroelasticType(HydroelasticType::kSoft, std::nullopt, properties);
  properties->AddProperty(kHydroGroup, kSlabThickness, slab_thickness);
  properties->AddProperty(kHydroGroup, kElastic, hydroelastic_modulus);
}

}  // namespace ossa::geometry
