#pragma once

/// @file
/// RigidBody<T> (alias Body<T>) and its body frame RigidBodyFrame<T> (alias
/// BodyFrame<T>).

#include <string>

#include "ossa/common/default_scalars.h"
#include "ossa/multibody/math/spatial_force.h"
#include "ossa/multibody/math/spatial_inertia.h"
#include "ossa/multibody/tree/frame.h"

namespace ossa::multibody {

/// The frame B of a rigid body: its origin Bo and axes are those in which
/// the body's spatial inertia M_BBo_B is given. Created by the body itself;
/// named and placed in the model instance of its body.
template <typename T>
class RigidBodyFrame final : public Frame<T> {
 public:
  ~RigidBodyFrame() override;
  bool is_body_frame() const override { return true; }
  /// The identity: the body frame is its own body's frame.
  math::RigidTransform<double> GetFixedPoseInBodyFrame() const override;

 private:
  template <typename>
  friend class RigidBody;
  explicit RigidBodyFrame(const RigidBody<T>& body);
};

template <typename T>
using BodyFrame = RigidBodyFrame<T>;

/// A rigid body B: a name, a model instance, a body frame B and a default
/// spatial inertia M_BBo_B (mass m, center of mass p_BoBcm_B, rotational
/// inertia I_BBo_B about Bo, all expressed in B; SI units kg, m, kg·m²).
/// The default values are those a new Context starts with.
template <typename T>
class RigidBody final : public MultibodyElement<T> {
 public:
  /// A body in the default model instance; M_BBo_B defaults to zero (a
  /// massless body, allowed as long as the dynamics stay well posed).
  explicit RigidBody(
      const std::string& body_name,
      const SpatialInertia<double>& M_BBo_B = SpatialInertia<double>::Zero());
  /// A body in `model_instance`.
  RigidBody(
      const std::string& body_name, ModelInstanceIndex model_instance,
      const SpatialInertia<double>& M_BBo_B = SpatialInertia<double>::Zero());
  ~RigidBody() override;

  const std::string& name() const { return name_; }

  /// "<model instance name>::<body name>" once in a tree.
  std::string scoped_name() const;

  /// The body's index; throws std::logic_error if not in a tree yet.
  BodyIndex index() const;

  /// The body frame B.
  const RigidBodyFrame<T>& body_frame() const { return body_frame_; }

  /// True for the world body (index 0).
  bool is_world() const { return index_ == world_index(); }

  /// Default mass m (kg).
  double default_mass() const { return M_BBo_B_.get_mass(); }
  /// Default position p_BoBcm_B of the center of mass (m).
  Vector3<double> default_com() const { return M_BBo_B_.get_com(); }
  /// Default rotational inertia I_BBo_B about Bo, expressed in B (kg·m²).
  RotationalInertia<double> default_rotational_inertia() const {
    return M_BBo_B_.CalcRotationalInertia();
  }
  /// Default spatial inertia M_BBo_B.
  const SpatialInertia<double>& default_spatial_inertia() const {
    return M_BBo_B_;
  }

  /// @name Mass properties in a Context
  /// A Context holds the body's mass m, center of mass p_BoBcm_B and unit
  /// inertia G_BBo_B (about Bo, expressed in B) as parameters, starting from
  /// the defaults above; everything computed from that Context (mass matrix,
  /// dynamics, center of mass, momentum, the discrete step) uses them, a
  /// body welded to others included (its share of their composite). Each
  /// setter changes one value and keeps the others: SetMass() scales
  /// I_BBo_B = m·G_BBo_B with m, SetCenterOfMassInBodyFrame() keeps G_BBo_B
  /// (so the inertia about Bo, not the central one, is unchanged). The
  /// defaults stay as they are. Each throws std::logic_error if the body is
  /// not in a finalized model owned by a system (a MultibodyPlant), or the
  /// context is null or another system's.
  /// @{
  /// The mass m (kg) in `context`.
  const T& get_mass(const systems::Context<T>& context) const;
  /// p_BoBcm_B (m) in `context`.
  Vector3<T> CalcCenterOfMassInBodyFrame(
      const systems::Context<T>& context) const;
  /// M_BBo_B in `context` (made without a validity check: the values were
  /// checked when they were set).
  SpatialInertia<T> CalcSpatialInertiaInBodyFrame(
      const systems::Context<T>& context) const;
  /// Sets m in `context`. Also throws if `mass` is negative or NaN (checked
  /// where T's comparisons give a boolean).
  void SetMass(systems::Context<T>* context, const T& mass) const;
  /// Sets p_BoBcm_B in `context`. Also throws if an entry is NaN.
  void SetCenterOfMassInBodyFrame(
      systems::Context<T>* context,
      const Vector3<T>& center_of_mass_position) const;
  /// Sets m, p_BoBcm_B and G_BBo_B from M_Bo_B, the spatial inertia about Bo
  /// expressed in B.
  void SetSpatialInertiaInBodyFrame(systems::Context<T>* context,
                                    const SpatialInertia<T>& M_Bo_B) const;
  /// @}

