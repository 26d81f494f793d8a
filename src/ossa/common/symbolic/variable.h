#pragma once

/// @file
/// Variable, a named symbol of a symbolic expression, and Variables, an
/// ordered set of them.
///
/// A Variable is identified by a process-wide unique id drawn at
/// construction: two variables made with the same name are different
/// symbols. Copies share the id (and the name), so copying is cheap.

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <ostream>
#include <set>
#include <string>

namespace ossa::symbolic {

/// A symbol with a name and a type. The default-constructed variable is the
/// "dummy" (id 0), which is not a valid symbol of an expression.
class Variable {
 public:
  /// The type of the values a variable takes (as in the specification).
  enum class Type : std::uint8_t {
    CONTINUOUS,          ///< a real number
    INTEGER,             ///< an integer
    BINARY,              ///< 0 or 1
    BOOLEAN,             ///< true or false (used in formulas)
    RANDOM_UNIFORM,      ///< a random variable uniform on [0, 1)
    RANDOM_GAUSSIAN,     ///< a standard normal random variable
    RANDOM_EXPONENTIAL,  ///< an exponential random variable (λ = 1)
  };
  using Id = std::uint64_t;

  /// The dummy variable (id 0, empty name).
  Variable() = default;
  /// A new symbol named `name`, distinct from every other variable.
  explicit Variable(std::string name, Type type = Type::CONTINUOUS);

  /// The unique id (0 for the dummy).
  Id get_id() const { return id_; }
  Type get_type() const { return type_; }
  /// The name ("" for the dummy).
  const std::string& get_name() const;
  /// The name.
  std::string to_string() const { return get_name(); }
  bool is_dummy() const { return id_ == 0; }

  /// True if both are the same symbol (same id).
  bool equal_to(const Variable& other) const { return id_ == other.id_; }
  /// Order by id: the order of creation.
  bool less(const Variable& other) const { return id_ < other.id_; }

 private:
  Id id_{0};
  Type type_{Type::CONTINUOUS};
  std::shared_ptr<const std::string> name_;
};

/// The name of a variable type ("Continuous", "Integer", ...).
std::string to_string(Variable::Type type);

std::ostream& operator<<(std::ostream& os, const Variable& var);
std::ostream& operator<<(std::ostream& os, Variable::Type type);

/// Orders variables by id, for ordered containers.
struct VariableLess {
  bool operator()(const Variable& a, const Variable& b) const {
    return a.less(b);
  }
};

/// Compares variables by id, for unordered containers.
struct VariableEqualTo {
  bool operator()(const Variable& a, const Variable& b) const {
    return a.equal_to(b);
  }
};

/// A set of variables ordered by id.
class Variables {
 public:
  using Set = std::set<Variable, VariableLess>;
  using const_iterator = Set::const_iterator;

  Variables() = default;
  Variables(std::initializer_list<Variable> vars) : vars_(vars) {}
  template <typename Iterator>
  Variables(Iterator first, Iterator last) : vars_(first, last) {}

  std::size_t size() const { return vars_.size(); }
  bool empty() const { return vars_.empty(); }
  const_iterator begin() const { return vars_.begin(); }
  const_iterator end() const { return vars_.end(); }

  void insert(const Variable& var) { vars_.insert(var); }
  void insert(const Variables& vars) { vars_.insert(vars.begin(), vars.end()); }
  void erase(const Variable& var) { vars_.erase(var); }
  void erase(const Variables& vars);
  /// True if `var` is in the set.
  bool include(const Variable& var) const { return vars_.count(var) > 0; }

  bool IsSubsetOf(const Variables& vars) const;
  bool IsSupersetOf(const Variables& vars) const {
    return vars.IsSubsetOf(*this);
  }
  bool IsStrictSubsetOf(const Variables& vars) const {
    return size() < vars.size() && IsSubsetOf(vars);
  }
  bool IsStrictSupersetOf(const Variables& vars) const {
    return vars.IsStrictSubsetOf(*this);
  }
  bool operator==(const Variables& other) const;

  /// "{x, y}".
  std::string to_string() const;

 private:
  Set vars_;
};

/// Set union, difference and intersection.
Variables operator+(Variables a, const Variables& b);
Variables operator+(Variables a, const Variable& b);
Variables operator-(Variables a, const Variables& b);
Variables operator-(Variables a, const Variable& b);
Variables intersect(const Variables& a, const Variables& b);
std::ostream& operator<<(std::ostream& os, const Variables& vars);

}  // namespace ossa::symbolic

template <>
struct std::hash<ossa::symbolic::Variable> {
  std::size_t operator()(const ossa::symbolic::Variable& v) const noexcept {
    return std::hash<std::uint64_t>{}(v.get_id());
  }
};
template <>
struct std::equal_to<ossa::symbolic::Variable>
    : ossa::symbolic::VariableEqualTo {};
template <>
struct std::less<ossa::symbolic::Variable> : ossa::symbolic::VariableLess {};
