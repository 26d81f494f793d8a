#pragma once

/// @file
/// Expression, the symbolic scalar: a real-valued expression over Variables,
/// with the arithmetic and math functions of double, so that templates on a
/// scalar T run on it and build their result as a formula instead of a
/// number.
///
/// Representation. An Expression is one pointer to an immutable node of a
/// directed acyclic graph; copying it bumps a reference count. Nodes are
/// hash-consed: building a node equal to a live one (same kind, same
/// constant or variable, same children) returns the live one, so equal
/// subexpressions are one node, structural equality is pointer equality
/// (EqualTo() is O(1)), and the mass matrix of a robot stays the size of the
/// computation that produced it. Construction folds constants and applies
/// light identities (x + 0, x·1, 0·x, c₁·(c₂·x), a·x + b·x, x − x). Every
/// traversal (Evaluate, Differentiate, Substitute, Expand, printing) visits a
/// shared node once and runs without recursion, so deep expressions (a sum
/// of a million terms built one by one) neither blow up nor overflow the
/// stack. Nodes may be built and released from any number of threads.
///
/// Errors: division by a constant zero, and math functions of constants
/// outside their domain (sqrt(−1), log(−1), asin(2)), throw when built;
/// Evaluate() throws the same for values met at evaluation, and names any
/// variable the environment lacks.

#include <Eigen/Core>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

#include "ossa/common/symbolic/environment.h"
#include "ossa/common/symbolic/variable.h"

namespace ossa::symbolic {

/// The kind of an expression's root node.
enum class ExpressionKind : std::uint8_t {
  Constant,  ///< a double
  Var,       ///< a variable
  Add,       ///< a + b
  Mul,       ///< a · b
  Div,       ///< a / b
  Log,
  Abs,
  Exp,
  Sqrt,
  Pow,  ///< pow(base, exponent)
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Atan2,  ///< atan2(y, x)
  Sinh,
  Cosh,
  Tanh,
  Min,
  Max,
  Ceil,
  Floor,
  IfThenElse,  ///< if_then_else(condition, then, else)
  NaN,         ///< not a number; evaluating it throws
};

/// The name of a kind ("Add", "Sin", ...).
const char* to_string(ExpressionKind kind);

class Formula;
class Expression;

namespace internal {
struct ExpressionNode;
// The reference count every node starts with, in a base so that Expression
// copies can be inline.
struct ExpressionNodeRefCount {
  mutable std::atomic<std::uint32_t> ref_count{0};
};
// Called when the last reference to a node goes away.
void ReleaseDeadNode(const ExpressionNodeRefCount* node);
}  // namespace internal

/// Maps variables to the expressions that replace them (Substitute()).
using Substitution = std::unordered_map<Variable, Expression>;

/// A symbolic real-valued expression (see the file comment).
class Expression {
 public:
  /// The constant 0.
  Expression();
  /// A constant. NaN is allowed and gives the NaN kind.
  Expression(double constant);  // NOLINT(runtime/explicit): as double is.
  /// The variable `var`.
  /// @throws std::logic_error if var is the dummy or a BOOLEAN variable.
  Expression(const Variable& var);  // NOLINT(runtime/explicit)

  Expression(const Expression& other) noexcept : node_(other.node_) {
    Acquire();
  }
  // A move copies, so that a moved-from Expression stays a valid one.
  Expression(Expression&& other) noexcept : node_(other.node_) { Acquire(); }
  Expression& operator=(const Expression& other) noexcept {
    Expression copy(other);
    std::swap(node_, copy.node_);
    return *this;
  }
  Expression& operator=(Expression&& other) noexcept {
    std::swap(node_, other.node_);
    return *this;
  }
  ~Expression() { Release(); }

  static Expression Zero() { return Expression(); }
  static Expression One() { return Expression(1.0); }
  static Expression Pi();
  static Expression E();
  static Expression NaN();

