// Bindings of ossa.systems.framework (float scalar): BasicVector, the state
// containers, Context, ports, System, LeafSystem (subclassable from Python),
// Diagram and DiagramBuilder.

#include <nanobind/stl/set.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/trampoline.h>

#include <memory>
#include <set>
#include <string>

#include "ossa/bindings.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/leaf_system.h"

namespace nb = nanobind;

namespace ossa::py {

// The AutoDiffXd instantiations (framework_autodiff_py.cc).
void DefineSystemsFrameworkAutoDiff(nb::module_ m);

namespace {

using systems::AbstractValues;
using systems::BasicVector;
using systems::CompositeEventCollection;
using systems::Context;
using systems::ContinuousState;
using systems::DependencyTicket;
using systems::Diagram;
using systems::DiagramBuilder;
using systems::DiscreteValues;
using systems::EventStatus;
using systems::InputPort;
using systems::LeafSystem;
using systems::OutputPort;
using systems::Parameters;
using systems::State;
using systems::System;
using systems::SystemBase;
using systems::VectorBase;

using T = double;

// Exposes LeafSystem's protected declaration methods and lets Python
// override the virtual computations.
class PyLeafSystem : public LeafSystem<T> {
 public:
  NB_TRAMPOLINE(LeafSystem<T>);

  using LeafSystem<T>::DeclareAbstractInputPort;
  using LeafSystem<T>::DeclareAbstractParameter;
  using LeafSystem<T>::DeclareAbstractState;
  using LeafSystem<T>::DeclareContinuousState;
  using LeafSystem<T>::DeclareDiscreteState;
  using LeafSystem<T>::DeclareNumericParameter;
  using LeafSystem<T>::DeclarePeriodicEvent;
  using LeafSystem<T>::DeclarePerStepEvent;
  using LeafSystem<T>::DeclareInitializationEvent;
  using LeafSystem<T>::DeclareVectorInputPort;
  using LeafSystem<T>::DeclareVectorOutputPort;
  using LeafSystem<T>::DeclareAbstractOutputPort;
  using LeafSystem<T>::DeclareStateOutputPort;
  using LeafSystem<T>::MakeWitnessFunction;
  using LeafSystem<T>::DeclareWitnessFunction;

  void DoCalcTimeDerivatives(const Context<T>& context,
                             ContinuousState<T>* derivatives) const override {
    Call(
        "DoCalcTimeDerivatives",
        [&] { LeafSystem<T>::DoCalcTimeDerivatives(context, derivatives); },
        &context, derivatives);
  }
  T DoCalcPotentialEnergy(const Context<T>& context) const override {
    return CallT(
        "DoCalcPotentialEnergy",
        [&] { return LeafSystem<T>::DoCalcPotentialEnergy(context); },
        &context);
  }
  T DoCalcKineticEnergy(const Context<T>& context) const override {
    return CallT(
        "DoCalcKineticEnergy",
        [&] { return LeafSystem<T>::DoCalcKineticEnergy(context); }, &context);
  }
  void SetDefaultState(const Context<T>& context,
                       State<T>* state) const override {
    Call(
        "SetDefaultState",
        [&] { LeafSystem<T>::SetDefaultState(context, state); }, &context,
        state);
  }
  // Calls the Python override `name` if there is one, else `fallback`. The
  // arguments are C++ pointers, cast to Python by reference (a Context must
  // never be copied) only once the GIL is held: the caller may be a C++
  // thread that released it (Simulator::AdvanceTo), and casting or dropping
  // a Python reference without the GIL corrupts the interpreter.
  template <typename Fallback, typename... Args>
  void Call(const char* name, Fallback fallback, Args*... args) const {
    nb::gil_scoped_acquire gil;
    nanobind::detail::ticket ticket(nb_trampoline, name,
                                    nanobind::detail::str_hash(name), false);
    if (ticket.key.is_valid()) {
      nb_trampoline.base().attr(ticket.key)(
          nb::cast(args, nb::rv_policy::reference)...);
      return;
    }
    fallback();
  }
  template <typename Fallback, typename... Args>
  T CallT(const char* name, Fallback fallback, Args*... args) const {
    nb::gil_scoped_acquire gil;
    nanobind::detail::ticket ticket(nb_trampoline, name,
                                    nanobind::detail::str_hash(name), false);
    if (ticket.key.is_valid())
      return nb::cast<T>(nb_trampoline.base().attr(ticket.key)(
          nb::cast(args, nb::rv_policy::reference)...));
    return fallback();
  }

