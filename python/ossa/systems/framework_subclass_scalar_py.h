#pragma once

// LeafSystem_[T] and Diagram_[T] for T = AutoDiffXd and symbolic::Expression,
// subclassable from Python (framework_scalar_py.h binds the rest of those
// scalars' framework and calls DefineScalarLeafSystemAndDiagram()). Included
// by framework_autodiff_py.cc and framework_symbolic_py.cc only, each of
// which instantiates it for its scalar (no translation unit of its own).
//
// A Python LeafSystem_[T] declares vector input and output ports,
// continuous and discrete state, and overrides DoCalcTimeDerivatives(context,
// derivatives); a Python Diagram_[T] is filled by
// DiagramBuilder_[T].BuildInto(self). That is what the systems ossa writes in
// Python need on every scalar (VectorSystem_, the
// StateInterpolatorWithDiscreteDerivative_ diagram); the events, witness
// functions, abstract ports and cache entries stay float only. As the
// reference's Python systems, these do not convert scalars (ToAutoDiffXd()
// and ToSymbolic() raise naming the system): a Python system is built on
// the scalar it is to run on.

#include <nanobind/stl/set.h>
#include <nanobind/trampoline.h>

#include <functional>
#include <set>
#include <string>

#include "ossa/systems/framework_callback_py.h"
#include "ossa/systems/framework_py.h"
#include "ossa/systems/framework_scalar_py.h"

namespace ossa::py {

// Raises for random_type=... (framework_leaf_system_py.cc).
void ThrowIfRandom(nb::handle random_type);

namespace internal_framework {
namespace {

using framework_internal::DefaultPrerequisites;
using framework_internal::SharePyCallback;
using systems::BasicVector;
using systems::Context;
using systems::ContinuousState;
using systems::DependencyTicket;
using systems::Diagram;
using systems::InputPort;
using systems::LeafSystem;
using systems::OutputPort;
using systems::System;

// Exposes LeafSystem<T>'s protected declarations and lets Python override
// DoCalcTimeDerivatives.
template <typename T>
class PyScalarLeafSystem : public LeafSystem<T> {
 public:
  NB_TRAMPOLINE(LeafSystem<T>, 1);

  using LeafSystem<T>::DeclareContinuousState;
  using LeafSystem<T>::DeclareDiscreteState;
  using LeafSystem<T>::DeclareVectorInputPort;
  using LeafSystem<T>::DeclareVectorOutputPort;

  // The Python override if there is one, else the base (which throws for a
  // system with continuous state). The arguments are cast by reference once
  // the GIL is held.
  void DoCalcTimeDerivatives(const Context<T>& context,
                             ContinuousState<T>* derivatives) const override {
    {
      nb::gil_scoped_acquire gil;
      nb::detail::ticket ticket(nb_trampoline, "DoCalcTimeDerivatives",
                                nb::detail::str_hash("DoCalcTimeDerivatives"),
                                false);
      if (ticket.key.is_valid()) {
        nb_trampoline.base().attr(ticket.key)(
            nb::cast(&context, nb::rv_policy::reference),
            nb::cast(derivatives, nb::rv_policy::reference));
        return;
      }
    }
    LeafSystem<T>::DoCalcTimeDerivatives(context, derivatives);
  }
};

// Diagram_[T] subclassed in Python: Diagram.__init__(self), then
// builder.BuildInto(self).
template <typename T>
class PyScalarDiagram : public Diagram<T> {
 public:
  NB_TRAMPOLINE(Diagram<T>, 1);
};

}  // namespace

template <typename T>
void DefineScalarLeafSystemAndDiagram(nb::module_ m) {
  using Py = PyScalarLeafSystem<T>;
  using PortName = typename LeafSystem<T>::PortName;
  using Calc = std::function<void(const Context<T>&, BasicVector<T>*)>;
  auto leaf = DefineTemplateClassWithDefault<LeafSystem<T>, System<T>, Py>(
      m, "LeafSystem", GetPyParam<T>(),
      "Base class of user systems on this scalar; subclass it in Python and "
      "call LeafSystem_[T].__init__(self). Declares vector ports, "
      "continuous and discrete state; override DoCalcTimeDerivatives.");
  leaf.def(nb::init<>())
      .def(
          "DeclareContinuousState",
          [](LeafSystem<T>* self, int n) {
            (self->*static_cast<void (LeafSystem<T>::*)(int)>(
                        &Py::DeclareContinuousState))(n);
          },
          nb::arg("num_state_variables"))
      .def(
          "DeclareContinuousState",
          [](LeafSystem<T>* self, int nq, int nv, int nz) {
            (self->*static_cast<void (LeafSystem<T>::*)(int, int, int)>(
                        &Py::DeclareContinuousState))(nq, nv, nz);
          },
          nb::arg("num_q"), nb::arg("num_v"), nb::arg("num_z"))
      .def(
          "DeclareDiscreteState",
          [](LeafSystem<T>* self, int n) {
            return (self->*static_cast<systems::DiscreteStateIndex (
                               LeafSystem<T>::*)(int)>(
                               &Py::DeclareDiscreteState))(n);
          },
          nb::arg("num_state_variables"))
      .def(
          "DeclareVectorInputPort",
          [](LeafSystem<T>* self, nb::handle name, int size,
             nb::handle random_type) -> const InputPort<T>& {
            ThrowIfRandom(random_type);
            return (self->*static_cast<InputPort<T>& (
                               LeafSystem<T>::*)(PortName, int)>(
                               &Py::DeclareVectorInputPort))(ToPortName(name),
                                                             size);
          },
          nb::arg("name"), nb::arg("size"),
          nb::arg("random_type").none() = nb::none(),
          nb::rv_policy::reference_internal)
      .def(
          "DeclareVectorOutputPort",
          [](LeafSystem<T>* self, nb::handle name, int size, nb::object calc_in,
             std::set<DependencyTicket> prerequisites) -> const OutputPort<T>& {
            auto calc = SharePyCallback(calc_in, nb::find(self));
            Calc f = [calc](const Context<T>& c, BasicVector<T>* out) {
              nb::gil_scoped_acquire gil;
              (*calc)(nb::cast(&c, nb::rv_policy::reference),
                      nb::cast(out, nb::rv_policy::reference));
            };
            using Fn = systems::LeafOutputPort<T>& (
                LeafSystem<T>::*)(PortName, int, Calc,
                                  std::set<DependencyTicket>);
            return (self->*static_cast<Fn>(&Py::DeclareVectorOutputPort))(
                ToPortName(name), size, f, prerequisites);
          },
          nb::arg("name"), nb::arg("size"), nb::arg("calc"),
          nb::arg("prerequisites_of_calc") = DefaultPrerequisites(),
          nb::rv_policy::reference_internal);

  auto diagram =
      DefineTemplateClassWithDefault<Diagram<T>, System<T>, PyScalarDiagram<T>>(
          m, "Diagram", GetPyParam<T>());
  diagram
      .def(nb::init<>(),
           "An empty diagram, for subclasses: fill it with "
           "DiagramBuilder_[T].BuildInto(self).")
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
           nb::arg("context"), nb::rv_policy::reference_internal);
}

}  // namespace internal_framework
}  // namespace ossa::py
