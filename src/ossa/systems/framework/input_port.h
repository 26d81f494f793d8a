#pragma once

/// @file
/// InputPort<T>: an input port of a System<T>. Its value in a Context comes
/// from a fixed value (FixValue) or from the output port it is connected to
/// inside a Diagram. Vector-valued ports hold a BasicVector<T>.

#include <memory>
#include <string>
#include <type_traits>

#include "ossa/common/value.h"
#include "ossa/systems/framework/basic_vector.h"
#include "ossa/systems/framework/context.h"
#include "ossa/systems/framework/input_port_base.h"

namespace ossa::systems {

template <typename T>
class System;

template <typename T>
class InputPort final : public InputPortBase {
 public:
  /// (Internal) Use LeafSystem::DeclareVectorInputPort etc.
  InputPort(const System<T>* system, const SystemBase* system_base,
            std::string name, InputPortIndex index, DependencyTicket ticket,
            PortDataType data_type, int size,
            std::unique_ptr<AbstractValue> model_value);
  ~InputPort() final;

  const System<T>& get_system() const { return *system_; }

  /// The value of a vector-valued port. Throws if the port is abstract or
  /// has no value (neither connected nor fixed).
  const VectorX<T>& Eval(const Context<T>& context) const;
  /// The value as a V: BasicVector<T> (vector ports), AbstractValue, or the
  /// stored type of an abstract port. Throws on a type mismatch or no value.
  template <typename V>
  const V& Eval(const Context<T>& context) const {
    return this->template GetValueAs<V>("InputPort::Eval()",
                                        EvalAbstract(context));
  }
  /// The value as an AbstractValue; throws if the port has no value.
  const AbstractValue& EvalAbstract(const Context<T>& context) const;
  /// True if the port is connected or fixed in `context`.
  bool HasValue(const Context<T>& context) const;

  /// Fixes the port's value in `context`: an Eigen vector, a BasicVector<T>
  /// (vector ports), an AbstractValue, or any value of the port's type
  /// (abstract ports). Throws on a size or type mismatch. Invalidates
  /// everything that depends on this port.
  template <typename ValueType>
  FixedInputPortValue& FixValue(Context<T>* context,
                                const ValueType& value) const {
    if constexpr (std::is_base_of_v<AbstractValue, ValueType>) {
      return FixValueAbstract(context, value);
    } else if constexpr (std::is_base_of_v<VectorBase<T>, ValueType>) {
      return FixValueAbstract(
          context, Value<BasicVector<T>>(BasicVector<T>(value.CopyToVector())));
    } else if constexpr (std::is_base_of_v<Eigen::EigenBase<ValueType>,
                                           ValueType>) {
      if (get_data_type() == kVectorValued) {
        return FixValueAbstract(
            context, Value<BasicVector<T>>(BasicVector<T>(VectorX<T>(value))));
      }
      return FixValueAbstract(context, Value<ValueType>(value));
    } else if constexpr (std::is_arithmetic_v<ValueType> ||
                         std::is_same_v<ValueType, T>) {
      if (get_data_type() == kVectorValued) {
        return FixValueAbstract(
            context, Value<BasicVector<T>>(BasicVector<T>({T(value)})));
      }
      return FixValueAbstract(context, Value<ValueType>(value));
    } else if constexpr (std::is_convertible_v<ValueType, std::string>) {
      return FixValueAbstract(context, Value<std::string>(std::string(value)));
    } else {
      return FixValueAbstract(context, Value<ValueType>(value));
    }
  }
  FixedInputPortValue& FixValueAbstract(Context<T>* context,
                                        const AbstractValue& value) const;

  /// A value object of the port's type (the model value).
  std::unique_ptr<AbstractValue> Allocate() const {
    return model_value_->Clone();
  }

 private:
  const System<T>* system_;
  std::unique_ptr<AbstractValue> model_value_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::InputPort);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::InputPort);
