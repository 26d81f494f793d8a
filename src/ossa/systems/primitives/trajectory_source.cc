#include "ossa/systems/primitives/trajectory_source.h"

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"

namespace ossa::systems {

template <typename T>
TrajectorySource<T>::TrajectorySource(
    const trajectories::Trajectory<double>& trajectory,
    int output_derivative_order, bool zero_derivatives_beyond_limits)
    : LeafSystem<T>(SystemTypeTag<TrajectorySource>{}),
      trajectory_(trajectory.Clone()),
      clamp_derivatives_(zero_derivatives_beyond_limits) {
  if (trajectory.cols() != 1) {
    ThrowLogicError(
        "TrajectorySource(): the trajectory must have one column, got {}.",
        trajectory.cols());
  }
  if (output_derivative_order < 0) {
    ThrowLogicError(
        "TrajectorySource(): output_derivative_order must be >= 0, got {}.",
        output_derivative_order);
  }
  MakeDerivatives(output_derivative_order);
  const int rows = static_cast<int>(trajectory.rows());
  this->DeclareVectorOutputPort("y0", rows * (1 + output_derivative_order),
                                &TrajectorySource::CalcOutput,
                                {this->time_ticket()});
}

template <typename T>
void TrajectorySource<T>::MakeDerivatives(int order) {
  derivatives_.clear();
  for (int k = 1; k <= order; ++k) {
    derivatives_.push_back(trajectory_->MakeDerivative(k));
  }
}

template <typename T>
void TrajectorySource<T>::UpdateTrajectory(
    const trajectories::Trajectory<double>& trajectory) {
  if (trajectory.rows() != trajectory_->rows() || trajectory.cols() != 1) {
    ThrowLogicError(
        "TrajectorySource::UpdateTrajectory(): the new trajectory is {}×{} "
        "but the source outputs {}×1.",
        trajectory.rows(), trajectory.cols(), trajectory_->rows());
  }
  trajectory_ = trajectory.Clone();
  MakeDerivatives(output_derivative_order());
}

template <typename T>
void TrajectorySource<T>::CalcOutput(const Context<T>& context,
                                     BasicVector<T>* output) const {
  const double t = ExtractDoubleOrThrow(context.get_time());
  const int rows = static_cast<int>(trajectory_->rows());
  auto y = output->get_mutable_value();
  y.head(rows) = trajectory_->value(t).col(0).template cast<T>();
  const bool beyond =
      t < trajectory_->start_time() || t > trajectory_->end_time();
  for (size_t k = 0; k < derivatives_.size(); ++k) {
    auto block = y.segment((k + 1) * rows, rows);
    if (clamp_derivatives_ && beyond) {
      block.setZero();
    } else {
      block = derivatives_[k]->value(t).col(0).template cast<T>();
    }
  }
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::TrajectorySource);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::TrajectorySource);