  /// @name Kinematics in a Context (see Frame's; throw std::logic_error
  /// for a body of a model without a Context)
  /// @{
  /// X_WB (cached).
  const math::RigidTransform<T>& EvalPoseInWorld(
      const systems::Context<T>& context) const;
  /// V_WB_W at Bo (cached).
  const SpatialVelocity<T>& EvalSpatialVelocityInWorld(
      const systems::Context<T>& context) const;
  /// A_WB_W at Bo from the model's forward dynamics (MultibodyPlant).
  const SpatialAcceleration<T>& EvalSpatialAccelerationInWorld(
      const systems::Context<T>& context) const;
  /// @}

  /// Topology facts, valid after Finalize() (they throw std::logic_error
  /// before):
  /// True if the body had no inboard joint and Finalize() gave it a
  /// QuaternionFloatingJoint to the world (Joint::is_ephemeral()). As in the
  /// reference, a floating joint the user added does not make its child a
  /// floating base body (it still makes it a free body for the plant's
  /// free-body methods).
  bool is_floating_base_body() const;
  /// Old name of is_floating_base_body().
  bool is_floating() const { return is_floating_base_body(); }
  /// True if the inboard mobilizer has a quaternion in q
  /// (QuaternionFloatingJoint).
  bool has_quaternion_dofs() const;
  /// For a floating base body, the index in q of its first coordinate.
  int floating_positions_start() const;
  /// For a floating base body, the index in v of its first velocity.
  int floating_velocities_start_in_v() const;
  /// The body's depth in the tree: 0 for the world, 1 for bodies whose
  /// inboard joint connects to the world, ...
  int get_level() const;

  /// @name Applied forces
  /// Each throws std::logic_error if `forces` is null (or not sized for
  /// this body's model), or the model is not finalized or has no Context.
  /// @{
  /// Adds F_Bo_W, a spatial force on this body B at its origin Bo expressed
  /// in the world, to `forces`.
  void AddInForceInWorld(const systems::Context<T>& context,
                         const SpatialForce<T>& F_Bo_W,
                         MultibodyForces<T>* forces) const;
  /// Adds F_Bp_E, a spatial force on B applied at the point P of B with
  /// position p_BP_E from Bo, both expressed in `frame_E`, to `forces` (as
  /// the equivalent force at Bo in W: F_Bo_W = R_WE·F_Bp_E shifted by
  /// −R_WE·p_BP_E).
  void AddInForce(const systems::Context<T>& context, const Vector3<T>& p_BP_E,
                  const SpatialForce<T>& F_Bp_E, const Frame<T>& frame_E,
                  MultibodyForces<T>* forces) const;
  /// The spatial force F_Bo_W on this body stored in `forces`.
  const SpatialForce<T>& GetForceInWorld(
      const systems::Context<T>& context,
      const MultibodyForces<T>& forces) const;
  /// @}

 private:
  void ThrowIfBadForces(const char* method,
                        const MultibodyForces<T>* forces) const;

  template <typename>
  friend class internal::MultibodyTree;

  void ThrowIfNotFinalized(const char* method) const;

  std::string name_;
  BodyIndex index_;
  RigidBodyFrame<T> body_frame_;
  SpatialInertia<double> M_BBo_B_;
};

template <typename T>
using Body = RigidBody<T>;

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::RigidBodyFrame);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::RigidBody);
