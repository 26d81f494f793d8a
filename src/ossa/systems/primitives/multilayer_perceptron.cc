#include "ossa/systems/primitives/multilayer_perceptron.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <type_traits>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"

namespace ossa::systems {
namespace {

std::vector<PerceptronActivationType> HiddenThenIdentity(
    size_t num_layers, PerceptronActivationType hidden) {
  std::vector<PerceptronActivationType> result(
      num_layers > 1 ? num_layers - 1 : 0, hidden);
  if (!result.empty()) result.back() = PerceptronActivationType::kIdentity;
  return result;
}

// The size of the input layer (0 for none or a negative size, which the
// constructor then rejects).
size_t NumInputs(const std::vector<int>& layers) {
  return layers.empty() || layers[0] < 0 ? 0 : layers[0];
}

// σ(Z) entrywise.
template <typename T>
MatrixX<T> Activate(PerceptronActivationType type, const MatrixX<T>& Z) {
  using std::tanh;
  switch (type) {
    case PerceptronActivationType::kIdentity:
      return Z;
    case PerceptronActivationType::kReLU:
      if constexpr (std::is_same_v<T, symbolic::Expression>) {
        // max(z, 0) as an expression: the sign of z is not known here.
        return Z.unaryExpr([](const T& z) { return max(z, T(0.0)); });
      } else {
        return Z.unaryExpr([](const T& z) { return z > 0 ? z : T(0.0); });
      }
    case PerceptronActivationType::kTanh:
      return Z.unaryExpr([](const T& z) { return T(tanh(z)); });
  }
  return Z;
}

// σ'(Z) entrywise, from Z and σ(Z) = A (tanh' = 1 − tanh²; ReLU' is 0 at 0).
template <typename T>
MatrixX<T> ActivationSlope(PerceptronActivationType type, const MatrixX<T>& Z,
                           const MatrixX<T>& A) {
  switch (type) {
    case PerceptronActivationType::kIdentity:
      return MatrixX<T>::Ones(Z.rows(), Z.cols());
    case PerceptronActivationType::kReLU:
      return Z.unaryExpr([](const T& z) { return z > 0 ? T(1.0) : T(0.0); });
    case PerceptronActivationType::kTanh:
      return (1.0 - A.array().square()).matrix();
  }
  return MatrixX<T>::Ones(Z.rows(), Z.cols());
}

}  // namespace

template <typename T>
MultilayerPerceptron<T>::MultilayerPerceptron(
    const std::vector<int>& layers, PerceptronActivationType activation_type)
    : MultilayerPerceptron(
          std::vector<bool>(NumInputs(layers), false),
          std::vector<int>(layers.empty() ? layers.begin() : layers.begin() + 1,
                           layers.end()),
          HiddenThenIdentity(layers.size(), activation_type)) {}

template <typename T>
MultilayerPerceptron<T>::MultilayerPerceptron(
    const std::vector<int>& layers,
    const std::vector<PerceptronActivationType>& activation_types)
    : MultilayerPerceptron(
          std::vector<bool>(NumInputs(layers), false),
          std::vector<int>(layers.empty() ? layers.begin() : layers.begin() + 1,
                           layers.end()),
          activation_types) {}

template <typename T>
MultilayerPerceptron<T>::MultilayerPerceptron(
    const std::vector<bool>& use_sin_cos_for_input,
    const std::vector<int>& remaining_layers,
    const std::vector<PerceptronActivationType>& activation_types)
    : LeafSystem<T>(SystemTypeTag<MultilayerPerceptron>{}),
      activations_(activation_types),
      use_sin_cos_(use_sin_cos_for_input),
      num_inputs_(static_cast<int>(use_sin_cos_for_input.size())) {
  if (num_inputs_ < 1) {
    ThrowLogicError(
        "MultilayerPerceptron(): the network needs at least one input.");
  }
  if (remaining_layers.empty()) {
    ThrowLogicError(
        "MultilayerPerceptron(): the network needs at least two layers (an "
        "input and an output).");
  }
  int features = 0;
  for (bool sin_cos : use_sin_cos_) features += sin_cos ? 2 : 1;
  layers_.push_back(features);
  for (size_t k = 0; k < remaining_layers.size(); ++k) {
    if (remaining_layers[k] < 1) {
      ThrowLogicError(
          "MultilayerPerceptron(): layer {} has size {}; sizes "
          "must be >= 1.",
          k + 1, remaining_layers[k]);
    }
    layers_.push_back(remaining_layers[k]);
  }
  if (activations_.size() != layers_.size() - 1) {
    ThrowLogicError(
        "MultilayerPerceptron(): {} activation types for {} layers; give one "
        "per non-input layer ({}).",
        activations_.size(), layers_.size(), layers_.size() - 1);
  }
  Init();
}

template <typename T>
void MultilayerPerceptron<T>::Init() {
  // Counted in 64 bits: the parameter vector is indexed by int.
  int64_t offset = 0;
  for (size_t k = 0; k + 1 < layers_.size(); ++k) {
    weight_offset_.push_back(static_cast<int>(offset));
    offset += int64_t{layers_[k + 1]} * layers_[k];
    bias_offset_.push_back(static_cast<int>(
        std::min<int64_t>(offset, std::numeric_limits<int>::max())));
    offset += layers_[k + 1];
    if (offset > std::numeric_limits<int>::max()) {
      ThrowLogicError(
          "MultilayerPerceptron(): the layers need {} or more parameters; "
          "at most {} are supported.",
          offset, std::numeric_limits<int>::max());
    }
  }
  num_parameters_ = static_cast<int>(offset);
  this->DeclareNumericParameter(
      BasicVector<T>(VectorX<T>::Zero(num_parameters_)));
  this->DeclareVectorInputPort("x", num_inputs_);
  this->DeclareVectorOutputPort(
      "y", layers_.back(), &MultilayerPerceptron::CalcOutput,
      {this->all_input_ports_ticket(), this->all_parameters_ticket()});
}

template <typename T>
PerceptronActivationType MultilayerPerceptron<T>::activation_type(
    int layer) const {
  CheckLayer("activation_type", layer);
  return activations_[layer];
}

template <typename T>
void MultilayerPerceptron<T>::CheckParams(const char* method,
                                          Eigen::Index size) const {
  if (size != num_parameters_) [[unlikely]] {
    ThrowLogicError(
        "MultilayerPerceptron::{}(): params has {} entries; the network has "
        "{} parameters.",
        method, size, num_parameters_);
  }
}

template <typename T>
void MultilayerPerceptron<T>::CheckLayer(const char* method, int layer) const {
  if (layer < 0 || layer + 1 >= static_cast<int>(layers_.size())) [[unlikely]] {
    ThrowLogicError(
        "MultilayerPerceptron::{}(): layer {} does not exist; layers 0 … {} "
        "map to the next one.",
        method, layer, layers_.size() - 2);
  }
}

template <typename T>
const VectorX<T>& MultilayerPerceptron<T>::GetParameters(
    const Context<T>& context) const {
  this->ValidateContext(context);
  return context.get_numeric_parameter(0).value();
}

template <typename T>
Eigen::VectorBlock<VectorX<T>> MultilayerPerceptron<T>::GetMutableParameters(
    Context<T>* context) const {
  this->ValidateContext(*context);
  return context->get_mutable_numeric_parameter(0).get_mutable_value();
}

template <typename T>
void MultilayerPerceptron<T>::SetParameters(
    Context<T>* context, const Eigen::Ref<const VectorX<T>>& params) const {
  if (params.size() != num_parameters_) {
    ThrowLogicError(
        "MultilayerPerceptron::SetParameters(): params has {} entries; the "
        "network has {} parameters.",
        params.size(), num_parameters_);
  }
  GetMutableParameters(context) = params;
}

template <typename T>
MatrixX<T> MultilayerPerceptron<T>::GetWeights(
    const Eigen::Ref<const VectorX<T>>& params, int layer) const {
  CheckLayer("GetWeights", layer);
  CheckParams("GetWeights", params.size());
  const int rows = layers_[layer + 1], cols = layers_[layer];
  return Eigen::Map<const MatrixX<T>>(params.data() + weight_offset_[layer],
                                      rows, cols);
}

template <typename T>
VectorX<T> MultilayerPerceptron<T>::GetBiases(
    const Eigen::Ref<const VectorX<T>>& params, int layer) const {
  CheckLayer("GetBiases", layer);
  CheckParams("GetBiases", params.size());
  return params.segment(bias_offset_[layer], layers_[layer + 1]);
}

template <typename T>
void MultilayerPerceptron<T>::SetWeights(
    EigenPtr<VectorX<T>> params, int layer,
    const Eigen::Ref<const MatrixX<T>>& W) const {
  CheckLayer("SetWeights", layer);
  if (params == nullptr) {
    ThrowLogicError("MultilayerPerceptron::SetWeights(): params is null.");
  }
  CheckParams("SetWeights", params->size());
  const int rows = layers_[layer + 1], cols = layers_[layer];
  if (W.rows() != rows || W.cols() != cols) {
    ThrowLogicError(
        "MultilayerPerceptron::SetWeights(): W is {}x{}; layer {} needs "
        "{}x{}.",
        W.rows(), W.cols(), layer, rows, cols);
  }
  for (int j = 0; j < cols; ++j) {
    params->segment(weight_offset_[layer] + j * rows, rows) = W.col(j);
  }
}

template <typename T>
void MultilayerPerceptron<T>::SetBiases(
    EigenPtr<VectorX<T>> params, int layer,
    const Eigen::Ref<const VectorX<T>>& b) const {
  CheckLayer("SetBiases", layer);
  if (params == nullptr) {
    ThrowLogicError("MultilayerPerceptron::SetBiases(): params is null.");
  }
  CheckParams("SetBiases", params->size());
  if (b.size() != layers_[layer + 1]) {
    ThrowLogicError(
        "MultilayerPerceptron::SetBiases(): b has {} entries; layer {} needs "
        "{}.",
        b.size(), layer, layers_[layer + 1]);
  }
  params->segment(bias_offset_[layer], b.size()) = b;
}

template <typename T>
MatrixX<T> MultilayerPerceptron<T>::GetWeights(const Context<T>& context,
                                               int layer) const {
  return GetWeights(GetParameters(context), layer);
}

template <typename T>
VectorX<T> MultilayerPerceptron<T>::GetBiases(const Context<T>& context,
                                              int layer) const {
  return GetBiases(GetParameters(context), layer);
}

template <typename T>
void MultilayerPerceptron<T>::SetWeights(
    Context<T>* context, int layer,
    const Eigen::Ref<const MatrixX<T>>& W) const {
  VectorX<T> params = GetParameters(*context);
  SetWeights(&params, layer, W);
  GetMutableParameters(context) = params;
}

template <typename T>
void MultilayerPerceptron<T>::SetBiases(
    Context<T>* context, int layer,
    const Eigen::Ref<const VectorX<T>>& b) const {
  VectorX<T> params = GetParameters(*context);
  SetBiases(&params, layer, b);
  GetMutableParameters(context) = params;
}

template <typename T>
MatrixX<T> MultilayerPerceptron<T>::Features(
    const Eigen::Ref<const MatrixX<T>>& X) const {
  using std::cos;
  using std::sin;
  if (X.rows() != num_inputs_) {
    ThrowLogicError(
        "MultilayerPerceptron: the input batch X has {} rows; the network "
        "has {} inputs.",
        X.rows(), num_inputs_);
  }
  MatrixX<T> features(layers_[0], X.cols());
  int row = 0;
  for (int i = 0; i < num_inputs_; ++i) {
    if (use_sin_cos_[i]) {
      features.row(row++) =
          X.row(i).unaryExpr([](const T& x) { return T(sin(x)); });
      features.row(row++) =
          X.row(i).unaryExpr([](const T& x) { return T(cos(x)); });
    } else {
      features.row(row++) = X.row(i);
    }
  }
  return features;
}

template <typename T>
void MultilayerPerceptron<T>::BatchOutput(const Context<T>& context,
                                          const Eigen::Ref<const MatrixX<T>>& X,
                                          MatrixX<T>* Y,
                                          MatrixX<T>* dYdX) const {
  if (Y == nullptr) {
    ThrowLogicError("MultilayerPerceptron::BatchOutput(): Y is null.");
  }
  if (dYdX != nullptr && layers_.back() != 1) {
    ThrowLogicError(
        "MultilayerPerceptron::BatchOutput(): dYdX needs a network with one "
        "output; this one has {}.",
        layers_.back());
  }
  const VectorX<T>& params = GetParameters(context);
  const int num_maps = static_cast<int>(layers_.size()) - 1;
  // Activations x_k and pre-activations z_{k+1} of every layer.
  std::vector<MatrixX<T>> x(num_maps + 1), z(num_maps + 1);
  x[0] = Features(X);
  for (int k = 0; k < num_maps; ++k) {
    z[k + 1] = (GetWeights(params, k) * x[k]).colwise() + GetBiases(params, k);
    x[k + 1] = Activate(activations_[k], z[k + 1]);
  }
  *Y = x[num_maps];
  if (dYdX == nullptr) return;
  // Backward through the layers: g_k = ∂y/∂x_k per column, then through
  // the sin/cos features.
  MatrixX<T> g =
      ActivationSlope(activations_[num_maps - 1], z[num_maps], x[num_maps]);
  for (int k = num_maps - 1; k >= 0; --k) {
    MatrixX<T> g_x = GetWeights(params, k).transpose() * g;
    if (k > 0) {
      g = (g_x.array() *
           ActivationSlope(activations_[k - 1], z[k], x[k]).array())
              .matrix();
    } else {
      g = g_x;
    }
  }
  dYdX->resize(num_inputs_, X.cols());
  int row = 0;
  for (int i = 0; i < num_inputs_; ++i) {
    if (use_sin_cos_[i]) {
      // d/dx of (sin x, cos x) is (cos x, −sin x) = (feature 2, −feature 1).
      dYdX->row(i) = (g.row(row).array() * x[0].row(row + 1).array() -
                      g.row(row + 1).array() * x[0].row(row).array())
                         .matrix();
      row += 2;
    } else {
      dYdX->row(i) = g.row(row++);
    }
  }
}

template <typename T>
T MultilayerPerceptron<T>::Backpropagation(
    const Context<T>& context, const Eigen::Ref<const MatrixX<T>>& X,
    const LossFunction& loss, EigenPtr<VectorX<T>> dloss_dparams) const {
  if (dloss_dparams == nullptr || dloss_dparams->size() != num_parameters_) {
    ThrowLogicError(
        "MultilayerPerceptron::Backpropagation(): dloss_dparams must have {} "
        "entries (one per parameter).",
        num_parameters_);
  }
  const VectorX<T>& params = GetParameters(context);
  const int num_maps = static_cast<int>(layers_.size()) - 1;
  std::vector<MatrixX<T>> x(num_maps + 1), z(num_maps + 1);
  x[0] = Features(X);
  for (int k = 0; k < num_maps; ++k) {
    z[k + 1] = (GetWeights(params, k) * x[k]).colwise() + GetBiases(params, k);
    x[k + 1] = Activate(activations_[k], z[k + 1]);
  }
  MatrixX<T> dloss_dY = MatrixX<T>::Zero(x[num_maps].rows(), X.cols());
  const T value = loss(x[num_maps], &dloss_dY);
  // δ_{k+1} = ∂loss/∂z_{k+1}, from the output down.
  MatrixX<T> delta =
      (dloss_dY.array() *
       ActivationSlope(activations_[num_maps - 1], z[num_maps], x[num_maps])
           .array())
          .matrix();
  for (int k = num_maps - 1; k >= 0; --k) {
    const int rows = layers_[k + 1], cols = layers_[k];
    Eigen::Map<MatrixX<T>>(dloss_dparams->data() + weight_offset_[k], rows,
                           cols) = delta * x[k].transpose();
    dloss_dparams->segment(bias_offset_[k], rows) = delta.rowwise().sum();
    if (k > 0) {
      delta = ((GetWeights(params, k).transpose() * delta).array() *
               ActivationSlope(activations_[k - 1], z[k], x[k]).array())
                  .matrix();
    }
  }
  return value;
}

template <typename T>
T MultilayerPerceptron<T>::BackpropagationMeanSquaredError(
    const Context<T>& context, const Eigen::Ref<const MatrixX<T>>& X,
    const Eigen::Ref<const MatrixX<T>>& Y_desired,
    EigenPtr<VectorX<T>> dloss_dparams) const {
  if (Y_desired.rows() != layers_.back() || Y_desired.cols() != X.cols()) {
    ThrowLogicError(
        "MultilayerPerceptron::BackpropagationMeanSquaredError(): Y_desired "
        "is {}x{}; expected {}x{} (outputs × batch).",
        Y_desired.rows(), Y_desired.cols(), layers_.back(), X.cols());
  }
  const double N = static_cast<double>(X.cols());
  const MatrixX<T> Yd = Y_desired;
  return Backpropagation(
      context, X,
      [&Yd, N](const Eigen::Ref<const MatrixX<T>>& Y,
               EigenPtr<MatrixX<T>> dloss_dY) -> T {
        const MatrixX<T> error = Y - Yd;
        *dloss_dY = (2.0 / N) * error;
        return error.squaredNorm() / N;
      },
      dloss_dparams);
}

template <typename T>
void MultilayerPerceptron<T>::SetRandomParameters(
    const Context<T>&, Parameters<T>* parameters,
    RandomGenerator* generator) const {
  if (generator == nullptr) [[unlikely]] {
    ThrowLogicError(
        "MultilayerPerceptron::SetRandomParameters(): generator is null.");
  }
  auto params =
      parameters->get_mutable_numeric_parameter(0).get_mutable_value();
  // Every parameter of layer k uniform in ±√(3/n_k), in order.
  for (size_t k = 0; k + 1 < layers_.size(); ++k) {
    const double bound = std::sqrt(3.0 / layers_[k]);
    std::uniform_real_distribution<double> uniform(-bound, bound);
    const int end =
        k + 2 < layers_.size() ? weight_offset_[k + 1] : num_parameters_;
    for (int i = weight_offset_[k]; i < end; ++i)
      params[i] = uniform(*generator);
  }
}

template <typename T>
void MultilayerPerceptron<T>::CalcOutput(const Context<T>& context,
                                         BasicVector<T>* y) const {
  MatrixX<T> Y;
  BatchOutput(context, this->get_input_port(0).Eval(context), &Y);
  y->SetFromVector(Y.col(0));
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::MultilayerPerceptron);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::MultilayerPerceptron);
