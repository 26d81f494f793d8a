// The polynomial layer of ossa.symbolic: Monomial, the monomial bases,
// Polynomial, RationalFunction, SinCos and the sin/cos substitution
// (defined into the module that symbolic_py.cc fills); and the two helpers
// through which ossa.trajectories builds a PiecewisePolynomial from the
// coefficients of ossa.polynomial.Polynomial segments.

#include <string>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/common/symbolic/rational_function.h"
#include "ossa/common/trajectories/piecewise_polynomial.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using symbolic::Environment;
using symbolic::Expression;
using symbolic::Formula;
using symbolic::Monomial;
using symbolic::Polynomial;
using symbolic::RationalFunction;
using symbolic::SinCos;
using symbolic::SinCosSubstitutionType;
using symbolic::SubstituteAndExpandCacheData;
using symbolic::Variable;
using symbolic::Variables;

using VariableVector = Eigen::Matrix<Variable, Eigen::Dynamic, 1>;

// An environment from a dict {Variable: float} or an Environment.
Environment PolyEnvironment(nb::handle env) {
  if (nb::isinstance<Environment>(env)) return nb::cast<Environment>(env);
  if (!PyDict_Check(env.ptr())) {
    throw nb::type_error(
        "expected an environment: a dict {Variable: float} or an "
        "Environment");
  }
  Environment result;
  for (auto [key, value] : nb::borrow<nb::dict>(env)) {
    result.insert(nb::cast<Variable>(key), nb::cast<double>(value));
  }
  return result;
}

// Every entry of a Variables, or of a sequence or numpy array (flattened)
// of Variable.
VariableVector PolyVariables(nb::handle vars) {
  if (nb::isinstance<Variables>(vars)) {
    const Variables& set = nb::cast<const Variables&>(vars);
    VariableVector result(set.size());
    Eigen::Index i = 0;
    for (const Variable& v : set) result(i++) = v;
    return result;
  }
  nb::object flat = nb::module_::import_("numpy")
                        .attr("asarray")(vars, nb::arg("dtype") = "O")
                        .attr("reshape")(-1);
  const std::size_t n = nb::len(flat);
  VariableVector result(n);
  for (std::size_t i = 0; i < n; ++i) {
    nb::handle entry = flat[i];
    if (!nb::isinstance<Variable>(entry)) {
      throw nb::type_error(
          ("expected an array of Variable; entry " + std::to_string(i) +
           " is a " +
           nb::cast<std::string>(nb::str(entry.type().attr("__name__"))))
              .c_str());
    }
    result(i) = nb::cast<Variable>(entry);
  }
  return result;
}

// A 1-d numpy array of dtype=object holding copies of `items`.
template <typename Container>
nb::object PolyObjectArray(const Container& items) {
  const std::size_t n = static_cast<std::size_t>(items.size());
  nb::object array =
      nb::module_::import_("numpy").attr("empty")(n, nb::arg("dtype") = "O");
  for (std::size_t i = 0; i < n; ++i) array[i] = nb::cast(items[i]);
  return array;
}

std::vector<Monomial> MonomialList(
    const Eigen::Matrix<Monomial, Eigen::Dynamic, 1>& v) {
  return std::vector<Monomial>(v.data(), v.data() + v.size());
}

// A Monomial → Expression map from a dict (values: Expression, Variable or
// numbers).
Polynomial::MapType PolyMap(const nb::dict& map) {
  Polynomial::MapType result;
  for (auto [key, value] : map) {
    if (!nb::isinstance<Monomial>(key)) {
      throw nb::type_error("Polynomial(): the keys of map must be Monomial");
    }
    result.insert_or_assign(nb::cast<Monomial>(key),
                            nb::cast<Expression>(value));
  }
  return result;
}

