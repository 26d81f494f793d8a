#pragma once

/// @file
/// The nodes behind Expression and Formula, for the implementation files of
/// this folder only (not part of the public API).

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ossa/common/symbolic/expression.h"

namespace ossa::symbolic::internal {

/// One immutable, hash-consed node of an expression DAG. Its arguments are
/// Expressions (counted references); an if_then_else holds its condition.
struct ExpressionNode : ExpressionNodeRefCount {
  ExpressionKind kind{ExpressionKind::Constant};
  std::uint8_t num_args{0};
  std::size_t hash{0};
  /// Bit (id mod 64) of every variable the node depends on: a subtree whose
  /// mask misses a variable's bit does not depend on it.
  std::uint64_t var_mask{0};
  double constant{0};  // Constant
  Variable var;        // Var
  /// The arguments, each holding a reference (then and else for
  /// IfThenElse); unused ones are null.
  const ExpressionNode* args[2]{nullptr, nullptr};
  std::optional<Formula> condition;  // IfThenElse
  /// Links dead nodes waiting to be freed (see ReleaseDeadNode).
  mutable const ExpressionNode* next_dead{nullptr};
  /// True while the node table links the node (guarded by its mutex).
  mutable bool in_table{false};
};

/// What the function of a kind on numbers does with an argument outside its
/// domain (a division by zero included): throw, as the reference does, or
/// give NaN (the fast evaluation passes, which re-evaluate to explain).
enum class OnDomainError { kThrow, kNaN };

/// Throws the error of `kind` at (a, b): std::runtime_error for a division
/// by zero, std::domain_error for sqrt and log of negatives, asin and acos
/// outside [−1, 1], and pow of a negative base to a non-integer exponent;
/// std::logic_error for a kind that is not a function of numbers.
[[noreturn]] void ThrowNumericDomainError(ExpressionKind kind, double a,
                                          double b);

/// Computes the function of `kind` on numbers (b is the second argument of
/// binary kinds); outside the domain, throws (ThrowNumericDomainError) or
/// gives NaN, as `kOnError` says.
template <OnDomainError kOnError>
inline double ApplyNumericAs(ExpressionKind kind, double a, double b) {
  const auto fail = [&]() -> double {
    if constexpr (kOnError == OnDomainError::kThrow) {
      ThrowNumericDomainError(kind, a, b);
    } else {
      return std::numeric_limits<double>::quiet_NaN();
    }
  };
  switch (kind) {
    case ExpressionKind::Add:
      return a + b;
    case ExpressionKind::Mul:
      return a * b;
    case ExpressionKind::Div:
      return b == 0 ? fail() : a / b;
    case ExpressionKind::Log:
      return a < 0 ? fail() : std::log(a);
    case ExpressionKind::Abs:
      return std::abs(a);
    case ExpressionKind::Exp:
      return std::exp(a);
    case ExpressionKind::Sqrt:
      return a < 0 ? fail() : std::sqrt(a);
    case ExpressionKind::Pow:
      // (std::pow gives NaN itself for a negative base and a non-integer
      // exponent.)
      if (kOnError == OnDomainError::kThrow && a < 0 && std::isfinite(b) &&
          std::trunc(b) != b) {
        return fail();
      }
      return b == 2 ? a * a : std::pow(a, b);
    case ExpressionKind::Sin:
      return std::sin(a);
    case ExpressionKind::Cos:
      return std::cos(a);
    case ExpressionKind::Tan:
      return std::tan(a);
    case ExpressionKind::Asin:
      return a < -1 || a > 1 ? fail() : std::asin(a);
    case ExpressionKind::Acos:
      return a < -1 || a > 1 ? fail() : std::acos(a);
    case ExpressionKind::Atan:
      return std::atan(a);
    case ExpressionKind::Atan2:
      return std::atan2(a, b);
    case ExpressionKind::Sinh:
      return std::sinh(a);
    case ExpressionKind::Cosh:
      return std::cosh(a);
    case ExpressionKind::Tanh:
      return std::tanh(a);
    case ExpressionKind::Min:
      return std::min(a, b);
    case ExpressionKind::Max:
      return std::max(a, b);
    case ExpressionKind::Ceil:
      return std::ceil(a);
    case ExpressionKind::Floor:
      return std::floor(a);
    default:
      return fail();
  }
}

/// ApplyNumericAs<OnDomainError::kThrow>.
double ApplyNumeric(ExpressionKind kind, double a, double b);

/// A node of n's kind rebuilt from new arguments a, b (unused ones
/// ignored) and, for an if_then_else, a new condition, through the public
/// constructors so that the result is simplified (expression_traversals.cc).
Expression Rebuild(const ExpressionNode* n, const Expression& a,
                   const Expression& b, const Formula* condition);

/// An Expression sharing `node` (one more reference).
inline Expression Share(const ExpressionNode* node) {
  node->ref_count.fetch_add(1, std::memory_order_relaxed);
  return Expression::FromNode(node);
}

/// The bit of `var` in ExpressionNode::var_mask.
inline std::uint64_t VariableBit(const Variable& var) {
  return std::uint64_t{1} << (var.get_id() % 64);
}

/// The expressions a node depends on directly: its arguments and, for an
/// if_then_else, the expressions of its condition.
void CollectChildren(const ExpressionNode* node,
                     std::vector<const ExpressionNode*>* children);

/// A map from node addresses to values, by open addressing with linear
/// probing: the per-node table of every traversal, several times faster
/// than std::unordered_map for this use (no allocation per entry).
template <typename V>
class NodeMap {
 public:
  NodeMap() { Rehash(64); }

