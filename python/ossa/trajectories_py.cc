// Bindings of ossa.trajectories: Trajectory, PiecewiseTrajectory,
// PiecewisePolynomial, BezierCurve, BsplineTrajectory (each on float,
// AutoDiffXd and Expression) and ExponentialPlusPiecewisePolynomial (float);
// and ossa.math's BsplineBasis (three scalars) and KnotVectorType
// (DefineMathBspline, called with the math module).

#include <nanobind/stl/array.h>
#include <nanobind/trampoline.h>

#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/common/trajectories/bezier_curve.h"
#include "ossa/common/trajectories/bspline_basis.h"
#include "ossa/common/trajectories/bspline_trajectory.h"
#include "ossa/common/trajectories/exponential_plus_piecewise_polynomial.h"
#include "ossa/common/trajectories/piecewise_polynomial.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using math::BsplineBasis;
using math::KnotVectorType;
using trajectories::BezierCurve;
using trajectories::BsplineTrajectory;
using trajectories::ExponentialPlusPiecewisePolynomial;
using trajectories::PiecewisePolynomial;
using trajectories::PiecewiseTrajectory;
using trajectories::Trajectory;

// A matrix returned by Python (2-d, or 1-d for a column) as MatrixX<T>.
template <typename T>
MatrixX<T> ToMatrix(nb::handle value, const char* where) {
  nb::object array = nb::module_::import_("numpy").attr("asarray")(value);
  const int ndim = nb::cast<int>(array.attr("ndim"));
  if (ndim == 0 || ndim == 1) {
    array = array.attr("reshape")(-1, 1);
  } else if (ndim != 2) {
    throw nb::value_error((std::string(where) +
                           ": expected a matrix, got an array of " +
                           std::to_string(ndim) + " dimensions")
                              .c_str());
  }
  if constexpr (std::is_same_v<T, double>) {
    array = array.attr("astype")("float64");
  }
  return nb::cast<MatrixX<T>>(array);
}

// A trajectory implemented by a Python object (a Python subclass of
// Trajectory): every call goes to the object's methods. What Clone() of a
// Python subclass returns to C++.
template <typename T>
class PyObjectTrajectory final : public Trajectory<T> {
 public:
  explicit PyObjectTrajectory(nb::object obj) : obj_(std::move(obj)) {}
  ~PyObjectTrajectory() override {
    nb::gil_scoped_acquire gil;
    obj_.reset();
  }
  std::unique_ptr<Trajectory<T>> Clone() const override {
    nb::gil_scoped_acquire gil;
    return std::make_unique<PyObjectTrajectory<T>>(obj_.attr("Clone")());
  }
  MatrixX<T> value(const T& t) const override {
    nb::gil_scoped_acquire gil;
    return ToMatrix<T>(obj_.attr("value")(t), "Trajectory.value()");
  }
  bool has_derivative() const override {
    nb::gil_scoped_acquire gil;
    return nb::cast<bool>(obj_.attr("has_derivative")());
  }
  Eigen::Index rows() const override {
    nb::gil_scoped_acquire gil;
    return nb::cast<Eigen::Index>(obj_.attr("rows")());
  }
  Eigen::Index cols() const override {
    nb::gil_scoped_acquire gil;
    return nb::cast<Eigen::Index>(obj_.attr("cols")());
  }
  T start_time() const override {
    nb::gil_scoped_acquire gil;
    return nb::cast<T>(obj_.attr("start_time")());
  }
  T end_time() const override {
    nb::gil_scoped_acquire gil;
    return nb::cast<T>(obj_.attr("end_time")());
  }

 protected:
  MatrixX<T> DoEvalDerivative(const T& t, int order) const override {
    nb::gil_scoped_acquire gil;
    return ToMatrix<T>(obj_.attr("EvalDerivative")(t, order),
                       "Trajectory.EvalDerivative()");
  }

 private:
  nb::object obj_;
};

// Trajectory subclassed in Python, with the reference's names for what the
// subclass defines: `Trajectory.__init__(self)`, then do_value(t),
// do_rows(), do_cols(), do_start_time(), do_end_time(), and optionally
// do_has_derivative(), DoEvalDerivative(t, derivative_order) and
// DoMakeDerivative(derivative_order). C++ clones the object with
// copy.deepcopy (so a subclass that holds state defines __deepcopy__).
template <typename T>
class PyTrajectory : public Trajectory<T> {
 public:
  NB_TRAMPOLINE(Trajectory<T>);

