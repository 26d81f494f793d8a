#pragma once

/// @file
/// Polynomial, a multivariate polynomial Σ cᵢ·mᵢ(x) in indeterminates x
/// whose coefficients cᵢ are Expressions of other variables (the decision
/// variables), as the reference's symbolic::Polynomial; and the cache of
/// Polynomial::SubstituteAndExpand().
///
/// Representation. The terms are a flat vector of (Monomial, Expression)
/// pairs sorted by the monomial order of monomial.h, without zero
/// coefficients (the reference's invariant: no coefficient is the constant
/// 0). Beside the terms the polynomial keeps its indeterminates and its
/// decision variables, as sets. Sums merge the two sorted vectors (O(n + m)
/// coefficient additions); products accumulate the n·m term products in a
/// hash table by monomial and sort once (O(n·m) plus the sort); powers
/// square repeatedly. No arithmetic goes through an Expression of the whole
/// polynomial.
///
/// Indeterminates and decision variables follow the reference: a
/// polynomial built from an Expression alone has all its variables as
/// indeterminates; one built with a set of indeterminates has that set and
/// the other variables as decision variables; one built from a map or a
/// monomial has the monomials' variables as indeterminates and the
/// coefficients' as decision variables. Sums and products take the unions.
/// A Variable added to or multiplied with a polynomial is a monomial if it
/// is one of its indeterminates and a coefficient otherwise.

#include <Eigen/Core>
#include <complex>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ossa/common/symbolic/monomial.h"

namespace ossa::symbolic {

class SubstituteAndExpandCacheData;

/// A polynomial in indeterminates with Expression coefficients (see the
/// file comment).
class Polynomial {
 public:
  using Term = std::pair<Monomial, Expression>;
  using MapType = std::map<Monomial, Expression>;

  /// The zero polynomial.
  Polynomial() = default;
  /// The polynomial 1·m; m's variables are the indeterminates.
  Polynomial(const Monomial& m);  // NOLINT(runtime/explicit): as the reference.
  /// Σ coefficient·monomial over `map`; zero coefficients are dropped. The
  /// monomials' variables are the indeterminates, the coefficients' the
  /// decision variables.
  explicit Polynomial(const MapType& map);
  /// e with all its variables as indeterminates.
  /// @throws std::runtime_error if e is not a polynomial (names the term).
  explicit Polynomial(const Expression& e);
  /// e decomposed in `indeterminates`: every other variable goes into the
  /// coefficients, which are expanded (Expression::Expand()).
  /// @throws std::runtime_error if e is not a polynomial in the
  /// indeterminates: an indeterminate inside a function other than +, ·,
  /// a positive integer power, or in a denominator (names the term).
  Polynomial(const Expression& e, Variables indeterminates);

  const Variables& indeterminates() const { return indeterminates_; }
  const Variables& decision_variables() const { return decision_variables_; }
  /// Re-decomposes the polynomial in `new_indeterminates` (the other
  /// variables become decision variables).
  void SetIndeterminates(const Variables& new_indeterminates);
  /// The terms, sorted by monomial, with no zero coefficient.
  const std::vector<Term>& terms() const { return terms_; }
  /// The terms as a map monomial → coefficient.
  MapType monomial_to_coefficient_map() const;

  /// The highest total degree of a monomial (0 for the zero polynomial).
  int TotalDegree() const;
  /// The highest degree of `v` in a monomial.
  int Degree(const Variable& v) const;
  /// Σ coefficient·monomial as an Expression.
  Expression ToExpression() const;

  /// ∂p/∂x, for x an indeterminate or a decision variable. The result's
  /// indeterminates are the variables of its monomials.
  Polynomial Differentiate(const Variable& x) const;
  /// [∂p/∂vars(0), ...].
  Eigen::Matrix<Polynomial, 1, Eigen::Dynamic> Jacobian(
      const Eigen::Ref<const Eigen::Matrix<Variable, Eigen::Dynamic, 1>>& vars)
      const;
  /// The antiderivative in x with zero constant: each monomial x^k·m
  /// becomes x^(k+1)·m/(k+1). x joins the indeterminates.
  /// @throws std::runtime_error if x is a decision variable.
  Polynomial Integrate(const Variable& x) const;
  /// ∫ₐᵇ p dx; x leaves the indeterminates.
  /// @throws std::runtime_error if x is a decision variable.
  Polynomial Integrate(const Variable& x, double a, double b) const;

