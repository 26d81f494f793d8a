#include "ossa/multibody/tree/joint.h"

#include <fmt/format.h>

#include <stdexcept>

#include "ossa/common/scalar_traits.h"
#include "ossa/common/symbolic/random_variables.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/multibody_tree_system.h"

namespace ossa::multibody {

template <typename T>
Joint<T>::Joint(const std::string& name, const Frame<T>& frame_on_parent,
                const Frame<T>& frame_on_child, int num_positions,
                int num_velocities, const VectorX<double>& damping,
                const VectorX<double>& pos_lower_limits,
                const VectorX<double>& pos_upper_limits,
                const VectorX<double>& vel_lower_limits,
                const VectorX<double>& vel_upper_limits,
                const VectorX<double>& acc_lower_limits,
                const VectorX<double>& acc_upper_limits)
    // A joint belongs to the model instance of its child frame.
    : MultibodyElement<T>(frame_on_child.model_instance()),
      name_(name),
      frame_on_parent_(&frame_on_parent),
      frame_on_child_(&frame_on_child),
      num_positions_(num_positions),
      num_velocities_(num_velocities),
      default_q_(VectorX<double>::Zero(num_positions)) {
  CheckLimits("Joint", "position", num_positions, pos_lower_limits,
              pos_upper_limits);
  CheckLimits("Joint", "velocity", num_velocities, vel_lower_limits,
              vel_upper_limits);
  CheckLimits("Joint", "acceleration", num_velocities, acc_lower_limits,
              acc_upper_limits);
  q_lower_ = pos_lower_limits;
  q_upper_ = pos_upper_limits;
  v_lower_ = vel_lower_limits;
  v_upper_ = vel_upper_limits;
  a_lower_ = acc_lower_limits;
  a_upper_ = acc_upper_limits;
  if (damping.size() != num_velocities) [[unlikely]] {
    ThrowLogicError(
        "Joint(): joint '{}' has {} velocities but {} damping coefficients "
        "were given.",
        name_, num_velocities, damping.size());
  }
  if ((damping.array() < 0).any()) [[unlikely]] {
    ThrowLogicError("Joint(): the damping of joint '{}' must be nonnegative.",
                    name_);
  }
  damping_ = damping;
}

template <typename T>
Joint<T>::~Joint() = default;

template <typename T>
JointIndex Joint<T>::index() const {
  if (!index_.is_valid()) [[unlikely]] {
    ThrowLogicError(
        "Joint::index(): joint '{}' was not added to a model yet; add it "
        "with AddJoint() first.",
        name_);
  }
  return index_;
}

template <typename T>
void Joint<T>::CheckLimits(const char* method, const char* what,
                           int expected_size, const VectorX<double>& lower,
                           const VectorX<double>& upper) const {
  if (lower.size() != expected_size || upper.size() != expected_size)
      [[unlikely]] {
    ThrowLogicError(
        "{}(): joint '{}' needs {} {} limits (one per coordinate) but the "
        "lower and upper limits have sizes {} and {}.",
        method, name_, expected_size, what, lower.size(), upper.size());
  }
  for (int i = 0; i < expected_size; ++i) {
    // NaN fails this test too.
    if (!(lower[i] <= upper[i])) [[unlikely]] {
      ThrowLogicError(
          "{}(): joint '{}': the lower {} limit {} of coordinate {} exceeds "
          "the upper limit {}.",
          method, name_, what, lower[i], i, upper[i]);
    }
  }
}

template <typename T>
void Joint<T>::set_position_limits(const VectorX<double>& lower_limits,
                                   const VectorX<double>& upper_limits) {
  CheckLimits("set_position_limits", "position", num_positions_, lower_limits,
              upper_limits);
  q_lower_ = lower_limits;
  q_upper_ = upper_limits;
}

template <typename T>
void Joint<T>::set_velocity_limits(const VectorX<double>& lower_limits,
                                   const VectorX<double>& upper_limits) {
  CheckLimits("set_velocity_limits", "velocity", num_velocities_, lower_limits,
              upper_limits);
  v_lower_ = lower_limits;
  v_upper_ = upper_limits;
}

template <typename T>
void Joint<T>::set_acceleration_limits(const VectorX<double>& lower_limits,
                                       const VectorX<double>& upper_limits) {
  CheckLimits("set_acceleration_limits", "acceleration", num_velocities_,
              lower_limits, upper_limits);
  a_lower_ = lower_limits;
  a_upper_ = upper_limits;
}

template <typename T>
void Joint<T>::set_default_positions(const VectorX<double>& default_positions) {
  if (default_positions.size() != num_positions_) [[unlikely]] {
    ThrowLogicError(
        "set_default_positions(): joint '{}' has {} positions but the given "
        "vector has size {}.",
        name_, num_positions_, default_positions.size());
  }
  DoCheckDefaultPositions(default_positions);
  default_q_ = default_positions;
}

template <typename T>
void Joint<T>::set_default_damping_vector(const VectorX<double>& damping) {
  ThrowIfFinalized("set_default_damping_vector");
  if (damping.size() != num_velocities_) [[unlikely]] {
    ThrowLogicError(
        "set_default_damping_vector(): joint '{}' has {} velocities but the "
        "given vector has size {}.",
        name_, num_velocities_, damping.size());
  }
  if (!(damping.array() >= 0).all()) [[unlikely]] {
    ThrowLogicError(
        "set_default_damping_vector(): the damping of joint '{}' must be "
        "nonnegative.",
        name_);
  }
  damping_ = damping;
}

template <typename T>
void Joint<T>::ThrowIfFinalized(const char* method) const {
  if (this->parent_tree() != nullptr && this->parent_tree()->is_finalized())
      [[unlikely]] {
    ThrowLogicError(
        "{}(): joint '{}': post-finalize calls are not allowed; calls to "
        "this method must happen before Finalize().",
        method, name_);
  }
}

template <typename T>
int Joint<T>::position_start() const {
  if (position_start_ < 0) [[unlikely]] {
    ThrowLogicError(
        "Joint::position_start(): joint '{}': pre-finalize calls are not "
        "allowed; call Finalize() first.",
        name_);
  }
  return position_start_;
}

template <typename T>
int Joint<T>::velocity_start() const {
  if (velocity_start_ < 0) [[unlikely]] {
    ThrowLogicError(
        "Joint::velocity_start(): joint '{}': pre-finalize calls are not "
        "allowed; call Finalize() first.",
        name_);
  }
  return velocity_start_;
}

template <typename T>
const internal::MultibodyTreeSystem<T>& Joint<T>::tree_system_or_throw(
    const char* method) const {
  return this->GetParentTreeOrThrow(method, "joint", name_)
      .tree_system(method);
}

template <typename T>
VectorX<T> Joint<T>::GetPositions(const systems::Context<T>& context) const {
  return tree_system_or_throw("Joint::GetPositions")
      .GetPositionsSegment(context, position_start(), num_positions_);
}

template <typename T>
VectorX<T> Joint<T>::GetVelocities(const systems::Context<T>& context) const {
  return tree_system_or_throw("Joint::GetVelocities")
      .GetVelocitiesSegment(context, velocity_start(), num_velocities_);
}

template <typename T>
void Joint<T>::SetPositions(
    systems::Context<T>* context,
    const Eigen::Ref<const VectorX<T>>& positions) const {
  const auto& system = tree_system_or_throw("Joint::SetPositions");
  if (positions.size() != num_positions_) [[unlikely]] {
    ThrowLogicError(
        "Joint::SetPositions(): joint '{}' has {} positions but the given "
        "vector has size {}.",
        name_, num_positions_, positions.size());
  }
  system.SetPositionsSegment(context, position_start(), positions);
}

template <typename T>
void Joint<T>::SetVelocities(
    systems::Context<T>* context,
    const Eigen::Ref<const VectorX<T>>& velocities) const {
  const auto& system = tree_system_or_throw("Joint::SetVelocities");
  if (velocities.size() != num_velocities_) [[unlikely]] {
    ThrowLogicError(
        "Joint::SetVelocities(): joint '{}' has {} velocities but the given "
        "vector has size {}.",
        name_, num_velocities_, velocities.size());
  }
  system.SetVelocitiesSegment(context, velocity_start(), velocities);
}

template <typename T>
T Joint<T>::GetOnePosition(const systems::Context<T>& context) const {
  if (num_positions_ != 1) [[unlikely]] {
    ThrowLogicError(
        "Joint::GetOnePosition(): joint '{}' ({}) has {} positions; this "
        "method is for 1-dof joints only.",
        name_, type_name(), num_positions_);
  }
  return tree_system_or_throw("Joint::GetOnePosition")
      .GetPositionsEntry(context, position_start());
}

template <typename T>
T Joint<T>::GetOneVelocity(const systems::Context<T>& context) const {
  if (num_velocities_ != 1) [[unlikely]] {
    ThrowLogicError(
        "Joint::GetOneVelocity(): joint '{}' ({}) has {} velocities; this "
        "method is for 1-dof joints only.",
        name_, type_name(), num_velocities_);
  }
  return tree_system_or_throw("Joint::GetOneVelocity")
      .GetVelocitiesEntry(context, velocity_start());
}

template <typename T>
VectorX<T> Joint<T>::GetDampingVector(
    const systems::Context<T>& context) const {
  const char* kMethod = "Joint::GetDampingVector";
  const internal::MultibodyTreeSystem<T>& system =
      tree_system_or_throw(kMethod);
  this->parent_tree()->ThrowIfNotFinalized(kMethod);
  const internal::MultibodyTreeTopology& topology =
      system.tree().get_topology();
  const int v_start =
      topology.get_mobod(topology.joint_to_mobod(index_)).v_start;
  return system.GetParameters(context).damping.segment(v_start,
                                                       num_velocities_);
}

template <typename T>
void Joint<T>::SetDampingVector(systems::Context<T>* context,
                                const VectorX<T>& damping) const {
  SetDampingVectorImpl("Joint::SetDampingVector", context, damping);
}

template <typename T>
void Joint<T>::SetDampingVectorImpl(const char* method,
                                    systems::Context<T>* context,
                                    const VectorX<T>& damping) const {
  const internal::MultibodyTreeSystem<T>& system = tree_system_or_throw(method);
  this->parent_tree()->ThrowIfNotFinalized(method);
  if (context == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): the context is a nullptr (joint '{}').", method,
                    name_);
  }
  if (damping.size() != num_velocities_) [[unlikely]] {
    ThrowLogicError(
        "{}(): joint '{}' has {} velocities but the damping vector has size "
        "{}.",
        method, name_, num_velocities_, damping.size());
  }
  for (int i = 0; i < damping.size(); ++i) {
    if constexpr (!scalar_predicate<T>::is_bool) {
      // Symbolic: the sign check needs a number, as on the reference.
      if (!damping[i].GetVariables().empty()) [[unlikely]] {
        ThrowLogicError(
            "{}(): the damping of joint '{}' must be a number, to check that "
            "it is nonnegative (got {} for velocity {}).",
            method, name_, damping[i].to_string(), i);
      }
    }
    if (!(ExtractDoubleOrThrow(damping[i]) >= 0)) [[unlikely]] {
      ThrowLogicError(
          "{}(): the damping of joint '{}' must be nonnegative (got {} for "
          "velocity {}).",
          method, name_, ExtractDoubleOrThrow(damping[i]), i);
    }
  }
  const internal::MultibodyTreeTopology& topology =
      system.tree().get_topology();
  const int v_start =
      topology.get_mobod(topology.joint_to_mobod(index_)).v_start;
  system.GetMutableParameters(context).damping.segment(
      v_start, num_velocities_) = damping;
}