  std::unique_ptr<Trajectory<T>> Clone() const override {
    nb::gil_scoped_acquire gil;
    nb::object copy = nb::module_::import_("copy").attr("deepcopy")(
        nb::borrow<nb::object>(nb_trampoline.base()));
    return std::make_unique<PyObjectTrajectory<T>>(std::move(copy));
  }
  MatrixX<T> value(const T& t) const override {
    nb::detail::ticket ticket(nb_trampoline, "do_value",
                              nb::detail::str_hash("do_value"), true);
    return ToMatrix<T>(nb_trampoline.base().attr(ticket.key)(t),
                       "Trajectory.do_value()");
  }
  // The optional methods are not bound on Trajectory itself, so a Python
  // subclass defines them or does not have them.
  bool has_derivative() const override {
    nb::gil_scoped_acquire gil;
    nb::handle self = nb_trampoline.base();
    if (!nb::hasattr(self, "do_has_derivative")) return false;
    return nb::cast<bool>(self.attr("do_has_derivative")());
  }
  Eigen::Index rows() const override { NB_OVERRIDE_PURE_NAME("do_rows", rows); }
  Eigen::Index cols() const override { NB_OVERRIDE_PURE_NAME("do_cols", cols); }
  T start_time() const override {
    NB_OVERRIDE_PURE_NAME("do_start_time", start_time);
  }
  T end_time() const override {
    NB_OVERRIDE_PURE_NAME("do_end_time", end_time);
  }

 protected:
  MatrixX<T> DoEvalDerivative(const T& t, int order) const override {
    {
      nb::gil_scoped_acquire gil;
      nb::handle self = nb_trampoline.base();
      if (nb::hasattr(self, "DoEvalDerivative")) {
        return ToMatrix<T>(self.attr("DoEvalDerivative")(t, order),
                           "Trajectory.DoEvalDerivative()");
      }
    }
    return Trajectory<T>::DoEvalDerivative(t, order);
  }
  std::unique_ptr<Trajectory<T>> DoMakeDerivative(int order) const override {
    {
      nb::gil_scoped_acquire gil;
      nb::handle self = nb_trampoline.base();
      if (nb::hasattr(self, "DoMakeDerivative")) {
        return std::make_unique<PyObjectTrajectory<T>>(
            self.attr("DoMakeDerivative")(order));
      }
    }
    return Trajectory<T>::DoMakeDerivative(order);
  }
};

// The members of Trajectory_[T] (bound with or without a trampoline).
template <typename T, typename Class>
void DefTrajectoryMethods(Class cls) {
  cls.def("value", &Trajectory<T>::value, nb::arg("t"))
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
}

// BezierCurve_[T].
template <typename T>
void DefineBezierCurve(nb::module_ m) {
  using BC = BezierCurve<T>;
  using MatRef = const Eigen::Ref<const MatrixX<T>>&;
  auto bezier = DefineTemplateClassWithDefault<BC, Trajectory<T>>(
      m, "BezierCurve", GetPyParam<T>(),
      "A Bézier curve: y(t) = Σ_i b_{i,n}(s) P_i, s = (t − t0)/(t1 − t0), "
      "with the control points P_i the columns of control_points.");
  bezier.def(nb::init<>())
      .def(nb::init<double, double, MatRef>(), nb::arg("start_time"),
           nb::arg("end_time"), nb::arg("control_points"))
      .def("order", &BC::order)
      .def("BernsteinBasis", &BC::BernsteinBasis, nb::arg("i"), nb::arg("time"),
           nb::arg("order").none() = nb::none())
      .def("control_points", &BC::control_points, nb::rv_policy::copy)
      .def("AsLinearInControlPoints", &BC::AsLinearInControlPoints,
           nb::arg("derivative_order") = 1)
      .def("ElevateOrder", &BC::ElevateOrder)
      .def("GetExpression", &BC::GetExpression,
           nb::arg("time") = symbolic::Variable("t"));
  DefCopyAndDeepCopy(bezier);
}

