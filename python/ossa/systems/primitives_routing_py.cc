// Bindings of ossa.systems.primitives, part two: the routing systems
// (Selector, PortSwitch, BusCreator, BusSelector), SparseMatrixGain,
// SharedPointerSystem (for float, AutoDiffXd and Expression) and the
// trajectory-coefficient systems (for float and AutoDiffXd); Name_[T],
// Name_[float] aliased as Name.

#include <nanobind/eigen/sparse.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <memory>
#include <string>
#include <type_traits>

#include "ossa/bindings.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework_py.h"
#include "ossa/systems/primitives/bus_creator.h"
#include "ossa/systems/primitives/bus_selector.h"
#include "ossa/systems/primitives/port_switch.h"
#include "ossa/systems/primitives/selector.h"
#include "ossa/systems/primitives/shared_pointer_system.h"
#include "ossa/systems/primitives/sparse_matrix_gain.h"
#include "ossa/systems/primitives/trajectory_affine_system.h"
#include "ossa/systems/primitives/trajectory_linear_system.h"
#include "ossa/systems/primitives_py.h"
#include "ossa/value_util.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using systems::BusCreator;
using systems::BusSelector;
using systems::DiagramBuilder;
using systems::InputPortIndex;
using systems::LeafSystem;
using systems::PortSwitch;
using systems::Selector;
using systems::SelectorParams;
using systems::SharedPointerSystem;
using systems::SparseMatrixGain;
using systems::TrajectoryAffineSystem;
using systems::TrajectoryLinearSystem;
using trajectories::Trajectory;

// SelectorParams and its three helper structs (scalar-independent).
void DefineSelectorParams(nb::module_ m) {
  nb::class_<SelectorParams> params(m, "SelectorParams",
                                    "The constructor arguments of a Selector.");
  nb::class_<SelectorParams::InputPortParams> input(
      params, "InputPortParams", "One input port: its name and size.");
  input.def(nb::init<>())
      .def_rw("name", &SelectorParams::InputPortParams::name,
              nb::arg("name").none())
      .def_rw("size", &SelectorParams::InputPortParams::size);
  DefKwargsInit(input);
  DefCopyAndDeepCopy(input);
  nb::class_<SelectorParams::OutputSelection> selection(
      params, "OutputSelection",
      "Where one output element comes from: element input_offset of input "
      "port input_port_index.");
  selection.def(nb::init<>())
      .def_rw("input_port_index",
              &SelectorParams::OutputSelection::input_port_index)
      .def_rw("input_offset", &SelectorParams::OutputSelection::input_offset);
  DefKwargsInit(selection);
  DefCopyAndDeepCopy(selection);
  nb::class_<SelectorParams::OutputPortParams> output(
      params, "OutputPortParams",
      "One output port: its name and, per element, its selection.");
  output.def(nb::init<>())
      .def_rw("name", &SelectorParams::OutputPortParams::name,
              nb::arg("name").none())
      .def_rw("selections", &SelectorParams::OutputPortParams::selections);
  DefKwargsInit(output);
  DefCopyAndDeepCopy(output);
  params.def(nb::init<>())
      .def_rw("inputs", &SelectorParams::inputs)
      .def_rw("outputs", &SelectorParams::outputs);
  DefKwargsInit(params);
  DefCopyAndDeepCopy(params);
}

template <typename T>
void DefineTrajectoryCoefficientSystems(nb::module_ m);

