// Bindings of ossa.trajectories (float scalar): Trajectory and
// PiecewisePolynomial, as needed by systems.primitives.TrajectorySource.

#include <memory>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/common/trajectories/piecewise_polynomial.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using trajectories::PiecewisePolynomial;
using trajectories::Trajectory;

template <typename T>
void DoDefineTrajectories(nb::module_ m) {
  const nb::tuple param = GetPyParam<T>();
  using PP = PiecewisePolynomial<T>;
  using VecRef = const Eigen::Ref<const VectorX<T>>&;
  using MatRef = const Eigen::Ref<const MatrixX<T>>&;
  using Samples = const std::vector<MatrixX<T>>&;
  using Breaks = const std::vector<T>&;

  DefineTemplateClassWithDefault<Trajectory<T>>(
      m, "Trajectory", param, "A matrix-valued function of time y(t).")
      .def("value", &Trajectory<T>::value, nb::arg("t"))
      .def("EvalDerivative", &Trajectory<T>::EvalDerivative, nb::arg("t"),
           nb::arg("derivative_order") = 1)
      .def("MakeDerivative", &Trajectory<T>::MakeDerivative,
           nb::arg("derivative_order") = 1)
      .def("has_derivative", &Trajectory<T>::has_derivative)
      .def("rows", &Trajectory<T>::rows)
      .def("cols", &Trajectory<T>::cols)
      .def("start_time", &Trajectory<T>::start_time)
      .def("end_time", &Trajectory<T>::end_time)
      .def("Clone", &Trajectory<T>::Clone);

  auto cls = DefineTemplateClassWithDefault<PP, Trajectory<T>>(
      m, "PiecewisePolynomial", param,
      "A piecewise polynomial matrix trajectory (holds, Hermite, splines).");
  cls.def(nb::init<>())
      .def(nb::init<MatRef>(), nb::arg("constant_value"))
      .def_static("ZeroOrderHold",
                  nb::overload_cast<VecRef, MatRef>(&PP::ZeroOrderHold),
                  nb::arg("breaks"), nb::arg("samples"))
      .def_static("ZeroOrderHold",
                  nb::overload_cast<Breaks, Samples>(&PP::ZeroOrderHold),
                  nb::arg("breaks"), nb::arg("samples"))
      .def_static("FirstOrderHold",
                  nb::overload_cast<VecRef, MatRef>(&PP::FirstOrderHold),
                  nb::arg("breaks"), nb::arg("samples"))
      .def_static("FirstOrderHold",
                  nb::overload_cast<Breaks, Samples>(&PP::FirstOrderHold),
                  nb::arg("breaks"), nb::arg("samples"))
      .def_static("CubicHermite",
                  nb::overload_cast<VecRef, MatRef, MatRef>(&PP::CubicHermite),
                  nb::arg("breaks"), nb::arg("samples"), nb::arg("samples_dot"))
      .def_static(
          "CubicHermite",
          nb::overload_cast<Breaks, Samples, Samples>(&PP::CubicHermite),
          nb::arg("breaks"), nb::arg("samples"), nb::arg("samples_dot"))
      .def_static("CubicWithContinuousSecondDerivatives",
                  nb::overload_cast<VecRef, MatRef, bool>(
                      &PP::CubicWithContinuousSecondDerivatives),
                  nb::arg("breaks"), nb::arg("samples"),
                  nb::arg("periodic_end_condition") = false)
      .def_static("CubicWithContinuousSecondDerivatives",
                  nb::overload_cast<Breaks, Samples, bool>(
                      &PP::CubicWithContinuousSecondDerivatives),
                  nb::arg("breaks"), nb::arg("samples"),
                  nb::arg("periodic_end_condition") = false)
      .def_static("CubicWithContinuousSecondDerivatives",
                  nb::overload_cast<Breaks, Samples, const MatrixX<T>&,
                                    const MatrixX<T>&>(
                      &PP::CubicWithContinuousSecondDerivatives),
                  nb::arg("breaks"), nb::arg("samples"),
                  nb::arg("sample_dot_at_start"), nb::arg("sample_dot_at_end"))
      .def("derivative", &PP::derivative, nb::arg("derivative_order") = 1)
      .def("scalarValue", &PP::scalarValue, nb::arg("t"), nb::arg("row") = 0,
           nb::arg("col") = 0)
      .def("get_number_of_segments", &PP::get_number_of_segments)
      .def("start_time", nb::overload_cast<int>(&PP::start_time, nb::const_),
           nb::arg("segment_index"))
      .def("end_time", nb::overload_cast<int>(&PP::end_time, nb::const_),
           nb::arg("segment_index"))
      .def("start_time", nb::overload_cast<>(&PP::start_time, nb::const_))
      .def("end_time", nb::overload_cast<>(&PP::end_time, nb::const_))
      .def("duration", &PP::duration, nb::arg("segment_index"))
      .def("get_segment_times", &PP::get_segment_times)
      .def("get_segment_index", &PP::get_segment_index, nb::arg("t"))
      .def("getSegmentPolynomialDegree", &PP::getSegmentPolynomialDegree,
           nb::arg("segment_index"), nb::arg("row") = 0, nb::arg("col") = 0)
      .def("empty", &PP::empty);
  DefCopyAndDeepCopy(cls);
}

}  // namespace

void DefineTrajectories(nb::module_ m) {
  m.doc() = "Bindings for ossa.trajectories.";
  DoDefineTrajectories<double>(m);
}

}  // namespace ossa::py
