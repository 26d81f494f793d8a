#include "ossa/common/symbolic/environment.h"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <sstream>
#include <stdexcept>

namespace ossa::symbolic {

namespace {
void CheckBinding(const Variable& var, double value) {
  if (var.is_dummy()) {
    throw std::runtime_error(
        "Environment::insert(): the dummy variable cannot have a value.");
  }
  if (std::isnan(value)) {
    throw std::runtime_error(fmt::format(
        "Environment::insert(): the value of '{}' is NaN.", var.get_name()));
  }
}
}  // namespace

Environment::Environment(
    std::initializer_list<std::pair<const Variable, double>> init) {
  for (const auto& [var, value] : init) insert(var, value);
}

Environment::Environment(Map map) : map_(std::move(map)) {
  for (const auto& [var, value] : map_) CheckBinding(var, value);
}

void Environment::insert(const Variable& var, double value) {
  CheckBinding(var, value);
  map_.insert_or_assign(var, value);
}

double Environment::at(const Variable& var) const {
  const double* value = find(var);
  if (value == nullptr) {
    throw std::runtime_error(
        fmt::format("The environment {} has no value for the variable '{}'.",
                    to_string(), var.get_name()));
  }
  return *value;
}

Variables Environment::domain() const {
  Variables vars;
  for (const auto& [var, value] : map_) vars.insert(var);
  return vars;
}

std::string Environment::to_string() const {
  std::ostringstream os;
  os << *this;
  return os.str();
}

std::ostream& operator<<(std::ostream& os, const Environment& env) {
  // In variable order, so the text does not depend on hashing.
  std::map<Variable, double, VariableLess> sorted(env.begin(), env.end());
  os << '{';
  bool first = true;
  for (const auto& [var, value] : sorted) {
    if (!first) os << ", ";
    os << var.get_name() << " -> " << fmt::format("{}", value);
    first = false;
  }
  return os << '}';
}

}  // namespace ossa::symbolic
