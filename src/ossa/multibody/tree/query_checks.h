#pragma once

/// @file
/// Argument checks shared by MultibodyTree's Context-level queries (internal):
/// each throws std::logic_error naming the method and the argument.

#include <string>
#include <vector>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/core/compiled_tree.h"
#include "ossa/multibody/tree/jacobian_wrt_variable.h"
#include "ossa/multibody/tree/multibody_tree_indexes.h"
#include "ossa/multibody/tree/multibody_tree_topology.h"

namespace ossa::multibody::internal {

inline void ThrowIfWrongSize(const char* method, const char* what, int expected,
                             int actual) {
  if (expected != actual) [[unlikely]] {
    ThrowLogicError("{}(): {} has size {} but size {} was expected.", method,
                    what, actual, expected);
  }
}

inline void ThrowIfWrongShape(const char* method, const char* what, int rows,
                              int cols, int expected_rows, int expected_cols) {
  if (rows != expected_rows || cols != expected_cols) [[unlikely]] {
    ThrowLogicError("{}(): {} is {}x{} but {}x{} was expected.", method, what,
                    rows, cols, expected_rows, expected_cols);
  }
}

template <typename Ptr>
inline void ThrowIfNull(const char* method, const char* what, const Ptr& ptr) {
  if (ptr == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): the output {} is a nullptr.", method, what);
  }
}

inline void ThrowIfQDot(const char* method, JacobianWrtVariable wrt) {
  if (wrt == JacobianWrtVariable::kQDot) [[unlikely]] {
    ThrowLogicError(
        "{}(): with_respect_to = JacobianWrtVariable::kQDot is not supported "
        "for acceleration bias terms; use JacobianWrtVariable::kV.",
        method);
  }
}

// A motion vector of the parent (at Po, in P) re-expressed in B at Bo.

/// Throws unless the frame or body (`kind`) named `name` belongs to the
/// model asked (`in_tree`).
inline void ThrowIfNotInTree(const char* method, const char* kind, bool in_tree,
                             const std::string& name) {
  if (!in_tree) [[unlikely]] {
    ThrowLogicError(
        "{}(): {} '{}' does not belong to this model (it was added to "
        "another MultibodyTree/MultibodyPlant, or to none).",
        method, kind, name);
  }
}

/// The total mass of `bodies`; throws if there are none or it is not
/// positive (a center of mass needs both).
template <typename T>
T CheckedSystemMass(const char* method, const std::vector<BodyIndex>& bodies,
                    const MultibodyTreeTopology& topology,
                    const TreeParameters<T>& params) {
  if (bodies.empty()) [[unlikely]] {
    ThrowLogicError(
        "{}(): there are no bodies other than the world body in the selected "
        "model instances, so there is no center of mass.",
        method);
  }
  T mass(0);
  for (BodyIndex b : bodies)
    mass += params.mobods[topology.body_to_mobod(b)].mass;
  if (!(ExtractDoubleOrThrow(mass) > 0)) [[unlikely]] {
    ThrowLogicError(
        "{}(): the total mass of the selected bodies must be positive (it is "
        "{}).",
        method, ExtractDoubleOrThrow(mass));
  }
  return mass;
}

}  // namespace ossa::multibody::internal
