#include "ossa/systems/primitives/constant_vector_source.h"

namespace ossa::systems {

template <typename T>
ConstantVectorSource<T>::ConstantVectorSource(
    const Eigen::Ref<const VectorX<T>>& source_value)
    : LeafSystem<T>(SystemTypeTag<ConstantVectorSource>{}),
      default_value_(source_value) {
  source_value_index_ =
      this->DeclareNumericParameter(BasicVector<T>(default_value_));
  this->DeclareVectorOutputPort(
      "y0", static_cast<int>(default_value_.size()),
      &ConstantVectorSource::CalcOutput,
      {this->numeric_parameter_ticket(
          NumericParameterIndex(source_value_index_))});
}

template <typename T>
ConstantVectorSource<T>::ConstantVectorSource(const T& source_value)
    : ConstantVectorSource(VectorX<T>::Constant(1, source_value)) {}

template <typename T>
const BasicVector<T>& ConstantVectorSource<T>::get_source_value(
    const Context<T>& context) const {
  this->ValidateContext(context);
  return context.get_numeric_parameter(source_value_index_);
}

template <typename T>
BasicVector<T>& ConstantVectorSource<T>::get_mutable_source_value(
    Context<T>* context) const {
  this->ValidateContext(*context);
  return context->get_mutable_numeric_parameter(source_value_index_);
}

template <typename T>
void ConstantVectorSource<T>::CalcOutput(const Context<T>& context,
                                         BasicVector<T>* output) const {
  output->SetFrom(context.get_numeric_parameter(source_value_index_));
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::ConstantVectorSource);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::ConstantVectorSource);