void DefineMonomial(nb::module_ m) {
  nb::class_<Monomial> cls(
      m, "Monomial",
      "A product of variables raised to positive integer powers.");
  cls.def(nb::init<>())
      .def(nb::init<const Variable&>(), nb::arg("var"))
      .def(nb::init<const Variable&, int>(), nb::arg("var"),
           nb::arg("exponent"))
      .def(
          "__init__",
          [](Monomial* self, const nb::dict& powers) {
            std::map<Variable, int> p;
            for (auto [key, value] : powers) {
              p.emplace(nb::cast<Variable>(key), nb::cast<int>(value));
            }
            new (self) Monomial(p);
          },
          nb::arg("powers"))
      .def(
          "__init__",
          [](Monomial* self, nb::handle vars, nb::handle exponents) {
            // Any integer sequence or array (numpy's default int is 64-bit).
            const nb::object ints =
                nb::module_::import_("numpy")
                    .attr("asarray")(exponents, nb::arg("dtype") = "int32")
                    .attr("reshape")(-1);
            new (self)
                Monomial(PolyVariables(vars), nb::cast<Eigen::VectorXi>(ints));
          },
          nb::arg("vars"), nb::arg("exponents"))
      .def("degree", &Monomial::degree, nb::arg("v"))
      .def("total_degree", &Monomial::total_degree)
      .def("GetVariables", &Monomial::GetVariables)
      .def("get_powers", &Monomial::get_powers)
      .def("ToExpression", &Monomial::ToExpression)
      .def(
          "Evaluate",
          [](const Monomial& self, nb::handle env) {
            return self.Evaluate(PolyEnvironment(env));
          },
          nb::arg("env"))
      .def(
          "Evaluate",
          [](const Monomial& self, nb::handle vars,
             const Eigen::MatrixXd& vars_values) {
            return self.Evaluate(PolyVariables(vars), vars_values);
          },
          nb::arg("vars"), nb::arg("vars_values"))
      .def(
          "EvaluatePartial",
          [](const Monomial& self, nb::handle env) {
            return self.EvaluatePartial(PolyEnvironment(env));
          },
          nb::arg("env"))
      .def("pow_in_place", &Monomial::pow_in_place, nb::arg("p"),
           nb::rv_policy::reference_internal)
      .def("EqualTo", &Monomial::operator==)
      .def("__eq__", &Monomial::operator==, nb::is_operator())
      .def("__ne__", &Monomial::operator!=, nb::is_operator())
      .def("__hash__", &Monomial::get_hash)
      .def("__str__", &Monomial::to_string)
      .def("__repr__",
           [](const Monomial& self) {
             return "<Monomial \"" + self.to_string() + "\">";
           })
      .def(
          "__mul__", [](const Monomial& a, const Monomial& b) { return a * b; },
          nb::is_operator())
      .def(
          "__mul__",
          [](const Monomial& a, double c) { return Polynomial(a) * c; },
          nb::is_operator())
      .def(
          "__mul__",
          [](const Monomial& a, const Expression& e) {
            return a.ToExpression() * e;
          },
          nb::is_operator())
      .def(
          "__rmul__",
          [](const Monomial& a, double c) { return Polynomial(a) * c; },
          nb::is_operator())
      .def(
          "__rmul__",
          [](const Monomial& a, const Expression& e) {
            return e * a.ToExpression();
          },
          nb::is_operator())
      .def(
          "__imul__",
          [](Monomial& a, const Monomial& b) -> Monomial& { return a *= b; },
          nb::is_operator(), nb::rv_policy::none)
      .def(
          "__pow__", [](const Monomial& a, int p) { return pow(a, p); },
          nb::is_operator())
      .def(
          "__add__",
          [](const Monomial& a, const Expression& e) {
            return a.ToExpression() + e;
          },
          nb::is_operator())
      .def(
          "__radd__",
          [](const Monomial& a, const Expression& e) {
            return e + a.ToExpression();
          },
          nb::is_operator())
      .def(
          "__sub__",
          [](const Monomial& a, const Expression& e) {
            return a.ToExpression() - e;
          },
          nb::is_operator())
      .def(
          "__rsub__",
          [](const Monomial& a, const Expression& e) {
            return e - a.ToExpression();
          },
          nb::is_operator())
      .def(
          "__truediv__",
          [](const Monomial& a, const Expression& e) {
            return a.ToExpression() / e;
          },
          nb::is_operator())
      .def(
          "__rtruediv__",
          [](const Monomial& a, const Expression& e) {
            return e / a.ToExpression();
          },
          nb::is_operator());

  m.def(
      "MonomialBasis",
      [](nb::handle vars, int degree) {
        const VariableVector v = PolyVariables(vars);
        return PolyObjectArray(MonomialList(symbolic::MonomialBasis(
            Variables(v.data(), v.data() + v.size()), degree)));
      },
      nb::arg("vars"), nb::arg("degree"),
      "Every monomial of vars of total degree at most degree, in graded "
      "reverse lexicographic order.");
  m.def(
      "MonomialBasis",
      [](const nb::dict& vars_degree) {
        std::vector<std::pair<Variables, int>> sets;
        for (auto [key, value] : vars_degree) {
          sets.emplace_back(nb::cast<Variables>(key), nb::cast<int>(value));
        }
        return PolyObjectArray(MonomialList(symbolic::MonomialBasis(sets)));
      },
      nb::arg("vars_degree"));
  m.def(
      "EvenDegreeMonomialBasis",
      [](const Variables& vars, int degree) {
        return PolyObjectArray(
            MonomialList(symbolic::EvenDegreeMonomialBasis(vars, degree)));
      },
      nb::arg("vars"), nb::arg("degree"));
  m.def(
      "OddDegreeMonomialBasis",
      [](const Variables& vars, int degree) {
        return PolyObjectArray(
            MonomialList(symbolic::OddDegreeMonomialBasis(vars, degree)));
      },
      nb::arg("vars"), nb::arg("degree"));
  m.def(
      "CalcMonomialBasisOrderUpToOne",
      [](const Variables& x, bool sort_monomial) {
        return PolyObjectArray(MonomialList(
            symbolic::CalcMonomialBasisOrderUpToOne(x, sort_monomial)));
      },
      nb::arg("x"), nb::arg("sort_monomial") = false);
}

