#include <cmath>
#include <optional>
#include <string>

#include "ossa/bindings.h"
#include "ossa/common/error.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// Arithmetic is written out here (value and chain rule) rather than taken
// from Eigen's AutoDiffScalar operators for two reasons: Eigen resizes an
// operand's empty derivative vector in place (which would mutate the Python
// object on the other side of the operator), and it asserts, rather than
// reports, on derivative vectors of different sizes.

// Returns the common derivative size of a and b (an empty vector counts as
// all-zero and takes the other's size); throws if both are non-empty and
// differ.
Eigen::Index CommonSize(const char* op, const AutoDiffXd& a,
                        const AutoDiffXd& b) {
  const Eigen::Index na = a.derivatives().size(), nb = b.derivatives().size();
  if (na != 0 && nb != 0 && na != nb) {
    ThrowLogicError(
        "AutoDiffXd.{}: the operands have {} and {} derivatives; expected the "
        "same number (or none, for a constant).",
        op, na, nb);
  }
  return na != 0 ? na : nb;
}

// r = value, dr = ca * da + cb * db.
AutoDiffXd Combine(const char* op, double value, const AutoDiffXd& a, double ca,
                   const AutoDiffXd& b, double cb) {
  const Eigen::Index n = CommonSize(op, a, b);
  AutoDiffXd r;
  r.value() = value;
  r.derivatives() = VectorXd::Zero(n);
  if (a.derivatives().size() != 0) r.derivatives() += ca * a.derivatives();
  if (b.derivatives().size() != 0) r.derivatives() += cb * b.derivatives();
  return r;
}

// r = value, dr = c * da.
AutoDiffXd Chain(double value, const AutoDiffXd& a, double c) {
  AutoDiffXd r;
  r.value() = value;
  r.derivatives() = c * a.derivatives();
  return r;
}

AutoDiffXd Add(const AutoDiffXd& a, const AutoDiffXd& b) {
  return Combine("__add__", a.value() + b.value(), a, 1.0, b, 1.0);
}
AutoDiffXd Sub(const AutoDiffXd& a, const AutoDiffXd& b) {
  return Combine("__sub__", a.value() - b.value(), a, 1.0, b, -1.0);
}
AutoDiffXd Mul(const AutoDiffXd& a, const AutoDiffXd& b) {
  return Combine("__mul__", a.value() * b.value(), a, b.value(), b, a.value());
}
AutoDiffXd Div(const AutoDiffXd& a, const AutoDiffXd& b) {
  // d(a/b) = da/b - a db/b^2
  const double q = a.value() / b.value();
  return Combine("__truediv__", q, a, 1.0 / b.value(), b, -q / b.value());
}

bool IsZero(const VectorXd& d) { return d.size() == 0 || d.isZero(0.0); }

// a^p for a constant exponent p.
AutoDiffXd PowConst(const AutoDiffXd& a, double p) {
  using std::pow;
  const double v = pow(a.value(), p);
  // d(a^p) = p a^(p-1) da; with p == 0 the result is constant (this also
  // avoids 0 * inf at a == 0).
  const double c = p == 0.0 ? 0.0 : p * pow(a.value(), p - 1.0);
  return Chain(v, a, c);
}

// a^b with both varying: d = b a^(b-1) da + a^b ln(a) db. The ln(a) term is
// skipped when db is zero, so negative bases with constant exponents work.
AutoDiffXd Pow(const AutoDiffXd& a, const AutoDiffXd& b) {
  using std::log;
  using std::pow;
  if (IsZero(b.derivatives())) {
    AutoDiffXd r = PowConst(a, b.value());
    if (r.derivatives().size() == 0 && b.derivatives().size() != 0)
      r.derivatives() = VectorXd::Zero(b.derivatives().size());
    return r;
  }
  const double v = pow(a.value(), b.value());
  const double ca =
      b.value() == 0.0 ? 0.0 : b.value() * pow(a.value(), b.value() - 1);
  return Combine("__pow__", v, a, ca, b, v * log(a.value()));
}

// c^b for a constant base c.
AutoDiffXd RPow(double c, const AutoDiffXd& b) {
  using std::log;
  using std::pow;
  const double v = pow(c, b.value());
  if (IsZero(b.derivatives())) return Chain(v, b, 0.0);
  return Chain(v, b, v * log(c));
}

