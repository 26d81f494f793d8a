#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>

#include "ossa/geometry/geometry_instance.h"
#include "ossa/geometry/geometry_properties.h"
#include "ossa/geometry/rgba.h"
#include "ossa/geometry/shape_specification.h"

namespace ossa::geometry {
namespace shape_test {

using ::testing::HasSubstr;
constexpr double kPi = std::numbers::pi;

// Writes a closed axis-aligned box [0, a]×[0, b]×[0, c] as an OBJ file with
// outward (counterclockwise) triangles.
std::string WriteBoxObj(const std::string& name, double a, double b, double c) {
  const auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream out(path);
  for (int i = 0; i < 8; ++i) {
    out << "v " << ((i & 1) ? a : 0) << " " << ((i & 2) ? b : 0) << " "
        << ((i & 4) ? c : 0) << "\n";
  }
  // Faces (1-based), each quad as two triangles, normals outward.
  const int quads[6][4] = {{1, 3, 4, 2}, {5, 6, 8, 7}, {1, 2, 6, 5},
                           {3, 7, 8, 4}, {1, 5, 7, 3}, {2, 4, 8, 6}};
  for (const auto& q : quads) {
    out << "f " << q[0] << " " << q[1] << " " << q[2] << "\n";
    out << "f " << q[0] << " " << q[2] << " " << q[3] << "\n";
  }
  return path.string();
}

TEST(ShapeTest, BadSizesThrowNamingTheMeasure) {
  EXPECT_THROW(Sphere(-1), std::runtime_error);
  EXPECT_THROW(Sphere(std::nan("")), std::runtime_error);
  EXPECT_NO_THROW(Sphere(0));
  try {
    Box(1, 0, 1);
    ADD_FAILURE();
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("Box(): the depth must be finite and > 0"));
  }
  EXPECT_THROW(Box(1, 1, -2), std::runtime_error);
  EXPECT_THROW(Cylinder(0, 1), std::runtime_error);
  EXPECT_THROW(Cylinder(1, INFINITY), std::runtime_error);
  EXPECT_THROW(Capsule(1, 0), std::runtime_error);
  EXPECT_THROW(Ellipsoid(1, 0, 1), std::runtime_error);
  EXPECT_THROW(Mesh("a.obj", 0.0), std::runtime_error);
  EXPECT_THROW(Convex("a.obj", Vector3<double>(1, 1e-9, 1)),
               std::runtime_error);
}

TEST(ShapeTest, ToStringAndReifier) {
  EXPECT_EQ(Box(1, 2, 3).to_string(), "Box(width=1, depth=2, height=3)");
  EXPECT_EQ(Sphere(0.5).to_string(), "Sphere(radius=0.5)");
  EXPECT_EQ(Capsule(1, 2).type_name(), "Capsule");
  EXPECT_EQ(Mesh("/a/b.OBJ", 2).extension(), ".obj");
  EXPECT_DOUBLE_EQ(Mesh("/a/b.obj", 2).scale(), 2.0);
  EXPECT_THROW(Mesh("/a/b.obj", Vector3<double>(1, 2, 3)).scale(),
               std::runtime_error);

  struct OnlySpheres final : ShapeReifier {
    using ShapeReifier::ImplementGeometry;
    void ImplementGeometry(const Sphere& s, void* data) final {
      *static_cast<double*>(data) = s.radius();
    }
  } reifier;
  double r = 0;
  Sphere(0.25).Reify(&reifier, &r);
  EXPECT_EQ(r, 0.25);
  try {
    Box(1, 1, 1).Reify(&reifier);
    ADD_FAILURE();
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("does not support Box"));
  }
}

TEST(ShapeTest, VolumesInClosedForm) {
  EXPECT_NEAR(CalcVolume(Sphere(2)), 4.0 / 3 * kPi * 8, 1e-12);
  EXPECT_NEAR(CalcVolume(Box(1, 2, 3)), 6, 1e-14);
  EXPECT_NEAR(CalcVolume(Cylinder(1, 2)), 2 * kPi, 1e-12);
  EXPECT_NEAR(CalcVolume(Capsule(1, 2)), 2 * kPi + 4.0 / 3 * kPi, 1e-12);
  EXPECT_NEAR(CalcVolume(Ellipsoid(1, 2, 3)), 4.0 / 3 * kPi * 6, 1e-12);
  EXPECT_TRUE(std::isinf(CalcVolume(HalfSpace())));
}

