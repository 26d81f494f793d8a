// ossa.multibody.plant: the dynamics queries of MultibodyPlant_[T] —
// inverse dynamics, mass matrix, bias and gravity terms, force-element
// contributions, energies and power — forwarded to the plant's tree.

#include "ossa/bindings.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant_py.h"
#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree_py.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/context.h"

namespace ossa::py {

template <typename T>
void DefinePlantDynamics(nb::handle cls) {
  using Class = multibody::MultibodyPlant<T>;
  using multibody::MultibodyForces;
  using systems::Context;
  DefMethod(
      cls, "CalcInverseDynamics",
      [](const Class& self, const Context<T>& context,
         const VectorXArg<T>& known_vdot,
         const MultibodyForces<T>& external_forces) {
        return self.internal_tree().CalcInverseDynamics(
            context, Unwrap(known_vdot), external_forces);
      },
      nb::arg("context"), nb::arg("known_vdot"), nb::arg("external_forces"));
  DefMethod(
      cls, "CalcMassMatrix",
      [](const Class& self, const Context<T>& context) {
        MatrixX<T> M(self.num_velocities(), self.num_velocities());
        self.internal_tree().CalcMassMatrix(context, &M);
        return M;
      },
      nb::arg("context"));
  DefMethod(
      cls, "CalcMassMatrixViaInverseDynamics",
      [](const Class& self, const Context<T>& context) {
        MatrixX<T> M(self.num_velocities(), self.num_velocities());
        self.internal_tree().CalcMassMatrixViaInverseDynamics(context, &M);
        return M;
      },
      nb::arg("context"));
  DefMethod(
      cls, "CalcBiasTerm",
      [](const Class& self, const Context<T>& context) {
        VectorX<T> Cv(self.num_velocities());
        self.internal_tree().CalcBiasTerm(context, &Cv);
        return Cv;
      },
      nb::arg("context"));
  DefMethod(
      cls, "CalcGravityGeneralizedForces",
      [](const Class& self, const Context<T>& context) {
        return self.internal_tree().CalcGravityGeneralizedForces(context);
      },
      nb::arg("context"));
  DefMethod(
      cls, "CalcForceElementsContribution",
      [](const Class& self, const Context<T>& context,
         MultibodyForces<T>* forces) {
        self.internal_tree().CalcForceElementsContribution(context, forces);
      },
      nb::arg("context"), nb::arg("forces"));
  DefMethod(
      cls, "CalcGeneralizedForces",
      [](const Class& self, const Context<T>& context,
         const MultibodyForces<T>& forces) {
        VectorX<T> tau(self.num_velocities());
        self.internal_tree().CalcGeneralizedForces(context, forces, &tau);
        return tau;
      },
      nb::arg("context"), nb::arg("forces"));
  DefMethod(
      cls, "CalcForwardDynamics",
      [](const Class& self, const Context<T>& context,
         const MultibodyForces<T>& applied_forces) {
        VectorX<T> vdot(self.num_velocities());
        self.internal_tree().CalcForwardDynamics(context, applied_forces,
                                                 &vdot);
        return vdot;
      },
      nb::arg("context"), nb::arg("applied_forces"));
  DefMethod(
      cls, "CalcConservativePower",
      [](const Class& self, const Context<T>& context) {
        return self.internal_tree().CalcConservativePower(context);
      },
      nb::arg("context"));
  DefMethod(
      cls, "CalcNonConservativePower",
      [](const Class& self, const Context<T>& context) {
        return self.internal_tree().CalcNonConservativePower(context);
      },
      nb::arg("context"));
  DefMethod(
      cls, "gravity_field",
      [](const Class& self) -> const multibody::UniformGravityFieldElement<T>& {
        return self.internal_tree().gravity_field();
      },
      nb::rv_policy::reference_internal);
  DefMethod(cls, "num_force_elements", [](const Class& self) {
    return self.internal_tree().num_force_elements();
  });
  DefMethod(
      cls, "get_force_element",
      [](const Class& self, multibody::ForceElementIndex index)
          -> const multibody::ForceElement<T>& {
        return self.internal_tree().get_force_element(index);
      },
      nb::arg("force_element_index"), nb::rv_policy::reference_internal);
  // The plant takes over an element built in Python (LinearSpringDamper(...),
  // DoorHinge(...)) and returns the same Python object.
  DefMethod(
      cls, "AddForceElement",
      [](nb::handle self, nb::handle force_element) {
        Class& plant = nb::cast<Class&>(self);
        return AddOwnedElement<multibody::ForceElement<T>>(
            self, force_element, "MultibodyPlant::AddForceElement",
            [&](std::unique_ptr<multibody::ForceElement<T>> e) {
              plant.template AddForceElement<multibody::ForceElement>(
                  std::move(e));
            });
      },
      nb::arg("force_element"));
}

template void DefinePlantDynamics<double>(nb::handle);
template void DefinePlantDynamics<AutoDiffXd>(nb::handle);
template void DefinePlantDynamics<symbolic::Expression>(nb::handle);

}  // namespace ossa::py
