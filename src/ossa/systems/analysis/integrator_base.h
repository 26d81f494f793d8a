#pragma once

/// @file
/// IntegratorBase<T>: the interface and the shared machinery of the numerical
/// integrators that advance the continuous state xc = [q; v; z] of a System
/// held in a Context: step-size limits, fixed-step and error-controlled
/// modes, the weighted error norm and the step-size controller, statistics.
///
/// Modes. In fixed-step mode every step has the maximum step size (the last
/// step before a target time may be up to 1% longer, "step stretching", or
/// shorter, to land on the target exactly). In error-controlled mode (only
/// for integrators that support error estimation) the integrator picks each
/// step h so that the weighted norm of its local error estimate stays within
/// the accuracy in use, growing and shrinking h as
///   h_new = 0.9 · h · (accuracy / ‖err‖)^(1/p),   p =
///   get_error_estimate_order(),
/// limited to [0.1·h, 5·h] and to the maximum step size. A step whose error
/// exceeds the accuracy is rejected and retried with the smaller h.
///
/// Error norm. ‖δx‖ = max(‖N·Wq·N⁺·δq‖∞, ‖Wv·δv‖∞, ‖Wz·δz‖∞): position changes
/// are mapped into velocity space with N⁺ (MapQDotToVelocity) so that, e.g.,
/// quaternion entries are weighted like angular velocities; Wq = Wv are the
/// generalized-state weights (ones unless changed) and Wz the weights of z.
///
/// Times are exact: a step that is meant to reach a target time (a publish,
/// update or boundary time) ends with the Context time set to that target,
/// bit for bit, so events scheduled at that time fire there.

#include <cstdint>
#include <limits>
#include <memory>
#include <utility>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/systems/framework/basic_vector.h"
#include "ossa/systems/framework/context.h"
#include "ossa/systems/framework/continuous_state.h"
#include "ossa/systems/framework/system.h"

namespace ossa::trajectories {
template <typename T>
class PiecewisePolynomial;
}  // namespace ossa::trajectories

namespace ossa::systems {

template <typename T>
class IntegratorBase {
 public:
  IntegratorBase(const IntegratorBase&) = delete;
  IntegratorBase& operator=(const IntegratorBase&) = delete;
  virtual ~IntegratorBase();

  /// Why IntegrateNoFurtherThanTime() returned.
  enum StepResult {
    kReachedPublishTime = 1,
    kReachedZeroCrossing = 2,
    kReachedUpdateTime = 3,
    kTimeHasAdvanced = 4,
    kReachedBoundaryTime = 5,
    kReachedStepLimit = 6,
  };

  /// @name Accuracy
  ///@{
  /// True if this integrator computes a local error estimate (and so can run
  /// in error-controlled mode).
  virtual bool supports_error_estimation() const = 0;
  /// The order p of the local error estimate: ‖err‖ = O(hᵖ).
  virtual int get_error_estimate_order() const = 0;
  /// Requests the accuracy (a bound on the weighted norm of the local error
  /// per step) for error-controlled integration. Throws std::logic_error if
  /// the integrator does not support error estimation or accuracy ≤ 0.
  void set_target_accuracy(double accuracy);
  /// The requested accuracy (NaN if none was requested).
  double get_target_accuracy() const { return target_accuracy_; }
  /// The accuracy actually used (the request, or the integrator's default,
  /// clamped to its loosest); valid after Initialize().
  double get_accuracy_in_use() const { return accuracy_in_use_; }
  ///@}

