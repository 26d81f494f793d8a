#include "ossa/common/trajectories/trajectory.h"

#include "ossa/common/error.h"

namespace ossa {
namespace trajectories {

template <typename T>
MatrixX<T> Trajectory<T>::EvalDerivative(const T& t,
                                         int derivative_order) const {
  if (derivative_order < 0) {
    ThrowLogicError(
        "Trajectory::EvalDerivative(): derivative_order must be >= 0, got {}.",
        derivative_order);
  }
  if (derivative_order == 0) return value(t);
  return DoEvalDerivative(t, derivative_order);
}

template <typename T>
std::unique_ptr<Trajectory<T>> Trajectory<T>::MakeDerivative(
    int derivative_order) const {
  if (derivative_order < 0) {
    ThrowLogicError(
        "Trajectory::MakeDerivative(): derivative_order must be >= 0, got {}.",
        derivative_order);
  }
  if (derivative_order == 0) return Clone();
  return DoMakeDerivative(derivative_order);
}

template <typename T>
MatrixX<T> Trajectory<T>::DoEvalDerivative(const T&, int) const {
  ThrowLogicError(
      "Trajectory::EvalDerivative(): this trajectory type does not provide "
      "derivatives.");
}

template <typename T>
std::unique_ptr<Trajectory<T>> Trajectory<T>::DoMakeDerivative(int) const {
  ThrowLogicError(
      "Trajectory::MakeDerivative(): this trajectory type does not provide "
      "derivatives.");
}

}  // namespace trajectories
}  // namespace ossa

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::trajectories::Trajectory);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::trajectories::Trajectory);