  // Calls the protected event declarations on any LeafSystem: a pointer to
  // member formed in this derived class may be applied to a base object.
  template <typename EventType>
  static void DeclarePeriodic(LeafSystem<T>* self, double period, double offset,
                              const EventType& e) {
    auto f =
        static_cast<void (LeafSystem<T>::*)(double, double, const EventType&)>(
            &PyLeafSystem::template DeclarePeriodicEvent<EventType>);
    (self->*f)(period, offset, e);
  }
  template <typename EventType>
  static void DeclarePerStep(LeafSystem<T>* self, const EventType& e) {
    auto f = static_cast<void (LeafSystem<T>::*)(const EventType&)>(
        &PyLeafSystem::template DeclarePerStepEvent<EventType>);
    (self->*f)(e);
  }
  template <typename EventType>
  static void DeclareInitialization(LeafSystem<T>* self, const EventType& e) {
    auto f = static_cast<void (LeafSystem<T>::*)(const EventType&)>(
        &PyLeafSystem::template DeclareInitializationEvent<EventType>);
    (self->*f)(e);
  }

  // Public access for the bindings of the protected base versions.
  T BaseDoCalcPotentialEnergy(const Context<T>& c) const {
    return LeafSystem<T>::DoCalcPotentialEnergy(c);
  }
  T BaseDoCalcKineticEnergy(const Context<T>& c) const {
    return LeafSystem<T>::DoCalcKineticEnergy(c);
  }
  void BaseDoCalcTimeDerivatives(const Context<T>& c,
                                 ContinuousState<T>* d) const {
    LeafSystem<T>::DoCalcTimeDerivatives(c, d);
  }
};

// The Python callable as an event status: None means Succeeded.
EventStatus ToStatus(nb::handle result) {
  if (result.is_none()) return EventStatus::Succeeded();
  return nb::cast<EventStatus>(result);
}

std::set<DependencyTicket> DefaultPrerequisites() {
  return {SystemBase::all_sources_ticket()};
}

// Keeps a Python object alive from C++; releases it with the GIL held.
std::shared_ptr<void> KeepAlive(nb::handle obj) {
  obj.inc_ref();
  return std::shared_ptr<void>(obj.ptr(), [](void* p) {
    if (!Py_IsInitialized()) return;
    nb::gil_scoped_acquire gil;
    Py_DECREF(static_cast<PyObject*>(p));
  });
}

// Any 1-d sequence of numbers (list, tuple, numpy array, scalar) as a vector.
Eigen::VectorXd ToVector(nb::handle value) {
  nb::object array =
      nb::module_::import_("numpy").attr("asarray")(value, "float64");
  return nb::cast<Eigen::VectorXd>(array.attr("reshape")(-1));
}

// A Python callback held by C++. A bound method of the system that declares
// it is held as (weak reference to the system, function): holding the bound
// method would make a reference cycle through C++ that Python's garbage
// collector cannot see.
class PyCallback {
 public:
  PyCallback(nb::object callable, nb::handle owner) {
    if (nb::hasattr(callable, "__self__") &&
        nb::hasattr(callable, "__func__") &&
        callable.attr("__self__").is(owner)) {
      func_ = callable.attr("__func__");
      weak_self_ = nb::module_::import_("weakref").attr("ref")(owner);
    } else {
      func_ = std::move(callable);
    }
  }
  template <typename... Args>
  nb::object operator()(Args&&... args) const {
    if (weak_self_.is_valid()) {
      nb::object self = weak_self_();
      if (self.is_none())
        throw std::logic_error(
            "A callback of a Python LeafSystem was called after the system "
            "was deleted.");
      return func_(self, std::forward<Args>(args)...);
    }
    return func_(std::forward<Args>(args)...);
  }

