#pragma once

/// @file
/// GeometryProperties and the per-role property sets (ProximityProperties,
/// IllustrationProperties, PerceptionProperties), the Role enum, and the
/// proximity helpers AddContactMaterial(), AddRigidHydroelasticProperties()
/// and AddCompliantHydroelasticProperties().
///
/// Properties are named values in named groups: (group, name) -> value of
/// any copyable type. The default group is "__default__".

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "ossa/common/value.h"
#include "ossa/geometry/rgba.h"

namespace ossa::geometry {

/// The roles a geometry can have; a geometry may have any subset.
enum class Role {
  kUnassigned = 0x0,
  kProximity = 0x1,
  kIllustration = 0x2,
  kPerception = 0x4,
};

/// How SceneGraph::AssignRole() treats a role the geometry already has.
enum class RoleAssign {
  /// Assign a role the geometry does not have yet (throws if it has it).
  kNew,
  /// Replace the properties of a role the geometry has (throws if not).
  kReplace,
};

/// "proximity", "illustration", "perception" or "unassigned".
std::string to_string(Role role);

class GeometryProperties {
 public:
  virtual ~GeometryProperties();

  using Group = std::map<std::string, std::shared_ptr<const AbstractValue>>;

  /// The name of the default group, "__default__".
  static const std::string& default_group_name();

  bool HasGroup(const std::string& group_name) const;
  int num_groups() const { return static_cast<int>(values_.size()); }
  /// The properties of a group (empty if the group does not exist).
  const Group& GetPropertiesInGroup(const std::string& group_name) const;
  std::set<std::string> GetGroupNames() const;

  /// Adds a property; @throws std::logic_error if (group, name) exists.
  template <typename ValueType>
  void AddProperty(const std::string& group, const std::string& name,
                   const ValueType& value) {
    AddPropertyAbstract(group, name, Value<ValueType>(value));
  }
  void AddPropertyAbstract(const std::string& group, const std::string& name,
                           const AbstractValue& value);

  /// Adds or replaces a property; @throws std::logic_error if it exists with
  /// another type.
  template <typename ValueType>
  void UpdateProperty(const std::string& group, const std::string& name,
                      const ValueType& value) {
    UpdatePropertyAbstract(group, name, Value<ValueType>(value));
  }
  void UpdatePropertyAbstract(const std::string& group, const std::string& name,
                              const AbstractValue& value);

  bool HasProperty(const std::string& group, const std::string& name) const;

  /// @throws std::logic_error if the property does not exist or has another
  /// type.
  template <typename ValueType>
  const ValueType& GetProperty(const std::string& group,
                               const std::string& name) const {
    return GetPropertyAbstract(group, name).get_value<ValueType>();
  }
  const AbstractValue& GetPropertyAbstract(const std::string& group,
                                           const std::string& name) const;

  /// The property's value, or `default_value` if it does not exist.
  /// @throws std::logic_error if it exists with another type.
  template <typename ValueType>
  ValueType GetPropertyOrDefault(const std::string& group,
                                 const std::string& name,
                                 ValueType default_value) const {
    if (!HasProperty(group, name)) return default_value;
    return GetProperty<ValueType>(group, name);
  }

  /// Removes a property; returns whether it existed.
  bool RemoveProperty(const std::string& group, const std::string& name);

  /// A readable listing of every group and property.
  std::string to_string() const;

 protected:
  GeometryProperties();
  GeometryProperties(const GeometryProperties&) = default;
  GeometryProperties& operator=(const GeometryProperties&) = default;

 private:
  std::map<std::string, Group> values_;
};

/// The properties of the proximity role (contact material, hydroelastic
/// representation, ...).
class ProximityProperties final : public GeometryProperties {
 public:
  ProximityProperties() = default;
};

/// The properties of the illustration role (("phong", "diffuse") -> Rgba,
/// ...).
class IllustrationProperties final : public GeometryProperties {
 public:
  IllustrationProperties() = default;
};

/// The properties of the perception role.
class PerceptionProperties final : public GeometryProperties {
 public:
  PerceptionProperties() = default;
};

/// Illustration properties with ("phong", "diffuse") = diffuse.
IllustrationProperties MakePhongIllustrationProperties(
    const Vector4<double>& diffuse);

/// How a geometry is represented in hydroelastic contact.
enum class HydroelasticType { kUndefined, kRigid, kSoft };

/// Group and property names of the contact material and hydroelastic
/// properties, as the reference names them.
inline constexpr const char* kMaterialGroup = "material";
inline constexpr const char* kElastic = "hydroelastic_modulus";
inline constexpr const char* kFriction = "coulomb_friction";
inline constexpr const char* kHcDissipation = "hunt_crossley_dissipation";
inline constexpr const char* kRelaxationTime = "relaxation_time";
inline constexpr const char* kPointStiffness = "point_contact_stiffness";
inline constexpr const char* kHydroGroup = "hydroelastic";
inline constexpr const char* kRezHint = "resolution_hint";
inline constexpr const char* kComplianceType = "compliance_type";
inline constexpr const char* kSlabThickness = "slab_thickness";

/// Adds the given contact material values to ("material", ...): the
/// Hunt–Crossley dissipation (s/m, >= 0), the point contact stiffness (N/m,
/// > 0) and the Coulomb friction (stored as given, with the type the plant
/// reads: the plant's CoulombFriction).
/// @throws std::runtime_error if a value is out of its range or a property
/// exists already.
void AddContactMaterial(std::optional<double> dissipation,
                        std::optional<double> point_stiffness,
                        ProximityProperties* properties);
template <typename Friction>
void AddContactMaterial(std::optional<double> dissipation,
                        std::optional<double> point_stiffness,
                        const std::optional<Friction>& friction,
                        ProximityProperties* properties) {
  AddContactMaterial(dissipation, point_stiffness, properties);
  if (friction.has_value()) {
    properties->AddProperty(kMaterialGroup, kFriction, *friction);
  }
}

/// Marks the geometry rigid for hydroelastic contact (with an optional mesh
/// resolution hint, > 0).
void AddRigidHydroelasticProperties(std::optional<double> resolution_hint,
                                    ProximityProperties* properties);

/// Marks the geometry compliant with the given hydroelastic modulus (Pa,
/// > 0) and optional resolution hint.
void AddCompliantHydroelasticProperties(std::optional<double> resolution_hint,
                                        double hydroelastic_modulus,
                                        ProximityProperties* properties);

/// As above, for a compliant half space of the given slab thickness (> 0).
void AddCompliantHydroelasticPropertiesForHalfSpace(
    double slab_thickness, double hydroelastic_modulus,
    ProximityProperties* properties);

}  // namespace ossa::geometry
