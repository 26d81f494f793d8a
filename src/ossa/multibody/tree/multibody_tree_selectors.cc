// MultibodyTree<T>: state and actuator selector matrices, the actuation
// matrix and its pseudoinverse, joint locking, and random states.

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/core/mobilizer_kinds.h"
#include "ossa/multibody/core/readonly_kernels.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/multibody_tree_system.h"
#include "ossa/multibody/tree/query_checks.h"
#include "ossa/systems/framework/state.h"

namespace ossa::multibody::internal {
namespace {

// Throws unless `exists(i)`: index i (of type `index_type`, e.g. "JointIndex")
// names an element of `kind` ("joint", "actuator") of which the model has
// `count`.
template <typename Index, typename Exists>
void ThrowIfNoSuchElement(const char* method, Index i, const char* index_type,
                          const char* kind, int count, const Exists& exists) {
  if (!exists(i)) [[unlikely]] {
    ThrowLogicError(
        "{}(): {} {} is out of range or removed (this model has {} {}s).",
        method, index_type, i.raw(), count, kind);
  }
}

// The checks of a selector's index map: every index names an element (as
// ThrowIfNoSuchElement) and none appears twice; `name_of(i)` names element i
// in the message.
template <typename Index, typename Exists, typename NameOf>
void CheckSelectorMap(const char* method, const std::vector<Index>& map,
                      const char* map_name, const char* index_type,
                      const char* kind, int count, const Exists& exists,
                      const NameOf& name_of) {
  std::set<int> seen;
  for (Index i : map) {
    ThrowIfNoSuchElement(method, i, index_type, kind, count, exists);
    if (!seen.insert(int{i}).second) [[unlikely]] {
      ThrowLogicError("{}(): {} '{}' ({} {}) appears more than once in {}.",
                      method, kind, name_of(i), index_type, int{i}, map_name);
    }
  }
}

}  // namespace

// ------------------------------------------------------------ selectors

template <typename T>
MatrixX<double> MultibodyTree<T>::MakeStateSelectorMatrix(
    const std::vector<JointIndex>& user_to_joint_index_map) const {
  const char* kMethod = "MakeStateSelectorMatrix";
  ThrowIfNotFinalized(kMethod);
  CheckSelectorMap(
      kMethod, user_to_joint_index_map, "user_to_joint_index_map", "JointIndex",
      "joint", num_joints(), [this](JointIndex j) { return has_joint(j); },
      [this](JointIndex j) { return joints_[j]->name(); });
  int nq_s = 0, nv_s = 0;
  for (JointIndex j : user_to_joint_index_map) {
    nq_s += joints_[j]->num_positions();
    nv_s += joints_[j]->num_velocities();
  }
  MatrixX<double> Sx = MatrixX<double>::Zero(nq_s + nv_s, num_states());
  int row_q = 0, row_v = nq_s;
  const int nq = num_positions();
  for (JointIndex j : user_to_joint_index_map) {
    const Joint<T>& joint = *joints_[j];
    for (int i = 0; i < joint.num_positions(); ++i)
      Sx(row_q++, joint.position_start() + i) = 1.0;
    for (int i = 0; i < joint.num_velocities(); ++i)
      Sx(row_v++, nq + joint.velocity_start() + i) = 1.0;
  }
  return Sx;
}

template <typename T>
MatrixX<double> MultibodyTree<T>::MakeStateSelectorMatrixFromJointNames(
    const std::vector<std::string>& selected_joints) const {
  std::vector<JointIndex> indices;
  for (const std::string& name : selected_joints)
    indices.push_back(GetJointByName(name).index());
  return MakeStateSelectorMatrix(indices);
}

template <typename T>
MatrixX<double> MultibodyTree<T>::MakeActuatorSelectorMatrix(
    const std::vector<JointActuatorIndex>& user_to_actuator_index_map) const {
  const char* kMethod = "MakeActuatorSelectorMatrix";
  ThrowIfNotFinalized(kMethod);
  CheckSelectorMap(
      kMethod, user_to_actuator_index_map, "user_to_actuator_index_map",
      "JointActuatorIndex", "actuator", num_actuators(),
      [this](JointActuatorIndex a) { return has_joint_actuator(a); },
      [this](JointActuatorIndex a) { return actuators_[a]->name(); });
  int nu_s = 0;
  for (JointActuatorIndex a : user_to_actuator_index_map) {
    nu_s += actuators_[a]->num_inputs();
  }
  MatrixX<double> Su = MatrixX<double>::Zero(num_actuated_dofs(), nu_s);
  int col = 0;
  for (JointActuatorIndex a : user_to_actuator_index_map) {
    const JointActuator<T>& actuator = *actuators_[a];
    for (int i = 0; i < actuator.num_inputs(); ++i)
      Su(actuator.input_start() + i, col++) = 1.0;
  }
  return Su;
}

template <typename T>
MatrixX<double> MultibodyTree<T>::MakeActuatorSelectorMatrix(
    const std::vector<JointIndex>& user_to_joint_index_map) const {
  const char* kMethod = "MakeActuatorSelectorMatrix";
  ThrowIfNotFinalized(kMethod);
  std::vector<JointActuatorIndex> actuators;
  for (JointIndex j : user_to_joint_index_map) {
    ThrowIfNoSuchElement(kMethod, j, "JointIndex", "joint", num_joints(),
                         [this](JointIndex i) { return has_joint(i); });
    std::optional<JointActuatorIndex> found;
    for (const auto& a : actuators_)
      if (a != nullptr && a->joint().index() == j) found = a->index();
    if (!found) [[unlikely]] {
      ThrowLogicError("{}(): joint '{}' (JointIndex {}) has no actuator.",
                      kMethod, joints_[j]->name(), int{j});
    }
    actuators.push_back(*found);
  }
  return MakeActuatorSelectorMatrix(actuators);
}

template <typename T>
MatrixX<T> MultibodyTree<T>::MakeActuationMatrix() const {
  ThrowIfNotFinalized("MakeActuationMatrix");
  MatrixX<T> B = MatrixX<T>::Zero(num_velocities(), num_actuated_dofs());
  for (const auto& a : actuators_) {
    if (a == nullptr) continue;  // removed
    for (int i = 0; i < a->num_inputs(); ++i)
      B(a->joint().velocity_start() + i, a->input_start() + i) = T(1);
  }
  return B;
}

template <typename T>
Eigen::SparseMatrix<double> MultibodyTree<T>::MakeActuationMatrixPseudoinverse()
    const {
  ThrowIfNotFinalized("MakeActuationMatrixPseudoinverse");
  // B has one unit entry per column, in distinct rows (a dof has at most
  // one actuator... or several: then B⁺ averages them). Bᵀ·B is diagonal
  // with the number of actuators per dof k, and B⁺ = (BᵀB)⁻¹Bᵀ only when
  // the columns are independent; in general B⁺ = Bᵀ(BBᵀ)⁺ with BBᵀ
  // diagonal (counts per dof): entry (a, v_a) = 1 / count(v_a).
  std::vector<int> count(num_velocities(), 0);
  for (const auto& a : actuators_)
    if (a != nullptr)
      for (int i = 0; i < a->num_inputs(); ++i)
        ++count[a->joint().velocity_start() + i];
  std::vector<Eigen::Triplet<double>> triplets;
  for (const auto& a : actuators_) {
    if (a == nullptr) continue;  // removed
    for (int i = 0; i < a->num_inputs(); ++i) {
      const int v = a->joint().velocity_start() + i;
      triplets.emplace_back(a->input_start() + i, v, 1.0 / count[v]);
    }
  }
  Eigen::SparseMatrix<double> Bplus(num_actuated_dofs(), num_velocities());
  Bplus.setFromTriplets(triplets.begin(), triplets.end());
  return Bplus;
}

// ------------------------------------------------------------ locking

template <typename T>
const MultibodyTreeSystem<T>& MultibodyTree<T>::CheckJointLockQuery(
    const char* method, const systems::Context<T>& context,
    const Joint<T>& joint) const {
  const MultibodyTreeSystem<T>& system = CheckContext(method, context);
  if (joint.parent_tree() != this) [[unlikely]] {
    ThrowLogicError("{}(): joint '{}' does not belong to this model.", method,
                    joint.name());
  }
  return system;
}

template <typename T>
void MultibodyTree<T>::LockJoint(systems::Context<T>* context,
                                 const Joint<T>& joint) const {
  ThrowIfNull("Joint::Lock", "context", context);
  const MultibodyTreeSystem<T>& system =
      CheckJointLockQuery("Joint::Lock", *context, joint);
  system.GetMutableElementParameters(context).joint_locked[joint.index()] = 1;
  // A locked joint does not move: its velocities are zero from now on.
  system.SetVelocitiesSegment(context, joint.velocity_start(),
                              VectorX<T>::Zero(joint.num_velocities()));
}

template <typename T>
void MultibodyTree<T>::UnlockJoint(systems::Context<T>* context,
                                   const Joint<T>& joint) const {
  ThrowIfNull("Joint::Unlock", "context", context);
  CheckJointLockQuery("Joint::Unlock", *context, joint)
      .GetMutableElementParameters(context)
      .joint_locked[joint.index()] = 0;
}

template <typename T>
bool MultibodyTree<T>::IsJointLocked(const systems::Context<T>& context,
                                     const Joint<T>& joint) const {
  return CheckJointLockQuery("Joint::is_locked", context, joint)
             .GetElementParameters(context)
             .joint_locked[joint.index()] != 0;
}

template <typename T>
std::vector<int> MultibodyTree<T>::FindLockedVelocityIndices(
    const systems::Context<T>& context) const {
  const MultibodyTreeSystem<T>& system =
      CheckContext("FindLockedVelocityIndices", context);
  const ElementParameters<T>& elements = system.GetElementParameters(context);
  std::vector<int> result;
  for (const auto& joint : joints_) {
    if (joint == nullptr) continue;  // removed
    if (!elements.joint_locked[joint->index()]) continue;
    for (int i = 0; i < joint->num_velocities(); ++i)
      result.push_back(joint->velocity_start() + i);
  }
  std::sort(result.begin(), result.end());
  return result;
}

template <typename T>
std::vector<int> MultibodyTree<T>::FindUnlockedVelocityIndices(
    const systems::Context<T>& context) const {
  const std::vector<int> locked = FindLockedVelocityIndices(context);
  std::vector<int> result;
  std::size_t k = 0;
  for (int i = 0; i < num_velocities(); ++i) {
    if (k < locked.size() && locked[k] == i) {
      ++k;
      continue;
    }
    result.push_back(i);
  }
  return result;
}

// ------------------------------------------------------------ random state

template <typename T>
void MultibodyTree<T>::SetRandomState(const systems::Context<T>& context,
                                      systems::State<T>* state,
                                      std::mt19937* generator) const {
  const char* kMethod = "SetRandomState";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  ThrowIfNull(kMethod, "state", state);
  ThrowIfNull(kMethod, "generator", generator);
  systems::VectorBase<T>& x = system.GetMutableStateVector(state);
  // The joints draw in the order of their coordinates in q (the order of
  // the specification's mobilizers), so a seed gives its samples.
  std::vector<const Joint<T>*> random_joints;
  for (const auto& joint : joints_) {
    if (joint != nullptr && joint->has_random_state())
      random_joints.push_back(joint.get());
  }
  std::sort(random_joints.begin(), random_joints.end(),
            [](const Joint<T>* a, const Joint<T>* b) {
              return a->position_start() < b->position_start();
            });
  for (const Joint<T>* joint : random_joints) {
    const VectorX<double> q = joint->SampleRandomPositions(generator);
    for (int i = 0; i < joint->num_positions(); ++i)
      x.SetAtIndex(joint->position_start() + i, T(q[i]));
  }
}

}  // namespace ossa::multibody::internal

// The members defined in this file, for the default scalars (the class's
// other members are instantiated in multibody_tree.cc; each explicit
// instantiation emits only the members defined in its translation unit).
#ifndef OSSA_IN_MEMBER_GROUP  // see ossa_add_member_group()
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::MultibodyTree);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::internal::MultibodyTree);
#endif
