#include "ossa/systems/primitives/matrix_gain.h"

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename T>
MatrixGain<T>::MatrixGain(int size)
    : MatrixGain(Eigen::MatrixXd::Identity(size >= 0 ? size : 0,
                                           size >= 0 ? size : 0)) {
  if (size < 0) {
    ThrowLogicError("MatrixGain(): size must be non-negative, got {}.", size);
  }
}

template <typename T>
MatrixGain<T>::MatrixGain(const Eigen::MatrixXd& D)
    : LeafSystem<T>(SystemTypeTag<MatrixGain>{}), D_(D) {
  this->DeclareVectorInputPort("u0", static_cast<int>(D_.cols()));
  this->DeclareVectorOutputPort("y0", static_cast<int>(D_.rows()),
                                &MatrixGain::CalcOutput,
                                {this->all_input_ports_ticket()});
}

template <typename T>
void MatrixGain<T>::CalcOutput(const Context<T>& context,
                               BasicVector<T>* output) const {
  const VectorX<T>& u = this->get_input_port(0).Eval(context);
  output->get_mutable_value() = D_.template cast<T>() * u;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::MatrixGain);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::MatrixGain);
