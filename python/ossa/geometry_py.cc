// Bindings of ossa.geometry (mirrors the reference's geometry module):
// shapes, ids, properties, GeometryFrame/GeometryInstance, SceneGraph and its
// inspector, QueryObject and the query results, collision filtering.

#include <limits>
#include <optional>
#include <set>
#include <string>

#include "ossa/bindings.h"
#include "ossa/geometry/collision_filter_manager.h"
#include "ossa/geometry/query_object.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/geometry/scene_graph_config.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/identifier_py.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using namespace ossa::geometry;  // NOLINT
using math::RigidTransform;
using V3 = Vector3<double>;
constexpr double kInf = std::numeric_limits<double>::infinity();

// A Python value as an AbstractValue (AbstractValue.Make picks the C++ type:
// float -> double, str -> std::string, a bound class -> that class, any
// other object -> Value[object]).
nb::object MakeAbstract(nb::handle value) {
  if (nb::isinstance<AbstractValue>(value)) return nb::borrow(value);
  return nb::module_::import_("ossa.common.value")
      .attr("AbstractValue")
      .attr("Make")(value);
}

nb::object ValueOf(const AbstractValue& value) {
  return nb::cast(&value, nb::rv_policy::reference).attr("get_value")();
}

// The file a Mesh or Convex reads for a path-like, a MeshSource or an
// InMemoryMesh (whose files geometry.py writes once to a folder named by
// their checksum).
std::string MeshFilePath(nb::handle source) {
  return nb::cast<std::string>(
      nb::module_::import_("ossa.geometry").attr("_mesh_file_path")(source));
}

void DefineShapes(nb::module_ m) {
  nb::class_<Shape>(m, "Shape", "The base of every shape.")
      .def("Clone", &Shape::Clone)
      .def("Reify", [](const Shape& self,
                       ShapeReifier* reifier) { self.Reify(reifier); })
      .def("__repr__", &Shape::to_string);
  nb::class_<Sphere, Shape>(m, "Sphere")
      .def(nb::init<double>(), nb::arg("radius"))
      .def("radius", &Sphere::radius);
  nb::class_<Box, Shape>(m, "Box")
      .def(nb::init<double, double, double>(), nb::arg("width"),
           nb::arg("depth"), nb::arg("height"))
      .def(nb::init<const V3&>(), nb::arg("measures"))
      .def_static("MakeCube", &Box::MakeCube, nb::arg("edge_size"))
      .def("width", &Box::width)
      .def("depth", &Box::depth)
      .def("height", &Box::height)
      .def("size", &Box::size);
  nb::class_<Cylinder, Shape>(m, "Cylinder")
      .def(nb::init<double, double>(), nb::arg("radius"), nb::arg("length"))
      .def(nb::init<const Vector2<double>&>(), nb::arg("measures"))
      .def("radius", &Cylinder::radius)
      .def("length", &Cylinder::length);
  nb::class_<Capsule, Shape>(m, "Capsule")
      .def(nb::init<double, double>(), nb::arg("radius"), nb::arg("length"))
      .def(nb::init<const Vector2<double>&>(), nb::arg("measures"))
      .def("radius", &Capsule::radius)
      .def("length", &Capsule::length);
  nb::class_<Ellipsoid, Shape>(m, "Ellipsoid")
      .def(nb::init<double, double, double>(), nb::arg("a"), nb::arg("b"),
           nb::arg("c"))
      .def(nb::init<const V3&>(), nb::arg("measures"))
      .def("a", &Ellipsoid::a)
      .def("b", &Ellipsoid::b)
      .def("c", &Ellipsoid::c);
  nb::class_<HalfSpace, Shape>(m, "HalfSpace")
      .def(nb::init<>())
      .def_static("MakePose", &HalfSpace::MakePose, nb::arg("Hz_dir_F"),
                  nb::arg("p_FB"));
  nb::class_<Mesh, Shape>(m, "Mesh")
      .def(
          "__init__",
          [](Mesh* self, nb::handle filename, double scale) {
            new (self) Mesh(MeshFilePath(filename), scale);
          },
          nb::arg("filename"), nb::arg("scale") = 1.0)
      .def(
          "__init__",
          [](Mesh* self, nb::handle filename, const V3& scale3) {
            new (self) Mesh(MeshFilePath(filename), scale3);
          },
          nb::arg("filename"), nb::arg("scale3"))
      .def(
          "__init__",
          [](Mesh* self, nb::handle mesh_data, double scale) {
            new (self) Mesh(MeshFilePath(mesh_data), scale);
          },
          nb::arg("mesh_data"), nb::arg("scale") = 1.0)
      .def(
          "__init__",
          [](Mesh* self, nb::handle mesh_data, const V3& scale3) {
            new (self) Mesh(MeshFilePath(mesh_data), scale3);
          },
          nb::arg("mesh_data"), nb::arg("scale3"))
      .def(
          "__init__",
          [](Mesh* self, nb::handle source, double scale) {
            new (self) Mesh(MeshFilePath(source), scale);
          },
          nb::arg("source"), nb::arg("scale") = 1.0)
      .def(
          "__init__",
          [](Mesh* self, nb::handle source, const V3& scale3) {
            new (self) Mesh(MeshFilePath(source), scale3);
          },
          nb::arg("source"), nb::arg("scale3"))
      .def("filename", &Mesh::filename)
      .def("extension", &Mesh::extension)
      .def("scale", &Mesh::scale)
      .def("scale3", &Mesh::scale3);
  nb::class_<Convex, Shape>(m, "Convex")
      .def(
          "__init__",
          [](Convex* self, nb::handle filename, double scale) {
            new (self) Convex(MeshFilePath(filename), scale);
          },
          nb::arg("filename"), nb::arg("scale") = 1.0)
      .def(
          "__init__",
          [](Convex* self, nb::handle filename, const V3& scale3) {
            new (self) Convex(MeshFilePath(filename), scale3);
          },
          nb::arg("filename"), nb::arg("scale3"))
      .def(
          "__init__",
          [](Convex* self, nb::handle mesh_data, double scale) {
            new (self) Convex(MeshFilePath(mesh_data), scale);
          },
          nb::arg("mesh_data"), nb::arg("scale") = 1.0)
      .def(
          "__init__",
          [](Convex* self, nb::handle mesh_data, const V3& scale3) {
            new (self) Convex(MeshFilePath(mesh_data), scale3);
          },
          nb::arg("mesh_data"), nb::arg("scale3"))
      .def(
          "__init__",
          [](Convex* self, nb::handle source, double scale) {
            new (self) Convex(MeshFilePath(source), scale);
          },
          nb::arg("source"), nb::arg("scale") = 1.0)
      .def(
          "__init__",
          [](Convex* self, nb::handle source, const V3& scale3) {
            new (self) Convex(MeshFilePath(source), scale3);
          },
          nb::arg("source"), nb::arg("scale3"))
      .def("filename", &Convex::filename)
      .def("extension", &Convex::extension)
      .def("scale", &Convex::scale)
      .def("scale3", &Convex::scale3);
  nb::class_<ShapeReifier>(m, "ShapeReifier");
  m.def("CalcVolume", &CalcVolume, nb::arg("shape"));
  m.def("CalcSpatialInertia", &CalcSpatialInertia, nb::arg("shape"),
        nb::arg("density"));
}