template <typename T>
void Joint<T>::Lock(systems::Context<T>* context) const {
  tree_system_or_throw("Joint::Lock");
  this->parent_tree()->LockJoint(context, *this);
}

template <typename T>
void Joint<T>::Unlock(systems::Context<T>* context) const {
  tree_system_or_throw("Joint::Unlock");
  this->parent_tree()->UnlockJoint(context, *this);
}

template <typename T>
bool Joint<T>::is_locked(const systems::Context<T>& context) const {
  tree_system_or_throw("Joint::is_locked");
  return this->parent_tree()->IsJointLocked(context, *this);
}

template <typename T>
void Joint<T>::set_random_positions_distribution(
    const VectorX<symbolic::Expression>& positions) {
  if (positions.size() != num_positions_) [[unlikely]] {
    ThrowLogicError(
        "Joint::set_random_positions_distribution(): the distribution of "
        "joint '{}' has {} entries but the joint has {} positions.",
        name_, positions.size(), num_positions_);
  }
  random_positions_ = positions;
  random_variables_ = symbolic::internal::GetVariablesMany(
      random_positions_.data(), random_positions_.size());
  has_random_positions_ = true;
}

template <typename T>
VectorX<symbolic::Expression> Joint<T>::RandomPositionsOr(
    const VectorX<double>& zero) const {
  if (has_random_positions_) return random_positions_;
  return zero.template cast<symbolic::Expression>();
}

