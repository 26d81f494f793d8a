#include "ossa/common/symbolic/monomial.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <unordered_set>

namespace ossa::symbolic {
namespace {

bool IdLess(const Monomial::Power& a, const Monomial::Power& b) {
  return a.first.get_id() < b.first.get_id();
}

// Sorts `powers` by id, adds the exponents of repeated variables and drops
// zero exponents.
std::vector<Monomial::Power> Normalize(std::vector<Monomial::Power> powers) {
  std::sort(powers.begin(), powers.end(), IdLess);
  std::vector<Monomial::Power> result;
  result.reserve(powers.size());
  for (const auto& p : powers) {
    if (!result.empty() && result.back().first.get_id() == p.first.get_id()) {
      result.back().second += p.second;
    } else {
      result.push_back(p);
    }
  }
  std::erase_if(result, [](const Monomial::Power& p) { return p.second == 0; });
  return result;
}

void CheckPower(const Variable& var, int exponent) {
  if (var.is_dummy()) {
    throw std::runtime_error("Monomial: the dummy variable has no power.");
  }
  if (exponent < 0) {
    throw std::runtime_error("Monomial: the exponent " +
                             std::to_string(exponent) + " of " +
                             var.get_name() + " is negative.");
  }
}

int SumOfExponents(const std::vector<Monomial::Power>& powers) {
  int total = 0;
  for (const auto& p : powers) total += p.second;
  return total;
}

// x^p by repeated squaring (exact for the small integer powers of
// polynomials, and as std::pow for large ones).
double IntegerPower(double x, int p) {
  double result = 1.0;
  while (p > 0) {
    if (p & 1) result *= x;
    x *= x;
    p >>= 1;
  }
  return result;
}

}  // namespace

Monomial::Monomial(const Variable& var, int exponent) {
  CheckPower(var, exponent);
  if (exponent > 0) powers_.emplace_back(var, exponent);
  total_degree_ = exponent;
}

Monomial::Monomial(const std::map<Variable, int>& powers) {
  for (const auto& [var, exponent] : powers) {
    CheckPower(var, exponent);
    if (exponent > 0) powers_.emplace_back(var, exponent);
  }
  std::sort(powers_.begin(), powers_.end(), IdLess);
  total_degree_ = SumOfExponents(powers_);
}

Monomial::Monomial(
    const Eigen::Ref<const Eigen::Matrix<Variable, Eigen::Dynamic, 1>>& vars,
    const Eigen::Ref<const Eigen::VectorXi>& exponents) {
  if (vars.size() != exponents.size()) {
    throw std::runtime_error("Monomial: " + std::to_string(vars.size()) +
                             " variables but " +
                             std::to_string(exponents.size()) + " exponents.");
  }
  std::vector<Power> powers;
  for (Eigen::Index i = 0; i < vars.size(); ++i) {
    CheckPower(vars(i), exponents(i));
    powers.emplace_back(vars(i), exponents(i));
  }
  powers_ = Normalize(std::move(powers));
  total_degree_ = SumOfExponents(powers_);
}

int Monomial::degree(const Variable& var) const {
  const auto it =
      std::lower_bound(powers_.begin(), powers_.end(), Power{var, 0}, IdLess);
  return it != powers_.end() && it->first.get_id() == var.get_id() ? it->second
                                                                   : 0;
}

Variables Monomial::GetVariables() const {
  Variables result;
  for (const auto& p : powers_) result.insert(p.first);
  return result;
}

std::map<Variable, int> Monomial::get_powers() const {
  return std::map<Variable, int>(powers_.begin(), powers_.end());
}

Expression Monomial::ToExpression() const {
  Expression result = 1.0;
  for (const auto& [var, exponent] : powers_) {
    result *= exponent == 1 ? Expression(var)
                            : pow(Expression(var), Expression(exponent));
  }
  return result;
}

double Monomial::Evaluate(const Environment& env) const {
  double result = 1.0;
  for (const auto& [var, exponent] : powers_) {
    const double* value = env.find(var);
    if (value == nullptr) {
      throw std::runtime_error("Monomial " + to_string() +
                               " cannot be evaluated: the environment has "
                               "no value for " +
                               var.get_name() + ".");
    }
    result *= IntegerPower(*value, exponent);
  }
  return result;
}

Eigen::VectorXd Monomial::Evaluate(
    const Eigen::Ref<const Eigen::Matrix<Variable, Eigen::Dynamic, 1>>& vars,
    const Eigen::Ref<const Eigen::MatrixXd>& values) const {
  if (values.rows() != vars.size()) {
    throw std::runtime_error("Monomial::Evaluate(): vars has " +
                             std::to_string(vars.size()) +
                             " entries but vars_values has " +
                             std::to_string(values.rows()) + " rows.");
  }
  std::unordered_set<Variable::Id> seen;
  for (Eigen::Index i = 0; i < vars.size(); ++i) {
    if (!seen.insert(vars(i).get_id()).second) {
      throw std::runtime_error("Monomial::Evaluate(): vars repeats " +
                               vars(i).get_name() + ".");
    }
  }
  Eigen::VectorXd result = Eigen::VectorXd::Ones(values.cols());
  for (const auto& [var, exponent] : powers_) {
    Eigen::Index row = -1;
    for (Eigen::Index i = 0; i < vars.size(); ++i) {
      if (vars(i).get_id() == var.get_id()) row = i;
    }
    if (row < 0) {
      throw std::runtime_error("Monomial::Evaluate(): " + var.get_name() +
                               " is not present in vars.");
    }
    for (Eigen::Index j = 0; j < values.cols(); ++j) {
      result(j) *= IntegerPower(values(row, j), exponent);
    }
  }
  return result;
}

std::pair<double, Monomial> Monomial::EvaluatePartial(
    const Environment& env) const {
  double c = 1.0;
  Monomial rest;
  for (const auto& [var, exponent] : powers_) {
    if (const double* value = env.find(var)) {
      c *= IntegerPower(*value, exponent);
    } else {
      rest.powers_.emplace_back(var, exponent);
      rest.total_degree_ += exponent;
    }
  }
  return {c, std::move(rest)};
}

Monomial& Monomial::pow_in_place(int p) {
  if (p < 0) {
    throw std::runtime_error("Monomial::pow(): the power " + std::to_string(p) +
                             " of " + to_string() + " is negative.");
  }
  if (p == 0) {
    powers_.clear();
  } else {
    for (auto& power : powers_) power.second *= p;
  }
  total_degree_ *= p;
  return *this;
}

Monomial& Monomial::operator*=(const Monomial& other) {
  std::vector<Power> merged;
  merged.reserve(powers_.size() + other.powers_.size());
  auto a = powers_.begin();
  auto b = other.powers_.begin();
  while (a != powers_.end() || b != other.powers_.end()) {
    if (b == other.powers_.end() ||
        (a != powers_.end() && a->first.get_id() < b->first.get_id())) {
      merged.push_back(*a++);
    } else if (a == powers_.end() || b->first.get_id() < a->first.get_id()) {
      merged.push_back(*b++);
    } else {
      merged.emplace_back(a->first, a->second + b->second);
      ++a;
      ++b;
    }
  }
  powers_ = std::move(merged);
  total_degree_ += other.total_degree_;
  return *this;
}

bool Monomial::operator<(const Monomial& other) const {
  // Lexicographic on the exponent vectors, the smallest id first: at the
  // first variable where the exponents differ, the smaller one wins; a
  // variable present in only one of them is a positive exponent against 0.
  auto a = powers_.begin();
  auto b = other.powers_.begin();
  for (; a != powers_.end() && b != other.powers_.end(); ++a, ++b) {
    const auto ia = a->first.get_id();
    const auto ib = b->first.get_id();
    if (ia < ib) return false;  // this has it, other has 0 there
    if (ib < ia) return true;
    if (a->second != b->second) return a->second < b->second;
  }
  return a == powers_.end() && b != other.powers_.end();
}

std::size_t Monomial::get_hash() const {
  std::size_t h = 0x51ed270b27a3b9f1ULL;
  for (const auto& [var, exponent] : powers_) {
    h ^= var.get_id() * 0x9e3779b97f4a7c15ULL +
         static_cast<std::size_t>(exponent) + (h << 6) + (h >> 2);
  }
  return h;
}

std::string Monomial::to_string() const {
  if (powers_.empty()) return "1";
  std::string result;
  for (const auto& [var, exponent] : powers_) {
    if (!result.empty()) result += " * ";
    result += var.get_name();
    if (exponent != 1) result += "^" + std::to_string(exponent);
  }
  return result;
}

Monomial operator*(Monomial a, const Monomial& b) {
  a *= b;
  return a;
}

Monomial pow(Monomial m, int p) { return m.pow_in_place(p); }

std::ostream& operator<<(std::ostream& os, const Monomial& m) {
  return os << m.to_string();
}

namespace {

using MonomialVector = Eigen::Matrix<Monomial, Eigen::Dynamic, 1>;

MonomialVector ToSortedVector(std::vector<Monomial> monomials) {
  std::sort(monomials.begin(), monomials.end(), GradedReverseLexOrder{});
  MonomialVector result(monomials.size());
  for (std::size_t i = 0; i < monomials.size(); ++i) {
    result(i) = std::move(monomials[i]);
  }
  return result;
}

// Appends to `out` every monomial of vars[first..] of total degree at most
// `degree`, each times `prefix`.
void AppendMonomials(const std::vector<Variable>& vars, std::size_t first,
                     int degree, const Monomial& prefix,
                     std::vector<Monomial>* out) {
  if (first == vars.size()) {
    out->push_back(prefix);
    return;
  }
  Monomial m = prefix;
  for (int k = 0; k <= degree; ++k) {
    AppendMonomials(vars, first + 1, degree - k, m, out);
    m *= Monomial(vars[first]);
  }
}

std::vector<Monomial> AllMonomials(const Variables& vars, int degree,
                                   const char* caller) {
  if (vars.empty()) {
    throw std::runtime_error(std::string(caller) +
                             "(): the set of variables is empty.");
  }
  if (degree < 0) {
    throw std::runtime_error(std::string(caller) + "(): the degree " +
                             std::to_string(degree) + " is negative.");
  }
  std::vector<Monomial> result;
  AppendMonomials(std::vector<Variable>(vars.begin(), vars.end()), 0, degree,
                  Monomial(), &result);
  return result;
}

}  // namespace

Eigen::Matrix<Monomial, Eigen::Dynamic, 1> MonomialBasis(const Variables& vars,
                                                         int degree) {
  return ToSortedVector(AllMonomials(vars, degree, "MonomialBasis"));
}

Eigen::Matrix<Monomial, Eigen::Dynamic, 1> MonomialBasis(
    const std::vector<std::pair<Variables, int>>& vars_degree) {
  std::vector<Monomial> result{Monomial()};
  Variables seen;
  for (const auto& [vars, degree] : vars_degree) {
    if (!intersect(seen, vars).empty()) {
      throw std::runtime_error("MonomialBasis(): the sets of variables " +
                               seen.to_string() + " and " + vars.to_string() +
                               " overlap.");
    }
    seen.insert(vars);
    const std::vector<Monomial> part =
        AllMonomials(vars, degree, "MonomialBasis");
    std::vector<Monomial> product;
    product.reserve(result.size() * part.size());
    for (const auto& a : result) {
      for (const auto& b : part) product.push_back(a * b);
    }
    result = std::move(product);
  }
  return ToSortedVector(std::move(result));
}

Eigen::Matrix<Monomial, Eigen::Dynamic, 1> EvenDegreeMonomialBasis(
    const Variables& vars, int degree) {
  auto all = AllMonomials(vars, degree, "EvenDegreeMonomialBasis");
  std::erase_if(all, [](const Monomial& m) { return m.total_degree() % 2; });
  return ToSortedVector(std::move(all));
}

Eigen::Matrix<Monomial, Eigen::Dynamic, 1> OddDegreeMonomialBasis(
    const Variables& vars, int degree) {
  auto all = AllMonomials(vars, degree, "OddDegreeMonomialBasis");
  std::erase_if(all,
                [](const Monomial& m) { return m.total_degree() % 2 == 0; });
  return ToSortedVector(std::move(all));
}

Eigen::Matrix<Monomial, Eigen::Dynamic, 1> CalcMonomialBasisOrderUpToOne(
    const Variables& x, bool sort_monomial) {
  if (x.empty()) {
    throw std::runtime_error(
        "CalcMonomialBasisOrderUpToOne(): the set of variables is empty.");
  }
  std::vector<Monomial> result{Monomial()};
  const std::vector<Variable> vars(x.begin(), x.end());
  for (auto it = vars.rbegin(); it != vars.rend(); ++it) {
    const std::size_t n = result.size();
    for (std::size_t i = 0; i < n; ++i) {
      result.push_back(result[i] * Monomial(*it));
    }
  }
  if (sort_monomial) return ToSortedVector(std::move(result));
  MonomialVector out(result.size());
  for (std::size_t i = 0; i < result.size(); ++i) out(i) = result[i];
  return out;
}

}  // namespace ossa::symbolic