// Binds `op` of Polynomial with a right operand of each type the reference
// takes (Polynomial, Monomial, float, Variable) giving a Polynomial, and
// with an Expression giving an Expression.
template <typename PolyOp, typename ExprOp>
void DefPolynomialOperator(nb::class_<Polynomial>& cls, const char* name,
                           PolyOp poly_op, ExprOp expr_op,
                           bool with_polynomial = true) {
  if (with_polynomial) {
    cls.def(
        name,
        [poly_op](const Polynomial& a, const Polynomial& b) {
          return poly_op(a, b);
        },
        nb::is_operator());
  }
  cls.def(
         name,
         [poly_op](const Polynomial& a, const Monomial& b) {
           return poly_op(a, Polynomial(b));
         },
         nb::is_operator())
      .def(
          name,
          [poly_op](const Polynomial& a, double c) {
            return poly_op(a, Polynomial(Monomial{}) * c);
          },
          nb::is_operator())
      .def(
          name,
          [poly_op](const Polynomial& a, const Variable& v) {
            // A variable is a monomial if it is an indeterminate of a, a
            // coefficient otherwise.
            Polynomial pv = a.indeterminates().include(v)
                                ? Polynomial(Monomial(v))
                                : Polynomial(Polynomial::MapType{
                                      {Monomial(), Expression(v)}});
            return poly_op(a, pv);
          },
          nb::is_operator())
      .def(
          name,
          [expr_op](const Polynomial& a, const Expression& e) {
            return expr_op(a.ToExpression(), e);
          },
          nb::is_operator());
}