  /// @name Step sizes
  ///@{
  /// The largest step (and the step of fixed-step mode). Throws
  /// std::logic_error unless max_step_size > 0.
  void set_maximum_step_size(const T& max_step_size);
  const T& get_maximum_step_size() const { return max_step_size_; }
  /// The smallest step error control may choose (default 0). Throws
  /// std::logic_error if negative.
  void set_requested_minimum_step_size(const T& min_step_size);
  const T& get_requested_minimum_step_size() const {
    return req_min_step_size_;
  }
  /// If true (the default), error control that wants a step below the
  /// working minimum throws std::runtime_error; if false it takes the
  /// minimum step and accepts its error.
  void set_throw_on_minimum_step_size_violation(bool throws) {
    min_step_exceeded_throws_ = throws;
  }
  bool get_throw_on_minimum_step_size_violation() const {
    return min_step_exceeded_throws_;
  }
  /// max(requested minimum, 1e-14·max(1, |t|)): below that a step would not
  /// change the time.
  T get_working_minimum_step_size() const;
  /// The first step error control tries after construction or Reset()
  /// (Initialize() takes a tenth of the maximum step size when none is
  /// requested). Throws std::logic_error unless > 0.
  void request_initial_step_size_target(const T& step_size);
  const T& get_initial_step_size_target() const {
    return req_initial_step_size_;
  }
  /// Fixed-step mode on or off. Turning it off throws std::logic_error if
  /// the integrator does not support error estimation.
  void set_fixed_step_mode(bool flag);
  bool get_fixed_step_mode() const { return fixed_step_mode_; }
  /// The factor by which the last step before a target may exceed the
  /// maximum step size so as not to leave a tiny step behind (1.01).
  double get_stretch_factor() const { return 1.01; }
  ///@}

  /// @name Lifecycle
  ///@{
  /// Checks the settings, sizes the workspaces for the Context's state and
  /// resets the statistics. Must be called before integrating (again after
  /// any change of settings, Context or state size). Throws
  /// std::logic_error if no Context is set, if min > max step size, if the
  /// initial step target is outside [min, max], if a weight is negative, or
  /// if fixed-step mode has no maximum step size. Error control continues
  /// from the step it last chose (get_ideal_next_step_size()): only the first
  /// Initialize() after construction or Reset() starts from the initial step
  /// target, so a simulator restarted from a new state keeps its step size.
  void Initialize();
  bool is_initialized() const { return initialization_done_; }
  /// Forgets the step sizes (maximum, minimum, the step history), the
  /// weights and the statistics; keeps the initial step target and the
  /// target accuracy.
  void Reset();
  ///@}

  /// @name Integration
  ///@{
  /// Advances the Context by one step (possibly several rejected attempts in
  /// error-controlled mode) no further than the earliest of the three times,
  /// and returns which one was reached, or kTimeHasAdvanced if none. A system
  /// without continuous state jumps straight to that time. Throws
  /// std::logic_error if not initialized or a time is before the current
  /// time; std::runtime_error if a fixed step fails or error control would
  /// need a step below the minimum (see
  /// set_throw_on_minimum_step_size_violation()).
  StepResult IntegrateNoFurtherThanTime(const T& publish_time,
                                        const T& update_time,
                                        const T& boundary_time);
  /// Steps until the Context time equals t_final (exactly).
  void IntegrateWithMultipleStepsToTime(const T& t_final);
  /// One step straight to t_target, ignoring the maximum step size and error
  /// control. Returns false (with the Context restored) if the step failed
  /// (an implicit solve that did not converge). Throws std::logic_error if
  /// not initialized or t_target is before the current time.
  [[nodiscard]] bool IntegrateWithSingleFixedStepToTime(const T& t_target);
  ///@}

  /// @name Statistics (reset by Initialize() and ResetStatistics())
  ///@{
  void ResetStatistics();
  int64_t get_num_steps_taken() const { return num_steps_taken_; }
  int64_t get_num_derivative_evaluations() const {
    return num_derivative_evaluations_;
  }
  int64_t get_num_substep_failures() const { return num_substep_failures_; }
  int64_t get_num_step_shrinkages_from_substep_failures() const {
    return num_shrinkages_from_substep_failures_;
  }
  int64_t get_num_step_shrinkages_from_error_control() const {
    return num_shrinkages_from_error_control_;
  }
  const T& get_actual_initial_step_size_taken() const {
    return actual_initial_step_size_taken_;
  }
  const T& get_smallest_adapted_step_size_taken() const {
    return smallest_adapted_step_size_taken_;
  }
  const T& get_largest_step_size_taken() const {
    return largest_step_size_taken_;
  }
  const T& get_previous_integration_step_size() const {
    return prev_step_size_;
  }
  /// The step error control will try next (NaN before the first step).
  const T& get_ideal_next_step_size() const { return ideal_next_step_size_; }
  ///@}

