#pragma once

/// @file
/// RationalFunction, a quotient p/q of two Polynomials, and the sin/cos
/// substitution (SinCos) that turns trigonometric expressions of angles
/// into polynomial or rational ones.
///
/// A RationalFunction keeps its numerator and denominator as given: it
/// never cancels common factors (x/x stays x/x). Its invariant, as the
/// reference's: the denominator is not the zero polynomial. Sums of two
/// rational functions with structurally equal denominators add the
/// numerators; otherwise every operation cross-multiplies, so degrees add.

#include <ostream>
#include <string>
#include <unordered_map>

#include "ossa/common/symbolic/polynomial.h"

namespace ossa::symbolic {

/// numerator / denominator (see the file comment).
class RationalFunction {
 public:
  /// 0 / 1.
  RationalFunction();
  /// numerator / denominator.
  /// @throws std::runtime_error if denominator is the zero polynomial.
  RationalFunction(Polynomial numerator, Polynomial denominator);
  /// p / 1.
  explicit RationalFunction(const Polynomial& p);
  /// m / 1.
  explicit RationalFunction(const Monomial& m);
  /// c / 1.
  explicit RationalFunction(double c);

  const Polynomial& numerator() const { return numerator_; }
  const Polynomial& denominator() const { return denominator_; }
  /// Sets the indeterminates of the numerator and the denominator.
  void SetIndeterminates(const Variables& new_indeterminates);
  /// numerator(env) / denominator(env) (±inf or NaN where the denominator
  /// is 0 at env).
  double Evaluate(const Environment& env) const;
  /// numerator.ToExpression() / denominator.ToExpression().
  Expression ToExpression() const;
  /// Numerators and denominators structurally equal (Polynomial::EqualTo).
  bool EqualTo(const RationalFunction& f) const;
  /// "(numerator) / (denominator)".
  std::string to_string() const;

  RationalFunction& operator+=(const RationalFunction& f);
  RationalFunction& operator-=(const RationalFunction& f);
  RationalFunction& operator*=(const RationalFunction& f);
  /// @throws std::runtime_error if f is 0.
  RationalFunction& operator/=(const RationalFunction& f);

 private:
  Polynomial numerator_;
  Polynomial denominator_;
};

RationalFunction operator-(RationalFunction f);
RationalFunction operator+(RationalFunction a, const RationalFunction& b);
RationalFunction operator-(RationalFunction a, const RationalFunction& b);
RationalFunction operator*(RationalFunction a, const RationalFunction& b);
/// @throws std::runtime_error if b is 0.
RationalFunction operator/(RationalFunction a, const RationalFunction& b);
/// The formula p₁·q₂ == p₂·q₁ for p₁/q₁ and p₂/q₂ (Polynomial's ==).
Formula operator==(const RationalFunction& a, const RationalFunction& b);
Formula operator!=(const RationalFunction& a, const RationalFunction& b);
std::ostream& operator<<(std::ostream& os, const RationalFunction& f);

/// How SinCos's variables stand for an angle q.
enum class SinCosSubstitutionType {
  /// s = sin(q), c = cos(q).
  kAngle,
  /// s = sin(q/2), c = cos(q/2); cos(q) becomes 1 − 2s².
  kHalfAnglePreferSin,
  /// s = sin(q/2), c = cos(q/2); cos(q) becomes 2c² − 1.
  kHalfAnglePreferCos,
};

/// The variables s and c that replace the sine and cosine of an angle.
struct SinCos {
  SinCos(Variable s_, Variable c_,
         SinCosSubstitutionType type_ = SinCosSubstitutionType::kAngle)
      : s(std::move(s_)), c(std::move(c_)), type(type_) {}
  Variable s;
  Variable c;
  SinCosSubstitutionType type;
};

using SinCosSubstitution = std::unordered_map<Variable, SinCos>;

/// e with the sines, cosines and tangents of the angles q in `subs`
/// replaced by polynomials (a quotient for tan) in their SinCos variables.
/// The argument of each such function must be Σ nᵢ·qᵢ + r with integer nᵢ
/// (multiples of ½ for a half-angle substitution) and r free of the q's;
/// the angle-sum and multiple-angle identities expand it
/// (sin(a + b) = sin a·cos b + cos a·sin b, ...), leaving sin(r), cos(r).
/// The q's elsewhere in e stay as they are. One pass over e's DAG.
/// @throws std::runtime_error naming a function whose argument is not of
/// that form (sin(q²), sin(1.5·q) for kAngle, sin(sin(q))).
Expression Substitute(const Expression& e, const SinCosSubstitution& subs);

}  // namespace ossa::symbolic