  /// The value at env, which binds every variable.
  /// @throws std::runtime_error naming a variable env lacks.
  double Evaluate(const Environment& env) const;
  /// The polynomial with the variables env binds replaced by their values
  /// (in monomials and coefficients alike).
  Polynomial EvaluatePartial(const Environment& env) const;
  Polynomial EvaluatePartial(const Variable& var, double c) const;
  /// result(j) = p at indeterminates(i) = values(i, j).
  /// @throws std::runtime_error if a coefficient is not a constant or an
  /// indeterminate of p is not in `indeterminates`.
  Eigen::VectorXd EvaluateIndeterminates(
      const Eigen::Ref<const Eigen::Matrix<Variable, Eigen::Dynamic, 1>>&
          indeterminates,
      const Eigen::Ref<const Eigen::MatrixXd>& values) const;
  /// For coefficients affine in the decision variables d: A, d and b with
  /// A.row(j)·d + b(j) = p at indeterminates = values.col(j). d lists the
  /// decision variables that appear, by id.
  /// @throws std::runtime_error if a coefficient is not affine in d.
  void EvaluateWithAffineCoefficients(
      const Eigen::Ref<const Eigen::Matrix<Variable, Eigen::Dynamic, 1>>&
          indeterminates,
      const Eigen::Ref<const Eigen::MatrixXd>& values, Eigen::MatrixXd* A,
      Eigen::Matrix<Variable, Eigen::Dynamic, 1>* decision_variables,
      Eigen::VectorXd* b) const;

  /// Adds coeff·m and returns this polynomial.
  Polynomial& AddProduct(const Expression& coeff, const Monomial& m);
  /// The polynomial with every coefficient expanded (terms whose coefficient
  /// expands to 0 removed).
  Polynomial Expand() const;
  /// The polynomial without the terms whose coefficient is a constant of
  /// absolute value at most coefficient_tol.
  Polynomial RemoveTermsWithSmallCoefficients(double coefficient_tol) const;
  /// True if every monomial of odd (IsEven) or even (IsOdd) total degree has
  /// a coefficient that expands to 0: p(−x) = p(x), or p(−x) = −p(x).
  bool IsEven() const;
  bool IsOdd() const;
  /// The roots of a univariate polynomial with constant coefficients: the
  /// eigenvalues of its companion matrix.
  /// @throws std::runtime_error if p is not univariate or a coefficient is
  /// not a constant.
  Eigen::VectorXcd Roots() const;
  /// True if every coefficient of (this − p), expanded, is a constant of
  /// absolute value at most tolerance.
  bool CoefficientsAlmostEqual(const Polynomial& p, double tolerance) const;
  /// Same indeterminates and the same terms (coefficients structurally
  /// equal).
  bool EqualTo(const Polynomial& p) const;
  /// The polynomial with every indeterminate x replaced by the polynomial
  /// s.at(x), expanded. Powers of the substituted indeterminates are
  /// computed once and kept in `cache` (or a local one if null).
  /// @throws std::runtime_error naming an indeterminate s lacks.
  Polynomial SubstituteAndExpand(
      const std::unordered_map<Variable, Polynomial>& s,
      SubstituteAndExpandCacheData* cache = nullptr) const;

  Polynomial& operator+=(const Polynomial& p);
  Polynomial& operator+=(const Monomial& m);
  Polynomial& operator+=(double c);
  Polynomial& operator+=(const Variable& v);
  Polynomial& operator-=(const Polynomial& p);
  Polynomial& operator-=(const Monomial& m);
  Polynomial& operator-=(double c);
  Polynomial& operator-=(const Variable& v);
  Polynomial& operator*=(const Polynomial& p);
  Polynomial& operator*=(const Monomial& m);
  Polynomial& operator*=(double c);
  Polynomial& operator*=(const Variable& v);

