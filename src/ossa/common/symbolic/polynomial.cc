#include "ossa/common/symbolic/polynomial.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "ossa/common/symbolic/expression_node.h"

namespace ossa::symbolic {
namespace {

using Term = Polynomial::Term;
using Terms = std::vector<Term>;

bool TermLess(const Term& a, const Term& b) { return a.first < b.first; }

// a + b for sorted term lists (a merge; zero sums dropped).
Terms AddTerms(const Terms& a, const Terms& b, double b_sign = 1.0) {
  Terms result;
  result.reserve(a.size() + b.size());
  auto i = a.begin();
  auto j = b.begin();
  const auto b_coeff = [b_sign](const Expression& c) {
    return b_sign == 1.0 ? c : -c;
  };
  while (i != a.end() || j != b.end()) {
    if (j == b.end() || (i != a.end() && i->first < j->first)) {
      result.push_back(*i++);
    } else if (i == a.end() || j->first < i->first) {
      result.emplace_back(j->first, b_coeff(j->second));
      ++j;
    } else {
      Expression sum = i->second + b_coeff(j->second);
      if (!is_zero(sum)) result.emplace_back(i->first, std::move(sum));
      ++i;
      ++j;
    }
  }
  return result;
}

// Sorts an accumulation table into a term list without zeros.
Terms FromTable(std::unordered_map<Monomial, Expression>&& table) {
  Terms result;
  result.reserve(table.size());
  for (auto& [m, c] : table) {
    if (!is_zero(c)) result.emplace_back(m, std::move(c));
  }
  std::sort(result.begin(), result.end(), TermLess);
  return result;
}

// a · b: every pair of terms, accumulated by monomial.
Terms MulTerms(const Terms& a, const Terms& b) {
  if (a.empty() || b.empty()) return {};
  if (a.size() == 1 && a[0].first.total_degree() == 0) {
    Terms result;
    for (const auto& [m, c] : b) {
      Expression product = a[0].second * c;
      if (!is_zero(product)) result.emplace_back(m, std::move(product));
    }
    return result;
  }
  // Each monomial's coefficient accumulates its constant products as a
  // double and only the symbolic ones as an Expression: polynomials with
  // numeric coefficients multiply without building a node per product.
  struct Sum {
    double constant{0};
    Expression symbolic;
  };
  std::vector<double> ka(a.size()), kb(b.size());
  std::vector<bool> ca_constant(a.size()), cb_constant(b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    ca_constant[i] = is_constant(a[i].second);
    if (ca_constant[i]) ka[i] = get_constant_value(a[i].second);
  }
  for (std::size_t j = 0; j < b.size(); ++j) {
    cb_constant[j] = is_constant(b[j].second);
    if (cb_constant[j]) kb[j] = get_constant_value(b[j].second);
  }
  std::unordered_map<Monomial, Sum> table;
  table.reserve(a.size() * b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (std::size_t j = 0; j < b.size(); ++j) {
      Sum& sum = table[a[i].first * b[j].first];
      if (ca_constant[i] && cb_constant[j]) {
        sum.constant += ka[i] * kb[j];
      } else {
        sum.symbolic += a[i].second * b[j].second;
      }
    }
  }
  Terms result;
  result.reserve(table.size());
  for (auto& [m, sum] : table) {
    Expression c = sum.symbolic + sum.constant;
    if (!is_zero(c)) result.emplace_back(m, std::move(c));
  }
  std::sort(result.begin(), result.end(), TermLess);
  return result;
}

Terms PowTerms(Terms base, int n) {
  Terms result{{Monomial(), Expression(1.0)}};
  while (n > 0) {
    if (n & 1) result = MulTerms(result, base);
    n >>= 1;
    if (n > 0) base = MulTerms(base, base);
  }
  return result;
}

// True if the terms are a constant: no monomial but 1.
bool IsConstantTerms(const Terms& t) {
  return t.empty() || (t.size() == 1 && t[0].first.total_degree() == 0);
}

Expression ConstantTermOf(const Terms& t) {
  return t.empty() ? Expression(0.0) : t[0].second;
}

Variables VariablesOfCoefficients(const Terms& t) {
  Variables result;
  for (const auto& term : t) result.insert(term.second.GetVariables());
  return result;
}

// The terms of e in `indeterminates`: one post-order pass over e's DAG
// (each distinct node decomposed once); subtrees whose variable mask misses
// every indeterminate are coefficients without being entered.
Terms Decompose(const Expression& e, const Variables& indeterminates) {
  using internal::ExpressionNode;
  std::uint64_t mask = 0;
  for (const auto& v : indeterminates) mask |= internal::VariableBit(v);
  const auto is_free = [mask](const ExpressionNode* n) {
    return (n->var_mask & mask) == 0;
  };
  internal::NodeMap<Terms> done;
  const auto terms_of = [&](const ExpressionNode* n) -> Terms {
    if (const Terms* t = done.find(n)) return *t;
    // A subtree that was not entered: a coefficient.
    const Expression c = internal::Share(n);
    return is_zero(c) ? Terms{} : Terms{{Monomial(), c}};
  };
  const auto throw_non_polynomial = [&](const Expression& term) {
    throw std::runtime_error("Polynomial: the non-polynomial term " +
                             term.to_string() +
                             " should be free of the indeterminates " +
                             indeterminates.to_string() + ".");
  };
  internal::VisitPostOrder(
      {e.node()}, [&](const ExpressionNode* n) { return !is_free(n); },
      [&](const ExpressionNode* n) {
        const Expression self = internal::Share(n);
        Terms t;
        switch (n->kind) {
          case ExpressionKind::Constant:
            if (n->constant != 0) t.emplace_back(Monomial(), self);
            break;
          case ExpressionKind::Var:
            if (indeterminates.include(n->var)) {
              t.emplace_back(Monomial(n->var), Expression(1.0));
            } else {
              t.emplace_back(Monomial(), self);
            }
            break;
          case ExpressionKind::Add:
            t = AddTerms(terms_of(n->args[0]), terms_of(n->args[1]));
            break;
          case ExpressionKind::Mul:
            t = MulTerms(terms_of(n->args[0]), terms_of(n->args[1]));
            break;
          case ExpressionKind::Div: {
            const Terms num = terms_of(n->args[0]);
            const Terms den = terms_of(n->args[1]);
            if (!IsConstantTerms(den)) {
              throw std::runtime_error(
                  "Polynomial: in " + self.to_string() + ", the denominator " +
                  internal::Share(n->args[1]).to_string() +
                  " should be free of the indeterminates " +
                  indeterminates.to_string() + ".");
            }
            if (IsConstantTerms(num)) {
              if (!num.empty()) t.emplace_back(Monomial(), self);
            } else {
              const Expression inverse = 1.0 / ConstantTermOf(den);
              for (const auto& [m, c] : num) t.emplace_back(m, c * inverse);
            }
            break;
          }
          case ExpressionKind::Pow: {
            const Terms base = terms_of(n->args[0]);
            const Terms exponent = terms_of(n->args[1]);
            if (IsConstantTerms(base) && IsConstantTerms(exponent)) {
              t.emplace_back(Monomial(), self);
              break;
            }
            const Expression x = internal::Share(n->args[1]);
            const bool positive_integer =
                is_constant(x) && get_constant_value(x) >= 1 &&
                std::trunc(get_constant_value(x)) == get_constant_value(x) &&
                get_constant_value(x) < 1e6;
            if (!positive_integer) {
              throw std::runtime_error("Polynomial: given the base " +
                                       internal::Share(n->args[0]).to_string() +
                                       ", the exponent " + x.to_string() +
                                       " should be a positive integer.");
            }
            t = PowTerms(base, static_cast<int>(get_constant_value(x)));
            break;
          }
          default: {
            // Any other function: a coefficient if it is free of the
            // indeterminates (the mask only says it may not be).
            if (!intersect(self.GetVariables(), indeterminates).empty()) {
              throw_non_polynomial(self);
            }
            t.emplace_back(Monomial(), self);
            break;
          }
        }
        done.insert(n, std::move(t));
      });
  return terms_of(e.node());
}

}  // namespace

Polynomial::Polynomial(const Monomial& m)
    : terms_{{m, Expression(1.0)}}, indeterminates_(m.GetVariables()) {}

Polynomial::Polynomial(const MapType& map) {
  for (const auto& [m, c] : map) {
    indeterminates_.insert(m.GetVariables());
    if (!is_zero(c)) terms_.emplace_back(m, c);
  }
  decision_variables_ = VariablesOfCoefficients(terms_);
}

Polynomial::Polynomial(const Expression& e) : Polynomial(e, e.GetVariables()) {}

Polynomial::Polynomial(const Expression& e, Variables indeterminates)
    : indeterminates_(std::move(indeterminates)) {
  Terms t = Decompose(e, indeterminates_);
  terms_.reserve(t.size());
  for (auto& [m, c] : t) {
    Expression expanded = is_constant(c) ? c : c.Expand();
    if (!is_zero(expanded)) terms_.emplace_back(m, std::move(expanded));
  }
  decision_variables_ = e.GetVariables() - indeterminates_;
}

void Polynomial::SetIndeterminates(const Variables& new_indeterminates) {
  *this = Polynomial(ToExpression(), new_indeterminates);
}

Polynomial::MapType Polynomial::monomial_to_coefficient_map() const {
  return MapType(terms_.begin(), terms_.end());
}

int Polynomial::TotalDegree() const {
  int d = 0;
  for (const auto& term : terms_) d = std::max(d, term.first.total_degree());
  return d;
}

int Polynomial::Degree(const Variable& v) const {
  int d = 0;
  for (const auto& term : terms_) d = std::max(d, term.first.degree(v));
  return d;
}

Expression Polynomial::ToExpression() const {
  Expression result;
  for (const auto& [m, c] : terms_) result += c * m.ToExpression();
  return result;
}

void Polynomial::AddTerm(const Monomial& m, const Expression& coeff) {
  if (is_zero(coeff)) return;
  const Term probe{m, Expression()};
  auto it = std::lower_bound(terms_.begin(), terms_.end(), probe, TermLess);
  if (it != terms_.end() && it->first == m) {
    Expression sum = it->second + coeff;
    if (is_zero(sum)) {
      terms_.erase(it);
    } else {
      it->second = std::move(sum);
    }
  } else {
    terms_.emplace(it, m, coeff);
  }
}

void Polynomial::SetVariablesFromTerms() {
  indeterminates_ = Variables{};
  for (const auto& term : terms_) {
    indeterminates_.insert(term.first.GetVariables());
  }
  decision_variables_ = VariablesOfCoefficients(terms_);
}

Polynomial Polynomial::Differentiate(const Variable& x) const {
  // d(c·m)/dx = (dc/dx)·m + c·(dm/dx).
  std::unordered_map<Monomial, Expression> table;
  const auto add = [&table](const Monomial& m, const Expression& c) {
    if (is_zero(c)) return;
    auto [it, inserted] = table.try_emplace(m, c);
    if (!inserted) it->second += c;
  };
  for (const auto& [m, c] : terms_) {
    if (decision_variables_.include(x) || !indeterminates_.include(x)) {
      add(m, c.Differentiate(x));
    }
    const int k = m.degree(x);
    if (k > 0) {
      std::map<Variable, int> powers = m.get_powers();
      powers[x] = k - 1;
      add(Monomial(powers), c * static_cast<double>(k));
    }
  }
  Polynomial result;
  result.terms_ = FromTable(std::move(table));
  result.SetVariablesFromTerms();
  return result;
}

Eigen::Matrix<Polynomial, 1, Eigen::Dynamic> Polynomial::Jacobian(
    const Eigen::Ref<const Eigen::Matrix<Variable, Eigen::Dynamic, 1>>& vars)
    const {
  Eigen::Matrix<Polynomial, 1, Eigen::Dynamic> J(vars.size());
  for (Eigen::Index i = 0; i < vars.size(); ++i) J(i) = Differentiate(vars(i));
  return J;
}

Polynomial Polynomial::Integrate(const Variable& x) const {
  if (decision_variables_.include(x)) {
    throw std::runtime_error(
        "Polynomial::Integrate(): " + x.get_name() +
        " is a decision variable of the polynomial " + to_string() +
        "; integration with respect to decision variables is not "
        "supported.");
  }
  Polynomial result;
  result.indeterminates_ = indeterminates_ + x;
  result.decision_variables_ = decision_variables_;
  for (const auto& [m, c] : terms_) {
    const int k = m.degree(x);
    result.terms_.emplace_back(m * Monomial(x), c / static_cast<double>(k + 1));
  }
  return result;
}

Polynomial Polynomial::Integrate(const Variable& x, double a, double b) const {
  const Polynomial antiderivative = Integrate(x);
  Polynomial result = antiderivative.EvaluatePartial(x, b) -
                      antiderivative.EvaluatePartial(x, a);
  result.indeterminates_ = indeterminates_ - x;
  return result;
}

double Polynomial::Evaluate(const Environment& env) const {
  double result = 0.0;
  for (const auto& [m, c] : terms_) result += c.Evaluate(env) * m.Evaluate(env);
  return result;
}

Polynomial Polynomial::EvaluatePartial(const Environment& env) const {
  std::unordered_map<Monomial, Expression> table;
  for (const auto& [m, c] : terms_) {
    auto [value, rest] = m.EvaluatePartial(env);
    Expression coeff = c.EvaluatePartial(env) * value;
    if (is_zero(coeff)) continue;
    auto [it, inserted] = table.try_emplace(std::move(rest), coeff);
    if (!inserted) it->second += coeff;
  }
  Polynomial result;
  result.terms_ = FromTable(std::move(table));
  const Variables bound = env.domain();
  result.indeterminates_ = indeterminates_ - bound;
  result.decision_variables_ = decision_variables_ - bound;
  return result;
}

Polynomial Polynomial::EvaluatePartial(const Variable& var, double c) const {
  return EvaluatePartial(Environment{{var, c}});
}

Eigen::VectorXd Polynomial::EvaluateIndeterminates(
    const Eigen::Ref<const Eigen::Matrix<Variable, Eigen::Dynamic, 1>>&
        indeterminates,
    const Eigen::Ref<const Eigen::MatrixXd>& values) const {
  Eigen::VectorXd result = Eigen::VectorXd::Zero(values.cols());
  for (const auto& [m, c] : terms_) {
    if (!is_constant(c)) {
      throw std::runtime_error(
          "Polynomial::EvaluateIndeterminates(): the coefficient " +
          c.to_string() + " of " + m.to_string() + " is not a constant.");
    }
    result += get_constant_value(c) * m.Evaluate(indeterminates, values);
  }
  return result;
}

void Polynomial::EvaluateWithAffineCoefficients(
    const Eigen::Ref<const Eigen::Matrix<Variable, Eigen::Dynamic, 1>>&
        indeterminates,
    const Eigen::Ref<const Eigen::MatrixXd>& values, Eigen::MatrixXd* A,
    Eigen::Matrix<Variable, Eigen::Dynamic, 1>* decision_variables,
    Eigen::VectorXd* b) const {
  const Variables vars = VariablesOfCoefficients(terms_);
  const std::vector<Variable> d(vars.begin(), vars.end());
  decision_variables->resize(d.size());
  for (std::size_t i = 0; i < d.size(); ++i) (*decision_variables)(i) = d[i];
  A->setZero(values.cols(), d.size());
  b->setZero(values.cols());
  for (const auto& [m, c] : terms_) {
    // c = Σ slope_i·d_i + offset, read from c as a polynomial in d.
    const Polynomial affine(c, vars);
    if (affine.TotalDegree() > 1 || !affine.decision_variables().empty()) {
      throw std::runtime_error(
          "Polynomial::EvaluateWithAffineCoefficients(): the coefficient " +
          c.to_string() + " of " + m.to_string() +
          " is not affine in the decision variables.");
    }
    const Eigen::VectorXd m_values = m.Evaluate(indeterminates, values);
    for (const auto& [dm, dc] : affine.terms()) {
      const double k = get_constant_value(dc);
      if (dm.total_degree() == 0) {
        *b += k * m_values;
      } else {
        const Variable& v = dm.powers()[0].first;
        const auto col =
            std::lower_bound(d.begin(), d.end(), v, VariableLess{}) - d.begin();
        A->col(col) += k * m_values;
      }
    }
  }
}

Polynomial& Polynomial::AddProduct(const Expression& coeff, const Monomial& m) {
  indeterminates_.insert(m.GetVariables());
  decision_variables_.insert(coeff.GetVariables());
  AddTerm(m, coeff);
  return *this;
}

Polynomial Polynomial::Expand() const {
  Polynomial result;
  result.indeterminates_ = indeterminates_;
  result.decision_variables_ = decision_variables_;
  for (const auto& [m, c] : terms_) {
    Expression expanded = c.Expand();
    if (!is_zero(expanded)) result.terms_.emplace_back(m, std::move(expanded));
  }
  return result;
}

Polynomial Polynomial::RemoveTermsWithSmallCoefficients(
    double coefficient_tol) const {
  Polynomial result = *this;
  std::erase_if(result.terms_, [coefficient_tol](const Term& t) {
    return is_constant(t.second) &&
           std::abs(get_constant_value(t.second)) <= coefficient_tol;
  });
  return result;
}

bool Polynomial::IsEven() const {
  return std::all_of(terms_.begin(), terms_.end(), [](const Term& t) {
    return t.first.total_degree() % 2 == 0 || is_zero(t.second.Expand());
  });
}

bool Polynomial::IsOdd() const {
  return std::all_of(terms_.begin(), terms_.end(), [](const Term& t) {
    return t.first.total_degree() % 2 == 1 || is_zero(t.second.Expand());
  });
}

Eigen::VectorXcd Polynomial::Roots() const {
  if (indeterminates_.size() != 1) {
    throw std::runtime_error("Polynomial::Roots(): " + to_string() +
                             " is not a univariate polynomial; it has the "
                             "indeterminates " +
                             indeterminates_.to_string() + ".");
  }
  const Variable& x = *indeterminates_.begin();
  const int n = Degree(x);
  Eigen::VectorXd coeffs = Eigen::VectorXd::Zero(n + 1);  // c₀ … cₙ
  for (const auto& [m, c] : terms_) {
    if (!is_constant(c)) {
      throw std::runtime_error("Polynomial::Roots(): the coefficient " +
                               c.to_string() + " of " + m.to_string() +
                               " is not a constant.");
    }
    coeffs(m.degree(x)) = get_constant_value(c);
  }
  if (n == 0) return Eigen::VectorXcd(0);
  // The companion matrix of the monic xⁿ + Σ (cₖ/cₙ)·xᵏ: ones below the
  // diagonal, −cₖ/cₙ in the last column; its eigenvalues are the roots.
  Eigen::MatrixXd C = Eigen::MatrixXd::Zero(n, n);
  C.diagonal(-1).setOnes();
  C.col(n - 1) = -coeffs.head(n) / coeffs(n);
  return Eigen::EigenSolver<Eigen::MatrixXd>(C, false).eigenvalues();
}

bool Polynomial::CoefficientsAlmostEqual(const Polynomial& p,
                                         double tolerance) const {
  const Polynomial difference = (*this - p).Expand();
  return std::all_of(difference.terms_.begin(), difference.terms_.end(),
                     [tolerance](const Term& t) {
                       return is_constant(t.second) &&
                              std::abs(get_constant_value(t.second)) <=
                                  tolerance;
                     });
}

bool Polynomial::EqualTo(const Polynomial& p) const {
  if (!(indeterminates_ == p.indeterminates_)) return false;
  if (terms_.size() != p.terms_.size()) return false;
  for (std::size_t i = 0; i < terms_.size(); ++i) {
    if (terms_[i].first != p.terms_[i].first ||
        !terms_[i].second.EqualTo(p.terms_[i].second)) {
      return false;
    }
  }
  return true;
}

Polynomial Polynomial::SubstituteAndExpand(
    const std::unordered_map<Variable, Polynomial>& s,
    SubstituteAndExpandCacheData* cache) const {
  SubstituteAndExpandCacheData local;
  auto& data = *(cache != nullptr ? cache : &local)->get_mutable_data();
  for (const auto& x : indeterminates_) {
    if (!s.count(x)) {
      throw std::runtime_error(
          "Polynomial::SubstituteAndExpand(): the substitution has no "
          "polynomial for the indeterminate " +
          x.get_name() + ".");
    }
  }
  // The expansion of x^k, from the cache or from x^(k-1)·x, recursively
  // down to a cached power.
  const auto power_of = [&](const Variable& x, int k) -> const Polynomial& {
    int have = k;
    while (have > 0 && !data.count(Monomial(x, have))) --have;
    if (have == 0) data.try_emplace(Monomial(), Polynomial(Monomial()));
    for (int j = have + 1; j <= k; ++j) {
      Polynomial next = (data.at(Monomial(x, j - 1)) * s.at(x)).Expand();
      data.insert_or_assign(Monomial(x, j), std::move(next));
    }
    return data.at(Monomial(x, k));
  };
  Polynomial result;
  for (const auto& [m, c] : terms_) {
    auto it = data.find(m);
    if (it == data.end()) {
      Polynomial product(Monomial{});
      for (const auto& [x, k] : m.powers()) product *= power_of(x, k);
      it = data.insert_or_assign(m, product.Expand()).first;
    }
    Polynomial term = it->second;
    for (auto& [tm, tc] : term.terms_) tc *= c;
    term.decision_variables_.insert(c.GetVariables());
    result += term;
  }
  return result.Expand();
}

Polynomial& Polynomial::operator+=(const Polynomial& p) {
  terms_ = AddTerms(terms_, p.terms_);
  indeterminates_.insert(p.indeterminates_);
  decision_variables_.insert(p.decision_variables_);
  return *this;
}
Polynomial& Polynomial::operator+=(const Monomial& m) {
  return *this += Polynomial(m);
}
Polynomial& Polynomial::operator+=(double c) {
  AddTerm(Monomial(), c);
  return *this;
}
Polynomial& Polynomial::operator+=(const Variable& v) {
  if (indeterminates_.include(v)) {
    AddTerm(Monomial(v), 1.0);
  } else {
    AddTerm(Monomial(), v);
    decision_variables_.insert(v);
  }
  return *this;
}
Polynomial& Polynomial::operator-=(const Polynomial& p) {
  terms_ = AddTerms(terms_, p.terms_, -1.0);
  indeterminates_.insert(p.indeterminates_);
  decision_variables_.insert(p.decision_variables_);
  return *this;
}
Polynomial& Polynomial::operator-=(const Monomial& m) {
  return *this -= Polynomial(m);
}
Polynomial& Polynomial::operator-=(double c) { return *this += -c; }
Polynomial& Polynomial::operator-=(const Variable& v) {
  if (indeterminates_.include(v)) {
    AddTerm(Monomial(v), -1.0);
  } else {
    AddTerm(Monomial(), -Expression(v));
    decision_variables_.insert(v);
  }
  return *this;
}
Polynomial& Polynomial::operator*=(const Polynomial& p) {
  terms_ = MulTerms(terms_, p.terms_);
  indeterminates_.insert(p.indeterminates_);
  decision_variables_.insert(p.decision_variables_);
  return *this;
}
Polynomial& Polynomial::operator*=(const Monomial& m) {
  // Multiplying every monomial by m keeps their order (the lexicographic
  // order of exponent vectors is invariant under adding one vector).
  for (auto& term : terms_) term.first *= m;
  indeterminates_.insert(m.GetVariables());
  return *this;
}
Polynomial& Polynomial::operator*=(double c) {
  if (c == 0) {
    terms_.clear();
    return *this;
  }
  for (auto& term : terms_) term.second *= c;
  return *this;
}
Polynomial& Polynomial::operator*=(const Variable& v) {
  if (indeterminates_.include(v)) return *this *= Monomial(v);
  for (auto& term : terms_) term.second *= v;
  decision_variables_.insert(v);
  return *this;
}

std::size_t Polynomial::get_hash() const {
  std::size_t h = 0x2545f4914f6cdd1dULL;
  for (const auto& [m, c] : terms_) {
    h ^= m.get_hash() + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h ^= c.get_hash() + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  }
  return h;
}

std::string Polynomial::to_string() const {
  if (terms_.empty()) return "0";
  std::string result;
  for (const auto& [m, c] : terms_) {
    if (!result.empty()) result += " + ";
    result += c.to_string() + "*" + m.to_string();
  }
  return result;
}

Polynomial operator-(Polynomial p) { return p *= -1.0; }
Polynomial operator+(Polynomial a, const Polynomial& b) { return a += b; }
Polynomial operator-(Polynomial a, const Polynomial& b) { return a -= b; }
Polynomial operator*(const Polynomial& a, const Polynomial& b) {
  Polynomial result = a;
  return result *= b;
}
Polynomial operator*(Polynomial a, double c) { return a *= c; }
Polynomial operator*(double c, Polynomial a) { return a *= c; }
Polynomial operator/(Polynomial p, double c) {
  if (c == 0) {
    throw std::runtime_error("Polynomial: division of " + p.to_string() +
                             " by zero.");
  }
  return p *= 1.0 / c;
}

Polynomial pow(const Polynomial& p, int n) {
  if (n < 0) {
    throw std::runtime_error("Polynomial: the power " + std::to_string(n) +
                             " of " + p.to_string() +
                             " is negative; it should be a non-negative "
                             "integer.");
  }
  Polynomial result(Monomial{});
  Polynomial base = p;
  while (n > 0) {
    if (n & 1) result *= base;
    n >>= 1;
    if (n > 0) base *= base;
  }
  // The result keeps p's indeterminates and decision variables even where
  // p^0 = 1 has none of them: adding 0·p unites the sets.
  result += p * 0.0;
  return result;
}

Formula operator==(const Polynomial& p, const Polynomial& q) {
  const Polynomial difference = (q - p).Expand();
  Formula result = Formula::True();
  for (const auto& [m, c] : difference.terms()) {
    result = result && (c == Expression(0.0));
  }
  return result;
}

Formula operator!=(const Polynomial& p, const Polynomial& q) {
  return !(p == q);
}

std::ostream& operator<<(std::ostream& os, const Polynomial& p) {
  return os << p.to_string();
}

void DecomposeQuadraticPolynomial(
    const Polynomial& poly,
    const std::unordered_map<Variable::Id, int>& map_var_to_index,
    Eigen::MatrixXd* Q, Eigen::VectorXd* b, double* c) {
  const int n = static_cast<int>(map_var_to_index.size());
  Q->setZero(n, n);
  b->setZero(n);
  *c = 0;
  const auto index_of = [&](const Variable& v) {
    const auto it = map_var_to_index.find(v.get_id());
    if (it == map_var_to_index.end()) {
      throw std::out_of_range("DecomposeQuadraticPolynomial(): " +
                              v.get_name() + " is not in map_var_to_index.");
    }
    return it->second;
  };
  for (const auto& [m, coeff] : poly.terms()) {
    if (m.total_degree() > 2) {
      throw std::runtime_error("DecomposeQuadraticPolynomial(): " +
                               m.to_string() + " has a degree higher than 2.");
    }
    if (!is_constant(coeff)) {
      throw std::runtime_error(
          "DecomposeQuadraticPolynomial(): the "
          "coefficient " +
          coeff.to_string() + " of " + m.to_string() + " is not a constant.");
    }
    const double k = get_constant_value(coeff);
    const auto& powers = m.powers();
    if (m.total_degree() == 0) {
      *c += k;
    } else if (m.total_degree() == 1) {
      (*b)(index_of(powers[0].first)) += k;
    } else if (powers.size() == 1) {  // x², the Hessian entry 2k
      const int i = index_of(powers[0].first);
      (*Q)(i, i) += 2 * k;
    } else {  // x·y, the Hessian entries k
      const int i = index_of(powers[0].first);
      const int j = index_of(powers[1].first);
      (*Q)(i, j) += k;
      (*Q)(j, i) += k;
    }
  }
}

Polynomial CalcPolynomialWLowerTriangularPart(
    const Eigen::Ref<const Eigen::Matrix<Monomial, Eigen::Dynamic, 1>>&
        monomial_basis,
    const Eigen::Ref<const Eigen::Matrix<Expression, Eigen::Dynamic, 1>>&
        gram_lower) {
  const Eigen::Index n = monomial_basis.size();
  if (gram_lower.size() != n * (n + 1) / 2) {
    throw std::runtime_error(
        "CalcPolynomialWLowerTriangularPart(): gram_lower has " +
        std::to_string(gram_lower.size()) + " entries; a basis of " +
        std::to_string(n) + " monomials needs " +
        std::to_string(n * (n + 1) / 2) + ".");
  }
  // Σᵢ Qᵢᵢ·mᵢ² + Σ_{i>j} 2·Qᵢⱼ·mᵢ·mⱼ, the lower triangle column by column.
  Polynomial result;
  Eigen::Index k = 0;
  for (Eigen::Index j = 0; j < n; ++j) {
    for (Eigen::Index i = j; i < n; ++i, ++k) {
      const Expression coeff = i == j ? gram_lower(k) : 2.0 * gram_lower(k);
      result.AddProduct(coeff, monomial_basis(i) * monomial_basis(j));
    }
  }
  return result;
}

}  // namespace ossa::symbolic
