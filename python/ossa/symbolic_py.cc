#include <string>

#include "ossa/bindings.h"
#include "ossa/common/symbolic/expression.h"
#include "ossa/common/symbolic/random_variables.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using symbolic::Environment;
using symbolic::Expression;
using symbolic::Formula;
using symbolic::Substitution;
using symbolic::Variable;
using symbolic::Variables;

// An environment from None, an Environment, or a dict {Variable: float}.
Environment ToEnvironment(nb::handle env) {
  if (!env.is_valid() || env.is_none()) return Environment{};
  if (nb::isinstance<Environment>(env)) return nb::cast<Environment>(env);
  if (!PyDict_Check(env.ptr())) {
    throw nb::type_error(
        "expected an environment: a dict {Variable: float} or an "
        "Environment");
  }
  Environment result;
  for (auto [key, value] : nb::borrow<nb::dict>(env)) {
    if (!nb::isinstance<Variable>(key)) {
      throw nb::type_error(
          ("environment keys must be Variable, not " +
           nb::cast<std::string>(nb::str(key.type().attr("__name__"))))
              .c_str());
    }
    result.insert(nb::cast<Variable>(key), nb::cast<double>(value));
  }
  return result;
}

// A substitution from a dict {Variable: Expression | Variable | float}.
Substitution ToSubstitution(const nb::dict& s) {
  Substitution result;
  for (auto [key, value] : s) {
    if (!nb::isinstance<Variable>(key)) {
      throw nb::type_error("substitution keys must be Variable");
    }
    result.insert_or_assign(nb::cast<Variable>(key),
                            nb::cast<Expression>(value));
  }
  return result;
}

std::string ExpressionRepr(const Expression& e) {
  return "<Expression \"" + e.to_string() + "\">";
}

// Binds the arithmetic and comparison operators on `cls` (Variable or
// Expression) with an Expression on the other side, which converts from
// float, int and Variable.
template <typename Class>
void DefOperators(nb::class_<Class>& cls) {
  auto as_expr = [](const Class& self) { return Expression(self); };
  cls.def(
         "__add__",
         [as_expr](const Class& a, const Expression& b) {
           return as_expr(a) + b;
         },
         nb::is_operator())
      .def(
          "__radd__",
          [as_expr](const Class& a, const Expression& b) {
            return b + as_expr(a);
          },
          nb::is_operator())
      .def(
          "__sub__",
          [as_expr](const Class& a, const Expression& b) {
            return as_expr(a) - b;
          },
          nb::is_operator())
      .def(
          "__rsub__",
          [as_expr](const Class& a, const Expression& b) {
            return b - as_expr(a);
          },
          nb::is_operator())
      .def(
          "__mul__",
          [as_expr](const Class& a, const Expression& b) {
            return as_expr(a) * b;
          },
          nb::is_operator())
      .def(
          "__rmul__",
          [as_expr](const Class& a, const Expression& b) {
            return b * as_expr(a);
          },
          nb::is_operator())
      .def(
          "__truediv__",
          [as_expr](const Class& a, const Expression& b) {
            return as_expr(a) / b;
          },
          nb::is_operator())
      .def(
          "__rtruediv__",
          [as_expr](const Class& a, const Expression& b) {
            return b / as_expr(a);
          },
          nb::is_operator())
      .def(
          "__pow__",
          [as_expr](const Class& a, const Expression& b) {
            return pow(as_expr(a), b);
          },
          nb::is_operator())
      .def(
          "__rpow__",
          [as_expr](const Class& a, const Expression& b) {
            return pow(b, as_expr(a));
          },
          nb::is_operator())
      .def("__neg__", [as_expr](const Class& a) { return -as_expr(a); })
      .def("__pos__", [as_expr](const Class& a) { return as_expr(a); })
      .def("__abs__", [as_expr](const Class& a) { return abs(as_expr(a)); })
      .def(
          "__eq__",
          [as_expr](const Class& a, const Expression& b) {
            return as_expr(a) == b;
          },
          nb::is_operator())
      .def(
          "__ne__",
          [as_expr](const Class& a, const Expression& b) {
            return as_expr(a) != b;
          },
          nb::is_operator())
      .def(
          "__lt__",
          [as_expr](const Class& a, const Expression& b) {
            return as_expr(a) < b;
          },
          nb::is_operator())
      .def(
          "__le__",
          [as_expr](const Class& a, const Expression& b) {
            return as_expr(a) <= b;
          },
          nb::is_operator())
      .def(
          "__gt__",
          [as_expr](const Class& a, const Expression& b) {
            return as_expr(a) > b;
          },
          nb::is_operator())
      .def(
          "__ge__",
          [as_expr](const Class& a, const Expression& b) {
            return as_expr(a) >= b;
          },
          nb::is_operator());
  // Math functions as methods, so that numpy's ufuncs on object arrays
  // (np.sin(a) calls a[i].sin()) work; numpy names the inverse functions
  // arcsin etc.
  using F = Expression (*)(const Expression&);
  const std::pair<const char*, F> unary[] = {
      {"sin", &symbolic::sin},     {"cos", &symbolic::cos},
      {"tan", &symbolic::tan},     {"arcsin", &symbolic::asin},
      {"arccos", &symbolic::acos}, {"arctan", &symbolic::atan},
      {"sinh", &symbolic::sinh},   {"cosh", &symbolic::cosh},
      {"tanh", &symbolic::tanh},   {"exp", &symbolic::exp},
      {"log", &symbolic::log},     {"sqrt", &symbolic::sqrt},
      {"abs", &symbolic::abs},     {"ceil", &symbolic::ceil},
      {"floor", &symbolic::floor},
  };
  for (const auto& [name, f] : unary) {
    cls.def(name, [f, as_expr](const Class& a) { return f(as_expr(a)); });
  }
  cls.def("__ceil__",
          [as_expr](const Class& a) { return symbolic::ceil(as_expr(a)); });
  cls.def("__floor__",
          [as_expr](const Class& a) { return symbolic::floor(as_expr(a)); });
  cls.def("arctan2", [as_expr](const Class& y, const Expression& x) {
    return symbolic::atan2(as_expr(y), x);
  });
}

