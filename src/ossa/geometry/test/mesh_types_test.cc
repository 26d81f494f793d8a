#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "ossa/geometry/bounding_box.h"
#include "ossa/geometry/mesh_conversions.h"
#include "ossa/geometry/mesh_field_linear.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/geometry/surface_mesh.h"
#include "ossa/geometry/volume_mesh.h"

namespace ossa::geometry {
namespace mesh_types_test {

using ::testing::HasSubstr;
using V3 = Vector3<double>;
using math::RigidTransform;
using math::RotationMatrix;

// Round-off of a few operations on values of order one.
constexpr double kTol = 1e-12;

// The corners of the box [0, a]×[0, b]×[0, c]: corner i has x = a when bit
// 0 of i is set, y = b for bit 1, z = c for bit 2.
std::vector<V3> BoxCorners(double a, double b, double c) {
  std::vector<V3> p;
  for (int i = 0; i < 8; ++i) {
    p.emplace_back((i & 1) ? a : 0, (i & 2) ? b : 0, (i & 4) ? c : 0);
  }
  return p;
}

// The box's faces as quads (0-based corners), counterclockwise from
// outside.
constexpr int kBoxQuads[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                                 {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};

TriangleSurfaceMesh BoxTriangles(double a, double b, double c) {
  std::vector<SurfaceTriangle> t;
  for (const auto& q : kBoxQuads) {
    t.emplace_back(q[0], q[1], q[2]);
    t.emplace_back(q[0], q[2], q[3]);
  }
  return TriangleSurfaceMesh(t, BoxCorners(a, b, c));
}

PolygonSurfaceMesh BoxPolygons(double a, double b, double c) {
  std::vector<int> data;
  for (const auto& q : kBoxQuads)
    data.insert(data.end(), {4, q[0], q[1], q[2], q[3]});
  return PolygonSurfaceMesh(data, BoxCorners(a, b, c));
}

// The unit cube split into six tetrahedra around its diagonal 0–7, each
// positively oriented.
VolumeMesh CubeTetrahedra(double s) {
  const int paths[6][2] = {{1, 3}, {1, 5}, {2, 3}, {2, 6}, {4, 5}, {4, 6}};
  std::vector<VolumeElement> e;
  const auto p = BoxCorners(s, s, s);
  for (const auto& path : paths) {
    VolumeElement tet(0, path[0], path[1], 7);
    const double v =
        (p[path[0]] - p[0]).dot((p[path[1]] - p[0]).cross(p[7] - p[0]));
    e.push_back(v > 0 ? tet : VolumeElement(0, path[1], path[0], 7));
  }
  return VolumeMesh(e, p);
}

TEST(MeshTypesTest, TriangleMeshOfABoxHasItsAreaCentroidAndNormals) {
  const double a = 1.5, b = 2, c = 0.5;
  const TriangleSurfaceMesh mesh = BoxTriangles(a, b, c);
  EXPECT_EQ(mesh.num_triangles(), 12);
  EXPECT_EQ(mesh.num_vertices(), 8);
  EXPECT_NEAR(mesh.total_area(), 2 * (a * b + b * c + c * a), kTol);
  const V3 center(a / 2, b / 2, c / 2);
  EXPECT_TRUE(mesh.centroid().isApprox(center, kTol));
  for (int t = 0; t < 12; ++t) {
    // Outward: the normal points from the center to the face.
    EXPECT_GT(mesh.face_normal(t).dot(mesh.element_centroid(t) - center), 0);
    EXPECT_NEAR(mesh.face_normal(t).norm(), 1, kTol);
  }
  const auto [box_center, size] = mesh.CalcBoundingBox();
  EXPECT_TRUE(box_center.isApprox(center));
  EXPECT_TRUE(size.isApprox(V3(a, b, c)));
  EXPECT_TRUE(mesh.Equal(BoxTriangles(a, b, c)));
  EXPECT_FALSE(mesh.Equal(BoxTriangles(a, b, 2 * c)));
  EXPECT_THROW(mesh.area(12), std::out_of_range);
  EXPECT_THROW(mesh.vertex(-1), std::out_of_range);
}

TEST(MeshTypesTest, BarycentricCoordinatesReproduceThePoint) {
  std::mt19937 gen(7);
  std::uniform_real_distribution<double> u(-1, 1);
  auto random = [&] { return V3(u(gen), u(gen), u(gen)); };
  for (int k = 0; k < 20; ++k) {
    const TriangleSurfaceMesh tri({SurfaceTriangle(0, 1, 2)},
                                  {random(), random(), random()});
    const V3 b_in(u(gen), u(gen), 0);
    const V3 b(b_in[0], b_in[1], 1 - b_in[0] - b_in[1]);
    const V3 p = tri.CalcCartesianFromBarycentric(0, b);
    EXPECT_TRUE(tri.CalcBarycentric(p, 0).isApprox(b, 1e-9));
    // A point off the plane gives the coordinates of its projection.
    EXPECT_TRUE(
        tri.CalcBarycentric(p + 0.3 * tri.face_normal(0), 0).isApprox(b, 1e-9));

    const VolumeMesh tet({VolumeElement(0, 1, 2, 3)},
                         {random(), random(), random(), random()});
    const Vector4<double> b4(0.1, 0.2, 0.3, 0.4);
    V3 q = V3::Zero();
    for (int i = 0; i < 4; ++i) q += b4[i] * tet.vertex(i);
    EXPECT_TRUE(tet.CalcBarycentric(q, 0).isApprox(b4, 1e-9));
  }
  const TriangleSurfaceMesh degenerate(
      {SurfaceTriangle(0, 1, 2)}, {V3::Zero(), V3::UnitX(), 2 * V3::UnitX()});
  EXPECT_THROW(degenerate.CalcBarycentric(V3::Zero(), 0), std::runtime_error);
}

TEST(MeshTypesTest, PolygonMeshOfABox) {
  const double a = 1.5, b = 2, c = 0.5;
  const PolygonSurfaceMesh mesh = BoxPolygons(a, b, c);
  EXPECT_EQ(mesh.num_faces(), 6);
  EXPECT_EQ(mesh.element(0).num_vertices(), 4);
  EXPECT_EQ(mesh.element(1).vertex(3), 6);
  EXPECT_NEAR(mesh.total_area(), 2 * (a * b + b * c + c * a), kTol);
  EXPECT_NEAR(mesh.area(0), a * b, kTol);  // The face z = 0.
  EXPECT_TRUE(mesh.face_normal(0).isApprox(-V3::UnitZ()));
  EXPECT_TRUE(mesh.element_centroid(0).isApprox(V3(a / 2, b / 2, 0)));
  EXPECT_TRUE(mesh.centroid().isApprox(V3(a / 2, b / 2, c / 2)));
  EXPECT_TRUE(mesh.Equal(BoxPolygons(a, b, c)));
  EXPECT_EQ(PolygonSurfaceMesh().num_faces(), 0);
  EXPECT_THAT(
      [] {
        PolygonSurfaceMesh({4, 0, 1, 2}, BoxCorners(1, 1, 1));
      },
      ::testing::ThrowsMessage<std::runtime_error>(HasSubstr("face 0")));
  EXPECT_THAT(
      [] {
        PolygonSurfaceMesh({3, 0, 1, 9}, BoxCorners(1, 1, 1));
      },
      ::testing::ThrowsMessage<std::runtime_error>(HasSubstr("vertex 9")));
}

TEST(MeshTypesTest, LinearFieldsAreExactForAffineFunctions) {
  // f(p) = c + g·p on every mesh; on a surface the gradient is g's
  // component in the face's plane.
  const V3 g(0.3, -1.2, 2.0);
  const double c0 = 0.7;
  auto f = [&](const V3& p) { return c0 + g.dot(p); };
  const TriangleSurfaceMesh tri = BoxTriangles(1, 2, 3);
  std::vector<double> values;
  for (const auto& p : tri.vertices()) values.push_back(f(p));
  const TriangleSurfaceMeshFieldLinear field(values, &tri);
  for (int t = 0; t < tri.num_triangles(); ++t) {
    const V3& n = tri.face_normal(t);
    EXPECT_TRUE(field.EvaluateGradient(t).isApprox(g - g.dot(n) * n, kTol));
    const V3 q = tri.CalcCartesianFromBarycentric(t, V3(0.2, 0.5, 0.3));
    EXPECT_NEAR(field.EvaluateCartesian(t, q), f(q), kTol);
    EXPECT_NEAR(field.Evaluate(t, V3(0.2, 0.5, 0.3)), f(q), kTol);
  }
  EXPECT_EQ(field.EvaluateAtVertex(7), f(tri.vertex(7)));

  const PolygonSurfaceMesh poly = BoxPolygons(1, 2, 3);
  const PolygonSurfaceMeshFieldLinear pfield(values, &poly);
  for (int e = 0; e < poly.num_faces(); ++e) {
    const V3& n = poly.face_normal(e);
    EXPECT_TRUE(pfield.EvaluateGradient(e).isApprox(g - g.dot(n) * n, kTol));
    EXPECT_NEAR(pfield.EvaluateCartesian(e, poly.element_centroid(e)),
                f(poly.element_centroid(e)), kTol);
  }

  const VolumeMesh vol = CubeTetrahedra(2);
  std::vector<double> vvalues;
  for (const auto& p : vol.vertices()) vvalues.push_back(f(p));
  const MeshFieldLinear<VolumeMesh> vfield(vvalues, &vol);
  for (int e = 0; e < vol.num_elements(); ++e) {
    EXPECT_TRUE(vfield.EvaluateGradient(e).isApprox(g, kTol));
    EXPECT_NEAR(vfield.EvaluateCartesian(e, V3(0.3, 0.9, 1.1)),
                f(V3(0.3, 0.9, 1.1)), kTol);
  }
  EXPECT_THAT(
      [&] {
        TriangleSurfaceMeshFieldLinear({1.0, 2.0}, &tri);
      },
      ::testing::ThrowsMessage<std::runtime_error>(
          HasSubstr("one per vertex")));
}

TEST(MeshTypesTest, VolumeMeshOfACubeAndItsBoundary) {
  const double s = 2;
  const VolumeMesh mesh = CubeTetrahedra(s);
  EXPECT_NEAR(mesh.CalcVolume(), s * s * s, kTol);
  for (int e = 0; e < 6; ++e) {
    EXPECT_NEAR(mesh.CalcTetrahedronVolume(e), s * s * s / 6, kTol);
    for (int f = 0; f < 4; ++f) {
      // Toward the corner opposite the face: positive against an edge from
      // a face corner to it.
      const V3 edge = mesh.edge_vector(e, (f + 1) % 4, f);
      EXPECT_GT(mesh.inward_normal(e, f).dot(edge), 0);
      EXPECT_NEAR(mesh.inward_normal(e, f).dot(
                      mesh.edge_vector(e, (f + 1) % 4, (f + 2) % 4)),
                  0, kTol);
    }
  }
  EXPECT_TRUE(mesh.Equal(CubeTetrahedra(s)));
  EXPECT_TRUE(mesh.Equal(CubeTetrahedra(s + 1e-9), 1e-8));
  EXPECT_FALSE(mesh.Equal(CubeTetrahedra(s + 1e-9)));

  const TriangleSurfaceMesh surface = ConvertVolumeToSurfaceMesh(mesh);
  EXPECT_EQ(surface.num_triangles(), 12);
  EXPECT_EQ(surface.num_vertices(), 8);
  EXPECT_NEAR(surface.total_area(), 6 * s * s, kTol);
  const V3 center = V3::Constant(s / 2);
  for (int t = 0; t < 12; ++t) {
    EXPECT_GT(surface.face_normal(t).dot(surface.element_centroid(t) - center),
              0);
  }
  EXPECT_THAT(
      [] {
        VolumeMesh({VolumeElement(0, 1, 2, 4)}, std::vector<V3>(4, V3::Zero()));
      },
      ::testing::ThrowsMessage<std::runtime_error>(
          HasSubstr("tetrahedron 0 names vertex 4")));
  EXPECT_THROW(VolumeMesh({}, {}), std::runtime_error);
  EXPECT_THROW(VolumeElement(0, 1, -2, 3), std::runtime_error);
}

// Whether boxes (half widths, pose in a common frame) overlap by brute
// force: some vertex of one inside the other proves overlap; otherwise the
// vertices' projections on the 15 candidate axes (computed numerically)
// decide.
bool BruteForceOverlap(const V3& ha, const RigidTransform<double>& X_A,
                       const V3& hb, const RigidTransform<double>& X_B) {
  auto corners = [](const V3& h, const RigidTransform<double>& X) {
    std::vector<V3> p;
    for (int i = 0; i < 8; ++i) {
      p.push_back(X * V3((i & 1) ? h.x() : -h.x(), (i & 2) ? h.y() : -h.y(),
                         (i & 4) ? h.z() : -h.z()));
    }
    return p;
  };
  const auto pa = corners(ha, X_A), pb = corners(hb, X_B);
  std::vector<V3> axes;
  for (int i = 0; i < 3; ++i) {
    axes.push_back(X_A.rotation().col(i));
    axes.push_back(X_B.rotation().col(i));
    for (int j = 0; j < 3; ++j) {
      const V3 n = X_A.rotation().col(i).cross(X_B.rotation().col(j));
      if (n.norm() > 1e-9) axes.push_back(n.normalized());
    }
  }
  for (const V3& n : axes) {
    double amin = 1e300, amax = -1e300, bmin = 1e300, bmax = -1e300;
    for (const V3& p : pa)
      amin = std::min(amin, n.dot(p)), amax = std::max(amax, n.dot(p));
    for (const V3& p : pb)
      bmin = std::min(bmin, n.dot(p)), bmax = std::max(bmax, n.dot(p));
    if (amax < bmin || bmax < amin) return false;
  }
  return true;
}

TEST(MeshTypesTest, BoxOverlapAgreesWithBruteForce) {
  std::mt19937 gen(11);
  std::uniform_real_distribution<double> u(-1, 1), w(0.05, 1);
  int overlaps = 0;
  for (int k = 0; k < 2000; ++k) {
    const V3 ha(w(gen), w(gen), w(gen)), hb(w(gen), w(gen), w(gen));
    const RigidTransform<double> X_GH(
        RotationMatrix<double>(
            Eigen::Quaterniond(u(gen), u(gen), u(gen), u(gen)).normalized()),
        1.5 * V3(u(gen), u(gen), u(gen)));
    const Obb a(RigidTransform<double>(
                    RotationMatrix<double>(
                        Eigen::Quaterniond(u(gen), u(gen), u(gen), u(gen))
                            .normalized()),
                    V3(u(gen), u(gen), u(gen))),
                ha);
    const Aabb b(V3(u(gen), u(gen), u(gen)), hb);
    const bool expected = BruteForceOverlap(ha, a.pose(), hb, X_GH * b.pose());
    EXPECT_EQ(Obb::HasOverlap(a, b, X_GH), expected) << k;
    EXPECT_EQ(Obb::HasOverlap(a, Obb(b.pose(), hb), X_GH), expected) << k;
    const Aabb a2(a.center(), ha);
    EXPECT_EQ(Aabb::HasOverlap(a2, b, X_GH),
              BruteForceOverlap(ha, a2.pose(), hb, X_GH * b.pose()))
        << k;
    overlaps += expected;
  }
  // Both outcomes are exercised.
  EXPECT_GT(overlaps, 200);
  EXPECT_LT(overlaps, 1800);
}

TEST(MeshTypesTest, BoxesAgainstPlanesAndHalfSpaces) {
  const Aabb box(V3(0, 0, 2), V3(1, 1, 1));  // z ∈ [1, 3].
  const Plane plane(V3(0, 0, 5), V3(0, 0, 1.5));
  EXPECT_TRUE(plane.unit_normal().isApprox(V3::UnitZ()));
  EXPECT_NEAR(plane.CalcHeight(V3(4, 4, 2)), 0.5, kTol);
  EXPECT_TRUE(Aabb::HasOverlap(box, plane, RigidTransform<double>()));
  EXPECT_FALSE(
      Aabb::HasOverlap(box, plane, RigidTransform<double>(V3(0, 0, 0.6))));
  // Tilted 45° about x, the box reaches √2 below its center.
  const RigidTransform<double> X_PH(
      RotationMatrix<double>::MakeXRotation(M_PI / 4), V3(0, 0, 0));
  const Obb obb(RigidTransform<double>(V3(0, 0, 2.9)), V3(1, 1, 1));
  EXPECT_TRUE(Obb::HasOverlap(obb, plane, X_PH) ==
              (std::abs(2.9 * std::cos(M_PI / 4) - 1.5) <= std::sqrt(2.0)));
  const HalfSpace hs;
  EXPECT_FALSE(Aabb::HasOverlap(box, hs, RigidTransform<double>()));
  EXPECT_TRUE(Aabb::HasOverlap(box, hs, RigidTransform<double>(V3(0, 0, -1))));
  EXPECT_THROW(Plane(V3::Zero(), V3::Zero()), std::runtime_error);
  EXPECT_THROW(Aabb(V3::Zero(), V3(-1, 1, 1)), std::runtime_error);
}

TEST(MeshTypesTest, FittedBoxesContainTheVertices) {
  const TriangleSurfaceMesh mesh = BoxTriangles(1, 2, 3);
  std::set<int> all;
  for (int v = 0; v < mesh.num_vertices(); ++v) all.insert(v);
  const Aabb aabb = ComputeAabbForTriangleMesh(mesh, all);
  EXPECT_TRUE(aabb.center().isApprox(V3(0.5, 1, 1.5)));
  EXPECT_TRUE(aabb.half_width().isApprox(V3(0.5, 1, 1.5)));
  EXPECT_NEAR(aabb.CalcVolume(), 6, kTol);
  // A rotated box: its Obb is (nearly) itself, far smaller than its Aabb.
  TriangleSurfaceMesh rotated = BoxTriangles(1, 2, 3);
  rotated.TransformVertices(
      RotationMatrix<double>(Eigen::AngleAxisd(0.7, V3(1, 2, 3).normalized()))
          .matrix(),
      V3(1, 1, 1));
  const Obb obb = ComputeObbForTriangleMesh(rotated, all);
  EXPECT_NEAR(obb.CalcVolume(), 6, 1e-9);
  for (const V3& p : rotated.vertices()) {
    const V3 p_B = obb.pose().inverse() * p;
    EXPECT_TRUE((p_B.cwiseAbs() - obb.half_width()).maxCoeff() <= 1e-9);
  }
  EXPECT_THROW(ComputeAabbForTriangleMesh(mesh, {}), std::runtime_error);
  EXPECT_THROW(ComputeAabbForTriangleMesh(mesh, {8}), std::runtime_error);
  EXPECT_TRUE(
      CalcObb(Capsule(0.5, 2))->half_width().isApprox(V3(0.5, 0.5, 1.5)));
  EXPECT_FALSE(CalcObb(HalfSpace()).has_value());
}

std::string WriteObj(const std::string& name, const std::vector<V3>& vertices,
                     const std::vector<std::array<int, 3>>& faces) {
  const auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream out(path);
  for (const V3& p : vertices)
    out << "v " << p.x() << " " << p.y() << " " << p.z() << "\n";
  for (const auto& f : faces) {
    out << "f " << f[0] + 1 << "/1 " << f[1] + 1 << "//2 " << f[2] + 1 << "\n";
  }
  return path.string();
}

TEST(MeshTypesTest, ConvexHullOfACubeWithInteriorPointsIsTheCube) {
  std::vector<V3> points = BoxCorners(2, 2, 2);
  std::mt19937 gen(3);
  std::uniform_real_distribution<double> u(0.1, 1.9);
  for (int k = 0; k < 40; ++k) points.emplace_back(u(gen), u(gen), u(gen));
  std::vector<std::array<int, 3>> faces;
  for (int k = 0; k + 2 < static_cast<int>(points.size()); k += 3) {
    faces.push_back({k, k + 1, k + 2});
  }
  const std::string obj = WriteObj("ossa_mesh_types_hull.obj", points, faces);
  const PolygonSurfaceMesh hull = MakeConvexHull(Convex(obj));
  EXPECT_EQ(hull.num_faces(), 6);
  EXPECT_EQ(hull.num_vertices(), 8);
  EXPECT_NEAR(hull.total_area(), 24, kTol);
  double volume = 0;  // Divergence theorem: Σ area · (n̂ · centroid) / 3.
  for (int f = 0; f < 6; ++f) {
    EXPECT_EQ(hull.element(f).num_vertices(), 4);
    volume +=
        hull.area(f) * hull.face_normal(f).dot(hull.element_centroid(f)) / 3;
  }
  EXPECT_NEAR(volume, 8, kTol);

  const TriangleSurfaceMesh read =
      ReadObjToTriangleSurfaceMesh(obj, V3(1, 2, 3));
  EXPECT_EQ(read.num_vertices(), static_cast<int>(points.size()));
  EXPECT_EQ(read.num_triangles(), static_cast<int>(faces.size()));
  EXPECT_TRUE(read.vertex(7).isApprox(V3(2, 4, 6)));
  EXPECT_THAT([] { ReadObjToTriangleSurfaceMesh("/no/such/file.obj"); },
              ::testing::ThrowsMessage<std::runtime_error>(
                  HasSubstr("/no/such/file.obj")));
  EXPECT_THAT(
      [] {
        ReadObjContentsToTriangleSurfaceMesh("v 0 0 0\nv 1 0 0\nf 1 2 3\n",
                                             "bad.obj");
      },
      ::testing::ThrowsMessage<std::runtime_error>(HasSubstr("bad.obj:3")));
  EXPECT_THROW(MakeConvexHull(Box(1, 1, 1)), std::runtime_error);
}

}  // namespace mesh_types_test
}  // namespace ossa::geometry