  /// The value of `node`, or null.
  V* find(const ExpressionNode* node) {
    for (std::size_t i = Slot(node);; i = (i + 1) & mask_) {
      if (keys_[i] == node) return &values_[i];
      if (keys_[i] == nullptr) return nullptr;
    }
  }
  const V* find(const ExpressionNode* node) const {
    return const_cast<NodeMap*>(this)->find(node);
  }
  /// The value of `node`, which must be present.
  const V& at(const ExpressionNode* node) const { return *find(node); }
  bool contains(const ExpressionNode* node) const {
    return find(node) != nullptr;
  }
  /// Inserts node → value if node is absent; returns false if present.
  bool insert(const ExpressionNode* node, V value) {
    if (2 * (size_ + 1) > keys_.size()) Rehash(2 * keys_.size());
    for (std::size_t i = Slot(node);; i = (i + 1) & mask_) {
      if (keys_[i] == node) return false;
      if (keys_[i] == nullptr) {
        keys_[i] = node;
        values_[i] = std::move(value);
        ++size_;
        return true;
      }
    }
  }
  std::size_t size() const { return size_; }

 private:
  std::size_t Slot(const ExpressionNode* node) const {
    // Fibonacci hashing of the address (its low bits are alignment zeros).
    return (reinterpret_cast<std::uintptr_t>(node) * 0x9e3779b97f4a7c15ULL >>
            shift_) &
           mask_;
  }
  void Rehash(std::size_t capacity) {
    std::vector<const ExpressionNode*> keys(capacity, nullptr);
    std::vector<V> values(capacity);
    keys.swap(keys_);
    values.swap(values_);
    mask_ = capacity - 1;
    shift_ = 64 - std::countr_zero(capacity);
    size_ = 0;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (keys[i] != nullptr) insert(keys[i], std::move(values[i]));
    }
  }

  std::vector<const ExpressionNode*> keys_;
  std::vector<V> values_;
  std::size_t mask_{0};
  int shift_{0};
  std::size_t size_{0};
};

/// Visits every distinct node reachable from `roots` once, arguments before
/// the nodes that use them, without recursion. `enter(node)` returning false
/// skips a node and everything below it.
template <typename Enter, typename Visit>
void VisitPostOrder(const std::vector<const ExpressionNode*>& roots,
                    Enter&& enter, Visit&& visit) {
  NodeMap<char> seen;
  std::vector<std::pair<const ExpressionNode*, bool>> stack;
  std::vector<const ExpressionNode*> children;
  for (auto it = roots.rbegin(); it != roots.rend(); ++it) {
    stack.emplace_back(*it, false);
  }
  while (!stack.empty()) {
    auto [node, expanded] = stack.back();
    stack.pop_back();
    if (expanded) {
      visit(node);
      continue;
    }
    if (!enter(node) || !seen.insert(node, 1)) continue;
    stack.emplace_back(node, true);
    if (node->condition) {
      children.clear();
      CollectChildren(node, &children);
      for (auto it = children.rbegin(); it != children.rend(); ++it) {
        if (!seen.contains(*it)) stack.emplace_back(*it, false);
      }
    } else {
      for (int i = node->num_args - 1; i >= 0; --i) {
        if (!seen.contains(node->args[i])) {
          stack.emplace_back(node->args[i], false);
        }
      }
    }
  }
}

