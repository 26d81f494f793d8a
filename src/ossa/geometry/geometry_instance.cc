#include "ossa/geometry/geometry_instance.h"

#include "ossa/common/error.h"

namespace ossa::geometry {

std::string CanonicalizeStringName(const std::string& name) {
  const char* ws = " \t\n\v\f\r";
  const size_t begin = name.find_first_not_of(ws);
  if (begin == std::string::npos) return "";
  const size_t end = name.find_last_not_of(ws);
  return name.substr(begin, end - begin + 1);
}

GeometryInstance::GeometryInstance(const math::RigidTransform<double>& X_PG,
                                   std::unique_ptr<Shape> shape,
                                   const std::string& name)
    : id_(GeometryId::get_new_id()), X_PG_(X_PG), shape_(std::move(shape)) {
  if (shape_ == nullptr) {
    ThrowLogicError("GeometryInstance(): the shape is null.");
  }
  set_name(name);
}

GeometryInstance::GeometryInstance(const math::RigidTransform<double>& X_PG,
                                   const Shape& shape, const std::string& name)
    : GeometryInstance(X_PG, shape.Clone(), name) {}

GeometryInstance::GeometryInstance(const GeometryInstance& o)
    : id_(o.id_),
      X_PG_(o.X_PG_),
      shape_(o.shape_ ? o.shape_->Clone() : nullptr),
      name_(o.name_),
      proximity_(o.proximity_),
      illustration_(o.illustration_),
      perception_(o.perception_) {}

GeometryInstance& GeometryInstance::operator=(const GeometryInstance& o) {
  if (this != &o) *this = GeometryInstance(o);
  return *this;
}

GeometryInstance::~GeometryInstance() = default;

const Shape& GeometryInstance::shape() const {
  if (shape_ == nullptr) {
    ThrowLogicError(
        "GeometryInstance::shape(): the shape of '{}' has been released.",
        name_);
  }
  return *shape_;
}

void GeometryInstance::set_name(const std::string& name) {
  const std::string canonical = CanonicalizeStringName(name);
  if (canonical.empty()) {
    ThrowLogicError(
        "GeometryInstance given the name '{}' which is an empty canonical "
        "string",
        name);
  }
  name_ = canonical;
}

}  // namespace ossa::geometry