void DefineProperties(nb::module_ m) {
  nb::enum_<Role>(m, "Role")
      .value("kUnassigned", Role::kUnassigned)
      .value("kProximity", Role::kProximity)
      .value("kIllustration", Role::kIllustration)
      .value("kPerception", Role::kPerception)
      .def("__int__", [](Role r) { return static_cast<int>(r); });
  nb::enum_<RoleAssign>(m, "RoleAssign")
      .value("kNew", RoleAssign::kNew)
      .value("kReplace", RoleAssign::kReplace)
      .def("__int__", [](RoleAssign r) { return static_cast<int>(r); });

  nb::class_<Rgba>(m, "Rgba")
      .def(nb::init<double, double, double, double>(), nb::arg("r"),
           nb::arg("g"), nb::arg("b"), nb::arg("a") = 1.0)
      .def("r", &Rgba::r)
      .def("g", &Rgba::g)
      .def("b", &Rgba::b)
      .def("a", &Rgba::a)
      .def_prop_rw("rgba", &Rgba::rgba,
                   nb::overload_cast<const Eigen::VectorXd&>(&Rgba::set))
      .def("set", nb::overload_cast<double, double, double, double>(&Rgba::set),
           nb::arg("r"), nb::arg("g"), nb::arg("b"), nb::arg("a") = 1.0)
      .def("set", nb::overload_cast<const Eigen::VectorXd&>(&Rgba::set),
           nb::arg("rgba"))
      .def("AlmostEqual", &Rgba::AlmostEqual, nb::arg("other"),
           nb::arg("tolerance") = 0.0)
      .def("scale_rgb", &Rgba::scale_rgb, nb::arg("scale"))
      .def("__mul__", &Rgba::operator*)
      .def("__eq__", [](const Rgba& a, const Rgba& b) { return a == b; })
      .def("__repr__", &Rgba::to_string)
      .def("__copy__", [](const Rgba& a) { return a; })
      .def("__deepcopy__", [](const Rgba& a, nb::handle) { return a; });
  AddValueInstantiation<Rgba>(m);

  nb::class_<GeometryProperties>(m, "GeometryProperties")
      .def_static("default_group_name", &GeometryProperties::default_group_name)
      .def("HasGroup", &GeometryProperties::HasGroup, nb::arg("group_name"))
      .def("num_groups", &GeometryProperties::num_groups)
      .def("GetGroupNames", &GeometryProperties::GetGroupNames)
      .def(
          "GetPropertiesInGroup",
          [](const GeometryProperties& self, const std::string& group) {
            nb::dict out;
            for (const auto& [name, value] : self.GetPropertiesInGroup(group)) {
              out[nb::str(name.c_str())] = ValueOf(*value);
            }
            return out;
          },
          nb::arg("group_name"))
      .def(
          "AddProperty",
          [](GeometryProperties& self, const std::string& group,
             const std::string& name, nb::handle value) {
            self.AddPropertyAbstract(
                group, name,
                nb::cast<const AbstractValue&>(MakeAbstract(value)));
          },
          nb::arg("group_name"), nb::arg("name"), nb::arg("value"))
      .def(
          "UpdateProperty",
          [](GeometryProperties& self, const std::string& group,
             const std::string& name, nb::handle value) {
            self.UpdatePropertyAbstract(
                group, name,
                nb::cast<const AbstractValue&>(MakeAbstract(value)));
          },
          nb::arg("group_name"), nb::arg("name"), nb::arg("value"))
      .def("HasProperty", &GeometryProperties::HasProperty,
           nb::arg("group_name"), nb::arg("name"))
      .def(
          "GetProperty",
          [](const GeometryProperties& self, const std::string& group,
             const std::string& name) {
            return ValueOf(self.GetPropertyAbstract(group, name));
          },
          nb::arg("group_name"), nb::arg("name"))
      .def(
          "GetPropertyOrDefault",
          [](const GeometryProperties& self, const std::string& group,
             const std::string& name, nb::object default_value) {
            if (!self.HasProperty(group, name)) return default_value;
            return ValueOf(self.GetPropertyAbstract(group, name));
          },
          nb::arg("group_name"), nb::arg("name"), nb::arg("default_value"))
      .def("RemoveProperty", &GeometryProperties::RemoveProperty,
           nb::arg("group_name"), nb::arg("name"))
      .def("__str__", &GeometryProperties::to_string);
  nb::class_<ProximityProperties, GeometryProperties>(m, "ProximityProperties")
      .def(nb::init<>())
      .def(nb::init<const ProximityProperties&>(), nb::arg("other"))
      .def("__copy__", [](const ProximityProperties& p) { return p; })
      .def("__deepcopy__",
           [](const ProximityProperties& p, nb::handle) { return p; });
  nb::class_<IllustrationProperties, GeometryProperties>(
      m, "IllustrationProperties")
      .def(nb::init<>())
      .def(nb::init<const IllustrationProperties&>(), nb::arg("other"))
      .def("__copy__", [](const IllustrationProperties& p) { return p; });
  nb::class_<PerceptionProperties, GeometryProperties>(m,
                                                       "PerceptionProperties")
      .def(nb::init<>())
      .def(nb::init<const PerceptionProperties&>(), nb::arg("other"))
      .def("__copy__", [](const PerceptionProperties& p) { return p; });
  m.def("MakePhongIllustrationProperties", &MakePhongIllustrationProperties,
        nb::arg("diffuse"));
  m.def(
      "AddContactMaterial",
      [](std::optional<double> dissipation,
         std::optional<double> point_stiffness, nb::object friction,
         ProximityProperties* properties) {
        AddContactMaterial(dissipation, point_stiffness, properties);
        if (!friction.is_none()) {
          properties->AddPropertyAbstract(
              kMaterialGroup, kFriction,
              nb::cast<const AbstractValue&>(MakeAbstract(friction)));
        }
      },
      nb::arg("dissipation") = nb::none(),
      nb::arg("point_stiffness") = nb::none(), nb::arg("friction") = nb::none(),
      nb::arg("properties"));
  m.def("AddRigidHydroelasticProperties",
        nb::overload_cast<std::optional<double>, ProximityProperties*>(
            &AddRigidHydroelasticProperties),
        nb::arg("resolution_hint") = nb::none(), nb::arg("properties"));
  m.def("AddCompliantHydroelasticProperties",
        &AddCompliantHydroelasticProperties,
        nb::arg("resolution_hint") = nb::none(),
        nb::arg("hydroelastic_modulus"), nb::arg("properties"));
  m.def("AddCompliantHydroelasticPropertiesForHalfSpace",
        &AddCompliantHydroelasticPropertiesForHalfSpace,
        nb::arg("slab_thickness"), nb::arg("hydroelastic_modulus"),
        nb::arg("properties"));
}

