// Bindings of ossa.systems.framework (float scalar): BasicVector, the state
// containers, Context, ports and System. Diagram and DiagramBuilder are in
// framework_diagram_py.cc, the events and LeafSystem (subclassable from
// Python) in framework_leaf_system_py.cc.

#include "ossa/systems/framework_py.h"

#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/variant.h>

#include <memory>
#include <string>

#include "ossa/bindings.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/leaf_system.h"

namespace nb = nanobind;

namespace ossa::py {

// The AutoDiffXd and Expression instantiations (framework_scalar_py.h).
void DefineSystemsFrameworkAutoDiff(nb::module_ m);
// SystemOutput, SystemVisitor, the vector views and the members built on
// them, for every scalar (framework_api_py.cc).
void DefineSystemsFrameworkApi(nb::module_ m);
// BusValue and Value[BusValue] (framework_bus_py.cc).
void DefineSystemsFrameworkBusValue(nb::module_ m);
void DefineSystemsFrameworkSymbolic(nb::module_ m);
// Diagram and DiagramBuilder (framework_diagram_py.cc).
void DefineDiagram(nb::module_ m);

// Any 1-d sequence of numbers (list, tuple, numpy array, scalar) as a vector.
std::variant<std::string, systems::UseDefaultName> ToPortName(nb::handle name) {
  if (nb::isinstance<systems::UseDefaultName>(name)) {
    return systems::kUseDefaultName;
  }
  if (!nb::isinstance<nb::str>(name)) {
    throw nb::type_error(
        ("expected a port name (str) or kUseDefaultName, got " +
         nb::cast<std::string>(nb::str(name.type().attr("__name__"))))
            .c_str());
  }
  return nb::cast<std::string>(name);
}

Eigen::VectorXd ToVector(nb::handle value) {
  nb::object array =
      nb::module_::import_("numpy").attr("asarray")(value, "float64");
  return nb::cast<Eigen::VectorXd>(array.attr("reshape")(-1));
}

namespace {

using systems::AbstractValues;
using systems::BasicVector;
using systems::Context;
using systems::ContinuousState;
using systems::DependencyTicket;
using systems::Diagram;
using systems::DiagramBuilder;
using systems::DiscreteValues;
using systems::EventStatus;
using systems::InputPort;
using systems::OutputPort;
using systems::Parameters;
using systems::State;
using systems::System;
using systems::SystemBase;
using systems::VectorBase;

using T = double;

// An evaluated port's value: a vector port's as a numpy array (a copy); an
// abstract port's held value as a reference into the Context, which the
// returned object keeps alive (a QueryObject, for one, reads the Context).
nb::object PortValue(const AbstractValue& value, systems::PortDataType type,
                     nb::handle context) {
  if (type == systems::kVectorValued)
    return nb::cast(Eigen::VectorXd(value.get_value<BasicVector<T>>().value()));
  return nb::cast(&value, nb::rv_policy::reference_internal, context)
      .attr("get_value")();
}

// The index types, PortDataType and EventStatus, which later signatures use.
void DefineIndexesAndEventStatus(nb::module_ m) {
  BindTypeSafeIndex<DependencyTicket>(m, "DependencyTicket");
  BindTypeSafeIndex<systems::InputPortIndex>(m, "InputPortIndex");
  BindTypeSafeIndex<systems::OutputPortIndex>(m, "OutputPortIndex");
  BindTypeSafeIndex<systems::SubsystemIndex>(m, "SubsystemIndex");
  BindTypeSafeIndex<systems::DiscreteStateIndex>(m, "DiscreteStateIndex");
  BindTypeSafeIndex<systems::AbstractStateIndex>(m, "AbstractStateIndex");
  BindTypeSafeIndex<systems::CacheIndex>(m, "CacheIndex");
  BindTypeSafeIndex<systems::ContinuousStateIndex>(m, "ContinuousStateIndex");
  BindTypeSafeIndex<systems::NumericParameterIndex>(m, "NumericParameterIndex");
  BindTypeSafeIndex<systems::AbstractParameterIndex>(m,
                                                     "AbstractParameterIndex");

  nb::class_<systems::PeriodicEventData>(
      m, "PeriodicEventData", "The timing (period, offset) of periodic events.")
      .def(nb::init<>())
      .def("period_sec", &systems::PeriodicEventData::period_sec)
      .def("offset_sec", &systems::PeriodicEventData::offset_sec)
      .def(
          "__eq__",
          [](const systems::PeriodicEventData& a,
             const systems::PeriodicEventData& b) { return a == b; },
          nb::is_operator())
      .def("__copy__",
           [](const systems::PeriodicEventData& self) { return self; })
      .def(
          "__deepcopy__",
          [](const systems::PeriodicEventData& self, nb::handle) {
            return self;
          },
          nb::arg("memo"))
      .def("__repr__", [](const systems::PeriodicEventData& self) {
        return "PeriodicEventData(period_sec=" +
               nb::cast<std::string>(nb::repr(nb::float_(self.period_sec()))) +
               ", offset_sec=" +
               nb::cast<std::string>(nb::repr(nb::float_(self.offset_sec()))) +
               ")";
      });

  // kUseDefaultName: a port name argument that asks for the default name.
  nb::class_<systems::UseDefaultName>(
      m, "UseDefaultName",
      "The type of kUseDefaultName, which port-declaring and exporting "
      "methods take instead of a name to get the default one.")
      .def("__repr__",
           [](const systems::UseDefaultName&) { return "kUseDefaultName"; });
  m.attr("kUseDefaultName") = systems::UseDefaultName{};

  nb::enum_<systems::PortDataType>(m, "PortDataType")
      .value("kVectorValued", systems::kVectorValued)
      .value("kAbstractValued", systems::kAbstractValued);

  nb::class_<EventStatus> event_status(m, "EventStatus");
  nb::enum_<EventStatus::Severity>(event_status, "Severity")
      .value("kDidNothing", EventStatus::kDidNothing)
      .value("kSucceeded", EventStatus::kSucceeded)
      .value("kReachedTermination", EventStatus::kReachedTermination)
      .value("kFailed", EventStatus::kFailed);
  event_status.def_static("DidNothing", &EventStatus::DidNothing)
      .def_static("Succeeded", &EventStatus::Succeeded)
      .def_static(
          "ReachedTermination",
          [](std::string message) {
            return EventStatus::ReachedTermination(nullptr, message);
          },
          nb::arg("message"))
      .def_static(
          "Failed",
          [](std::string message) {
            return EventStatus::Failed(nullptr, message);
          },
          nb::arg("message"))
      .def_static(
          "ReachedTermination",
          [](const SystemBase* system, std::string message) {
            return EventStatus::ReachedTermination(system, message);
          },
          nb::arg("system").none(), nb::arg("message"))
      .def_static(
          "Failed",
          [](const SystemBase* system, std::string message) {
            return EventStatus::Failed(system, message);
          },
          nb::arg("system").none(), nb::arg("message"))
      .def("did_nothing", &EventStatus::did_nothing)
      .def("succeeded", &EventStatus::succeeded)
      .def("reached_termination", &EventStatus::reached_termination)
      .def("failed", &EventStatus::failed)
      .def("severity", &EventStatus::severity)
      .def("system", &EventStatus::system, nb::rv_policy::reference)
      .def("KeepMoreSevere", &EventStatus::KeepMoreSevere, nb::arg("candidate"),
           nb::rv_policy::reference_internal)
      .def("message", &EventStatus::message);
}

// VectorBase and BasicVector.
void DefineVectors(nb::module_ m) {
  auto vector_base = DefineTemplateClassWithDefault<VectorBase<T>>(
      m, "VectorBase", GetPyParam<T>());
  vector_base.def("size", &VectorBase<T>::size)
      .def("__len__", &VectorBase<T>::size)
      .def("CopyToVector", &VectorBase<T>::CopyToVector)
      .def(
          "SetFromVector",
          [](VectorBase<T>& v, nb::handle value) {
            v.SetFromVector(ToVector(value));
          },
          nb::arg("value"))
      .def("SetZero", &VectorBase<T>::SetZero)
      .def(
          "GetAtIndex",
          [](const VectorBase<T>& v, int i) { return v.GetAtIndex(i); },
          nb::arg("index"))
      .def("SetAtIndex", &VectorBase<T>::SetAtIndex, nb::arg("index"),
           nb::arg("value"))
      .def("__getitem__",
           [](const VectorBase<T>& v, int i) {
             if (i < 0 || i >= v.size()) throw nb::index_error();
             return v[i];
           })
      .def("__setitem__", [](VectorBase<T>& v, int i, T x) {
        if (i < 0 || i >= v.size()) throw nb::index_error();
        v[i] = x;
      });
  auto basic_vector =
      DefineTemplateClassWithDefault<BasicVector<T>, VectorBase<T>>(
          m, "BasicVector", GetPyParam<T>());
  basic_vector.def(nb::init<int>(), nb::arg("size"))
      .def(
          "__init__",
          [](BasicVector<T>* self, nb::handle data) {
            new (self) BasicVector<T>(ToVector(data));
          },
          nb::arg("data"))
      .def("value",
           [](const BasicVector<T>& v) { return Eigen::VectorXd(v.value()); })
      .def("get_value",
           [](const BasicVector<T>& v) { return Eigen::VectorXd(v.value()); })
      .def(
          "get_mutable_value",
          [](BasicVector<T>& v) {
            return Eigen::Ref<Eigen::VectorXd>(
                const_cast<Eigen::VectorXd&>(v.value()));
          },
          nb::rv_policy::reference_internal)
      .def(
          "set_value",
          [](BasicVector<T>& v, nb::handle value) {
            v.set_value(ToVector(value));
          },
          nb::arg("value"))
      .def("Clone", &BasicVector<T>::Clone);
}

// The state containers: ContinuousState, DiscreteValues and State.
void DefineStateContainers(nb::module_ m) {
  auto xc = DefineTemplateClassWithDefault<ContinuousState<T>>(
      m, "ContinuousState", GetPyParam<T>());
  xc.def(nb::init<>())
      .def(
          "__init__",
          [](ContinuousState<T>* self, const BasicVector<T>& state) {
            new (self) ContinuousState<T>(state.Clone());
          },
          nb::arg("state"), "A continuous state holding a copy of `state`.")
      .def(
          "__init__",
          [](ContinuousState<T>* self, const BasicVector<T>& state, int num_q,
             int num_v, int num_z) {
            new (self) ContinuousState<T>(state.Clone(), num_q, num_v, num_z);
          },
          nb::arg("state"), nb::arg("num_q"), nb::arg("num_v"),
          nb::arg("num_z"))
      .def("Clone", &ContinuousState<T>::Clone)
      .def("SetFrom", &ContinuousState<T>::SetFrom, nb::arg("other"))
      .def("__copy__", &ContinuousState<T>::Clone)
      .def(
          "__deepcopy__",
          [](const ContinuousState<T>& self, nb::handle) {
            return self.Clone();
          },
          nb::arg("memo"))
      .def("size", &ContinuousState<T>::size)
      .def("__len__", &ContinuousState<T>::size)
      .def("num_q", &ContinuousState<T>::num_q)
      .def("num_v", &ContinuousState<T>::num_v)
      .def("num_z", &ContinuousState<T>::num_z)
      .def("get_vector", &ContinuousState<T>::get_vector,
           nb::rv_policy::reference_internal)
      .def("get_mutable_vector", &ContinuousState<T>::get_mutable_vector,
           nb::rv_policy::reference_internal)
      .def("get_generalized_position",
           &ContinuousState<T>::get_generalized_position,
           nb::rv_policy::reference_internal)
      .def("get_mutable_generalized_position",
           &ContinuousState<T>::get_mutable_generalized_position,
           nb::rv_policy::reference_internal)
      .def("get_generalized_velocity",
           &ContinuousState<T>::get_generalized_velocity,
           nb::rv_policy::reference_internal)
      .def("get_mutable_generalized_velocity",
           &ContinuousState<T>::get_mutable_generalized_velocity,
           nb::rv_policy::reference_internal)
      .def("get_misc_continuous_state",
           &ContinuousState<T>::get_misc_continuous_state,
           nb::rv_policy::reference_internal)
      .def("get_mutable_misc_continuous_state",
           &ContinuousState<T>::get_mutable_misc_continuous_state,
           nb::rv_policy::reference_internal)
      .def("CopyToVector", &ContinuousState<T>::CopyToVector)
      .def(
          "SetFromVector",
          [](ContinuousState<T>& x, nb::handle value) {
            x.SetFromVector(ToVector(value));
          },
          nb::arg("value"))
      .def("__getitem__",
           [](const ContinuousState<T>& x, int i) {
             if (i < 0 || i >= x.size()) throw nb::index_error();
             return x[i];
           })
      .def("__setitem__", [](ContinuousState<T>& x, int i, T v) {
        if (i < 0 || i >= x.size()) throw nb::index_error();
        x[i] = v;
      });

  auto xd = DefineTemplateClassWithDefault<DiscreteValues<T>>(
      m, "DiscreteValues", GetPyParam<T>());
  xd.def(nb::init<>())
      .def(
          "__init__",
          [](DiscreteValues<T>* self, const BasicVector<T>& datum) {
            new (self) DiscreteValues<T>(datum.Clone());
          },
          nb::arg("datum"), "One group, a copy of `datum`.")
      .def(
          "__init__",
          [](DiscreteValues<T>* self,
             const std::vector<const BasicVector<T>*>& data) {
            std::vector<std::unique_ptr<BasicVector<T>>> groups;
            for (const BasicVector<T>* datum : data) {
              if (datum == nullptr) {
                throw nb::type_error(
                    "DiscreteValues(data): None is not a BasicVector.");
              }
              groups.push_back(datum->Clone());
            }
            new (self) DiscreteValues<T>(std::move(groups));
          },
          nb::arg("data"), "One group per vector, copies of `data`.")
      .def("Clone", &DiscreteValues<T>::Clone)
      .def("SetFrom", &DiscreteValues<T>::SetFrom, nb::arg("other"))
      .def("__copy__", &DiscreteValues<T>::Clone)
      .def(
          "__deepcopy__",
          [](const DiscreteValues<T>& self, nb::handle) {
            return self.Clone();
          },
          nb::arg("memo"))
      .def("num_groups", &DiscreteValues<T>::num_groups)
      .def("size", &DiscreteValues<T>::size)
      .def(
          "get_vector",
          [](DiscreteValues<T>& x, int i) -> BasicVector<T>& {
            return x.get_mutable_vector(i);
          },
          nb::arg("index") = 0, nb::rv_policy::reference_internal)
      .def(
          "get_mutable_vector",
          [](DiscreteValues<T>& x, int i) -> BasicVector<T>& {
            return x.get_mutable_vector(i);
          },
          nb::arg("index") = 0, nb::rv_policy::reference_internal)
      .def(
          "value",
          [](const DiscreteValues<T>& x, int i) {
            return Eigen::VectorXd(x.value(i));
          },
          nb::arg("index") = 0)
      .def(
          "set_value",
          [](DiscreteValues<T>& x, int i, nb::handle v) {
            x.set_value(i, ToVector(v));
          },
          nb::arg("index"), nb::arg("value"))
      .def(
          "set_value",
          [](DiscreteValues<T>& x, nb::handle v) { x.set_value(ToVector(v)); },
          nb::arg("value"))
      .def("__getitem__", [](const DiscreteValues<T>& x,
                             int i) { return x.get_vector(0).GetAtIndex(i); })
      .def("__setitem__", [](DiscreteValues<T>& x, int i, T v) {
        x.get_mutable_vector(0).SetAtIndex(i, v);
      });

  auto state =
      DefineTemplateClassWithDefault<State<T>>(m, "State", GetPyParam<T>());
  state
      .def("get_continuous_state", &State<T>::get_continuous_state,
           nb::rv_policy::reference_internal)
      .def("get_mutable_continuous_state",
           &State<T>::get_mutable_continuous_state,
           nb::rv_policy::reference_internal)
      .def("get_discrete_state",
           nb::overload_cast<>(&State<T>::get_discrete_state, nb::const_),
           nb::rv_policy::reference_internal)
      .def("get_mutable_discrete_state",
           nb::overload_cast<>(&State<T>::get_mutable_discrete_state),
           nb::rv_policy::reference_internal)
      .def("get_mutable_discrete_state",
           nb::overload_cast<int>(&State<T>::get_mutable_discrete_state),
           nb::arg("index"), nb::rv_policy::reference_internal);
}

// Context and its leaf and diagram subclasses.
void DefineContexts(nb::module_ m) {
  using systems::ContextBase;
  nb::class_<ContextBase>(
      m, "ContextBase",
      "The scalar-independent part of a Context: its cache and the switches "
      "that control it (each applies to this Context and its subcontexts).")
      .def("num_input_ports", &ContextBase::num_input_ports)
      .def("DisableCaching", &ContextBase::DisableCaching)
      .def("EnableCaching", &ContextBase::EnableCaching)
      .def("SetAllCacheEntriesOutOfDate",
           &ContextBase::SetAllCacheEntriesOutOfDate)
      .def("FreezeCache", &ContextBase::FreezeCache)
      .def("UnfreezeCache", &ContextBase::UnfreezeCache)
      .def("is_cache_frozen", &ContextBase::is_cache_frozen);
  auto context = DefineTemplateClassWithDefault<Context<T>, ContextBase>(
      m, "Context", GetPyParam<T>());
  context.def("get_time", &Context<T>::get_time)
      .def("SetTime", &Context<T>::SetTime, nb::arg("time_sec"))
      .def("PerturbTime", &Context<T>::PerturbTime, nb::arg("time_sec"),
           nb::arg("true_time_sec"))
      .def("get_true_time", &Context<T>::get_true_time)
      .def("get_accuracy", &Context<T>::get_accuracy)
      .def("SetAccuracy", &Context<T>::SetAccuracy, nb::arg("accuracy").none())
      .def("Clone", &Context<T>::Clone)
      .def("CloneState", &Context<T>::CloneState)
      .def("__copy__", &Context<T>::Clone)
      .def(
          "__deepcopy__",
          [](const Context<T>& self, nb::handle) { return self.Clone(); },
          nb::arg("memo"))
      .def("__str__", &Context<T>::to_string)
      .def("get_state", &Context<T>::get_state,
           nb::rv_policy::reference_internal)
      .def("get_mutable_state", &Context<T>::get_mutable_state,
           nb::rv_policy::reference_internal)
      .def("is_stateless", &Context<T>::is_stateless)
      .def("num_continuous_states", &Context<T>::num_continuous_states)
      .def("get_continuous_state", &Context<T>::get_continuous_state,
           nb::rv_policy::reference_internal)
      .def("get_mutable_continuous_state",
           &Context<T>::get_mutable_continuous_state,
           nb::rv_policy::reference_internal)
      .def("get_continuous_state_vector",
           &Context<T>::get_continuous_state_vector,
           nb::rv_policy::reference_internal)
      .def("get_mutable_continuous_state_vector",
           &Context<T>::get_mutable_continuous_state_vector,
           nb::rv_policy::reference_internal)
      .def(
          "SetContinuousState",
          [](Context<T>& c, nb::handle xc) {
            c.SetContinuousState(ToVector(xc));
          },
          nb::arg("xc"))
      .def(
          "SetTimeAndContinuousState",
          [](Context<T>& c, T t, nb::handle xc) {
            c.SetTimeAndContinuousState(t, ToVector(xc));
          },
          nb::arg("time_sec"), nb::arg("xc"))
      .def("num_discrete_state_groups", &Context<T>::num_discrete_state_groups)
      .def("get_discrete_state",
           nb::overload_cast<>(&Context<T>::get_discrete_state, nb::const_),
           nb::rv_policy::reference_internal)
      .def("get_discrete_state",
           nb::overload_cast<int>(&Context<T>::get_discrete_state, nb::const_),
           nb::arg("index"), nb::rv_policy::reference_internal)
      .def("get_discrete_state_vector", &Context<T>::get_discrete_state_vector,
           nb::rv_policy::reference_internal)
      .def("get_mutable_discrete_state",
           nb::overload_cast<>(&Context<T>::get_mutable_discrete_state),
           nb::rv_policy::reference_internal)
      .def("get_mutable_discrete_state",
           nb::overload_cast<int>(&Context<T>::get_mutable_discrete_state),
           nb::arg("index"), nb::rv_policy::reference_internal)
      .def("get_mutable_discrete_state_vector",
           &Context<T>::get_mutable_discrete_state_vector,
           nb::rv_policy::reference_internal)
      .def(
          "SetDiscreteState",
          [](Context<T>& c, nb::handle xd) {
            c.SetDiscreteState(ToVector(xd));
          },
          nb::arg("xd"))
      .def(
          "SetDiscreteState",
          [](Context<T>& c, int group, nb::handle xd) {
            c.SetDiscreteState(group, ToVector(xd));
          },
          nb::arg("group_index"), nb::arg("xd"))
      .def("num_abstract_states", &Context<T>::num_abstract_states)
      .def(
          "get_abstract_state",
          [](const Context<T>& c, int i) -> const AbstractValue& {
            return c.get_abstract_state().get_value(i);
          },
          nb::arg("index"), nb::rv_policy::reference_internal)
      .def(
          "get_mutable_abstract_state",
          [](Context<T>& c, int i) -> AbstractValue& {
            return c.get_mutable_abstract_state().get_mutable_value(i);
          },
          nb::arg("index"), nb::rv_policy::reference_internal)
      .def("num_numeric_parameter_groups",
           &Context<T>::num_numeric_parameter_groups)
      .def("get_numeric_parameter", &Context<T>::get_numeric_parameter,
           nb::arg("index"), nb::rv_policy::reference_internal)
      .def("get_mutable_numeric_parameter",
           &Context<T>::get_mutable_numeric_parameter, nb::arg("index"),
           nb::rv_policy::reference_internal)
      .def("num_abstract_parameters", &Context<T>::num_abstract_parameters)
      .def("get_abstract_parameter", &Context<T>::get_abstract_parameter,
           nb::arg("index"), nb::rv_policy::reference_internal)
      .def("SetTimeStateAndParametersFrom",
           &Context<T>::SetTimeStateAndParametersFrom, nb::arg("source"))
      .def("is_root_context", &Context<T>::is_root_context)
      .def("GetSystemName", &Context<T>::GetSystemName)
      .def("GetSystemPathname", &Context<T>::GetSystemPathname);
  DefineTemplateClassWithDefault<systems::LeafContext<T>, Context<T>>(
      m, "LeafContext", GetPyParam<T>());
  DefineTemplateClassWithDefault<systems::DiagramContext<T>, Context<T>>(
      m, "DiagramContext", GetPyParam<T>());
}

// InputPort, FixedInputPortValue and OutputPort.
void DefinePorts(nb::module_ m) {
  auto input_port = DefineTemplateClassWithDefault<InputPort<T>>(
      m, "InputPort", GetPyParam<T>());
  input_port.def("get_name", &InputPort<T>::get_name)
      .def("size", &InputPort<T>::size)
      .def("get_index", &InputPort<T>::get_index)
      .def("get_data_type", &InputPort<T>::get_data_type)
      .def("ticket", &InputPort<T>::ticket)
      .def("GetFullDescription", &InputPort<T>::GetFullDescription)
      .def("get_system", &InputPort<T>::get_system, nb::rv_policy::reference)
      .def("HasValue", &InputPort<T>::HasValue, nb::arg("context"))
      .def(
          "Eval",
          [](const InputPort<T>& port, nb::handle context) {
            return PortValue(
                port.EvalAbstract(nb::cast<const Context<T>&>(context)),
                port.get_data_type(), context);
          },
          nb::arg("context"))
      .def("EvalAbstract", &InputPort<T>::EvalAbstract, nb::arg("context"),
           nb::rv_policy::reference_internal)
      .def(
          "FixValue",
          [](const InputPort<T>& port, Context<T>* context,
             nb::handle value) -> systems::FixedInputPortValue& {
            if (nb::isinstance<AbstractValue>(value))
              return port.FixValueAbstract(
                  context, nb::cast<const AbstractValue&>(value));
            if (port.get_data_type() == systems::kVectorValued) {
              if (nb::isinstance<BasicVector<T>>(value))
                return port.FixValue(context,
                                     nb::cast<const BasicVector<T>&>(value));
              return port.FixValue(context, ToVector(value));
            }
            // An abstract port's value: the port's own value type when the
            // value converts to it (a list of forces for a
            // Value[List[ExternallyAppliedSpatialForce]] port), else the
            // value as Python gives it.
            nb::object model;
            bool converted = false;
            try {
              model = nb::cast(port.Allocate());
              model.attr("set_value")(value);
              converted = true;
            } catch (const nb::python_error&) {
            } catch (const std::exception&) {
            }
            if (!converted) {
              model = nb::module_::import_("ossa.common.value")
                          .attr("AbstractValue")
                          .attr("Make")(value);
            }
            return port.FixValueAbstract(context,
                                         nb::cast<const AbstractValue&>(model));
          },
          nb::arg("context"), nb::arg("value"), nb::rv_policy::reference);
  nb::class_<systems::FixedInputPortValue>(m, "FixedInputPortValue")
      .def("get_value", &systems::FixedInputPortValue::get_value,
           nb::rv_policy::reference_internal)
      .def("GetMutableData", &systems::FixedInputPortValue::GetMutableData,
           nb::rv_policy::reference_internal)
      .def("serial_number", &systems::FixedInputPortValue::serial_number);

  auto output_port = DefineTemplateClassWithDefault<OutputPort<T>>(
      m, "OutputPort", GetPyParam<T>());
  output_port.def("get_name", &OutputPort<T>::get_name)
      .def("size", &OutputPort<T>::size)
      .def("get_index", &OutputPort<T>::get_index)
      .def("get_data_type", &OutputPort<T>::get_data_type)
      .def("ticket", &OutputPort<T>::ticket)
      .def("GetFullDescription", &OutputPort<T>::GetFullDescription)
      .def("get_system", &OutputPort<T>::get_system, nb::rv_policy::reference)
      .def(
          "Eval",
          [](const OutputPort<T>& port, nb::handle context) {
            return PortValue(
                port.EvalAbstract(nb::cast<const Context<T>&>(context)),
                port.get_data_type(), context);
          },
          nb::arg("context"))
      .def("EvalAbstract", &OutputPort<T>::EvalAbstract, nb::arg("context"),
           nb::rv_policy::reference_internal)
      .def("Allocate", &OutputPort<T>::Allocate);
}

// More of SystemBase and System: randomness, input evaluation and
// allocation, sizes, power, tickets.
template <typename SystemBaseClass, typename SystemClass>
void DefineSystemExtras(SystemBaseClass& system_base, SystemClass& system) {
  using systems::RandomGenerator;
  system_base
      .def("num_discrete_state_groups", &SystemBase::num_discrete_state_groups)
      .def("num_abstract_states", &SystemBase::num_abstract_states)
      .def("num_numeric_parameter_groups",
           &SystemBase::num_numeric_parameter_groups)
      .def("num_abstract_parameters", &SystemBase::num_abstract_parameters)
      .def("ValidateContext", &SystemBase::ValidateContext, nb::arg("context"))
      .def(
          "EvalAbstractInput",
          [](const SystemBase& self, const Context<T>& context,
             int port_index) {
            return self.EvalAbstractInput(context, port_index);
          },
          nb::arg("context"), nb::arg("port_index"),
          nb::rv_policy::reference_internal)
      .def_static("xcdot_ticket", &SystemBase::xcdot_ticket)
      .def_static("pe_ticket", &SystemBase::pe_ticket)
      .def_static("ke_ticket", &SystemBase::ke_ticket)
      .def_static("pc_ticket", &SystemBase::pc_ticket)
      .def_static("pnc_ticket", &SystemBase::pnc_ticket)
      .def_static("all_sources_except_input_ports_ticket",
                  &SystemBase::all_sources_except_input_ports_ticket)
      .def("abstract_state_ticket", &SystemBase::abstract_state_ticket,
           nb::arg("index"))
      .def("abstract_parameter_ticket", &SystemBase::abstract_parameter_ticket,
           nb::arg("index"))
      .def("cache_entry_ticket", &SystemBase::cache_entry_ticket,
           nb::arg("index"));
  system
      .def("SetRandomContext", &System<T>::SetRandomContext, nb::arg("context"),
           nb::arg("generator"))
      .def("SetRandomState", &System<T>::SetRandomState, nb::arg("context"),
           nb::arg("state"), nb::arg("generator"))
      .def("AllocateInputVector", &System<T>::AllocateInputVector,
           nb::arg("input_port"))
      .def("AllocateInputAbstract", &System<T>::AllocateInputAbstract,
           nb::arg("input_port"))
      .def("EvalVectorInput", &System<T>::EvalVectorInput, nb::arg("context"),
           nb::arg("port_index"), nb::rv_policy::reference_internal)
      .def("CalcConservativePower", &System<T>::CalcConservativePower,
           nb::arg("context"))
      .def("CalcNonConservativePower", &System<T>::CalcNonConservativePower,
           nb::arg("context"))
      .def("AllocateImplicitTimeDerivativesResidual",
           &System<T>::AllocateImplicitTimeDerivativesResidual)
      .def("implicit_time_derivatives_residual_size",
           &System<T>::implicit_time_derivatives_residual_size)
      .def("GetUniquePeriodicDiscreteUpdateAttribute",
           &System<T>::GetUniquePeriodicDiscreteUpdateAttribute)
      .def("CalcForcedUnrestrictedUpdate",
           &System<T>::CalcForcedUnrestrictedUpdate, nb::arg("context"),
           nb::arg("state"))
      .def("ToAutoDiffXd", &System<T>::ToAutoDiffXd)
      .def("ToAutoDiffXdMaybe", &System<T>::ToAutoDiffXdMaybe)
      .def("ToSymbolic", &System<T>::ToSymbolic)
      .def("ToSymbolicMaybe", &System<T>::ToSymbolicMaybe);
}

// SystemBase and System.
void DefineSystems(nb::module_ m) {
  auto system_base = nb::class_<SystemBase>(m, "SystemBase");
  system_base.def("get_name", &SystemBase::get_name)
      .def("set_name", &SystemBase::set_name, nb::arg("name"))
      .def("GetSystemName", &SystemBase::GetSystemName)
      .def("GetSystemPathname", &SystemBase::GetSystemPathname)
      .def(
          "GetSystemType",
          [](nb::handle self) {
            std::string name =
                nb::cast<const SystemBase&>(self).GetSystemType();
            // A system subclassed in Python is named after its Python
            // class ("module.Class"), not the C++ trampoline.
            if (name.find("::py::") != std::string::npos) {
              nb::handle type = self.type();
              name = nb::cast<std::string>(type.attr("__module__")) + "." +
                     nb::cast<std::string>(type.attr("__qualname__"));
            }
            return name;
          },
          "The system's type: the C++ class, or module.Class for a system "
          "subclassed in Python.")
      .def("GetMemoryObjectName", &SystemBase::GetMemoryObjectName)
      .def("num_input_ports", &SystemBase::num_input_ports)
      .def("num_output_ports", &SystemBase::num_output_ports)
      .def("num_cache_entries", &SystemBase::num_cache_entries)
      .def_static("nothing_ticket", &SystemBase::nothing_ticket)
      .def_static("time_ticket", &SystemBase::time_ticket)
      .def_static("accuracy_ticket", &SystemBase::accuracy_ticket)
      .def_static("q_ticket", &SystemBase::q_ticket)
      .def_static("v_ticket", &SystemBase::v_ticket)
      .def_static("z_ticket", &SystemBase::z_ticket)
      .def_static("xc_ticket", &SystemBase::xc_ticket)
      .def_static("xd_ticket", &SystemBase::xd_ticket)
      .def_static("xa_ticket", &SystemBase::xa_ticket)
      .def_static("all_state_ticket", &SystemBase::all_state_ticket)
      .def_static("pn_ticket", &SystemBase::pn_ticket)
      .def_static("pa_ticket", &SystemBase::pa_ticket)
      .def_static("all_parameters_ticket", &SystemBase::all_parameters_ticket)
      .def_static("all_input_ports_ticket", &SystemBase::all_input_ports_ticket)
      .def_static("all_sources_ticket", &SystemBase::all_sources_ticket)
      .def_static("configuration_ticket", &SystemBase::configuration_ticket)
      .def_static("kinematics_ticket", &SystemBase::kinematics_ticket)
      .def("input_port_ticket", &SystemBase::input_port_ticket,
           nb::arg("index"))
      .def("discrete_state_ticket", &SystemBase::discrete_state_ticket,
           nb::arg("index"))
      .def("numeric_parameter_ticket", &SystemBase::numeric_parameter_ticket,
           nb::arg("index"));

  auto system = DefineTemplateClassWithDefault<System<T>, SystemBase>(
      m, "System", GetPyParam<T>());
  // A Context refers to its System's cache and dependency structures: the
  // System is kept alive as long as the Context.
  system
      .def("CreateDefaultContext", &System<T>::CreateDefaultContext,
           nb::keep_alive<0, 1>())
      .def("AllocateContext", &System<T>::AllocateContext,
           nb::keep_alive<0, 1>())
      .def("SetDefaultContext", &System<T>::SetDefaultContext,
           nb::arg("context"))
      .def("AllocateTimeDerivatives", &System<T>::AllocateTimeDerivatives)
      .def("AllocateDiscreteVariables", &System<T>::AllocateDiscreteVariables)
      .def("num_continuous_states", &System<T>::num_continuous_states)
      .def("CalcTimeDerivatives", &System<T>::CalcTimeDerivatives,
           nb::arg("context"), nb::arg("derivatives"))
      .def("EvalTimeDerivatives", &System<T>::EvalTimeDerivatives,
           nb::arg("context"), nb::rv_policy::reference_internal)
      .def("EvalPotentialEnergy", &System<T>::EvalPotentialEnergy,
           nb::arg("context"))
      .def("EvalKineticEnergy", &System<T>::EvalKineticEnergy,
           nb::arg("context"))
      .def("CalcPotentialEnergy", &System<T>::CalcPotentialEnergy,
           nb::arg("context"))
      .def("CalcKineticEnergy", &System<T>::CalcKineticEnergy,
           nb::arg("context"))
      .def("ForcedPublish", &System<T>::ForcedPublish, nb::arg("context"))
      .def("AllocateCompositeEventCollection",
           &System<T>::AllocateCompositeEventCollection)
      .def("CalcNextUpdateTime", &System<T>::CalcNextUpdateTime,
           nb::arg("context"), nb::arg("events"))
      .def("GetPerStepEvents", &System<T>::GetPerStepEvents, nb::arg("context"),
           nb::arg("events"))
      .def("GetInitializationEvents", &System<T>::GetInitializationEvents,
           nb::arg("context"), nb::arg("events"))
      .def("Publish", &System<T>::Publish, nb::arg("context"),
           nb::arg("events"))
      .def("CalcDiscreteVariableUpdate", &System<T>::CalcDiscreteVariableUpdate,
           nb::arg("context"), nb::arg("events"), nb::arg("discrete_state"))
      .def("ApplyDiscreteVariableUpdate",
           &System<T>::ApplyDiscreteVariableUpdate, nb::arg("events"),
           nb::arg("discrete_state"), nb::arg("context"))
      .def("CalcUnrestrictedUpdate", &System<T>::CalcUnrestrictedUpdate,
           nb::arg("context"), nb::arg("events"), nb::arg("state"))
      .def("ApplyUnrestrictedUpdate", &System<T>::ApplyUnrestrictedUpdate,
           nb::arg("events"), nb::arg("state"), nb::arg("context"))
      .def("ExecuteForcedEvents", &System<T>::ExecuteForcedEvents,
           nb::arg("context"), nb::arg("publish") = true)
      .def("ExecuteInitializationEvents",
           &System<T>::ExecuteInitializationEvents, nb::arg("context"))
      .def("CalcForcedDiscreteVariableUpdate",
           &System<T>::CalcForcedDiscreteVariableUpdate, nb::arg("context"),
           nb::arg("discrete_state"))
      .def(
          "get_input_port",
          // warn_deprecated: the reference warns about deprecated ports;
          // ossa has none.
          [](const System<T>& self, int port_index,
             bool /* warn_deprecated */) -> const InputPort<T>& {
            return self.get_input_port(port_index);
          },
          nb::arg("port_index"), nb::arg("warn_deprecated") = true,
          nb::rv_policy::reference_internal)
      .def("get_input_port",
           nb::overload_cast<>(&System<T>::get_input_port, nb::const_),
           nb::rv_policy::reference_internal)
      .def(
          "get_output_port",
          [](const System<T>& self, int port_index,
             bool /* warn_deprecated */) -> const OutputPort<T>& {
            return self.get_output_port(port_index);
          },
          nb::arg("port_index"), nb::arg("warn_deprecated") = true,
          nb::rv_policy::reference_internal)
      .def("get_output_port",
           nb::overload_cast<>(&System<T>::get_output_port, nb::const_),
           nb::rv_policy::reference_internal)
      .def("GetInputPort", &System<T>::GetInputPort, nb::arg("port_name"),
           nb::rv_policy::reference_internal)
      .def("GetOutputPort", &System<T>::GetOutputPort, nb::arg("port_name"),
           nb::rv_policy::reference_internal)
      .def("HasInputPort", &System<T>::HasInputPort, nb::arg("port_name"))
      .def("HasOutputPort", &System<T>::HasOutputPort, nb::arg("port_name"))
      .def("HasAnyDirectFeedthrough", &System<T>::HasAnyDirectFeedthrough)
      .def("HasDirectFeedthrough",
           nb::overload_cast<int>(&System<T>::HasDirectFeedthrough, nb::const_),
           nb::arg("output_port"))
      .def("HasDirectFeedthrough",
           nb::overload_cast<int, int>(&System<T>::HasDirectFeedthrough,
                                       nb::const_),
           nb::arg("input_port"), nb::arg("output_port"))
      .def(
          "GetWitnessFunctions",
          [](const System<T>& self, const Context<T>& context) {
            std::vector<const systems::WitnessFunction<T>*> w;
            self.GetWitnessFunctions(context, &w);
            return w;
          },
          nb::arg("context"), nb::rv_policy::reference_internal)
      .def("CalcWitnessValue", &System<T>::CalcWitnessValue, nb::arg("context"),
           nb::arg("witness_func"))
      .def("GetMyContextFromRoot", &System<T>::GetMyContextFromRoot,
           nb::arg("root_context"), nb::rv_policy::reference,
           nb::keep_alive<0, 2>())
      .def(
          "GetMyMutableContextFromRoot",
          [](const System<T>& self, Context<T>* root) -> Context<T>& {
            return self.GetMyMutableContextFromRoot(root);
          },
          nb::arg("root_context"), nb::rv_policy::reference,
          nb::keep_alive<0, 2>())
      .def("GetGraphvizString", &System<T>::GetGraphvizString,
           nb::arg("max_depth") = std::numeric_limits<int>::max())
      .def("IsDifferenceEquationSystem", [](const System<T>& s) {
        double period = 0;
        const bool result = s.IsDifferenceEquationSystem(&period);
        return std::make_pair(result, period);
      });
  DefineSystemExtras(system_base, system);
}

}  // namespace

void DefineSystemsFramework(nb::module_ m) {
  m.doc() = "Bindings for ossa.systems.framework.";
  DefineIndexesAndEventStatus(m);
  DefineVectors(m);
  DefineStateContainers(m);
  DefineContexts(m);
  DefineSystemsFrameworkParameters(m);
  DefinePorts(m);
  DefineSystemsFrameworkEvents(m);
  DefineSystems(m);
  DefineSystemsFrameworkLeafSystem(m);
  DefineDiagram(m);
  DefineSystemsFrameworkAutoDiff(m);
  DefineSystemsFrameworkSymbolic(m);
  DefineSystemsFrameworkApi(m);
  DefineSystemsFrameworkBusValue(m);
}

}  // namespace ossa::py
