// Bindings of ossa.systems.controllers (float scalar, as the framework):
// PidController, InverseDynamics, InverseDynamicsController and the
// dynamic programming of FittedValueIteration.

#include <nanobind/stl/set.h>

#include <string>

#include "ossa/bindings.h"
#include "ossa/py_util.h"
#include "ossa/systems/controllers/dynamic_programming.h"
#include "ossa/systems/controllers/inverse_dynamics.h"
#include "ossa/systems/controllers/inverse_dynamics_controller.h"
#include "ossa/systems/controllers/pid_controller.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using namespace ossa::systems;  // NOLINT

template <typename T>
void DoDefineControllers(nb::module_ m) {
  using Class = controllers::PidController<T>;
  constexpr auto kRef = nb::rv_policy::reference_internal;
  DefineTemplateClassWithDefault<Class, LeafSystem<T>>(
      m, "PidController", GetPyParam<T>(),
      "u = Kp·(q_d − q) + Ki·∫(q_d − q)dt + Kd·(v_d − v) on the projected "
      "state [q; v] = P_x·x, output P_y·u.")
      .def(nb::init<const Eigen::VectorXd&, const Eigen::VectorXd&,
                    const Eigen::VectorXd&>(),
           nb::arg("kp"), nb::arg("ki"), nb::arg("kd"))
      .def(nb::init<const Eigen::MatrixXd&, const Eigen::VectorXd&,
                    const Eigen::VectorXd&, const Eigen::VectorXd&>(),
           nb::arg("state_projection"), nb::arg("kp"), nb::arg("ki"),
           nb::arg("kd"))
      .def(nb::init<const Eigen::MatrixXd&, const Eigen::MatrixXd&,
                    const Eigen::VectorXd&, const Eigen::VectorXd&,
                    const Eigen::VectorXd&>(),
           nb::arg("state_projection"), nb::arg("output_projection"),
           nb::arg("kp"), nb::arg("ki"), nb::arg("kd"))
      .def("get_Kp_vector", &Class::get_Kp_vector, kRef)
      .def("get_Ki_vector", &Class::get_Ki_vector, kRef)
      .def("get_Kd_vector", &Class::get_Kd_vector, kRef)
      .def("get_Kp_singleton", &Class::get_Kp_singleton)
      .def("get_Ki_singleton", &Class::get_Ki_singleton)
      .def("get_Kd_singleton", &Class::get_Kd_singleton)
      .def("get_state_projection", &Class::get_state_projection, kRef)
      .def("get_output_projection", &Class::get_output_projection, kRef)
      .def("get_input_port_estimated_state",
           &Class::get_input_port_estimated_state, kRef)
      .def("get_input_port_desired_state", &Class::get_input_port_desired_state,
           kRef)
      .def("get_output_port_control", &Class::get_output_port_control, kRef)
      .def("set_integral_value", &Class::set_integral_value, nb::arg("context"),
           nb::arg("value"));

  // Both hold the plant by reference: keep_alive<1, 2> ties its lifetime to
  // the controller's, as the reference's bindings do.
  using Plant = multibody::MultibodyPlant<T>;
  using ID = controllers::InverseDynamics<T>;
  auto id = DefineTemplateClassWithDefault<ID, LeafSystem<T>>(
      m, "InverseDynamics", GetPyParam<T>(),
      "tau = M(q)·vd_d + C(q, v)·v − tau_app(q, v), or −tau_g(q) in gravity "
      "compensation mode.");
  nb::enum_<typename ID::InverseDynamicsMode>(id, "InverseDynamicsMode")
      .value("kInverseDynamics", ID::kInverseDynamics)
      .value("kGravityCompensation", ID::kGravityCompensation)
      .export_values();
  id.def(
        "__init__",
        [](ID* self, const Plant& plant, typename ID::InverseDynamicsMode mode,
           const Context<T>* plant_context) {
          new (self) ID(&plant, mode, plant_context);
        },
        nb::arg("plant"), nb::arg("mode") = ID::kInverseDynamics,
        nb::arg("plant_context") = nullptr, nb::keep_alive<1, 2>())
      .def("get_input_port_estimated_state",
           &ID::get_input_port_estimated_state, kRef)
      .def("get_input_port_desired_acceleration",
           &ID::get_input_port_desired_acceleration, kRef)
      .def("get_output_port_generalized_force",
           &ID::get_output_port_generalized_force, kRef)
      .def("is_pure_gravity_compensation", &ID::is_pure_gravity_compensation);

  using IDC = controllers::InverseDynamicsController<T>;
  DefineTemplateClassWithDefault<IDC, Diagram<T>>(
      m, "InverseDynamicsController", GetPyParam<T>(),
      "Computed-torque control: a PID on [q; v] commands an acceleration "
      "that InverseDynamics turns into generalized forces and actuation.")
      .def(
          nb::init<const Plant&, const Eigen::VectorXd&, const Eigen::VectorXd&,
                   const Eigen::VectorXd&, bool, const Context<T>*>(),
          nb::arg("robot"), nb::arg("kp"), nb::arg("ki"), nb::arg("kd"),
          nb::arg("has_reference_acceleration"),
          nb::arg("plant_context") = nullptr, nb::keep_alive<1, 2>())
      .def("set_integral_value", &IDC::set_integral_value, nb::arg("context"),
           nb::arg("value"))
      .def("get_input_port_estimated_state",
           &IDC::get_input_port_estimated_state, kRef)
      .def("get_input_port_desired_state", &IDC::get_input_port_desired_state,
           kRef)
      .def("get_input_port_desired_acceleration",
           &IDC::get_input_port_desired_acceleration, kRef)
      .def("get_output_port_control", &IDC::get_output_port_control, kRef)
      .def("get_output_port_generalized_force",
           &IDC::get_output_port_generalized_force, kRef)
      .def("get_multibody_plant_for_control",
           &IDC::get_multibody_plant_for_control, kRef);
}

