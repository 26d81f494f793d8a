#pragma once

/// @file
/// Formula: a logical statement about expressions — a comparison (e₁ < e₂,
/// e₁ == e₂, ...), a Boolean variable, True, False, or a conjunction,
/// disjunction or negation of formulas. Comparing Expressions gives a
/// Formula, as comparing doubles gives a bool.
///
/// A formula whose truth is known when it is built (both sides constant, or
/// the two sides the same expression) is True or False at once; so is a
/// conjunction or disjunction that one operand decides. Converting a formula
/// to bool (`if (x < y)` in code templated on the scalar) succeeds for those
/// and throws std::logic_error for one that depends on variables: a
/// symbolic value cannot take one branch.
///
/// This header is included by expression.h; include that one.

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "ossa/common/symbolic/environment.h"
#include "ossa/common/symbolic/variable.h"

namespace ossa::symbolic {

class Expression;

/// The kind of a formula's root.
enum class FormulaKind : std::uint8_t {
  False,
  True,
  Var,  ///< a Boolean variable
  Eq,
  Neq,
  Gt,
  Geq,
  Lt,
  Leq,
  And,
  Or,
  Not,
  Isnan,
};

namespace internal {
struct FormulaCell;
}  // namespace internal

/// A logical formula over expressions (see the file comment). Copies share
/// the immutable representation.
class Formula {
 public:
  /// True.
  Formula();
  /// The Boolean variable `var`.
  /// @throws std::logic_error if var is not of type BOOLEAN.
  explicit Formula(const Variable& var);

  static Formula True();
  static Formula False();

  FormulaKind get_kind() const;
  /// The free variables (of the expressions and Boolean variables).
  Variables GetFreeVariables() const;
  /// True if both are the same formula structurally.
  bool EqualTo(const Formula& other) const;
  /// The truth at env.
  /// @throws std::runtime_error as Expression::Evaluate() does.
  bool Evaluate(const Environment& env = Environment{}) const;
  /// The formula with var replaced by e in every expression.
  Formula Substitute(const Variable& var, const Expression& e) const;
  /// "(x < y)", "((x < y) and (y < 1))".
  std::string to_string() const;

  /// The truth of a formula known without variables.
  /// @throws std::logic_error if it depends on variables.
  explicit operator bool() const;

  /// The cell (for the implementation).
  const internal::FormulaCell& cell() const { return *cell_; }
  explicit Formula(std::shared_ptr<const internal::FormulaCell> cell)
      : cell_(std::move(cell)) {}

 private:
  std::shared_ptr<const internal::FormulaCell> cell_;
};

// Comparisons of expressions.
Formula operator==(const Expression& a, const Expression& b);
Formula operator!=(const Expression& a, const Expression& b);
Formula operator<(const Expression& a, const Expression& b);
Formula operator<=(const Expression& a, const Expression& b);
Formula operator>(const Expression& a, const Expression& b);
Formula operator>=(const Expression& a, const Expression& b);

// Logic.
Formula operator&&(const Formula& a, const Formula& b);
Formula operator||(const Formula& a, const Formula& b);
Formula operator!(const Formula& f);
inline Formula logical_and(const Formula& a, const Formula& b) {
  return a && b;
}
inline Formula logical_or(const Formula& a, const Formula& b) { return a || b; }
inline Formula logical_not(const Formula& f) { return !f; }
/// True where e is NaN.
Formula isnan(const Expression& e);

std::ostream& operator<<(std::ostream& os, const Formula& f);

}  // namespace ossa::symbolic
