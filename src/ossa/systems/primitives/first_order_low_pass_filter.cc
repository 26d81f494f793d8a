#include "ossa/systems/primitives/first_order_low_pass_filter.h"

#include <stdexcept>

#include "ossa/common/error.h"
#include "ossa/systems/primitives/primitive_checks.h"

namespace ossa::systems {

template <typename T>
FirstOrderLowPassFilter<T>::FirstOrderLowPassFilter(double time_constant,
                                                    int size)
    : FirstOrderLowPassFilter(
          Eigen::VectorXd::Constant(size >= 1 ? size : 0, time_constant)) {}

template <typename T>
FirstOrderLowPassFilter<T>::FirstOrderLowPassFilter(
    const Eigen::Ref<const Eigen::VectorXd>& time_constants)
    : LeafSystem<T>(SystemTypeTag<FirstOrderLowPassFilter>{}),
      tau_(time_constants) {
  if (tau_.size() < 1) {
    ThrowLogicError(
        "FirstOrderLowPassFilter(): needs at least one entry (size >= 1).");
  }
  for (Eigen::Index i = 0; i < tau_.size(); ++i) {
    if (!(tau_[i] > 0.0)) {
      ThrowLogicError(
          "FirstOrderLowPassFilter(): time constant {} is {}; it must be "
          "positive.",
          i, tau_[i]);
    }
  }
  const int n = static_cast<int>(tau_.size());
  this->DeclareVectorInputPort("u0", n);
  this->DeclareContinuousState(n);
  this->DeclareStateOutputPort("y0", ContinuousStateIndex(0));
}

template <typename T>
double FirstOrderLowPassFilter<T>::get_time_constant() const {
  if ((tau_.array() != tau_[0]).any()) {
    // std::invalid_argument (ValueError in Python), as the reference.
    throw std::invalid_argument(
        "FirstOrderLowPassFilter::get_time_constant(): the time constants "
        "differ by entry; use get_time_constants_vector().");
  }
  return tau_[0];
}

template <typename T>
void FirstOrderLowPassFilter<T>::set_initial_output_value(
    Context<T>* context, const Eigen::Ref<const VectorX<T>>& z0) const {
  internal::SetContinuousStateChecked("FirstOrderLowPassFilter::set_initial_output_value", *this,
                                     context, z0);
}

template <typename T>
void FirstOrderLowPassFilter<T>::DoCalcTimeDerivatives(
    const Context<T>& context, ContinuousState<T>* derivatives) const {
  const VectorX<T>& u = this->get_input_port(0).Eval(context);
  const VectorX<T> z = context.get_continuous_state_vector().CopyToVector();
  derivatives->SetFromVector(
      ((u - z).array() / tau_.template cast<T>().array()).matrix());
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::FirstOrderLowPassFilter);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::FirstOrderLowPassFilter);