AutoDiffXd Atan2(const AutoDiffXd& y, const AutoDiffXd& x) {
  // d atan2(y, x) = (x dy - y dx) / (x^2 + y^2)
  using std::atan2;
  const double r2 = x.value() * x.value() + y.value() * y.value();
  return Combine("atan2", atan2(y.value(), x.value()), y, x.value() / r2, x,
                 -y.value() / r2);
}

AutoDiffXd Min(const AutoDiffXd& a, const AutoDiffXd& b) {
  CommonSize("min", a, b);
  return b.value() < a.value() ? b : a;
}
AutoDiffXd Max(const AutoDiffXd& a, const AutoDiffXd& b) {
  CommonSize("max", a, b);
  return b.value() > a.value() ? b : a;
}

AutoDiffXd Constant(double v) { return AutoDiffXd(v); }

std::string Repr(const AutoDiffXd& self) {
  // Python's repr of the float (1.0, not 1), as the reference prints it.
  const std::string value =
      nb::cast<std::string>(nb::repr(nb::float_(self.value())));
  return "<AutoDiffXd " + value +
         " nderiv=" + std::to_string(self.derivatives().size()) + ">";
}

std::string Str(const AutoDiffXd& self) {
  const std::string value =
      nb::cast<std::string>(nb::repr(nb::float_(self.value())));
  return "AD{" + value +
         ", nderiv=" + std::to_string(self.derivatives().size()) + "}";
}

