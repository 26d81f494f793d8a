#pragma once

/// @file
/// MultilayerPerceptron<T>: a feed-forward neural network as a System. With
/// layer sizes n₀ … n_m, layer k maps x_k ∈ ℝ^{n_k} to
///   x_{k+1} = σ_k(W_k·x_k + b_k),   W_k ∈ ℝ^{n_{k+1}×n_k}, b_k ∈ ℝ^{n_{k+1}},
/// with the input x₀ = x (or its features, below) and the output y = x_m.
/// σ_k is applied entrywise: identity, ReLU max(0, z) or tanh z.
/// The weights and biases are the Context's one numeric parameter group,
/// ordered layer by layer as [vec(W_0); b_0; vec(W_1); b_1; …] with vec()
/// stacking columns; a default Context has them zero, and SetRandomContext
/// draws every parameter of layer k uniformly in ±√(3/n_k).
/// Input features: with use_sin_cos_for_input, input entry i enters layer 0
/// as [sin xᵢ, cos xᵢ] where flagged, as xᵢ otherwise (in order).
/// Ports: input "x", output "y" (n_m), directly fed through.

#include <functional>
#include <vector>

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

enum class PerceptronActivationType {
  kIdentity = 0,
  kReLU = 1,
  kTanh = 2,
};

template <typename T>
class MultilayerPerceptron final : public LeafSystem<T> {
 public:
  /// `activation_type` in every hidden layer, identity on the output.
  /// Throws std::logic_error unless there are ≥ 2 layers, each of size ≥ 1.
  explicit MultilayerPerceptron(const std::vector<int>& layers,
                                PerceptronActivationType activation_type =
                                    PerceptronActivationType::kTanh);
  /// One activation per non-input layer (layers.size() − 1 of them).
  MultilayerPerceptron(
      const std::vector<int>& layers,
      const std::vector<PerceptronActivationType>& activation_types);
  /// Inputs mapped to features first (see the file comment): layer 0 has
  /// one entry per unflagged input and two per flagged one, followed by
  /// remaining_layers, with one activation each.
  MultilayerPerceptron(
      const std::vector<bool>& use_sin_cos_for_input,
      const std::vector<int>& remaining_layers,
      const std::vector<PerceptronActivationType>& activation_types);
  template <typename U>
  explicit MultilayerPerceptron(const MultilayerPerceptron<U>& other)
      : MultilayerPerceptron(
            other.use_sin_cos_for_input(),
            std::vector<int>(other.layers().begin() + 1, other.layers().end()),
            other.activation_types()) {}

  int num_parameters() const { return num_parameters_; }
  const std::vector<int>& layers() const { return layers_; }
  /// σ of the map from `layer` to layer + 1.
  PerceptronActivationType activation_type(int layer) const;
  const std::vector<PerceptronActivationType>& activation_types() const {
    return activations_;
  }
  const std::vector<bool>& use_sin_cos_for_input() const {
    return use_sin_cos_;
  }

  /// @name Parameters (all layers, or one layer's W and b)
  /// Each throws std::logic_error for a layer out of range or an argument
  /// (W, b, or a params vector) of the wrong size.
  /// @{
  const VectorX<T>& GetParameters(const Context<T>& context) const;
  Eigen::VectorBlock<VectorX<T>> GetMutableParameters(
      Context<T>* context) const;
  void SetParameters(Context<T>* context,
                     const Eigen::Ref<const VectorX<T>>& params) const;
  MatrixX<T> GetWeights(const Context<T>& context, int layer) const;
  VectorX<T> GetBiases(const Context<T>& context, int layer) const;
  void SetWeights(Context<T>* context, int layer,
                  const Eigen::Ref<const MatrixX<T>>& W) const;
  void SetBiases(Context<T>* context, int layer,
                 const Eigen::Ref<const VectorX<T>>& b) const;
  MatrixX<T> GetWeights(const Eigen::Ref<const VectorX<T>>& params,
                        int layer) const;
  VectorX<T> GetBiases(const Eigen::Ref<const VectorX<T>>& params,
                       int layer) const;
  void SetWeights(EigenPtr<VectorX<T>> params, int layer,
                  const Eigen::Ref<const MatrixX<T>>& W) const;
  void SetBiases(EigenPtr<VectorX<T>> params, int layer,
                 const Eigen::Ref<const VectorX<T>>& b) const;
  /// @}

  /// Y(:, j) = the network's output for the input X(:, j). With dYdX (a
  /// network of one output only, else std::logic_error), also
  /// dYdX(i, j) = ∂Y(0, j)/∂X(i, j).
  void BatchOutput(const Context<T>& context,
                   const Eigen::Ref<const MatrixX<T>>& X, MatrixX<T>* Y,
                   MatrixX<T>* dYdX = nullptr) const;

  /// The loss `loss(Y, &dloss_dY)` of the batch output Y for the inputs X,
  /// and in dloss_dparams its gradient with respect to every parameter (in
  /// the parameter order), by backpropagation:
  ///   δ_m = ∂loss/∂Y ⊙ σ'_{m−1}(z_m),  δ_k = (W_kᵀ·δ_{k+1}) ⊙ σ'_{k−1}(z_k),
  ///   ∂loss/∂W_k = δ_{k+1}·x_kᵀ,  ∂loss/∂b_k = Σ_columns δ_{k+1},
  /// where z_{k+1} = W_k·x_k + b_k. `loss` sets dloss_dY (the size of Y).
  using LossFunction = std::function<T(const Eigen::Ref<const MatrixX<T>>& Y,
                                       EigenPtr<MatrixX<T>> dloss_dY)>;
  T Backpropagation(const Context<T>& context,
                    const Eigen::Ref<const MatrixX<T>>& X,
                    const LossFunction& loss,
                    EigenPtr<VectorX<T>> dloss_dparams) const;
  /// Backpropagation with loss = (1/N)·Σⱼ |Y(:, j) − Y_desired(:, j)|²,
  /// N the number of columns.
  T BackpropagationMeanSquaredError(
      const Context<T>& context, const Eigen::Ref<const MatrixX<T>>& X,
      const Eigen::Ref<const MatrixX<T>>& Y_desired,
      EigenPtr<VectorX<T>> dloss_dparams) const;

  void SetRandomParameters(const Context<T>& context, Parameters<T>* parameters,
                           RandomGenerator* generator) const override;

 private:
  void Init();
  void CheckLayer(const char* method, int layer) const;
  void CheckParams(const char* method, Eigen::Index size) const;
  // The features of layer 0 for the inputs X (one column per input).
  MatrixX<T> Features(const Eigen::Ref<const MatrixX<T>>& X) const;
  void CalcOutput(const Context<T>& context, BasicVector<T>* y) const;

  std::vector<int> layers_;
  std::vector<PerceptronActivationType> activations_;
  std::vector<bool> use_sin_cos_;
  int num_inputs_{};
  int num_parameters_{};
  // Offsets of W_k and b_k in the parameter vector.
  std::vector<int> weight_offset_, bias_offset_;
};

/// MultilayerPerceptron converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<MultilayerPerceptron>
    : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::MultilayerPerceptron);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::MultilayerPerceptron);
