// Bindings of ossa.systems.framework (float scalar): Diagram (subclassable
// from Python) and DiagramBuilder.

#include <nanobind/trampoline.h>

#include <memory>
#include <string>

#include "ossa/bindings.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework_py.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using systems::Diagram;
using systems::DiagramBuilder;
using systems::InputPort;
using systems::OutputPort;
using systems::System;

using T = double;

// Keeps a Python object alive from C++; releases it with the GIL held.
std::shared_ptr<void> KeepAlive(nb::handle obj) {
  obj.inc_ref();
  return std::shared_ptr<void>(obj.ptr(), [](void* p) {
    if (!Py_IsInitialized()) return;
    nb::gil_scoped_acquire gil;
    Py_DECREF(static_cast<PyObject*>(p));
  });
}

// A Diagram subclassed in Python: `Diagram.__init__(self)`, then
// `builder.BuildInto(self)` fills it.
class PyDiagram : public Diagram<T> {
 public:
  NB_TRAMPOLINE(Diagram<T>);
};

}  // namespace

void DefineDiagram(nb::module_ m) {
  auto diagram =
      DefineTemplateClassWithDefault<Diagram<T>, System<T>, PyDiagram>(
          m, "Diagram", GetPyParam<T>());
  diagram
      .def(nb::init<>(),
           "An empty diagram, for subclasses: fill it with "
           "DiagramBuilder.BuildInto(self).")
      .def("num_subsystems", &Diagram<T>::num_subsystems)
      .def("GetSystems", &Diagram<T>::GetSystems,
           nb::rv_policy::reference_internal)
      .def("GetSubsystemByName", &Diagram<T>::GetSubsystemByName,
           nb::arg("name"), nb::rv_policy::reference_internal)
      .def("HasSubsystemNamed", &Diagram<T>::HasSubsystemNamed, nb::arg("name"))
      .def("GetSubsystemContext", &Diagram<T>::GetSubsystemContext,
           nb::arg("subsystem"), nb::arg("context"),
           nb::rv_policy::reference_internal)
      .def("GetMutableSubsystemContext",
           &Diagram<T>::GetMutableSubsystemContext, nb::arg("subsystem"),
           nb::arg("context"), nb::rv_policy::reference_internal)
      .def("GetMutableSubsystemState", &Diagram<T>::GetMutableSubsystemState,
           nb::arg("subsystem"), nb::arg("context"),
           nb::rv_policy::reference_internal)
      .def("AreConnected", &Diagram<T>::AreConnected, nb::arg("output"),
           nb::arg("input"));

  auto builder = DefineTemplateClassWithDefault<DiagramBuilder<T>>(
      m, "DiagramBuilder", GetPyParam<T>());
  builder.def(nb::init<>())
      .def(
          "AddSystem",
          [](DiagramBuilder<T>& self, nb::object system) {
            self.AddExternallyOwnedSystem(nb::cast<System<T>*>(system),
                                          KeepAlive(system));
            return system;
          },
          nb::arg("system"))
      .def(
          "AddNamedSystem",
          [](DiagramBuilder<T>& self, std::string name, nb::object system) {
            nb::cast<System<T>*>(system)->set_name(name);
            self.AddExternallyOwnedSystem(nb::cast<System<T>*>(system),
                                          KeepAlive(system));
            return system;
          },
          nb::arg("name"), nb::arg("system"))
      .def("Connect",
           nb::overload_cast<const OutputPort<T>&, const InputPort<T>&>(
               &DiagramBuilder<T>::Connect),
           nb::arg("src"), nb::arg("dest"))
      .def("Connect",
           nb::overload_cast<const System<T>&, const System<T>&>(
               &DiagramBuilder<T>::Connect),
           nb::arg("src"), nb::arg("dest"))
      .def("Cascade", &DiagramBuilder<T>::Cascade, nb::arg("src"),
           nb::arg("dest"))
      .def(
          "ExportInput",
          [](DiagramBuilder<T>& self, const InputPort<T>& input,
             nb::handle name) {
            return name.is_none() ? self.ExportInput(input)
                                  : self.ExportInput(input, ToPortName(name));
          },
          nb::arg("input"), nb::arg("name").none() = systems::kUseDefaultName)
      .def("ConnectInput",
           nb::overload_cast<const std::string&, const InputPort<T>&>(
               &DiagramBuilder<T>::ConnectInput),
           nb::arg("diagram_port_name"), nb::arg("input"))
      .def("ConnectInput",
           nb::overload_cast<systems::InputPortIndex, const InputPort<T>&>(
               &DiagramBuilder<T>::ConnectInput),
           nb::arg("diagram_port_index"), nb::arg("input"))
      .def(
          "ExportOutput",
          [](DiagramBuilder<T>& self, const OutputPort<T>& output,
             nb::handle name) {
            return name.is_none() ? self.ExportOutput(output)
                                  : self.ExportOutput(output, ToPortName(name));
          },
          nb::arg("output"), nb::arg("name").none() = systems::kUseDefaultName)
      .def("IsConnectedOrExported", &DiagramBuilder<T>::IsConnectedOrExported,
           nb::arg("port"))
      .def("GetSubsystemByName", &DiagramBuilder<T>::GetSubsystemByName,
           nb::arg("name"), nb::rv_policy::reference_internal)
      .def("HasSubsystemNamed", &DiagramBuilder<T>::HasSubsystemNamed,
           nb::arg("name"))
      .def("GetSystems", &DiagramBuilder<T>::GetSystems,
           nb::rv_policy::reference_internal)
      .def("num_input_ports", &DiagramBuilder<T>::num_input_ports)
      .def("num_output_ports", &DiagramBuilder<T>::num_output_ports)
      .def("Build", &DiagramBuilder<T>::Build)
      .def("BuildInto", &DiagramBuilder<T>::BuildInto, nb::arg("target"))
      .def("empty", &DiagramBuilder<T>::empty)
      .def("already_built", &DiagramBuilder<T>::already_built)
      .def("GetMutableSystems", &DiagramBuilder<T>::GetMutableSystems,
           nb::rv_policy::reference_internal)
      .def("GetMutableSubsystemByName",
           &DiagramBuilder<T>::GetMutableSubsystemByName, nb::arg("name"),
           nb::rv_policy::reference_internal);
}

}  // namespace ossa::py
