#pragma once

/// @file
/// Bounding volumes and the plane: Plane, Aabb (axis-aligned box), Obb
/// (oriented box), their overlap tests, and the functions that fit them to
/// meshes and shapes (ComputeAabbForTriangleMesh, ComputeObbForVolumeMesh,
/// CalcObb, ...).
///
/// A box is defined in its canonical frame B: centered at Bo with its edges
/// along Bx, By, Bz and half widths h = (hx, hy, hz) ≥ 0; the box is
/// { p_B : |p_B,i| ≤ h_i }. It is posed in a hierarchy frame H by X_HB (for
/// an Aabb, R_HB is the identity and only p_HoBo is stored). Boxes that
/// touch count as overlapping.

#include <optional>
#include <set>

#include "ossa/common/eigen_types.h"
#include "ossa/geometry/surface_mesh.h"
#include "ossa/geometry/volume_mesh.h"
#include "ossa/math/rigid_transform.h"

namespace ossa::geometry {

class HalfSpace;
class Shape;
class Obb;

/// The plane { p_F : n̂ · (p_F − p_FR) = 0 } in a frame F, with unit normal
/// n̂ and reference point R on it.
class Plane {
 public:
  /// @throws std::runtime_error if ‖normal‖ < 1e-10; with
  /// already_normalized, if | ‖normal‖ − 1 | > 1e-13.
  Plane(const Vector3<double>& normal, const Vector3<double>& point_on_plane,
        bool already_normalized = false);
  const Vector3<double>& unit_normal() const { return nhat_F_; }
  const Vector3<double>& reference_point() const { return p_FR_; }
  /// The signed height n̂ · (p_F − p_FR) of a point above the plane.
  double CalcHeight(const Vector3<double>& point) const {
    return nhat_F_.dot(point - p_FR_);
  }
  /// Whether the box of half widths `half_width` centered at
  /// `box_center_in_plane` (measured in F) with orientation
  /// R_FB = `box_orientation_in_plane` has a point at height zero:
  /// |height(center)| ≤ Σ_i h_i |n̂ · R_FB,i|.
  bool BoxOverlaps(
      const Vector3<double>& half_width,
      const Vector3<double>& box_center_in_plane,
      const math::RotationMatrix<double>& box_orientation_in_plane) const;

 private:
  Vector3<double> nhat_F_;
  Vector3<double> p_FR_;
};

/// An axis-aligned box posed in H by its center p_HoBo.
class Aabb {
 public:
  /// @throws std::runtime_error if a half width is negative or not finite.
  Aabb(const Vector3<double>& p_HoBo, const Vector3<double>& half_width);
  const Vector3<double>& center() const { return center_; }
  const Vector3<double>& half_width() const { return half_width_; }
  Vector3<double> lower() const { return center_ - half_width_; }
  Vector3<double> upper() const { return center_ + half_width_; }
  /// X_HB: the identity rotation and the center.
  math::RigidTransform<double> pose() const {
    return math::RigidTransform<double>(center_);
  }
  /// 8 hx hy hz.
  double CalcVolume() const { return 8 * half_width_.prod(); }
  /// Same center and half widths, exactly.
  bool Equal(const Aabb& other) const {
    return center_ == other.center_ && half_width_ == other.half_width_;
  }
  /// Grows the box (keeping it axis aligned) to contain `other`.
  void TightenToContain(const Aabb& other);

  /// Whether a_G and b_H overlap, with H posed in G by X_GH.
  static bool HasOverlap(const Aabb& a_G, const Aabb& b_H,
                         const math::RigidTransform<double>& X_GH);
  static bool HasOverlap(const Aabb& aabb_G, const Obb& obb_H,
                         const math::RigidTransform<double>& X_GH);
  /// Whether some point of bv_H is in the half space z ≤ 0 of C.
  static bool HasOverlap(const Aabb& bv_H, const HalfSpace& hs_C,
                         const math::RigidTransform<double>& X_CH);
  /// Whether some point of bv_H is on plane_P.
  static bool HasOverlap(const Aabb& bv_H, const Plane& plane_P,
                         const math::RigidTransform<double>& X_PH);

 private:
  Vector3<double> center_;
  Vector3<double> half_width_;
};

/// An oriented box posed in H by X_HB.
class Obb {
 public:
  /// @throws std::runtime_error if a half width is negative or not finite.
  Obb(const math::RigidTransform<double>& X_HB,
      const Vector3<double>& half_width);
  const math::RigidTransform<double>& pose() const { return X_HB_; }
  const Vector3<double>& center() const { return X_HB_.translation(); }
  const Vector3<double>& half_width() const { return half_width_; }
  double CalcVolume() const { return 8 * half_width_.prod(); }
  /// Same pose and half widths, exactly.
  bool Equal(const Obb& other) const;

  /// Whether a_G and b_H overlap, with H posed in G by X_GH (the separating
  /// axis test over the 15 candidate axes).
  static bool HasOverlap(const Obb& a_G, const Obb& b_H,
                         const math::RigidTransform<double>& X_GH);
  static bool HasOverlap(const Obb& obb_G, const Aabb& aabb_H,
                         const math::RigidTransform<double>& X_GH);
  static bool HasOverlap(const Obb& bv_H, const HalfSpace& hs_C,
                         const math::RigidTransform<double>& X_CH);
  static bool HasOverlap(const Obb& bv_H, const Plane& plane_P,
                         const math::RigidTransform<double>& X_PH);

 private:
  math::RigidTransform<double> X_HB_;
  Vector3<double> half_width_;
};

/// The smallest Aabb (in M) around the given vertices of a mesh.
/// @throws std::runtime_error if `vertices` is empty or names a vertex the
/// mesh lacks.
Aabb ComputeAabbForTriangleMesh(const TriangleSurfaceMesh& mesh_M,
                                const std::set<int>& vertices);
Aabb ComputeAabbForVolumeMesh(const VolumeMesh& mesh_M,
                              const std::set<int>& vertices);

/// An Obb (in M) around the given vertices of a mesh: the tighter (smaller
/// volume) of the box along the principal axes of the vertices' covariance
/// and the axis-aligned box. It contains every given vertex; it is not
/// always the smallest box.
/// @throws std::runtime_error as ComputeAabbForTriangleMesh().
Obb ComputeObbForTriangleMesh(const TriangleSurfaceMesh& mesh_M,
                              const std::set<int>& vertices);
Obb ComputeObbForVolumeMesh(const VolumeMesh& mesh_M,
                            const std::set<int>& vertices);

/// The Obb of `shape` in its canonical frame S: exact for the primitives
/// (sphere, box, cylinder, capsule, ellipsoid), fitted to the file's
/// vertices for Mesh and Convex; nullopt for HalfSpace.
/// @throws std::runtime_error if a mesh file cannot be read.
std::optional<Obb> CalcObb(const Shape& shape);

}  // namespace ossa::geometry
