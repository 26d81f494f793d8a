// Bindings of ossa.systems.framework (float scalar), continued from
// framework_py.cc: the events and LeafSystem, which Python subclasses, with
// what it takes to call Python back from C++ (trampoline, callbacks).

#include <nanobind/stl/set.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/trampoline.h>

#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/leaf_system.h"
#include "ossa/systems/framework_callback_py.h"
#include "ossa/systems/framework_py.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using framework_internal::DefaultPrerequisites;
using framework_internal::PyCallback;
using framework_internal::SharePyCallback;
using framework_internal::SystemOfBoundMethod;
using framework_internal::ToStatus;

using systems::BasicVector;
using systems::CompositeEventCollection;
using systems::Context;
using systems::ContinuousState;
using systems::DependencyTicket;
using systems::DiscreteValues;
using systems::EventStatus;
using systems::InputPort;
using systems::LeafSystem;
using systems::OutputPort;
using systems::State;
using systems::System;
using systems::SystemBase;

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

  // Forced events declared from Python: LeafSystem declares forced events
  // from member functions only, so the first of each kind declares the
  // member that runs every event of that kind declared so far, in order,
  // and returns the most severe status.
  static void AddForced(LeafSystem<T>* self, systems::PublishEvent<T> e) {
    PyLeafSystem& py = Self(self, "DeclareForcedPublishEvent");
    py.forced_publish_.push_back(std::move(e));
    if (py.forced_publish_.size() == 1)
      py.DeclareForcedPublishEvent(&PyLeafSystem::RunForcedPublish);
  }
  static void AddForced(LeafSystem<T>* self,
                        systems::DiscreteUpdateEvent<T> e) {
    PyLeafSystem& py = Self(self, "DeclareForcedDiscreteUpdateEvent");
    py.forced_discrete_.push_back(std::move(e));
    if (py.forced_discrete_.size() == 1)
      py.DeclareForcedDiscreteUpdateEvent(&PyLeafSystem::RunForcedDiscrete);
  }
  static void AddForced(LeafSystem<T>* self,
                        systems::UnrestrictedUpdateEvent<T> e) {
    PyLeafSystem& py = Self(self, "DeclareForcedUnrestrictedUpdateEvent");
    py.forced_unrestricted_.push_back(std::move(e));
    if (py.forced_unrestricted_.size() == 1)
      py.DeclareForcedUnrestrictedUpdateEvent(
          &PyLeafSystem::RunForcedUnrestricted);
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

 private:
  static PyLeafSystem& Self(LeafSystem<T>* self, const char* method) {
    auto* py = dynamic_cast<PyLeafSystem*>(self);
    if (py == nullptr) {
      ThrowLogicError(
          "LeafSystem.{}(): system '{}' is a {}, not a LeafSystem subclassed "
          "in Python.",
          method, self->GetSystemPathname(), self->GetSystemType());
    }
    return *py;
  }
  EventStatus RunForcedPublish(const Context<T>& c) const {
    EventStatus status = EventStatus::DidNothing();
    for (const auto& e : forced_publish_)
      status.KeepMoreSevere(e.handle(*this, c));
    return status;
  }
  EventStatus RunForcedDiscrete(const Context<T>& c,
                                DiscreteValues<T>* xd) const {
    EventStatus status = EventStatus::DidNothing();
    for (const auto& e : forced_discrete_)
      status.KeepMoreSevere(e.handle(*this, c, xd));
    return status;
  }
  EventStatus RunForcedUnrestricted(const Context<T>& c, State<T>* x) const {
    EventStatus status = EventStatus::DidNothing();
    for (const auto& e : forced_unrestricted_)
      status.KeepMoreSevere(e.handle(*this, c, x));
    return status;
  }

  std::vector<systems::PublishEvent<T>> forced_publish_;
  std::vector<systems::DiscreteUpdateEvent<T>> forced_discrete_;
  std::vector<systems::UnrestrictedUpdateEvent<T>> forced_unrestricted_;
};