void DefineAutoDiffXd(nb::module_ m) {
  using AD = AutoDiffXd;
  nb::class_<AD> cls(
      m, "AutoDiffXd",
      "A scalar that carries a value and a vector of partial derivatives "
      "(forward-mode automatic differentiation). An empty derivatives "
      "vector means all partials are zero.");
  cls.def(nb::init_implicit<double>(), nb::arg("value"),
          "A constant: the value with no derivatives.")
      .def(
          "__init__",
          [](AD* self, double value, nb::handle derivatives) {
            // Any sequence of numbers, 1-d or a column (n x 1) as the
            // reference accepts (nanobind's Eigen caster takes arrays only).
            nb::object arr = nb::module_::import_("numpy").attr("asarray")(
                derivatives, nb::arg("dtype") = "float64");
            const int ndim = nb::cast<int>(arr.attr("ndim"));
            const bool column =
                ndim == 2 && nb::cast<int>(arr.attr("shape")[1]) == 1;
            if (ndim != 1 && !column) {
              ThrowLogicError(
                  "AutoDiffXd(value, derivatives): expected a vector of "
                  "derivatives (1-d or one column); got an array of shape "
                  "{}.",
                  nb::cast<std::string>(nb::repr(arr.attr("shape"))));
            }
            new (self) AD(value, nb::cast<VectorXd>(arr.attr("reshape")(-1)));
          },
          nb::arg("value"), nb::arg("derivatives"),
          "The value with the given vector of partial derivatives.")
      .def(
          "__init__",
          [](AD* self, double value, int size, int offset) {
            if (size < 0 || offset < 0 || offset >= size) {
              throw nb::value_error(
                  ("AutoDiffXd(value, size, offset): expected 0 <= offset < "
                   "size; got size " +
                   std::to_string(size) + ", offset " + std::to_string(offset) +
                   ".")
                      .c_str());
            }
            new (self) AD(value, VectorXd::Unit(size, offset));
          },
          nb::arg("value"), nb::arg("size"), nb::arg("offset"),
          "An independent variable: `size` derivatives, all zero but the "
          "one at `offset`, which is 1.")
      .def(
          "value", [](const AD& self) { return self.value(); }, "The value.")
      .def(
          "derivatives",
          [](const AD& self) -> VectorXd { return self.derivatives(); },
          "A copy of the partial derivatives (1-d numpy array).")
      .def("__repr__", &Repr)
      .def("__str__", &Str)
      // Arithmetic. The double overloads come first so numbers never go
      // through a temporary AutoDiffXd; the int overloads keep `x * 2`
      // exact and cheap too (nanobind tries overloads in order).
      .def(
          "__add__", [](const AD& a, double b) { return Add(a, Constant(b)); },
          nb::is_operator())
      .def(
          "__add__", [](const AD& a, const AD& b) { return Add(a, b); },
          nb::is_operator())
      .def(
          "__radd__", [](const AD& a, double b) { return Add(Constant(b), a); },
          nb::is_operator())
      .def(
          "__sub__", [](const AD& a, double b) { return Sub(a, Constant(b)); },
          nb::is_operator())
      .def(
          "__sub__", [](const AD& a, const AD& b) { return Sub(a, b); },
          nb::is_operator())
      .def(
          "__rsub__", [](const AD& a, double b) { return Sub(Constant(b), a); },
          nb::is_operator())
      .def(
          "__mul__", [](const AD& a, double b) { return Mul(a, Constant(b)); },
          nb::is_operator())
      .def(
          "__mul__", [](const AD& a, const AD& b) { return Mul(a, b); },
          nb::is_operator())
      .def(
          "__rmul__", [](const AD& a, double b) { return Mul(Constant(b), a); },
          nb::is_operator())
      .def(
          "__truediv__",
          [](const AD& a, double b) { return Div(a, Constant(b)); },
          nb::is_operator())
      .def(
          "__truediv__", [](const AD& a, const AD& b) { return Div(a, b); },
          nb::is_operator())
      .def(
          "__rtruediv__",
          [](const AD& a, double b) { return Div(Constant(b), a); },
          nb::is_operator())
      .def(
          "__pow__", [](const AD& a, double p) { return PowConst(a, p); },
          nb::is_operator())
      .def(
          "__pow__", [](const AD& a, const AD& b) { return Pow(a, b); },
          nb::is_operator())
      .def(
          "__rpow__", [](const AD& b, double c) { return RPow(c, b); },
          nb::is_operator())
      .def("__neg__", [](const AD& a) { return Chain(-a.value(), a, -1.0); })
      .def("__pos__", [](const AD& a) { return a; })
      .def("__abs__",
           [](const AD& a) {
             return Chain(std::abs(a.value()), a, a.value() < 0 ? -1.0 : 1.0);
           })
      // Comparisons are on the value, as in C++.
      .def(
          "__eq__", [](const AD& a, double b) { return a.value() == b; },
          nb::is_operator())
      .def(
          "__eq__",
          [](const AD& a, const AD& b) { return a.value() == b.value(); },
          nb::is_operator())
      .def(
          "__ne__", [](const AD& a, double b) { return a.value() != b; },
          nb::is_operator())
      .def(
          "__ne__",
          [](const AD& a, const AD& b) { return a.value() != b.value(); },
          nb::is_operator())
      .def(
          "__lt__", [](const AD& a, double b) { return a.value() < b; },
          nb::is_operator())
      .def(
          "__lt__",
          [](const AD& a, const AD& b) { return a.value() < b.value(); },
          nb::is_operator())
      .def(
          "__le__", [](const AD& a, double b) { return a.value() <= b; },
          nb::is_operator())
      .def(
          "__le__",
          [](const AD& a, const AD& b) { return a.value() <= b.value(); },
          nb::is_operator())
      .def(
          "__gt__", [](const AD& a, double b) { return a.value() > b; },
          nb::is_operator())
      .def(
          "__gt__",
          [](const AD& a, const AD& b) { return a.value() > b.value(); },
          nb::is_operator())
      .def(
          "__ge__", [](const AD& a, double b) { return a.value() >= b; },
          nb::is_operator())
      .def(
          "__ge__",
          [](const AD& a, const AD& b) { return a.value() >= b.value(); },
          nb::is_operator());
  // Equality is on the value of a mutable object: not hashable.
  nb::setattr(cls, "__hash__", nb::none());

  // Math functions as methods, so numpy's object-array ufuncs (np.sin(x)
  // calls x[i].sin()) work; numpy names the inverse functions arcsin etc.
  auto def_unary = [&cls](const char* name, auto f, const char* doc) {
    cls.def(name, f, doc);
  };
  def_unary(
      "sin",
      [](const AD& a) {
        return Chain(std::sin(a.value()), a, std::cos(a.value()));
      },
      "sin(x)");
  def_unary(
      "cos",
      [](const AD& a) {
        return Chain(std::cos(a.value()), a, -std::sin(a.value()));
      },
      "cos(x)");
  def_unary(
      "tan",
      [](const AD& a) {
        const double t = std::tan(a.value());
        return Chain(t, a, 1.0 + t * t);
      },
      "tan(x)");
  auto asin = [](const AD& a) {
    return Chain(std::asin(a.value()), a,
                 1.0 / std::sqrt(1.0 - a.value() * a.value()));
  };
  auto acos = [](const AD& a) {
    return Chain(std::acos(a.value()), a,
                 -1.0 / std::sqrt(1.0 - a.value() * a.value()));
  };
  auto atan = [](const AD& a) {
    return Chain(std::atan(a.value()), a, 1.0 / (1.0 + a.value() * a.value()));
  };
  def_unary("asin", asin, "asin(x)");
  def_unary("arcsin", asin, "asin(x) (numpy's name)");
  def_unary("acos", acos, "acos(x)");
  def_unary("arccos", acos, "acos(x) (numpy's name)");
  def_unary("atan", atan, "atan(x)");
  def_unary("arctan", atan, "atan(x) (numpy's name)");
  def_unary(
      "sinh",
      [](const AD& a) {
        return Chain(std::sinh(a.value()), a, std::cosh(a.value()));
      },
      "sinh(x)");
  def_unary(
      "cosh",
      [](const AD& a) {
        return Chain(std::cosh(a.value()), a, std::sinh(a.value()));
      },
      "cosh(x)");
  def_unary(
      "tanh",
      [](const AD& a) {
        const double t = std::tanh(a.value());
        return Chain(t, a, 1.0 - t * t);
      },
      "tanh(x)");
  def_unary(
      "exp",
      [](const AD& a) {
        const double e = std::exp(a.value());
        return Chain(e, a, e);
      },
      "exp(x)");
  def_unary(
      "log",
      [](const AD& a) {
        return Chain(std::log(a.value()), a, 1.0 / a.value());
      },
      "log(x)");
  def_unary(
      "sqrt",
      [](const AD& a) {
        const double s = std::sqrt(a.value());
        return Chain(s, a, 0.5 / s);
      },
      "sqrt(x)");
  def_unary(
      "abs",
      [](const AD& a) {
        return Chain(std::abs(a.value()), a, a.value() < 0 ? -1.0 : 1.0);
      },
      "abs(x); the derivative at 0 is taken from the right.");
  // ceil and floor are piecewise constant: they return the float, as the
  // C++ overloads do.
  cls.def(
      "ceil", [](const AD& a) { return std::ceil(a.value()); },
      "ceil(x.value()) as a float.");
  cls.def(
      "floor", [](const AD& a) { return std::floor(a.value()); },
      "floor(x.value()) as a float.");
  cls.def("__ceil__", [](const AD& a) {
    return nb::int_(nb::float_(std::ceil(a.value())));
  });
  cls.def("__floor__", [](const AD& a) {
    return nb::int_(nb::float_(std::floor(a.value())));
  });
  cls.def(
      "atan2", [](const AD& y, const AD& x) { return Atan2(y, x); },
      nb::arg("x"), "atan2(self, x): the angle of the point (x, self).");
  cls.def(
      "arctan2", [](const AD& y, const AD& x) { return Atan2(y, x); },
      nb::arg("x"), "atan2(self, x) (numpy's name).");
  cls.def(
      "pow", [](const AD& a, double p) { return PowConst(a, p); },
      nb::arg("exponent"), "self ** exponent");
  cls.def(
      "pow", [](const AD& a, const AD& b) { return Pow(a, b); },
      nb::arg("exponent"), "self ** exponent");
  cls.def(
      "min", [](const AD& a, const AD& b) { return Min(a, b); },
      nb::arg("other"),
      "The operand with the smaller value (self on a tie), derivatives "
      "included.");
  cls.def(
      "max", [](const AD& a, const AD& b) { return Max(a, b); },
      nb::arg("other"),
      "The operand with the larger value (self on a tie), derivatives "
      "included.");

  // Copy and pickle.
  DefCopyAndDeepCopy(cls);
  DefPickle(
      cls,
      [](const AD& self) {
        return std::make_tuple(self.value(), VectorXd(self.derivatives()));
      },
      [](const std::tuple<double, VectorXd>& state) {
        return AD(std::get<0>(state), std::get<1>(state));
      });
}

