// Bindings of ossa.systems.framework (float scalar), continued from
// framework_py.cc: the event collections, the events (made from Python
// callbacks), witness functions, value producers and cache entries.

#include <nanobind/stl/set.h>
#include <nanobind/stl/shared_ptr.h>

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

using framework_internal::DefaultPrerequisites;
using framework_internal::SharePyCallback;
using framework_internal::SystemOfBoundMethod;
using framework_internal::ToStatus;
using systems::CompositeEventCollection;
using systems::Context;
using systems::DependencyTicket;
using systems::DiscreteValues;
using systems::EventStatus;
using systems::LeafSystem;
using systems::State;
using systems::System;
using systems::SystemBase;

using T = double;

namespace {

// The C++ callback of an Event made in Python from `callable`: it calls
// callable(context, event[, state]), or with `with_system`
// callable(system, context, event[, state]), where state is the discrete or
// whole state an update event writes (publish events have none); the
// result is None (success) or an EventStatus.
template <typename Event>
auto PyEventCallback(nb::object callable, bool with_system) {
  nb::handle owner = SystemOfBoundMethod(callable);
  auto cb = SharePyCallback(std::move(callable), owner);
  return [cb, with_system](const System<T>& system, const Context<T>& c,
                           const Event& e, auto*... state) {
    constexpr auto kRef = nb::rv_policy::reference;
    nb::gil_scoped_acquire gil;
    if (with_system) {
      return ToStatus((*cb)(nb::cast(&system, kRef), nb::cast(&c, kRef),
                            nb::cast(&e, kRef), nb::cast(state, kRef)...));
    }
    return ToStatus((*cb)(nb::cast(&c, kRef), nb::cast(&e, kRef),
                          nb::cast(state, kRef)...));
  };
}

}  // namespace