void DefinePolynomial(nb::module_ m) {
  nb::class_<SubstituteAndExpandCacheData>(
      m, "SubstituteAndExpandCacheData",
      "The expanded powers of substituted indeterminates that "
      "Polynomial.SubstituteAndExpand keeps between calls.")
      .def(nb::init<>())
      .def("get_data", [](const SubstituteAndExpandCacheData& self) {
        nb::dict d;
        for (const auto& [mono, p] : self.get_data())
          d[nb::cast(mono)] = nb::cast(p);
        return d;
      });

  nb::class_<Polynomial> cls(
      m, "Polynomial",
      "A polynomial in indeterminates with Expression coefficients (of the "
      "decision variables).");
  cls.def(nb::init<>())
      .def(
          "__init__",
          [](Polynomial* self, const nb::dict& map) {
            new (self) Polynomial(PolyMap(map));
          },
          nb::arg("map"))
      .def(nb::init<const Monomial&>(), nb::arg("m"))
      .def(nb::init<const Expression&>(), nb::arg("e"))
      .def(nb::init<const Expression&, Variables>(), nb::arg("e"),
           nb::arg("indeterminates"))
      .def(
          "__init__",
          [](Polynomial* self, const Expression& e, nb::handle indeterminates) {
            const VariableVector v = PolyVariables(indeterminates);
            new (self) Polynomial(e, Variables(v.data(), v.data() + v.size()));
          },
          nb::arg("e"), nb::arg("indeterminates"))
      .def("indeterminates", &Polynomial::indeterminates)
      .def("decision_variables", &Polynomial::decision_variables)
      .def("SetIndeterminates", &Polynomial::SetIndeterminates,
           nb::arg("new_indeterminates"))
      .def("monomial_to_coefficient_map",
           [](const Polynomial& self) {
             nb::dict d;
             for (const auto& [mono, c] : self.terms()) {
               d[nb::cast(mono)] = nb::cast(c);
             }
             return d;
           })
      .def("TotalDegree", &Polynomial::TotalDegree)
      .def("Degree", &Polynomial::Degree, nb::arg("v"))
      .def("ToExpression", &Polynomial::ToExpression)
      .def("Differentiate", &Polynomial::Differentiate, nb::arg("x"))
      .def(
          "Jacobian",
          [](const Polynomial& self, nb::handle vars) {
            const auto J = self.Jacobian(PolyVariables(vars));
            return PolyObjectArray(
                std::vector<Polynomial>(J.data(), J.data() + J.size()));
          },
          nb::arg("vars"))
      .def("Integrate",
           nb::overload_cast<const Variable&>(&Polynomial::Integrate,
                                              nb::const_),
           nb::arg("x"))
      .def("Integrate",
           nb::overload_cast<const Variable&, double, double>(
               &Polynomial::Integrate, nb::const_),
           nb::arg("x"), nb::arg("a"), nb::arg("b"))
      .def(
          "Evaluate",
          [](const Polynomial& self, nb::handle env) {
            return self.Evaluate(PolyEnvironment(env));
          },
          nb::arg("env"))
      .def(
          "EvaluatePartial",
          [](const Polynomial& self, nb::handle env) {
            return self.EvaluatePartial(PolyEnvironment(env));
          },
          nb::arg("env"))
      .def("EvaluatePartial",
           nb::overload_cast<const Variable&, double>(
               &Polynomial::EvaluatePartial, nb::const_),
           nb::arg("var"), nb::arg("c"))
      .def(
          "EvaluateIndeterminates",
          [](const Polynomial& self, nb::handle indeterminates,
             const Eigen::MatrixXd& indeterminates_values) {
            return self.EvaluateIndeterminates(PolyVariables(indeterminates),
                                               indeterminates_values);
          },
          nb::arg("indeterminates"), nb::arg("indeterminates_values"))
      .def(
          "EvaluateWithAffineCoefficients",
          [](const Polynomial& self, nb::handle indeterminates,
             const Eigen::MatrixXd& indeterminates_values) {
            Eigen::MatrixXd A;
            VariableVector d;
            Eigen::VectorXd b;
            self.EvaluateWithAffineCoefficients(PolyVariables(indeterminates),
                                                indeterminates_values, &A, &d,
                                                &b);
            return nb::make_tuple(A, PolyObjectArray(d), b);
          },
          nb::arg("indeterminates"), nb::arg("indeterminates_values"))
      .def(
          "AddProduct",
          [](Polynomial& self, const Expression& coeff, const Monomial& mono)
              -> Polynomial& { return self.AddProduct(coeff, mono); },
          nb::arg("coeff"), nb::arg("m"), nb::rv_policy::reference_internal)
      .def("Expand", &Polynomial::Expand)
      .def("RemoveTermsWithSmallCoefficients",
           &Polynomial::RemoveTermsWithSmallCoefficients,
           nb::arg("coefficient_tol"))
      .def("IsEven", &Polynomial::IsEven)
      .def("IsOdd", &Polynomial::IsOdd)
      .def("Roots", &Polynomial::Roots)
      .def("CoefficientsAlmostEqual", &Polynomial::CoefficientsAlmostEqual,
           nb::arg("p"), nb::arg("tolerance"))
      .def("EqualTo", &Polynomial::EqualTo)
      .def(
          "SubstituteAndExpand",
          [](const Polynomial& self, const nb::dict& indeterminate_substitution,
             SubstituteAndExpandCacheData* substitutions_cached_data) {
            std::unordered_map<Variable, Polynomial> s;
            for (auto [key, value] : indeterminate_substitution) {
              s.insert_or_assign(nb::cast<Variable>(key),
                                 nb::cast<Polynomial>(value));
            }
            return self.SubstituteAndExpand(s, substitutions_cached_data);
          },
          nb::arg("indeterminate_substitution"),
          nb::arg("substitutions_cached_data").none() = nb::none())
      .def("__neg__", [](const Polynomial& p) { return -p; })
      .def(
          "__pow__", [](const Polynomial& p, int n) { return pow(p, n); },
          nb::is_operator())
      .def(
          "__eq__",
          [](const Polynomial& a, const Polynomial& b) { return a == b; },
          nb::is_operator())
      .def(
          "__ne__",
          [](const Polynomial& a, const Polynomial& b) { return a != b; },
          nb::is_operator())
      .def("__hash__", &Polynomial::get_hash)
      .def("__str__", &Polynomial::to_string)
      .def("__repr__", [](const Polynomial& p) {
        return "<Polynomial \"" + p.to_string() + "\">";
      });
  using P = const Polynomial&;
  using E = const Expression&;
  DefPolynomialOperator(
      cls, "__add__", [](P a, P b) { return a + b; },
      [](E a, E b) { return a + b; });
  DefPolynomialOperator(
      cls, "__radd__", [](P a, P b) { return b + a; },
      [](E a, E b) { return b + a; }, false);
  DefPolynomialOperator(
      cls, "__sub__", [](P a, P b) { return a - b; },
      [](E a, E b) { return a - b; });
  DefPolynomialOperator(
      cls, "__rsub__", [](P a, P b) { return b - a; },
      [](E a, E b) { return b - a; }, false);
  DefPolynomialOperator(
      cls, "__mul__", [](P a, P b) { return a * b; },
      [](E a, E b) { return a * b; });
  DefPolynomialOperator(
      cls, "__rmul__", [](P a, P b) { return b * a; },
      [](E a, E b) { return b * a; }, false);
  cls.def(
         "__truediv__", [](const Polynomial& p, double c) { return p / c; },
         nb::is_operator())
      .def(
          "__truediv__",
          [](const Polynomial& p, const Expression& e) {
            return p.ToExpression() / e;
          },
          nb::is_operator())
      .def(
          "__rtruediv__",
          [](const Polynomial& p, const Expression& e) {
            return e / p.ToExpression();
          },
          nb::is_operator());

  m.def(
      "DecomposeQuadraticPolynomial",
      [](const Polynomial& poly, const nb::dict& map_var_to_index) {
        std::unordered_map<Variable::Id, int> map;
        for (auto [key, value] : map_var_to_index) {
          map.emplace(nb::cast<Variable::Id>(key), nb::cast<int>(value));
        }
        Eigen::MatrixXd Q;
        Eigen::VectorXd b;
        double c;
        symbolic::DecomposeQuadraticPolynomial(poly, map, &Q, &b, &c);
        return nb::make_tuple(Q, b, c);
      },
      nb::arg("poly"), nb::arg("map_var_to_index"),
      "(Q, b, c) with poly = 0.5·xᵀQx + bᵀx + c, x(map_var_to_index[id]) "
      "the variable with that id.");
  m.def(
      "CalcPolynomialWLowerTriangularPart",
      [](nb::handle monomial_basis, const VectorX<Expression>& gram_lower) {
        nb::object flat =
            nb::module_::import_("numpy")
                .attr("asarray")(monomial_basis, nb::arg("dtype") = "O")
                .attr("reshape")(-1);
        Eigen::Matrix<Monomial, Eigen::Dynamic, 1> basis(nb::len(flat));
        for (Eigen::Index i = 0; i < basis.size(); ++i) {
          basis(i) = nb::cast<Monomial>(flat[i]);
        }
        return symbolic::CalcPolynomialWLowerTriangularPart(basis, gram_lower);
      },
      nb::arg("monomial_basis"), nb::arg("gram_lower"),
      "m(x)ᵀ·Q·m(x) for the symmetric Q whose lower triangle, stacked column "
      "by column, is gram_lower.");
}

