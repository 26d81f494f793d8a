// Bindings of ossa.geometry's mesh data types and bounding volumes
// (surface_mesh.h, volume_mesh.h, mesh_field_linear.h, bounding_box.h,
// mesh_conversions.h): called from DefineGeometry() after the shapes.

#include <nanobind/stl/set.h>

#include <set>
#include <string>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/geometry/bounding_box.h"
#include "ossa/geometry/hydroelastic_contact_representation.h"
#include "ossa/geometry/mesh_conversions.h"
#include "ossa/geometry/mesh_field_linear.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using namespace ossa::geometry;  // NOLINT
using math::RigidTransform;
using V3 = Vector3<double>;
constexpr auto kCopy = nb::rv_policy::copy;

template <class C>
void AddCopy(nb::class_<C>& cls) {
  cls.def("__copy__", [](const C& self) { return C(self); })
      .def("__deepcopy__", [](const C& self, nb::dict) { return C(self); });
}

// A path given as str or os.PathLike.
std::string PathString(nb::handle path) {
  return nb::cast<std::string>(nb::module_::import_("os").attr("fspath")(path));
}

void DefineSurfaceMeshes(nb::module_ m) {
  nb::class_<SurfaceTriangle> tri(
      m, "SurfaceTriangle",
      "A triangle of a TriangleSurfaceMesh: three vertex indices, "
      "counterclockwise seen from the side of its normal.");
  tri.def(nb::init<int, int, int>(), nb::arg("v0"), nb::arg("v1"),
          nb::arg("v2"))
      .def("num_vertices", [](const SurfaceTriangle&) { return 3; })
      .def("vertex", &SurfaceTriangle::vertex, nb::arg("i"));
  AddCopy(tri);

  using TSM = TriangleSurfaceMesh;
  auto tsm = DefineTemplateClassWithDefault<TSM>(
      m, "TriangleSurfaceMesh", GetPyParam<double>(),
      "A union of triangles sharing vertices, measured and expressed in the "
      "mesh frame M.");
  tsm.def(nb::init<std::vector<SurfaceTriangle>, std::vector<V3>>(),
          nb::arg("triangles"), nb::arg("vertices"))
      .def("element", &TSM::element, nb::arg("e"), kCopy)
      .def("vertex", &TSM::vertex, nb::arg("v"), kCopy)
      .def("vertices", &TSM::vertices, kCopy)
      .def("triangles", &TSM::triangles, kCopy)
      .def("num_vertices", &TSM::num_vertices)
      .def("num_elements", &TSM::num_elements)
      .def("num_triangles", &TSM::num_triangles)
      .def("area", &TSM::area, nb::arg("t"))
      .def("total_area", &TSM::total_area)
      .def("face_normal", &TSM::face_normal, nb::arg("t"), kCopy)
      .def("element_centroid", &TSM::element_centroid, nb::arg("t"))
      .def("centroid", &TSM::centroid, kCopy)
      .def("CalcBoundingBox", &TSM::CalcBoundingBox)
      .def("Equal", &TSM::Equal, nb::arg("mesh"))
      .def("CalcBarycentric", &TSM::CalcBarycentric, nb::arg("p_MQ"),
           nb::arg("t"))
      .def("CalcCartesianFromBarycentric", &TSM::CalcCartesianFromBarycentric,
           nb::arg("element_index"), nb::arg("b_Q"));
  AddCopy(tsm);

  nb::class_<SurfacePolygon>(m, "SurfacePolygon",
                             "A polygonal face of a PolygonSurfaceMesh.")
      .def("num_vertices", &SurfacePolygon::num_vertices)
      .def("vertex", &SurfacePolygon::vertex, nb::arg("i"));

  using PSM = PolygonSurfaceMesh;
  auto psm = DefineTemplateClassWithDefault<PSM>(
      m, "PolygonSurfaceMesh", GetPyParam<double>(),
      "A surface of planar, convex polygons; face_data lists each face's "
      "vertex count followed by its vertex indices.");
  psm.def(nb::init<>())
      .def(nb::init<std::vector<int>, std::vector<V3>>(), nb::arg("face_data"),
           nb::arg("vertices"))
      .def("element", &PSM::element, nb::arg("e"))
      .def("vertex", &PSM::vertex, nb::arg("v"), kCopy)
      .def("face_data", &PSM::face_data, kCopy)
      .def("num_vertices", &PSM::num_vertices)
      .def("num_elements", &PSM::num_elements)
      .def("num_faces", &PSM::num_faces)
      .def("area", &PSM::area, nb::arg("f"))
      .def("total_area", &PSM::total_area)
      .def("face_normal", &PSM::face_normal, nb::arg("f"), kCopy)
      .def("element_centroid", &PSM::element_centroid, nb::arg("e"), kCopy)
      .def("centroid", &PSM::centroid, kCopy)
      .def("CalcBoundingBox", &PSM::CalcBoundingBox)
      .def("Equal", &PSM::Equal, nb::arg("mesh"));
  AddCopy(psm);
}

