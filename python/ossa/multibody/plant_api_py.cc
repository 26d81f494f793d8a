// Members of the tree's elements that need the plant (GetParentPlant), the
// elements' is_ephemeral(), and
// MultibodyPlant.CalcSpatialAccelerationsFromVdot, for every scalar. Runs after
// the plant and the elements are bound.

#include <nanobind/stl/vector.h>

#include <string>
#include <type_traits>
#include <vector>

#include "ossa/autodiff_caster.h"
#include "ossa/bindings.h"
#include "ossa/common/error.h"
#include "ossa/multibody/plant/externally_applied_spatial_force_multiplexer.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant/propeller.h"
#include "ossa/multibody/plant/wing.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {

namespace {

using multibody::MultibodyPlant;

// Reads MultibodyElement's protected parent_tree() of any element: a
// pointer to member formed in this derived class applies to a base object.
template <typename T>
struct ElementTreeAccess : multibody::MultibodyElement<T> {
  static const multibody::internal::MultibodyTree<T>* Tree(
      const multibody::MultibodyElement<T>& element) {
    return (element.*(&ElementTreeAccess::parent_tree))();
  }
};

// The plant that owns `element`. Throws std::logic_error if the element is
// in no plant (not added yet, or in a tree without a plant).
template <typename T>
const MultibodyPlant<T>& ParentPlant(
    const multibody::MultibodyElement<T>& element, const char* kind) {
  const auto* tree = ElementTreeAccess<T>::Tree(element);
  const MultibodyPlant<T>* plant =
      tree != nullptr && tree->has_tree_system()
          ? dynamic_cast<const MultibodyPlant<T>*>(
                &tree->tree_system("GetParentPlant"))
          : nullptr;
  if (plant == nullptr) {
    ThrowLogicError(
        "{}.GetParentPlant(): the {} does not belong to a "
        "MultibodyPlant.",
        kind, kind);
  }
  return *plant;
}

template <typename T, typename Element>
void DefineElementPlantMembers(const char* kind) {
  nb::handle cls = nb::type<Element>();
  nb::cpp_function_def(
      [kind](const Element& self) -> const MultibodyPlant<T>& {
        return ParentPlant<T>(self, kind);
      },
      nb::scope(cls), nb::name("GetParentPlant"), nb::is_method(),
      nb::rv_policy::reference,
      "The plant this element belongs to (the same Python object).");
  if constexpr (std::is_same_v<Element, multibody::Joint<T>>) {
    nb::cpp_function_def(
        [](const Element& self) { return self.is_ephemeral(); }, nb::scope(cls),
        nb::name("is_ephemeral"), nb::is_method(),
        "True if Finalize() added this joint (the floating joint of a free "
        "body).");
  } else {
    nb::cpp_function_def(
        // Finalize() adds joints only (floating joints of free bodies);
        // every other element was added by the user.
        [](const Element&) { return false; }, nb::scope(cls),
        nb::name("is_ephemeral"), nb::is_method(),
        "True if Finalize() added this element; in ossa only joints are "
        "added so.");
  }
}

}  // namespace

