#include "ossa/systems/primitives/gain.h"

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename T>
Gain<T>::Gain(double k, int size)
    : Gain(Eigen::VectorXd::Constant(size >= 1 ? size : 0, k)) {
  if (size < 1) {
    ThrowLogicError("Gain(): size must be at least 1, got {}.", size);
  }
}

template <typename T>
Gain<T>::Gain(const Eigen::VectorXd& k)
    : LeafSystem<T>(SystemTypeTag<Gain>{}), k_(k) {
  if (k_.size() < 1) return;  // Reported by the (k, size) constructor.
  const int n = static_cast<int>(k_.size());
  this->DeclareVectorInputPort("u0", n);
  this->DeclareVectorOutputPort("y0", n, &Gain::CalcGainOutput,
                                {this->all_input_ports_ticket()});
}

template <typename T>
double Gain<T>::get_gain() const {
  if (k_.size() == 0 || (k_.array() != k_[0]).any()) {
    ThrowLogicError(
        "Gain::get_gain(): the gains differ between entries; use "
        "get_gain_vector().");
  }
  return k_[0];
}

template <typename T>
void Gain<T>::CalcGainOutput(const Context<T>& context,
                             BasicVector<T>* output) const {
  const VectorX<T>& u = this->get_input_port(0).Eval(context);
  auto y = output->get_mutable_value();
  for (int i = 0; i < y.size(); ++i) y[i] = k_[i] * u[i];
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Gain);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Gain);
