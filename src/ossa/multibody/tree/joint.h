#pragma once

/// @file
/// Joint<T>: the base of every joint kind. A joint connects a frame F on a
/// parent body P ("frame_on_parent") to a frame M on a child body B
/// ("frame_on_child") and allows the relative motion X_FM(q) of its kind.
/// Parent and child say nothing about which body is nearer the world: when
/// the child is nearer, the tree uses the joint's mobilizer reversed.

#include <functional>
#include <limits>
#include <memory>
#include <string>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/common/random_generator.h"
#include "ossa/multibody/core/mobilizer_kind.h"
#include "ossa/multibody/tree/frame.h"

namespace ossa::multibody {

/// Common API of all joints. Limits are in the joint's own units (rad, m,
/// rad/s, m/s, ...) with -∞/+∞ meaning "no limit". Default positions and
/// damping are the model values a new Context starts with.
template <typename T>
class Joint : public MultibodyElement<T> {
 public:
  ~Joint() override;

  const std::string& name() const { return name_; }
  /// The joint's index; throws std::logic_error if not in a tree yet.
  JointIndex index() const;

  /// The body of frame_on_parent() (the parent body P).
  const RigidBody<T>& parent_body() const { return frame_on_parent_->body(); }
  /// The body of frame_on_child() (the child body B).
  const RigidBody<T>& child_body() const { return frame_on_child_->body(); }
  /// The frame F on the parent body.
  const Frame<T>& frame_on_parent() const { return *frame_on_parent_; }
  /// The frame M on the child body.
  const Frame<T>& frame_on_child() const { return *frame_on_child_; }

  /// The kind's name: "revolute", "prismatic", "weld", "ball_rpy",
  /// "quaternion_floating", "rpy_floating", "planar", "universal", "screw".
  virtual const std::string& type_name() const = 0;

  /// Sizes of this joint's part of q and v.
  int num_positions() const { return num_positions_; }
  int num_velocities() const { return num_velocities_; }

  /// Where this joint's coordinates start in the model's q and v; valid
  /// after Finalize() (throws std::logic_error before).
  int position_start() const;
  int velocity_start() const;

  /// The name of the i-th position / velocity coordinate ("q", "x", "qw",
  /// ...), as used to build the model's coordinate names. Throws
  /// std::logic_error if i is out of range.
  std::string position_suffix(int position_index_in_joint) const;
  std::string velocity_suffix(int velocity_index_in_joint) const;

  /// True if the joint allows rotation / translation of M in F (by default
  /// as its mobilizer kind does).
  virtual bool can_rotate() const {
    return internal::MobilizerKindCanRotate(kind());
  }
  virtual bool can_translate() const {
    return internal::MobilizerKindCanTranslate(kind());
  }

  /// Limits (size num_positions() / num_velocities()).
  const VectorX<double>& position_lower_limits() const { return q_lower_; }
  const VectorX<double>& position_upper_limits() const { return q_upper_; }
  const VectorX<double>& velocity_lower_limits() const { return v_lower_; }
  const VectorX<double>& velocity_upper_limits() const { return v_upper_; }
  const VectorX<double>& acceleration_lower_limits() const { return a_lower_; }
  const VectorX<double>& acceleration_upper_limits() const { return a_upper_; }

  /// Set the limits. Throw std::logic_error if a size differs from
  /// num_positions() (num_velocities()) or if some lower > upper. Setting
  /// position limits leaves default_positions() unchanged.
  void set_position_limits(const VectorX<double>& lower_limits,
                           const VectorX<double>& upper_limits);
  void set_velocity_limits(const VectorX<double>& lower_limits,
                           const VectorX<double>& upper_limits);
  void set_acceleration_limits(const VectorX<double>& lower_limits,
                               const VectorX<double>& upper_limits);

  /// Default positions (size num_positions()).
  const VectorX<double>& default_positions() const { return default_q_; }
  /// Throws std::logic_error if the size is not num_positions(); a joint
  /// kind may check more (a quaternion must not be zero).
  void set_default_positions(const VectorX<double>& default_positions);

  /// The default damping coefficients, one per velocity (N·m·s/rad for
  /// rotations, N·s/m for translations).
  const VectorX<double>& default_damping_vector() const { return damping_; }
  /// Throws std::logic_error if the size is not num_velocities(), if an
  /// entry is negative, or if the model is already finalized (the compiled
  /// model holds the damping).
  void set_default_damping_vector(const VectorX<double>& damping);