void DefineVariable(nb::module_ m) {
  nb::class_<Variable> cls(m, "Variable",
                           "A symbol with a name and a type; each "
                           "construction makes a new, distinct symbol.");
  nb::enum_<Variable::Type>(cls, "Type")
      .value("CONTINUOUS", Variable::Type::CONTINUOUS)
      .value("INTEGER", Variable::Type::INTEGER)
      .value("BINARY", Variable::Type::BINARY)
      .value("BOOLEAN", Variable::Type::BOOLEAN)
      .value("RANDOM_UNIFORM", Variable::Type::RANDOM_UNIFORM)
      .value("RANDOM_GAUSSIAN", Variable::Type::RANDOM_GAUSSIAN)
      .value("RANDOM_EXPONENTIAL", Variable::Type::RANDOM_EXPONENTIAL);
  cls.def(nb::init<std::string, Variable::Type>(), nb::arg("name"),
          nb::arg("type") = Variable::Type::CONTINUOUS)
      .def("get_id", &Variable::get_id)
      .def("get_type", &Variable::get_type)
      .def("get_name", &Variable::get_name)
      .def("is_dummy", &Variable::is_dummy)
      .def("EqualTo", &Variable::equal_to, nb::arg("other"))
      .def("less", &Variable::less, nb::arg("other"))
      .def("__str__", &Variable::get_name)
      .def("__repr__",
           [](const Variable& v) {
             return "Variable('" + v.get_name() + "', " +
                    symbolic::to_string(v.get_type()) + ")";
           })
      .def("__hash__",
           [](const Variable& v) { return std::hash<Variable>{}(v); })
      .def("__copy__", [](const Variable& v) { return v; })
      .def(
          "__deepcopy__", [](const Variable& v, nb::handle) { return v; },
          nb::arg("memo"));
  DefOperators(cls);

  nb::class_<Variables>(m, "Variables", "An ordered set of variables.")
      .def(nb::init<>())
      .def("__init__",
           [](Variables* self, const std::vector<Variable>& vars) {
             new (self) Variables(vars.begin(), vars.end());
           })
      .def("size", &Variables::size)
      .def("__len__", &Variables::size)
      .def("empty", &Variables::empty)
      .def("insert", nb::overload_cast<const Variable&>(&Variables::insert))
      .def("insert", nb::overload_cast<const Variables&>(&Variables::insert))
      .def("erase", nb::overload_cast<const Variable&>(&Variables::erase))
      .def("erase", nb::overload_cast<const Variables&>(&Variables::erase))
      .def("include", &Variables::include)
      .def("__contains__", &Variables::include)
      .def("IsSubsetOf", &Variables::IsSubsetOf)
      .def("IsSupersetOf", &Variables::IsSupersetOf)
      .def("IsStrictSubsetOf", &Variables::IsStrictSubsetOf)
      .def("IsStrictSupersetOf", &Variables::IsStrictSupersetOf)
      .def("EqualTo", &Variables::operator==)
      .def("__eq__", &Variables::operator==, nb::is_operator())
      .def("__iter__",
           [](const Variables& self) {
             return nb::iter(
                 nb::cast(std::vector<Variable>(self.begin(), self.end())));
           })
      .def("to_string", &Variables::to_string)
      .def("__str__", &Variables::to_string)
      .def("__repr__",
           [](const Variables& v) {
             return "<Variables \"" + v.to_string() + "\">";
           })
      .def(
          "__add__",
          [](const Variables& a, const Variables& b) { return a + b; },
          nb::is_operator())
      .def(
          "__add__",
          [](const Variables& a, const Variable& b) { return a + b; },
          nb::is_operator())
      .def(
          "__sub__",
          [](const Variables& a, const Variables& b) { return a - b; },
          nb::is_operator())
      .def(
          "__sub__",
          [](const Variables& a, const Variable& b) { return a - b; },
          nb::is_operator());
  nb::setattr(m.attr("Variables"), "__hash__", nb::none());
  m.def("intersect", &symbolic::intersect);
}