// Binds `op` of RationalFunction with a right operand of each type the
// reference takes.
template <typename Op>
void DefRationalOperator(nb::class_<RationalFunction>& cls, const char* name,
                         Op op, bool with_rational = true) {
  if (with_rational) {
    cls.def(
        name,
        [op](const RationalFunction& a, const RationalFunction& b) {
          return op(a, b);
        },
        nb::is_operator());
  }
  cls.def(
         name,
         [op](const RationalFunction& a, double c) {
           return op(a, RationalFunction(c));
         },
         nb::is_operator())
      .def(
          name,
          [op](const RationalFunction& a, const Polynomial& p) {
            return op(a, RationalFunction(p));
          },
          nb::is_operator())
      .def(
          name,
          [op](const RationalFunction& a, const Monomial& mono) {
            return op(a, RationalFunction(mono));
          },
          nb::is_operator());
}

void DefineRationalFunction(nb::module_ m) {
  nb::class_<RationalFunction> cls(
      m, "RationalFunction",
      "numerator / denominator, two Polynomials (the denominator is not the "
      "zero polynomial).");
  cls.def(nb::init<>())
      .def(nb::init<Polynomial, Polynomial>(), nb::arg("numerator"),
           nb::arg("denominator"))
      .def(nb::init<const Polynomial&>(), nb::arg("p"))
      .def(nb::init<const Monomial&>(), nb::arg("m"))
      .def(nb::init<double>(), nb::arg("c"))
      .def("numerator", &RationalFunction::numerator)
      .def("denominator", &RationalFunction::denominator)
      .def("SetIndeterminates", &RationalFunction::SetIndeterminates,
           nb::arg("new_indeterminates"))
      .def(
          "Evaluate",
          [](const RationalFunction& self, nb::handle env) {
            return self.Evaluate(PolyEnvironment(env));
          },
          nb::arg("env"))
      .def("ToExpression", &RationalFunction::ToExpression)
      .def("EqualTo", &RationalFunction::EqualTo, nb::arg("f"))
      .def("__neg__", [](const RationalFunction& f) { return -f; })
      .def(
          "__eq__",
          [](const RationalFunction& a, const RationalFunction& b) {
            return a == b;
          },
          nb::is_operator())
      .def(
          "__ne__",
          [](const RationalFunction& a, const RationalFunction& b) {
            return a != b;
          },
          nb::is_operator())
      .def("__str__", &RationalFunction::to_string)
      .def("__repr__", [](const RationalFunction& f) {
        return "<RationalFunction \"" + f.to_string() + "\">";
      });
  using R = const RationalFunction&;
  DefRationalOperator(cls, "__add__", [](R a, R b) { return a + b; });
  DefRationalOperator(
      cls, "__radd__", [](R a, R b) { return b + a; }, false);
  DefRationalOperator(cls, "__sub__", [](R a, R b) { return a - b; });
  DefRationalOperator(
      cls, "__rsub__", [](R a, R b) { return b - a; }, false);
  DefRationalOperator(cls, "__mul__", [](R a, R b) { return a * b; });
  DefRationalOperator(
      cls, "__rmul__", [](R a, R b) { return b * a; }, false);
  DefRationalOperator(cls, "__truediv__", [](R a, R b) { return a / b; });
  DefRationalOperator(
      cls, "__rtruediv__", [](R a, R b) { return b / a; }, false);
  // Unhashable, as the reference's.
  nb::setattr(cls, "__hash__", nb::none());
}

