#pragma once

/// @file
/// Parameters<T>: the parameters of a system, numeric groups (BasicVector<T>,
/// held as DiscreteValues<T>) and abstract parameters (AbstractValues).

#include <memory>
#include <vector>

#include "ossa/systems/framework/abstract_values.h"
#include "ossa/systems/framework/discrete_values.h"

namespace ossa::systems {

template <typename T>
class Parameters {
 public:
  Parameters(const Parameters&) = delete;
  Parameters& operator=(const Parameters&) = delete;

  /// No parameters.
  Parameters();
  Parameters(std::unique_ptr<DiscreteValues<T>> numeric,
             std::unique_ptr<AbstractValues> abstract);
  explicit Parameters(std::vector<std::unique_ptr<BasicVector<T>>> numeric);
  ~Parameters();

  int num_numeric_parameter_groups() const { return numeric_->num_groups(); }
  int num_abstract_parameters() const { return abstract_->size(); }

  /// Numeric group `index`; throws if out of range.
  const BasicVector<T>& get_numeric_parameter(int index) const {
    return numeric_->get_vector(index);
  }
  BasicVector<T>& get_mutable_numeric_parameter(int index) {
    return numeric_->get_mutable_vector(index);
  }
  const DiscreteValues<T>& get_numeric_parameters() const { return *numeric_; }
  DiscreteValues<T>& get_mutable_numeric_parameters() { return *numeric_; }
  void set_numeric_parameters(std::unique_ptr<DiscreteValues<T>> numeric);

  /// Abstract parameter `index`; throws if out of range.
  const AbstractValue& get_abstract_parameter(int index) const {
    return abstract_->get_value(index);
  }
  AbstractValue& get_mutable_abstract_parameter(int index) {
    return abstract_->get_mutable_value(index);
  }
  template <typename V>
  const V& get_abstract_parameter(int index) const {
    return get_abstract_parameter(index).template get_value<V>();
  }
  template <typename V>
  V& get_mutable_abstract_parameter(int index) {
    return get_mutable_abstract_parameter(index)
        .template get_mutable_value<V>();
  }
  const AbstractValues& get_abstract_parameters() const { return *abstract_; }
  AbstractValues& get_mutable_abstract_parameters() { return *abstract_; }
  void set_abstract_parameters(std::unique_ptr<AbstractValues> abstract);

  /// Copies all values of `other`; throws if the structures differ.
  void SetFrom(const Parameters<T>& other);
  /// A deep copy.
  std::unique_ptr<Parameters<T>> Clone() const;

 private:
  std::unique_ptr<DiscreteValues<T>> numeric_;
  std::unique_ptr<AbstractValues> abstract_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Parameters);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Parameters);
