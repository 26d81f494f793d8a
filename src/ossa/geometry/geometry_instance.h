#pragma once

/// @file
/// GeometryInstance: a shape with its pose X_PG in a parent frame P, a name,
/// and the properties of the roles it will have. It gets a new GeometryId at
/// construction; SceneGraph::RegisterGeometry() consumes it.

#include <memory>
#include <optional>
#include <string>

#include "ossa/geometry/geometry_ids.h"
#include "ossa/geometry/geometry_properties.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/math/rigid_transform.h"

namespace ossa::geometry {

class GeometryInstance {
 public:
  /// @throws std::logic_error if `shape` is null or the name is empty after
  /// trimming white space (the name is stored trimmed).
  GeometryInstance(const math::RigidTransform<double>& X_PG,
                   std::unique_ptr<Shape> shape, const std::string& name);
  GeometryInstance(const math::RigidTransform<double>& X_PG, const Shape& shape,
                   const std::string& name);
  GeometryInstance(const GeometryInstance& other);
  GeometryInstance& operator=(const GeometryInstance& other);
  GeometryInstance(GeometryInstance&&) = default;
  GeometryInstance& operator=(GeometryInstance&&) = default;
  ~GeometryInstance();

  GeometryId id() const { return id_; }
  const math::RigidTransform<double>& pose() const { return X_PG_; }
  void set_pose(const math::RigidTransform<double>& X_PG) { X_PG_ = X_PG; }

  /// @throws std::logic_error if the shape was released.
  const Shape& shape() const;
  std::unique_ptr<Shape> release_shape() { return std::move(shape_); }

  const std::string& name() const { return name_; }
  /// @throws std::logic_error as the constructor.
  void set_name(const std::string& name);

  void set_proximity_properties(ProximityProperties properties) {
    proximity_ = std::move(properties);
  }
  void set_illustration_properties(IllustrationProperties properties) {
    illustration_ = std::move(properties);
  }
  void set_perception_properties(PerceptionProperties properties) {
    perception_ = std::move(properties);
  }
  /// The role's properties, or nullptr if the role is not declared.
  const ProximityProperties* proximity_properties() const {
    return proximity_ ? &*proximity_ : nullptr;
  }
  const IllustrationProperties* illustration_properties() const {
    return illustration_ ? &*illustration_ : nullptr;
  }
  const PerceptionProperties* perception_properties() const {
    return perception_ ? &*perception_ : nullptr;
  }
  ProximityProperties* mutable_proximity_properties() {
    return proximity_ ? &*proximity_ : nullptr;
  }
  IllustrationProperties* mutable_illustration_properties() {
    return illustration_ ? &*illustration_ : nullptr;
  }
  PerceptionProperties* mutable_perception_properties() {
    return perception_ ? &*perception_ : nullptr;
  }

 private:
  GeometryId id_;
  math::RigidTransform<double> X_PG_;
  std::unique_ptr<Shape> shape_;
  std::string name_;
  std::optional<ProximityProperties> proximity_;
  std::optional<IllustrationProperties> illustration_;
  std::optional<PerceptionProperties> perception_;
};

/// `name` without leading and trailing white space.
std::string CanonicalizeStringName(const std::string& name);

}  // namespace ossa::geometry