template <typename T>
void DoDefineTrajectories(nb::module_ m) {
  const nb::tuple param = GetPyParam<T>();
  using PP = PiecewisePolynomial<T>;
  using VecRef = const Eigen::Ref<const VectorX<T>>&;
  using MatRef = const Eigen::Ref<const MatrixX<T>>&;
  using Samples = const std::vector<MatrixX<T>>&;
  using Breaks = const std::vector<T>&;

  DefTrajectoryMethods<T>(
      DefineTemplateClassWithDefault<Trajectory<T>, PyTrajectory<T>>(
          m, "Trajectory", param,
          "A matrix-valued function of time y(t). Subclass it in Python: "
          "call Trajectory.__init__(self) and define do_value(t), do_rows(), "
          "do_cols(), do_start_time(), do_end_time() (and "
          "do_has_derivative(), DoEvalDerivative(t, derivative_order) for "
          "derivatives).")
          .def(nb::init<>()));

  using PT = PiecewiseTrajectory<T>;
  DefineTemplateClassWithDefault<PT, Trajectory<T>>(
      m, "PiecewiseTrajectory", param,
      "The base of trajectories defined segment by segment between "
      "strictly increasing breaks.")
      .def("get_number_of_segments", &PT::get_number_of_segments)
      .def("start_time", nb::overload_cast<int>(&PT::start_time, nb::const_),
           nb::arg("segment_index"))
      .def("end_time", nb::overload_cast<int>(&PT::end_time, nb::const_),
           nb::arg("segment_index"))
      .def("start_time", nb::overload_cast<>(&PT::start_time, nb::const_))
      .def("end_time", nb::overload_cast<>(&PT::end_time, nb::const_))
      .def("duration", &PT::duration, nb::arg("segment_index"))
      .def(
          "is_time_in_range",
          [](const PT& self, const T& t) {
            // On Expression the answer is the Formula t_0 ≤ t ∧ t ≤ t_n (a
            // symbolic t has no truth value), as the reference's.
            if constexpr (std::is_same_v<T, symbolic::Expression>) {
              if (self.get_number_of_segments() == 0) {
                return symbolic::Formula::False();
              }
              return symbolic::Formula(self.start_time() <= t &&
                                       t <= self.end_time());
            } else {
              return self.is_time_in_range(t);
            }
          },
          nb::arg("t"))
      .def("get_segment_index", &PT::get_segment_index, nb::arg("t"))
      .def("get_segment_times", &PT::get_segment_times);

  auto cls = DefineTemplateClassWithDefault<PP, PT>(
      m, "PiecewisePolynomial", param,
      "A piecewise polynomial matrix trajectory (holds, Hermite, splines).");
  cls.def(nb::init<>())
      .def(nb::init<MatRef>(), nb::arg("constant_value"))
      .def(
          "__init__",
          [](PP* self, const VectorX<T>& constant_value) {
            new (self) PP(MatrixX<T>(constant_value));
          },
          nb::arg("constant_value"),
          "A constant trajectory; a vector is a column.")
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
      // The reference's other keyword name for the same argument.
      .def_static("CubicWithContinuousSecondDerivatives",
                  nb::overload_cast<Breaks, Samples, bool>(
                      &PP::CubicWithContinuousSecondDerivatives),
                  nb::arg("breaks"), nb::arg("samples"),
                  nb::arg("periodic_end"))
      .def_static("CubicWithContinuousSecondDerivatives",
                  nb::overload_cast<Breaks, Samples, const MatrixX<T>&,
                                    const MatrixX<T>&>(
                      &PP::CubicWithContinuousSecondDerivatives),
                  nb::arg("breaks"), nb::arg("samples"),
                  nb::arg("sample_dot_at_start"), nb::arg("sample_dot_at_end"))
      .def("derivative", &PP::derivative, nb::arg("derivative_order") = 1)
      .def("scalarValue", &PP::scalarValue, nb::arg("t"), nb::arg("row") = 0,
           nb::arg("col") = 0)
      .def("getSegmentPolynomialDegree", &PP::getSegmentPolynomialDegree,
           nb::arg("segment_index"), nb::arg("row") = 0, nb::arg("col") = 0)
      .def("empty", &PP::empty)
      .def("shiftRight", &PP::shiftRight, nb::arg("offset"))
      .def("ScaleTime", &PP::ScaleTime, nb::arg("scale"))
      .def("ReverseTime", &PP::ReverseTime)
      .def("slice", &PP::slice, nb::arg("start_segment_index"),
           nb::arg("num_segments"))
      .def("ConcatenateInTime", &PP::ConcatenateInTime, nb::arg("other"))
      .def("AppendFirstOrderSegment", &PP::AppendFirstOrderSegment,
           nb::arg("time"), nb::arg("sample"))
      .def("AppendCubicHermiteSegment", &PP::AppendCubicHermiteSegment,
           nb::arg("time"), nb::arg("sample"), nb::arg("sample_dot"))
      .def("RemoveFinalSegment", &PP::RemoveFinalSegment)
      .def("Transpose", &PP::Transpose)
      .def("Block", &PP::Block, nb::arg("start_row"), nb::arg("start_col"),
           nb::arg("block_rows"), nb::arg("block_cols"))
      .def(
          "isApprox",
          [](const PP& self, const PP& other, double tol, nb::handle tol_type) {
            // ToleranceType (ossa.common): kAbsolute = 0, kRelative = 1.
            const bool relative = tol_type.is_none() ||
                                  nb::cast<int>(tol_type.attr("value")) != 0;
            return self.isApprox(other, tol, relative);
          },
          nb::arg("other"), nb::arg("tol"),
          nb::arg("tol_type").none() = nb::none(),
          "Whether `other` has the same segment times and coefficients "
          "within tol (relative unless tol_type is ToleranceType.kAbsolute; "
          "None means kRelative).")
      .def(
          "__add__", [](const PP& a, const PP& b) { return a + b; },
          nb::is_operator());
  DefCopyAndDeepCopy(cls);

  DefineBezierCurve<T>(m);

  using BT = BsplineTrajectory<T>;
  auto bspline = DefineTemplateClassWithDefault<BT, Trajectory<T>>(
      m, "BsplineTrajectory", param,
      "A B-spline trajectory y(t) = Σ_i B_i(t) P_i on a BsplineBasis.");
  bspline.def(nb::init<>())
      .def(
          "__init__",
          [](BT* self, const BsplineBasis<T>& basis,
             const std::vector<nb::object>& control_points) {
            // As the reference: a list of matrices is the control points; a
            // list of lists or vectors is the rows of one matrix whose
            // columns are the (vector) control points.
            nb::object numpy = nb::module_::import_("numpy");
            bool all_rows = !control_points.empty();
            for (const nb::object& point : control_points) {
              all_rows =
                  all_rows && nb::cast<int>(numpy.attr("ndim")(point)) <= 1;
            }
            std::vector<MatrixX<T>> points;
            if (all_rows) {
              const MatrixX<T> matrix =
                  ToMatrix<T>(numpy.attr("vstack")(nb::cast(control_points)),
                              "BsplineTrajectory(control_points)");
              for (Eigen::Index j = 0; j < matrix.cols(); ++j) {
                points.push_back(matrix.col(j));
              }
            } else {
              for (const nb::object& point : control_points) {
                points.push_back(
                    ToMatrix<T>(point, "BsplineTrajectory(control_points)"));
              }
            }
            new (self) BT(basis, std::move(points));
          },
          nb::arg("basis"), nb::arg("control_points"),
          "control_points: a list of matrices (the control points), or a "
          "list of rows (lists or vectors) of the matrix whose columns are "
          "the control points.")
      .def("basis", &BT::basis, nb::rv_policy::copy)
      .def("control_points", &BT::control_points, nb::rv_policy::copy)
      .def("num_control_points", &BT::num_control_points)
      .def("InitialValue", &BT::InitialValue)
      .def("FinalValue", &BT::FinalValue)
      .def("InsertKnots", &BT::InsertKnots, nb::arg("additional_knots"))
      .def("CopyBlock", &BT::CopyBlock, nb::arg("start_row"),
           nb::arg("start_col"), nb::arg("block_rows"), nb::arg("block_cols"))
      .def("CopyHead", &BT::CopyHead, nb::arg("n"))
      .def("AsLinearInControlPoints", &BT::AsLinearInControlPoints,
           nb::arg("derivative_order") = 1)
      .def("EvaluateLinearInControlPoints", &BT::EvaluateLinearInControlPoints,
           nb::arg("parameter_value"), nb::arg("derivative_order") = 0);
  DefCopyAndDeepCopy(bspline);

  if constexpr (std::is_same_v<T, double>) {
    using EP = ExponentialPlusPiecewisePolynomial<T>;
    auto eppp = DefineTemplateClassWithDefault<EP, PT>(
        m, "ExponentialPlusPiecewisePolynomial", param,
        "y(t) = K exp(A (t − t_j)) alpha_j + P(t) on segment j of the "
        "piecewise polynomial P.");
    eppp.def(nb::init<MatRef, MatRef, MatRef, const PP&>(), nb::arg("K"),
             nb::arg("A"), nb::arg("alpha"),
             nb::arg("piecewise_polynomial_part"))
        .def("shiftRight", &EP::shiftRight, nb::arg("offset"));
    DefCopyAndDeepCopy(eppp);
  }
}

