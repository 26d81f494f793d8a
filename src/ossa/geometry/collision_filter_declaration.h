#pragma once

/// @file
/// CollisionFilterDeclaration: a list of statements that exclude (or allow
/// again) collision between pairs of geometries, applied by a
/// CollisionFilterManager. Statements apply in order.

#include <vector>

#include "ossa/geometry/geometry_set.h"

namespace ossa::geometry {

class CollisionFilterDeclaration {
 public:
  enum class StatementOp {
    kAllowBetween,
    kAllowWithin,
    kExcludeBetween,
    kExcludeWithin
  };
  struct Statement {
    StatementOp op;
    GeometrySet set_A;
    GeometrySet set_B;
  };

  CollisionFilterDeclaration() = default;

  /// Allows collision between every g in A and every g' in B (g ≠ g'),
  /// except the pairs that are always filtered (geometries of one frame,
  /// two anchored geometries).
  CollisionFilterDeclaration& AllowBetween(GeometrySet set_A,
                                           GeometrySet set_B) {
    statements_.push_back(
        {StatementOp::kAllowBetween, std::move(set_A), std::move(set_B)});
    return *this;
  }
  /// Allows collision between every pair in the set (same exceptions).
  CollisionFilterDeclaration& AllowWithin(GeometrySet set) {
    statements_.push_back({StatementOp::kAllowWithin, set, set});
    return *this;
  }
  /// Excludes collision between every g in A and every g' in B.
  CollisionFilterDeclaration& ExcludeBetween(GeometrySet set_A,
                                             GeometrySet set_B) {
    statements_.push_back(
        {StatementOp::kExcludeBetween, std::move(set_A), std::move(set_B)});
    return *this;
  }
  /// Excludes collision between every pair in the set.
  CollisionFilterDeclaration& ExcludeWithin(GeometrySet set) {
    statements_.push_back({StatementOp::kExcludeWithin, set, set});
    return *this;
  }

  const std::vector<Statement>& statements() const { return statements_; }

 private:
  std::vector<Statement> statements_;
};

}  // namespace ossa::geometry
