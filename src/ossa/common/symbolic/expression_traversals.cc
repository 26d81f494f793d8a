/// @file
/// The operations that walk an expression DAG: evaluation, differentiation,
/// substitution, expansion, printing and queries. Each visits a shared node
/// once (VisitPostOrder) and keeps its per-node results in a table, so its
/// cost is linear in the number of distinct nodes.

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <map>
#include <sstream>

#include "ossa/common/error.h"
#include "ossa/common/symbolic/expression.h"
#include "ossa/common/symbolic/expression_node.h"

namespace ossa::symbolic {

using internal::ExpressionNode;
using internal::Share;
using internal::VisitPostOrder;

// Rebuilds a node of n's kind from new arguments (and condition), through
// the public constructors so that the result is simplified.
Expression internal::Rebuild(const ExpressionNode* n, const Expression& a,
                             const Expression& b, const Formula* condition) {
  switch (n->kind) {
    case ExpressionKind::Constant:
    case ExpressionKind::Var:
    case ExpressionKind::NaN:
      return Share(n);
    case ExpressionKind::Add:
      return a + b;
    case ExpressionKind::Mul:
      return a * b;
    case ExpressionKind::Div:
      return a / b;
    case ExpressionKind::Log:
      return log(a);
    case ExpressionKind::Abs:
      return abs(a);
    case ExpressionKind::Exp:
      return exp(a);
    case ExpressionKind::Sqrt:
      return sqrt(a);
    case ExpressionKind::Pow:
      return pow(a, b);
    case ExpressionKind::Sin:
      return sin(a);
    case ExpressionKind::Cos:
      return cos(a);
    case ExpressionKind::Tan:
      return tan(a);
    case ExpressionKind::Asin:
      return asin(a);
    case ExpressionKind::Acos:
      return acos(a);
    case ExpressionKind::Atan:
      return atan(a);
    case ExpressionKind::Atan2:
      return atan2(a, b);
    case ExpressionKind::Sinh:
      return sinh(a);
    case ExpressionKind::Cosh:
      return cosh(a);
    case ExpressionKind::Tanh:
      return tanh(a);
    case ExpressionKind::Min:
      return min(a, b);
    case ExpressionKind::Max:
      return max(a, b);
    case ExpressionKind::Ceil:
      return ceil(a);
    case ExpressionKind::Floor:
      return floor(a);
    case ExpressionKind::IfThenElse:
      return if_then_else(*condition, a, b);
  }
  return Share(n);
}

namespace {

using NodeList = std::vector<const ExpressionNode*>;

NodeList RootsOf(const Expression* entries, std::size_t count) {
  NodeList roots(count);
  for (std::size_t i = 0; i < count; ++i) roots[i] = entries[i].node();
  return roots;
}

// Rewrites the DAGs of `roots`: a variable node becomes leaf(var) (or stays
// if leaf returns nothing), every other node is rebuilt from its rewritten
// arguments. Nodes whose variable mask misses `mask` stay as they are.
template <typename Leaf>
void RewriteMany(const Expression* entries, std::size_t count,
                 std::uint64_t mask, const Leaf& leaf, Expression* results) {
  const NodeList roots = RootsOf(entries, count);
  internal::NodeMap<Expression> done;
  auto result_of = [&](const ExpressionNode* n) {
    if (!(n->var_mask & mask)) return Share(n);
    return done.at(n);
  };
  VisitPostOrder(
      roots, [&](const ExpressionNode* n) { return (n->var_mask & mask) != 0; },
      [&](const ExpressionNode* n) {
        Expression r;
        if (n->kind == ExpressionKind::Var) {
          std::optional<Expression> replaced = leaf(n->var);
          r = replaced ? *replaced : Share(n);
        } else {
          const Expression a =
              n->args[0] ? result_of(n->args[0]) : Expression();
          const Expression b =
              n->args[1] ? result_of(n->args[1]) : Expression();
          std::optional<Formula> condition;
          if (n->condition) {
            condition = internal::MapFormula(
                *n->condition,
                [&](const Expression& e) { return result_of(e.node()); });
          }
          r = Rebuild(n, a, b, condition ? &*condition : nullptr);
        }
        done.insert(n, std::move(r));
      });
  for (std::size_t i = 0; i < count; ++i) results[i] = result_of(roots[i]);
}

// ---------------------------------------------------------------------------
// Evaluation.

// Evaluates recursively, throwing the error of the first failing operation
// on the path the if_then_else conditions select. Used only to explain a
// NaN found by the fast pass, which evaluates every node (both branches of
// every if_then_else) and marks failures with NaN.
double EvaluateExplaining(const ExpressionNode* n, const Environment& env,
                          internal::NodeMap<double>* memo, int depth) {
  if (const double* known = memo->find(n)) return *known;
  if (depth > 20000) {
    throw std::runtime_error(
        "Evaluate(): the result is NaN (an operation outside its domain, a "
        "division by zero, or inf − inf).");
  }
  double value = 0;
  switch (n->kind) {
    case ExpressionKind::Constant:
      value = n->constant;
      break;
    case ExpressionKind::Var:
      value = env.at(n->var);
      break;
    case ExpressionKind::NaN:
      throw std::runtime_error(
          "Evaluate(): NaN is detected during symbolic evaluation (the "
          "expression has a NaN node, e.g. a derivative where none exists).");
    case ExpressionKind::IfThenElse: {
      const bool c = internal::EvaluateFormulaWith(
          *n->condition,
          [&](const Expression& e) {
            return EvaluateExplaining(e.node(), env, memo, depth + 1);
          },
          env);
      value = EvaluateExplaining(n->args[c ? 0 : 1], env, memo, depth + 1);
      break;
    }
    default: {
      const double a = EvaluateExplaining(n->args[0], env, memo, depth + 1);
      const double b =
          n->args[1] ? EvaluateExplaining(n->args[1], env, memo, depth + 1) : 0;
      value = internal::ApplyNumeric(n->kind, a, b);
    }
  }
  memo->insert(n, value);
  return value;
}

}  // namespace

namespace internal {

void EvaluateMany(const Expression* entries, std::size_t count,
                  const Environment& env, double* values) {
  // Post-order on an explicit stack with a stack of values. Only nodes with
  // more than one reference can be met twice, so only they are remembered:
  // a node referenced once is evaluated where it is met, without a table
  // lookup (most nodes of a tree-like expression).
  const NodeList roots = RootsOf(entries, count);
  NodeMap<double> shared;
  std::vector<std::pair<const ExpressionNode*, bool>> stack;
  std::vector<double> vals;
  std::vector<const ExpressionNode*> children;
  std::vector<double> root_values(count);
  for (std::size_t r = 0; r < count; ++r) {
    stack.emplace_back(roots[r], false);
    while (!stack.empty()) {
      auto [n, expanded] = stack.back();
      stack.pop_back();
      const bool is_shared = n->ref_count.load(std::memory_order_relaxed) > 1;
      if (!expanded) {
        if (is_shared) {
          if (const double* known = shared.find(n)) {
            vals.push_back(*known);
            continue;
          }
        }
        switch (n->kind) {
          case ExpressionKind::Constant:
            vals.push_back(n->constant);
            continue;
          case ExpressionKind::Var: {
            const double* value = env.find(n->var);
            if (value == nullptr) {
              throw std::runtime_error(fmt::format(
                  "Evaluate(): the environment {} has no value for the "
                  "variable '{}'.",
                  env.to_string(), n->var.get_name()));
            }
            vals.push_back(*value);
            continue;
          }
          case ExpressionKind::NaN:
            vals.push_back(std::numeric_limits<double>::quiet_NaN());
            continue;
          default:
            break;
        }
        stack.emplace_back(n, true);
        children.clear();
        CollectChildren(n, &children);
        for (auto it = children.rbegin(); it != children.rend(); ++it) {
          stack.emplace_back(*it, false);
        }
        continue;
      }
      double result;
      if (n->kind == ExpressionKind::IfThenElse) {
        // The condition's expressions, then the two branches, are on top of
        // the value stack in that order.
        children.clear();
        CollectChildren(n, &children);
        const std::size_t base = vals.size() - children.size();
        const bool condition = EvaluateFormulaWith(
            *n->condition,
            [&](const Expression& e) {
              for (std::size_t k = 0; k + 2 < children.size(); ++k) {
                if (children[k] == e.node()) return vals[base + k];
              }
              return std::numeric_limits<double>::quiet_NaN();
            },
            env);
        result = vals[vals.size() - (condition ? 2 : 1)];
        vals.resize(base);
      } else if (n->num_args == 2) {
        const double b = vals.back();
        vals.pop_back();
        const double a = vals.back();
        vals.pop_back();
        result = ApplyNumericAs<OnDomainError::kNaN>(n->kind, a, b);
      } else {
        const double a = vals.back();
        vals.pop_back();
        result = ApplyNumericAs<OnDomainError::kNaN>(n->kind, a, 0);
      }
      vals.push_back(result);
      if (is_shared) shared.insert(n, result);
    }
    root_values[r] = vals.back();
    vals.pop_back();
  }
  for (std::size_t i = 0; i < count; ++i) {
    const double value = root_values[i];
    if (std::isnan(value)) {
      internal::NodeMap<double> memo;
      const double explained = EvaluateExplaining(roots[i], env, &memo, 0);
      if (std::isnan(explained)) {
        throw std::runtime_error(
            "Evaluate(): the result is NaN (inf − inf, 0 · inf or a NaN "
            "from a math function).");
      }
      values[i] = explained;
    } else {
      values[i] = value;
    }
  }
}

void DifferentiateMany(const Expression* entries, std::size_t count,
                       const Variable& var, Expression* derivatives) {
  const NodeList roots = RootsOf(entries, count);
  const std::uint64_t bit = VariableBit(var);
  internal::NodeMap<Expression> d;
  auto d_of = [&](const ExpressionNode* n) {
    if (n == nullptr || !(n->var_mask & bit)) return Expression();
    return d.at(n);
  };
  const Expression nan = Expression::NaN();
  VisitPostOrder(
      roots, [&](const ExpressionNode* n) { return (n->var_mask & bit) != 0; },
      [&](const ExpressionNode* n) {
        const Expression e = Share(n);
        const Expression a = n->args[0] ? Share(n->args[0]) : Expression();
        const Expression b = n->args[1] ? Share(n->args[1]) : Expression();
        const Expression da = d_of(n->args[0]), db = d_of(n->args[1]);
        Expression r;
        switch (n->kind) {
          case ExpressionKind::Constant:
          case ExpressionKind::NaN:
            break;
          case ExpressionKind::Var:
            r = Expression(n->var.equal_to(var) ? 1.0 : 0.0);
            break;
          case ExpressionKind::Add:
            r = da + db;
            break;
          case ExpressionKind::Mul:
            r = da * b + a * db;
            break;
          case ExpressionKind::Div:
            r = (da * b - a * db) / pow(b, 2.0);
            break;
          case ExpressionKind::Log:
            r = da / a;
            break;
          case ExpressionKind::Abs:
            r = if_then_else(a < 0, -1.0, if_then_else(a == 0, nan, 1.0)) * da;
            break;
          case ExpressionKind::Exp:
            r = e * da;
            break;
          case ExpressionKind::Sqrt:
            r = da / (2.0 * e);
            break;
          case ExpressionKind::Pow:
            if (is_zero(db)) {
              r = b * pow(a, b - 1.0) * da;
            } else {
              r = e * (db * log(a) + b * da / a);
            }
            break;
          case ExpressionKind::Sin:
            r = cos(a) * da;
            break;
          case ExpressionKind::Cos:
            r = -sin(a) * da;
            break;
          case ExpressionKind::Tan:
            r = da / pow(cos(a), 2.0);
            break;
          case ExpressionKind::Asin:
            r = da / sqrt(1.0 - pow(a, 2.0));
            break;
          case ExpressionKind::Acos:
            r = -da / sqrt(1.0 - pow(a, 2.0));
            break;
          case ExpressionKind::Atan:
            r = da / (1.0 + pow(a, 2.0));
            break;
          case ExpressionKind::Atan2:
            r = (b * da - a * db) / (pow(a, 2.0) + pow(b, 2.0));
            break;
          case ExpressionKind::Sinh:
            r = cosh(a) * da;
            break;
          case ExpressionKind::Cosh:
            r = sinh(a) * da;
            break;
          case ExpressionKind::Tanh:
            r = da / pow(cosh(a), 2.0);
            break;
          case ExpressionKind::Min:
            r = if_then_else(a < b, da, if_then_else(a == b, nan, db));
            break;
          case ExpressionKind::Max:
            r = if_then_else(a > b, da, if_then_else(a == b, nan, db));
            break;
          case ExpressionKind::Ceil:
          case ExpressionKind::Floor:
            r = if_then_else(ceil(a) == floor(a), nan, 0.0);
            break;
          case ExpressionKind::IfThenElse:
            r = if_then_else(*n->condition, da, db);
            break;
        }
        d.insert(n, std::move(r));
      });
  for (std::size_t i = 0; i < count; ++i) derivatives[i] = d_of(roots[i]);
}

void SubstituteMany(const Expression* entries, std::size_t count,
                    const Substitution& s, Expression* results) {
  std::uint64_t mask = 0;
  for (const auto& [var, value] : s) mask |= VariableBit(var);
  RewriteMany(
      entries, count, mask,
      [&s](const Variable& var) -> std::optional<Expression> {
        const auto it = s.find(var);
        if (it == s.end()) return std::nullopt;
        return it->second;
      },
      results);
}

Variables GetVariablesMany(const Expression* entries, std::size_t count) {
  Variables vars;
  VisitPostOrder(
      RootsOf(entries, count),
      [](const ExpressionNode* n) { return n->var_mask != 0; },
      [&vars](const ExpressionNode* n) {
        if (n->kind == ExpressionKind::Var) vars.insert(n->var);
        if (n->condition) vars.insert(n->condition->GetFreeVariables());
      });
  return vars;
}

}  // namespace internal

double Expression::Evaluate(const Environment& env) const {
  double value;
  internal::EvaluateMany(this, 1, env, &value);
  return value;
}

Expression Expression::EvaluatePartial(const Environment& env) const {
  std::uint64_t mask = 0;
  for (const auto& [var, value] : env) mask |= internal::VariableBit(var);
  Expression result;
  RewriteMany(
      this, 1, mask,
      [&env](const Variable& var) -> std::optional<Expression> {
        const double* value = env.find(var);
        if (value == nullptr) return std::nullopt;
        return Expression(*value);
      },
      &result);
  return result;
}

Expression Expression::Substitute(const Variable& var,
                                  const Expression& e) const {
  return Substitute(Substitution{{var, e}});
}

Expression Expression::Substitute(const Substitution& s) const {
  Expression result;
  internal::SubstituteMany(this, 1, s, &result);
  return result;
}

Expression Expression::Differentiate(const Variable& var) const {
  Expression result;
  internal::DifferentiateMany(this, 1, var, &result);
  return result;
}

Eigen::Matrix<Expression, 1, Eigen::Dynamic> Expression::Jacobian(
    const std::vector<Variable>& vars) const {
  Eigen::Matrix<Expression, 1, Eigen::Dynamic> row(vars.size());
  for (std::size_t j = 0; j < vars.size(); ++j) row(j) = Differentiate(vars[j]);
  return row;
}

Eigen::Matrix<Expression, Eigen::Dynamic, Eigen::Dynamic> Jacobian(
    const Eigen::Ref<const Eigen::Matrix<Expression, Eigen::Dynamic, 1>>& f,
    const std::vector<Variable>& vars) {
  const Eigen::Matrix<Expression, Eigen::Dynamic, 1> plain = f;
  Eigen::Matrix<Expression, Eigen::Dynamic, Eigen::Dynamic> J(plain.size(),
                                                              vars.size());
  Eigen::Matrix<Expression, Eigen::Dynamic, 1> column(plain.size());
  for (std::size_t j = 0; j < vars.size(); ++j) {
    internal::DifferentiateMany(plain.data(), plain.size(), vars[j],
                                column.data());
    J.col(j) = column;
  }
  return J;
}

Variables Expression::GetVariables() const {
  return internal::GetVariablesMany(this, 1);
}

bool Expression::is_polynomial() const {
  internal::NodeMap<char> poly;
  auto is_nonneg_integer = [](const ExpressionNode* n) {
    return n->kind == ExpressionKind::Constant && n->constant >= 0 &&
           std::trunc(n->constant) == n->constant;
  };
  VisitPostOrder(
      {node()}, [](const ExpressionNode*) { return true; },
      [&](const ExpressionNode* n) {
        bool p = false;
        switch (n->kind) {
          case ExpressionKind::Constant:
          case ExpressionKind::Var:
            p = true;
            break;
          case ExpressionKind::Add:
          case ExpressionKind::Mul:
            p = poly.at(n->args[0]) && poly.at(n->args[1]);
            break;
          case ExpressionKind::Div:
            p = poly.at(n->args[0]) &&
                n->args[1]->kind == ExpressionKind::Constant;
            break;
          case ExpressionKind::Pow:
            p = poly.at(n->args[0]) && is_nonneg_integer(n->args[1]);
            break;
          default:
            break;
        }
        poly.insert(n, p);
      });
  return poly.at(node());
}

std::size_t Expression::GetDistinctNodeCount() const {
  std::size_t count = 0;
  VisitPostOrder(
      {node()}, [](const ExpressionNode*) { return true; },
      [&count](const ExpressionNode*) { ++count; });
  return count;
}

std::size_t Expression::GetTreeSize() const {
  constexpr std::size_t kMax = std::numeric_limits<std::size_t>::max();
  internal::NodeMap<std::size_t> size;
  NodeList children;
  VisitPostOrder(
      {node()}, [](const ExpressionNode*) { return true; },
      [&](const ExpressionNode* n) {
        std::size_t s = 1;
        children.clear();
        internal::CollectChildren(n, &children);
        for (const ExpressionNode* c : children) {
          const std::size_t sc = size.at(c);
          s = sc > kMax - s ? kMax : s + sc;
        }
        size.insert(n, s);
      });
  return size.at(node());
}

// ---------------------------------------------------------------------------
// Order and printing.

namespace {

bool NodeLess(const ExpressionNode* a, const ExpressionNode* b);

// Compares arguments in order; nodes with equal hashes are rare, so this
// recursion is shallow in practice.
bool ArgsLess(const ExpressionNode* a, const ExpressionNode* b) {
  for (int i = 0; i < 2; ++i) {
    const ExpressionNode *x = a->args[i], *y = b->args[i];
    if (x == y) continue;
    if (x == nullptr || y == nullptr) return x == nullptr;
    return NodeLess(x, y);
  }
  if (a->condition && b->condition) {
    return a->condition->to_string() < b->condition->to_string();
  }
  return false;
}

bool NodeLess(const ExpressionNode* a, const ExpressionNode* b) {
  if (a == b) return false;
  if (a->kind != b->kind) return a->kind < b->kind;
  switch (a->kind) {
    case ExpressionKind::Constant:
      return a->constant < b->constant;
    case ExpressionKind::Var:
      return a->var.less(b->var);
    default:
      if (a->hash != b->hash) return a->hash < b->hash;
      return ArgsLess(a, b);
  }
}

}  // namespace

bool Expression::Less(const Expression& other) const {
  return NodeLess(node(), other.node());
}

std::string Expression::to_string() const {
  internal::NodeMap<std::string> text;
  VisitPostOrder(
      {node()}, [](const ExpressionNode*) { return true; },
      [&text](const ExpressionNode* n) {
        auto arg = [&](int i) -> const std::string& {
          return text.at(n->args[i]);
        };
        std::string s;
        switch (n->kind) {
          case ExpressionKind::Constant:
            s = fmt::format("{}", n->constant);
            break;
          case ExpressionKind::Var:
            s = n->var.get_name();
            break;
          case ExpressionKind::NaN:
            s = "NaN";
            break;
          case ExpressionKind::Add: {
            // a + (−c)·t prints as a − c·t.
            const ExpressionNode* b = n->args[1];
            if (b->kind == ExpressionKind::Mul &&
                b->args[0]->kind == ExpressionKind::Constant &&
                b->args[0]->constant < 0) {
              const double c = -b->args[0]->constant;
              const std::string& t = text.at(b->args[1]);
              s = c == 1 ? fmt::format("({} - {})", arg(0), t)
                         : fmt::format("({} - {} * {})", arg(0), c, t);
            } else {
              s = fmt::format("({} + {})", arg(0), arg(1));
            }
            break;
          }
          case ExpressionKind::Mul:
            if (n->args[0]->kind == ExpressionKind::Constant &&
                n->args[0]->constant == -1) {
              s = "-" + arg(1);
            } else {
              s = fmt::format("({} * {})", arg(0), arg(1));
            }
            break;
          case ExpressionKind::Div:
            s = fmt::format("({} / {})", arg(0), arg(1));
            break;
          case ExpressionKind::IfThenElse:
            s = fmt::format("(if {} then {} else {})",
                            n->condition->to_string(), arg(0), arg(1));
            break;
          default: {
            std::string name = symbolic::to_string(n->kind);
            for (char& ch : name) ch = static_cast<char>(std::tolower(ch));
            s = n->num_args == 2
                    ? fmt::format("{}({}, {})", name, arg(0), arg(1))
                    : fmt::format("{}({})", name, arg(0));
          }
        }
        text.insert(n, std::move(s));
      });
  return text.at(node());
}

std::ostream& operator<<(std::ostream& os, const Expression& e) {
  return os << e.to_string();
}

// ---------------------------------------------------------------------------
// Expansion.

namespace {

// A monomial: atoms (variables, or non-polynomial subexpressions such as
// sin(x)) with positive integer exponents, sorted by NodeLess.
using AtomMonomial = std::vector<std::pair<const ExpressionNode*, int>>;

struct AtomMonomialLess {
  bool operator()(const AtomMonomial& a, const AtomMonomial& b) const {
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
      if (a[i].first != b[i].first) return NodeLess(a[i].first, b[i].first);
      if (a[i].second != b[i].second) return a[i].second < b[i].second;
    }
    return a.size() < b.size();
  }
};

// A polynomial: monomial → coefficient, without zero coefficients.
using Poly = std::map<AtomMonomial, double, AtomMonomialLess>;

void AddTerm(Poly* p, const AtomMonomial& m, double c) {
  if (c == 0) return;
  auto [it, inserted] = p->emplace(m, c);
  if (!inserted) {
    it->second += c;
    if (it->second == 0) p->erase(it);
  }
}

AtomMonomial MultiplyAtomMonomials(const AtomMonomial& a,
                                   const AtomMonomial& b) {
  AtomMonomial r;
  r.reserve(a.size() + b.size());
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (j == b.size() || (i < a.size() && a[i].first != b[j].first &&
                          NodeLess(a[i].first, b[j].first))) {
      r.push_back(a[i++]);
    } else if (i == a.size() || a[i].first != b[j].first) {
      r.push_back(b[j++]);
    } else {
      r.emplace_back(a[i].first, a[i].second + b[j].second);
      ++i;
      ++j;
    }
  }
  return r;
}