template <typename T>
void DoDefineRouting(nb::module_ m) {
  const nb::tuple param = GetPyParam<T>();

  DefineTemplateClassWithDefault<Selector<T>, LeafSystem<T>>(
      m, "Selector", param,
      "Routes elements of its vector inputs to elements of its vector "
      "outputs: y_m[i] = u_n[j] for (n, j) = "
      "params.outputs[m].selections[i].")
      .def(nb::init<SelectorParams>(), nb::arg("params"));

  DefineTemplateClassWithDefault<BusCreator<T>, LeafSystem<T>>(
      m, "BusCreator", param,
      "Packs its input ports into one BusValue output (each signal named "
      "after its port; inputs without a value are left out).")
      .def(
          "__init__",
          [](BusCreator<T>* self, nb::handle output_port_name) {
            new (self) BusCreator<T>(ToPortName(output_port_name));
          },
          nb::arg("output_port_name") = systems::kUseDefaultName)
      .def(
          "DeclareVectorInputPort",
          [](BusCreator<T>& self, nb::handle name,
             int size) -> const systems::InputPort<T>& {
            return self.DeclareVectorInputPort(ToPortName(name), size);
          },
          nb::arg("name"), nb::arg("size"), kRefInternal)
      .def(
          "DeclareAbstractInputPort",
          [](BusCreator<T>& self, nb::handle name,
             const AbstractValue& model_value) -> const systems::InputPort<T>& {
            return self.DeclareAbstractInputPort(ToPortName(name), model_value);
          },
          nb::arg("name"), nb::arg("model_value"), kRefInternal);

  DefineTemplateClassWithDefault<BusSelector<T>, LeafSystem<T>>(
      m, "BusSelector", param,
      "Unpacks a BusValue input onto its output ports, each taking the "
      "signal of its own name.")
      .def(
          "__init__",
          [](BusSelector<T>* self, nb::handle input_port_name) {
            new (self) BusSelector<T>(ToPortName(input_port_name));
          },
          nb::arg("input_port_name") = systems::kUseDefaultName)
      .def(
          "DeclareVectorOutputPort",
          [](BusSelector<T>& self, nb::handle name,
             int size) -> const systems::OutputPort<T>& {
            return self.DeclareVectorOutputPort(ToPortName(name), size);
          },
          nb::arg("name"), nb::arg("size"), kRefInternal)
      .def(
          "DeclareAbstractOutputPort",
          [](BusSelector<T>& self, nb::handle name,
             const AbstractValue& model_value)
              -> const systems::OutputPort<T>& {
            return self.DeclareAbstractOutputPort(ToPortName(name),
                                                  model_value);
          },
          nb::arg("name"), nb::arg("model_value"), kRefInternal);

  DefineTemplateClassWithDefault<PortSwitch<T>, LeafSystem<T>>(
      m, "PortSwitch", param,
      "Outputs the value of the input port that port_selector (an "
      "InputPortIndex) names.")
      .def(nb::init<int>(), nb::arg("vector_size"))
      .def("DeclareInputPort", &PortSwitch<T>::DeclareInputPort,
           nb::arg("name"), kRefInternal)
      .def("get_port_selector_input_port",
           &PortSwitch<T>::get_port_selector_input_port, kRefInternal);

  DefineTemplateClassWithDefault<SparseMatrixGain<T>, LeafSystem<T>>(
      m, "SparseMatrixGain", param, "y = D·u with D sparse.")
      .def(nb::init<const Eigen::SparseMatrix<double>&>(), nb::arg("D"))
      .def("D", &SparseMatrixGain<T>::D)
      .def("set_D", &SparseMatrixGain<T>::set_D, nb::arg("D"));

  // From Python the held value is a Python object, kept alive (with the
  // GIL taken when released) for as long as the system.
  using Shared = SharedPointerSystem<T>;
  DefineTemplateClassWithDefault<Shared, LeafSystem<T>>(
      m, "SharedPointerSystem", param,
      "Keeps a value alive for as long as the system (in a Diagram: the "
      "Diagram); no ports, state or parameters.")
      .def(
          "__init__",
          [](Shared* self, nb::object value_to_hold) {
            new (self) Shared(std::make_shared<PyObjectHolder>(value_to_hold));
          },
          nb::arg("value_to_hold").none())
      .def("get",
           [](const Shared& self) -> nb::object {
             return self.template get<PyObjectHolder>()->obj;
           })
      .def_static(
          "AddToBuilder",
          [](nb::object builder, nb::object value_to_hold) {
            if (!nb::isinstance<DiagramBuilder<T>>(builder)) {
              throw nb::type_error(
                  "SharedPointerSystem.AddToBuilder(): builder must be a "
                  "DiagramBuilder of the same scalar type.");
            }
            nb::object system = nb::type<Shared>()(value_to_hold);
            builder.attr("AddSystem")(system);
            return value_to_hold;
          },
          nb::arg("builder"), nb::arg("value_to_hold").none());

  // The trajectory-coefficient systems have no Expression instance.
  if constexpr (!std::is_same_v<T, symbolic::Expression>) {
    DefineTrajectoryCoefficientSystems<T>(m);
  }
}