// Event collections, events (constructible from Python callbacks) and
// witness functions.
void DefineSystemsFrameworkEvents(nb::module_ m) {
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
  using Publish = systems::PublishEvent<T>;
  using Discrete = systems::DiscreteUpdateEvent<T>;
  using Unrestricted = systems::UnrestrictedUpdateEvent<T>;
  constexpr const char* kWithSystem =
      "An event whose callback also takes the system first: "
      "system_callback(system, context, event[, state]).";
  DefineTemplateClassWithDefault<Publish, EventT>(m, "PublishEvent",
                                                  GetPyParam<T>())
      .def(
          "__init__",
          [](Publish* self, nb::object callback) {
            new (self)
                Publish(PyEventCallback<Publish>(std::move(callback), false));
          },
          nb::arg("callback"))
      .def(
          "__init__",
          [](Publish* self, systems::TriggerType trigger_type,
             nb::object callback) {
            new (self) Publish(trigger_type, PyEventCallback<Publish>(
                                                 std::move(callback), false));
          },
          nb::arg("trigger_type"), nb::arg("callback"),
          "An event of the given trigger type calling callback(context, "
          "event) (declaring it sets the trigger type again).")
      .def(
          "__init__",
          [](Publish* self, nb::object system_callback) {
            new (self) Publish(
                PyEventCallback<Publish>(std::move(system_callback), true));
          },
          nb::arg("system_callback"), kWithSystem)
      .def(
          "__init__",
          [](Publish* self, systems::TriggerType trigger_type,
             nb::object system_callback) {
            new (self) Publish(
                trigger_type,
                PyEventCallback<Publish>(std::move(system_callback), true));
          },
          nb::arg("trigger_type"), nb::arg("system_callback"),
          "An event of the given trigger type calling "
          "system_callback(system, context, event).");
  DefineTemplateClassWithDefault<Discrete, EventT>(m, "DiscreteUpdateEvent",
                                                   GetPyParam<T>())
      .def(
          "__init__",
          [](Discrete* self, nb::object callback) {
            new (self)
                Discrete(PyEventCallback<Discrete>(std::move(callback), false));
          },
          nb::arg("callback"))
      .def(
          "__init__",
          [](Discrete* self, nb::object system_callback) {
            new (self) Discrete(
                PyEventCallback<Discrete>(std::move(system_callback), true));
          },
          nb::arg("system_callback"), kWithSystem);
  DefineTemplateClassWithDefault<Unrestricted, EventT>(
      m, "UnrestrictedUpdateEvent", GetPyParam<T>())
      .def(
          "__init__",
          [](Unrestricted* self, nb::object callback) {
            new (self) Unrestricted(
                PyEventCallback<Unrestricted>(std::move(callback), false));
          },
          nb::arg("callback"))
      .def(
          "__init__",
          [](Unrestricted* self, nb::object system_callback) {
            new (self) Unrestricted(PyEventCallback<Unrestricted>(
                std::move(system_callback), true));
          },
          nb::arg("system_callback"), kWithSystem);
  nb::enum_<systems::WitnessFunctionDirection>(m, "WitnessFunctionDirection")
      .value("kNone", systems::WitnessFunctionDirection::kNone)
      // The reference's names: positive, then non-positive (w0 > 0 and
      // wf <= 0); negative, then non-negative.
      .value("kPositiveThenNonPositive",
             systems::WitnessFunctionDirection::kPositiveThenNonNegative)
      .value("kNegativeThenNonNegative",
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

// ValueProducer (Python allocate() and calc(context, value) callbacks),
// SystemBase.DeclareCacheEntry and CacheEntry.
void DefineCacheEntries(nb::module_ m) {
  using systems::CacheEntry;
  using systems::CacheIndex;
  using systems::ContextBase;
  using systems::ValueProducer;
  nb::class_<ValueProducer>(
      m, "ValueProducer",
      "Computes a value: allocate() returns the storage (an AbstractValue), "
      "calc(context, value) writes into it.")
      .def(
          "__init__",
          [](ValueProducer* self, nb::object allocate_in, nb::object calc_in) {
            nb::handle allocate_owner = SystemOfBoundMethod(allocate_in);
            nb::handle calc_owner = SystemOfBoundMethod(calc_in);
            auto allocate =
                SharePyCallback(std::move(allocate_in), allocate_owner);
            auto calc = SharePyCallback(std::move(calc_in), calc_owner);
            new (self) ValueProducer(
                [allocate]() -> std::unique_ptr<AbstractValue> {
                  nb::gil_scoped_acquire gil;
                  return nb::cast<const AbstractValue&>((*allocate)()).Clone();
                },
                [calc](const ContextBase& context, AbstractValue* value) {
                  nb::gil_scoped_acquire gil;
                  (*calc)(nb::cast(static_cast<const Context<T>*>(&context),
                                   nb::rv_policy::reference),
                          nb::cast(value, nb::rv_policy::reference));
                });
          },
          nb::arg("allocate"), nb::arg("calc"));

  nb::class_<CacheEntry>(m, "CacheEntry",
                         "A value a system computes from its Context and "
                         "keeps until a prerequisite changes.")
      .def("description", &CacheEntry::description)
      .def("prerequisites", &CacheEntry::prerequisites)
      .def("cache_index", &CacheEntry::cache_index)
      .def("ticket", &CacheEntry::ticket)
      .def("Allocate", &CacheEntry::Allocate)
      .def(
          "EvalAbstract",
          [](const CacheEntry& self, const Context<T>& context)
              -> const AbstractValue& { return self.EvalAbstract(context); },
          nb::arg("context"), nb::rv_policy::reference_internal)
      .def(
          "Eval",
          [](const CacheEntry& self, nb::handle context) {
            // The held value, as Value[T].get_value() gives it.
            const AbstractValue& value =
                self.EvalAbstract(nb::cast<const Context<T>&>(context));
            return nb::cast(&value, nb::rv_policy::reference_internal, context)
                .attr("get_value")();
          },
          nb::arg("context"))
      .def(
          "is_out_of_date",
          [](const CacheEntry& self, const Context<T>& context) {
            return self.is_out_of_date(context);
          },
          nb::arg("context"))
      .def(
          "is_cache_entry_disabled",
          [](const CacheEntry& self, const Context<T>& context) {
            return self.is_cache_entry_disabled(context);
          },
          nb::arg("context"))
      .def(
          "disable_caching",
          [](const CacheEntry& self, const Context<T>& context) {
            self.disable_caching(context);
          },
          nb::arg("context"))
      .def(
          "enable_caching",
          [](const CacheEntry& self, const Context<T>& context) {
            self.enable_caching(context);
          },
          nb::arg("context"))
      .def("disable_caching_by_default",
           &CacheEntry::disable_caching_by_default)
      .def("is_disabled_by_default", &CacheEntry::is_disabled_by_default);

  nb::handle system_base = nb::type<SystemBase>();
  nb::cpp_function_def(
      [](SystemBase& self, std::string description, ValueProducer producer,
         std::set<DependencyTicket> prerequisites) -> CacheEntry& {
        return self.DeclareCacheEntry(std::move(description),
                                      std::move(producer),
                                      std::move(prerequisites));
      },
      nb::scope(system_base), nb::name("DeclareCacheEntry"), nb::is_method(),
      nb::arg("description"), nb::arg("value_producer"),
      nb::arg("prerequisites_of_calc") = DefaultPrerequisites(),
      nb::rv_policy::reference_internal);
  nb::cpp_function_def(
      [](const SystemBase& self, CacheIndex index) -> const CacheEntry& {
        return self.get_cache_entry(index);
      },
      nb::scope(system_base), nb::name("get_cache_entry"), nb::is_method(),
      nb::arg("index"), nb::rv_policy::reference_internal);
}

}  // namespace ossa::py