void DefineEnvironment(nb::module_ m) {
  nb::class_<Environment>(m, "Environment",
                          "Values of variables, for evaluation.")
      .def(nb::init<>())
      .def("__init__",
           [](Environment* self, nb::dict d) {
             new (self) Environment(ToEnvironment(d));
           })
      .def("insert", &Environment::insert, nb::arg("key"), nb::arg("elem"))
      .def("__getitem__", &Environment::at)
      .def("__setitem__", &Environment::insert)
      .def("__contains__", &Environment::contains)
      .def("__len__", &Environment::size)
      .def("size", &Environment::size)
      .def("empty", &Environment::empty)
      .def("domain", &Environment::domain)
      .def("to_string", &Environment::to_string)
      .def("__str__", &Environment::to_string);
}

void DefineExpression(nb::module_ m) {
  nb::enum_<symbolic::ExpressionKind> kind(m, "ExpressionKind");
  for (int k = 0; k <= static_cast<int>(symbolic::ExpressionKind::NaN); ++k) {
    const auto value = static_cast<symbolic::ExpressionKind>(k);
    kind.value(symbolic::to_string(value), value);
  }

  nb::class_<Expression> cls(
      m, "Expression",
      "A symbolic real-valued expression: an immutable, shared DAG.");
  cls.def(nb::init<>())
      .def(nb::init_implicit<double>(), nb::arg("constant"))
      .def(nb::init_implicit<const Variable&>(), nb::arg("var"))
      .def("get_kind", &Expression::get_kind)
      .def("EqualTo", &Expression::EqualTo, nb::arg("e"))
      .def("Less", &Expression::Less, nb::arg("e"))
      .def("GetVariables", &Expression::GetVariables)
      .def("is_polynomial", &Expression::is_polynomial)
      .def(
          "Evaluate",
          [](const Expression& self, nb::handle env,
             RandomGenerator* generator) {
            // Evaluate(generator) positionally, as the reference's second
            // overload.
            if (generator == nullptr && nb::isinstance<RandomGenerator>(env))
              return symbolic::Evaluate(self, nb::cast<RandomGenerator*>(env));
            return symbolic::Evaluate(self, ToEnvironment(env), generator);
          },
          nb::arg("env") = nb::none(), nb::arg("generator").none() = nb::none(),
          "The value at env (a dict {Variable: float}); the random variables "
          "env does not bind are drawn from generator (a RandomGenerator) "
          "first, each once. Raises RuntimeError for a variable without a "
          "value.")
      .def(
          "EvaluatePartial",
          [](const Expression& self, nb::handle env) {
            return self.EvaluatePartial(ToEnvironment(env));
          },
          nb::arg("env"))
      .def(
          "Substitute",
          [](const Expression& self, const Variable& var, const Expression& e) {
            return self.Substitute(var, e);
          },
          nb::arg("var"), nb::arg("e"))
      .def(
          "Substitute",
          [](const Expression& self, nb::dict s) {
            return self.Substitute(ToSubstitution(s));
          },
          nb::arg("s"))
      .def("Expand", &Expression::Expand)
      .def("Differentiate", &Expression::Differentiate, nb::arg("x"))
      .def(
          "Jacobian",
          [](const Expression& self, const std::vector<Variable>& vars) {
            return Eigen::Matrix<Expression, Eigen::Dynamic, 1>(
                self.Jacobian(vars).transpose());
          },
          nb::arg("vars"))
      .def("to_string", &Expression::to_string)
      .def("GetDistinctNodeCount", &Expression::GetDistinctNodeCount,
           "The number of distinct nodes of the DAG.")
      .def("GetTreeSize", &Expression::GetTreeSize,
           "The number of nodes of the tree the DAG stands for.")
      .def("__str__", &Expression::to_string)
      .def("__repr__", &ExpressionRepr)
      .def("__hash__", &Expression::get_hash)
      .def("__copy__", [](const Expression& e) { return e; })
      .def(
          "__deepcopy__", [](const Expression& e, nb::handle) { return e; },
          nb::arg("memo"));
  DefOperators(cls);

  // Module functions (the reference's names).
  using F = Expression (*)(const Expression&);
  const std::pair<const char*, F> unary[] = {
      {"sin", &symbolic::sin},     {"cos", &symbolic::cos},
      {"tan", &symbolic::tan},     {"asin", &symbolic::asin},
      {"acos", &symbolic::acos},   {"atan", &symbolic::atan},
      {"arcsin", &symbolic::asin}, {"arccos", &symbolic::acos},
      {"arctan", &symbolic::atan}, {"sinh", &symbolic::sinh},
      {"cosh", &symbolic::cosh},   {"tanh", &symbolic::tanh},
      {"exp", &symbolic::exp},     {"log", &symbolic::log},
      {"sqrt", &symbolic::sqrt},   {"abs", &symbolic::abs},
      {"ceil", &symbolic::ceil},   {"floor", &symbolic::floor},
  };
  for (const auto& [name, f] : unary) {
    m.def(
        name, [f](const Expression& e) { return f(e); }, nb::arg("x"));
  }
  using G = Expression (*)(const Expression&, const Expression&);
  const std::pair<const char*, G> binary[] = {
      {"pow", &symbolic::pow},       {"atan2", &symbolic::atan2},
      {"arctan2", &symbolic::atan2}, {"min", &symbolic::min},
      {"max", &symbolic::max},
  };
  for (const auto& [name, f] : binary) {
    m.def(
        name, [f](const Expression& a, const Expression& b) { return f(a, b); },
        nb::arg("a"), nb::arg("b"));
  }
  m.def("if_then_else", &symbolic::if_then_else, nb::arg("f_cond"),
        nb::arg("e_then"), nb::arg("e_else"));

  // Whole-array operations (one shared traversal for all entries).
  m.def(
      "Evaluate",
      [](const MatrixX<Expression>& m, nb::handle env,
         RandomGenerator* generator) {
        return symbolic::Evaluate(m, ToEnvironment(env), generator);
      },
      nb::arg("m"), nb::arg("env") = nb::none(),
      nb::arg("generator").none() = nb::none(),
      "Evaluates an array of expressions at env; returns a float matrix. The "
      "random variables env does not bind are drawn from generator first, "
      "once for the whole array.");
  m.def(
      "Jacobian",
      [](const VectorX<Expression>& f, const std::vector<Variable>& vars) {
        return symbolic::Jacobian(f, vars);
      },
      nb::arg("f"), nb::arg("vars"), "J(i, j) = ∂f(i)/∂vars(j).");
  m.def(
      "Substitute",
      [](const MatrixX<Expression>& m, nb::dict s) {
        return symbolic::Substitute(m, ToSubstitution(s));
      },
      nb::arg("m"), nb::arg("subst"));
  m.def(
      "Substitute",
      [](const Expression& e, nb::dict s) {
        return e.Substitute(ToSubstitution(s));
      },
      nb::arg("e"), nb::arg("subst"));
  m.def(
      "Expand", [](const Expression& e) { return e.Expand(); }, nb::arg("e"));
  m.def(
      "Expand",
      [](const MatrixX<Expression>& m) { return symbolic::Expand(m); },
      nb::arg("m"));
  m.def(
      "Differentiate",
      [](const Expression& e, const Variable& x) { return e.Differentiate(x); },
      nb::arg("e"), nb::arg("x"));
  m.def(
      "Differentiate",
      [](const MatrixX<Expression>& m, const Variable& x) {
        return symbolic::Differentiate(m, x);
      },
      nb::arg("m"), nb::arg("x"));
  m.def(
      "GetVariables", [](const Expression& e) { return e.GetVariables(); },
      nb::arg("e"));
  m.def(
      "GetVariables",
      [](const MatrixX<Expression>& m) { return symbolic::GetVariables(m); },
      nb::arg("m"));
  m.def(
      "is_polynomial", [](const Expression& e) { return e.is_polynomial(); },
      nb::arg("e"));
  m.def(
      "to_string", [](const Expression& e) { return e.to_string(); },
      nb::arg("e"));
  m.def(
      "to_string", [](const Formula& f) { return f.to_string(); },
      nb::arg("f"));
  m.def(
      "_MakeVectorVariable",
      [](int rows, const std::string& name, Variable::Type type) {
        const auto v = symbolic::MakeVectorVariable(rows, name, type);
        return std::vector<Variable>(v.data(), v.data() + v.size());
      },
      nb::arg("rows"), nb::arg("name"),
      nb::arg("type") = Variable::Type::CONTINUOUS);
}

