#pragma once

/// @file
/// JointActuator<T>: an actuator applying a generalized force along the
/// single degree of freedom of a joint; PdControllerGains.

#include <limits>
#include <optional>
#include <string>

#include "ossa/common/default_scalars.h"
#include "ossa/multibody/tree/joint.h"

namespace ossa::multibody {

/// Gains of the implicit PD controller an actuator may have:
/// u = -p·(q - q_d) - d·(v - v_d), with p, d ≥ 0.
struct PdControllerGains {
  double p{0};
  double d{0};
};

/// An actuator on a 1-dof joint. Its input u (N·m or N) is added to the
/// joint's generalized force, clamped to ±effort_limit() by the plant. The
/// motor's rotor inertia I_r and gear ratio ρ add the reflected inertia
/// ρ²·I_r to the diagonal of the mass matrix entry of the joint's velocity.
template <typename T>
class JointActuator final : public MultibodyElement<T> {
 public:
  /// Throws std::logic_error if effort_limit is not strictly positive, or
  /// if the joint does not have exactly one degree of freedom.
  JointActuator(const std::string& name, const Joint<T>& joint,
                double effort_limit = std::numeric_limits<double>::infinity());
  ~JointActuator() override;

  const std::string& name() const { return name_; }
  /// The actuator's index; throws std::logic_error if not in a tree yet.
  JointActuatorIndex index() const;
  /// The actuated joint.
  const Joint<T>& joint() const { return *joint_; }

  /// The effort limit (> 0; +∞ means none).
  double effort_limit() const { return effort_limit_; }
  void set_effort_limit(double effort_limit);

  /// Rotor inertia I_r (kg·m²) and gear ratio ρ (dimensionless); both
  /// default to 0 (no reflected inertia) and 1.
  double default_rotor_inertia() const { return rotor_inertia_; }
  double default_gear_ratio() const { return gear_ratio_; }
  /// Throw std::logic_error if the rotor inertia is negative or the gear
  /// ratio not finite. After Finalize() the new defaults apply to the
  /// Contexts created (or set to defaults) afterwards, as the reference's do.
  void set_default_rotor_inertia(double rotor_inertia);
  void set_default_gear_ratio(double gear_ratio);
  /// ρ²·I_r.
  double default_reflected_inertia() const {
    return gear_ratio_ * gear_ratio_ * rotor_inertia_;
  }

  /// @name Rotor inertia and gear ratio in a Context
  /// A Context holds I_r and ρ as parameters, starting from the defaults;
  /// the mass matrix and the dynamics computed from that Context add its
  /// reflected inertia ρ²·I_r on the joint's velocity. Each throws
  /// std::logic_error if the actuator is not in a finalized model owned by
  /// a system (a MultibodyPlant), or the context is null or another
  /// system's.
  /// @{
  /// I_r in `context`.
  const T& rotor_inertia(const systems::Context<T>& context) const;
  /// ρ in `context`.
  const T& gear_ratio(const systems::Context<T>& context) const;
  /// ρ²·I_r in `context`.
  T calc_reflected_inertia(const systems::Context<T>& context) const;
  /// Sets I_r in `context`. Also throws if it is negative or NaN (checked
  /// where T's comparisons give a boolean).
  void SetRotorInertia(systems::Context<T>* context,
                       const T& rotor_inertia) const;
  /// Sets ρ in `context`. Also throws if it is not finite.
  void SetGearRatio(systems::Context<T>* context, const T& gear_ratio) const;
  /// @}

  /// PD gains; throws std::logic_error unless p > 0 and d >= 0.
  void set_controller_gains(PdControllerGains gains);
  bool has_controller() const { return gains_.has_value(); }
  /// Throws std::logic_error if there are no gains.
  const PdControllerGains& get_controller_gains() const;

  /// The number of inputs: the joint's num_velocities() (1).
  int num_inputs() const { return joint_->num_velocities(); }
  /// Where this actuator's inputs start in the model's actuation vector u
  /// (ordered by JointActuatorIndex); valid after Finalize().
  int input_start() const;

 private:
  template <typename>
  friend class internal::MultibodyTree;

  // The system owning this actuator's finalized model (throws naming
  // `method` otherwise).
  const internal::MultibodyTreeSystem<T>& ContextSystem(
      const char* method) const;
  // Writes I_r and ρ into `context` and the reflected inertia of the
  // joint's velocity, Σ ρ²·I_r over the actuators of that joint, into the
  // kernels' parameters.
  void SetRotorParameters(const char* method, systems::Context<T>* context,
                          const T& rotor_inertia, const T& gear_ratio) const;

  std::string name_;
  const Joint<T>* joint_;
  double effort_limit_;
  double rotor_inertia_{0};
  double gear_ratio_{1};
  std::optional<PdControllerGains> gains_;
  JointActuatorIndex index_;
  int input_start_{-1};
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::JointActuator);
