#include "ossa/multibody/parsing/detail_register_geometry.h"

#include <fmt/format.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ossa/geometry/geometry_instance.h"
#include "ossa/geometry/rgba.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/geometry/shape_specification.h"

namespace ossa::multibody::internal {
namespace {

using geometry::GeometryId;
using geometry::GeometrySet;
using geometry::IllustrationProperties;
using geometry::ProximityProperties;
using geometry::Role;

std::string Element(const GeometrySpec& g) {
  const char* tag = g.is_collision ? "collision" : "visual";
  return g.name.empty() ? fmt::format("<{}>", tag)
                        : fmt::format("<{} name='{}'>", tag, g.name);
}

// The shape of `spec`; a mesh must have resolved to a file.
std::unique_ptr<geometry::Shape> MakeShape(const GeometrySpec& g,
                                           const DiagnosticPolicy& diagnostic) {
  const ShapeSpec& s = g.shape;
  switch (s.type) {
    case ShapeType::kBox:
      return std::make_unique<geometry::Box>(s.size.x(), s.size.y(),
                                             s.size.z());
    case ShapeType::kSphere:
      return std::make_unique<geometry::Sphere>(s.radius);
    case ShapeType::kCylinder:
      return std::make_unique<geometry::Cylinder>(s.radius, s.length);
    case ShapeType::kCapsule:
      return std::make_unique<geometry::Capsule>(s.radius, s.length);
    case ShapeType::kEllipsoid:
      return std::make_unique<geometry::Ellipsoid>(s.size.x(), s.size.y(),
                                                   s.size.z());
    case ShapeType::kHalfSpace:
      return std::make_unique<geometry::HalfSpace>();
    case ShapeType::kMesh:
      if (s.filename.empty()) {
        diagnostic.Error(s.location, "<mesh>",
                         fmt::format("the mesh URI '{}' does not resolve to "
                                     "an existing file",
                                     s.uri));
      }
      return std::make_unique<geometry::Mesh>(s.filename, s.scale);
  }
  diagnostic.Error(g.location, Element(g), "unknown shape type");
}

// The proximity properties of collision `g`.
ProximityProperties MakeProximityProperties(
    const GeometrySpec& g, const DiagnosticPolicy& diagnostic) {
  ProximityProperties properties;
  const double mu_static =
      g.static_friction.value_or(g.dynamic_friction.value_or(1.0));
  const double mu_dynamic = g.dynamic_friction.value_or(mu_static);
  std::optional<double> hint, modulus, slab;
  bool rigid = false, compliant = false;
  std::optional<double> dissipation, stiffness;
  for (const auto& [key, value] : g.proximity_properties) {
    if (key == "hunt_crossley_dissipation") {
      dissipation = value;
    } else if (key == "point_contact_stiffness") {
      stiffness = value;
    } else if (key == "relaxation_time") {
      properties.AddProperty(geometry::kMaterialGroup,
                             geometry::kRelaxationTime, value);
    } else if (key == "hydroelastic_modulus") {
      modulus = value;
    } else if (key == "mesh_resolution_hint") {
      hint = value;
    } else if (key == "slab_thickness") {
      slab = value;
    } else if (key == "rigid_hydroelastic") {
      rigid = true;
    } else if (key == "compliant_hydroelastic" ||
               key == "soft_hydroelastic") {
      compliant = true;
    } else if (key == "contype" || key == "conaffinity" || key == "condim" ||
               key == "group") {
      // MJCF: contype/conaffinity become filters (RegisterModelGeometry);
      // condim and group have no meaning for the plant.
    } else {
      diagnostic.Warning(g.location, Element(g),
                         fmt::format("the proximity property '{}' is not "
                                     "known; it is ignored",
                                     key));
    }
  }
  try {
    geometry::AddContactMaterial(dissipation, stiffness,
                                 std::optional<CoulombFriction<double>>(
                                     CoulombFriction<double>(mu_static,
                                                             mu_dynamic)),
                                 &properties);
    if (rigid && compliant) {
      diagnostic.Error(g.location, Element(g),
                       "a geometry cannot be both rigid_hydroelastic and "
                       "compliant_hydroelastic");
    }
    if (rigid) geometry::AddRigidHydroelasticProperties(hint, &properties);
    if (compliant && slab.has_value()) {
      geometry::AddCompliantHydroelasticPropertiesForHalfSpace(
          *slab, modulus.value_or(1e8), &properties);
    } else if (compliant) {
      geometry::AddCompliantHydroelasticProperties(
          hint, modulus.value_or(1e8), &properties);
    } else {
      // Without a compliance flag the values are kept for later use.
      if (modulus) {
        properties.AddProperty(geometry::kHydroGroup, geometry::kElastic,
                               *modulus);
      }
      if (hint && !rigid) {
        properties.AddProperty(geometry::kHydroGroup, geometry::kRezHint,
                               *hint);
      }
    }
  } catch (const std::exception& e) {
    diagnostic.Error(g.location, Element(g), e.what());
  }
  return properties;
}

class GeometryRegistrar {
 public:
  GeometryRegistrar(const ModelSpec& model, ModelInstanceIndex instance,
                    const DiagnosticPolicy& diagnostic,
                    MultibodyPlant<double>* plant)
      : model_(model),
        instance_(instance),
        diagnostic_(diagnostic),
        plant_(*plant),
        inspector_(plant->GetMutableSceneGraphPreFinalize()->model_inspector()) {
  }

