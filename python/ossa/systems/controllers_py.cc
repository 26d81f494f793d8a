// Bindings of ossa.systems.controllers (float scalar, as the framework):
// PidController. InverseDynamicsController joins once MultibodyPlant exists.

#include "ossa/bindings.h"
#include "ossa/py_util.h"
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
}

}  // namespace

void DefineSystemsControllers(nb::module_ m) {
  m.doc() = "Bindings for ossa.systems.controllers.";
  DoDefineControllers<double>(m);
}

}  // namespace ossa::py