Poly Multiply(const Poly& a, const Poly& b) {
  Poly r;
  for (const auto& [ma, ca] : a) {
    for (const auto& [mb, cb] : b)
      AddTerm(&r, MultiplyAtomMonomials(ma, mb), ca * cb);
  }
  return r;
}

Poly ConstantPoly(double c) {
  Poly p;
  AddTerm(&p, {}, c);
  return p;
}

bool IsConstantPoly(const Poly& p) {
  return p.empty() || (p.size() == 1 && p.begin()->first.empty());
}

double ConstantOf(const Poly& p) { return p.empty() ? 0 : p.begin()->second; }

Expression ToExpression(const Poly& p) {
  Expression sum;
  for (const auto& [m, c] : p) {
    Expression term(c);
    for (const auto& [atom, k] : m) {
      term = term * (k == 1 ? Share(atom) : pow(Share(atom), k));
    }
    sum = sum + term;
  }
  return sum;
}

}  // namespace

namespace internal {

void ExpandMany(const Expression* entries, std::size_t count,
                Expression* results) {
  const NodeList roots = RootsOf(entries, count);
  internal::NodeMap<Poly> poly;
  std::vector<Expression> atoms;  // keeps the atoms made here alive
  auto atom_poly = [&](const Expression& e) -> Poly {
    if (is_constant(e)) return ConstantPoly(get_constant_value(e));
    atoms.push_back(e);
    Poly p;
    p.emplace(AtomMonomial{{e.node(), 1}}, 1.0);
    return p;
  };
  VisitPostOrder(
      roots, [](const ExpressionNode*) { return true; },
      [&](const ExpressionNode* n) {
        auto arg = [&](int i) -> const Poly& { return poly.at(n->args[i]); };
        Poly p;
        switch (n->kind) {
          case ExpressionKind::Constant:
            p = ConstantPoly(n->constant);
            break;
          case ExpressionKind::Var:
            p = atom_poly(Share(n));
            break;
          case ExpressionKind::Add:
            p = arg(0);
            for (const auto& [m, c] : arg(1)) AddTerm(&p, m, c);
            break;
          case ExpressionKind::Mul:
            p = Multiply(arg(0), arg(1));
            break;
          case ExpressionKind::Div:
            if (IsConstantPoly(arg(1))) {
              const double c = ConstantOf(arg(1));
              if (c == 0) {
                throw std::runtime_error(
                    fmt::format("Expand(): division by zero: {} / 0.",
                                ToExpression(arg(0)).to_string()));
              }
              for (const auto& [m, k] : arg(0)) AddTerm(&p, m, k / c);
            } else {
              p = atom_poly(ToExpression(arg(0)) / ToExpression(arg(1)));
            }
            break;
          case ExpressionKind::Pow: {
            const Poly& e = arg(1);
            const double k = ConstantOf(e);
            if (IsConstantPoly(e) && k >= 0 && std::trunc(k) == k) {
              p = ConstantPoly(1.0);
              for (int i = 0; i < static_cast<int>(k); ++i) {
                p = Multiply(p, arg(0));
              }
            } else {
              p = atom_poly(pow(ToExpression(arg(0)), ToExpression(e)));
            }
            break;
          }
          default: {
            // A function that is not a polynomial: an atom of its expanded
            // arguments.
            const Expression a =
                n->args[0] ? ToExpression(arg(0)) : Expression();
            const Expression b =
                n->args[1] ? ToExpression(arg(1)) : Expression();
            std::optional<Formula> condition;
            if (n->condition) {
              condition = MapFormula(*n->condition, [&](const Expression& x) {
                return ToExpression(poly.at(x.node()));
              });
            }
            p = atom_poly(Rebuild(n, a, b, condition ? &*condition : nullptr));
          }
        }
        poly.insert(n, std::move(p));
      });
  for (std::size_t i = 0; i < count; ++i) {
    results[i] = ToExpression(poly.at(roots[i]));
  }
}

}  // namespace internal

Expression Expression::Expand() const {
  Expression result;
  internal::ExpandMany(this, 1, &result);
  return result;
}

Eigen::Matrix<Variable, Eigen::Dynamic, 1> MakeVectorVariable(
    int rows, const std::string& name, Variable::Type type) {
  if (rows < 0) {
    ThrowLogicError("MakeVectorVariable(): rows is {}; expected >= 0.", rows);
  }
  Eigen::Matrix<Variable, Eigen::Dynamic, 1> vars(rows);
  for (int i = 0; i < rows; ++i) {
    vars(i) = Variable(fmt::format("{}({})", name, i), type);
  }
  return vars;
}

}  // namespace ossa::symbolic
