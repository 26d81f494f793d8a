#include "ossa/geometry/shape_specification.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

#include "ossa/common/error.h"
#include "ossa/common/nice_type_name.h"
#include "ossa/geometry/mesh_io.h"
#include "ossa/multibody/math/inertia_checks.h"

namespace ossa::geometry {
namespace {

// Formats a length the way the reference's repr does: the shortest
// round-tripping form (1, 0.5, 1e-09).
std::string Num(double x) { return fmt::format("{}", x); }

void ThrowUnlessPositive(double value, const char* name, const char* shape) {
  if (!(std::isfinite(value) && value > 0)) {
    ThrowRuntimeError("{}(): the {} must be finite and > 0 (was {}).", shape,
                      name, value);
  }
}

std::string Scale3String(const Vector3<double>& s) {
  return fmt::format("[{}, {}, {}]", Num(s.x()), Num(s.y()), Num(s.z()));
}

std::string LowerExtension(const std::string& filename) {
  std::string ext = std::filesystem::path(filename).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return ext;
}

double UniformScale(const Vector3<double>& s, const char* who) {
  if (!(s.x() == s.y() && s.y() == s.z())) {
    ThrowRuntimeError(
        "{}::scale(): the scale is not uniform ({}); use scale3().", who,
        Scale3String(s));
  }
  return s.x();
}

}  // namespace

Shape::~Shape() = default;

void Shape::Reify(ShapeReifier* reifier, void* user_data) const {
  OSSA_DEMAND(reifier != nullptr);
  DoReify(reifier, user_data);
}

Sphere::Sphere(double radius) : radius_(radius) {
  if (!(std::isfinite(radius) && radius >= 0)) {
    ThrowRuntimeError("Sphere(): the radius must be finite and >= 0 (was {}).",
                      radius);
  }
}
void Sphere::DoReify(ShapeReifier* r, void* d) const {
  r->ImplementGeometry(*this, d);
}
std::unique_ptr<Shape> Sphere::DoClone() const {
  return std::make_unique<Sphere>(*this);
}
std::string Sphere::DoToString() const {
  return fmt::format("Sphere(radius={})", Num(radius_));
}

Box::Box(double width, double depth, double height)
    : size_(width, depth, height) {
  ThrowUnlessPositive(width, "width", "Box");
  ThrowUnlessPositive(depth, "depth", "Box");
  ThrowUnlessPositive(height, "height", "Box");
}
Box::Box(const Vector3<double>& measures)
    : Box(measures.x(), measures.y(), measures.z()) {}
Box Box::MakeCube(double edge_size) {
  return Box(edge_size, edge_size, edge_size);
}
void Box::DoReify(ShapeReifier* r, void* d) const {
  r->ImplementGeometry(*this, d);
}
std::unique_ptr<Shape> Box::DoClone() const {
  return std::make_unique<Box>(*this);
}
std::string Box::DoToString() const {
  return fmt::format("Box(width={}, depth={}, height={})", Num(width()),
                     Num(depth()), Num(height()));
}

Cylinder::Cylinder(double radius, double length)
    : radius_(radius), length_(length) {
  ThrowUnlessPositive(radius, "radius", "Cylinder");
  ThrowUnlessPositive(length, "length", "Cylinder");
}
Cylinder::Cylinder(const Vector2<double>& m) : Cylinder(m.x(), m.y()) {}
void Cylinder::DoReify(ShapeReifier* r, void* d) const {
  r->ImplementGeometry(*this, d);
}
std::unique_ptr<Shape> Cylinder::DoClone() const {
  return std::make_unique<Cylinder>(*this);
}
std::string Cylinder::DoToString() const {
  return fmt::format("Cylinder(radius={}, length={})", Num(radius_),
                     Num(length_));
}

Capsule::Capsule(double radius, double length)
    : radius_(radius), length_(length) {
  ThrowUnlessPositive(radius, "radius", "Capsule");
  ThrowUnlessPositive(length, "length", "Capsule");
}
Capsule::Capsule(const Vector2<double>& m) : Capsule(m.x(), m.y()) {}
void Capsule::DoReify(ShapeReifier* r, void* d) const {
  r->ImplementGeometry(*this, d);
}
std::unique_ptr<Shape> Capsule::DoClone() const {
  return std::make_unique<Capsule>(*this);
}
std::string Capsule::DoToString() const {
  return fmt::format("Capsule(radius={}, length={})", Num(radius_),
                     Num(length_));
}

Ellipsoid::Ellipsoid(double a, double b, double c) : radii_(a, b, c) {
  ThrowUnlessPositive(a, "a", "Ellipsoid");
  ThrowUnlessPositive(b, "b", "Ellipsoid");
  ThrowUnlessPositive(c, "c", "Ellipsoid");
}
Ellipsoid::Ellipsoid(const Vector3<double>& m)
    : Ellipsoid(m.x(), m.y(), m.z()) {}
void Ellipsoid::DoReify(ShapeReifier* r, void* d) const {
  r->ImplementGeometry(*this, d);
}
std::unique_ptr<Shape> Ellipsoid::DoClone() const {
  return std::make_unique<Ellipsoid>(*this);
}
std::string Ellipsoid::DoToString() const {
  return fmt::format("Ellipsoid(a={}, b={}, c={})", Num(a()), Num(b()),
                     Num(c()));
}

math::RigidTransform<double> HalfSpace::MakePose(
    const Vector3<double>& Hz_dir_F, const Vector3<double>& p_FB) {
  const double norm = Hz_dir_F.norm();
  if (!(norm >= 1e-10)) {
    ThrowRuntimeError(
        "HalfSpace::MakePose(): the normal direction is too short ({}); it "
        "must be at least 1e-10 long.",
        norm);
  }
  const auto R_FC =
      math::RotationMatrix<double>::MakeFromOneVector(Hz_dir_F / norm, 2);
  return math::RigidTransform<double>(R_FC, p_FB);
}
void HalfSpace::DoReify(ShapeReifier* r, void* d) const {
  r->ImplementGeometry(*this, d);
}
std::unique_ptr<Shape> HalfSpace::DoClone() const {
  return std::make_unique<HalfSpace>(*this);
}

namespace internal {
MeshSource::MeshSource(const std::string& name, const Vector3<double>& s,
                       const char* who)
    : filename(
          name.empty()
              ? name
              : std::filesystem::absolute(name).lexically_normal().string()),
      scale(s) {
  if (!(std::abs(s.x()) >= 1e-8 && std::abs(s.y()) >= 1e-8 &&
        std::abs(s.z()) >= 1e-8)) {
    ThrowRuntimeError("{} |scale| cannot be < 1e-8 on any axis, given {}.", who,
                      Scale3String(s));
  }
}
}  // namespace internal

Mesh::Mesh(const std::string& filename, double scale)
    : Mesh(filename, Vector3<double>::Constant(scale)) {}
Mesh::Mesh(const std::string& filename, const Vector3<double>& scale3)
    : source_(filename, scale3, "Mesh") {}
std::string Mesh::extension() const { return LowerExtension(filename()); }
double Mesh::scale() const { return UniformScale(scale3(), "Mesh"); }
void Mesh::DoReify(ShapeReifier* r, void* d) const {
  r->ImplementGeometry(*this, d);
}
std::unique_ptr<Shape> Mesh::DoClone() const {
  return std::make_unique<Mesh>(*this);
}
std::string Mesh::DoToString() const {
  return fmt::format("Mesh(filename='{}', scale3={})", filename(),
                     Scale3String(scale3()));
}

Convex::Convex(const std::string& filename, double scale)
    : Convex(filename, Vector3<double>::Constant(scale)) {}
Convex::Convex(const std::string& filename, const Vector3<double>& scale3)
    : source_(filename, scale3, "Convex") {}
std::string Convex::extension() const { return LowerExtension(filename()); }
double Convex::scale() const { return UniformScale(scale3(), "Convex"); }
void Convex::DoReify(ShapeReifier* r, void* d) const {
  r->ImplementGeometry(*this, d);
}
std::unique_ptr<Shape> Convex::DoClone() const {
  return std::make_unique<Convex>(*this);
}
std::string Convex::DoToString() const {
  return fmt::format("Convex(filename='{}', scale3={})", filename(),
                     Scale3String(scale3()));
}

ShapeReifier::~ShapeReifier() = default;
void ShapeReifier::ThrowUnsupportedGeometry(const std::string& shape_name) {
  ThrowLogicError("This class ({}) does not support {}.",
                  NiceTypeNameFromTypeInfo(typeid(*this)), shape_name);
}
void ShapeReifier::ImplementGeometry(const Sphere&, void*) {
  ThrowUnsupportedGeometry("Sphere");
}
void ShapeReifier::ImplementGeometry(const Box&, void*) {
  ThrowUnsupportedGeometry("Box");
}
void ShapeReifier::ImplementGeometry(const Cylinder&, void*) {
  ThrowUnsupportedGeometry("Cylinder");
}
void ShapeReifier::ImplementGeometry(const Capsule&, void*) {
  ThrowUnsupportedGeometry("Capsule");
}
void ShapeReifier::ImplementGeometry(const Ellipsoid&, void*) {
  ThrowUnsupportedGeometry("Ellipsoid");
}
void ShapeReifier::ImplementGeometry(const HalfSpace&, void*) {
  ThrowUnsupportedGeometry("HalfSpace");
}
void ShapeReifier::ImplementGeometry(const Mesh&, void*) {
  ThrowUnsupportedGeometry("Mesh");
}
void ShapeReifier::ImplementGeometry(const Convex&, void*) {
  ThrowUnsupportedGeometry("Convex");
}

namespace {

internal::TriangleSurface ConvexHullOf(const Convex& convex) {
  const auto surface =
      internal::ReadTriangleSurface(convex.filename(), convex.scale3());
  return internal::ComputeConvexHull(
      surface.vertices, fmt::format("Convex('{}')", convex.filename()));
}

internal::SolidMoments MeshMoments(const Mesh& mesh) {
  return internal::CalcSolidMoments(
      internal::ReadTriangleSurface(mesh.filename(), mesh.scale3()));
}

class VolumeReifier final : public ShapeReifier {
 public:
  double volume{};
  using ShapeReifier::ImplementGeometry;
  void ImplementGeometry(const Sphere& s, void*) final {
    volume = 4.0 / 3.0 * std::numbers::pi * std::pow(s.radius(), 3);
  }
  void ImplementGeometry(const Box& b, void*) final {
    volume = b.size().prod();
  }
  void ImplementGeometry(const Cylinder& c, void*) final {
    volume = std::numbers::pi * c.radius() * c.radius() * c.length();
  }
  void ImplementGeometry(const Capsule& c, void*) final {
    const double r = c.radius();
    volume = std::numbers::pi * r * r * (c.length() + 4.0 / 3.0 * r);
  }
  void ImplementGeometry(const Ellipsoid& e, void*) final {
    volume = 4.0 / 3.0 * std::numbers::pi * e.a() * e.b() * e.c();
  }
  void ImplementGeometry(const HalfSpace&, void*) final {
    volume = std::numeric_limits<double>::infinity();
  }
  void ImplementGeometry(const Mesh& m, void*) final {
    volume = MeshMoments(m).volume;
  }
  void ImplementGeometry(const Convex& c, void*) final {
    volume = internal::CalcSolidMoments(ConvexHullOf(c)).volume;
  }
};

multibody::SpatialInertia<double> FromMoments(const internal::SolidMoments& m,
                                              double density,
                                              const std::string& what) {
  if (!(m.volume > 0)) {
    ThrowRuntimeError(
        "CalcSpatialInertia(): the surface of {} encloses no positive volume "
        "({}); it must be closed with outward-facing triangles.",
        what, m.volume);
  }
  const double mass = density * m.volume;
  const Vector3<double> p_SoScm = m.first_moment / m.volume;
  // I_SSo = ρ (tr(C) 1 − C) with C = ∫ p pᵀ dV; then shift to the center
  // of mass: I_SScm = I_SSo − m (|p|² 1 − p pᵀ).
  const Matrix3<double> C = density * m.second_moment;
  Matrix3<double> I = C.trace() * Matrix3<double>::Identity() - C;
  I -= mass * (p_SoScm.squaredNorm() * Matrix3<double>::Identity() -
               p_SoScm * p_SoScm.transpose());
  const auto I_SScm =
      multibody::RotationalInertia<double>::MakeFromMomentsAndProductsOfInertia(
          I(0, 0), I(1, 1), I(2, 2), I(0, 1), I(0, 2), I(1, 2), true);
  return multibody::SpatialInertia<double>::MakeFromCentralInertia(
      mass, p_SoScm, I_SScm);
}

class InertiaReifier final : public ShapeReifier {
 public:
  explicit InertiaReifier(double density) : rho(density) {}
  double rho;
  multibody::SpatialInertia<double> M;
  using ShapeReifier::ImplementGeometry;
  using SI = multibody::SpatialInertia<double>;
  void ImplementGeometry(const Sphere& s, void*) final {
    M = SI::SolidSphereWithDensity(rho, s.radius());
  }
  void ImplementGeometry(const Box& b, void*) final {
    M = SI::SolidBoxWithDensity(rho, b.width(), b.depth(), b.height());
  }
  void ImplementGeometry(const Cylinder& c, void*) final {
    M = SI::SolidCylinderWithDensity(rho, c.radius(), c.length(),
                                     Vector3<double>::UnitZ());
  }
  void ImplementGeometry(const Capsule& c, void*) final {
    M = SI::SolidCapsuleWithDensity(rho, c.radius(), c.length(),
                                    Vector3<double>::UnitZ());
  }
  void ImplementGeometry(const Ellipsoid& e, void*) final {
    M = SI::SolidEllipsoidWithDensity(rho, e.a(), e.b(), e.c());
  }
  void ImplementGeometry(const HalfSpace&, void*) final {
    throw std::invalid_argument(
        "CalcSpatialInertia: Cannot compute mass of a HalfSpace");
  }
  void ImplementGeometry(const Mesh& m, void*) final {
    M = FromMoments(MeshMoments(m), rho, m.to_string());
  }
  void ImplementGeometry(const Convex& c, void*) final {
    M = FromMoments(internal::CalcSolidMoments(ConvexHullOf(c)), rho,
                    c.to_string());
  }
};

}  // namespace

double CalcVolume(const Shape& shape) {
  VolumeReifier r;
  shape.Reify(&r);
  return r.volume;
}

multibody::SpatialInertia<double> CalcSpatialInertia(const Shape& shape,
                                                     double density) {
  multibody::internal::ThrowUnlessPositiveFinite(density, "density",
                                                 "CalcSpatialInertia");
  InertiaReifier r(density);
  shape.Reify(&r);
  return r.M;
}

}  // namespace ossa::geometry