 private:
  nb::object func_;
  nb::object weak_self_;
};

// The system a callback belongs to when it is a bound method of a Python
// LeafSystem, else an invalid handle. An event made in Python from such a
// method (UnrestrictedUpdateEvent(self.Bounce)) and then declared by that
// system would otherwise hold the system strongly from C++: a cycle that
// Python's garbage collector cannot see, so the system would never be freed.
nb::handle SystemOfBoundMethod(nb::handle callable) {
  if (!nb::hasattr(callable, "__self__") || !nb::hasattr(callable, "__func__"))
    return nb::handle();
  nb::handle self = callable.attr("__self__");
  return nb::isinstance<LeafSystem<T>>(self) ? self : nb::handle();
}

// A PyCallback shared by the copies of the std::function that holds it.
// Events are copied by C++ (a Simulator clones witness events) possibly
// without the GIL: copying a shared_ptr touches no Python reference count,
// and the last owner takes the GIL to release the Python objects.
std::shared_ptr<PyCallback> SharePyCallback(nb::object callable,
                                            nb::handle owner) {
  return std::shared_ptr<PyCallback>(new PyCallback(std::move(callable), owner),
                                     [](PyCallback* p) {
                                       if (!Py_IsInitialized()) return;
                                       nb::gil_scoped_acquire gil;
                                       delete p;
                                     });
}

nb::object PortValue(const AbstractValue& value, systems::PortDataType type) {
  if (type == systems::kVectorValued)
    return nb::cast(Eigen::VectorXd(value.get_value<BasicVector<T>>().value()));
  return nb::cast(&value, nb::rv_policy::reference).attr("get_value")();
}

// LeafSystem::MakeWitnessFunction with a Python calc(context) -> float
// (held by weak reference to the system if it is one of its methods).
std::unique_ptr<systems::WitnessFunction<T>> MakeWitness(
    LeafSystem<T>* self, std::string description,
    systems::WitnessFunctionDirection direction, nb::object calc,
    const systems::Event<T>* e) {
  auto cb = SharePyCallback(std::move(calc), nb::find(self));
  std::function<T(const Context<T>&)> f = [cb](const Context<T>& c) {
    nb::gil_scoped_acquire gil;
    return nb::cast<T>((*cb)(nb::cast(&c, nb::rv_policy::reference)));
  };
  using MakeFn =
      std::unique_ptr<systems::WitnessFunction<T>> (LeafSystem<T>::*)(
          const std::string&, const systems::WitnessFunctionDirection&,
          std::function<T(const Context<T>&)>) const;
  using MakeWithEventFn =
      std::unique_ptr<systems::WitnessFunction<T>> (LeafSystem<T>::*)(
          const std::string&, const systems::WitnessFunctionDirection&,
          std::function<T(const Context<T>&)>, const systems::Event<T>&) const;
  if (e == nullptr) {
    return (self->*static_cast<MakeFn>(&PyLeafSystem::MakeWitnessFunction))(
        description, direction, std::move(f));
  }
  return (
      self->*static_cast<MakeWithEventFn>(&PyLeafSystem::MakeWitnessFunction))(
      description, direction, std::move(f), *e);
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

  nb::enum_<systems::PortDataType>(m, "PortDataType")
      .value("kVectorValued", systems::kVectorValued)
      .value("kAbstractValued", systems::kAbstractValued);

  nb::class_<EventStatus>(m, "EventStatus")
      .def_static("DidNothing", &EventStatus::DidNothing)
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
      .def("did_nothing", &EventStatus::did_nothing)
      .def("succeeded", &EventStatus::succeeded)
      .def("reached_termination", &EventStatus::reached_termination)
      .def("failed", &EventStatus::failed)
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
  xc.def("size", &ContinuousState<T>::size)
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
  xd.def("num_groups", &DiscreteValues<T>::num_groups)
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
  auto context =
      DefineTemplateClassWithDefault<Context<T>>(m, "Context", GetPyParam<T>());
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
      .def("DisableCaching", &Context<T>::DisableCaching)
      .def("EnableCaching", &Context<T>::EnableCaching)
      .def("SetAllCacheEntriesOutOfDate",
           &Context<T>::SetAllCacheEntriesOutOfDate)
      .def("FreezeCache", &Context<T>::FreezeCache)
      .def("UnfreezeCache", &Context<T>::UnfreezeCache)
      .def("is_cache_frozen", &Context<T>::is_cache_frozen)
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
          [](const InputPort<T>& port, const Context<T>& context) {
            return PortValue(port.EvalAbstract(context), port.get_data_type());
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
            nb::object made = nb::module_::import_("ossa.common.value")
                                  .attr("AbstractValue")
                                  .attr("Make")(value);
            return port.FixValueAbstract(context,
                                         nb::cast<const AbstractValue&>(made));
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
          [](const OutputPort<T>& port, const Context<T>& context) {
            return PortValue(port.EvalAbstract(context), port.get_data_type());
          },
          nb::arg("context"))
      .def("EvalAbstract", &OutputPort<T>::EvalAbstract, nb::arg("context"),
           nb::rv_policy::reference_internal)
      .def("Allocate", &OutputPort<T>::Allocate);
}

// Event collections, events (constructible from Python callbacks) and
// witness functions.
void DefineEvents(nb::module_ m) {
  nb::class_<systems::EventCollection<systems::PublishEvent<T>>>(
      m, "PublishEventCollection")
      .def("HasEvents",
           &systems::EventCollection<systems::PublishEvent<T>>::HasEvents);
  nb::class_<systems::EventCollection<systems::DiscreteUpdateEvent<T>>>(
      m, "DiscreteUpdateEventCollection")
      .def("HasEvents", &systems::EventCollection<
                            systems::DiscreteUpdateEvent<T>>::HasEvents);
  nb::class_<systems::EventCollection<systems::UnrestrictedUpdateEvent<T>>>(
      m, "UnrestrictedUpdateEventCollection")
      .def("HasEvents", &systems::EventCollection<
                            systems::UnrestrictedUpdateEvent<T>>::HasEvents);
  using Composite = CompositeEventCollection<T>;
  DefineTemplateClassWithDefault<Composite>(m, "CompositeEventCollection",
                                            GetPyParam<T>())
      .def("Clear", &Composite::Clear)
      .def("HasEvents", &Composite::HasEvents)
      .def("HasPublishEvents", &Composite::HasPublishEvents)
      .def("HasDiscreteUpdateEvents", &Composite::HasDiscreteUpdateEvents)
      .def("HasUnrestrictedUpdateEvents",
           &Composite::HasUnrestrictedUpdateEvents)
      .def("get_publish_events", &Composite::get_publish_events,
           nb::rv_policy::reference_internal)
      .def("get_discrete_update_events", &Composite::get_discrete_update_events,
           nb::rv_policy::reference_internal)
      .def("get_unrestricted_update_events",
           &Composite::get_unrestricted_update_events,
           nb::rv_policy::reference_internal);

  nb::enum_<systems::TriggerType>(m, "TriggerType")
      .value("kUnknown", systems::TriggerType::kUnknown)
      .value("kInitialization", systems::TriggerType::kInitialization)
      .value("kForced", systems::TriggerType::kForced)
      .value("kTimed", systems::TriggerType::kTimed)
      .value("kPeriodic", systems::TriggerType::kPeriodic)
      .value("kPerStep", systems::TriggerType::kPerStep)
      .value("kWitness", systems::TriggerType::kWitness);
  using EventT = systems::Event<T>;
  DefineTemplateClassWithDefault<EventT>(m, "Event", GetPyParam<T>())
      .def("get_trigger_type", &EventT::get_trigger_type)
      .def(
          "get_witness_triggered_event_data",
          [](const EventT& e) { return e.get_witness_triggered_event_data(); },
          nb::rv_policy::reference_internal);
  using WitnessData = systems::WitnessTriggeredEventData<T>;
  DefineTemplateClassWithDefault<WitnessData>(m, "WitnessTriggeredEventData",
                                              GetPyParam<T>())
      .def("triggered_witness", &WitnessData::triggered_witness,
           nb::rv_policy::reference)
      .def("t0", &WitnessData::t0)
      .def("tf", &WitnessData::tf)
      .def("xc0", &WitnessData::xc0, nb::rv_policy::reference)
      .def("xcf", &WitnessData::xcf, nb::rv_policy::reference);
  // Events made in Python: callback(context, event[, state]) returning
  // None (success) or an EventStatus.
  DefineTemplateClassWithDefault<systems::PublishEvent<T>, EventT>(
      m, "PublishEvent", GetPyParam<T>())
      .def(
          "__init__",
          [](systems::PublishEvent<T>* self, nb::object callback) {
            nb::handle owner = SystemOfBoundMethod(callback);
            auto cb = SharePyCallback(std::move(callback), owner);
            new (self) systems::PublishEvent<T>(
                [cb](const System<T>&, const Context<T>& c,
                     const systems::PublishEvent<T>& e) {
                  nb::gil_scoped_acquire gil;
                  return ToStatus(
                      (*cb)(nb::cast(&c, nb::rv_policy::reference),
                            nb::cast(&e, nb::rv_policy::reference)));
                });
          },
          nb::arg("callback"));
  DefineTemplateClassWithDefault<systems::DiscreteUpdateEvent<T>, EventT>(
      m, "DiscreteUpdateEvent", GetPyParam<T>())
      .def(
          "__init__",
          [](systems::DiscreteUpdateEvent<T>* self, nb::object callback) {
            nb::handle owner = SystemOfBoundMethod(callback);
            auto cb = SharePyCallback(std::move(callback), owner);
            new (self) systems::DiscreteUpdateEvent<T>(
                [cb](const System<T>&, const Context<T>& c,
                     const systems::DiscreteUpdateEvent<T>& e,
                     DiscreteValues<T>* xd) {
                  nb::gil_scoped_acquire gil;
                  return ToStatus(
                      (*cb)(nb::cast(&c, nb::rv_policy::reference),
                            nb::cast(&e, nb::rv_policy::reference),
                            nb::cast(xd, nb::rv_policy::reference)));
                });
          },
          nb::arg("callback"));
  DefineTemplateClassWithDefault<systems::UnrestrictedUpdateEvent<T>, EventT>(
      m, "UnrestrictedUpdateEvent", GetPyParam<T>())
      .def(
          "__init__",
          [](systems::UnrestrictedUpdateEvent<T>* self, nb::object callback) {
            nb::handle owner = SystemOfBoundMethod(callback);
            auto cb = SharePyCallback(std::move(callback), owner);
            new (self) systems::UnrestrictedUpdateEvent<T>(
                [cb](const System<T>&, const Context<T>& c,
                     const systems::UnrestrictedUpdateEvent<T>& e,
                     State<T>* x) {
                  nb::gil_scoped_acquire gil;
                  return ToStatus((*cb)(nb::cast(&c, nb::rv_policy::reference),
                                        nb::cast(&e, nb::rv_policy::reference),
                                        nb::cast(x, nb::rv_policy::reference)));
                });
          },
          nb::arg("callback"));
  nb::enum_<systems::WitnessFunctionDirection>(m, "WitnessFunctionDirection")
      .value("kNone", systems::WitnessFunctionDirection::kNone)
      .value("kPositiveThenNonNegative",
             systems::WitnessFunctionDirection::kPositiveThenNonNegative)
      .value("kNegativeThenNonPositive",
             systems::WitnessFunctionDirection::kNegativeThenNonPositive)
      .value("kCrossesZero", systems::WitnessFunctionDirection::kCrossesZero);
  using Witness = systems::WitnessFunction<T>;
  DefineTemplateClassWithDefault<Witness>(m, "WitnessFunction", GetPyParam<T>())
      .def("description", &Witness::description)
      .def("direction_type", &Witness::direction_type)
      .def("get_system", &Witness::get_system, nb::rv_policy::reference)
      .def("get_event", &Witness::get_event, nb::rv_policy::reference_internal)
      .def("CalcWitnessValue", &Witness::CalcWitnessValue, nb::arg("context"))
      .def("should_trigger", &Witness::should_trigger, nb::arg("w0"),
           nb::arg("wf"));
}

// SystemBase and System.
void DefineSystems(nb::module_ m) {
  auto system_base = nb::class_<SystemBase>(m, "SystemBase");
  system_base.def("get_name", &SystemBase::get_name)
      .def("set_name", &SystemBase::set_name, nb::arg("name"))
      .def("GetSystemName", &SystemBase::GetSystemName)
      .def("GetSystemPathname", &SystemBase::GetSystemPathname)
      .def("GetSystemType", &SystemBase::GetSystemType)
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
  system.def("CreateDefaultContext", &System<T>::CreateDefaultContext)
      .def("AllocateContext", &System<T>::AllocateContext)
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
      .def("get_input_port",
           nb::overload_cast<int>(&System<T>::get_input_port, nb::const_),
           nb::arg("port_index"), nb::rv_policy::reference_internal)
      .def("get_input_port",
           nb::overload_cast<>(&System<T>::get_input_port, nb::const_),
           nb::rv_policy::reference_internal)
      .def("get_output_port",
           nb::overload_cast<int>(&System<T>::get_output_port, nb::const_),
           nb::arg("port_index"), nb::rv_policy::reference_internal)
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
}

// LeafSystem, subclassable from Python through PyLeafSystem, with its
// protected declaration methods exposed.
void DefineLeafSystem(nb::module_ m) {
  auto leaf =
      DefineTemplateClassWithDefault<LeafSystem<T>, System<T>, PyLeafSystem>(
          m, "LeafSystem", GetPyParam<T>(),
          "Base class of user systems; subclass it in Python and call "
          "LeafSystem.__init__(self).");
  leaf.def(nb::init<>())
      .def(
          "DeclareContinuousState",
          [](LeafSystem<T>* self, int n) {
            (self->*static_cast<void (LeafSystem<T>::*)(int)>(
                        &PyLeafSystem::DeclareContinuousState))(n);
          },
          nb::arg("num_state_variables"))
      .def(
          "DeclareContinuousState",
          [](LeafSystem<T>* self, int nq, int nv, int nz) {
            (self->*static_cast<void (LeafSystem<T>::*)(int, int, int)>(
                        &PyLeafSystem::DeclareContinuousState))(nq, nv, nz);
          },
          nb::arg("num_q"), nb::arg("num_v"), nb::arg("num_z"))
      .def(
          "DeclareDiscreteState",
          [](LeafSystem<T>* self, int n) {
            return (self->*static_cast<systems::DiscreteStateIndex (
                               LeafSystem<T>::*)(int)>(
                               &PyLeafSystem::DeclareDiscreteState))(n);
          },
          nb::arg("num_state_variables"))
      .def(
          "DeclareDiscreteState",
          [](LeafSystem<T>* self, nb::handle values) {
            const Eigen::VectorXd v = ToVector(values);
            return (self->*static_cast<systems::DiscreteStateIndex (
                               LeafSystem<T>::*)(
                               const Eigen::Ref<const VectorX<T>>&)>(
                               &PyLeafSystem::DeclareDiscreteState))(v);
          },
          nb::arg("vector"))
      .def(
          "DeclareAbstractState",
          [](LeafSystem<T>* self, const AbstractValue& model) {
            return (self->*static_cast<systems::AbstractStateIndex (
                               LeafSystem<T>::*)(const AbstractValue&)>(
                               &PyLeafSystem::DeclareAbstractState))(model);
          },
          nb::arg("model_value"))
      .def(
          "DeclareNumericParameter",
          [](LeafSystem<T>* self, const BasicVector<T>& model) {
            return (self->*&PyLeafSystem::DeclareNumericParameter)(model);
          },
          nb::arg("model_vector"))
      .def(
          "DeclareAbstractParameter",
          [](LeafSystem<T>* self, const AbstractValue& model) {
            return (self->*&PyLeafSystem::DeclareAbstractParameter)(model);
          },
          nb::arg("model_value"))
      .def(
          "DeclareVectorInputPort",
          [](LeafSystem<T>* self, std::string name,
             int size) -> const InputPort<T>& {
            return (self->*static_cast<InputPort<T>& (
                               LeafSystem<T>::*)(LeafSystem<T>::PortName, int)>(
                               &PyLeafSystem::DeclareVectorInputPort))(name,
                                                                       size);
          },
          nb::arg("name"), nb::arg("size"), nb::rv_policy::reference_internal)
      .def(
          "DeclareAbstractInputPort",
          [](LeafSystem<T>* self, std::string name,
             const AbstractValue& model) -> const InputPort<T>& {
            return (self->*&PyLeafSystem::DeclareAbstractInputPort)(name,
                                                                    model);
          },
          nb::arg("name"), nb::arg("model_value"),
          nb::rv_policy::reference_internal)
      .def(
          "DeclareVectorOutputPort",
          [](LeafSystem<T>* self, std::string name, int size,
             nb::object calc_in,
             std::set<DependencyTicket> prerequisites) -> const OutputPort<T>& {
            auto calc = SharePyCallback(calc_in, nb::find(self));
            auto f = [calc](const Context<T>& c, BasicVector<T>* out) {
              nb::gil_scoped_acquire gil;
              (*calc)(nb::cast(&c, nb::rv_policy::reference),
                      nb::cast(out, nb::rv_policy::reference));
            };
            using Fn = systems::LeafOutputPort<T>& (
                LeafSystem<T>::*)(LeafSystem<T>::PortName, int,
                                  std::function<void(const Context<T>&,
                                                     BasicVector<T>*)>,
                                  std::set<DependencyTicket>);
            return (
                self->*static_cast<Fn>(&PyLeafSystem::DeclareVectorOutputPort))(
                name, size, f, prerequisites);
          },
          nb::arg("name"), nb::arg("size"), nb::arg("calc"),
          nb::arg("prerequisites_of_calc") = DefaultPrerequisites(),
          nb::rv_policy::reference_internal)
      .def(
          "DeclareAbstractOutputPort",
          [](LeafSystem<T>* self, std::string name, nb::object alloc_in,
             nb::object calc_in,
             std::set<DependencyTicket> prerequisites) -> const OutputPort<T>& {
            auto alloc = SharePyCallback(alloc_in, nb::find(self));
            auto calc = SharePyCallback(calc_in, nb::find(self));
            auto a = [alloc]() -> std::unique_ptr<AbstractValue> {
              nb::gil_scoped_acquire gil;
              return nb::cast<const AbstractValue&>((*alloc)()).Clone();
            };
            auto f = [calc](const systems::ContextBase& c, AbstractValue* out) {
              nb::gil_scoped_acquire gil;
              (*calc)(nb::cast(static_cast<const Context<T>*>(&c),
                               nb::rv_policy::reference),
                      nb::cast(out, nb::rv_policy::reference));
            };
            using Fn = systems::LeafOutputPort<T>& (
                LeafSystem<T>::*)(LeafSystem<T>::PortName,
                                  systems::ValueProducer::AllocateCallback,
                                  systems::ValueProducer::CalcCallback,
                                  std::set<DependencyTicket>);
            return (self->*static_cast<Fn>(
                               &PyLeafSystem::DeclareAbstractOutputPort))(
                name, a, f, prerequisites);
          },
          nb::arg("name"), nb::arg("alloc"), nb::arg("calc"),
          nb::arg("prerequisites_of_calc") = DefaultPrerequisites(),
          nb::rv_policy::reference_internal)
      .def(
          "DeclarePeriodicPublishEvent",
          [](LeafSystem<T>* self, double period, double offset,
             nb::object publish_in) {
            auto publish = SharePyCallback(publish_in, nb::find(self));
            systems::PublishEvent<T> e(
                [publish](const System<T>&, const Context<T>& c,
                          const systems::PublishEvent<T>&) {
                  nb::gil_scoped_acquire gil;
                  return ToStatus(
                      (*publish)(nb::cast(&c, nb::rv_policy::reference)));
                });
            PyLeafSystem::DeclarePeriodic(self, period, offset, e);
          },
          nb::arg("period_sec"), nb::arg("offset_sec"), nb::arg("publish"))
      .def(
          "DeclarePeriodicDiscreteUpdateEvent",
          [](LeafSystem<T>* self, double period, double offset,
             nb::object update_in) {
            auto update = SharePyCallback(update_in, nb::find(self));
            systems::DiscreteUpdateEvent<T> e(
                [update](const System<T>&, const Context<T>& c,
                         const systems::DiscreteUpdateEvent<T>&,
                         DiscreteValues<T>* xd) {
                  nb::gil_scoped_acquire gil;
                  return ToStatus(
                      (*update)(nb::cast(&c, nb::rv_policy::reference),
                                nb::cast(xd, nb::rv_policy::reference)));
                });
            PyLeafSystem::DeclarePeriodic(self, period, offset, e);
          },
          nb::arg("period_sec"), nb::arg("offset_sec"), nb::arg("update"))
      .def(
          "DeclarePerStepPublishEvent",
          [](LeafSystem<T>* self, nb::object publish_in) {
            auto publish = SharePyCallback(publish_in, nb::find(self));
            systems::PublishEvent<T> e(
                [publish](const System<T>&, const Context<T>& c,
                          const systems::PublishEvent<T>&) {
                  nb::gil_scoped_acquire gil;
                  return ToStatus(
                      (*publish)(nb::cast(&c, nb::rv_policy::reference)));
                });
            PyLeafSystem::DeclarePerStep(self, e);
          },
          nb::arg("publish"))
      .def(
          "DeclareInitializationDiscreteUpdateEvent",
          [](LeafSystem<T>* self, nb::object update_in) {
            auto update = SharePyCallback(update_in, nb::find(self));
            systems::DiscreteUpdateEvent<T> e(
                [update](const System<T>&, const Context<T>& c,
                         const systems::DiscreteUpdateEvent<T>&,
                         DiscreteValues<T>* xd) {
                  nb::gil_scoped_acquire gil;
                  return ToStatus(
                      (*update)(nb::cast(&c, nb::rv_policy::reference),
                                nb::cast(xd, nb::rv_policy::reference)));
                });
            PyLeafSystem::DeclareInitialization(self, e);
          },
          nb::arg("update"))
      .def(
          "MakeWitnessFunction",
          [](LeafSystem<T>* self, std::string description,
             systems::WitnessFunctionDirection direction, nb::object calc,
             const systems::Event<T>* e) {
            return MakeWitness(self, std::move(description), direction,
                               std::move(calc), e);
          },
          nb::arg("description"), nb::arg("direction_type"), nb::arg("calc"),
          nb::arg("e") = nb::none())
      .def(
          "DeclareWitnessFunction",
          [](LeafSystem<T>* self, std::string description,
             systems::WitnessFunctionDirection direction, nb::object calc,
             const systems::Event<T>* e) -> const systems::WitnessFunction<T>& {
            using Fn = const systems::WitnessFunction<T>& (
                LeafSystem<T>::*)(std::unique_ptr<systems::WitnessFunction<T>>);
            return (
                self->*static_cast<Fn>(&PyLeafSystem::DeclareWitnessFunction))(
                MakeWitness(self, std::move(description), direction,
                            std::move(calc), e));
          },
          nb::arg("description"), nb::arg("direction_type"), nb::arg("calc"),
          nb::arg("e") = nb::none(), nb::rv_policy::reference_internal)
      .def(
          "DoCalcTimeDerivatives",
          [](const LeafSystem<T>& self, const Context<T>& c,
             ContinuousState<T>* d) {
            static_cast<const PyLeafSystem&>(self).BaseDoCalcTimeDerivatives(c,
                                                                             d);
          },
          nb::arg("context"), nb::arg("derivatives"))
      .def(
          "DoCalcPotentialEnergy",
          [](const LeafSystem<T>& self, const Context<T>& c) {
            return static_cast<const PyLeafSystem&>(self)
                .BaseDoCalcPotentialEnergy(c);
          },
          nb::arg("context"))
      .def(
          "DoCalcKineticEnergy",
          [](const LeafSystem<T>& self, const Context<T>& c) {
            return static_cast<const PyLeafSystem&>(self)
                .BaseDoCalcKineticEnergy(c);
          },
          nb::arg("context"))
      .def(
          "SetDefaultState",
          [](const LeafSystem<T>& self, const Context<T>& c, State<T>* s) {
            self.LeafSystem<T>::SetDefaultState(c, s);
          },
          nb::arg("context"), nb::arg("state"));
}

// Diagram and DiagramBuilder.
void DefineDiagram(nb::module_ m) {
  auto diagram = DefineTemplateClassWithDefault<Diagram<T>, System<T>>(
      m, "Diagram", GetPyParam<T>());
  diagram.def("num_subsystems", &Diagram<T>::num_subsystems)
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
             std::optional<std::string> name) {
            return name ? self.ExportInput(input, *name)
                        : self.ExportInput(input);
          },
          nb::arg("input"), nb::arg("name") = nb::none())
      .def("ConnectInput",
           nb::overload_cast<const std::string&, const InputPort<T>&>(
               &DiagramBuilder<T>::ConnectInput),
           nb::arg("diagram_port_name"), nb::arg("input"))
      .def(
          "ExportOutput",
          [](DiagramBuilder<T>& self, const OutputPort<T>& output,
             std::optional<std::string> name) {
            return name ? self.ExportOutput(output, *name)
                        : self.ExportOutput(output);
          },
          nb::arg("output"), nb::arg("name") = nb::none())
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
      .def("Build", &DiagramBuilder<T>::Build);
}

}  // namespace

void DefineSystemsFramework(nb::module_ m) {
  m.doc() = "Bindings for ossa.systems.framework.";
  DefineIndexesAndEventStatus(m);
  DefineVectors(m);
  DefineStateContainers(m);
  DefineContexts(m);
  DefinePorts(m);
  DefineEvents(m);
  DefineSystems(m);
  DefineLeafSystem(m);
  DefineDiagram(m);
  DefineSystemsFrameworkAutoDiff(m);
}

}  // namespace ossa::py
