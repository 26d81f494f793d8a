#include "ossa/systems/primitives/affine_system.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "ossa/common/error.h"
#include "ossa/systems/primitives/time_varying_affine_system.h"

namespace ossa::systems {
namespace {

// `given` if it has the expected shape; zeros of that shape if it is empty;
// throws otherwise.
Eigen::MatrixXd ShapedOrZero(const Eigen::Ref<const Eigen::MatrixXd>& given,
                             Eigen::Index rows, Eigen::Index cols,
                             const char* name) {
  if (given.size() == 0) return Eigen::MatrixXd::Zero(rows, cols);
  if (given.rows() != rows || given.cols() != cols) {
    ThrowLogicError(
        "AffineSystem(): {} is {}x{}; expected {}x{} (from the sizes of the "
        "other coefficients).",
        name, given.rows(), given.cols(), rows, cols);
  }
  return given;
}

}  // namespace

template <typename T>
AffineSystem<T>::AffineSystem(const Eigen::Ref<const Eigen::MatrixXd>& A,
                              const Eigen::Ref<const Eigen::MatrixXd>& B,
                              const Eigen::Ref<const Eigen::VectorXd>& f0,
                              const Eigen::Ref<const Eigen::MatrixXd>& C,
                              const Eigen::Ref<const Eigen::MatrixXd>& D,
                              const Eigen::Ref<const Eigen::VectorXd>& y0,
                              double time_period)
    : AffineSystem(SystemScalarConverter(SystemTypeTag<AffineSystem>{}), A, B,
                   f0, C, D, y0, time_period) {}

template <typename T>
AffineSystem<T>::AffineSystem(SystemScalarConverter converter,
                              const Eigen::Ref<const Eigen::MatrixXd>& A,
                              const Eigen::Ref<const Eigen::MatrixXd>& B,
                              const Eigen::Ref<const Eigen::VectorXd>& f0,
                              const Eigen::Ref<const Eigen::MatrixXd>& C,
                              const Eigen::Ref<const Eigen::MatrixXd>& D,
                              const Eigen::Ref<const Eigen::VectorXd>& y0,
                              double time_period)
    : LeafSystem<T>(std::move(converter)), time_period_(time_period) {
  if (A.rows() != A.cols()) {
    ThrowLogicError("AffineSystem(): A is {}x{}; it must be square.", A.rows(),
                    A.cols());
  }
  if (!(time_period >= 0.0) || !std::isfinite(time_period)) {
    ThrowLogicError(
        "AffineSystem(): time_period must be >= 0 and finite, got {}.",
        time_period);
  }
  const Eigen::Index n = A.rows();
  const Eigen::Index m = std::max(B.cols(), D.cols());
  const Eigen::Index p = std::max(C.rows(), D.rows());
  A_ = A;
  B_ = ShapedOrZero(B, n, m, "B");
  f0_ = ShapedOrZero(f0, n, 1, "f0");
  C_ = ShapedOrZero(C, p, n, "C");
  D_ = ShapedOrZero(D, p, m, "D");
  y0_ = ShapedOrZero(y0, p, 1, "y0");
  default_state_ = Eigen::VectorXd::Zero(n);
  Sqrt_Sigma_ = Eigen::MatrixXd::Zero(n, n);
  has_feedthrough_ = m > 0 && !D_.isZero(0.0);

  if (m > 0) this->DeclareVectorInputPort("u0", static_cast<int>(m));
  if (n > 0) {
    if (time_period_ > 0.0) {
      this->DeclareDiscreteState(static_cast<int>(n));
      this->DeclarePeriodicDiscreteUpdateEvent(time_period_, 0.0,
                                               &AffineSystem::Update);
    } else {
      this->DeclareContinuousState(static_cast<int>(n));
    }
  }
  if (p > 0) {
    std::set<DependencyTicket> prerequisites{this->all_state_ticket()};
    if (has_feedthrough_) {
      prerequisites.insert(this->all_input_ports_ticket());
    }
    this->DeclareVectorOutputPort("y0", static_cast<int>(p),
                                  &AffineSystem::CalcOutput, prerequisites);
  }
}

template <typename T>
void AffineSystem<T>::configure_default_state(
    const Eigen::Ref<const Eigen::VectorXd>& x0) {
  if (x0.size() != num_states()) {
    ThrowLogicError(
        "AffineSystem::configure_default_state(): x0 has {} entries; the "
        "system has {} states.",
        x0.size(), num_states());
  }
  default_state_ = x0;
}

template <typename T>
void AffineSystem<T>::configure_random_state(
    const Eigen::Ref<const Eigen::MatrixXd>& covariance) {
  Sqrt_Sigma_ = internal::CovarianceFactor(
      "AffineSystem::configure_random_state", covariance, num_states());
}

template <typename T>
void AffineSystem<T>::UpdateCoefficients(
    const Eigen::Ref<const Eigen::MatrixXd>& A,
    const Eigen::Ref<const Eigen::MatrixXd>& B,
    const Eigen::Ref<const Eigen::VectorXd>& f0,
    const Eigen::Ref<const Eigen::MatrixXd>& C,
    const Eigen::Ref<const Eigen::MatrixXd>& D,
    const Eigen::Ref<const Eigen::VectorXd>& y0) {
  const auto check = [](const char* name, Eigen::Index rows, Eigen::Index cols,
                        const Eigen::MatrixXd& current) {
    if (rows != current.rows() || cols != current.cols()) {
      ThrowLogicError(
          "AffineSystem::UpdateCoefficients(): the new {} is {}x{}; the "
          "current one is {}x{}.",
          name, rows, cols, current.rows(), current.cols());
    }
  };
  check("A", A.rows(), A.cols(), A_);
  check("B", B.rows(), B.cols(), B_);
  check("f0", f0.rows(), f0.cols(), f0_);
  check("C", C.rows(), C.cols(), C_);
  check("D", D.rows(), D.cols(), D_);
  check("y0", y0.rows(), y0.cols(), y0_);
  if (!has_feedthrough_ && !D.isZero(0.0)) {
    ThrowLogicError(
        "AffineSystem::UpdateCoefficients(): the new D is nonzero, but D was "
        "zero at construction, so the output port does not depend on the "
        "input; changing that is not supported.");
  }
  A_ = A;
  B_ = B;
  f0_ = f0;
  C_ = C;
  D_ = D;
  y0_ = y0;
}

template <typename T>
void AffineSystem<T>::SetRandomState(const Context<T>& context, State<T>* state,
                                     RandomGenerator* generator) const {
  LeafSystem<T>::SetDefaultState(context, state);
  if (num_states() == 0) return;
  if (generator == nullptr) [[unlikely]] {
    ThrowLogicError("AffineSystem::SetRandomState(): generator is null.");
  }
  const VectorX<T> x =
      internal::DrawGaussianState(default_state_, Sqrt_Sigma_, generator)
          .template cast<T>();
  if (time_period_ > 0.0) {
    state->get_mutable_discrete_state(0).SetFromVector(x);
  } else {
    state->get_mutable_continuous_state().SetFromVector(x);
  }
}

template <typename T>
void AffineSystem<T>::SetDefaultState(const Context<T>& context,
                                      State<T>* state) const {
  LeafSystem<T>::SetDefaultState(context, state);
  if (num_states() == 0) return;
  const VectorX<T> x0 = default_state_.template cast<T>();
  if (time_period_ > 0.0) {
    state->get_mutable_discrete_state(0).SetFromVector(x0);
  } else {
    state->get_mutable_continuous_state().SetFromVector(x0);
  }
}

template <typename T>
VectorX<T> AffineSystem<T>::StateOf(const Context<T>& context) const {
  if (num_states() == 0) return VectorX<T>();
  if (time_period_ > 0.0) return context.get_discrete_state(0).value();
  return context.get_continuous_state_vector().CopyToVector();
}

template <typename T>
VectorX<T> AffineSystem<T>::Dynamics(const Context<T>& context,
                                     const VectorX<T>& x) const {
  VectorX<T> result = A_.template cast<T>() * x + f0_.template cast<T>();
  if (num_inputs() > 0) {
    result += B_.template cast<T>() * this->get_input_port(0).Eval(context);
  }
  return result;
}

template <typename T>
void AffineSystem<T>::DoCalcTimeDerivatives(
    const Context<T>& context, ContinuousState<T>* derivatives) const {
  if (num_states() == 0 || time_period_ > 0.0) return;
  derivatives->SetFromVector(Dynamics(context, StateOf(context)));
}

template <typename T>
EventStatus AffineSystem<T>::Update(const Context<T>& context,
                                    DiscreteValues<T>* discrete_state) const {
  discrete_state->get_mutable_vector(0).SetFromVector(
      Dynamics(context, StateOf(context)));
  return EventStatus::Succeeded();
}

template <typename T>
void AffineSystem<T>::CalcOutput(const Context<T>& context,
                                 BasicVector<T>* output) const {
  VectorX<T> y = y0_.template cast<T>();
  if (num_states() > 0) y += C_.template cast<T>() * StateOf(context);
  if (num_inputs() > 0 && !D_.isZero(0.0)) {
    y += D_.template cast<T>() * this->get_input_port(0).Eval(context);
  }
  output->get_mutable_value() = y;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::AffineSystem);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::AffineSystem);
