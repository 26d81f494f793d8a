#include "ossa/common/trajectories/piecewise_trajectory.h"

#include <algorithm>
#include <type_traits>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"

namespace ossa {
namespace trajectories {

template <typename T>
PiecewiseTrajectory<T>::PiecewiseTrajectory(const std::vector<T>& breaks)
    : breaks_(breaks) {
  for (size_t i = 1; i < breaks_.size(); ++i) {
    if (!(ExtractDoubleOrThrow(breaks_[i - 1]) <
          ExtractDoubleOrThrow(breaks_[i]))) {
      ThrowLogicError(
          "PiecewiseTrajectory(): the breaks must be strictly increasing; "
          "break {} ({}) does not exceed break {} ({}).",
          i, ExtractDoubleOrThrow(breaks_[i]), i - 1,
          ExtractDoubleOrThrow(breaks_[i - 1]));
    }
  }
}

template <typename T>
void PiecewiseTrajectory<T>::CheckSegmentIndex(const char* method,
                                               int segment_index) const {
  if (segment_index < 0 || segment_index >= get_number_of_segments()) {
    ThrowLogicError("{}::{}(): segment index {} is out of range [0, {}).",
                    class_name(), method, segment_index,
                    get_number_of_segments());
  }
}

template <typename T>
T PiecewiseTrajectory<T>::start_time(int segment_index) const {
  CheckSegmentIndex("start_time", segment_index);
  return breaks_[segment_index];
}

template <typename T>
T PiecewiseTrajectory<T>::end_time(int segment_index) const {
  CheckSegmentIndex("end_time", segment_index);
  return breaks_[segment_index + 1];
}

template <typename T>
T PiecewiseTrajectory<T>::duration(int segment_index) const {
  CheckSegmentIndex("duration", segment_index);
  return breaks_[segment_index + 1] - breaks_[segment_index];
}

template <typename T>
T PiecewiseTrajectory<T>::start_time() const {
  if (get_number_of_segments() == 0) {
    ThrowLogicError("{}::start_time(): empty trajectory.", class_name());
  }
  return breaks_.front();
}

template <typename T>
T PiecewiseTrajectory<T>::end_time() const {
  if (get_number_of_segments() == 0) {
    ThrowLogicError("{}::end_time(): empty trajectory.", class_name());
  }
  return breaks_.back();
}

template <typename T>
double PiecewiseTrajectory<T>::TimeValueOrThrow(const char* method,
                                                const T& t) const {
  if constexpr (std::is_same_v<T, symbolic::Expression>) {
    if (!symbolic::is_constant(t) && !symbolic::is_nan(t)) {
      ThrowLogicError(
          "{}::{}(): the time {} depends on the variables {}; placing it "
          "among the {} breaks needs a number.",
          class_name(), method, t.to_string(), t.GetVariables().to_string(),
          breaks_.size());
    }
  }
  return ExtractDoubleOrThrow(t);
}

template <typename T>
bool PiecewiseTrajectory<T>::is_time_in_range(const T& t) const {
  if (get_number_of_segments() == 0) return false;
  const double td = TimeValueOrThrow("is_time_in_range", t);
  return ExtractDoubleOrThrow(breaks_.front()) <= td &&
         td <= ExtractDoubleOrThrow(breaks_.back());
}

template <typename T>
int PiecewiseTrajectory<T>::get_segment_index(const T& t) const {
  if (get_number_of_segments() == 0) {
    ThrowLogicError("{}::get_segment_index(): empty trajectory.", class_name());
  }
  // One segment holds every time, a symbolic one too.
  if (get_number_of_segments() == 1) return 0;
  // The last i with t_i ≤ t; the last segment also owns its end time.
  const double td = TimeValueOrThrow("get_segment_index", t);
  auto it = std::upper_bound(
      breaks_.begin(), breaks_.end(), td,
      [](double a, const T& b) { return a < ExtractDoubleOrThrow(b); });
  const int index = static_cast<int>(it - breaks_.begin()) - 1;
  return std::clamp(index, 0, get_number_of_segments() - 1);
}

}  // namespace trajectories
}  // namespace ossa

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::trajectories::PiecewiseTrajectory);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::trajectories::PiecewiseTrajectory);