  /// @name Damping in a Context
  /// A Context holds the joint's damping coefficients d (one per velocity)
  /// as parameters, starting from default_damping_vector(); the damping
  /// forces τ = −d ⊙ v computed from that Context (dynamics, the discrete
  /// step, power) use them. Both throw std::logic_error if the joint is not
  /// in a finalized model owned by a system (a MultibodyPlant), or the
  /// context is null or another system's.
  /// @{
  /// d in `context` (size num_velocities()).
  VectorX<T> GetDampingVector(const systems::Context<T>& context) const;
  /// Sets d in `context`. Also throws if the size is not num_velocities()
  /// or an entry is negative or NaN (checked where T's comparisons give a
  /// boolean).
  void SetDampingVector(systems::Context<T>* context,
                        const VectorX<T>& damping) const;
  /// @}

  /// @name State in a Context (the model must be owned by a
  /// MultibodyTreeSystem / MultibodyPlant and finalized; throw
  /// std::logic_error otherwise, or on a size mismatch)
  /// @{
  /// This joint's num_positions() entries of q / num_velocities() of v.
  VectorX<T> GetPositions(const systems::Context<T>& context) const;
  VectorX<T> GetVelocities(const systems::Context<T>& context) const;
  void SetPositions(systems::Context<T>* context,
                    const Eigen::Ref<const VectorX<T>>& positions) const;
  void SetVelocities(systems::Context<T>* context,
                     const Eigen::Ref<const VectorX<T>>& velocities) const;
  /// The single coordinate of a 1-dof joint (throws for other joints).
  T GetOnePosition(const systems::Context<T>& context) const;
  T GetOneVelocity(const systems::Context<T>& context) const;
  /// @}

  /// @name Locking (per Context; same requirements as GetPositions())
  /// A locked joint keeps zero velocities: the plant's dynamics exclude its
  /// dofs. Lock() also sets the joint's velocities in `context` to zero.
  /// Throw std::logic_error on a null context.
  /// @{
  void Lock(systems::Context<T>* context) const;
  void Unlock(systems::Context<T>* context) const;
  bool is_locked(const systems::Context<T>& context) const;
  /// @}

  /// @name Random positions
  /// The distribution SetRandomState (and so System::SetRandomContext)
  /// samples this joint's positions from: one symbolic expression of random
  /// variables per coordinate (symbolic::Variable::Type::RANDOM_*), which
  /// the kinds' set_random_*_distribution() setters build. Each sample
  /// draws every random variable of the vector once, in the specification's
  /// order (symbolic::PopulateRandomVariables()). A joint without a
  /// distribution keeps its default positions. The distribution may be set
  /// before or after Finalize() and survives scalar conversion.
  /// @{
  /// True if a random distribution of the positions was set.
  bool has_random_state() const { return has_random_positions_; }
  /// The distribution of the positions (size num_positions()), or nullptr
  /// if none was set.
  const VectorX<symbolic::Expression>* get_random_positions_distribution()
      const {
    return has_random_positions_ ? &random_positions_ : nullptr;
  }
  /// Sets the distribution of all positions. Throws std::logic_error if its
  /// size is not num_positions().
  void set_random_positions_distribution(
      const VectorX<symbolic::Expression>& positions);
  /// A sample of the positions. Throws std::logic_error if there is no
  /// distribution or the generator is null, std::runtime_error naming the
  /// joint if an expression cannot be evaluated (a variable that is not
  /// random, a NaN).
  VectorX<double> SampleRandomPositions(RandomGenerator* generator) const;
  /// @}

  /// @name Scalar conversion
  /// A copy of this joint for `tree_clone`, the copy of this joint's model
  /// on another scalar that already holds frames with the indices of this
  /// joint's frames: same name, model instance, frames (by index), kind
  /// constants (axis, pitch, X_FM), limits, default positions, damping and
  /// random distribution. Used by MultibodyTree::CloneToScalar().
  /// @{
  std::unique_ptr<Joint<double>> CloneToScalar(
      const internal::MultibodyTree<double>& tree_clone) const;
  std::unique_ptr<Joint<AutoDiffXd>> CloneToScalar(
      const internal::MultibodyTree<AutoDiffXd>& tree_clone) const;
  std::unique_ptr<Joint<symbolic::Expression>> CloneToScalar(
      const internal::MultibodyTree<symbolic::Expression>& tree_clone) const;
  /// @}

  /// After Finalize(): true if the tree uses this joint's mobilizer with the
  /// roles of F and M swapped (the child body is nearer the world).
  bool is_reversed() const;