template <class Mesh>
auto DefineField(nb::module_ m, const char* name) {
  using F = MeshFieldLinear<Mesh>;
  auto cls = DefineTemplateClassWithDefault<F>(
      m, name, GetPyParam<double, double>(),
      "A scalar field linear on each element of a mesh, given by its values "
      "at the vertices. The mesh is kept alive with the field.");
  cls.def(nb::init<std::vector<double>, const Mesh*>(), nb::arg("values"),
          nb::arg("mesh"), nb::keep_alive<1, 3>())
      .def("EvaluateAtVertex", &F::EvaluateAtVertex, nb::arg("v"))
      .def("EvaluateCartesian", &F::EvaluateCartesian, nb::arg("e"),
           nb::arg("p_MQ"))
      .def("EvaluateGradient", &F::EvaluateGradient, nb::arg("e"), kCopy)
      .def("values", &F::values, kCopy)
      .def("mesh", &F::mesh, nb::rv_policy::reference_internal);
  return cls;
}

void DefineVolumeMesh(nb::module_ m) {
  nb::class_<VolumeElement> el(m, "VolumeElement",
                               "A tetrahedron of a VolumeMesh: four vertex "
                               "indices.");
  el.def(nb::init<int, int, int, int>(), nb::arg("v0"), nb::arg("v1"),
         nb::arg("v2"), nb::arg("v3"))
      .def("num_vertices", [](const VolumeElement&) { return 4; })
      .def("vertex", &VolumeElement::vertex, nb::arg("i"));
  AddCopy(el);

  auto vm = DefineTemplateClassWithDefault<VolumeMesh>(
      m, "VolumeMesh", GetPyParam<double>(),
      "A tetrahedral mesh of a solid, in the mesh frame M.");
  vm.def(nb::init<std::vector<VolumeElement>, std::vector<V3>>(),
         nb::arg("elements"), nb::arg("vertices"))
      .def("element", &VolumeMesh::element, nb::arg("e"), kCopy)
      .def("vertex", &VolumeMesh::vertex, nb::arg("v"), kCopy)
      .def("vertices", &VolumeMesh::vertices, kCopy)
      .def("tetrahedra", &VolumeMesh::tetrahedra, kCopy)
      .def("num_vertices", &VolumeMesh::num_vertices)
      .def("num_elements", &VolumeMesh::num_elements)
      .def("edge_vector", &VolumeMesh::edge_vector, nb::arg("e"), nb::arg("a"),
           nb::arg("b"))
      .def("inward_normal", &VolumeMesh::inward_normal, nb::arg("e"),
           nb::arg("f"))
      .def("CalcTetrahedronVolume", &VolumeMesh::CalcTetrahedronVolume,
           nb::arg("e"))
      .def("CalcVolume", &VolumeMesh::CalcVolume)
      .def("CalcBarycentric", &VolumeMesh::CalcBarycentric, nb::arg("p_MQ"),
           nb::arg("e"))
      .def("Equal", &VolumeMesh::Equal, nb::arg("mesh"),
           nb::arg("vertex_tolerance") = 0.0);
  AddCopy(vm);
}

