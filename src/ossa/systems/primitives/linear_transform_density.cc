#include "ossa/systems/primitives/linear_transform_density.h"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <type_traits>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/systems/primitives/primitive_checks.h"

namespace ossa::systems {

template <typename T>
LinearTransformDensity<T>::LinearTransformDensity(
    RandomDistribution distribution, int input_size, int output_size)
    : LeafSystem<T>(SystemTypeTag<LinearTransformDensity>{}),
      distribution_(distribution),
      input_size_(input_size),
      output_size_(output_size) {
  internal::ThrowUnlessAtLeastOne("LinearTransformDensity", "input_size",
                                  input_size);
  internal::ThrowUnlessAtLeastOne("LinearTransformDensity", "output_size",
                                  output_size);
  this->DeclareVectorInputPort("w_in", input_size);
  this->DeclareVectorInputPort("A", input_size * output_size);
  this->DeclareVectorInputPort("b", output_size);
  this->DeclareVectorOutputPort("w_out", output_size,
                                &LinearTransformDensity::CalcOutput,
                                {this->all_input_ports_ticket()});
  this->DeclareVectorOutputPort("w_out_density", 1,
                                &LinearTransformDensity::CalcDensityOutput,
                                {this->all_input_ports_ticket()});
}

template <typename T>
FixedInputPortValue& LinearTransformDensity<T>::FixConstantA(
    Context<T>* context, const Eigen::Ref<const MatrixX<T>>& A) const {
  if (A.rows() != output_size_ || A.cols() != input_size_) {
    ThrowLogicError(
        "LinearTransformDensity::FixConstantA(): A is {}x{}; expected {}x{} "
        "(output_size × input_size).",
        A.rows(), A.cols(), output_size_, input_size_);
  }
  const MatrixX<T> copy = A;
  return get_input_port_A().FixValue(
      context,
      VectorX<T>(Eigen::Map<const VectorX<T>>(copy.data(), copy.size())));
}

template <typename T>
FixedInputPortValue& LinearTransformDensity<T>::FixConstantB(
    Context<T>* context, const Eigen::Ref<const VectorX<T>>& b) const {
  return get_input_port_b().FixValue(context, VectorX<T>(b));
}

template <typename T>
MatrixX<T> LinearTransformDensity<T>::GetA(const Context<T>& context) const {
  const VectorX<T>& stacked = get_input_port_A().Eval(context);
  return Eigen::Map<const MatrixX<T>>(stacked.data(), output_size_,
                                      input_size_);
}

template <typename T>
VectorX<T> LinearTransformDensity<T>::GetB(const Context<T>& context) const {
  if (!get_input_port_b().HasValue(context)) {
    return VectorX<T>::Zero(output_size_);
  }
  return get_input_port_b().Eval(context);
}

template <typename T>
void LinearTransformDensity<T>::CalcOutput(const Context<T>& context,
                                           BasicVector<T>* w_out) const {
  w_out->SetFromVector(GetA(context) * get_input_port_w_in().Eval(context) +
                       GetB(context));
}

template <typename T>
T LinearTransformDensity<T>::CalcDensity(const Context<T>& context) const {
  using std::abs;
  using std::exp;
  using std::sqrt;
  const MatrixX<T> A = GetA(context);
  if (input_size_ != output_size_) {
    ThrowLogicError(
        "LinearTransformDensity::CalcDensity(): A is {}x{}; the density "
        "needs a square, invertible A.",
        output_size_, input_size_);
  }
  const Eigen::FullPivLU<Eigen::MatrixXd> lu(
      A.unaryExpr([](const T& a) { return ExtractDoubleOrThrow(a); }));
  if (!lu.isInvertible()) {
    ThrowLogicError(
        "LinearTransformDensity::CalcDensity(): A is not invertible.");
  }
  // w_in from the sample w_out (its value: a fixed sample).
  MatrixX<T> A_coherent = A;
  VectorX<T> b = GetB(context);
  VectorX<T> w_out_sample = get_output_port_w_out().Eval(context).unaryExpr(
      [](const T& w) { return T(ExtractDoubleOrThrow(w)); });
  T density(1.0);
  if constexpr (std::is_same_v<T, AutoDiffXd>) {
    // Eigen's AutoDiffScalar needs the operands of a binary operation to
    // carry derivative vectors of one size: constants get zeros.
    Eigen::Index n = 0;
    for (const T& a : A.reshaped()) n = std::max(n, a.derivatives().size());
    for (const T& x : b) n = std::max(n, x.derivatives().size());
    const auto coherent = [n](T& x) {
      if (x.derivatives().size() == 0) x.derivatives().setZero(n);
    };
    for (T& a : A_coherent.reshaped()) coherent(a);
    for (T& x : b) coherent(x);
    for (T& x : w_out_sample) coherent(x);
    coherent(density);
  }
  const VectorX<T> w_in = A_coherent.partialPivLu().solve(w_out_sample - b);
  switch (distribution_) {
    case RandomDistribution::kUniform:
      // Density 1 on the closed unit cube.
      for (const T& x : w_in) {
        if (x < 0.0 || x > 1.0) return T(0.0);
      }
      break;
    case RandomDistribution::kGaussian:
      density *= exp(-0.5 * w_in.squaredNorm()) /
                 std::pow(2.0 * M_PI, 0.5 * static_cast<double>(w_in.size()));
      break;
    case RandomDistribution::kExponential:
      for (const T& x : w_in) {
        if (x < 0.0) return T(0.0);
      }
      density *= exp(-w_in.sum());
      break;
  }
  return density / abs(A_coherent.determinant());
}

template <typename T>
void LinearTransformDensity<T>::CalcDensityOutput(
    const Context<T>& context, BasicVector<T>* density) const {
  (*density)[0] = CalcDensity(context);
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::LinearTransformDensity);
