#pragma once

/// @file
/// SourceId, FrameId, GeometryId: unique identifiers (not indices). Each
/// get_new_id() returns a value never returned before in the process, for
/// any id kind; a default-constructed id is invalid.

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>

#include "ossa/common/error.h"

namespace ossa::geometry {

namespace internal {
/// The process-wide counter behind every identifier kind (thread-safe).
int64_t NextIdentifierValue();
}  // namespace internal

template <class Tag>
class Identifier {
 public:
  /// An invalid id.
  Identifier() = default;

  /// A new, unique, valid id.
  static Identifier get_new_id() {
    return Identifier(internal::NextIdentifierValue());
  }

  /// The id's value. @throws std::logic_error if the id is invalid.
  int64_t get_value() const {
    if (!is_valid()) {
      ThrowLogicError(
          "{}::get_value(): the id is invalid (default-constructed).",
          Tag::kName);
    }
    return value_;
  }
  bool is_valid() const { return value_ > 0; }

  bool operator==(const Identifier& other) const = default;
  auto operator<=>(const Identifier& other) const = default;

  std::string to_string() const { return std::to_string(value_); }

 private:
  explicit Identifier(int64_t value) : value_(value) {}
  int64_t value_{0};
};

template <class Tag>
std::ostream& operator<<(std::ostream& out, const Identifier<Tag>& id) {
  return out << id.to_string();
}

struct SourceIdTag {
  static constexpr const char* kName = "SourceId";
};
struct FrameIdTag {
  static constexpr const char* kName = "FrameId";
};
struct GeometryIdTag {
  static constexpr const char* kName = "GeometryId";
};

/// Identifies a geometry source (a system that registers geometry).
using SourceId = Identifier<SourceIdTag>;
/// Identifies a frame registered with a SceneGraph.
using FrameId = Identifier<FrameIdTag>;
/// Identifies a geometry registered with a SceneGraph.
using GeometryId = Identifier<GeometryIdTag>;

}  // namespace ossa::geometry

template <class Tag>
struct std::hash<ossa::geometry::Identifier<Tag>> {
  size_t operator()(const ossa::geometry::Identifier<Tag>& id) const noexcept {
    return std::hash<int64_t>()(id.is_valid() ? id.get_value() : 0);
  }
};
