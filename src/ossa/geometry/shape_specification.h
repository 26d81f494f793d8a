#pragma once

/// @file
/// The shapes a geometry can have (Sphere, Box, Cylinder, Capsule, Ellipsoid,
/// HalfSpace, Convex, Mesh), the ShapeReifier visitor over them, and the
/// shape-level computations CalcVolume() and CalcSpatialInertia().
///
/// Every shape is defined in its own frame S: centered shapes (sphere, box,
/// cylinder, capsule, ellipsoid) have their center at So and their axis of
/// symmetry (cylinder, capsule) along Sz; the half space is z <= 0 of S;
/// meshes are given in S by their file. Lengths are in meters.

#include <filesystem>
#include <memory>
#include <string>

#include "ossa/common/eigen_types.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/math/spatial_inertia.h"

namespace ossa::geometry {

class ShapeReifier;

/// The base of every shape. Shapes are immutable values; Clone() copies one
/// through the base.
class Shape {
 public:
  virtual ~Shape();

  /// Calls the reifier's ImplementGeometry() overload for the concrete shape.
  void Reify(ShapeReifier* reifier, void* user_data = nullptr) const;

  /// A copy of this shape.
  std::unique_ptr<Shape> Clone() const { return DoClone(); }

  /// The concrete class name ("Sphere", "Box", ...).
  std::string type_name() const { return DoTypeName(); }

  /// A string that constructs an equal shape, e.g. `Box(width=1, depth=2,
  /// height=3)`.
  std::string to_string() const { return DoToString(); }

 protected:
  Shape() = default;
  Shape(const Shape&) = default;
  Shape& operator=(const Shape&) = default;

 private:
  virtual void DoReify(ShapeReifier* reifier, void* user_data) const = 0;
  virtual std::unique_ptr<Shape> DoClone() const = 0;
  virtual std::string DoTypeName() const = 0;
  virtual std::string DoToString() const = 0;
};

/// A sphere of the given radius (>= 0; a zero radius is a point).
class Sphere final : public Shape {
 public:
  /// @throws std::runtime_error unless radius is finite and >= 0.
  explicit Sphere(double radius);
  double radius() const { return radius_; }

 private:
  void DoReify(ShapeReifier*, void*) const final;
  std::unique_ptr<Shape> DoClone() const final;
  std::string DoTypeName() const final { return "Sphere"; }
  std::string DoToString() const final;
  double radius_{};
};

/// A box with edge lengths width (along Sx), depth (Sy) and height (Sz).
class Box final : public Shape {
 public:
  /// @throws std::runtime_error unless every length is finite and > 0.
  Box(double width, double depth, double height);
  explicit Box(const Vector3<double>& measures);
  /// A cube of the given edge length.
  static Box MakeCube(double edge_size);
  double width() const { return size_.x(); }
  double depth() const { return size_.y(); }
  double height() const { return size_.z(); }
  /// The edge lengths [width, depth, height].
  const Vector3<double>& size() const { return size_; }

 private:
  void DoReify(ShapeReifier*, void*) const final;
  std::unique_ptr<Shape> DoClone() const final;
  std::string DoTypeName() const final { return "Box"; }
  std::string DoToString() const final;
  Vector3<double> size_;
};

/// A cylinder of the given radius whose axis is Sz, `length` long.
class Cylinder final : public Shape {
 public:
  /// @throws std::runtime_error unless radius and length are finite and > 0.
  Cylinder(double radius, double length);
  explicit Cylinder(const Vector2<double>& measures);
  double radius() const { return radius_; }
  double length() const { return length_; }

 private:
  void DoReify(ShapeReifier*, void*) const final;
  std::unique_ptr<Shape> DoClone() const final;
  std::string DoTypeName() const final { return "Cylinder"; }
  std::string DoToString() const final;
  double radius_{}, length_{};
};

/// A capsule: a cylinder of the given radius and length along Sz, capped by
/// two hemispheres (total length length + 2 radius).
class Capsule final : public Shape {
 public:
  /// @throws std::runtime_error unless radius and length are finite and > 0.
  Capsule(double radius, double length);
  explicit Capsule(const Vector2<double>& measures);
  double radius() const { return radius_; }
  double length() const { return length_; }

 private:
  void DoReify(ShapeReifier*, void*) const final;
  std::unique_ptr<Shape> DoClone() const final;
  std::string DoTypeName() const final { return "Capsule"; }
  std::string DoToString() const final;
  double radius_{}, length_{};
};

/// An ellipsoid x²/a² + y²/b² + z²/c² <= 1 in S.
class Ellipsoid final : public Shape {
 public:
  /// @throws std::runtime_error unless a, b and c are finite and > 0.
  Ellipsoid(double a, double b, double c);
  explicit Ellipsoid(const Vector3<double>& measures);
  double a() const { return radii_.x(); }
  double b() const { return radii_.y(); }
  double c() const { return radii_.z(); }