void DefineSinCos(nb::module_ m) {
  nb::enum_<SinCosSubstitutionType>(m, "SinCosSubstitutionType")
      .value("kAngle", SinCosSubstitutionType::kAngle)
      .value("kHalfAnglePreferSin", SinCosSubstitutionType::kHalfAnglePreferSin)
      .value("kHalfAnglePreferCos",
             SinCosSubstitutionType::kHalfAnglePreferCos);
  nb::class_<SinCos>(m, "SinCos",
                     "The variables s and c that replace sin and cos of an "
                     "angle (or of its half).")
      .def(nb::init<Variable, Variable, SinCosSubstitutionType>(), nb::arg("s"),
           nb::arg("c"), nb::arg("type") = SinCosSubstitutionType::kAngle)
      .def_ro("s", &SinCos::s)
      .def_ro("c", &SinCos::c)
      .def_ro("type", &SinCos::type);
  // The dispatch from ossa.symbolic.Substitute (symbolic.py), which sends
  // substitutions whose values are SinCos here.
  const auto to_subs = [](const nb::dict& subs) {
    symbolic::SinCosSubstitution result;
    for (auto [key, value] : subs) {
      result.insert_or_assign(nb::cast<Variable>(key), nb::cast<SinCos>(value));
    }
    return result;
  };
  m.def(
      "_SubstituteSinCos",
      [to_subs](const Expression& e, const nb::dict& subs) {
        return symbolic::Substitute(e, to_subs(subs));
      },
      nb::arg("e"), nb::arg("subs"));
  m.def(
      "_SubstituteSinCos",
      [to_subs](const MatrixX<Expression>& m, const nb::dict& subs) {
        const auto s = to_subs(subs);
        MatrixX<Expression> result(m.rows(), m.cols());
        for (Eigen::Index i = 0; i < m.size(); ++i) {
          result.data()[i] = symbolic::Substitute(m.data()[i], s);
        }
        return result;
      },
      nb::arg("m"), nb::arg("subs"));
}

}  // namespace