void DefineInstances(nb::module_ m) {
  nb::class_<GeometryFrame>(m, "GeometryFrame")
      .def(nb::init<const std::string&, int>(), nb::arg("frame_name"),
           nb::arg("frame_group_id") = 0)
      .def("id", &GeometryFrame::id)
      .def("name", &GeometryFrame::name)
      .def("frame_group", &GeometryFrame::frame_group);
  nb::class_<GeometryInstance>(m, "GeometryInstance")
      .def(nb::init<const RigidTransform<double>&, const Shape&,
                    const std::string&>(),
           nb::arg("X_PG"), nb::arg("shape"), nb::arg("name"))
      .def("id", &GeometryInstance::id)
      .def("pose", &GeometryInstance::pose, kRefInternal)
      .def("set_pose", &GeometryInstance::set_pose, nb::arg("X_PG"))
      .def("shape", &GeometryInstance::shape, kRefInternal)
      .def("name", &GeometryInstance::name)
      .def("set_name", &GeometryInstance::set_name, nb::arg("name"))
      .def("set_proximity_properties",
           &GeometryInstance::set_proximity_properties, nb::arg("properties"))
      .def("set_illustration_properties",
           &GeometryInstance::set_illustration_properties,
           nb::arg("properties"))
      .def("set_perception_properties",
           &GeometryInstance::set_perception_properties, nb::arg("properties"))
      .def("proximity_properties",
           &GeometryInstance::mutable_proximity_properties, kRefInternal)
      .def("illustration_properties",
           &GeometryInstance::mutable_illustration_properties, kRefInternal)
      .def("perception_properties",
           &GeometryInstance::mutable_perception_properties, kRefInternal);

  nb::class_<GeometrySet>(m, "GeometrySet")
      .def(nb::init<>())
      .def(nb::init<GeometryId>(), nb::arg("geometry_id"))
      .def(nb::init<FrameId>(), nb::arg("frame_id"))
      .def(nb::init<const std::vector<GeometryId>&>(), nb::arg("geometry_ids"))
      .def(nb::init<const std::vector<FrameId>&>(), nb::arg("frame_ids"))
      .def(nb::init<const std::vector<GeometryId>&,
                    const std::vector<FrameId>&>(),
           nb::arg("geometry_ids"), nb::arg("frame_ids"))
      .def("Add", nb::overload_cast<GeometryId>(&GeometrySet::Add),
           nb::arg("geometry_id"))
      .def("Add", nb::overload_cast<FrameId>(&GeometrySet::Add),
           nb::arg("frame_id"))
      .def("Add",
           nb::overload_cast<const std::vector<GeometryId>&>(&GeometrySet::Add),
           nb::arg("geometry_ids"))
      .def("Add",
           nb::overload_cast<const std::vector<FrameId>&>(&GeometrySet::Add),
           nb::arg("frame_ids"))
      .def("Add", nb::overload_cast<const GeometrySet&>(&GeometrySet::Add),
           nb::arg("geometry_set"))
      .def("num_frames", &GeometrySet::num_frames)
      .def("num_geometries", &GeometrySet::num_geometries);

  // Which geometries a declaration affects: all, or all but deformable
  // ones. ossa has no deformable geometry, so both scopes act alike.
  enum class CollisionFilterScope { kAll, kOmitDeformable };
  nb::enum_<CollisionFilterScope>(m, "CollisionFilterScope")
      .value("kAll", CollisionFilterScope::kAll)
      .value("kOmitDeformable", CollisionFilterScope::kOmitDeformable)
      .def("__int__",
           [](CollisionFilterScope s) { return static_cast<int>(s); });
  using Decl = CollisionFilterDeclaration;
  nb::class_<Decl>(m, "CollisionFilterDeclaration")
      .def(nb::init<>())
      .def(
          "__init__",
          [](Decl* self, CollisionFilterScope) { new (self) Decl(); },
          nb::arg("scope"))
      .def("AllowBetween", &Decl::AllowBetween, nb::arg("set_A"),
           nb::arg("set_B"), nb::rv_policy::reference)
      .def("AllowWithin", &Decl::AllowWithin, nb::arg("geometry_set"),
           nb::rv_policy::reference)
      .def("ExcludeBetween", &Decl::ExcludeBetween, nb::arg("set_A"),
           nb::arg("set_B"), nb::rv_policy::reference)
      .def("ExcludeWithin", &Decl::ExcludeWithin, nb::arg("geometry_set"),
           nb::rv_policy::reference);
}