void DefineBoundingVolumes(nb::module_ m) {
  auto plane = DefineTemplateClassWithDefault<Plane>(
      m, "Plane", GetPyParam<double>(),
      "The plane n̂·(p − p_R) = 0 in a frame F.");
  plane
      .def(nb::init<const V3&, const V3&, bool>(), nb::arg("normal"),
           nb::arg("point_on_plane"), nb::arg("already_normalized") = false)
      .def("unit_normal", &Plane::unit_normal, kCopy)
      .def("reference_point", &Plane::reference_point, kCopy)
      .def("CalcHeight", &Plane::CalcHeight, nb::arg("point"))
      .def("BoxOverlaps", &Plane::BoxOverlaps, nb::arg("half_width"),
           nb::arg("box_center_in_plane"), nb::arg("box_orientation_in_plane"));
  AddCopy(plane);

  using X = RigidTransform<double>;
  nb::class_<Aabb> aabb(m, "Aabb",
                        "An axis-aligned box: center p_HoBo and half widths.");
  nb::class_<Obb> obb(m, "Obb", "An oriented box: pose X_HB and half widths.");
  aabb.def(nb::init<const V3&, const V3&>(), nb::arg("p_HoBo"),
           nb::arg("half_width"))
      .def("center", &Aabb::center, kCopy)
      .def("half_width", &Aabb::half_width, kCopy)
      .def("lower", &Aabb::lower)
      .def("upper", &Aabb::upper)
      .def("pose", &Aabb::pose)
      .def("CalcVolume", &Aabb::CalcVolume)
      .def("Equal", &Aabb::Equal, nb::arg("other"))
      .def_static("HasOverlap",
                  nb::overload_cast<const Aabb&, const Aabb&, const X&>(
                      &Aabb::HasOverlap),
                  nb::arg("a_G"), nb::arg("b_H"), nb::arg("X_GH"))
      .def_static("HasOverlap",
                  nb::overload_cast<const Aabb&, const Obb&, const X&>(
                      &Aabb::HasOverlap),
                  nb::arg("aabb_G"), nb::arg("obb_H"), nb::arg("X_GH"))
      .def_static("HasOverlap",
                  nb::overload_cast<const Aabb&, const HalfSpace&, const X&>(
                      &Aabb::HasOverlap),
                  nb::arg("bv_H"), nb::arg("hs_C"), nb::arg("X_CH"))
      .def_static("HasOverlap",
                  nb::overload_cast<const Aabb&, const Plane&, const X&>(
                      &Aabb::HasOverlap),
                  nb::arg("bv_H"), nb::arg("plane_P"), nb::arg("X_PH"));
  AddCopy(aabb);
  obb.def(nb::init<const X&, const V3&>(), nb::arg("X_HB"),
          nb::arg("half_width"))
      .def("center", &Obb::center, kCopy)
      .def("half_width", &Obb::half_width, kCopy)
      .def("pose", &Obb::pose, kCopy)
      .def("CalcVolume", &Obb::CalcVolume)
      .def("Equal", &Obb::Equal, nb::arg("other"))
      .def_static(
          "HasOverlap",
          nb::overload_cast<const Obb&, const Obb&, const X&>(&Obb::HasOverlap),
          nb::arg("a_G"), nb::arg("b_H"), nb::arg("X_GH"))
      .def_static("HasOverlap",
                  nb::overload_cast<const Obb&, const Aabb&, const X&>(
                      &Obb::HasOverlap),
                  nb::arg("obb_G"), nb::arg("aabb_H"), nb::arg("X_GH"))
      .def_static("HasOverlap",
                  nb::overload_cast<const Obb&, const HalfSpace&, const X&>(
                      &Obb::HasOverlap),
                  nb::arg("bv_H"), nb::arg("hs_C"), nb::arg("X_CH"))
      .def_static("HasOverlap",
                  nb::overload_cast<const Obb&, const Plane&, const X&>(
                      &Obb::HasOverlap),
                  nb::arg("bv_H"), nb::arg("plane_P"), nb::arg("X_PH"));
  AddCopy(obb);

  m.def("ComputeAabbForTriangleMesh", &ComputeAabbForTriangleMesh,
        nb::arg("mesh_M"), nb::arg("vertices"));
  m.def("ComputeAabbForVolumeMesh", &ComputeAabbForVolumeMesh,
        nb::arg("mesh_M"), nb::arg("vertices"));
  m.def("ComputeObbForTriangleMesh", &ComputeObbForTriangleMesh,
        nb::arg("mesh_M"), nb::arg("vertices"));
  m.def("ComputeObbForVolumeMesh", &ComputeObbForVolumeMesh, nb::arg("mesh_M"),
        nb::arg("vertices"));
  m.def("CalcObb", &CalcObb, nb::arg("shape"));
}

void DefineConversions(nb::module_ m) {
  m.def(
      "ReadObjToTriangleSurfaceMesh",
      [](nb::handle filename, double scale) {
        return ReadObjToTriangleSurfaceMesh(PathString(filename),
                                            V3::Constant(scale));
      },
      nb::arg("filename"), nb::arg("scale") = 1.0);
  m.def(
      "ReadObjToTriangleSurfaceMesh",
      [](nb::handle filename, const V3& scale3) {
        return ReadObjToTriangleSurfaceMesh(PathString(filename), scale3);
      },
      nb::arg("filename"), nb::arg("scale3"));
  m.def("ConvertVolumeToSurfaceMesh", &ConvertVolumeToSurfaceMesh,
        nb::arg("volume"));
  // The C++ function behind Mesh.GetConvexHull() and Convex.GetConvexHull()
  // (geometry.py attaches them).
  m.def("_MakeConvexHull", &MakeConvexHull, nb::arg("shape"));
}

}  // namespace

void DefineGeometryMeshes(nb::module_ m) {
  nb::enum_<HydroelasticContactRepresentation>(
      m, "HydroelasticContactRepresentation",
      "Triangles or polygons for hydroelastic contact surfaces.")
      .value("kTriangle", HydroelasticContactRepresentation::kTriangle)
      .value("kPolygon", HydroelasticContactRepresentation::kPolygon)
      .def("__int__", [](HydroelasticContactRepresentation r) {
        return static_cast<int>(r);
      });
  DefineSurfaceMeshes(m);
  DefineField<TriangleSurfaceMesh>(m, "TriangleSurfaceMeshFieldLinear")
      .def(
          "Evaluate",
          [](const TriangleSurfaceMeshFieldLinear& self, int e, const V3& b) {
            geometry::internal::CheckMeshIndex(e, self.mesh().num_elements(),
                                               "MeshFieldLinear::Evaluate()");
            return self.Evaluate(e, b);
          },
          nb::arg("e"), nb::arg("b"));
  DefineField<PolygonSurfaceMesh>(m, "PolygonSurfaceMeshFieldLinear");
  DefineVolumeMesh(m);
  DefineBoundingVolumes(m);
  DefineConversions(m);
}

}  // namespace ossa::py
