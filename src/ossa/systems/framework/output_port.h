#pragma once

/// @file
/// OutputPort<T>: an output port of a System<T>. Eval() returns the port's
/// value in a Context (cached for LeafSystem ports).

#include <memory>
#include <string>
#include <type_traits>

#include "ossa/common/nice_type_name.h"
#include "ossa/systems/framework/basic_vector.h"
#include "ossa/systems/framework/context.h"
#include "ossa/systems/framework/output_port_base.h"

namespace ossa::systems {

template <typename T>
class System;

template <typename T>
class OutputPort : public OutputPortBase {
 public:
  ~OutputPort() override;

  const System<T>& get_system() const { return *system_; }

  /// The value of a vector-valued port; throws for an abstract port.
  const VectorX<T>& Eval(const Context<T>& context) const;
  /// The value as a V (BasicVector<T>, AbstractValue or the stored type).
  template <typename V>
  const V& Eval(const Context<T>& context) const {
    return this->template GetValueAs<V>("OutputPort::Eval()",
                                        EvalAbstract(context));
  }
  /// The value as an AbstractValue.
  const AbstractValue& EvalAbstract(const Context<T>& context) const;
  /// A value object of the port's type.
  std::unique_ptr<AbstractValue> Allocate() const { return DoAllocate(); }
  /// Computes the value into `value` (no caching).
  void Calc(const Context<T>& context, AbstractValue* value) const;

 protected:
  OutputPort(const System<T>* system, const SystemBase* system_base,
             std::string name, OutputPortIndex index, DependencyTicket ticket,
             PortDataType data_type, int size);
  virtual std::unique_ptr<AbstractValue> DoAllocate() const = 0;
  virtual void DoCalc(const Context<T>& context,
                      AbstractValue* value) const = 0;

 private:
  const System<T>* system_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::OutputPort);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::OutputPort);
