#include "ossa/systems/primitives/sparse_matrix_gain.h"

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename T>
SparseMatrixGain<T>::SparseMatrixGain(const Eigen::SparseMatrix<double>& D)
    : LeafSystem<T>(SystemTypeTag<SparseMatrixGain>{}), D_(D) {
  this->DeclareVectorInputPort("u", static_cast<int>(D.cols()));
  this->DeclareVectorOutputPort("y", static_cast<int>(D.rows()),
                                &SparseMatrixGain::CalcOutput,
                                {this->all_input_ports_ticket()});
}

template <typename T>
void SparseMatrixGain<T>::set_D(const Eigen::SparseMatrix<double>& D) {
  if (D.rows() != D_.rows() || D.cols() != D_.cols()) {
    ThrowLogicError(
        "SparseMatrixGain::set_D(): D is {}x{}; the system's ports need "
        "{}x{}.",
        D.rows(), D.cols(), D_.rows(), D_.cols());
  }
  D_ = D;
}

template <typename T>
void SparseMatrixGain<T>::CalcOutput(const Context<T>& context,
                                     BasicVector<T>* output) const {
  const VectorX<T>& u = this->get_input_port(0).Eval(context);
  auto y = output->get_mutable_value();
  y.setZero();
  // y += D(:, k)·u[k] over the stored entries of each column.
  for (int k = 0; k < D_.outerSize(); ++k) {
    for (Eigen::SparseMatrix<double>::InnerIterator it(D_, k); it; ++it) {
      y[it.row()] += it.value() * u[k];
    }
  }
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::SparseMatrixGain);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::SparseMatrixGain);