  /// True if Finalize() added this joint (the QuaternionFloatingJoint of a
  /// body that had no inboard joint), false for the joints a user added.
  bool is_ephemeral() const { return is_ephemeral_; }

  /// The mobilizer kind the compiled core uses for this joint: always a
  /// forward kind (kWeld ... kQuaternionFloating); the tree substitutes the
  /// kReversed* kind itself when it uses the joint reversed.
  virtual internal::MobilizerKind kind() const = 0;

 protected:
  /// `damping`, the limits and `default_positions` must have the sizes
  /// num_velocities() / num_positions(); lower <= upper entrywise.
  Joint(const std::string& name, const Frame<T>& frame_on_parent,
        const Frame<T>& frame_on_child, int num_positions, int num_velocities,
        const VectorX<double>& damping, const VectorX<double>& pos_lower_limits,
        const VectorX<double>& pos_upper_limits,
        const VectorX<double>& vel_lower_limits,
        const VectorX<double>& vel_upper_limits,
        const VectorX<double>& acc_lower_limits,
        const VectorX<double>& acc_upper_limits);

  /// Each kind constructs a copy of itself on `tree_clone`'s frames with
  /// the same index as its own (the base class then copies the common
  /// properties).
  virtual std::unique_ptr<Joint<double>> DoCloneToScalar(
      const internal::MultibodyTree<double>& tree_clone) const = 0;
  virtual std::unique_ptr<Joint<AutoDiffXd>> DoCloneToScalar(
      const internal::MultibodyTree<AutoDiffXd>& tree_clone) const = 0;
  virtual std::unique_ptr<Joint<symbolic::Expression>> DoCloneToScalar(
      const internal::MultibodyTree<symbolic::Expression>& tree_clone)
      const = 0;

  /// Suffixes of the kind's coordinates (by default its mobilizer kind's
  /// names; `index` is in range).
  virtual std::string do_get_position_suffix(int index) const {
    return internal::MobilizerKindPositionSuffix(kind(), index);
  }
  virtual std::string do_get_velocity_suffix(int index) const {
    return internal::MobilizerKindVelocitySuffix(kind(), index);
  }
  /// Extra checks of default positions (called after the size check).
  virtual void DoCheckDefaultPositions(const VectorX<double>&) const {}

  /// Throws std::logic_error if the joint's tree is finalized.
  void ThrowIfFinalized(const char* method) const;
  /// SetDampingVector() with `method` naming the caller in its errors (the
  /// 1-dof kinds' SetDamping()).
  void SetDampingVectorImpl(const char* method, systems::Context<T>* context,
                            const VectorX<T>& damping) const;
  /// Helpers for the kinds: a vector of n copies of `value`.
  static VectorX<double> Constant(int n, double value) {
    return VectorX<double>::Constant(n, value);
  }
  static VectorX<double> Inf(int n) {
    return Constant(n, std::numeric_limits<double>::infinity());
  }
  VectorX<double>& mutable_default_positions() { return default_q_; }
  /// The current distribution of the positions, or, without one, the
  /// coordinates `zero` as constants: the start of a setter that sets only
  /// some coordinates (the others keep their distribution, else `zero`).
  VectorX<symbolic::Expression> RandomPositionsOr(
      const VectorX<double>& zero) const;

 private:
  template <typename>
  friend class internal::MultibodyTree;
  template <typename>
  friend class Joint;

  template <typename U>
  std::unique_ptr<Joint<U>> CloneToScalarImpl(
      const internal::MultibodyTree<U>& tree_clone) const;

  // The system owning this joint's tree (throws naming `method` if none).
  const internal::MultibodyTreeSystem<T>& tree_system_or_throw(
      const char* method) const;
  void CheckLimits(const char* method, const char* what, int expected_size,
                   const VectorX<double>& lower,
                   const VectorX<double>& upper) const;

  std::string name_;
  const Frame<T>* frame_on_parent_;
  const Frame<T>* frame_on_child_;
  int num_positions_;
  int num_velocities_;
  VectorX<double> damping_;
  VectorX<double> q_lower_, q_upper_, v_lower_, v_upper_, a_lower_, a_upper_;
  VectorX<double> default_q_;
  JointIndex index_;
  VectorX<symbolic::Expression> random_positions_;
  // The random variables of random_positions_, found once when it is set.
  symbolic::Variables random_variables_;
  bool has_random_positions_{false};
  // Set at Finalize().
  int position_start_{-1};
  int velocity_start_{-1};
  bool is_reversed_{false};
  bool is_ephemeral_{false};
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::Joint);
