#pragma once

/// @file
/// Selector<T>: routes individual elements of its vector inputs to
/// elements of its vector outputs. For output port m and element i, with
/// (n, j) = params.outputs[m].selections[i]:
///   y_m[i] = u_n[j].
/// Ports: inputs "u0" … "u(N-1)", outputs "y0" … "y(M-1)" (or the names
/// the params give). Each output is directly fed through from exactly the
/// inputs its selections name.

#include <optional>
#include <string>
#include <vector>

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

/// The constructor arguments of a Selector.
struct SelectorParams {
  /// One input port: its name (unset: the default "u<index>") and size
  /// (≥ 0).
  struct InputPortParams {
    std::optional<std::string> name;
    int size{0};
  };
  /// One output element: taken from element `input_offset` of input port
  /// `input_port_index`.
  struct OutputSelection {
    int input_port_index{0};
    int input_offset{0};
  };
  /// One output port: its name (unset: the default "y<index>") and, per
  /// element, where its value comes from (the port's size is
  /// selections.size()).
  struct OutputPortParams {
    std::optional<std::string> name;
    std::vector<OutputSelection> selections;
  };

  std::vector<InputPortParams> inputs;
  std::vector<OutputPortParams> outputs;
};

template <typename T>
class Selector final : public LeafSystem<T> {
 public:
  /// Throws std::logic_error if an input size is negative, or a selection
  /// names an input port or an offset that does not exist (the message
  /// names the output port and element); names in use throw as for any
  /// port declaration.
  explicit Selector(SelectorParams params);
  template <typename U>
  explicit Selector(const Selector<U>& other) : Selector(other.params()) {}

  const SelectorParams& params() const { return params_; }

 private:
  void CalcOutput(int output_index, const Context<T>& context,
                  BasicVector<T>* output) const;

  SelectorParams params_;
};

/// Selector converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<Selector> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Selector);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Selector);