  void Run() {
    for (const LinkSpec& link : model_.links) {
      const RigidBody<double>& body = plant_.GetBodyByName(link.name, instance_);
      for (const GeometrySpec& g : link.visuals) Register(body, g);
      for (const GeometrySpec& g : link.collisions) Register(body, g);
    }
    for (const GeometrySpec& g : model_.world_geometries) {
      Register(plant_.world_body(), g);
    }
    ApplyMjcfFilters();
    ApplyFilterGroups();
  }

 private:
  void Register(const RigidBody<double>& body, const GeometrySpec& g) {
    const std::string element = Element(g);
    if (!g.deferred_error.empty()) {
      diagnostic_.Error(g.location, element, g.deferred_error);
    }
    std::unique_ptr<geometry::Shape> shape = MakeShape(g, diagnostic_);
    const Role role = g.is_collision ? Role::kProximity : Role::kIllustration;
    // An unnamed geometry is named after its shape ("Box", "Sphere", ...).
    const std::string name =
        UniqueName(body, role, g.name.empty() ? shape->type_name() : g.name);
    try {
      if (g.is_collision) {
        const GeometryId id = plant_.RegisterCollisionGeometry(
            body, g.X_BG, *shape, name,
            MakeProximityProperties(g, diagnostic_));
        // MJCF's bit masks, 1 when not given.
        const auto& props = g.proximity_properties;
        const auto bits = [&](const char* key) {
          return props.count(key) ? static_cast<int>(props.at(key)) : 1;
        };
        has_mjcf_masks_ |= props.count("contype") || props.count("conaffinity");
        masks_.push_back({id, bits("contype"), bits("conaffinity")});
      } else {
        IllustrationProperties illustration;
        if (g.rgba.has_value()) {
          const Eigen::Vector4d& c = *g.rgba;
          illustration.AddProperty("phong", "diffuse",
                                   geometry::Rgba(c(0), c(1), c(2), c(3)));
        }
        plant_.RegisterVisualGeometry(body, g.X_BG, *shape, name,
                                      illustration);
      }
    } catch (const std::exception& e) {
      diagnostic_.Error(g.location, element, e.what());
    }
  }

  // `name` or, if the body already has a geometry of that name with `role`
  // (this parse's or an earlier one's), name_1, name_2, ... Names are kept
  // as given (unscoped): the model's bodies are new, so only this parse
  // named their geometry; only the world body can carry geometry from
  // earlier parses, and the plant does not scope the world's names.
  std::string UniqueName(const RigidBody<double>& body, Role role,
                         const std::string& name) {
    auto [it, inserted] = used_names_.try_emplace({body.index(), role});
    std::set<std::string>& used = it->second;
    if (inserted && body.index() == world_index()) {
      for (GeometryId id : inspector_.GetGeometries(
               plant_.GetBodyFrameIdOrThrow(body.index()), role)) {
        used.insert(inspector_.GetName(id));
      }
    }
    std::string candidate = name;
    for (int k = 1; used.count(candidate); ++k) {
      candidate = fmt::format("{}_{}", name, k);
    }
    used.insert(candidate);
    return candidate;
  }