template <typename T>
VectorX<double> Joint<T>::SampleRandomPositions(
    RandomGenerator* generator) const {
  if (!has_random_positions_) [[unlikely]] {
    ThrowLogicError(
        "Joint::SampleRandomPositions(): joint '{}' has no random "
        "distribution.",
        name_);
  }
  if (generator == nullptr) [[unlikely]] {
    ThrowLogicError(
        "Joint::SampleRandomPositions(): the generator is a nullptr.");
  }
  // The variables were collected when the distribution was set: a sample
  // draws them and evaluates the prepared vector in one pass.
  VectorX<double> q(num_positions_);
  try {
    const symbolic::Environment env = symbolic::PopulateRandomVariables(
        symbolic::Environment{}, random_variables_, generator);
    symbolic::internal::EvaluateMany(random_positions_.data(),
                                     random_positions_.size(), env, q.data());
  } catch (const std::runtime_error& error) {
    throw std::runtime_error(fmt::format(
        "Joint::SampleRandomPositions(): the random distribution of joint "
        "'{}' cannot be evaluated: {}",
        name_, error.what()));
  }
  return q;
}

template <typename T>
template <typename U>
std::unique_ptr<Joint<U>> Joint<T>::CloneToScalarImpl(
    const internal::MultibodyTree<U>& tree_clone) const {
  std::unique_ptr<Joint<U>> clone = DoCloneToScalar(tree_clone);
  clone->set_model_instance(this->model_instance());
  clone->damping_ = damping_;
  clone->q_lower_ = q_lower_;
  clone->q_upper_ = q_upper_;
  clone->v_lower_ = v_lower_;
  clone->v_upper_ = v_upper_;
  clone->a_lower_ = a_lower_;
  clone->a_upper_ = a_upper_;
  clone->default_q_ = default_q_;
  clone->random_positions_ = random_positions_;
  clone->random_variables_ = random_variables_;
  clone->has_random_positions_ = has_random_positions_;
  return clone;
}

