#include "ossa/systems/framework/bus_value.h"

namespace ossa::systems {

BusValue::BusValue(const BusValue& other) : index_(other.index_) {
  signals_.reserve(other.signals_.size());
  for (const auto& [name, value] : other.signals_) {
    signals_.emplace_back(name, value->Clone());
  }
}

BusValue& BusValue::operator=(const BusValue& other) {
  if (this != &other) *this = BusValue(other);
  return *this;
}

BusValue::~BusValue() = default;

const AbstractValue* BusValue::Find(std::string_view name) const {
  const auto found = index_.find(name);
  if (found == index_.end()) return nullptr;
  return signals_[found->second].second.get();
}

void BusValue::Set(std::string_view name, const AbstractValue& value) {
  const auto found = index_.find(name);
  if (found != index_.end()) {
    signals_[found->second].second->SetFrom(value);
    return;
  }
  index_.emplace(std::string(name), signals_.size());
  signals_.emplace_back(std::string(name), value.Clone());
}

void BusValue::Clear() {
  signals_.clear();
  index_.clear();
}

}  // namespace ossa::systems
