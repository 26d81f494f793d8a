#pragma once

/// @file
/// PidController<T>: a PID controller on n controlled generalized positions.
///
/// With the estimated state x (any size), the state projection P_x (2n × |x|)
/// picks the controlled [q; v] = P_x·x; with the desired state x_d = [q_d; v_d]
/// (size 2n) and the output projection P_y (m × n), the control is
///   u = P_y·(kp ⊙ (q_d − q) + ki ⊙ ∫(q_d − q) dt + kd ⊙ (v_d − v)).
/// The integral of the position error is the continuous state (size n,
/// zero by default); its time derivative is q_d − q.
///
/// Ports: inputs "estimated_state" (|x|) and "desired_state" (2n), output
/// "control" (m). Both inputs feed the output directly.

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems::controllers {

template <typename T>
class PidController final : public LeafSystem<T> {
 public:
  /// P_x = I (2n × 2n), P_y = I (n × n). Throws std::logic_error if the gain
  /// vectors differ in size or are empty.
  PidController(const Eigen::VectorXd& kp, const Eigen::VectorXd& ki,
                const Eigen::VectorXd& kd);
  /// With a state projection (2n × |x|); P_y = I.
  PidController(const Eigen::MatrixXd& state_projection,
                const Eigen::VectorXd& kp, const Eigen::VectorXd& ki,
                const Eigen::VectorXd& kd);
  /// With state and output projections. Throws std::logic_error if
  /// state_projection does not have 2n rows or output_projection n columns.
  PidController(const Eigen::MatrixXd& state_projection,
                const Eigen::MatrixXd& output_projection,
                const Eigen::VectorXd& kp, const Eigen::VectorXd& ki,
                const Eigen::VectorXd& kd);
  template <typename U>
  explicit PidController(const PidController<U>& other)
      : PidController(other.get_state_projection(),
                      other.get_output_projection(), other.get_Kp_vector(),
                      other.get_Ki_vector(), other.get_Kd_vector()) {}

  const Eigen::VectorXd& get_Kp_vector() const { return kp_; }
  const Eigen::VectorXd& get_Ki_vector() const { return ki_; }
  const Eigen::VectorXd& get_Kd_vector() const { return kd_; }
  /// The gain of a single-position controller; throws if n ≠ 1.
  double get_Kp_singleton() const;
  double get_Ki_singleton() const;
  double get_Kd_singleton() const;
  const Eigen::MatrixXd& get_state_projection() const {
    return state_projection_;
  }
  const Eigen::MatrixXd& get_output_projection() const {
    return output_projection_;
  }

  const InputPort<T>& get_input_port_estimated_state() const {
    return System<T>::get_input_port(input_index_state_);
  }
  const InputPort<T>& get_input_port_desired_state() const {
    return System<T>::get_input_port(input_index_desired_state_);
  }
  const OutputPort<T>& get_output_port_control() const {
    return System<T>::get_output_port(output_index_control_);
  }

  /// Sets ∫(q_d − q) dt in `context`; throws if the size is not n.
  void set_integral_value(Context<T>* context,
                          const Eigen::Ref<const VectorX<T>>& value) const;

 private:
  void DoCalcTimeDerivatives(const Context<T>& context,
                             ContinuousState<T>* derivatives) const final;
  void CalcControl(const Context<T>& context, BasicVector<T>* control) const;
  // The controlled error [q_d − q; v_d − v].
  VectorX<T> CalcError(const Context<T>& context) const;
  double Singleton(const Eigen::VectorXd& k, const char* method) const;

  Eigen::VectorXd kp_, ki_, kd_;
  int num_controlled_q_{0};
  int num_full_state_{0};
  Eigen::MatrixXd state_projection_, output_projection_;
  int input_index_state_{-1};
  int input_index_desired_state_{-1};
  int output_index_control_{-1};
};

}  // namespace ossa::systems::controllers

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::controllers::PidController);