template <typename T>
void DefinePlantElementApi(nb::module_ m) {
  using multibody::PropellerInfo;
  if constexpr (std::is_same_v<T, double>) {
    nb::class_<PropellerInfo>(
        m, "PropellerInfo",
        "One propeller of a Propeller system: its body, its pose X_BP in "
        "the body frame, and thrust and moment per unit command.")
        .def(nb::init<multibody::BodyIndex, const math::RigidTransform<double>&,
                      double, double>(),
             nb::arg("body_index"),
             nb::arg("X_BP") = math::RigidTransform<double>(),
             nb::arg("thrust_ratio") = 1.0, nb::arg("moment_ratio") = 0.0)
        .def_rw("body_index", &PropellerInfo::body_index)
        .def_rw("X_BP", &PropellerInfo::X_BP)
        .def_rw("thrust_ratio", &PropellerInfo::thrust_ratio)
        .def_rw("moment_ratio", &PropellerInfo::moment_ratio)
        .def("__copy__",
             [](const PropellerInfo& self) { return PropellerInfo(self); })
        .def(
            "__deepcopy__",
            [](const PropellerInfo& self, nb::handle) {
              return PropellerInfo(self);
            },
            nb::arg("memo"));
  }
  using Propeller = multibody::Propeller<T>;
  DefineTemplateClassWithDefault<Propeller, systems::LeafSystem<T>>(
      m, "Propeller", GetPyParam<T>(),
      "Spatial forces of propellers from their commands: thrust_ratio·u "
      "along and moment_ratio·u about each propeller's +z axis.")
      .def(nb::init<multibody::BodyIndex, const math::RigidTransform<double>&,
                    double, double>(),
           nb::arg("body_index"),
           nb::arg("X_BP") = math::RigidTransform<double>(),
           nb::arg("thrust_ratio") = 1.0, nb::arg("moment_ratio") = 0.0)
      .def(nb::init<const std::vector<PropellerInfo>&>(),
           nb::arg("propeller_info"))
      .def("num_propellers", &Propeller::num_propellers)
      .def("get_command_input_port", &Propeller::get_command_input_port,
           nb::rv_policy::reference_internal)
      .def("get_body_poses_input_port", &Propeller::get_body_poses_input_port,
           nb::rv_policy::reference_internal)
      .def("get_spatial_forces_output_port",
           &Propeller::get_spatial_forces_output_port,
           nb::rv_policy::reference_internal);
  using Wing = multibody::Wing<T>;
  DefineTemplateClassWithDefault<Wing, systems::LeafSystem<T>>(
      m, "Wing", GetPyParam<T>(),
      "Flat-plate aerodynamics of a wing fixed to a body: lift coefficient "
      "2 sinα cosα, drag coefficient 2 sin²α, no moment.")
      .def(nb::init<multibody::BodyIndex, double,
                    const math::RigidTransform<double>&, double>(),
           nb::arg("body_index"), nb::arg("surface_area"),
           nb::arg("X_BodyWing") = math::RigidTransform<double>(),
           nb::arg("fluid_density") = Wing::kDefaultFluidDensity)
      .def_static(
          "AddToBuilder",
          // The Wing is made and added from Python, which then owns it as
          // it owns any system added to a DiagramBuilder from Python.
          [](nb::object builder, nb::object plant,
             multibody::BodyIndex body_index, double surface_area,
             const math::RigidTransform<double>& X_BodyWing,
             double fluid_density) {
            nb::object wing = nb::type<Wing>()(body_index, surface_area,
                                               X_BodyWing, fluid_density);
            builder.attr("AddSystem")(wing);
            builder.attr("Connect")(plant.attr("get_body_poses_output_port")(),
                                    wing.attr("get_body_poses_input_port")());
            builder.attr("Connect")(
                plant.attr("get_body_spatial_velocities_output_port")(),
                wing.attr("get_body_spatial_velocities_input_port")());
            builder.attr("Connect")(
                wing.attr("get_spatial_force_output_port")(),
                plant.attr("get_applied_spatial_force_input_port")());
            return wing;
          },
          nb::arg("builder"), nb::arg("plant"), nb::arg("body_index"),
          nb::arg("surface_area"),
          nb::arg("X_BodyWing") = math::RigidTransform<double>(),
          nb::arg("fluid_density") = Wing::kDefaultFluidDensity)
      .def("get_body_poses_input_port", &Wing::get_body_poses_input_port,
           nb::rv_policy::reference_internal)
      .def("get_body_spatial_velocities_input_port",
           &Wing::get_body_spatial_velocities_input_port,
           nb::rv_policy::reference_internal)
      .def("get_wind_velocity_input_port", &Wing::get_wind_velocity_input_port,
           nb::rv_policy::reference_internal)
      .def("get_fluid_density_input_port", &Wing::get_fluid_density_input_port,
           nb::rv_policy::reference_internal)
      .def("get_spatial_force_output_port",
           &Wing::get_spatial_force_output_port,
           nb::rv_policy::reference_internal)
      .def("get_aerodynamic_center_output_port",
           &Wing::get_aerodynamic_center_output_port,
           nb::rv_policy::reference_internal);
  using Multiplexer = multibody::ExternallyAppliedSpatialForceMultiplexer<T>;
  DefineTemplateClassWithDefault<Multiplexer, systems::LeafSystem<T>>(
      m, "ExternallyAppliedSpatialForceMultiplexer", GetPyParam<T>(),
      "Concatenates lists of ExternallyAppliedSpatialForce: inputs u0 ... "
      "u{n-1}, output y0.")
      .def(nb::init<int>(), nb::arg("num_inputs"));

  DefineElementPlantMembers<T, multibody::RigidBody<T>>("RigidBody");
  DefineElementPlantMembers<T, multibody::Frame<T>>("Frame");
  DefineElementPlantMembers<T, multibody::Joint<T>>("Joint");
  DefineElementPlantMembers<T, multibody::JointActuator<T>>("JointActuator");
  DefineElementPlantMembers<T, multibody::ForceElement<T>>("ForceElement");

  nb::cpp_function_def(
      [](const MultibodyPlant<T>& self, const systems::Context<T>& context,
         const VectorX<T>& known_vdot) {
        std::vector<multibody::SpatialAcceleration<T>> A_WB(self.num_bodies());
        self.CalcSpatialAccelerationsFromVdot(context, known_vdot, &A_WB);
        return A_WB;
      },
      nb::scope(nb::type<MultibodyPlant<T>>()),
      nb::name("CalcSpatialAccelerationsFromVdot"), nb::is_method(),
      nb::arg("context"), nb::arg("known_vdot"),
      "A_WB for every body (indexed by BodyIndex), from the Context's q and "
      "v and the given v̇.");

  // The representation of hydroelastic contact surfaces the plant stores
  // (its setter throws after Finalize()).
  using Representation = geometry::HydroelasticContactRepresentation;
  nb::handle plant_cls = nb::type<MultibodyPlant<T>>();
  nb::cpp_function_def(
      [](MultibodyPlant<T>& self, Representation surface_representation) {
        self.set_contact_surface_representation(surface_representation);
      },
      nb::scope(plant_cls), nb::name("set_contact_surface_representation"),
      nb::is_method(), nb::arg("surface_representation"));
  nb::cpp_function_def(
      [](const MultibodyPlant<T>& self) {
        return self.get_contact_surface_representation();
      },
      nb::scope(plant_cls), nb::name("get_contact_surface_representation"),
      nb::is_method());
  // Discrete plants default to polygons, continuous ones to triangles.
  nb::setattr(plant_cls, "GetDefaultContactSurfaceRepresentation",
              nb::module_::import_("builtins")
                  .attr("staticmethod")(nb::cpp_function(
                      [](double time_step) {
                        return time_step > 0 ? Representation::kPolygon
                                             : Representation::kTriangle;
                      },
                      nb::arg("time_step"))));
}

template void DefinePlantElementApi<double>(nb::module_);
template void DefinePlantElementApi<AutoDiffXd>(nb::module_);
template void DefinePlantElementApi<symbolic::Expression>(nb::module_);

}  // namespace ossa::py
