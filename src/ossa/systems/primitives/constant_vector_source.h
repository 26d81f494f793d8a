#pragma once

/// @file
/// ConstantVectorSource<T>: outputs a constant vector y0 = source_value. The
/// value is a numeric parameter of the Context, so it can be changed per
/// Context (get_mutable_source_value()).
/// Ports: output "y0" (size of the value).

#include "ossa/common/scalar_traits.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class ConstantVectorSource final : public LeafSystem<T> {
 public:
  /// Outputs `source_value`.
  explicit ConstantVectorSource(
      const Eigen::Ref<const VectorX<T>>& source_value);
  /// Outputs a 1-vector holding `source_value`.
  explicit ConstantVectorSource(const T& source_value);
  /// Scalar-converting copy.
  template <typename U>
  explicit ConstantVectorSource(const ConstantVectorSource<U>& other)
      : ConstantVectorSource(ConvertValue(other.default_source_value())) {}

  /// The value in `context`; throws if the Context is not this system's.
  const BasicVector<T>& get_source_value(const Context<T>& context) const;
  BasicVector<T>& get_mutable_source_value(Context<T>* context) const;
  /// The value given at construction.
  VectorX<T> default_source_value() const { return default_value_; }

 private:
  // Double ↔ AutoDiffXd: values carry over, derivatives do not.
  template <typename U>
  static VectorX<T> ConvertValue(const VectorX<U>& v) {
    VectorX<T> result(v.size());
    for (Eigen::Index i = 0; i < v.size(); ++i) {
      result[i] = T(ExtractDoubleOrThrow(v[i]));
    }
    return result;
  }
  void CalcOutput(const Context<T>& context, BasicVector<T>* output) const;
  VectorX<T> default_value_;
  int source_value_index_{};
};

/// ConstantVectorSource converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<ConstantVectorSource>
    : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::ConstantVectorSource);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::ConstantVectorSource);
