#include "ossa/systems/primitives/barycentric_mesh_system.h"

#include <utility>

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename T>
BarycentricMeshSystem<T>::BarycentricMeshSystem(
    math::BarycentricMesh<T> mesh,
    const Eigen::Ref<const MatrixX<T>>& output_values)
    : mesh_(std::move(mesh)), output_values_(output_values) {
  if (output_values_.cols() != mesh_.get_num_mesh_points() ||
      output_values_.rows() < 1) {
    ThrowLogicError(
        "BarycentricMeshSystem(): output_values is {}x{}; it needs at least "
        "one row and one column per mesh point ({}).",
        output_values_.rows(), output_values_.cols(),
        mesh_.get_num_mesh_points());
  }
  this->DeclareVectorInputPort("u0", mesh_.get_input_size());
  this->DeclareVectorOutputPort("y0", static_cast<int>(output_values_.rows()),
                                &BarycentricMeshSystem::CalcOutput,
                                {this->all_input_ports_ticket()});
}

template <typename T>
void BarycentricMeshSystem<T>::CalcOutput(const Context<T>& context,
                                          BasicVector<T>* output) const {
  output->SetFromVector(
      mesh_.Eval(output_values_, this->get_input_port(0).Eval(context)));
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::BarycentricMeshSystem);