// The Python callable as an event status: None means Succeeded.
// Events calling a Python callable with the Context (and the state to
// update), as the LeafSystem.Declare*Event(callable) conveniences make them.
systems::PublishEvent<T> MakePublishEvent(LeafSystem<T>* self,
                                          nb::object publish_in) {
  auto publish = SharePyCallback(std::move(publish_in), nb::find(self));
  return systems::PublishEvent<T>([publish](const System<T>&,
                                            const Context<T>& c,
                                            const systems::PublishEvent<T>&) {
    nb::gil_scoped_acquire gil;
    return ToStatus((*publish)(nb::cast(&c, nb::rv_policy::reference)));
  });
}
systems::DiscreteUpdateEvent<T> MakeDiscreteEvent(LeafSystem<T>* self,
                                                  nb::object update_in) {
  auto update = SharePyCallback(std::move(update_in), nb::find(self));
  return systems::DiscreteUpdateEvent<T>(
      [update](const System<T>&, const Context<T>& c,
               const systems::DiscreteUpdateEvent<T>&, DiscreteValues<T>* xd) {
        nb::gil_scoped_acquire gil;
        return ToStatus((*update)(nb::cast(&c, nb::rv_policy::reference),
                                  nb::cast(xd, nb::rv_policy::reference)));
      });
}
systems::UnrestrictedUpdateEvent<T> MakeUnrestrictedEvent(
    LeafSystem<T>* self, nb::object update_in) {
  auto update = SharePyCallback(std::move(update_in), nb::find(self));
  return systems::UnrestrictedUpdateEvent<T>(
      [update](const System<T>&, const Context<T>& c,
               const systems::UnrestrictedUpdateEvent<T>&, State<T>* x) {
        nb::gil_scoped_acquire gil;
        return ToStatus((*update)(nb::cast(&c, nb::rv_policy::reference),
                                  nb::cast(x, nb::rv_policy::reference)));
      });
}

// Calls `declare(event)` with the C++ event an Event object made in Python
// holds (PublishEvent, DiscreteUpdateEvent or UnrestrictedUpdateEvent).
template <typename Declare>
void WithEvent(nb::handle event, const char* where, Declare declare) {
  if (nb::isinstance<systems::PublishEvent<T>>(event)) {
    declare(nb::cast<const systems::PublishEvent<T>&>(event));
  } else if (nb::isinstance<systems::DiscreteUpdateEvent<T>>(event)) {
    declare(nb::cast<const systems::DiscreteUpdateEvent<T>&>(event));
  } else if (nb::isinstance<systems::UnrestrictedUpdateEvent<T>>(event)) {
    declare(nb::cast<const systems::UnrestrictedUpdateEvent<T>&>(event));
  } else {
    throw nb::type_error((std::string(where) +
                          ": expected a PublishEvent, DiscreteUpdateEvent or "
                          "UnrestrictedUpdateEvent")
                             .c_str());
  }
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

}  // namespace

// Random input ports (the reference's random_type=) are not supported.
void ThrowIfRandom(nb::handle random_type) {
  if (!random_type.is_none()) {
    throw std::logic_error(
        "DeclareVectorInputPort(): random input ports (random_type=...) are "
        "not supported by ossa; give random_type=None.");
  }
}