  /// @name Dense output
  /// While dense integration is on, every accepted step [t0, t1] appends to
  /// the dense output the cubic Hermite segment through the continuous
  /// state and its time derivative at t0 and t1 (x(t0), ẋ(t0), x(t1),
  /// ẋ(t1)), a C¹ interpolant of the steps with the integrator's states at
  /// the breaks.
  ///@{
  /// Starts a new (empty) dense output. Throws std::logic_error if the
  /// integrator is not initialized, the system has no continuous state, or
  /// dense integration is already on.
  void StartDenseIntegration();
  /// The dense output so far (nullptr when dense integration is off).
  const trajectories::PiecewisePolynomial<T>* get_dense_output() const {
    return dense_output_.get();
  }
  /// Stops dense integration and hands over its output. Throws
  /// std::logic_error if dense integration is off.
  std::unique_ptr<trajectories::PiecewisePolynomial<T>> StopDenseIntegration();
  ///@}

  /// @name Context and system
  ///@{
  const Context<T>& get_context() const;
  Context<T>* get_mutable_context() { return context_; }
  /// Replaces the Context (nullptr allowed); the integrator must be
  /// initialized again before use.
  void reset_context(Context<T>* context);
  const System<T>& get_system() const { return system_; }
  ///@}

  /// @name Error estimate and weights
  ///@{
  /// The error estimate of the last step (nullptr if not supported or not
  /// initialized).
  const ContinuousState<T>* get_error_estimate() const {
    return err_est_.get();
  }
  /// Wq = Wv, one weight per generalized velocity (ones by default).
  const Eigen::VectorXd& get_generalized_state_weight_vector() const {
    return qbar_weight_;
  }
  Eigen::VectorBlock<Eigen::VectorXd>
  get_mutable_generalized_state_weight_vector();
  /// Wz, one weight per miscellaneous state (ones by default).
  const Eigen::VectorXd& get_misc_state_weight_vector() const {
    return z_weight_;
  }
  Eigen::VectorBlock<Eigen::VectorXd> get_mutable_misc_state_weight_vector();
  /// The weighted infinity norm of a state change (see the file comment);
  /// NaN if any part is NaN.
  T CalcStateChangeNorm(const ContinuousState<T>& dx_state) const;
  /// The step-size controller: given the error norm of a step of size
  /// `step_taken`, returns (accept?, next step size). Exposed for tests.
  std::pair<bool, T> CalcAdjustedStepSize(const T& err, const T& step_taken,
                                          bool* at_minimum_step_size) const;
  ///@}

 protected:
  /// `context` may be null (set it later with reset_context()).
  explicit IntegratorBase(const System<T>& system,
                          Context<T>* context = nullptr);
  /// A fixed-step method (no error estimate) taking steps of
  /// `fixed_step_size`; throws std::logic_error unless it is > 0.
  IntegratorBase(const System<T>& system, const T& fixed_step_size,
                 Context<T>* context);

  /// Advances the Context from (t0, x0) to (t0 + h, x1); in error-estimating
  /// integrators also fills get_mutable_error_estimate(). Returns false if the
  /// step could not be taken (the base class then restores the Context).
  virtual bool DoStep(const T& h) = 0;
  /// Sizes workspaces; called at the end of Initialize().
  virtual void DoInitialize() {}
  virtual void DoReset() {}
  virtual void DoResetStatistics() {}
  /// The default accuracy and the loosest accuracy this integrator accepts.
  virtual double default_accuracy() const { return 1e-3; }
  virtual double loosest_accuracy() const { return 1e-1; }

