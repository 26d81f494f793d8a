#pragma once

/// @file
/// Demultiplexer<T>: splits its input vector into consecutive output
/// segments, u0 = [y0; y1; …].
/// Ports: input "u0", outputs "y0" …; direct feedthrough.

#include <vector>

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class Demultiplexer final : public LeafSystem<T> {
 public:
  /// Splits an input of `size` into outputs of `output_ports_size` each.
  /// Throws std::logic_error unless size is a positive multiple of it.
  explicit Demultiplexer(int size, int output_ports_size = 1);
  /// One output per entry of `output_ports_sizes` (each ≥ 1).
  explicit Demultiplexer(const std::vector<int>& output_ports_sizes);
  template <typename U>
  explicit Demultiplexer(const Demultiplexer<U>& other)
      : Demultiplexer(other.get_output_ports_sizes()) {}

  const std::vector<int>& get_output_ports_sizes() const { return sizes_; }

 private:
  std::vector<int> sizes_;
  std::vector<int> starts_;
};

/// Demultiplexer converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<Demultiplexer> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Demultiplexer);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Demultiplexer);