// LeafSystem, subclassable from Python through PyLeafSystem, with its
// protected declaration methods exposed.
void DefineSystemsFrameworkLeafSystem(nb::module_ m) {
  DefineCacheEntries(m);
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
          "DeclareContinuousState",
          [](LeafSystem<T>* self, const BasicVector<T>& model_vector) {
            (self->*static_cast<void (LeafSystem<T>::*)(const BasicVector<T>&)>(
                        &PyLeafSystem::DeclareContinuousState))(model_vector);
          },
          nb::arg("model_vector"))
      .def(
          "DeclareContinuousState",
          [](LeafSystem<T>* self, const BasicVector<T>& model_vector, int nq,
             int nv, int nz) {
            (self->*static_cast<void (LeafSystem<T>::*)(const BasicVector<T>&,
                                                        int, int, int)>(
                        &PyLeafSystem::DeclareContinuousState))(model_vector,
                                                                nq, nv, nz);
          },
          nb::arg("model_vector"), nb::arg("num_q"), nb::arg("num_v"),
          nb::arg("num_z"))
      .def(
          "DeclareDiscreteState",
          [](LeafSystem<T>* self, const BasicVector<T>& model_vector) {
            return (self->*static_cast<systems::DiscreteStateIndex (
                               LeafSystem<T>::*)(const BasicVector<T>&)>(
                               &PyLeafSystem::DeclareDiscreteState))(
                model_vector);
          },
          nb::arg("model_vector"))
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
          [](LeafSystem<T>* self, nb::handle name, int size,
             nb::handle random_type) -> const InputPort<T>& {
            ThrowIfRandom(random_type);
            return (self->*static_cast<InputPort<T>& (
                               LeafSystem<T>::*)(LeafSystem<T>::PortName, int)>(
                               &PyLeafSystem::DeclareVectorInputPort))(
                ToPortName(name), size);
          },
          nb::arg("name"), nb::arg("size"),
          nb::arg("random_type").none() = nb::none(),
          nb::rv_policy::reference_internal)
      .def(
          "DeclareVectorInputPort",
          [](LeafSystem<T>* self, nb::handle name,
             const BasicVector<T>& model_vector,
             nb::handle random_type) -> const InputPort<T>& {
            ThrowIfRandom(random_type);
            return (self->*static_cast<InputPort<T>& (
                               LeafSystem<T>::*)(LeafSystem<T>::PortName,
                                                 const BasicVector<T>&)>(
                               &PyLeafSystem::DeclareVectorInputPort))(
                ToPortName(name), model_vector);
          },
          nb::arg("name"), nb::arg("model_vector"),
          nb::arg("random_type").none() = nb::none(),
          nb::rv_policy::reference_internal)
      .def(
          "DeclareAbstractInputPort",
          [](LeafSystem<T>* self, nb::handle name,
             const AbstractValue& model) -> const InputPort<T>& {
            return (self->*&PyLeafSystem::DeclareAbstractInputPort)(
                ToPortName(name), model);
          },
          nb::arg("name"), nb::arg("model_value"),
          nb::rv_policy::reference_internal)
      .def(
          "DeclareVectorOutputPort",
          [](LeafSystem<T>* self, nb::handle name,
             const BasicVector<T>& model_value, nb::object calc_in,
             std::set<DependencyTicket> prerequisites) -> const OutputPort<T>& {
            auto calc = SharePyCallback(calc_in, nb::find(self));
            auto f = [calc](const Context<T>& c, BasicVector<T>* out) {
              nb::gil_scoped_acquire gil;
              (*calc)(nb::cast(&c, nb::rv_policy::reference),
                      nb::cast(out, nb::rv_policy::reference));
            };
            using Fn = systems::LeafOutputPort<T>& (
                LeafSystem<T>::*)(LeafSystem<T>::PortName,
                                  const BasicVector<T>&,
                                  std::function<void(const Context<T>&,
                                                     BasicVector<T>*)>,
                                  std::set<DependencyTicket>);
            return (
                self->*static_cast<Fn>(&PyLeafSystem::DeclareVectorOutputPort))(
                ToPortName(name), model_value, f, prerequisites);
          },
          nb::arg("name"), nb::arg("model_value"), nb::arg("calc"),
          nb::arg("prerequisites_of_calc") = DefaultPrerequisites(),
          nb::rv_policy::reference_internal)
      .def(
          "DeclareVectorOutputPort",
          [](LeafSystem<T>* self, nb::handle name, int size, nb::object calc_in,
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
                ToPortName(name), size, f, prerequisites);
          },
          nb::arg("name"), nb::arg("size"), nb::arg("calc"),
          nb::arg("prerequisites_of_calc") = DefaultPrerequisites(),
          nb::rv_policy::reference_internal)
      .def(
          "DeclareAbstractOutputPort",
          [](LeafSystem<T>* self, nb::handle name, nb::object alloc_in,
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
                ToPortName(name), a, f, prerequisites);
          },
          nb::arg("name"), nb::arg("alloc"), nb::arg("calc"),
          nb::arg("prerequisites_of_calc") = DefaultPrerequisites(),
          nb::rv_policy::reference_internal)
      .def(
          "DeclareStateOutputPort",
          [](LeafSystem<T>* self, nb::handle name,
             systems::ContinuousStateIndex index) -> const OutputPort<T>& {
            using Fn = systems::LeafOutputPort<T>& (
                LeafSystem<T>::*)(LeafSystem<T>::PortName,
                                  systems::ContinuousStateIndex);
            return (
                self->*static_cast<Fn>(&PyLeafSystem::DeclareStateOutputPort))(
                ToPortName(name), index);
          },
          nb::arg("name"), nb::arg("state_index"),
          nb::rv_policy::reference_internal)
      .def(
          "DeclareStateOutputPort",
          [](LeafSystem<T>* self, nb::handle name,
             systems::DiscreteStateIndex index) -> const OutputPort<T>& {
            using Fn = systems::LeafOutputPort<T>& (
                LeafSystem<T>::*)(LeafSystem<T>::PortName,
                                  systems::DiscreteStateIndex);
            return (
                self->*static_cast<Fn>(&PyLeafSystem::DeclareStateOutputPort))(
                ToPortName(name), index);
          },
          nb::arg("name"), nb::arg("state_index"),
          nb::rv_policy::reference_internal)
      .def(
          "DeclareStateOutputPort",
          [](LeafSystem<T>* self, nb::handle name,
             systems::AbstractStateIndex index) -> const OutputPort<T>& {
            using Fn = systems::LeafOutputPort<T>& (
                LeafSystem<T>::*)(LeafSystem<T>::PortName,
                                  systems::AbstractStateIndex);
            return (
                self->*static_cast<Fn>(&PyLeafSystem::DeclareStateOutputPort))(
                ToPortName(name), index);
          },
          nb::arg("name"), nb::arg("state_index"),
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
          "DeclarePeriodicUnrestrictedUpdateEvent",
          [](LeafSystem<T>* self, double period, double offset,
             nb::object update) {
            PyLeafSystem::DeclarePeriodic(
                self, period, offset,
                MakeUnrestrictedEvent(self, std::move(update)));
          },
          nb::arg("period_sec"), nb::arg("offset_sec"), nb::arg("update"))
      .def(
          "DeclarePerStepDiscreteUpdateEvent",
          [](LeafSystem<T>* self, nb::object update) {
            PyLeafSystem::DeclarePerStep(
                self, MakeDiscreteEvent(self, std::move(update)));
          },
          nb::arg("update"))
      .def(
          "DeclarePerStepUnrestrictedUpdateEvent",
          [](LeafSystem<T>* self, nb::object update) {
            PyLeafSystem::DeclarePerStep(
                self, MakeUnrestrictedEvent(self, std::move(update)));
          },
          nb::arg("update"))
      .def(
          "DeclareInitializationPublishEvent",
          [](LeafSystem<T>* self, nb::object publish) {
            PyLeafSystem::DeclareInitialization(
                self, MakePublishEvent(self, std::move(publish)));
          },
          nb::arg("publish"))
      .def(
          "DeclareInitializationUnrestrictedUpdateEvent",
          [](LeafSystem<T>* self, nb::object update) {
            PyLeafSystem::DeclareInitialization(
                self, MakeUnrestrictedEvent(self, std::move(update)));
          },
          nb::arg("update"))
      .def(
          "DeclareForcedPublishEvent",
          [](LeafSystem<T>* self, nb::object publish) {
            PyLeafSystem::AddForced(self,
                                    MakePublishEvent(self, std::move(publish)));
          },
          nb::arg("publish"))
      .def(
          "DeclareForcedDiscreteUpdateEvent",
          [](LeafSystem<T>* self, nb::object update) {
            PyLeafSystem::AddForced(self,
                                    MakeDiscreteEvent(self, std::move(update)));
          },
          nb::arg("update"))
      .def(
          "DeclareForcedUnrestrictedUpdateEvent",
          [](LeafSystem<T>* self, nb::object update) {
            PyLeafSystem::AddForced(
                self, MakeUnrestrictedEvent(self, std::move(update)));
          },
          nb::arg("update"))
      .def(
          "DeclarePeriodicEvent",
          [](LeafSystem<T>* self, double period, double offset,
             nb::handle event) {
            WithEvent(event, "DeclarePeriodicEvent()", [&](const auto& e) {
              PyLeafSystem::DeclarePeriodic(self, period, offset, e);
            });
          },
          nb::arg("period_sec"), nb::arg("offset_sec"), nb::arg("event"))
      .def(
          "DeclarePerStepEvent",
          [](LeafSystem<T>* self, nb::handle event) {
            WithEvent(event, "DeclarePerStepEvent()", [&](const auto& e) {
              PyLeafSystem::DeclarePerStep(self, e);
            });
          },
          nb::arg("event"))
      .def(
          "DeclareInitializationEvent",
          [](LeafSystem<T>* self, nb::handle event) {
            WithEvent(event, "DeclareInitializationEvent()",
                      [&](const auto& e) {
                        PyLeafSystem::DeclareInitialization(self, e);
                      });
          },
          nb::arg("event"))
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

}  // namespace ossa::py
