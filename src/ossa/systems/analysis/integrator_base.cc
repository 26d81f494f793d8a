#include "ossa/systems/analysis/integrator_base.h"

#include <algorithm>
#include <cmath>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/common/trajectories/piecewise_polynomial.h"

namespace ossa::systems {
namespace {

template <typename T>
bool IsNaN(const T& x) {
  return std::isnan(ExtractDoubleOrThrow(x));
}

template <typename T>
double D(const T& x) {
  return ExtractDoubleOrThrow(x);
}

}  // namespace

template <typename T>
IntegratorBase<T>::IntegratorBase(const System<T>& system, Context<T>* context)
    : system_(system), context_(context) {}

template <typename T>
IntegratorBase<T>::IntegratorBase(const System<T>& system,
                                  const T& fixed_step_size, Context<T>* context)
    : IntegratorBase(system, context) {
  set_maximum_step_size(fixed_step_size);
  set_fixed_step_mode(true);
}

template <typename T>
IntegratorBase<T>::~IntegratorBase() = default;

template <typename T>
void IntegratorBase<T>::set_target_accuracy(double accuracy) {
  if (!supports_error_estimation()) {
    ThrowLogicError(
        "IntegratorBase::set_target_accuracy(): this integrator does not "
        "support error estimation, so it cannot control its accuracy.");
  }
  if (!(accuracy > 0.0)) {
    ThrowLogicError(
        "IntegratorBase::set_target_accuracy(): accuracy must be positive, "
        "got {}.",
        accuracy);
  }
  target_accuracy_ = accuracy;
  accuracy_in_use_ = accuracy;
}

template <typename T>
void IntegratorBase<T>::set_maximum_step_size(const T& max_step_size) {
  if (!(D(max_step_size) > 0.0)) {
    ThrowLogicError(
        "IntegratorBase::set_maximum_step_size(): the maximum step size must "
        "be positive, got {}.",
        D(max_step_size));
  }
  max_step_size_ = max_step_size;
}

template <typename T>
void IntegratorBase<T>::set_requested_minimum_step_size(
    const T& min_step_size) {
  if (!(D(min_step_size) >= 0.0)) {
    ThrowLogicError(
        "IntegratorBase::set_requested_minimum_step_size(): the minimum step "
        "size must be non-negative, got {}.",
        D(min_step_size));
  }
  req_min_step_size_ = min_step_size;
}

template <typename T>
T IntegratorBase<T>::get_working_minimum_step_size() const {
  using std::abs;
  using std::max;
  // Below ~1e-14 relative to the time a step cannot change t in double.
  const double t = context_ ? std::abs(D(context_->get_time())) : 0.0;
  const double floor = 1e-14 * std::max(1.0, t);
  return D(req_min_step_size_) > floor ? req_min_step_size_ : T(floor);
}

template <typename T>
void IntegratorBase<T>::request_initial_step_size_target(const T& step_size) {
  if (!(D(step_size) > 0.0)) {
    ThrowLogicError(
        "IntegratorBase::request_initial_step_size_target(): the step size "
        "must be positive, got {}.",
        D(step_size));
  }
  req_initial_step_size_ = step_size;
}

template <typename T>
void IntegratorBase<T>::set_fixed_step_mode(bool flag) {
  if (!flag && !supports_error_estimation()) {
    ThrowLogicError(
        "IntegratorBase::set_fixed_step_mode(false): this integrator does not "
        "support error estimation, so it can only run in fixed-step mode.");
  }
  fixed_step_mode_ = flag;
}

template <typename T>
const Context<T>& IntegratorBase<T>::get_context() const {
  if (context_ == nullptr) {
    ThrowLogicError("IntegratorBase::get_context(): no Context has been set.");
  }
  return *context_;
}

template <typename T>
void IntegratorBase<T>::reset_context(Context<T>* context) {
  context_ = context;
  initialization_done_ = false;
}

template <typename T>
Eigen::VectorBlock<Eigen::VectorXd>
IntegratorBase<T>::get_mutable_generalized_state_weight_vector() {
  return qbar_weight_.head(qbar_weight_.size());
}

template <typename T>
Eigen::VectorBlock<Eigen::VectorXd>
IntegratorBase<T>::get_mutable_misc_state_weight_vector() {
  return z_weight_.head(z_weight_.size());
}

template <typename T>
void IntegratorBase<T>::Initialize() {
  if (context_ == nullptr) {
    ThrowLogicError(
        "IntegratorBase::Initialize(): no Context has been set; pass one to "
        "the constructor or call reset_context().");
  }
  const bool max_set = !IsNaN(max_step_size_);
  const bool init_set = !IsNaN(req_initial_step_size_);
  if (max_set && max_step_size_ < req_min_step_size_) {
    ThrowLogicError(
        "IntegratorBase::Initialize(): the maximum step size {} is less than "
        "the requested minimum step size {}.",
        D(max_step_size_), D(req_min_step_size_));
  }
  if (init_set && max_set && req_initial_step_size_ > max_step_size_) {
    ThrowLogicError(
        "IntegratorBase::Initialize(): the requested initial step size {} is "
        "larger than the maximum step size {}.",
        D(req_initial_step_size_), D(max_step_size_));
  }
  if (init_set && req_initial_step_size_ < req_min_step_size_) {
    ThrowLogicError(
        "IntegratorBase::Initialize(): the requested initial step size {} is "
        "smaller than the minimum step size {}.",
        D(req_initial_step_size_), D(req_min_step_size_));
  }
  if (fixed_step_mode_ && !max_set) {
    ThrowLogicError(
        "IntegratorBase::Initialize(): fixed-step mode needs a maximum step "
        "size; call set_maximum_step_size().");
  }
  if (!fixed_step_mode_ && !max_set && !init_set) {
    ThrowLogicError(
        "IntegratorBase::Initialize(): neither the initial step size target "
        "nor the maximum step size has been set.");
  }

  const ContinuousState<T>& xc = context_->get_continuous_state();
  const int nv = xc.num_v(), nz = xc.num_z();
  if (qbar_weight_.size() != nv) qbar_weight_.setOnes(nv);
  if (z_weight_.size() != nz) z_weight_.setOnes(nz);
  if ((nv > 0 && qbar_weight_.minCoeff() < 0) ||
      (nz > 0 && z_weight_.minCoeff() < 0)) {
    ThrowLogicError(
        "IntegratorBase::Initialize(): a state weight is negative; weights "
        "must be non-negative.");
  }
  if (supports_error_estimation()) {
    err_est_ = system_.AllocateTimeDerivatives();
    pinvN_dq_change_ = std::make_unique<BasicVector<T>>(nv);
    weighted_q_change_ = std::make_unique<BasicVector<T>>(xc.num_q());
    // Accuracy: the request, else the Context's, else this integrator's
    // default; never looser than the loosest it supports.
    double accuracy = target_accuracy_;
    if (std::isnan(accuracy) && context_->get_accuracy().has_value()) {
      accuracy = *context_->get_accuracy();
    }
    if (std::isnan(accuracy)) accuracy = default_accuracy();
    accuracy_in_use_ = std::min(accuracy, loosest_accuracy());
    if (!init_set) {
      // A cautious first step: a tenth of the maximum.
      req_initial_step_size_ = max_step_size_ * 0.1;
    }
  } else {
    err_est_.reset();
  }
  x0_.resize(xc.size());
  ResetStatistics();
  DoInitialize();
  initialization_done_ = true;
}

template <typename T>
void IntegratorBase<T>::Reset() {
  accuracy_in_use_ = std::numeric_limits<double>::quiet_NaN();
  max_step_size_ = std::numeric_limits<double>::quiet_NaN();
  req_min_step_size_ = 0.0;
  ideal_next_step_size_ = std::numeric_limits<double>::quiet_NaN();
  min_step_exceeded_throws_ = true;
  qbar_weight_.resize(0);
  z_weight_.resize(0);
  err_est_.reset();
  initialization_done_ = false;
  ResetStatistics();
  DoReset();
}

template <typename T>
void IntegratorBase<T>::ResetStatistics() {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  num_steps_taken_ = 0;
  num_derivative_evaluations_ = 0;
  num_substep_failures_ = 0;
  num_shrinkages_from_substep_failures_ = 0;
  num_shrinkages_from_error_control_ = 0;
  actual_initial_step_size_taken_ = nan;
  smallest_adapted_step_size_taken_ = nan;
  largest_step_size_taken_ = nan;
  prev_step_size_ = nan;
  DoResetStatistics();
}

template <typename T>
void IntegratorBase<T>::CheckInitialized(const char* method) const {
  if (!initialization_done_) {
    ThrowLogicError(
        "IntegratorBase::{}(): the integrator has not been initialized; call "
        "Initialize() first.",
        method);
  }
}

template <typename T>
const VectorBase<T>& IntegratorBase<T>::EvalTimeDerivatives() {
  ++num_derivative_evaluations_;
  return system_.EvalTimeDerivatives(*context_).get_vector();
}

template <typename T>
const VectorBase<T>& IntegratorBase<T>::EvalTimeDerivatives(
    const Context<T>& context) {
  ++num_derivative_evaluations_;
  return system_.EvalTimeDerivatives(context).get_vector();
}

template <typename T>
void IntegratorBase<T>::SetTimeAndState(const T& t,
                                        const Eigen::Ref<const VectorX<T>>& x) {
  context_->SetTime(t);
  context_->get_mutable_continuous_state_vector().SetFromVector(x);
}

template <typename T>
void IntegratorBase<T>::SetState(const Eigen::Ref<const VectorX<T>>& x) {
  context_->get_mutable_continuous_state_vector().SetFromVector(x);
}

template <typename T>
const VectorX<T>& IntegratorBase<T>::SaveStartState() {
  t0_ = context_->get_time();
  context_->get_continuous_state().get_vector().CopyToPreSizedVector(&x0_);
  return x0_;
}

template <typename T>
void IntegratorBase<T>::RestoreStartState() {
  SetTimeAndState(t0_, x0_);
}

template <typename T>
void IntegratorBase<T>::ThrowIfStartStateIsNotFinite() const {
  for (Eigen::Index i = 0; i < x0_.size(); ++i) {
    const double x = D(x0_[i]);
    if (!std::isfinite(x)) {
      ThrowRuntimeError(
          "IntegratorBase::IntegrateNoFurtherThanTime(): the continuous "
          "state at t = {} holds {} at index {}; the integrator cannot step "
          "from a non-finite state.",
          D(t0_), x, i);
    }
  }
}

template <typename T>
T IntegratorBase<T>::CalcStateChangeNorm(
    const ContinuousState<T>& dx_state) const {
  using std::abs;
  using std::max;
  const VectorBase<T>& dq = dx_state.get_generalized_position();
  const VectorBase<T>& dv = dx_state.get_generalized_velocity();
  const VectorBase<T>& dz = dx_state.get_misc_continuous_state();
  auto weighted_inf_norm = [](const VectorBase<T>& x,
                              const Eigen::VectorXd& w) {
    T result(0.0);
    for (int i = 0; i < x.size(); ++i) {
      const T term = abs(x[i]) * w[i];
      if (IsNaN(term)) return T(std::numeric_limits<double>::quiet_NaN());
      if (term > result) result = term;
    }
    return result;
  };
  const int nv = dv.size();
  const Eigen::VectorXd wv =
      qbar_weight_.size() == nv ? qbar_weight_ : Eigen::VectorXd::Ones(nv);
  const Eigen::VectorXd wz = z_weight_.size() == dz.size()
                                 ? z_weight_
                                 : Eigen::VectorXd::Ones(dz.size());
  T result = max(weighted_inf_norm(dv, wv), weighted_inf_norm(dz, wz));
  if (dq.size() > 0) {
    if (!pinvN_dq_change_ || pinvN_dq_change_->size() != nv) {
      pinvN_dq_change_ = std::make_unique<BasicVector<T>>(nv);
      weighted_q_change_ = std::make_unique<BasicVector<T>>(dq.size());
    }
    // N·Wq·N⁺·δq: the position change measured as the velocity that makes it.
    scratch_.resize(dq.size());
    dq.CopyToPreSizedVector(&scratch_);
    system_.MapQDotToVelocity(*context_, scratch_, pinvN_dq_change_.get());
    VectorX<T>& w = const_cast<VectorX<T>&>(pinvN_dq_change_->value());
    for (int i = 0; i < nv; ++i) w[i] *= wv[i];
    system_.MapVelocityToQDot(*context_, pinvN_dq_change_->value(),
                              weighted_q_change_.get());
    const T q_norm = weighted_inf_norm(
        *weighted_q_change_, Eigen::VectorXd::Ones(weighted_q_change_->size()));
    if (IsNaN(q_norm)) return q_norm;
    result = max(result, q_norm);
  }
  if (IsNaN(result)) return T(std::numeric_limits<double>::quiet_NaN());
  return result;
}

template <typename T>
std::pair<bool, T> IntegratorBase<T>::CalcAdjustedStepSize(
    const T& err, const T& step_taken, bool* at_minimum_step_size) const {
  using std::max;
  using std::min;
  using std::pow;
  // Classic controller constants: a safety factor, bounded growth and
  // shrinkage, and a hysteresis band that avoids dithering the step size.
  constexpr double kSafety = 0.9;
  constexpr double kMinShrink = 0.1;
  constexpr double kMaxGrow = 5.0;
  constexpr double kHysteresisLow = 0.9;
  constexpr double kHysteresisHigh = 1.2;
  const double err_d = D(err);
  const double accuracy = accuracy_in_use_;
  T new_step;
  if (!std::isfinite(err_d)) {
    // Never accepted, even at the minimum step (StepErrorControlled() throws
    // there): a non-finite step would only stall the simulation.
    return {false, T(step_taken * kMinShrink)};
  }
  if (err_d == 0.0) {
    new_step = step_taken * kMaxGrow;
  } else {
    new_step = kSafety * step_taken *
               pow(accuracy / err_d, 1.0 / get_error_estimate_order());
  }
  if (new_step > step_taken && new_step < kHysteresisHigh * step_taken) {
    new_step = step_taken;
  }
  if (new_step < step_taken) {
    if (err_d <= accuracy) {
      // The step met the accuracy: do not shrink after a success.
      new_step = step_taken;
    } else {
      new_step = min(new_step, T(step_taken * kHysteresisLow));
    }
  }
  new_step = min(new_step, T(step_taken * kMaxGrow));
  new_step = max(new_step, T(step_taken * kMinShrink));
  if (!IsNaN(max_step_size_)) new_step = min(new_step, max_step_size_);
  // Acceptance depends on the error alone (a step may exceed the maximum by
  // the stretch factor; capping the next one must not reject this one).
  if (err_d <= accuracy || *at_minimum_step_size) return {true, new_step};
  const T working_min = get_working_minimum_step_size();
  if (new_step < working_min) {
    new_step = working_min;
    *at_minimum_step_size = true;
  }
  return {false, new_step};
}

template <typename T>
void IntegratorBase<T>::StartDenseIntegration() {
  CheckInitialized("StartDenseIntegration");
  if (context_->num_continuous_states() == 0) {
    ThrowLogicError(
        "IntegratorBase::StartDenseIntegration(): the system has no "
        "continuous state to integrate densely.");
  }
  if (dense_output_ != nullptr) {
    ThrowLogicError(
        "IntegratorBase::StartDenseIntegration(): dense integration is "
        "already on; call StopDenseIntegration() first.");
  }
  dense_output_ = std::make_unique<trajectories::PiecewisePolynomial<T>>();
}

template <typename T>
std::unique_ptr<trajectories::PiecewisePolynomial<T>>
IntegratorBase<T>::StopDenseIntegration() {
  if (dense_output_ == nullptr) {
    ThrowLogicError(
        "IntegratorBase::StopDenseIntegration(): dense integration is not "
        "on (call StartDenseIntegration() first).");
  }
  return std::move(dense_output_);
}

template <typename T>
void IntegratorBase<T>::UpdateDenseOutput() {
  if (dense_output_ == nullptr) return;
  const T t1 = context_->get_time();
  if (!(t1 > t0_)) return;
  VectorX<T> x1(x0_.size());
  context_->get_continuous_state().get_vector().CopyToPreSizedVector(&x1);
  const VectorX<T> xdot1 = EvalTimeDerivatives().CopyToVector();
  const auto segment = trajectories::PiecewisePolynomial<T>::CubicHermite(
      std::vector<T>{t0_, t1}, std::vector<MatrixX<T>>{x0_, x1},
      std::vector<MatrixX<T>>{xdot0_, xdot1});
  dense_output_->ConcatenateInTime(segment);
}

template <typename T>
bool IntegratorBase<T>::Step(const T& h, const T& t_final) {
  SaveStartState();
  // The derivative at the step's start (the Context's cached value, which
  // the integrators' first stage uses too).
  if (dense_output_ != nullptr) xdot0_ = EvalTimeDerivatives().CopyToVector();
  if (!DoStep(h)) {
    RestoreStartState();
    return false;
  }
  // Land exactly on the intended time (t0 + h may differ from it by an ulp).
  context_->SetTime(t_final);
  return true;
}

template <typename T>
void IntegratorBase<T>::UpdateStepStatistics(const T& h) {
  using std::max;
  if (IsNaN(actual_initial_step_size_taken_))
    actual_initial_step_size_taken_ = h;
  if (IsNaN(largest_step_size_taken_) || h > largest_step_size_taken_) {
    largest_step_size_taken_ = h;
  }
  prev_step_size_ = h;
  ++num_steps_taken_;
  UpdateDenseOutput();
}

template <typename T>
T IntegratorBase<T>::StepErrorControlled(const T& max_h, const T& t_target) {
  // A step within 0.1 % of max_h goes all the way, rather than leave a
  // sliver behind. A step cut to less than 95 % of the ideal one by max_h
  // (a target or the maximum step size) says nothing about the ideal step,
  // which then stays as it is.
  constexpr double kNearEnoughLarger = 1.001;
  constexpr double kNearEnoughSmaller = 0.95;
  T h = IsNaN(ideal_next_step_size_) ? req_initial_step_size_
                                     : ideal_next_step_size_;
  if (IsNaN(h)) h = max_h;
  bool artificially_limited = false;
  if (max_h < h) {
    artificially_limited = static_cast<bool>(max_h < kNearEnoughSmaller * h);
    h = max_h;
  } else if (max_h <= kNearEnoughLarger * h) {
    h = max_h;
  }
  bool at_minimum = false;
  while (true) {
    const T working_min = get_working_minimum_step_size();
    bool reaches_target = static_cast<bool>(h == max_h);
    if (h < working_min && max_h > working_min) {
      h = working_min;
      at_minimum = true;
      reaches_target = false;
    }
    const T t0 = context_->get_time();
    const T t_final = reaches_target ? t_target : T(t0 + h);
    if (!Step(h, t_final)) {
      ++num_substep_failures_;
      ++num_shrinkages_from_substep_failures_;
      if (at_minimum || h <= working_min) {
        ThrowRuntimeError(
            "IntegratorBase::IntegrateNoFurtherThanTime(): the integrator "
            "failed to take a step of size {} at t = {} even at the minimum "
            "step size.",
            D(h), D(t0));
      }
      h *= 0.5;
      artificially_limited = false;
      continue;
    }
    const T err = CalcStateChangeNorm(*err_est_);
    if (!std::isfinite(D(err))) [[unlikely]] {
      // A NaN or infinite error estimate. If the step started from a
      // non-finite state no step size helps; otherwise shrink, and give up
      // at the minimum rather than accept a non-finite step.
      RestoreStartState();
      ThrowIfStartStateIsNotFinite();
      if (at_minimum || h <= working_min) {
        ThrowRuntimeError(
            "IntegratorBase::IntegrateNoFurtherThanTime(): the error estimate "
            "is {} at t = {} even at the minimum step size {}; the system's "
            "derivatives are not finite there.",
            D(err), D(t0), D(h));
      }
      ++num_shrinkages_from_error_control_;
      h *= 0.1;
      artificially_limited = false;
      continue;
    }
    const auto [accepted, next] = CalcAdjustedStepSize(err, h, &at_minimum);
    if (!accepted) {
      RestoreStartState();
      ++num_shrinkages_from_error_control_;
      // The retry is error control's own choice, not a limit.
      h = next;
      artificially_limited = false;
      continue;
    }
    if (at_minimum && D(err) > accuracy_in_use_ && min_step_exceeded_throws_) {
      RestoreStartState();
      ThrowRuntimeError(
          "IntegratorBase::IntegrateNoFurtherThanTime(): error control wants "
          "a step smaller than the working minimum step size {} at t = {} "
          "(error {} > accuracy {}); lower the minimum step size or call "
          "set_throw_on_minimum_step_size_violation(false).",
          D(working_min), D(t0), D(err), accuracy_in_use_);
    }
    if (!artificially_limited) ideal_next_step_size_ = next;
    if (!reaches_target && (IsNaN(smallest_adapted_step_size_taken_) ||
                            h < smallest_adapted_step_size_taken_)) {
      smallest_adapted_step_size_taken_ = h;
    }
    return h;
  }
}

template <typename T>
typename IntegratorBase<T>::StepResult
IntegratorBase<T>::IntegrateNoFurtherThanTime(const T& publish_time,
                                              const T& update_time,
                                              const T& boundary_time) {
  CheckInitialized("IntegrateNoFurtherThanTime");
  const T t0 = context_->get_time();
  if (publish_time < t0 || update_time < t0 || boundary_time < t0) {
    ThrowLogicError(
        "IntegratorBase::IntegrateNoFurtherThanTime(): the publish ({}), "
        "update ({}) and boundary ({}) times must not be earlier than the "
        "current time {}.",
        D(publish_time), D(update_time), D(boundary_time), D(t0));
  }
  // Ties go to publish/update so that an event at the boundary is reported.
  T target = update_time;
  StepResult candidate = kReachedUpdateTime;
  if (publish_time < update_time) {
    target = publish_time;
    candidate = kReachedPublishTime;
  }
  if (boundary_time < target) {
    target = boundary_time;
    candidate = kReachedBoundaryTime;
  }
  if (context_->num_continuous_states() == 0) {
    context_->SetTime(target);
    return candidate;
  }
  const T dt = target - t0;
  if (dt == T(0.0)) return candidate;

  const bool has_max = !IsNaN(max_step_size_);
  const T stretched_max = has_max ? T(max_step_size_ * get_stretch_factor())
                                  : T(std::numeric_limits<double>::infinity());
  if (fixed_step_mode_) {
    const bool reaches = static_cast<bool>(dt <= stretched_max);
    const T h = reaches ? dt : max_step_size_;
    if (!Step(h, reaches ? target : T(t0 + h))) {
      ++num_substep_failures_;
      ThrowRuntimeError(
          "IntegratorBase::IntegrateNoFurtherThanTime(): the integrator "
          "failed to take a fixed step of size {} at t = {}; try a smaller "
          "maximum step size.",
          D(h), D(t0));
    }
    UpdateStepStatistics(h);
    return reaches ? candidate : kTimeHasAdvanced;
  }

  // Error control: never beyond the target nor the (stretched) maximum.
  const bool target_in_reach = static_cast<bool>(dt <= stretched_max);
  const T max_h = target_in_reach ? dt : max_step_size_;
  const T h =
      StepErrorControlled(max_h, target_in_reach ? target : T(t0 + max_h));
  UpdateStepStatistics(h);
  return context_->get_time() == target ? candidate : kTimeHasAdvanced;
}

template <typename T>
void IntegratorBase<T>::IntegrateWithMultipleStepsToTime(const T& t_final) {
  CheckInitialized("IntegrateWithMultipleStepsToTime");
  if (t_final < context_->get_time()) {
    ThrowLogicError(
        "IntegratorBase::IntegrateWithMultipleStepsToTime(): t_final {} is "
        "earlier than the current time {}.",
        D(t_final), D(context_->get_time()));
  }
  while (context_->get_time() < t_final) {
    IntegrateNoFurtherThanTime(t_final, t_final, t_final);
  }
}

template <typename T>
bool IntegratorBase<T>::IntegrateWithSingleFixedStepToTime(const T& t_target) {
  CheckInitialized("IntegrateWithSingleFixedStepToTime");
  const T t0 = context_->get_time();
  const T h = t_target - t0;
  if (h < T(0.0)) {
    ThrowLogicError(
        "IntegratorBase::IntegrateWithSingleFixedStepToTime(): t_target {} is "
        "earlier than the current time {}.",
        D(t_target), D(t0));
  }
  if (context_->num_continuous_states() == 0 || h == T(0.0)) {
    context_->SetTime(t_target);
    return true;
  }
  if (!Step(h, t_target)) {
    ++num_substep_failures_;
    return false;
  }
  UpdateStepStatistics(h);
  return true;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::IntegratorBase);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::IntegratorBase);
