#include "ossa/common/symbolic/variable.h"

#include <algorithm>
#include <atomic>
#include <iterator>
#include <sstream>

namespace ossa::symbolic {

namespace {
// Ids start at 1; 0 is the dummy.
std::atomic<Variable::Id> next_variable_id{1};

const std::string& EmptyName() {
  static const std::string kEmpty;
  return kEmpty;
}
}  // namespace

Variable::Variable(std::string name, Type type)
    : id_(next_variable_id.fetch_add(1, std::memory_order_relaxed)),
      type_(type),
      name_(std::make_shared<const std::string>(std::move(name))) {}

const std::string& Variable::get_name() const {
  return name_ ? *name_ : EmptyName();
}

std::string to_string(Variable::Type type) {
  // In the order of Variable::Type's enumerators.
  static constexpr const char* kNames[] = {
      "Continuous",        "Integer",        "Binary",
      "Boolean",           "Random Uniform", "Random Gaussian",
      "Random Exponential"};
  static_assert(std::size(kNames) ==
                static_cast<std::size_t>(Variable::Type::RANDOM_EXPONENTIAL) +
                    1);
  const auto i = static_cast<std::size_t>(type);
  return i < std::size(kNames) ? kNames[i] : "Unknown";
}

std::ostream& operator<<(std::ostream& os, const Variable& var) {
  return os << var.get_name();
}

std::ostream& operator<<(std::ostream& os, Variable::Type type) {
  return os << to_string(type);
}

void Variables::erase(const Variables& vars) {
  for (const Variable& v : vars) vars_.erase(v);
}

bool Variables::IsSubsetOf(const Variables& vars) const {
  return std::includes(vars.begin(), vars.end(), begin(), end(),
                       VariableLess{});
}

bool Variables::operator==(const Variables& other) const {
  return size() == other.size() &&
         std::equal(begin(), end(), other.begin(), VariableEqualTo{});
}

std::string Variables::to_string() const {
  std::ostringstream os;
  os << *this;
  return os.str();
}

Variables operator+(Variables a, const Variables& b) {
  a.insert(b);
  return a;
}
Variables operator+(Variables a, const Variable& b) {
  a.insert(b);
  return a;
}
Variables operator-(Variables a, const Variables& b) {
  a.erase(b);
  return a;
}
Variables operator-(Variables a, const Variable& b) {
  a.erase(b);
  return a;
}

Variables intersect(const Variables& a, const Variables& b) {
  Variables result;
  for (const Variable& v : a) {
    if (b.include(v)) result.insert(v);
  }
  return result;
}

std::ostream& operator<<(std::ostream& os, const Variables& vars) {
  os << '{';
  bool first = true;
  for (const Variable& v : vars) {
    if (!first) os << ", ";
    os << v;
    first = false;
  }
  return os << '}';
}

}  // namespace ossa::symbolic
