#pragma once

/// @file
/// ValueProducer: the pair of functions behind a cache entry or an output
/// port: one allocates a value object (done once per Context), the other
/// computes the value into that preallocated object.

#include <functional>
#include <memory>

#include "ossa/common/value.h"

namespace ossa::systems {

class ContextBase;

class ValueProducer {
 public:
  using AllocateCallback = std::function<std::unique_ptr<AbstractValue>()>;
  using CalcCallback = std::function<void(const ContextBase&, AbstractValue*)>;

  ValueProducer() = default;
  /// Throws if either callback is empty.
  ValueProducer(AllocateCallback allocate, CalcCallback calc);
  /// Allocates by cloning `model_value`.
  ValueProducer(const AbstractValue& model_value, CalcCallback calc);

  bool is_valid() const { return allocate_ && calc_; }
  std::unique_ptr<AbstractValue> Allocate() const;
  void Calc(const ContextBase& context, AbstractValue* output) const;

 private:
  AllocateCallback allocate_;
  CalcCallback calc_;
};

}  // namespace ossa::systems