// The array helpers take any array-like with at most 2 dimensions and, as
// the reference does, return matrices: a vector (1-d) comes back as a
// column (n x 1), a scalar as 1 x 1.
template <typename Scalar>
MatrixX<Scalar> ToMatrix(const char* func, nb::handle value,
                         const char* dtype) {
  nb::module_ np = nb::module_::import_("numpy");
  nb::object arr = np.attr("asarray")(value, nb::arg("dtype") = dtype);
  const int ndim = nb::cast<int>(arr.attr("ndim"));
  if (ndim > 2) {
    ThrowLogicError(
        "{}(): expected a scalar, a vector or a matrix; got an array with {} "
        "dimensions.",
        func, ndim);
  }
  nb::object as_2d =
      ndim == 2 ? arr : arr.attr("reshape")(nb::make_tuple(-1, 1));
  return nb::cast<MatrixX<Scalar>>(as_2d);
}

template <typename Derived>
MatrixX<typename Derived::Scalar> AsPlain(const Eigen::MatrixBase<Derived>& m) {
  return m;
}

}  // namespace

void DefineAutodiffutils(nb::module_ m) {
  m.doc() =
      "Forward-mode automatic differentiation: the AutoDiffXd scalar and "
      "helpers that move between arrays of AutoDiffXd (numpy dtype=object) "
      "and their values and gradients.";
  DefineAutoDiffXd(m);
  DefineCommonTesting(
      nb::borrow<nb::module_>(GetCommonModule().attr("_testing")));

  m.def(
      "InitializeAutoDiff",
      [](nb::handle value, std::optional<int> num_derivatives,
         std::optional<int> deriv_num_start) {
        auto v = ToMatrix<double>("InitializeAutoDiff", value, "float64");
        return AsPlain(InitializeAutoDiff(v, num_derivatives, deriv_num_start));
      },
      nb::arg("value"), nb::arg("num_derivatives") = nb::none(),
      nb::arg("deriv_num_start") = nb::none(),
      "Returns a matrix of AutoDiffXd (a vector `value` gives a column) whose "
      "entry k "
      "(column-major) has the value value[k] and the unit derivative vector "
      "e_(deriv_num_start + k) of size num_derivatives (defaults: the number "
      "of entries, and 0). Raises if the entries do not fit.");
  m.def(
      "InitializeAutoDiff",
      [](nb::handle value, const MatrixXd& gradient) {
        auto v = ToMatrix<double>("InitializeAutoDiff", value, "float64");
        return AsPlain(InitializeAutoDiff(v, gradient));
      },
      nb::arg("value"), nb::arg("gradient"),
      "Returns a matrix of AutoDiffXd (a vector `value` gives a column) with "
      "the given "
      "values and gradient matrix: row k holds the derivatives of entry k "
      "(column-major). Raises if the gradient does not have one row per "
      "entry.");
  m.def(
      "ExtractValue",
      [](nb::handle auto_diff_matrix) {
        auto v = ToMatrix<AutoDiffXd>("ExtractValue", auto_diff_matrix, "O");
        return AsPlain(ExtractValue(v));
      },
      nb::arg("auto_diff_matrix"),
      "The values of an array of AutoDiffXd (or floats), as a float matrix "
      "(a vector gives a column).");
  m.def(
      "ExtractGradient",
      [](nb::handle auto_diff_matrix, std::optional<int> num_derivatives) {
        auto v = ToMatrix<AutoDiffXd>("ExtractGradient", auto_diff_matrix, "O");
        return MatrixXd(ExtractGradient(v, num_derivatives));
      },
      nb::arg("auto_diff_matrix"), nb::arg("num_derivatives") = nb::none(),
      "The gradient matrix of an array of AutoDiffXd: row k holds the "
      "derivatives of entry k (column-major); entries without derivatives "
      "give zero rows. Raises if two entries have different non-zero "
      "numbers of derivatives, or a number other than num_derivatives.");
  m.def(
      "DiscardGradient",
      [](nb::handle matrix) {
        auto v = ToMatrix<AutoDiffXd>("DiscardGradient", matrix, "O");
        return AsPlain(DiscardGradient(v));
      },
      nb::arg("matrix"),
      "The values of `matrix` (AutoDiffXd or float entries), dropping the "
      "derivatives: a float matrix (a vector gives a column).");
  m.def(
      "DiscardZeroGradient",
      [](nb::handle auto_diff_matrix, double precision) {
        auto v =
            ToMatrix<AutoDiffXd>("DiscardZeroGradient", auto_diff_matrix, "O");
        const MatrixXd g = ExtractGradient(v);
        if (g.size() > 0 && !(g.cwiseAbs().maxCoeff() <= precision)) {
          ThrowLogicError(
              "DiscardZeroGradient(): the gradient is not zero: its largest "
              "entry is {} in magnitude, above the precision {}.",
              g.cwiseAbs().maxCoeff(), precision);
        }
        return AsPlain(ExtractValue(v));
      },
      nb::arg("auto_diff_matrix"), nb::arg("precision") = 0.0,
      "The values of `auto_diff_matrix`, after checking that every "
      "derivative is within `precision` of zero (raises otherwise).");
}

}  // namespace ossa::py