template <typename T>
std::unique_ptr<Joint<double>> Joint<T>::CloneToScalar(
    const internal::MultibodyTree<double>& tree_clone) const {
  return CloneToScalarImpl<double>(tree_clone);
}

template <typename T>
std::unique_ptr<Joint<AutoDiffXd>> Joint<T>::CloneToScalar(
    const internal::MultibodyTree<AutoDiffXd>& tree_clone) const {
  return CloneToScalarImpl<AutoDiffXd>(tree_clone);
}

template <typename T>
std::unique_ptr<Joint<symbolic::Expression>> Joint<T>::CloneToScalar(
    const internal::MultibodyTree<symbolic::Expression>& tree_clone) const {
  return CloneToScalarImpl<symbolic::Expression>(tree_clone);
}

template <typename T>
bool Joint<T>::is_reversed() const {
  if (position_start_ < 0) [[unlikely]] {
    ThrowLogicError(
        "Joint::is_reversed(): joint '{}': pre-finalize calls are not "
        "allowed; call Finalize() first.",
        name_);
  }
  return is_reversed_;
}

template <typename T>
std::string Joint<T>::position_suffix(int position_index_in_joint) const {
  if (position_index_in_joint < 0 || position_index_in_joint >= num_positions_)
      [[unlikely]] {
    ThrowLogicError(
        "position_suffix(): joint '{}' has {} positions; index {} is out of "
        "range.",
        name_, num_positions_, position_index_in_joint);
  }
  return do_get_position_suffix(position_index_in_joint);
}

template <typename T>
std::string Joint<T>::velocity_suffix(int velocity_index_in_joint) const {
  if (velocity_index_in_joint < 0 || velocity_index_in_joint >= num_velocities_)
      [[unlikely]] {
    ThrowLogicError(
        "velocity_suffix(): joint '{}' has {} velocities; index {} is out of "
        "range.",
        name_, num_velocities_, velocity_index_in_joint);
  }
  return do_get_velocity_suffix(velocity_index_in_joint);
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::Joint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::Joint);