  std::size_t get_hash() const;
  /// "2*1 + 3*y + a*x^2": coefficient*monomial in monomial order; "0".
  std::string to_string() const;

 private:
  friend class RationalFunction;
  // Adds coeff·m, keeping the terms sorted and without zeros.
  void AddTerm(const Monomial& m, const Expression& coeff);
  // Takes the indeterminates of the monomials and the decision variables of
  // the coefficients (the map constructor's rule).
  void SetVariablesFromTerms();

  std::vector<Term> terms_;
  Variables indeterminates_;
  Variables decision_variables_;
};

/// The powers of substituted indeterminates that
/// Polynomial::SubstituteAndExpand() has expanded, kept between calls that
/// use the same substitution: monomial of the old indeterminates → its
/// expansion in the new ones.
class SubstituteAndExpandCacheData {
 public:
  /// The cached expansions.
  const std::unordered_map<Monomial, Polynomial>& get_data() const {
    return data_;
  }
  std::unordered_map<Monomial, Polynomial>* get_mutable_data() {
    return &data_;
  }

 private:
  std::unordered_map<Monomial, Polynomial> data_;
};

Polynomial operator-(Polynomial p);
Polynomial operator+(Polynomial a, const Polynomial& b);
Polynomial operator-(Polynomial a, const Polynomial& b);
Polynomial operator*(const Polynomial& a, const Polynomial& b);
Polynomial operator*(Polynomial a, double c);
Polynomial operator*(double c, Polynomial a);
/// p / c. @throws std::runtime_error if c is 0.
Polynomial operator/(Polynomial p, double c);
/// p^n. @throws std::runtime_error if n is negative.
Polynomial pow(const Polynomial& p, int n);
/// The formula that the expanded coefficients of q − p are all 0 (True or
/// False when that is decided).
Formula operator==(const Polynomial& p, const Polynomial& q);
Formula operator!=(const Polynomial& p, const Polynomial& q);
std::ostream& operator<<(std::ostream& os, const Polynomial& p);

/// For a quadratic polynomial with constant coefficients, Q, b and c with
/// p = ½·xᵀQx + bᵀx + c, where x(map_var_to_index.at(id)) is the variable
/// with that id. Q is symmetric.
/// @throws std::runtime_error if p has a monomial of degree > 2 or a
/// non-constant coefficient; std::out_of_range if a variable is not in the
/// map.
void DecomposeQuadraticPolynomial(
    const Polynomial& poly,
    const std::unordered_map<Variable::Id, int>& map_var_to_index,
    Eigen::MatrixXd* Q, Eigen::VectorXd* b, double* c);

/// m(x)ᵀ·Q·m(x) for the symmetric Q whose lower triangle, stacked column by
/// column, is gram_lower.
/// @throws std::runtime_error if gram_lower has not n(n+1)/2 entries.
Polynomial CalcPolynomialWLowerTriangularPart(
    const Eigen::Ref<const Eigen::Matrix<Monomial, Eigen::Dynamic, 1>>&
        monomial_basis,
    const Eigen::Ref<const Eigen::Matrix<Expression, Eigen::Dynamic, 1>>&
        gram_lower);

}  // namespace ossa::symbolic

template <>
struct std::hash<ossa::symbolic::Polynomial> {
  std::size_t operator()(const ossa::symbolic::Polynomial& p) const noexcept {
    return p.get_hash();
  }
};

namespace Eigen {
/// Polynomial in an Eigen matrix (Jacobian, matrices of polynomials).
template <>
struct NumTraits<ossa::symbolic::Polynomial>
    : NumTraits<ossa::symbolic::Expression> {
  using Real = ossa::symbolic::Polynomial;
  using NonInteger = ossa::symbolic::Polynomial;
  using Nested = ossa::symbolic::Polynomial;
  using Literal = ossa::symbolic::Polynomial;
};
}  // namespace Eigen