TEST(ShapeTest, MeshVolumeAndInertiaMatchTheBox) {
  const std::string obj = WriteBoxObj("ossa_shape_test_box.obj", 1, 2, 3);
  // Scaled by 2 on x: a 2×2×3 box with its corner at the origin.
  const Mesh mesh(obj, Vector3<double>(2, 1, 1));
  EXPECT_NEAR(CalcVolume(mesh), 12, 1e-12);
  EXPECT_NEAR(CalcVolume(Convex(obj)), 6, 1e-12);
  const double density = 3;
  const auto M = CalcSpatialInertia(mesh, density);
  const auto M_box =
      multibody::SpatialInertia<double>::SolidBoxWithDensity(density, 2, 2, 3);
  // Same body, about a point displaced by the center (1, 1, 1.5).
  const auto M_shifted = M_box.Shift(-Vector3<double>(1, 1, 1.5));
  EXPECT_NEAR(M.get_mass(), 36, 1e-12);
  EXPECT_TRUE(
      M.CopyToFullMatrix6().isApprox(M_shifted.CopyToFullMatrix6(), 1e-12));
}

TEST(ShapeTest, SpatialInertiaOfPrimitives) {
  const auto M = CalcSpatialInertia(Capsule(0.5, 2), 10);
  const auto expected =
      multibody::SpatialInertia<double>::SolidCapsuleWithDensity(
          10, 0.5, 2, Vector3<double>::UnitZ());
  EXPECT_TRUE(M.CopyToFullMatrix6().isApprox(expected.CopyToFullMatrix6()));
  try {
    CalcSpatialInertia(HalfSpace(), 1);
    ADD_FAILURE();
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr("Cannot compute mass of a HalfSpace"));
  }
  EXPECT_THROW(CalcSpatialInertia(Sphere(1), -1), std::exception);
}

TEST(ShapeTest, UnreadableMeshesAreReportedByName) {
  try {
    CalcVolume(Mesh("/nonexistent/thing.obj"));
    ADD_FAILURE();
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("/nonexistent/thing.obj"));
  }
  const auto path =
      std::filesystem::temp_directory_path() / "ossa_shape_test.xyzmesh";
  std::ofstream(path) << "not a mesh\n";
  try {
    CalcVolume(Mesh(path.string()));
    ADD_FAILURE();
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("format '.xyzmesh'"));
  }
}

TEST(GeometryInstanceTest, NamesArePropertiesAreKept) {
  GeometryInstance g(math::RigidTransform<double>(), Sphere(1), "  ball \t");
  EXPECT_EQ(g.name(), "ball");
  EXPECT_TRUE(g.id().is_valid());
  EXPECT_EQ(g.proximity_properties(), nullptr);
  ProximityProperties p;
  AddContactMaterial(0.5, 1e5, &p);
  g.set_proximity_properties(p);
  ASSERT_NE(g.proximity_properties(), nullptr);
  EXPECT_EQ(g.proximity_properties()->GetProperty<double>(
                "material", "point_contact_stiffness"),
            1e5);
  EXPECT_THROW(GeometryInstance(math::RigidTransform<double>(), Sphere(1), " "),
               std::logic_error);
}

TEST(GeometryPropertiesTest, GroupsAndErrors) {
  ProximityProperties p;
  EXPECT_EQ(p.num_groups(), 1);  // The default group always exists.
  p.AddProperty("a", "b", 1.0);
  EXPECT_THROW(p.AddProperty("a", "b", 2.0), std::runtime_error);
  EXPECT_THROW(p.UpdateProperty("a", "b", std::string("s")),
               std::runtime_error);
  p.UpdateProperty("a", "b", 3.0);
  EXPECT_EQ(p.GetProperty<double>("a", "b"), 3.0);
  EXPECT_EQ(p.GetPropertyOrDefault("a", "c", 7.0), 7.0);
  EXPECT_THROW(p.GetProperty<double>("x", "b"), std::runtime_error);
  EXPECT_TRUE(p.RemoveProperty("a", "b"));
  EXPECT_FALSE(p.RemoveProperty("a", "b"));
  EXPECT_THROW(AddContactMaterial(-1.0, std::nullopt, &p), std::runtime_error);
  EXPECT_THROW(AddContactMaterial(std::nullopt, 0.0, &p), std::runtime_error);
  EXPECT_THROW(AddCompliantHydroelasticProperties(0.1, 0.0, &p),
               std::runtime_error);
  AddRigidHydroelasticProperties(0.1, &p);
  EXPECT_EQ(p.GetProperty<HydroelasticType>("hydroelastic", "compliance_type"),
            HydroelasticType::kRigid);
  EXPECT_THROW(Rgba(2, 0, 0), std::invalid_argument);
  EXPECT_EQ(Rgba(0.1, 0.2, 0.3).a(), 1.0);
}

}  // namespace
}  // namespace ossa::geometry