  ExpressionKind get_kind() const;
  /// A hash of the structure (equal expressions hash equally).
  std::size_t get_hash() const;
  /// True if this and `other` are the same expression (structurally; O(1)).
  bool EqualTo(const Expression& other) const { return node_ == other.node_; }
  /// A total order on expressions, consistent with EqualTo, that does not
  /// depend on memory addresses (kinds, then constants, variable ids and
  /// arguments in order).
  bool Less(const Expression& other) const;

  /// The variables the expression depends on.
  Variables GetVariables() const;
  /// True if the expression is a polynomial in its variables: built from
  /// constants and variables by +, −, ·, division by a constant and
  /// non-negative integer constant powers.
  bool is_polynomial() const;

  /// The value at `env`, which must bind every variable of the expression.
  /// @throws std::runtime_error naming a variable that env lacks, on
  /// division by zero, or if a NaN node is reached.
  /// @throws std::domain_error for a math function outside its domain.
  double Evaluate(const Environment& env = Environment{}) const;
  /// Replaces the variables bound in env by their values and folds what
  /// becomes constant.
  Expression EvaluatePartial(const Environment& env) const;
  /// The expression with `var` replaced by `e`.
  Expression Substitute(const Variable& var, const Expression& e) const;
  /// The expression with every variable of `s` replaced at once.
  Expression Substitute(const Substitution& s) const;
  /// Multiplies out products and non-negative integer powers of sums (also
  /// inside the arguments of other functions) and collects like terms: the
  /// expanded form of a polynomial is a sum of monomials with coefficients.
  Expression Expand() const;
  /// The partial derivative ∂e/∂var. For abs, min, max, ceil and floor the
  /// result is an if_then_else that is NaN where the function has no
  /// derivative.
  Expression Differentiate(const Variable& var) const;
  /// The gradient as a row: [∂e/∂vars(0), ...].
  Eigen::Matrix<Expression, 1, Eigen::Dynamic> Jacobian(
      const std::vector<Variable>& vars) const;

  /// Infix text, e.g. "(x + (2 * sin(y)))". A DAG prints as the tree it
  /// stands for.
  std::string to_string() const;

  /// The number of distinct nodes of the DAG (the size in memory, in nodes).
  std::size_t GetDistinctNodeCount() const;
  /// The number of nodes of the tree the DAG stands for (a shared node counts
  /// once per use); saturates at SIZE_MAX.
  std::size_t GetTreeSize() const;

  // Compound assignment, as for double.
  Expression& operator+=(const Expression& rhs);
  Expression& operator-=(const Expression& rhs);
  Expression& operator*=(const Expression& rhs);
  Expression& operator/=(const Expression& rhs);

  /// The root node and the wrapping of a node the caller holds a reference
  /// to (for the implementation; defined in expression_node.h).
  const internal::ExpressionNode* node() const;
  static Expression FromNode(const internal::ExpressionNode* node);

 private:
  struct Adopt {};
  Expression(const internal::ExpressionNodeRefCount* node, Adopt)
      : node_(node) {}
  void Acquire() const noexcept {
    if (node_ != nullptr)
      node_->ref_count.fetch_add(1, std::memory_order_relaxed);
  }
  void Release() noexcept {
    if (node_ != nullptr &&
        node_->ref_count.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      internal::ReleaseDeadNode(node_);
    }
  }

  const internal::ExpressionNodeRefCount* node_;
};

}  // namespace ossa::symbolic

namespace Eigen {

/// Expression as an Eigen scalar: a real, signed, non-integer type whose
/// objects must be constructed (they hold a pointer).
template <>
struct NumTraits<ossa::symbolic::Expression>
    : GenericNumTraits<ossa::symbolic::Expression> {
  static inline int digits10() { return 0; }
  static inline ossa::symbolic::Expression epsilon() {
    return NumTraits<double>::epsilon();
  }
  static inline ossa::symbolic::Expression dummy_precision() {
    return NumTraits<double>::dummy_precision();
  }
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 1,
    AddCost = 1,
    MulCost = 1,
  };
};

