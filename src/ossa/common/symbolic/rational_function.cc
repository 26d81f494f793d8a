#include "ossa/common/symbolic/rational_function.h"

#include <cmath>
#include <optional>
#include <stdexcept>

#include "ossa/common/symbolic/expression_node.h"

namespace ossa::symbolic {

RationalFunction::RationalFunction() : numerator_(), denominator_(Monomial{}) {}

RationalFunction::RationalFunction(Polynomial numerator, Polynomial denominator)
    : numerator_(std::move(numerator)), denominator_(std::move(denominator)) {
  if (denominator_.terms().empty()) {
    throw std::runtime_error("RationalFunction: the denominator of " +
                             numerator_.to_string() +
                             " / 0 is the zero polynomial.");
  }
}

RationalFunction::RationalFunction(const Polynomial& p)
    : numerator_(p), denominator_(Monomial{}) {}

RationalFunction::RationalFunction(const Monomial& m)
    : numerator_(m), denominator_(Monomial{}) {}

RationalFunction::RationalFunction(double c)
    : numerator_(Polynomial(Monomial{}) * c), denominator_(Monomial{}) {}

void RationalFunction::SetIndeterminates(const Variables& new_indeterminates) {
  numerator_.SetIndeterminates(new_indeterminates);
  denominator_.SetIndeterminates(new_indeterminates);
}

double RationalFunction::Evaluate(const Environment& env) const {
  return numerator_.Evaluate(env) / denominator_.Evaluate(env);
}

Expression RationalFunction::ToExpression() const {
  return numerator_.ToExpression() / denominator_.ToExpression();
}

bool RationalFunction::EqualTo(const RationalFunction& f) const {
  return numerator_.EqualTo(f.numerator_) &&
         denominator_.EqualTo(f.denominator_);
}

std::string RationalFunction::to_string() const {
  return "(" + numerator_.to_string() + ") / (" + denominator_.to_string() +
         ")";
}

RationalFunction& RationalFunction::operator+=(const RationalFunction& f) {
  if (denominator_.EqualTo(f.denominator_)) {
    numerator_ += f.numerator_;
  } else {
    numerator_ = numerator_ * f.denominator_ + denominator_ * f.numerator_;
    denominator_ *= f.denominator_;
  }
  return *this;
}

RationalFunction& RationalFunction::operator-=(const RationalFunction& f) {
  return *this += -f;
}

RationalFunction& RationalFunction::operator*=(const RationalFunction& f) {
  numerator_ *= f.numerator_;
  denominator_ *= f.denominator_;
  return *this;
}

RationalFunction& RationalFunction::operator/=(const RationalFunction& f) {
  if (f.numerator_.terms().empty()) {
    throw std::runtime_error("RationalFunction: division of " + to_string() +
                             " by zero.");
  }
  numerator_ *= f.denominator_;
  denominator_ *= f.numerator_;
  return *this;
}

RationalFunction operator-(RationalFunction f) {
  return RationalFunction(-f.numerator(), f.denominator());
}
RationalFunction operator+(RationalFunction a, const RationalFunction& b) {
  return a += b;
}
RationalFunction operator-(RationalFunction a, const RationalFunction& b) {
  return a -= b;
}
RationalFunction operator*(RationalFunction a, const RationalFunction& b) {
  return a *= b;
}
RationalFunction operator/(RationalFunction a, const RationalFunction& b) {
  return a /= b;
}

Formula operator==(const RationalFunction& a, const RationalFunction& b) {
  return a.numerator() * b.denominator() == b.numerator() * a.denominator();
}
Formula operator!=(const RationalFunction& a, const RationalFunction& b) {
  return !(a == b);
}
std::ostream& operator<<(std::ostream& os, const RationalFunction& f) {
  return os << f.to_string();
}

namespace {

// sin and cos of an angle, as expressions.
struct SinCosPair {
  Expression s;
  Expression c;
};

// (sin, cos) of a + b from those of a and b.
SinCosPair AngleSum(const SinCosPair& a, const SinCosPair& b) {
  return {a.s * b.c + a.c * b.s, a.c * b.c - a.s * b.s};
}

// (sin, cos) of n·u from those of u, by n − 1 angle sums (n may be
// negative: sin(−θ) = −sin θ, cos(−θ) = cos θ).
SinCosPair Multiple(const SinCosPair& u, int n) {
  SinCosPair result{Expression(0.0), Expression(1.0)};
  for (int k = 0; k < std::abs(n); ++k) {
    result = k == 0 ? u : AngleSum(result, u);
  }
  if (n < 0) result.s = -result.s;
  return result;
}

}  // namespace

Expression Substitute(const Expression& e, const SinCosSubstitution& subs) {
  using internal::ExpressionNode;
  using internal::Share;
  if (subs.empty()) return e;
  std::uint64_t mask = 0;
  Variables angles;
  for (const auto& [q, sc] : subs) {
    mask |= internal::VariableBit(q);
    angles.insert(q);
  }
  // (sin, cos) of the function `f`'s argument `arg`: Σ nᵢ·qᵢ + r expanded
  // with the angle-sum identities.
  const auto expand = [&](const Expression& f,
                          const Expression& arg) -> SinCosPair {
    const auto unsupported = [&f]() {
      return std::runtime_error(
          "Substitute(): got " + f.to_string() +
          ", but only sin, cos and tan of n·q + r are supported, with q a "
          "substituted angle, n an integer (or a multiple of 1/2 for a "
          "half-angle substitution) and r free of the substituted angles.");
    };
    const Variables present = intersect(arg.GetVariables(), angles);
    std::optional<Polynomial> linear;
    try {
      linear.emplace(arg, present);
    } catch (const std::runtime_error&) {
      throw unsupported();
    }
    SinCosPair result{Expression(0.0), Expression(1.0)};
    for (const auto& [m, k] : linear->terms()) {
      if (m.total_degree() == 0) {
        result = AngleSum(result, {sin(k), cos(k)});
        continue;
      }
      if (m.total_degree() != 1 || !is_constant(k)) throw unsupported();
      const Variable& q = m.powers()[0].first;
      const SinCos& sc = subs.at(q);
      const bool half = sc.type != SinCosSubstitutionType::kAngle;
      // The angle k·q in units u of the substitution (q, or q/2).
      const double units = get_constant_value(k) * (half ? 2.0 : 1.0);
      if (std::trunc(units) != units || std::abs(units) > 1e6) {
        throw unsupported();
      }
      const int n = static_cast<int>(units);
      const SinCosPair u{Expression(sc.s), Expression(sc.c)};
      SinCosPair term;
      if (half && n % 2 == 0) {
        // A multiple of the whole angle: sin q = 2sc, and cos q as the
        // type prefers.
        const Expression cos_q =
            sc.type == SinCosSubstitutionType::kHalfAnglePreferSin
                ? 1.0 - 2.0 * pow(Expression(sc.s), 2.0)
                : 2.0 * pow(Expression(sc.c), 2.0) - 1.0;
        term = Multiple({2.0 * Expression(sc.s) * sc.c, cos_q}, n / 2);
      } else {
        term = Multiple(u, n);
      }
      result = AngleSum(result, term);
    }
    return result;
  };
  internal::NodeMap<Expression> done;
  const auto result_of = [&](const ExpressionNode* n) {
    if (!(n->var_mask & mask)) return Share(n);
    return done.at(n);
  };
  internal::VisitPostOrder(
      {e.node()},
      [&](const ExpressionNode* n) { return (n->var_mask & mask) != 0; },
      [&](const ExpressionNode* n) {
        const Expression self = Share(n);
        Expression r;
        const bool trig = n->kind == ExpressionKind::Sin ||
                          n->kind == ExpressionKind::Cos ||
                          n->kind == ExpressionKind::Tan;
        if (trig && !intersect(self.GetVariables(), angles).empty()) {
          // The argument is expanded from the original (not the rewritten)
          // argument: sin(sin(q)) is not a polynomial in s and c.
          const SinCosPair p = expand(self, Share(n->args[0]));
          r = n->kind == ExpressionKind::Sin   ? p.s
              : n->kind == ExpressionKind::Cos ? p.c
                                               : p.s / p.c;
        } else if (n->kind == ExpressionKind::Var ||
                   n->kind == ExpressionKind::Constant ||
                   n->kind == ExpressionKind::NaN) {
          r = self;
        } else {
          // Rebuild from the rewritten arguments; a condition's expressions
          // are rewritten too.
          const Expression a =
              n->args[0] ? result_of(n->args[0]) : Expression();
          const Expression b =
              n->args[1] ? result_of(n->args[1]) : Expression();
          std::optional<Formula> condition;
          if (n->condition) {
            condition = internal::MapFormula(
                *n->condition,
                [&](const Expression& x) { return result_of(x.node()); });
          }
          r = internal::Rebuild(n, a, b, condition ? &*condition : nullptr);
        }
        done.insert(n, std::move(r));
      });
  return result_of(e.node());
}

}  // namespace ossa::symbolic