// Vector members are returned as copies (AutoDiffXd arrays cannot be
// views).
template <typename T>
void DefineResults(nb::module_ m) {
  using PP = PenetrationAsPointPair<T>;
  DefineTemplateClassWithDefault<PP>(m, "PenetrationAsPointPair",
                                     GetPyParam<T>())
      .def(nb::init<>())
      .def_rw("id_A", &PP::id_A)
      .def_rw("id_B", &PP::id_B)
      .def_prop_rw(
          "p_WCa", [](const PP& self) { return self.p_WCa; },
          [](PP& self, const Vector3<T>& v) { self.p_WCa = v; },
          nb::for_getter(nb::rv_policy::move))
      .def_prop_rw(
          "p_WCb", [](const PP& self) { return self.p_WCb; },
          [](PP& self, const Vector3<T>& v) { self.p_WCb = v; },
          nb::for_getter(nb::rv_policy::move))
      .def_prop_rw(
          "nhat_BA_W", [](const PP& self) { return self.nhat_BA_W; },
          [](PP& self, const Vector3<T>& v) { self.nhat_BA_W = v; },
          nb::for_getter(nb::rv_policy::move))
      .def_rw("depth", &PP::depth);
  using SDP = SignedDistancePair<T>;
  DefineTemplateClassWithDefault<SDP>(m, "SignedDistancePair", GetPyParam<T>())
      .def(nb::init<>())
      .def_rw("id_A", &SDP::id_A)
      .def_rw("id_B", &SDP::id_B)
      .def_prop_rw(
          "p_ACa", [](const SDP& self) { return self.p_ACa; },
          [](SDP& self, const Vector3<T>& v) { self.p_ACa = v; },
          nb::for_getter(nb::rv_policy::move))
      .def_prop_rw(
          "p_BCb", [](const SDP& self) { return self.p_BCb; },
          [](SDP& self, const Vector3<T>& v) { self.p_BCb = v; },
          nb::for_getter(nb::rv_policy::move))
      .def_rw("distance", &SDP::distance)
      .def_prop_rw(
          "nhat_BA_W", [](const SDP& self) { return self.nhat_BA_W; },
          [](SDP& self, const Vector3<T>& v) { self.nhat_BA_W = v; },
          nb::for_getter(nb::rv_policy::move));
  using SDTP = SignedDistanceToPoint<T>;
  DefineTemplateClassWithDefault<SDTP>(m, "SignedDistanceToPoint",
                                       GetPyParam<T>())
      .def(nb::init<>())
      .def_rw("id_G", &SDTP::id_G)
      .def_prop_rw(
          "p_GN", [](const SDTP& self) { return self.p_GN; },
          [](SDTP& self, const Vector3<T>& v) { self.p_GN = v; },
          nb::for_getter(nb::rv_policy::move))
      .def_rw("distance", &SDTP::distance)
      .def_prop_rw(
          "grad_W", [](const SDTP& self) { return self.grad_W; },
          [](SDTP& self, const Vector3<T>& v) { self.grad_W = v; },
          nb::for_getter(nb::rv_policy::move));

  using FPV = FramePoseVector<T>;
  DefineTemplateClassWithDefault<FPV>(m, "FramePoseVector", GetPyParam<T>())
      .def(nb::init<>())
      .def("clear", &FPV::clear)
      .def("set_value", &FPV::set_value, nb::arg("id"), nb::arg("value"))
      .def("value", &FPV::value, nb::arg("id"), kRefInternal)
      .def("has_id", &FPV::has_id, nb::arg("id"))
      .def("size", &FPV::size)
      .def("ids", &FPV::ids);
  AddValueInstantiation<FPV>(m);
}

