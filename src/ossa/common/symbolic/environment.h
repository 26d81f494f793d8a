#pragma once

/// @file
/// Environment: the values of variables at which an expression is
/// evaluated.

#include <initializer_list>
#include <ostream>
#include <string>
#include <unordered_map>
#include <utility>

#include "ossa/common/symbolic/variable.h"

namespace ossa::symbolic {

/// A map from variables to double values.
class Environment {
 public:
  using Map = std::unordered_map<Variable, double>;
  using const_iterator = Map::const_iterator;

  Environment() = default;
  /// @throws std::runtime_error if a value is NaN or a variable is the dummy.
  Environment(std::initializer_list<std::pair<const Variable, double>> init);
  /// @throws std::runtime_error if a value is NaN or a variable is the dummy.
  explicit Environment(Map map);

  /// Binds var to value (replacing an existing binding).
  /// @throws std::runtime_error if value is NaN or var is the dummy.
  void insert(const Variable& var, double value);
  /// The value of var, or nullptr if var is not bound.
  const double* find(const Variable& var) const {
    const auto it = map_.find(var);
    return it == map_.end() ? nullptr : &it->second;
  }
  /// The value of var.
  /// @throws std::runtime_error naming var if it is not bound.
  double at(const Variable& var) const;
  bool contains(const Variable& var) const { return map_.count(var) > 0; }

  std::size_t size() const { return map_.size(); }
  bool empty() const { return map_.empty(); }
  const_iterator begin() const { return map_.begin(); }
  const_iterator end() const { return map_.end(); }
  /// The bound variables.
  Variables domain() const;
  /// "{x -> 1, y -> 2}" in variable order.
  std::string to_string() const;

 private:
  Map map_;
};

std::ostream& operator<<(std::ostream& os, const Environment& env);

}  // namespace ossa::symbolic
