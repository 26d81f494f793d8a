// TrajectoryAffineSystem and TrajectoryLinearSystem (one translation unit:
// they share the shape checks and the evaluation at the double time).

#include "ossa/systems/primitives/trajectory_affine_system.h"

#include "ossa/common/error.h"
#include "ossa/systems/primitives/trajectory_linear_system.h"

namespace ossa::systems {
namespace {

// Throws unless `trajectory` is rows×cols.
void CheckTrajectoryShape(const char* system, const char* name,
                          const trajectories::Trajectory<double>& trajectory,
                          Eigen::Index rows, Eigen::Index cols) {
  if (trajectory.rows() != rows || trajectory.cols() != cols) {
    ThrowLogicError("{}(): {} is {}x{}; expected {}x{}.", system, name,
                    trajectory.rows(), trajectory.cols(), rows, cols);
  }
}

// The trajectory's value at the double value of t, as a matrix of T.
template <typename T>
MatrixX<T> ValueAt(const trajectories::Trajectory<double>& trajectory,
                   const T& t) {
  return trajectory.value(ExtractDoubleOrThrow(t)).template cast<T>();
}

int SizeOf(Eigen::Index size) { return static_cast<int>(size); }

}  // namespace

template <typename T>
TrajectoryAffineSystem<T>::TrajectoryAffineSystem(
    const trajectories::Trajectory<double>& A,
    const trajectories::Trajectory<double>& B,
    const trajectories::Trajectory<double>& f0,
    const trajectories::Trajectory<double>& C,
    const trajectories::Trajectory<double>& D,
    const trajectories::Trajectory<double>& y0, double time_period)
    : TimeVaryingAffineSystem<T>(
          SystemScalarConverter(SystemTypeTag<TrajectoryAffineSystem>{}),
          SizeOf(A.rows()), SizeOf(B.cols()), SizeOf(C.rows()), time_period),
      A_(A.Clone()),
      B_(B.Clone()),
      f0_(f0.Clone()),
      C_(C.Clone()),
      D_(D.Clone()),
      y0_(y0.Clone()) {
  const char* const kName = "TrajectoryAffineSystem";
  const Eigen::Index n = A.rows(), m = B.cols(), p = C.rows();
  CheckTrajectoryShape(kName, "A", A, n, n);
  CheckTrajectoryShape(kName, "B", B, n, m);
  CheckTrajectoryShape(kName, "f0", f0, n, 1);
  CheckTrajectoryShape(kName, "C", C, p, n);
  CheckTrajectoryShape(kName, "D", D, p, m);
  CheckTrajectoryShape(kName, "y0", y0, p, 1);
}

template <typename T>
MatrixX<T> TrajectoryAffineSystem<T>::A(const T& t) const {
  return ValueAt(*A_, t);
}
template <typename T>
MatrixX<T> TrajectoryAffineSystem<T>::B(const T& t) const {
  return ValueAt(*B_, t);
}
template <typename T>
VectorX<T> TrajectoryAffineSystem<T>::f0(const T& t) const {
  return ValueAt(*f0_, t);
}
template <typename T>
MatrixX<T> TrajectoryAffineSystem<T>::C(const T& t) const {
  return ValueAt(*C_, t);
}
template <typename T>
MatrixX<T> TrajectoryAffineSystem<T>::D(const T& t) const {
  return ValueAt(*D_, t);
}
template <typename T>
VectorX<T> TrajectoryAffineSystem<T>::y0(const T& t) const {
  return ValueAt(*y0_, t);
}

template <typename T>
TrajectoryLinearSystem<T>::TrajectoryLinearSystem(
    const trajectories::Trajectory<double>& A,
    const trajectories::Trajectory<double>& B,
    const trajectories::Trajectory<double>& C,
    const trajectories::Trajectory<double>& D, double time_period)
    : TimeVaryingAffineSystem<T>(
          SystemScalarConverter(SystemTypeTag<TrajectoryLinearSystem>{}),
          SizeOf(A.rows()), SizeOf(B.cols()), SizeOf(C.rows()), time_period),
      A_(A.Clone()),
      B_(B.Clone()),
      C_(C.Clone()),
      D_(D.Clone()) {
  const char* const kName = "TrajectoryLinearSystem";
  const Eigen::Index n = A.rows(), m = B.cols(), p = C.rows();
  CheckTrajectoryShape(kName, "A", A, n, n);
  CheckTrajectoryShape(kName, "B", B, n, m);
  CheckTrajectoryShape(kName, "C", C, p, n);
  CheckTrajectoryShape(kName, "D", D, p, m);
}

template <typename T>
MatrixX<T> TrajectoryLinearSystem<T>::A(const T& t) const {
  return ValueAt(*A_, t);
}
template <typename T>
MatrixX<T> TrajectoryLinearSystem<T>::B(const T& t) const {
  return ValueAt(*B_, t);
}
template <typename T>
VectorX<T> TrajectoryLinearSystem<T>::f0(const T&) const {
  return VectorX<T>::Zero(this->num_states());
}
template <typename T>
MatrixX<T> TrajectoryLinearSystem<T>::C(const T& t) const {
  return ValueAt(*C_, t);
}
template <typename T>
MatrixX<T> TrajectoryLinearSystem<T>::D(const T& t) const {
  return ValueAt(*D_, t);
}
template <typename T>
VectorX<T> TrajectoryLinearSystem<T>::y0(const T&) const {
  return VectorX<T>::Zero(this->num_outputs());
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::TrajectoryAffineSystem);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::TrajectoryLinearSystem);