/// Evaluates a formula whose expressions have values given by `value_of`
/// and whose Boolean variables have values in `env`.
template <typename ValueOf>
bool EvaluateFormulaWith(const Formula& f, const ValueOf& value_of,
                         const Environment& env);

/// The truth of a Boolean variable in env (non-zero is true).
/// @throws std::runtime_error if env has no value for it.
bool EvaluateBooleanVariable(const Variable& var, const Environment& env);

/// The formula with its expressions replaced by `map(expression)`.
template <typename Map>
Formula MapFormula(const Formula& f, const Map& map);

/// The representation of a Formula.
struct FormulaCell {
  FormulaKind kind{FormulaKind::True};
  Expression lhs, rhs;       // relational kinds, Isnan (lhs)
  Variable var;              // Var
  std::vector<Formula> ops;  // And, Or: two; Not: one
};

/// Makes a formula of a relational kind (no simplification).
Formula MakeRelational(FormulaKind kind, const Expression& lhs,
                       const Expression& rhs);

template <typename ValueOf>
bool EvaluateFormulaWith(const Formula& f, const ValueOf& value_of,
                         const Environment& env) {
  const FormulaCell& c = f.cell();
  switch (c.kind) {
    case FormulaKind::False:
      return false;
    case FormulaKind::True:
      return true;
    case FormulaKind::Var:
      return EvaluateBooleanVariable(c.var, env);
    case FormulaKind::Eq:
      return value_of(c.lhs) == value_of(c.rhs);
    case FormulaKind::Neq:
      return value_of(c.lhs) != value_of(c.rhs);
    case FormulaKind::Gt:
      return value_of(c.lhs) > value_of(c.rhs);
    case FormulaKind::Geq:
      return value_of(c.lhs) >= value_of(c.rhs);
    case FormulaKind::Lt:
      return value_of(c.lhs) < value_of(c.rhs);
    case FormulaKind::Leq:
      return value_of(c.lhs) <= value_of(c.rhs);
    case FormulaKind::And:
      return EvaluateFormulaWith(c.ops[0], value_of, env) &&
             EvaluateFormulaWith(c.ops[1], value_of, env);
    case FormulaKind::Or:
      return EvaluateFormulaWith(c.ops[0], value_of, env) ||
             EvaluateFormulaWith(c.ops[1], value_of, env);
    case FormulaKind::Not:
      return !EvaluateFormulaWith(c.ops[0], value_of, env);
    case FormulaKind::Isnan:
      return value_of(c.lhs) != value_of(c.lhs);
  }
  return false;
}

template <typename Map>
Formula MapFormula(const Formula& f, const Map& map) {
  const FormulaCell& c = f.cell();
  switch (c.kind) {
    case FormulaKind::False:
    case FormulaKind::True:
    case FormulaKind::Var:
      return f;
    case FormulaKind::Eq:
      return map(c.lhs) == map(c.rhs);
    case FormulaKind::Neq:
      return map(c.lhs) != map(c.rhs);
    case FormulaKind::Gt:
      return map(c.lhs) > map(c.rhs);
    case FormulaKind::Geq:
      return map(c.lhs) >= map(c.rhs);
    case FormulaKind::Lt:
      return map(c.lhs) < map(c.rhs);
    case FormulaKind::Leq:
      return map(c.lhs) <= map(c.rhs);
    case FormulaKind::And:
      return MapFormula(c.ops[0], map) && MapFormula(c.ops[1], map);
    case FormulaKind::Or:
      return MapFormula(c.ops[0], map) || MapFormula(c.ops[1], map);
    case FormulaKind::Not:
      return !MapFormula(c.ops[0], map);
    case FormulaKind::Isnan:
      return isnan(map(c.lhs));
  }
  return f;
}

}  // namespace ossa::symbolic::internal

namespace ossa::symbolic {
inline const internal::ExpressionNode* Expression::node() const {
  return static_cast<const internal::ExpressionNode*>(node_);
}
inline Expression Expression::FromNode(const internal::ExpressionNode* node) {
  return Expression(node, Adopt{});
}
}  // namespace ossa::symbolic