void DefineFormula(nb::module_ m) {
  nb::enum_<symbolic::FormulaKind>(m, "FormulaKind")
      .value("False_", symbolic::FormulaKind::False)
      .value("True_", symbolic::FormulaKind::True)
      .value("Var", symbolic::FormulaKind::Var)
      .value("Eq", symbolic::FormulaKind::Eq)
      .value("Neq", symbolic::FormulaKind::Neq)
      .value("Gt", symbolic::FormulaKind::Gt)
      .value("Geq", symbolic::FormulaKind::Geq)
      .value("Lt", symbolic::FormulaKind::Lt)
      .value("Leq", symbolic::FormulaKind::Leq)
      .value("And", symbolic::FormulaKind::And)
      .value("Or", symbolic::FormulaKind::Or)
      .value("Not", symbolic::FormulaKind::Not)
      .value("Isnan", symbolic::FormulaKind::Isnan);
  nb::class_<Formula>(m, "Formula",
                      "A logical formula: a comparison of expressions, a "
                      "Boolean variable, or their and/or/not.")
      .def(nb::init<>())
      .def(nb::init<const Variable&>(), nb::arg("var"))
      .def_static("True_", &Formula::True)
      .def_static("False_", &Formula::False)
      .def("get_kind", &Formula::get_kind)
      .def("GetFreeVariables", &Formula::GetFreeVariables)
      .def("EqualTo", &Formula::EqualTo, nb::arg("f"))
      .def(
          "Evaluate",
          [](const Formula& self, nb::handle env) {
            return self.Evaluate(ToEnvironment(env));
          },
          nb::arg("env") = nb::none())
      .def("Substitute", &Formula::Substitute, nb::arg("var"), nb::arg("e"))
      .def("to_string", &Formula::to_string)
      .def("__str__", &Formula::to_string)
      .def("__repr__",
           [](const Formula& f) {
             return "<Formula \"" + f.to_string() + "\">";
           })
      // Decided formulas (True, False, comparisons of constants) convert to
      // bool; one that depends on variables raises.
      .def("__bool__", [](const Formula& f) { return static_cast<bool>(f); })
      .def("__invert__", [](const Formula& f) { return !f; });
  m.def(
      "logical_and", [](const Formula& a, const Formula& b) { return a && b; },
      nb::arg("f1"), nb::arg("f2"));
  m.def(
      "logical_or", [](const Formula& a, const Formula& b) { return a || b; },
      nb::arg("f1"), nb::arg("f2"));
  m.def(
      "logical_not", [](const Formula& f) { return !f; }, nb::arg("f"));
  m.def(
      "isnan", [](const Expression& e) { return symbolic::isnan(e); },
      nb::arg("e"));
}

}  // namespace

void DefineSymbolic(nb::module_ m) {
  DefineVariable(m);
  DefineEnvironment(m);
  DefineExpression(m);
  DefineFormula(m);
}

}  // namespace ossa::py