template <typename T>
void DefineSceneGraph(nb::module_ m) {
  using Manager = CollisionFilterManager<T>;
  DefineTemplateClassWithDefault<Manager>(m, "CollisionFilterManager",
                                          GetPyParam<T>())
      .def("Apply", &Manager::Apply, nb::arg("declaration"))
      .def("ApplyTransient", &Manager::ApplyTransient, nb::arg("declaration"))
      .def("RemoveDeclaration", &Manager::RemoveDeclaration,
           nb::arg("filter_id"))
      .def("IsActive", &Manager::IsActive, nb::arg("filter_id"))
      .def("has_transient_history", &Manager::has_transient_history);
  using Inspector = SceneGraphInspector<T>;
  DefineTemplateClassWithDefault<Inspector>(m, "SceneGraphInspector",
                                            GetPyParam<T>())
      .def("num_sources", &Inspector::num_sources)
      .def("num_frames", &Inspector::num_frames)
      .def("num_geometries", &Inspector::num_geometries)
      .def("GetAllSourceIds", &Inspector::GetAllSourceIds)
      .def("GetAllFrameIds", &Inspector::GetAllFrameIds)
      .def("GetAllGeometryIds", &Inspector::GetAllGeometryIds,
           nb::arg("role") = nb::none())
      .def("GetGeometryIds", &Inspector::GetGeometryIds,
           nb::arg("geometry_set"), nb::arg("role") = nb::none())
      .def("NumGeometriesWithRole", &Inspector::NumGeometriesWithRole,
           nb::arg("role"))
      .def("NumDynamicGeometries", &Inspector::NumDynamicGeometries)
      .def("NumAnchoredGeometries", &Inspector::NumAnchoredGeometries)
      .def("GetCollisionCandidates", &Inspector::GetCollisionCandidates)
      .def("SourceIsRegistered", &Inspector::SourceIsRegistered,
           nb::arg("source_id"))
      .def("GetName",
           nb::overload_cast<SourceId>(&Inspector::GetName, nb::const_),
           nb::arg("source_id"))
      .def("GetName",
           nb::overload_cast<FrameId>(&Inspector::GetName, nb::const_),
           nb::arg("frame_id"))
      .def("GetName",
           nb::overload_cast<GeometryId>(&Inspector::GetName, nb::const_),
           nb::arg("geometry_id"))
      .def("GetOwningSourceName",
           nb::overload_cast<FrameId>(&Inspector::GetOwningSourceName,
                                      nb::const_),
           nb::arg("frame_id"))
      .def("GetOwningSourceName",
           nb::overload_cast<GeometryId>(&Inspector::GetOwningSourceName,
                                         nb::const_),
           nb::arg("geometry_id"))
      .def("NumFramesForSource", &Inspector::NumFramesForSource,
           nb::arg("source_id"))
      .def("FramesForSource", &Inspector::FramesForSource, nb::arg("source_id"))
      .def("BelongsToSource",
           nb::overload_cast<FrameId, SourceId>(&Inspector::BelongsToSource,
                                                nb::const_),
           nb::arg("frame_id"), nb::arg("source_id"))
      .def("BelongsToSource",
           nb::overload_cast<GeometryId, SourceId>(&Inspector::BelongsToSource,
                                                   nb::const_),
           nb::arg("geometry_id"), nb::arg("source_id"))
      .def("GetFrameGroup", &Inspector::GetFrameGroup, nb::arg("frame_id"))
      .def("NumGeometriesForFrame", &Inspector::NumGeometriesForFrame,
           nb::arg("frame_id"))
      .def("NumGeometriesForFrameWithRole",
           &Inspector::NumGeometriesForFrameWithRole, nb::arg("frame_id"),
           nb::arg("role"))
      .def("GetGeometries", &Inspector::GetGeometries, nb::arg("frame_id"),
           nb::arg("role") = nb::none())
      .def("GetGeometryIdByName", &Inspector::GetGeometryIdByName,
           nb::arg("frame_id"), nb::arg("role"), nb::arg("name"))
      .def("GetFrameId", &Inspector::GetFrameId, nb::arg("geometry_id"))
      .def("GetPoseInFrame", &Inspector::GetPoseInFrame, nb::arg("geometry_id"),
           kRefInternal)
      .def("GetShape", &Inspector::GetShape, nb::arg("geometry_id"),
           kRefInternal)
      .def("GetProximityProperties", &Inspector::GetProximityProperties,
           nb::arg("geometry_id"), kRefInternal)
      .def("GetIllustrationProperties", &Inspector::GetIllustrationProperties,
           nb::arg("geometry_id"), kRefInternal)
      .def("GetPerceptionProperties", &Inspector::GetPerceptionProperties,
           nb::arg("geometry_id"), kRefInternal)
      .def("GetProperties", &Inspector::GetProperties, nb::arg("geometry_id"),
           nb::arg("role"), kRefInternal)
      .def("CollisionFiltered", &Inspector::CollisionFiltered,
           nb::arg("geometry_id1"), nb::arg("geometry_id2"))
      .def("CloneGeometryInstance", &Inspector::CloneGeometryInstance,
           nb::arg("geometry_id"))
      .def_static("world_frame_id", &Inspector::world_frame_id);

  using QO = QueryObject<T>;
  DefineTemplateClassWithDefault<QO>(m, "QueryObject", GetPyParam<T>())
      .def("inspector", &QO::inspector, kRefInternal)
      .def("GetPoseInWorld",
           nb::overload_cast<FrameId>(&QO::GetPoseInWorld, nb::const_),
           nb::arg("frame_id"), kRefInternal)
      .def("GetPoseInWorld",
           nb::overload_cast<GeometryId>(&QO::GetPoseInWorld, nb::const_),
           nb::arg("geometry_id"), kRefInternal)
      .def("ComputePointPairPenetration", &QO::ComputePointPairPenetration,
           nb::call_guard<nb::gil_scoped_release>())
      .def("ComputeSignedDistancePairwiseClosestPoints",
           &QO::ComputeSignedDistancePairwiseClosestPoints,
           nb::arg("max_distance") = kInf,
           nb::call_guard<nb::gil_scoped_release>())
      .def("ComputeSignedDistancePairClosestPoints",
           &QO::ComputeSignedDistancePairClosestPoints,
           nb::arg("geometry_id_A"), nb::arg("geometry_id_B"))
      .def("ComputeSignedDistanceToPoint", &QO::ComputeSignedDistanceToPoint,
           nb::arg("p_WQ"), nb::arg("threshold") = kInf)
      .def("FindCollisionCandidates", &QO::FindCollisionCandidates)
      .def("HasCollisions", &QO::HasCollisions);
  AddValueInstantiation<QO>(m);

  using SG = SceneGraph<T>;
  DefineTemplateClassWithDefault<SG, systems::LeafSystem<T>>(
      m, "SceneGraph", GetPyParam<T>(),
      "Owns the geometry of a diagram: registration, poses, proximity "
      "queries.")
      .def(nb::init<>())
      .def(nb::init<const SceneGraphConfig&>(), nb::arg("config"))
      .def("set_config", &SG::set_config, nb::arg("config"))
      .def("get_config", nb::overload_cast<>(&SG::get_config, nb::const_),
           nb::rv_policy::copy)
      .def("get_config",
           nb::overload_cast<const systems::Context<T>&>(&SG::get_config,
                                                         nb::const_),
           nb::arg("context"), nb::rv_policy::copy)
      .def("RegisterSource", &SG::RegisterSource, nb::arg("name") = "")
      .def("SourceIsRegistered", &SG::SourceIsRegistered, nb::arg("id"))
      .def("get_source_pose_port", &SG::get_source_pose_port, nb::arg("id"),
           kRefInternal)
      .def("get_query_output_port", &SG::get_query_output_port, kRefInternal)
      .def(
          "RegisterFrame",
          nb::overload_cast<SourceId, const GeometryFrame&>(&SG::RegisterFrame),
          nb::arg("source_id"), nb::arg("frame"))
      .def("RegisterFrame",
           nb::overload_cast<SourceId, FrameId, const GeometryFrame&>(
               &SG::RegisterFrame),
           nb::arg("source_id"), nb::arg("parent_id"), nb::arg("frame"))
      .def(
          "RegisterGeometry",
          [](SG& self, SourceId s, FrameId f, const GeometryInstance& g) {
            return self.RegisterGeometry(s, f,
                                         std::make_unique<GeometryInstance>(g));
          },
          nb::arg("source_id"), nb::arg("frame_id"), nb::arg("geometry"))
      .def(
          "RegisterAnchoredGeometry",
          [](SG& self, SourceId s, const GeometryInstance& g) {
            return self.RegisterAnchoredGeometry(
                s, std::make_unique<GeometryInstance>(g));
          },
          nb::arg("source_id"), nb::arg("geometry"))
      .def("RemoveGeometry", &SG::RemoveGeometry, nb::arg("source_id"),
           nb::arg("geometry_id"))
      .def("AssignRole",
           nb::overload_cast<SourceId, GeometryId, ProximityProperties,
                             RoleAssign>(&SG::AssignRole),
           nb::arg("source_id"), nb::arg("geometry_id"), nb::arg("properties"),
           nb::arg("assign") = RoleAssign::kNew)
      .def("AssignRole",
           nb::overload_cast<SourceId, GeometryId, IllustrationProperties,
                             RoleAssign>(&SG::AssignRole),
           nb::arg("source_id"), nb::arg("geometry_id"), nb::arg("properties"),
           nb::arg("assign") = RoleAssign::kNew)
      .def("AssignRole",
           nb::overload_cast<SourceId, GeometryId, PerceptionProperties,
                             RoleAssign>(&SG::AssignRole),
           nb::arg("source_id"), nb::arg("geometry_id"), nb::arg("properties"),
           nb::arg("assign") = RoleAssign::kNew)
      .def("AssignRole",
           nb::overload_cast<systems::Context<T>*, SourceId, GeometryId,
                             ProximityProperties, RoleAssign>(&SG::AssignRole,
                                                              nb::const_),
           nb::arg("context"), nb::arg("source_id"), nb::arg("geometry_id"),
           nb::arg("properties"), nb::arg("assign") = RoleAssign::kNew)
      .def("AssignRole",
           nb::overload_cast<systems::Context<T>*, SourceId, GeometryId,
                             IllustrationProperties, RoleAssign>(
               &SG::AssignRole, nb::const_),
           nb::arg("context"), nb::arg("source_id"), nb::arg("geometry_id"),
           nb::arg("properties"), nb::arg("assign") = RoleAssign::kNew)
      .def("RemoveRole", &SG::RemoveRole, nb::arg("source_id"),
           nb::arg("geometry_id"), nb::arg("role"))
      .def("model_inspector", &SG::model_inspector, kRefInternal)
      .def("collision_filter_manager",
           nb::overload_cast<>(&SG::collision_filter_manager),
           nb::keep_alive<0, 1>())
      .def("collision_filter_manager",
           nb::overload_cast<systems::Context<T>*>(
               &SG::collision_filter_manager, nb::const_),
           nb::arg("context"), nb::keep_alive<0, 2>())
      .def_static("world_frame_id", &SG::world_frame_id);
}

}  // namespace

