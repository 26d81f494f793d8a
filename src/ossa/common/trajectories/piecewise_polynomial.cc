#include "ossa/common/trajectories/piecewise_polynomial.h"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"

namespace ossa {
namespace trajectories {
namespace {

template <typename T>
double ToDouble(const T& x) {
  return ExtractDoubleOrThrow(x);
}

// Checks the breaks and samples shared by every factory: matching counts,
// at least `min_breaks`, strictly increasing breaks, equally sized samples.
template <typename T>
void CheckBreaksAndSamples(const char* method, const std::vector<T>& breaks,
                           const std::vector<MatrixX<T>>& samples,
                           size_t min_breaks) {
  if (breaks.size() != samples.size()) {
    ThrowLogicError(
        "PiecewisePolynomial::{}(): got {} breaks but {} samples; they must "
        "match.",
        method, breaks.size(), samples.size());
  }
  if (breaks.size() < min_breaks) {
    ThrowLogicError(
        "PiecewisePolynomial::{}(): needs at least {} breaks, got {}.", method,
        min_breaks, breaks.size());
  }
  for (size_t i = 1; i < breaks.size(); ++i) {
    if (!(ToDouble(breaks[i]) > ToDouble(breaks[i - 1]))) {
      ThrowLogicError(
          "PiecewisePolynomial::{}(): breaks must be strictly increasing; "
          "breaks[{}] = {} does not exceed breaks[{}] = {}.",
          method, i, ToDouble(breaks[i]), i - 1, ToDouble(breaks[i - 1]));
    }
  }
  for (size_t i = 1; i < samples.size(); ++i) {
    if (samples[i].rows() != samples[0].rows() ||
        samples[i].cols() != samples[0].cols()) {
      ThrowLogicError(
          "PiecewisePolynomial::{}(): samples[{}] is {}×{} but samples[0] is "
          "{}×{}; all samples must have the same size.",
          method, i, samples[i].rows(), samples[i].cols(), samples[0].rows(),
          samples[0].cols());
    }
  }
}

template <typename T>
std::vector<T> ToStdVector(const Eigen::Ref<const VectorX<T>>& v) {
  return std::vector<T>(v.data(), v.data() + v.size());
}

template <typename T>
std::vector<MatrixX<T>> ColumnsToSamples(
    const Eigen::Ref<const MatrixX<T>>& m) {
  std::vector<MatrixX<T>> samples;
  samples.reserve(m.cols());
  for (Eigen::Index j = 0; j < m.cols(); ++j) samples.push_back(m.col(j));
  return samples;
}

// Hermite cubic on each segment from values and slopes at the breaks.
template <typename T>
std::vector<std::vector<MatrixX<T>>> HermiteCoefficients(
    const std::vector<T>& breaks, const std::vector<MatrixX<T>>& y,
    const std::vector<MatrixX<T>>& m) {
  std::vector<std::vector<MatrixX<T>>> coefficients;
  for (size_t i = 0; i + 1 < breaks.size(); ++i) {
    const T h = breaks[i + 1] - breaks[i];
    const MatrixX<T> delta = (y[i + 1] - y[i]) / h;
    coefficients.push_back({y[i], m[i], (3 * delta - 2 * m[i] - m[i + 1]) / h,
                            (m[i] + m[i + 1] - 2 * delta) / (h * h)});
  }
  return coefficients;
}

}  // namespace

template <typename T>
PiecewisePolynomial<T>::PiecewisePolynomial(
    const Eigen::Ref<const MatrixX<T>>& constant_value)
    : PiecewiseTrajectory<T>(
          std::vector<T>{T(-std::numeric_limits<double>::infinity()),
                         T(std::numeric_limits<double>::infinity())}),
      coefficients_{{MatrixX<T>(constant_value)}},
      rows_(constant_value.rows()),
      cols_(constant_value.cols()) {}

template <typename T>
PiecewisePolynomial<T>::PiecewisePolynomial(
    const std::vector<T>& breaks,
    const std::vector<std::vector<MatrixX<T>>>& coefficients)
    : coefficients_(coefficients) {
  breaks_ = breaks;
  if (breaks.size() != coefficients.size() + 1 || coefficients.empty()) {
    ThrowLogicError(
        "PiecewisePolynomial(): {} breaks need {} segments of coefficients, "
        "got {} (and at least one segment).",
        breaks.size(), breaks.empty() ? 0 : breaks.size() - 1,
        coefficients.size());
  }
  std::vector<MatrixX<T>> firsts;
  for (size_t i = 0; i < coefficients.size(); ++i) {
    if (coefficients[i].empty()) {
      ThrowLogicError("PiecewisePolynomial(): segment {} has no coefficients.",
                      i);
    }
    for (const auto& c : coefficients[i]) {
      if (c.rows() != coefficients[0][0].rows() ||
          c.cols() != coefficients[0][0].cols()) {
        ThrowLogicError(
            "PiecewisePolynomial(): coefficient matrices of segment {} differ "
            "in size from those of segment 0.",
            i);
      }
    }
    firsts.push_back(coefficients[i][0]);
  }
  firsts.push_back(coefficients[0][0]);
  CheckBreaksAndSamples("PiecewisePolynomial", breaks, firsts, 2);
  rows_ = coefficients[0][0].rows();
  cols_ = coefficients[0][0].cols();
}

template <typename T>
PiecewisePolynomial<T> PiecewisePolynomial<T>::ZeroOrderHold(
    const std::vector<T>& breaks, const std::vector<MatrixX<T>>& samples) {
  CheckBreaksAndSamples("ZeroOrderHold", breaks, samples, 1);
  if (breaks.size() == 1) return PiecewisePolynomial<T>(samples[0]);
  std::vector<std::vector<MatrixX<T>>> coefficients;
  for (size_t i = 0; i + 1 < breaks.size(); ++i) {
    coefficients.push_back({samples[i]});
  }
  return PiecewisePolynomial<T>(breaks, coefficients);
}

template <typename T>
PiecewisePolynomial<T> PiecewisePolynomial<T>::ZeroOrderHold(
    const Eigen::Ref<const VectorX<T>>& breaks,
    const Eigen::Ref<const MatrixX<T>>& samples) {
  return ZeroOrderHold(ToStdVector<T>(breaks), ColumnsToSamples<T>(samples));
}

template <typename T>
PiecewisePolynomial<T> PiecewisePolynomial<T>::FirstOrderHold(
    const std::vector<T>& breaks, const std::vector<MatrixX<T>>& samples) {
  CheckBreaksAndSamples("FirstOrderHold", breaks, samples, 2);
  std::vector<std::vector<MatrixX<T>>> coefficients;
  for (size_t i = 0; i + 1 < breaks.size(); ++i) {
    const T h = breaks[i + 1] - breaks[i];
    coefficients.push_back({samples[i], (samples[i + 1] - samples[i]) / h});
  }
  return PiecewisePolynomial<T>(breaks, coefficients);
}

template <typename T>
PiecewisePolynomial<T> PiecewisePolynomial<T>::FirstOrderHold(
    const Eigen::Ref<const VectorX<T>>& breaks,
    const Eigen::Ref<const MatrixX<T>>& samples) {
  return FirstOrderHold(ToStdVector<T>(breaks), ColumnsToSamples<T>(samples));
}

template <typename T>
PiecewisePolynomial<T> PiecewisePolynomial<T>::CubicHermite(
    const std::vector<T>& breaks, const std::vector<MatrixX<T>>& samples,
    const std::vector<MatrixX<T>>& samples_dot) {
  CheckBreaksAndSamples("CubicHermite", breaks, samples, 2);
  CheckBreaksAndSamples("CubicHermite", breaks, samples_dot, 2);
  if (samples_dot[0].rows() != samples[0].rows() ||
      samples_dot[0].cols() != samples[0].cols()) {
    ThrowLogicError(
        "PiecewisePolynomial::CubicHermite(): samples_dot must have the size "
        "of samples ({}×{}).",
        samples[0].rows(), samples[0].cols());
  }
  return PiecewisePolynomial<T>(
      breaks, HermiteCoefficients(breaks, samples, samples_dot));
}

template <typename T>
PiecewisePolynomial<T> PiecewisePolynomial<T>::CubicHermite(
    const Eigen::Ref<const VectorX<T>>& breaks,
    const Eigen::Ref<const MatrixX<T>>& samples,
    const Eigen::Ref<const MatrixX<T>>& samples_dot) {
  return CubicHermite(ToStdVector<T>(breaks), ColumnsToSamples<T>(samples),
                      ColumnsToSamples<T>(samples_dot));
}

namespace {

// Solves for the slopes m_0..m_N of a C² cubic spline. Interior knots impose
// continuity of the second derivative; `end_rows` fills the first and last
// rows of the system (end conditions). Each matrix entry is an independent
// scalar spline sharing the same linear system.
template <typename T, typename EndRows>
std::vector<MatrixX<T>> SolveSplineSlopes(const std::vector<T>& breaks,
                                          const std::vector<MatrixX<T>>& y,
                                          EndRows end_rows) {
  const int N = static_cast<int>(breaks.size()) - 1;
  const Eigen::Index r = y[0].rows(), c = y[0].cols();
  MatrixX<T> A = MatrixX<T>::Zero(N + 1, N + 1);
  MatrixX<T> B = MatrixX<T>::Zero(N + 1, r * c);
  std::vector<T> h(N);
  std::vector<MatrixX<T>> delta(N);
  for (int i = 0; i < N; ++i) {
    h[i] = breaks[i + 1] - breaks[i];
    delta[i] = (y[i + 1] - y[i]) / h[i];
  }
  auto flat = [&](const MatrixX<T>& m) {
    return Eigen::Map<const RowVectorX<T>>(m.data(), r * c);
  };
  for (int i = 1; i < N; ++i) {
    A(i, i - 1) = h[i];
    A(i, i) = 2 * (h[i - 1] + h[i]);
    A(i, i + 1) = h[i - 1];
    B.row(i) = 3 * (h[i] * flat(delta[i - 1]) + h[i - 1] * flat(delta[i]));
  }
  end_rows(h, delta, flat, &A, &B);
  MatrixX<T> M;
  if constexpr (std::is_same_v<T, symbolic::Expression>) {
    // A holds numbers only (the breaks are constants, checked by the
    // callers), so it is factored in double; B may hold variables.
    const Eigen::MatrixXd A_value = ExtractDoubleOrThrow(A);
    M = A_value.inverse().template cast<T>() * B;
  } else {
    M = A.partialPivLu().solve(B);
  }
  std::vector<MatrixX<T>> m(N + 1);
  for (int i = 0; i <= N; ++i) {
    m[i] = Eigen::Map<const MatrixX<T>>(RowVectorX<T>(M.row(i)).data(), r, c);
  }
  return m;
}

}  // namespace

template <typename T>
PiecewisePolynomial<T>
PiecewisePolynomial<T>::CubicWithContinuousSecondDerivatives(
    const std::vector<T>& breaks, const std::vector<MatrixX<T>>& samples,
    const MatrixX<T>& sample_dot_at_start,
    const MatrixX<T>& sample_dot_at_end) {
  CheckBreaksAndSamples("CubicWithContinuousSecondDerivatives", breaks, samples,
                        2);
  for (const MatrixX<T>* d : {&sample_dot_at_start, &sample_dot_at_end}) {
    if (d->rows() != samples[0].rows() || d->cols() != samples[0].cols()) {
      ThrowLogicError(
          "PiecewisePolynomial::CubicWithContinuousSecondDerivatives(): the "
          "end derivatives must be {}×{} like the samples, got {}×{}.",
          samples[0].rows(), samples[0].cols(), d->rows(), d->cols());
    }
  }
  const int N = static_cast<int>(breaks.size()) - 1;
  auto slopes =
      SolveSplineSlopes<T>(breaks, samples,
                           [&](const auto&, const auto&, const auto& flat,
                               MatrixX<T>* A, MatrixX<T>* B) {
                             (*A)(0, 0) = 1;
                             B->row(0) = flat(sample_dot_at_start);
                             (*A)(N, N) = 1;
                             B->row(N) = flat(sample_dot_at_end);
                           });
  return PiecewisePolynomial<T>(breaks,
                                HermiteCoefficients(breaks, samples, slopes));
}

template <typename T>
PiecewisePolynomial<T>
PiecewisePolynomial<T>::CubicWithContinuousSecondDerivatives(
    const std::vector<T>& breaks, const std::vector<MatrixX<T>>& samples,
    bool periodic_end_condition) {
  const char* method = "CubicWithContinuousSecondDerivatives";
  CheckBreaksAndSamples(method, breaks, samples,
                        periodic_end_condition ? 3 : 4);
  const int N = static_cast<int>(breaks.size()) - 1;
  if (periodic_end_condition) {
    const double gap = ExtractDoubleOrThrow(MatrixX<T>(samples[0] - samples[N]))
                           .cwiseAbs()
                           .maxCoeff();
    if (gap > 1e-10) {
      ThrowLogicError(
          "PiecewisePolynomial::{}(): a periodic end condition needs the first "
          "and last samples to be equal; they differ by {}.",
          method, gap);
    }
  }
  auto slopes = SolveSplineSlopes<T>(
      breaks, samples,
      [&](const std::vector<T>& h, const std::vector<MatrixX<T>>& delta,
          const auto& flat, MatrixX<T>* A, MatrixX<T>* B) {
        if (periodic_end_condition) {
          // m_0 = m_N and y''(start) = y''(end), from the Hermite form
          // y''(0) = (6δ − 4m_i − 2m_{i+1})/h, y''(h) = (2m_i + 4m_{i+1} −
          // 6δ)/h.
          (*A)(0, 0) = 1;
          (*A)(0, N) = -1;
          (*A)(N, 0) = -4 / h[0];
          (*A)(N, 1) = -2 / h[0];
          (*A)(N, N - 1) += -2 / h[N - 1];
          (*A)(N, N) += -4 / h[N - 1];
          B->row(N) =
              -6 * flat(delta[0]) / h[0] - 6 * flat(delta[N - 1]) / h[N - 1];
        } else {
          // Not-a-knot: equal third derivatives (m_i + m_{i+1} − 2δ)/h² on
          // both sides of the second and of the second-to-last breaks.
          const T a0 = 1 / (h[0] * h[0]), a1 = 1 / (h[1] * h[1]);
          (*A)(0, 0) = a0;
          (*A)(0, 1) = a0 - a1;
          (*A)(0, 2) = -a1;
          B->row(0) = 2 * a0 * flat(delta[0]) - 2 * a1 * flat(delta[1]);
          const T b0 = 1 / (h[N - 2] * h[N - 2]),
                  b1 = 1 / (h[N - 1] * h[N - 1]);
          (*A)(N, N - 2) = b0;
          (*A)(N, N - 1) = b0 - b1;
          (*A)(N, N) = -b1;
          B->row(N) = 2 * b0 * flat(delta[N - 2]) - 2 * b1 * flat(delta[N - 1]);
        }
      });
  return PiecewisePolynomial<T>(breaks,
                                HermiteCoefficients(breaks, samples, slopes));
}

template <typename T>
PiecewisePolynomial<T>
PiecewisePolynomial<T>::CubicWithContinuousSecondDerivatives(
    const Eigen::Ref<const VectorX<T>>& breaks,
    const Eigen::Ref<const MatrixX<T>>& samples, bool periodic_end_condition) {
  return CubicWithContinuousSecondDerivatives(ToStdVector<T>(breaks),
                                              ColumnsToSamples<T>(samples),
                                              periodic_end_condition);
}

template <typename T>
std::unique_ptr<Trajectory<T>> PiecewisePolynomial<T>::Clone() const {
  return std::make_unique<PiecewisePolynomial<T>>(*this);
}

template <typename T>
T PiecewisePolynomial<T>::start_time() const {
  if (empty())
    ThrowLogicError("PiecewisePolynomial::start_time(): empty trajectory.");
  return breaks_.front();
}

template <typename T>
T PiecewisePolynomial<T>::end_time() const {
  if (empty())
    ThrowLogicError("PiecewisePolynomial::end_time(): empty trajectory.");
  return breaks_.back();
}

template <typename T>
MatrixX<T> PiecewisePolynomial<T>::value(const T& t) const {
  if (empty())
    ThrowLogicError("PiecewisePolynomial::value(): empty trajectory.");
  const int i = get_segment_index(t);
  const auto& c = coefficients_[i];
  if (c.size() == 1) return c[0];
  // Clamping time holds the end values outside the breaks. A symbolic time
  // with variables reaches here only with one segment (get_segment_index()
  // throws otherwise): its clamp is min(max(t, t_0), t_1), as the
  // reference's.
  T time = t;
  bool numeric_time = true;
  if constexpr (std::is_same_v<T, symbolic::Expression>) {
    if (!symbolic::is_constant(t)) {
      time = min(max(t, breaks_.front()), breaks_.back());
      numeric_time = false;
    }
  }
  if (numeric_time) {
    if (ToDouble(time) < ToDouble(breaks_.front())) time = breaks_.front();
    if (ToDouble(time) > ToDouble(breaks_.back())) time = breaks_.back();
  }
  const T s = time - breaks_[i];
  MatrixX<T> result = c.back();
  for (int k = static_cast<int>(c.size()) - 2; k >= 0; --k) {
    result = result * s + c[k];
  }
  return result;
}

template <typename T>
T PiecewisePolynomial<T>::scalarValue(const T& t, Eigen::Index row,
                                      Eigen::Index col) const {
  if (row < 0 || row >= rows_ || col < 0 || col >= cols_) {
    ThrowLogicError(
        "PiecewisePolynomial::scalarValue(): entry ({}, {}) is outside the "
        "{}×{} value.",
        row, col, rows_, cols_);
  }
  return value(t)(row, col);
}

template <typename T>
int PiecewisePolynomial<T>::getSegmentPolynomialDegree(int segment_index,
                                                       Eigen::Index row,
                                                       Eigen::Index col) const {
  CheckSegmentIndex("getSegmentPolynomialDegree", segment_index);
  const auto& c = coefficients_[segment_index];
  for (int k = static_cast<int>(c.size()) - 1; k > 0; --k) {
    if (ToDouble(c[k](row, col)) != 0.0) return k;
  }
  return 0;
}

template <typename T>
PiecewisePolynomial<T> PiecewisePolynomial<T>::derivative(
    int derivative_order) const {
  if (derivative_order < 0) {
    ThrowLogicError(
        "PiecewisePolynomial::derivative(): derivative_order must be >= 0, "
        "got {}.",
        derivative_order);
  }
  PiecewisePolynomial<T> result = *this;
  for (int n = 0; n < derivative_order; ++n) {
    for (auto& c : result.coefficients_) {
      if (c.size() == 1) {
        c[0].setZero();
        continue;
      }
      // d/dt Σ C_k s^k = Σ k C_k s^{k−1}.
      for (size_t k = 1; k < c.size(); ++k) c[k - 1] = c[k] * T(double(k));
      c.pop_back();
    }
  }
  return result;
}

template <typename T>
MatrixX<T> PiecewisePolynomial<T>::DoEvalDerivative(
    const T& t, int derivative_order) const {
  return derivative(derivative_order).value(t);
}

template <typename T>
std::unique_ptr<Trajectory<T>> PiecewisePolynomial<T>::DoMakeDerivative(
    int derivative_order) const {
  return std::make_unique<PiecewisePolynomial<T>>(derivative(derivative_order));
}

template <typename T>
void PiecewisePolynomial<T>::shiftRight(const T& offset) {
  for (T& t : breaks_) t += offset;
}

template <typename T>
void PiecewisePolynomial<T>::ScaleTime(const T& scale) {
  // A symbolic scale with variables is taken as given (no number to check),
  // as the reference does.
  bool decided = true;
  if constexpr (std::is_same_v<T, symbolic::Expression>) {
    decided = symbolic::is_constant(scale);
  }
  if (decided && !(ToDouble(scale) > 0.0)) {
    ThrowLogicError(
        "PiecewisePolynomial::ScaleTime(): scale must be positive, got {}.",
        ToDouble(scale));
  }
  for (T& t : breaks_) t *= scale;
  // y(t / s) = Σ C_k (t/s − t_i)^k = Σ (C_k / s^k) (t − s·t_i)^k.
  for (auto& c : coefficients_) {
    T factor(1.0);
    for (size_t k = 1; k < c.size(); ++k) {
      factor /= scale;
      c[k] *= factor;
    }
  }
}

template <typename T>
void PiecewisePolynomial<T>::ReverseTime() {
  if (empty()) return;
  const int n = get_number_of_segments();
  std::vector<T> breaks(breaks_.size());
  for (size_t i = 0; i < breaks_.size(); ++i) {
    breaks[i] = -breaks_[breaks_.size() - 1 - i];
  }
  std::vector<std::vector<MatrixX<T>>> coefficients(n);
  for (int i = 0; i < n; ++i) {
    const auto& c = coefficients_[i];
    auto& d = coefficients[n - 1 - i];
    if (c.size() == 1) {  // a constant (possibly on an infinite segment)
      d = c;
      continue;
    }
    // On the new segment τ = t_{i+1} − t, so t − t_i = h − τ and
    // Σ_k C_k (h − τ)^k = Σ_j [(−1)^j Σ_{k≥j} C(k, j) h^{k−j} C_k] τ^j.
    const T h = breaks_[i + 1] - breaks_[i];
    d.assign(c.size(), MatrixX<T>::Zero(rows_, cols_));
    for (size_t k = 0; k < c.size(); ++k) {
      double binomial = 1.0;  // C(k, j), updated as j grows
      T h_power(1.0);         // h^{k − j}, computed from the top down below
      std::vector<T> powers(k + 1, T(1.0));
      for (size_t m = 1; m <= k; ++m) powers[m] = powers[m - 1] * h;
      for (size_t j = 0; j <= k; ++j) {
        h_power = powers[k - j];
        const double sign = (j % 2 == 0) ? 1.0 : -1.0;
        d[j] += c[k] * (T(sign * binomial) * h_power);
        binomial =
            binomial * static_cast<double>(k - j) / static_cast<double>(j + 1);
      }
    }
  }
  breaks_ = std::move(breaks);
  coefficients_ = std::move(coefficients);
}

template <typename T>
PiecewisePolynomial<T> PiecewisePolynomial<T>::slice(int start_segment_index,
                                                     int num_segments) const {
  if (start_segment_index < 0 || num_segments < 1 ||
      start_segment_index + num_segments > get_number_of_segments()) {
    ThrowLogicError(
        "PiecewisePolynomial::slice(): segments [{}, {}) are not within the "
        "{} segments.",
        start_segment_index, start_segment_index + num_segments,
        get_number_of_segments());
  }
  PiecewisePolynomial<T> result;
  result.rows_ = rows_;
  result.cols_ = cols_;
  result.breaks_.assign(
      breaks_.begin() + start_segment_index,
      breaks_.begin() + start_segment_index + num_segments + 1);
  result.coefficients_.assign(
      coefficients_.begin() + start_segment_index,
      coefficients_.begin() + start_segment_index + num_segments);
  return result;
}

template <typename T>
void PiecewisePolynomial<T>::ConcatenateInTime(
    const PiecewisePolynomial<T>& other) {
  if (empty()) {
    *this = other;
    return;
  }
  if (other.empty()) return;
  if (other.rows_ != rows_ || other.cols_ != cols_) {
    ThrowLogicError(
        "PiecewisePolynomial::ConcatenateInTime(): other is {}×{}, this is "
        "{}×{}.",
        other.rows_, other.cols_, rows_, cols_);
  }
  const double gap = ToDouble(other.breaks_.front()) - ToDouble(breaks_.back());
  if (!(std::abs(gap) < 1e-10)) {
    ThrowLogicError(
        "PiecewisePolynomial::ConcatenateInTime(): other starts at {} but "
        "this ends at {}; they must meet.",
        ToDouble(other.breaks_.front()), ToDouble(breaks_.back()));
  }
  breaks_.insert(breaks_.end(), other.breaks_.begin() + 1, other.breaks_.end());
  coefficients_.insert(coefficients_.end(), other.coefficients_.begin(),
                       other.coefficients_.end());
}

namespace {
template <typename T>
void CheckAppend(const char* method, bool empty, double end, double time,
                 Eigen::Index rows, Eigen::Index cols,
                 const Eigen::Ref<const MatrixX<T>>& sample) {
  if (empty) {
    ThrowLogicError(
        "PiecewisePolynomial::{}(): the trajectory is empty; there is no "
        "end point to continue from.",
        method);
  }
  if (!(time > end)) {
    ThrowLogicError(
        "PiecewisePolynomial::{}(): time {} must be after the end time {}.",
        method, time, end);
  }
  if (sample.rows() != rows || sample.cols() != cols) {
    ThrowLogicError(
        "PiecewisePolynomial::{}(): the sample is {}×{}; the trajectory is "
        "{}×{}.",
        method, sample.rows(), sample.cols(), rows, cols);
  }
}
}  // namespace

template <typename T>
void PiecewisePolynomial<T>::AppendFirstOrderSegment(
    const T& time, const Eigen::Ref<const MatrixX<T>>& sample) {
  CheckAppend<T>("AppendFirstOrderSegment", empty(),
                 empty() ? 0.0 : ToDouble(end_time()), ToDouble(time), rows_,
                 cols_, sample);
  const T end = end_time();
  const MatrixX<T> y0 = value(end);
  const T h = time - end;
  coefficients_.push_back({y0, (MatrixX<T>(sample) - y0) / h});
  breaks_.push_back(time);
}

template <typename T>
void PiecewisePolynomial<T>::AppendCubicHermiteSegment(
    const T& time, const Eigen::Ref<const MatrixX<T>>& sample,
    const Eigen::Ref<const MatrixX<T>>& sample_dot) {
  CheckAppend<T>("AppendCubicHermiteSegment", empty(),
                 empty() ? 0.0 : ToDouble(end_time()), ToDouble(time), rows_,
                 cols_, sample);
  CheckAppend<T>("AppendCubicHermiteSegment", false, ToDouble(end_time()),
                 ToDouble(time), rows_, cols_, sample_dot);
  const T end = end_time();
  const MatrixX<T> y0 = value(end);
  const MatrixX<T> yd0 = derivative(1).value(end);
  const MatrixX<T> y1 = sample;
  const MatrixX<T> yd1 = sample_dot;
  const T h = time - end;
  // The Hermite cubic through (0, y0, ẏ0) and (h, y1, ẏ1).
  const MatrixX<T> c2 =
      (T(3.0) * (y1 - y0) - (T(2.0) * yd0 + yd1) * h) / (h * h);
  const MatrixX<T> c3 = (T(2.0) * (y0 - y1) + (yd0 + yd1) * h) / (h * h * h);
  coefficients_.push_back({y0, yd0, c2, c3});
  breaks_.push_back(time);
}

template <typename T>
void PiecewisePolynomial<T>::RemoveFinalSegment() {
  if (empty()) {
    ThrowLogicError(
        "PiecewisePolynomial::RemoveFinalSegment(): the trajectory is "
        "empty.");
  }
  coefficients_.pop_back();
  breaks_.pop_back();
  if (coefficients_.empty()) breaks_.clear();
}

template <typename T>
PiecewisePolynomial<T> PiecewisePolynomial<T>::Transpose() const {
  PiecewisePolynomial<T> result = *this;
  for (auto& c : result.coefficients_) {
    for (auto& m : c) m.transposeInPlace();
  }
  std::swap(result.rows_, result.cols_);
  return result;
}

template <typename T>
PiecewisePolynomial<T> PiecewisePolynomial<T>::Block(
    Eigen::Index start_row, Eigen::Index start_col, Eigen::Index block_rows,
    Eigen::Index block_cols) const {
  if (start_row < 0 || start_col < 0 || block_rows < 0 || block_cols < 0 ||
      start_row + block_rows > rows_ || start_col + block_cols > cols_) {
    ThrowLogicError(
        "PiecewisePolynomial::Block(): the {}×{} block at ({}, {}) is not "
        "within the {}×{} value.",
        block_rows, block_cols, start_row, start_col, rows_, cols_);
  }
  PiecewisePolynomial<T> result = *this;
  for (auto& c : result.coefficients_) {
    for (auto& m : c) {
      m = MatrixX<T>(m.block(start_row, start_col, block_rows, block_cols));
    }
  }
  result.rows_ = block_rows;
  result.cols_ = block_cols;
  return result;
}

template <typename T>
bool PiecewisePolynomial<T>::isApprox(const PiecewisePolynomial<T>& other,
                                      double tol, bool relative) const {
  if (rows_ != other.rows_ || cols_ != other.cols_ ||
      get_number_of_segments() != other.get_number_of_segments()) {
    return false;
  }
  auto close = [&](double a, double b) {
    if (a == b) return true;  // infinite breaks of constant trajectories
    const double bound =
        relative ? tol * std::max(std::abs(a), std::abs(b)) : tol;
    return std::abs(a - b) <= bound;
  };
  for (size_t i = 0; i < breaks_.size(); ++i) {
    const double a = ToDouble(breaks_[i]);
    const double b = ToDouble(other.breaks_[i]);
    if (!(a == b || std::abs(a - b) <= tol)) return false;
  }
  for (size_t i = 0; i < coefficients_.size(); ++i) {
    const auto& c = coefficients_[i];
    const auto& d = other.coefficients_[i];
    const size_t degree = std::max(c.size(), d.size());
    for (size_t k = 0; k < degree; ++k) {
      for (Eigen::Index r = 0; r < rows_; ++r) {
        for (Eigen::Index col = 0; col < cols_; ++col) {
          const double a = k < c.size() ? ToDouble(c[k](r, col)) : 0.0;
          const double b = k < d.size() ? ToDouble(d[k](r, col)) : 0.0;
          if (!close(a, b)) return false;
        }
      }
    }
  }
  return true;
}

template <typename T>
PiecewisePolynomial<T> PiecewisePolynomial<T>::operator+(
    const PiecewisePolynomial<T>& other) const {
  bool same = rows_ == other.rows_ && cols_ == other.cols_ &&
              breaks_.size() == other.breaks_.size();
  for (size_t i = 0; same && i < breaks_.size(); ++i) {
    const double a = ToDouble(breaks_[i]);
    const double b = ToDouble(other.breaks_[i]);
    same = a == b || std::abs(a - b) < 1e-10;
  }
  if (!same) {
    ThrowLogicError(
        "PiecewisePolynomial + PiecewisePolynomial: the operands must have "
        "the same sizes and segment times.");
  }
  PiecewisePolynomial<T> result = *this;
  for (size_t i = 0; i < coefficients_.size(); ++i) {
    auto& c = result.coefficients_[i];
    const auto& d = other.coefficients_[i];
    if (d.size() > c.size()) {
      c.resize(d.size(), MatrixX<T>::Zero(rows_, cols_));
    }
    for (size_t k = 0; k < d.size(); ++k) c[k] += d[k];
  }
  return result;
}

}  // namespace trajectories
}  // namespace ossa

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::trajectories::PiecewisePolynomial);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::trajectories::PiecewisePolynomial);