void DefineTrajectoriesPolynomial(nb::module_ m) {
  using PP = trajectories::PiecewisePolynomial<double>;
  m.def(
      "_PiecewisePolynomialFromCoefficients",
      [](const std::vector<double>& breaks,
         const std::vector<std::vector<Eigen::MatrixXd>>& coefficients) {
        return PP(breaks, coefficients);
      },
      nb::arg("breaks"), nb::arg("coefficients"),
      "The PiecewisePolynomial with y(t) = Σ_k coefficients[i][k]·(t − "
      "breaks[i])^k on segment i.");
  m.def(
      "_AssignPiecewisePolynomial",
      [](PP& self, const PP& other) { self = other; }, nb::arg("self"),
      nb::arg("other"), "Replaces self's segments by other's.");
  // The reference's constructors from polynomials, one per segment: 2-d
  // arrays of ossa.polynomial.Polynomial, or scalar Polynomials. Their
  // coefficients come from ossa._trajectories_polynomial (which knows the
  // Python Polynomial type); a list of anything else tries the next
  // overload.
  nb::handle cls = nb::type<PP>();
  nb::cpp_function_def(
      [](PP* self, const nb::list& polynomials,
         const std::vector<double>& breaks) {
        const nb::object segments =
            nb::module_::import_("ossa._trajectories_polynomial")
                .attr("_segment_coefficients")(polynomials);
        if (segments.is_none()) throw nb::next_overload();
        new (self)
            PP(breaks,
               nb::cast<std::vector<std::vector<Eigen::MatrixXd>>>(segments));
      },
      nb::scope(cls), nb::name("__init__"), nb::is_method());
}

void DefineSymbolicPolynomial(nb::module_ m) {
  DefineMonomial(m);
  DefinePolynomial(m);
  DefineRationalFunction(m);
  DefineSinCos(m);
}

}  // namespace ossa::py