 private:
  void DoReify(ShapeReifier*, void*) const final;
  std::unique_ptr<Shape> DoClone() const final;
  std::string DoTypeName() const final { return "Ellipsoid"; }
  std::string DoToString() const final;
  Vector3<double> radii_;
};

/// The half space z <= 0 of S (its boundary plane passes through So with
/// outward normal Sz).
class HalfSpace final : public Shape {
 public:
  HalfSpace() = default;
  /// The pose X_FC of a half space frame C in a frame F such that the
  /// boundary passes through p_FB and its outward normal is Hz_dir_F.
  /// @throws std::runtime_error if Hz_dir_F is shorter than 1e-10.
  static math::RigidTransform<double> MakePose(const Vector3<double>& Hz_dir_F,
                                               const Vector3<double>& p_FB);

 private:
  void DoReify(ShapeReifier*, void*) const final;
  std::unique_ptr<Shape> DoClone() const final;
  std::string DoTypeName() const final { return "HalfSpace"; }
  std::string DoToString() const final { return "HalfSpace()"; }
};

namespace internal {
// Shared by Mesh and Convex: the absolute file path and the per-axis scale.
struct MeshSource {
  MeshSource(const std::string& filename, const Vector3<double>& scale,
             const char* who);
  std::string filename;
  Vector3<double> scale;
};
}  // namespace internal

/// A triangle (or polygon) surface mesh read from a file: OBJ, STL, DAE
/// (COLLADA) or glTF (.gltf, .glb). Vertices are scaled per axis by `scale`.
/// The file is read when a computation needs it, not at construction.
class Mesh final : public Shape {
 public:
  /// @throws std::runtime_error if |scale| < 1e-8 on any axis.
  explicit Mesh(const std::string& filename, double scale = 1.0);
  Mesh(const std::string& filename, const Vector3<double>& scale3);
  /// The absolute path of the file.
  const std::string& filename() const { return source_.filename; }
  /// The file's extension, lower case, with its dot (".obj").
  std::string extension() const;
  /// The uniform scale; throws if the scale is not the same on every axis.
  double scale() const;
  const Vector3<double>& scale3() const { return source_.scale; }

 private:
  void DoReify(ShapeReifier*, void*) const final;
  std::unique_ptr<Shape> DoClone() const final;
  std::string DoTypeName() const final { return "Mesh"; }
  std::string DoToString() const final;
  internal::MeshSource source_;
};

/// The convex hull of the vertices of a mesh file (formats as Mesh).
class Convex final : public Shape {
 public:
  /// @throws std::runtime_error if |scale| < 1e-8 on any axis.
  explicit Convex(const std::string& filename, double scale = 1.0);
  Convex(const std::string& filename, const Vector3<double>& scale3);
  const std::string& filename() const { return source_.filename; }
  std::string extension() const;
  double scale() const;
  const Vector3<double>& scale3() const { return source_.scale; }

 private:
  void DoReify(ShapeReifier*, void*) const final;
  std::unique_ptr<Shape> DoClone() const final;
  std::string DoTypeName() const final { return "Convex"; }
  std::string DoToString() const final;
  internal::MeshSource source_;
};

/// The visitor over shapes: a subclass overrides ImplementGeometry() for the
/// shapes it handles; the default for each throws std::logic_error naming
/// the shape and the reifier (its dynamic class name).
class ShapeReifier {
 public:
  virtual ~ShapeReifier();
  virtual void ImplementGeometry(const Sphere& sphere, void* user_data);
  virtual void ImplementGeometry(const Box& box, void* user_data);
  virtual void ImplementGeometry(const Cylinder& cylinder, void* user_data);
  virtual void ImplementGeometry(const Capsule& capsule, void* user_data);
  virtual void ImplementGeometry(const Ellipsoid& ellipsoid, void* user_data);
  virtual void ImplementGeometry(const HalfSpace& half_space, void* user_data);
  virtual void ImplementGeometry(const Mesh& mesh, void* user_data);
  virtual void ImplementGeometry(const Convex& convex, void* user_data);

 protected:
  ShapeReifier() = default;
  /// Throws std::logic_error: this reifier does not support `shape`.
  [[noreturn]] void ThrowUnsupportedGeometry(const std::string& shape_name);
};

/// The volume enclosed by `shape` in m³ (infinity for HalfSpace). A Mesh's
/// volume is that of its closed surface (divergence theorem); a Convex's is
/// that of its hull.
double CalcVolume(const Shape& shape);

/// The spatial inertia M_SSo_S of `shape`, solid with uniform `density`
/// (kg/m³), about So, expressed in S.
/// @throws std::logic_error for HalfSpace (no finite mass) and
/// std::runtime_error if density is not positive and finite.
multibody::SpatialInertia<double> CalcSpatialInertia(const Shape& shape,
                                                     double density);

}  // namespace ossa::geometry
