#include "ossa/systems/primitives/saturation.h"

#include <limits>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"

namespace ossa::systems {

template <typename T>
Saturation<T>::Saturation(const VectorX<T>& min_value,
                          const VectorX<T>& max_value)
    : LeafSystem<T>(),
      input_size_(static_cast<int>(min_value.size())),
      min_value_(min_value),
      max_value_(max_value) {
  if (min_value.size() != max_value.size() || min_value.size() == 0) {
    ThrowLogicError(
        "Saturation(): min_value (size {}) and max_value (size {}) must have "
        "the same, non-zero size.",
        min_value.size(), max_value.size());
  }
  for (int i = 0; i < input_size_; ++i) {
    if (ExtractDoubleOrThrow(min_value[i]) >
        ExtractDoubleOrThrow(max_value[i])) {
      ThrowLogicError(
          "Saturation(): min_value[{}] = {} exceeds max_value[{}] = {}.", i,
          ExtractDoubleOrThrow(min_value[i]), i,
          ExtractDoubleOrThrow(max_value[i]));
    }
  }
  this->DeclareVectorInputPort("u0", input_size_);
  this->DeclareVectorOutputPort("y0", input_size_,
                                &Saturation::CalcSaturatedOutput,
                                {this->all_input_ports_ticket()});
}

template <typename T>
Saturation<T>::Saturation(int input_size)
    : LeafSystem<T>(), input_size_(input_size), min_max_ports_enabled_(true) {
  if (input_size < 1) {
    ThrowLogicError("Saturation(): input_size must be >= 1, got {}.",
                    input_size);
  }
  this->DeclareVectorInputPort("u0", input_size_);
  this->DeclareVectorInputPort("u1", input_size_);
  this->DeclareVectorInputPort("u2", input_size_);
  this->DeclareVectorOutputPort("y0", input_size_,
                                &Saturation::CalcSaturatedOutput,
                                {this->all_input_ports_ticket()});
}

template <typename T>
const InputPort<T>& Saturation<T>::get_min_value_port() const {
  if (!min_max_ports_enabled_) {
    ThrowLogicError(
        "Saturation::get_min_value_port(): this Saturation has constant "
        "limits and no limit ports.");
  }
  return System<T>::get_input_port(1);
}

template <typename T>
const InputPort<T>& Saturation<T>::get_max_value_port() const {
  if (!min_max_ports_enabled_) {
    ThrowLogicError(
        "Saturation::get_max_value_port(): this Saturation has constant "
        "limits and no limit ports.");
  }
  return System<T>::get_input_port(2);
}

template <typename T>
void Saturation<T>::CalcSaturatedOutput(const Context<T>& context,
                                        BasicVector<T>* output) const {
  const VectorX<T>& u = get_input_port().Eval(context);
  const double inf = std::numeric_limits<double>::infinity();
  VectorX<T> lo, hi;
  if (min_max_ports_enabled_) {
    const auto& pmin = System<T>::get_input_port(1);
    const auto& pmax = System<T>::get_input_port(2);
    lo = pmin.HasValue(context) ? pmin.Eval(context)
                                : VectorX<T>::Constant(input_size_, T(-inf));
    hi = pmax.HasValue(context) ? pmax.Eval(context)
                                : VectorX<T>::Constant(input_size_, T(inf));
  } else {
    lo = min_value_;
    hi = max_value_;
  }
  auto y = output->get_mutable_value();
  for (int i = 0; i < input_size_; ++i) {
    y[i] = u[i] < lo[i] ? lo[i] : (u[i] > hi[i] ? hi[i] : u[i]);
  }
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Saturation);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Saturation);