template <typename T>
void DefineTrajectoryCoefficientSystems(nb::module_ m) {
  const nb::tuple param = GetPyParam<T>();
  DefineTemplateClassWithDefault<TrajectoryAffineSystem<T>, LeafSystem<T>>(
      m, "TrajectoryAffineSystem", param,
      "ẋ = A(t)·x + B(t)·u + f0(t) (or x[n+1] = … every time_period s), "
      "y = C(t)·x + D(t)·u + y0(t), with coefficients given as "
      "trajectories.")
      .def(nb::init<const Trajectory<double>&, const Trajectory<double>&,
                    const Trajectory<double>&, const Trajectory<double>&,
                    const Trajectory<double>&, const Trajectory<double>&,
                    double>(),
           nb::arg("A"), nb::arg("B"), nb::arg("f0"), nb::arg("C"),
           nb::arg("D"), nb::arg("y0"), nb::arg("time_period") = 0.0)
      .def("A", &TrajectoryAffineSystem<T>::A, nb::arg("t"))
      .def("B", &TrajectoryAffineSystem<T>::B, nb::arg("t"))
      .def("f0", &TrajectoryAffineSystem<T>::f0, nb::arg("t"))
      .def("C", &TrajectoryAffineSystem<T>::C, nb::arg("t"))
      .def("D", &TrajectoryAffineSystem<T>::D, nb::arg("t"))
      .def("y0", &TrajectoryAffineSystem<T>::y0, nb::arg("t"))
      .def("time_period",
           [](const TrajectoryAffineSystem<T>& self) {
             return self.time_period();
           })
      .def(
          "configure_default_state",
          [](TrajectoryAffineSystem<T>& self, const VectorX<T>& x0) {
            self.configure_default_state(x0);
          },
          nb::arg("x0"))
      .def(
          "configure_random_state",
          [](TrajectoryAffineSystem<T>& self,
             const Eigen::MatrixXd& covariance) {
            self.configure_random_state(covariance);
          },
          nb::arg("covariance"));

  DefineTemplateClassWithDefault<TrajectoryLinearSystem<T>, LeafSystem<T>>(
      m, "TrajectoryLinearSystem", param,
      "ẋ = A(t)·x + B(t)·u (or x[n+1] = … every time_period s), "
      "y = C(t)·x + D(t)·u, with coefficients given as trajectories.")
      .def(nb::init<const Trajectory<double>&, const Trajectory<double>&,
                    const Trajectory<double>&, const Trajectory<double>&,
                    double>(),
           nb::arg("A"), nb::arg("B"), nb::arg("C"), nb::arg("D"),
           nb::arg("time_period") = 0.0)
      .def("A", &TrajectoryLinearSystem<T>::A, nb::arg("t"))
      .def("B", &TrajectoryLinearSystem<T>::B, nb::arg("t"))
      .def("C", &TrajectoryLinearSystem<T>::C, nb::arg("t"))
      .def("D", &TrajectoryLinearSystem<T>::D, nb::arg("t"))
      .def("time_period",
           [](const TrajectoryLinearSystem<T>& self) {
             return self.time_period();
           })
      .def(
          "configure_default_state",
          [](TrajectoryLinearSystem<T>& self, const VectorX<T>& x0) {
            self.configure_default_state(x0);
          },
          nb::arg("x0"))
      .def(
          "configure_random_state",
          [](TrajectoryLinearSystem<T>& self,
             const Eigen::MatrixXd& covariance) {
            self.configure_random_state(covariance);
          },
          nb::arg("covariance"));
}

}  // namespace

void DefineSystemsPrimitivesRouting(nb::module_ m) {
  DefineSelectorParams(m);
  // PortSwitch's selector input holds an InputPortIndex.
  AddValueInstantiation<InputPortIndex>(m);
  DoDefineRouting<double>(m);
  DoDefineRouting<AutoDiffXd>(m);
  DoDefineRouting<symbolic::Expression>(m);
}

}  // namespace ossa::py
