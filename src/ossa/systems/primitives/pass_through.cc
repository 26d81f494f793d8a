#include "ossa/systems/primitives/pass_through.h"

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename T>
PassThrough<T>::PassThrough(int vector_size)
    : PassThrough(vector_size, nullptr) {}

template <typename T>
PassThrough<T>::PassThrough(const Eigen::Ref<const Eigen::VectorXd>& value)
    : PassThrough(static_cast<int>(value.size()), nullptr) {
  default_value_ = value;
}

template <typename T>
PassThrough<T>::PassThrough(const AbstractValue& abstract_model_value)
    : PassThrough(0, abstract_model_value.Clone()) {}

template <typename T>
PassThrough<T>::PassThrough(int vector_size,
                            std::unique_ptr<AbstractValue> model)
    : LeafSystem<T>(SystemTypeTag<PassThrough>{}),
      abstract_model_value_(std::move(model)),
      vector_size_(vector_size) {
  if (abstract_model_value_) {
    this->DeclareAbstractInputPort("u", *abstract_model_value_);
    this->DeclareAbstractOutputPort(
        "y", [this]() { return abstract_model_value_->Clone(); },
        [this](const ContextBase& context, AbstractValue* output) {
          const auto& c = static_cast<const Context<T>&>(context);
          if (!this->get_input_port(0).HasValue(c)) {
            output->SetFrom(*abstract_model_value_);
            return;
          }
          output->SetFrom(this->get_input_port(0).EvalAbstract(c));
        },
        {this->all_input_ports_ticket()});
    return;
  }
  if (vector_size < 0) {
    ThrowLogicError("PassThrough(): vector_size must be non-negative, got {}.",
                    vector_size);
  }
  default_value_ = Eigen::VectorXd::Zero(vector_size);
  this->DeclareVectorInputPort("u", vector_size);
  this->DeclareVectorOutputPort("y", vector_size,
                                &PassThrough::DoCalcVectorOutput,
                                {this->all_input_ports_ticket()});
}

template <typename T>
void PassThrough<T>::DoCalcVectorOutput(const Context<T>& context,
                                        BasicVector<T>* y) const {
  if (!this->get_input_port(0).HasValue(context)) {
    y->get_mutable_value() = default_value_.template cast<T>();
    return;
  }
  y->get_mutable_value() = this->get_input_port(0).Eval(context);
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::PassThrough);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::PassThrough);