/// Variable in an Eigen matrix (a vector of variables to differentiate by):
/// Expression's traits (only storage is used).
template <>
struct NumTraits<ossa::symbolic::Variable>
    : NumTraits<ossa::symbolic::Expression> {
  using Real = ossa::symbolic::Variable;
  using NonInteger = ossa::symbolic::Variable;
  using Nested = ossa::symbolic::Variable;
  using Literal = ossa::symbolic::Variable;
};

/// Expression mixed with double in Eigen products and sums gives Expression.
template <typename BinaryOp>
struct ScalarBinaryOpTraits<ossa::symbolic::Expression, double, BinaryOp> {
  using ReturnType = ossa::symbolic::Expression;
};
template <typename BinaryOp>
struct ScalarBinaryOpTraits<double, ossa::symbolic::Expression, BinaryOp> {
  using ReturnType = ossa::symbolic::Expression;
};

}  // namespace Eigen

namespace ossa::symbolic {

// Arithmetic.
Expression operator+(const Expression& a, const Expression& b);
Expression operator-(const Expression& a, const Expression& b);
Expression operator*(const Expression& a, const Expression& b);
/// @throws std::runtime_error if b is the constant 0.
Expression operator/(const Expression& a, const Expression& b);
Expression operator-(const Expression& a);
inline Expression operator+(const Expression& a) { return a; }

// Math functions, found by argument-dependent lookup from generic code
// (`using std::sin; sin(x)`). Constants fold; a constant outside the domain
// throws std::domain_error.
Expression log(const Expression& e);
Expression abs(const Expression& e);
Expression exp(const Expression& e);
Expression sqrt(const Expression& e);
Expression pow(const Expression& base, const Expression& exponent);
Expression sin(const Expression& e);
Expression cos(const Expression& e);
Expression tan(const Expression& e);
Expression asin(const Expression& e);
Expression acos(const Expression& e);
Expression atan(const Expression& e);
Expression atan2(const Expression& y, const Expression& x);
Expression sinh(const Expression& e);
Expression cosh(const Expression& e);
Expression tanh(const Expression& e);
Expression min(const Expression& a, const Expression& b);
Expression max(const Expression& a, const Expression& b);
Expression ceil(const Expression& e);
Expression floor(const Expression& e);
/// `then_value` where `condition` holds, else `else_value`; a condition
/// that is constant true or false picks its branch at once.
Expression if_then_else(const Formula& condition, const Expression& then_value,
                        const Expression& else_value);
// Eigen's name for x·x.
inline Expression abs2(const Expression& e) { return e * e; }

// Queries of the root node.
bool is_constant(const Expression& e);
/// True if e is the constant v.
bool is_constant(const Expression& e, double v);
bool is_zero(const Expression& e);
bool is_one(const Expression& e);
bool is_variable(const Expression& e);
bool is_nan(const Expression& e);
/// The constant of a Constant expression.
/// @throws std::logic_error if e is not a constant.
double get_constant_value(const Expression& e);
/// The variable of a Var expression.
/// @throws std::logic_error if e is not a variable.
const Variable& get_variable(const Expression& e);
/// The arguments of the root (empty for constants and variables; the
/// branches for if_then_else).
std::vector<Expression> get_arguments(const Expression& e);

// Free-function forms of the members (the reference has both).
inline Expression Expand(const Expression& e) { return e.Expand(); }
inline Expression Substitute(const Expression& e, const Variable& var,
                             const Expression& value) {
  return e.Substitute(var, value);
}
inline Expression Substitute(const Expression& e, const Substitution& s) {
  return e.Substitute(s);
}
inline Expression Differentiate(const Expression& e, const Variable& var) {
  return e.Differentiate(var);
}
inline bool is_polynomial(const Expression& e) { return e.is_polynomial(); }
inline Variables GetVariables(const Expression& e) { return e.GetVariables(); }
inline std::string to_string(const Expression& e) { return e.to_string(); }

std::ostream& operator<<(std::ostream& os, const Expression& e);

// Whole-array operations. Each shares one traversal among all entries, so a
// subexpression common to several entries (as in a mass matrix) is evaluated
// or differentiated once.
namespace internal {
void EvaluateMany(const Expression* entries, std::size_t count,
                  const Environment& env, double* values);
void DifferentiateMany(const Expression* entries, std::size_t count,
                       const Variable& var, Expression* derivatives);
void SubstituteMany(const Expression* entries, std::size_t count,
                    const Substitution& s, Expression* results);
void ExpandMany(const Expression* entries, std::size_t count,
                Expression* results);
Variables GetVariablesMany(const Expression* entries, std::size_t count);
}  // namespace internal

namespace internal {
/// The matrix of m's shape whose entries `many(in, count, out)` computes
/// from m's entries (as a plain Expression matrix, column-major): the
/// whole-matrix passes below share their subexpressions' work.
template <typename OutScalar, typename Derived, typename Many>
Eigen::Matrix<OutScalar, Derived::RowsAtCompileTime, Derived::ColsAtCompileTime>
MapEntries(const Eigen::MatrixBase<Derived>& m, Many many) {
  const Eigen::Matrix<Expression, Derived::RowsAtCompileTime,
                      Derived::ColsAtCompileTime>
      plain = m;
  Eigen::Matrix<OutScalar, Derived::RowsAtCompileTime,
                Derived::ColsAtCompileTime>
      result(plain.rows(), plain.cols());
  many(plain.data(), plain.size(), result.data());
  return result;
}
}  // namespace internal

/// Evaluates every entry of m at env (the whole matrix in one pass).
template <typename Derived>
auto Evaluate(const Eigen::MatrixBase<Derived>& m,
              const Environment& env = Environment{}) {
  return internal::MapEntries<double>(
      m, [&](const Expression* in, std::size_t n, double* out) {
        internal::EvaluateMany(in, n, env, out);
      });
}

/// ∂m/∂var entrywise.
template <typename Derived>
auto Differentiate(const Eigen::MatrixBase<Derived>& m, const Variable& var) {
  return internal::MapEntries<Expression>(
      m, [&](const Expression* in, std::size_t n, Expression* out) {
        internal::DifferentiateMany(in, n, var, out);
      });
}

/// Substitutes entrywise.
template <typename Derived>
auto Substitute(const Eigen::MatrixBase<Derived>& m, const Substitution& s) {
  return internal::MapEntries<Expression>(
      m, [&](const Expression* in, std::size_t n, Expression* out) {
        internal::SubstituteMany(in, n, s, out);
      });
}

/// Expands entrywise.
template <typename Derived>
auto Expand(const Eigen::MatrixBase<Derived>& m) {
  return internal::MapEntries<Expression>(
      m, [](const Expression* in, std::size_t n, Expression* out) {
        internal::ExpandMany(in, n, out);
      });
}

/// The variables of all entries.
template <typename Derived>
Variables GetVariables(const Eigen::MatrixBase<Derived>& m) {
  const Eigen::Matrix<Expression, Derived::RowsAtCompileTime,
                      Derived::ColsAtCompileTime>
      plain = m;
  return internal::GetVariablesMany(plain.data(), plain.size());
}

/// The Jacobian J(i, j) = ∂f(i)/∂vars(j) of a vector (read column-major if
/// f is a matrix).
Eigen::Matrix<Expression, Eigen::Dynamic, Eigen::Dynamic> Jacobian(
    const Eigen::Ref<const Eigen::Matrix<Expression, Eigen::Dynamic, 1>>& f,
    const std::vector<Variable>& vars);

/// Makes a vector of `rows` new continuous variables named name(0), ...
Eigen::Matrix<Variable, Eigen::Dynamic, 1> MakeVectorVariable(
    int rows, const std::string& name,
    Variable::Type type = Variable::Type::CONTINUOUS);

}  // namespace ossa::symbolic

template <>
struct std::hash<ossa::symbolic::Expression> {
  std::size_t operator()(const ossa::symbolic::Expression& e) const noexcept {
    return e.get_hash();
  }
};

#include "ossa/common/symbolic/formula.h"