// SceneGraphConfig and DefaultProximityProperties: keyword construction
// with the reference's defaults; __fields__ and repr come from geometry.py.
void DefineSceneGraphConfig(nb::module_ m) {
  using DPP = DefaultProximityProperties;
  using OptionalDouble = std::optional<double>;
  const DPP d;
  nb::class_<DPP>(m, "DefaultProximityProperties",
                  "Proximity property values for geometries that lack "
                  "them (SceneGraphConfig).")
      .def(
          "__init__",
          [](DPP* self, std::string compliance_type,
             OptionalDouble hydroelastic_modulus,
             OptionalDouble resolution_hint, OptionalDouble slab_thickness,
             OptionalDouble margin, OptionalDouble dynamic_friction,
             OptionalDouble static_friction,
             OptionalDouble hunt_crossley_dissipation,
             OptionalDouble relaxation_time, OptionalDouble point_stiffness) {
            new (self) DPP{std::move(compliance_type),
                           hydroelastic_modulus,
                           resolution_hint,
                           slab_thickness,
                           margin,
                           dynamic_friction,
                           static_friction,
                           hunt_crossley_dissipation,
                           relaxation_time,
                           point_stiffness};
          },
          nb::kw_only(), nb::arg("compliance_type") = d.compliance_type,
          nb::arg("hydroelastic_modulus") = d.hydroelastic_modulus,
          nb::arg("resolution_hint") = d.resolution_hint,
          nb::arg("slab_thickness") = d.slab_thickness,
          nb::arg("margin") = d.margin,
          nb::arg("dynamic_friction") = d.dynamic_friction,
          nb::arg("static_friction") = d.static_friction,
          nb::arg("hunt_crossley_dissipation") = d.hunt_crossley_dissipation,
          nb::arg("relaxation_time") = d.relaxation_time,
          nb::arg("point_stiffness") = d.point_stiffness)
      .def_rw("compliance_type", &DPP::compliance_type)
      .def_rw("hydroelastic_modulus", &DPP::hydroelastic_modulus)
      .def_rw("resolution_hint", &DPP::resolution_hint)
      .def_rw("slab_thickness", &DPP::slab_thickness)
      .def_rw("margin", &DPP::margin)
      .def_rw("dynamic_friction", &DPP::dynamic_friction)
      .def_rw("static_friction", &DPP::static_friction)
      .def_rw("hunt_crossley_dissipation", &DPP::hunt_crossley_dissipation)
      .def_rw("relaxation_time", &DPP::relaxation_time)
      .def_rw("point_stiffness", &DPP::point_stiffness)
      .def("ValidateOrThrow", &DPP::ValidateOrThrow)
      .def("__copy__", [](const DPP& self) { return DPP(self); })
      .def("__deepcopy__", [](const DPP& self, nb::dict) { return DPP(self); });
  nb::class_<SceneGraphConfig>(m, "SceneGraphConfig",
                               "The configurable properties of a "
                               "SceneGraph.")
      .def(
          "__init__",
          [](SceneGraphConfig* self, DPP default_proximity_properties) {
            new (self)
                SceneGraphConfig{std::move(default_proximity_properties)};
          },
          nb::kw_only(), nb::arg("default_proximity_properties") = DPP{})
      .def_rw("default_proximity_properties",
              &SceneGraphConfig::default_proximity_properties)
      .def("ValidateOrThrow", &SceneGraphConfig::ValidateOrThrow)
      .def("__copy__",
           [](const SceneGraphConfig& self) { return SceneGraphConfig(self); })
      .def("__deepcopy__", [](const SceneGraphConfig& self, nb::dict) {
        return SceneGraphConfig(self);
      });
}

// geometry_mesh_py.cc: the mesh data types and bounding volumes.
void DefineGeometryMeshes(nb::module_ m);

void DefineGeometry(nb::module_ m) {
  m.doc() = "Bindings for ossa.geometry.";
  BindIdentifier<SourceId>(m, "SourceId");
  BindIdentifier<FrameId>(m, "FrameId");
  BindIdentifier<GeometryId>(m, "GeometryId");
  BindIdentifier<FilterId>(m, "FilterId");
  DefineShapes(m);
  DefineGeometryMeshes(m);
  DefineProperties(m);
  DefineInstances(m);
  DefineSceneGraphConfig(m);
  // Also on symbolic::Expression, as the reference: SceneGraph converts with
  // a plant's Diagram; its proximity queries raise (they need numbers).
  type_visit([m](auto tag) { DefineResults<typename decltype(tag)::type>(m); },
             type_pack<double, AutoDiffXd, symbolic::Expression>{});
  type_visit(
      [m](auto tag) { DefineSceneGraph<typename decltype(tag)::type>(m); },
      type_pack<double, AutoDiffXd, symbolic::Expression>{});
}

}  // namespace ossa::py