// InputPortChoice <-> the Python InputPortSelection enum or an index.
nb::object InputPortChoiceToPython(const InputPortChoice& choice) {
  nb::module_ framework = nb::module_::import_("ossa.systems.framework");
  if (const auto* selection = std::get_if<InputPortSelection>(&choice)) {
    return framework.attr("InputPortSelection")
        .attr(*selection == InputPortSelection::kNoInput
                  ? "kNoInput"
                  : "kUseFirstInputIfItExists");
  }
  return framework.attr("InputPortIndex")(
      int{std::get<InputPortIndex>(choice)});
}

InputPortChoice InputPortChoiceFromPython(nb::handle value) {
  nb::object selection_type =
      nb::module_::import_("ossa.systems.framework").attr("InputPortSelection");
  if (nb::isinstance(value, selection_type)) {
    const std::string name = nb::cast<std::string>(value.attr("name"));
    return name == "kNoInput" ? InputPortSelection::kNoInput
                              : InputPortSelection::kUseFirstInputIfItExists;
  }
  return InputPortIndex(nb::cast<int>(nb::int_(value)));
}

void DefineDynamicProgramming(nb::module_ m) {
  using Options = controllers::DynamicProgrammingOptions;
  using Boundary = Options::PeriodicBoundaryCondition;
  using Mesh = math::BarycentricMesh<double>;
  nb::class_<Options> options(
      m, "DynamicProgrammingOptions",
      "The options of the dynamic programming algorithms "
      "(FittedValueIteration).");
  nb::class_<Boundary> boundary(
      options, "PeriodicBoundaryCondition",
      "State coordinate state_index lives on the circle [low, high).");
  boundary
      .def(nb::init<int, double, double>(), nb::arg("state_index"),
           nb::arg("low"), nb::arg("high"))
      .def_rw("state_index", &Boundary::state_index)
      .def_rw("low", &Boundary::low)
      .def_rw("high", &Boundary::high);
  m.attr("PeriodicBoundaryCondition") = boundary;
  options.def(nb::init<>())
      .def_rw("discount_factor", &Options::discount_factor)
      .def_rw("periodic_boundary_conditions",
              &Options::periodic_boundary_conditions)
      .def_rw("convergence_tol", &Options::convergence_tol)
      .def_rw("assume_non_continuous_states_are_fixed",
              &Options::assume_non_continuous_states_are_fixed)
      .def_prop_rw(
          "input_port_index",
          [](const Options& self) {
            return InputPortChoiceToPython(self.input_port_index);
          },
          [](Options& self, nb::handle value) {
            self.input_port_index = InputPortChoiceFromPython(value);
          })
      .def_prop_rw(
          "visualization_callback",
          [](const Options& self) -> nb::object {
            if (!self.visualization_callback) return nb::none();
            return nb::cast(self.visualization_callback);
          },
          [](Options& self, nb::object callback) {
            if (callback.is_none()) {
              self.visualization_callback = nullptr;
              return;
            }
            self.visualization_callback =
                [callback](int iteration, const Mesh& mesh,
                           const Eigen::RowVectorXd& cost_to_go,
                           const Eigen::MatrixXd& policy) {
                  callback(iteration, nb::cast(&mesh, nb::rv_policy::reference),
                           Eigen::VectorXd(cost_to_go.transpose()), policy);
                };
          },
          nb::arg("callback").none());

  m.def(
      "FittedValueIteration",
      [](Simulator<double>* simulator, nb::object cost_function,
         const Mesh::MeshGrid& state_grid, const Mesh::MeshGrid& input_grid,
         double time_step, const Options& options) {
        auto [policy, cost_to_go] = controllers::FittedValueIteration(
            simulator,
            [cost_function](const Context<double>& context) {
              return nb::cast<double>(
                  cost_function(nb::cast(&context, nb::rv_policy::reference)));
            },
            state_grid, input_grid, time_step, options);
        return nb::make_tuple(nb::cast(std::move(policy)),
                              Eigen::VectorXd(cost_to_go.transpose()));
      },
      // Positional arguments (arg0 … arg5), as the reference binds them.
      "Value iteration on a barycentric mesh over the state: returns (policy, "
      "cost_to_go), the policy a BarycentricMeshSystem from the state to the "
      "input, cost_to_go one entry per mesh point.");
}

}  // namespace

void DefineSystemsControllers(nb::module_ m) {
  m.doc() = "Bindings for ossa.systems.controllers.";
  DoDefineControllers<double>(m);
  DefineDynamicProgramming(m);
}

}  // namespace ossa::py
