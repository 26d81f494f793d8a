#pragma once

/// @file
/// Monomial, a product of variables raised to positive integer powers
/// (x²·y·z³), and the monomial bases of the reference's polynomial layer.
///
/// Representation. A Monomial is a flat vector of (variable, exponent)
/// pairs sorted by variable id, with every exponent ≥ 1: the empty vector
/// is the monomial 1. Products merge the two sorted vectors (O(n + m)),
/// equality compares them entrywise, and the hash combines ids and
/// exponents, so monomials are cheap keys of the sorted term vectors of
/// Polynomial.
///
/// Order. Monomials are ordered lexicographically by their exponent
/// vectors over all variables, the variable of smallest id first (an absent
/// variable has exponent 0): with x before y, 1 < y < y² < x·y < x². The
/// monomial bases list monomials by total degree, highest first, and within
/// one degree in this order — the reference's graded reverse lexicographic
/// order.

#include <Eigen/Core>
#include <cstddef>
#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "ossa/common/symbolic/expression.h"

namespace ossa::symbolic {

/// A product of variables raised to positive integer powers (see the file
/// comment). Immutable apart from pow_in_place() and operator*=.
class Monomial {
 public:
  using Power = std::pair<Variable, int>;

  /// The monomial 1 (total degree 0).
  Monomial() = default;
  /// var^exponent; exponent 0 gives 1.
  /// @throws std::runtime_error if exponent is negative or var the dummy.
  explicit Monomial(const Variable& var, int exponent = 1);
  /// The product of var^exponent over `powers`; zero exponents are dropped.
  /// @throws std::runtime_error naming the variable of a negative exponent.
  explicit Monomial(const std::map<Variable, int>& powers);
  /// ∏ vars(i)^exponents(i) (a repeated variable adds its exponents).
  /// @throws std::runtime_error if the sizes differ or an exponent is
  /// negative.
  Monomial(
      const Eigen::Ref<const Eigen::Matrix<Variable, Eigen::Dynamic, 1>>& vars,
      const Eigen::Ref<const Eigen::VectorXi>& exponents);

  /// The exponent of `var` (0 if absent). O(log n).
  int degree(const Variable& var) const;
  /// The sum of the exponents.
  int total_degree() const { return total_degree_; }
  /// The variables with a positive exponent.
  Variables GetVariables() const;
  /// The map variable → exponent.
  std::map<Variable, int> get_powers() const;
  /// The (variable, exponent) pairs sorted by variable id.
  const std::vector<Power>& powers() const { return powers_; }

  /// ∏ pow(var, exponent) as an Expression (1 for the empty monomial).
  Expression ToExpression() const;
  /// The value at env.
  /// @throws std::runtime_error naming a variable that env lacks.
  double Evaluate(const Environment& env) const;
  /// The values at a batch of points: result(j) = the monomial at
  /// vars(i) = values(i, j).
  /// @throws std::runtime_error if values has not vars.size() rows, if
  /// vars repeats a variable, or if a variable of the monomial is not in
  /// vars.
  Eigen::VectorXd Evaluate(
      const Eigen::Ref<const Eigen::Matrix<Variable, Eigen::Dynamic, 1>>& vars,
      const Eigen::Ref<const Eigen::MatrixXd>& values) const;
  /// (c, m) with this = c·m at env: the bound variables evaluated into c,
  /// the others left in m.
  std::pair<double, Monomial> EvaluatePartial(const Environment& env) const;

  /// Raises this monomial to p in place and returns it.
  /// @throws std::runtime_error if p is negative.
  Monomial& pow_in_place(int p);
  /// The product (exponents add).
  Monomial& operator*=(const Monomial& other);

  /// Same variables with the same exponents.
  bool operator==(const Monomial& other) const {
    return powers_.size() == other.powers_.size() &&
           std::equal(powers_.begin(), powers_.end(), other.powers_.begin(),
                      [](const Power& a, const Power& b) {
                        return a.first.get_id() == b.first.get_id() &&
                               a.second == b.second;
                      });
  }
  bool operator!=(const Monomial& other) const { return !(*this == other); }
  /// The lexicographic order of the file comment.
  bool operator<(const Monomial& other) const;
  std::size_t get_hash() const;

  /// "x^2 * y", "1" for the empty monomial.
  std::string to_string() const;

 private:
  std::vector<Power> powers_;
  int total_degree_{0};
};

Monomial operator*(Monomial a, const Monomial& b);
/// m^p. @throws std::runtime_error if p is negative.
Monomial pow(Monomial m, int p);
std::ostream& operator<<(std::ostream& os, const Monomial& m);

/// Orders monomials as the monomial bases do: higher total degree first,
/// then the lexicographic order of Monomial::operator<.
struct GradedReverseLexOrder {
  bool operator()(const Monomial& a, const Monomial& b) const {
    if (a.total_degree() != b.total_degree()) {
      return a.total_degree() > b.total_degree();
    }
    return a < b;
  }
};

/// Every monomial of `vars` of total degree at most `degree`, in the order
/// of GradedReverseLexOrder: C(n + d, d) monomials for n variables.
/// @throws std::runtime_error if vars is empty or degree is negative.
Eigen::Matrix<Monomial, Eigen::Dynamic, 1> MonomialBasis(const Variables& vars,
                                                         int degree);
/// Every monomial whose total degree in each set of variables is at most
/// the degree given for it (the sets must be disjoint), in the order of
/// GradedReverseLexOrder.
/// @throws std::runtime_error if the sets overlap or a degree is negative.
Eigen::Matrix<Monomial, Eigen::Dynamic, 1> MonomialBasis(
    const std::vector<std::pair<Variables, int>>& vars_degree);
/// The monomials of MonomialBasis(vars, degree) of even total degree.
Eigen::Matrix<Monomial, Eigen::Dynamic, 1> EvenDegreeMonomialBasis(
    const Variables& vars, int degree);
/// The monomials of MonomialBasis(vars, degree) of odd total degree.
Eigen::Matrix<Monomial, Eigen::Dynamic, 1> OddDegreeMonomialBasis(
    const Variables& vars, int degree);
/// The 2ⁿ monomials in which each variable of x has degree 0 or 1. Sorted
/// by GradedReverseLexOrder if `sort_monomial`; otherwise built by
/// doubling the list [1] with each variable from the highest id down
/// ([1, z, y, y·z, x, x·z, x·y, x·y·z]).
/// @throws std::runtime_error if x is empty.
Eigen::Matrix<Monomial, Eigen::Dynamic, 1> CalcMonomialBasisOrderUpToOne(
    const Variables& x, bool sort_monomial = false);

}  // namespace ossa::symbolic

template <>
struct std::hash<ossa::symbolic::Monomial> {
  std::size_t operator()(const ossa::symbolic::Monomial& m) const noexcept {
    return m.get_hash();
  }
};

namespace Eigen {
/// Monomial in an Eigen matrix (the monomial bases): storage only.
template <>
struct NumTraits<ossa::symbolic::Monomial>
    : NumTraits<ossa::symbolic::Expression> {
  using Real = ossa::symbolic::Monomial;
  using NonInteger = ossa::symbolic::Monomial;
  using Nested = ossa::symbolic::Monomial;
  using Literal = ossa::symbolic::Monomial;
};
}  // namespace Eigen