template <typename T>
void DoDefineBsplineBasis(nb::module_ m) {
  using BB = BsplineBasis<T>;
  auto cls = DefineTemplateClassWithDefault<BB>(
      m, "BsplineBasis", GetPyParam<T>(),
      "The B-spline basis functions of an order on a knot vector.");
  cls.def(nb::init<>())
      .def(nb::init<int, std::vector<T>>(), nb::arg("order"), nb::arg("knots"))
      .def(nb::init<int, int, KnotVectorType, const T&, const T&>(),
           nb::arg("order"), nb::arg("num_basis_functions"),
           nb::arg("type") = KnotVectorType::kClampedUniform,
           nb::arg("initial_parameter_value") = 0.0,
           nb::arg("final_parameter_value") = 1.0)
      .def(nb::init<const BB&>(), nb::arg("other"))
      .def("order", &BB::order)
      .def("degree", &BB::degree)
      .def("num_basis_functions", &BB::num_basis_functions)
      .def("knots", &BB::knots)
      .def("initial_parameter_value", &BB::initial_parameter_value)
      .def("final_parameter_value", &BB::final_parameter_value)
      .def("FindContainingInterval", &BB::FindContainingInterval,
           nb::arg("parameter_value"))
      .def("ComputeActiveBasisFunctionIndices",
           nb::overload_cast<const std::array<T, 2>&>(
               &BB::ComputeActiveBasisFunctionIndices, nb::const_),
           nb::arg("parameter_interval"))
      .def("ComputeActiveBasisFunctionIndices",
           nb::overload_cast<const T&>(&BB::ComputeActiveBasisFunctionIndices,
                                       nb::const_),
           nb::arg("parameter_value"))
      .def(
          "EvaluateCurve",
          [](const BB& self, const std::vector<nb::object>& control_points,
             const T& parameter_value) {
            std::vector<MatrixX<T>> points;
            for (const nb::object& point : control_points) {
              points.push_back(
                  ToMatrix<T>(point, "BsplineBasis.EvaluateCurve()"));
            }
            // Vector control points give a vector, as the reference.
            const MatrixX<T> value =
                self.EvaluateCurve(points, parameter_value);
            return VectorX<T>(
                Eigen::Map<const VectorX<T>>(value.data(), value.size()));
          },
          nb::arg("control_points"), nb::arg("parameter_value"))
      .def("EvaluateBasisFunctionI", &BB::EvaluateBasisFunctionI, nb::arg("i"),
           nb::arg("parameter_value"))
      .def(
          "EvaluateLinearInControlPoints",
          [](const BB& self, const T& parameter_value) {
            return self.EvaluateLinearInControlPoints(parameter_value, 0);
          },
          nb::arg("parameter_value"))
      .def(nb::self == nb::self);
  DefCopyAndDeepCopy(cls);
}

}  // namespace

void DefineTrajectories(nb::module_ m) {
  m.doc() = "Bindings for ossa.trajectories.";
  type_visit(
      [m](auto tag) { DoDefineTrajectories<typename decltype(tag)::type>(m); },
      DefaultScalars{});
  DoDefineTrajectories<symbolic::Expression>(m);
}

void DefineMathBspline(nb::module_ m) {
  nb::enum_<KnotVectorType>(m, "KnotVectorType")
      .value("kUniform", KnotVectorType::kUniform)
      .value("kClampedUniform", KnotVectorType::kClampedUniform);
  type_visit(
      [m](auto tag) { DoDefineBsplineBasis<typename decltype(tag)::type>(m); },
      DefaultScalars{});
  DoDefineBsplineBasis<symbolic::Expression>(m);
}

}  // namespace ossa::py