  /// ẋc at the Context's current time and state (cached by the System); each
  /// call counts as a derivative evaluation.
  const VectorBase<T>& EvalTimeDerivatives();
  /// Same, at another Context (for Jacobians on a scratch Context).
  const VectorBase<T>& EvalTimeDerivatives(const Context<T>& context);
  /// Sets the Context's time and continuous state.
  void SetTimeAndState(const T& t, const Eigen::Ref<const VectorX<T>>& x);
  /// Sets only the continuous state.
  void SetState(const Eigen::Ref<const VectorX<T>>& x);
  ContinuousState<T>* get_mutable_error_estimate() { return err_est_.get(); }
  /// Counts derivative evaluations done outside EvalTimeDerivatives().
  void add_derivative_evaluations(int64_t n) {
    num_derivative_evaluations_ += n;
  }
  /// The current continuous state, copied into the preallocated x0 buffer.
  const VectorX<T>& SaveStartState();
  /// The state at the start of the step in progress.
  const VectorX<T>& start_state() const { return x0_; }
  const T& start_time() const { return t0_; }

 private:
  bool Step(const T& h, const T& t_final);
  // Error-controlled stepping: takes one accepted step of at most max_h;
  // returns the size taken.
  T StepErrorControlled(const T& max_h, const T& t_target);
  void RestoreStartState();
  void UpdateStepStatistics(const T& h);
  // Appends the accepted step [t0_, now] to the dense output.
  void UpdateDenseOutput();
  void CheckInitialized(const char* method) const;

  const System<T>& system_;
  Context<T>* context_{nullptr};
  std::unique_ptr<ContinuousState<T>> err_est_;

  double target_accuracy_{std::numeric_limits<double>::quiet_NaN()};
  double accuracy_in_use_{std::numeric_limits<double>::quiet_NaN()};
  T max_step_size_{std::numeric_limits<double>::quiet_NaN()};
  T req_min_step_size_{0.0};
  T req_initial_step_size_{std::numeric_limits<double>::quiet_NaN()};
  bool min_step_exceeded_throws_{true};
  bool fixed_step_mode_{false};
  bool initialization_done_{false};

  Eigen::VectorXd qbar_weight_, z_weight_;
  // Workspaces of the error norm (mutable: the norm is a const query).
  mutable std::unique_ptr<BasicVector<T>> pinvN_dq_change_;
  mutable std::unique_ptr<BasicVector<T>> weighted_q_change_;
  mutable VectorX<T> scratch_;

  // Throws std::runtime_error naming the first NaN or infinite entry of the
  // state saved by SaveStartState(), if any.
  void ThrowIfStartStateIsNotFinite() const;
  VectorX<T> x0_;
  T t0_{0.0};

  std::unique_ptr<trajectories::PiecewisePolynomial<T>> dense_output_;
  // ẋ at the start of the step in progress (dense integration only).
  VectorX<T> xdot0_;

  int64_t num_steps_taken_{0};
  int64_t num_derivative_evaluations_{0};
  int64_t num_substep_failures_{0};
  int64_t num_shrinkages_from_substep_failures_{0};
  int64_t num_shrinkages_from_error_control_{0};
  T actual_initial_step_size_taken_{std::numeric_limits<double>::quiet_NaN()};
  T smallest_adapted_step_size_taken_{std::numeric_limits<double>::quiet_NaN()};
  T largest_step_size_taken_{std::numeric_limits<double>::quiet_NaN()};
  T prev_step_size_{std::numeric_limits<double>::quiet_NaN()};
  T ideal_next_step_size_{std::numeric_limits<double>::quiet_NaN()};
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::IntegratorBase);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::IntegratorBase);