  void ApplyMjcfFilters() {
    if (!has_mjcf_masks_) return;
    geometry::CollisionFilterDeclaration declaration;
    bool any = false;
    for (size_t i = 0; i < masks_.size(); ++i) {
      for (size_t j = i + 1; j < masks_.size(); ++j) {
        const Mask& a = masks_[i];
        const Mask& b = masks_[j];
        if ((a.contype & b.conaffinity) || (b.contype & a.conaffinity))
          continue;
        declaration.ExcludeBetween(GeometrySet(a.id), GeometrySet(b.id));
        any = true;
      }
    }
    if (any) {
      plant_.GetMutableSceneGraphPreFinalize()->collision_filter_manager().Apply(
          declaration);
    }
  }

  // The frames of the bodies of group `group`.
  GeometrySet GroupSet(const CollisionFilterGroupSpec& group) const {
    GeometrySet set;
    for (const std::string& member : group.members) {
      const RigidBody<double>* body = FindMember(group, member);
      set.Add(plant_.GetBodyFrameIdOrThrow(body->index()));
    }
    return set;
  }

  const RigidBody<double>* FindMember(const CollisionFilterGroupSpec& group,
                                      const std::string& member) const {
    if (member == kWorldName) return &plant_.world_body();
    const auto [scope, local] = SplitScopedName(member);
    const std::string instance_name =
        scope.empty() ? model_.name : ScopedName(model_.name, scope);
    if (!plant_.HasModelInstanceNamed(instance_name) ||
        !plant_.HasBodyNamed(local,
                             plant_.GetModelInstanceByName(instance_name))) {
      diagnostic_.Error(
          group.location,
          fmt::format("<collision_filter_group name='{}'>", group.name),
          fmt::format("the member '{}' is not a link of model '{}'", member,
                      instance_name));
    }
    return &plant_.GetBodyByName(local,
                                 plant_.GetModelInstanceByName(instance_name));
  }

  void ApplyFilterGroups() {
    // Every group's members are checked, ignored or not.
    std::map<std::string, GeometrySet> sets;
    for (const auto& group : model_.collision_filter_groups) {
      sets[group.name] = GroupSet(group);
    }
    for (const auto& group : model_.collision_filter_groups) {
      for (const std::string& ignored : group.ignores) {
        const auto it = sets.find(ignored);
        if (it == sets.end()) {
          diagnostic_.Error(
              group.location,
              fmt::format("<collision_filter_group name='{}'>", group.name),
              fmt::format("the ignored group '{}' does not exist in model "
                          "'{}'",
                          ignored, model_.name));
        }
        plant_.ExcludeCollisionGeometriesWithCollisionFilterGroupPair(
            {group.name, sets.at(group.name)}, {it->first, it->second});
      }
    }
  }

  struct Mask {
    GeometryId id;
    int contype;
    int conaffinity;
  };

  const ModelSpec& model_;
  const ModelInstanceIndex instance_;
  const DiagnosticPolicy& diagnostic_;
  MultibodyPlant<double>& plant_;
  const geometry::SceneGraphInspector<double>& inspector_;
  std::map<std::pair<int, Role>, std::set<std::string>> used_names_;
  // The collision geometries of the model with their MJCF masks; they
  // filter only if the file gave a mask.
  std::vector<Mask> masks_;
  bool has_mjcf_masks_{false};
};

}  // namespace

void RegisterModelGeometry(const ModelSpec& model, ModelInstanceIndex instance,
                           const DiagnosticPolicy& diagnostic,
                           MultibodyPlant<double>* plant) {
  GeometryRegistrar(model, instance, diagnostic, plant).Run();
}

}  // namespace ossa::multibody::internal
