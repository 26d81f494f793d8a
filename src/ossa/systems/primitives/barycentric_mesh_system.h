#pragma once

/// @file
/// BarycentricMeshSystem<T>: y = the BarycentricMesh interpolation of
/// output_values at the input u (column i of output_values is the output
/// at mesh point i). Stateless.
/// Ports: input "u0" (mesh.get_input_size()), output "y0"
/// (output_values.rows()), directly fed through.

#include "ossa/math/barycentric_mesh.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class BarycentricMeshSystem final : public LeafSystem<T> {
 public:
  /// Throws std::logic_error unless output_values has one column per mesh
  /// point and at least one row.
  BarycentricMeshSystem(math::BarycentricMesh<T> mesh,
                        const Eigen::Ref<const MatrixX<T>>& output_values);

  const math::BarycentricMesh<T>& get_mesh() const { return mesh_; }
  const MatrixX<T>& get_output_values() const { return output_values_; }

 private:
  void CalcOutput(const Context<T>& context, BasicVector<T>* output) const;

  math::BarycentricMesh<T> mesh_;
  MatrixX<T> output_values_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::BarycentricMeshSystem);
