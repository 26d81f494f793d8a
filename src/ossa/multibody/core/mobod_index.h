#pragma once

/// @file
/// MobodIndex and MobilizerIndex: the indices of the compiled tree's nodes
/// (mobilized bodies) and their inboard mobilizers. The tree layer's element
/// indices (BodyIndex, JointIndex, ...) are in multibody_tree_indexes.h.

#include "ossa/common/type_safe_index.h"

namespace ossa::multibody::internal {

struct MobodTag {
  static constexpr const char* kName = "MobodIndex";
};
struct MobilizerTag {
  static constexpr const char* kName = "MobilizerIndex";
};

/// A mobilized body: a node of the compiled tree (world is MobodIndex(0)).
/// Several welded bodies may share one, so it is not a BodyIndex.
using MobodIndex = TypeSafeIndex<MobodTag>;
using MobilizerIndex = TypeSafeIndex<MobilizerTag>;

}  // namespace ossa::multibody::internal
