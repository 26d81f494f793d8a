// More of ossa.systems.framework, for every scalar: SystemOutput_,
// SystemVisitor_, Subvector_, Supervector_, LeafOutputPort_, CacheEntryValue,
// SystemConstraintIndex, and the members of System, Diagram, DiagramBuilder,
// Context and CacheEntry built on them. Runs after the classes they extend
// are bound (framework_py.cc, framework_autodiff_py.cc,
// framework_symbolic_py.cc).

#include <nanobind/stl/map.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/unique_ptr.h>
#include <nanobind/stl/vector.h>
#include <nanobind/trampoline.h>

#include <memory>
#include <string>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/common/error.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/leaf_output_port.h"
#include "ossa/systems/framework/leaf_system.h"
#include "ossa/systems/framework/parameters.h"
#include "ossa/systems/framework/subvector.h"
#include "ossa/systems/framework/supervector.h"
#include "ossa/systems/framework/system_constraint.h"
#include "ossa/systems/framework/system_output.h"
#include "ossa/systems/framework/system_visitor.h"
#include "ossa/systems/framework/unique_periodic_discrete_update.h"
#include "ossa/systems/framework_py.h"
#include "ossa/type_safe_index_py.h"

namespace nb = nanobind;

namespace ossa::py {

namespace {

using systems::BasicVector;
using systems::CacheEntry;
using systems::CacheEntryValue;
using systems::Context;
using systems::ContextBase;
using systems::Diagram;
using systems::DiagramBuilder;
using systems::InputPort;
using systems::LeafSystem;
using systems::OutputPort;
using systems::System;
using systems::SystemBase;
using systems::VectorBase;

// A SystemVisitor subclassed in Python: both methods must be overridden.
template <typename T>
class PySystemVisitor : public systems::SystemVisitor<T> {
 public:
  NB_TRAMPOLINE(systems::SystemVisitor<T>, 2);

  void VisitSystem(const System<T>& system) override {
    Call("VisitSystem", &system);
  }
  void VisitDiagram(const Diagram<T>& diagram) override {
    Call("VisitDiagram", &diagram);
  }

 private:
  template <typename Arg>
  void Call(const char* name, const Arg* arg) {
    nb::gil_scoped_acquire gil;
    nanobind::detail::ticket ticket(nb_trampoline, name,
                                    nanobind::detail::str_hash(name), false);
    if (!ticket.key.is_valid()) {
      throw std::logic_error(std::string("SystemVisitor: the Python subclass "
                                         "does not override ") +
                             name + "()");
    }
    nb_trampoline.base().attr(ticket.key)(
        nb::cast(arg, nb::rv_policy::reference));
  }
};

// Calls LeafSystem's protected input-port declaration on any LeafSystem.
template <typename T>
class LeafInputPortAccess : public LeafSystem<T> {
 public:
  static InputPort<T>& DeclareVector(LeafSystem<T>* self,
                                     typename LeafSystem<T>::PortName name,
                                     int size) {
    using Fn =
        InputPort<T>& (LeafSystem<T>::*)(typename LeafSystem<T>::PortName, int);
    return (
        self->*static_cast<Fn>(&LeafInputPortAccess::DeclareVectorInputPort))(
        std::move(name), size);
  }
};

// Diagram port locators as the reference shows them: (System, index) pairs.
template <typename T, typename Map>
nb::dict LocatorMapToDict(const Map& map) {
  nb::dict result;
  for (const auto& [input, output] : map) {
    result[nb::make_tuple(nb::cast(input.first, nb::rv_policy::reference),
                          input.second)] =
        nb::make_tuple(nb::cast(output.first, nb::rv_policy::reference),
                       output.second);
  }
  return result;
}

template <typename T>
void DefineScalarApi(nb::module_ m) {
  const nb::object param = GetPyParam<T>();

  // SystemOutput_: the values of every output port.
  using Output = systems::SystemOutput<T>;
  DefineTemplateClassWithDefault<Output>(m, "SystemOutput", param,
                                         "The values of every output port of "
                                         "a System (System.AllocateOutput()).")
      .def("num_ports", &Output::num_ports)
      .def("get_data", &Output::get_data, nb::arg("index"),
           nb::rv_policy::reference_internal)
      .def("get_vector_data", &Output::get_vector_data, nb::arg("index"),
           nb::rv_policy::reference_internal);

  // SystemVisitor_, subclassable from Python.
  using Visitor = systems::SystemVisitor<T>;
  DefineTemplateClassWithDefault<Visitor, PySystemVisitor<T>>(
      m, "SystemVisitor", param,
      "Visits a System: System.Accept(visitor) calls VisitDiagram(diagram) "
      "for a Diagram, VisitSystem(system) for any other System.")
      .def(nb::init<>())
      .def("VisitSystem", &Visitor::VisitSystem, nb::arg("system"))
      .def("VisitDiagram", &Visitor::VisitDiagram, nb::arg("diagram"));

  // Subvector_ and Supervector_: views onto other vectors, which they keep
  // alive.
  DefineTemplateClassWithDefault<systems::Subvector<T>, VectorBase<T>>(
      m, "Subvector", param,
      "A window [first_element, first_element + num_elements) onto another "
      "vector.")
      .def(nb::init<VectorBase<T>*, int, int>(), nb::arg("vector"),
           nb::arg("first_element"), nb::arg("num_elements"),
           nb::keep_alive<1, 2>());
  DefineTemplateClassWithDefault<systems::Supervector<T>, VectorBase<T>>(
      m, "Supervector", param, "The concatenation of other vectors.")
      .def(
          "__init__",
          [](systems::Supervector<T>* self, nb::list vectors) {
            std::vector<VectorBase<T>*> parts;
            for (nb::handle v : vectors)
              parts.push_back(nb::cast<VectorBase<T>*>(v));
            new (self) systems::Supervector<T>(parts);
          },
          // The list, and through it each part, lives as long as the
          // Supervector.
          nb::arg("vectors"), nb::keep_alive<1, 2>());

  // LeafOutputPort_: the output ports LeafSystem declares.
  using LeafPort = systems::LeafOutputPort<T>;
  DefineTemplateClassWithDefault<LeafPort, OutputPort<T>>(
      m, "LeafOutputPort", param,
      "An output port of a LeafSystem, computed through a cache entry.")
      .def("cache_entry", &LeafPort::cache_entry,
           nb::rv_policy::reference_internal)
      .def("disable_caching_by_default", &LeafPort::disable_caching_by_default);

  // Members of System.
  nb::handle system = nb::type<System<T>>();
  nb::cpp_function_def(
      [](const System<T>& self) { return std::make_unique<Output>(self); },
      nb::scope(system), nb::name("AllocateOutput"), nb::is_method(),
      nb::keep_alive<0, 1>());
  nb::cpp_function_def(
      [](const System<T>& self, const Context<T>& context, Output* outputs) {
        systems::CalcSystemOutput(self, context, outputs);
      },
      nb::scope(system), nb::name("CalcOutput"), nb::is_method(),
      nb::arg("context"), nb::arg("outputs"));
  nb::cpp_function_def(
      [](const System<T>& self, const System<T>& subsystem,
         const Context<T>& context) -> const Context<T>& {
        if (const auto* d = dynamic_cast<const Diagram<T>*>(&self))
          return d->GetSubsystemContext(subsystem, context);
        self.ValidateContext(context);
        if (&subsystem != &self) {
          ThrowLogicError(
              "GetSubsystemContext(): {} subsystem '{}' is not contained in "
              "{} System '{}'.",
              subsystem.GetSystemType(), subsystem.GetSystemPathname(),
              self.GetSystemType(), self.GetSystemPathname());
        }
        return context;
      },
      nb::scope(system), nb::name("GetSubsystemContext"), nb::is_method(),
      nb::arg("subsystem"), nb::arg("context"), nb::rv_policy::reference,
      nb::keep_alive<0, 3>());
  nb::cpp_function_def(
      [](const System<T>& self, const System<T>& subsystem,
         Context<T>* context) -> Context<T>& {
        if (const auto* d = dynamic_cast<const Diagram<T>*>(&self))
          return d->GetMutableSubsystemContext(subsystem, context);
        self.ValidateContext(*context);
        if (&subsystem != &self) {
          ThrowLogicError(
              "GetMutableSubsystemContext(): {} subsystem '{}' is not "
              "contained in {} System '{}'.",
              subsystem.GetSystemType(), subsystem.GetSystemPathname(),
              self.GetSystemType(), self.GetSystemPathname());
        }
        return *context;
      },
      nb::scope(system), nb::name("GetMutableSubsystemContext"),
      nb::is_method(), nb::arg("subsystem"), nb::arg("context"),
      nb::rv_policy::reference, nb::keep_alive<0, 3>());
  nb::cpp_function_def(
      [](const System<T>& self, Visitor* v) {
        systems::AcceptSystemVisitor(self, v);
      },
      nb::scope(system), nb::name("Accept"), nb::is_method(), nb::arg("v"));
  nb::cpp_function_def(
      [](const System<T>& self, const Context<T>& context) {
        return systems::CalcUniquePeriodicDiscreteUpdate(self, context);
      },
      nb::scope(system), nb::name("EvalUniquePeriodicDiscreteUpdate"),
      nb::is_method(), nb::arg("context"));
  nb::cpp_function_def(
      // ossa's Systems declare no constraints on their state.
      [](const System<T>&) { return 0; }, nb::scope(system),
      nb::name("num_constraints"), nb::is_method());
  nb::cpp_function_def(
      [](const System<T>& self) -> const systems::SystemScalarConverter& {
        return self.get_system_scalar_converter();
      },
      nb::scope(system), nb::name("get_system_scalar_converter"),
      nb::is_method(), nb::rv_policy::reference_internal);
  nb::cpp_function_def(
      [](System<T>* self, nb::handle name, systems::PortDataType type, int size,
         nb::handle random_type) -> InputPort<T>& {
        auto* leaf = dynamic_cast<LeafSystem<T>*>(self);
        if (leaf == nullptr) {
          ThrowLogicError(
              "DeclareInputPort(): system '{}' is a {}, not a LeafSystem; "
              "only a LeafSystem declares ports this way.",
              self->GetSystemPathname(), self->GetSystemType());
        }
        if (!random_type.is_none()) {
          ThrowLogicError(
              "DeclareInputPort(): random input ports (random_type=...) are "
              "not supported by ossa (system '{}').",
              self->GetSystemPathname());
        }
        if (type != systems::kVectorValued) {
          ThrowLogicError(
              "DeclareInputPort(): an abstract-valued port needs a model "
              "value; use DeclareAbstractInputPort(name, model_value) "
              "(system '{}').",
              self->GetSystemPathname());
        }
        return LeafInputPortAccess<T>::DeclareVector(leaf, ToPortName(name),
                                                     size);
      },
      nb::scope(system), nb::name("DeclareInputPort"), nb::is_method(),
      nb::arg("name"), nb::arg("type"), nb::arg("size"),
      nb::arg("random_type").none() = nb::none(),
      nb::rv_policy::reference_internal);

  // Members of Diagram and DiagramBuilder: connections.
  nb::handle diagram = nb::type<Diagram<T>>();
  nb::cpp_function_def(
      [](const Diagram<T>& self) {
        return LocatorMapToDict<T>(self.connection_map());
      },
      nb::scope(diagram), nb::name("connection_map"), nb::is_method());
  nb::cpp_function_def(
      [](const Diagram<T>& self, systems::InputPortIndex port_index) {
        nb::list result;
        for (const auto& [s, i] : self.GetInputPortLocators(port_index))
          result.append(
              nb::make_tuple(nb::cast(s, nb::rv_policy::reference), i));
        return result;
      },
      nb::scope(diagram), nb::name("GetInputPortLocators"), nb::is_method(),
      nb::arg("port_index"));
  nb::cpp_function_def(
      [](const Diagram<T>& self, systems::OutputPortIndex port_index) {
        const auto& [s, i] = self.get_output_port_locator(port_index);
        return nb::make_tuple(nb::cast(s, nb::rv_policy::reference), i);
      },
      nb::scope(diagram), nb::name("get_output_port_locator"), nb::is_method(),
      nb::arg("port_index"));
  nb::handle builder = nb::type<DiagramBuilder<T>>();
  nb::cpp_function_def(
      [](const DiagramBuilder<T>& self) {
        return LocatorMapToDict<T>(self.connection_map());
      },
      nb::scope(builder), nb::name("connection_map"), nb::is_method());
  nb::cpp_function_def(&DiagramBuilder<T>::Disconnect, nb::scope(builder),
                       nb::name("Disconnect"), nb::is_method(),
                       nb::arg("source"), nb::arg("dest"));
  nb::cpp_function_def(&DiagramBuilder<T>::ConnectToSame, nb::scope(builder),
                       nb::name("ConnectToSame"), nb::is_method(),
                       nb::arg("exemplar"), nb::arg("dest"));
  nb::cpp_function_def(&DiagramBuilder<T>::RemoveSystem, nb::scope(builder),
                       nb::name("RemoveSystem"), nb::is_method(),
                       nb::arg("system"));

  // Context: state and parameters (not time, not accuracy) from another.
  nb::cpp_function_def(
      [](Context<T>& self, const Context<T>& source) {
        self.get_mutable_state().SetFrom(source.get_state());
        self.get_mutable_parameters().SetFrom(source.get_parameters());
      },
      nb::scope(nb::type<Context<T>>()), nb::name("SetStateAndParametersFrom"),
      nb::is_method(), nb::arg("source"));
}

// The scalar-independent classes.
void DefineCommonApi(nb::module_ m) {
  BindTypeSafeIndex<systems::SystemConstraintIndex>(m, "SystemConstraintIndex");

  using systems::SystemScalarConverter;
  nb::class_<SystemScalarConverter>(
      m, "SystemScalarConverter",
      "The scalar conversions a System supports (System.ToAutoDiffXd() and "
      "back). IsConvertible[T, U]() asks whether a System_[U] converts to a "
      "System_[T].")
      .def(nb::init<>(), "A converter that supports no conversion.")
      .def("__copy__",
           [](const SystemScalarConverter& self) {
             return SystemScalarConverter(self);
           })
      .def("_IsConvertibleToAutoDiffXdFromFloat",
           &SystemScalarConverter::IsConvertible<AutoDiffXd, double>)
      .def("_IsConvertibleToFloatFromAutoDiffXd",
           &SystemScalarConverter::IsConvertible<double, AutoDiffXd>);

  nb::class_<CacheEntryValue>(
      m, "CacheEntryValue",
      "The value of a cache entry in one Context, with its out-of-date flag.")
      .def("GetValueOrThrow",
           [](nb::handle self) {
             const auto& value = nb::cast<const CacheEntryValue&>(self);
             if (value.is_out_of_date()) {
               ThrowLogicError(
                   "CacheEntryValue({})::GetValueOrThrow(): the current value "
                   "is out of date.",
                   value.description());
             }
             return nb::cast(&value.GetAbstractValueOrThrow(),
                             nb::rv_policy::reference_internal, self)
                 .attr("get_value")();
           })
      .def("GetMutableValueOrThrow",
           [](nb::handle self) {
             // Writable access is for recomputing an out-of-date value (the
             // caller then marks it up to date).
             auto& value = nb::cast<CacheEntryValue&>(self);
             if (!value.is_out_of_date()) {
               ThrowLogicError(
                   "CacheEntryValue({})::GetMutableValueOrThrow(): the current "
                   "value is already up to date.",
                   value.description());
             }
             return nb::cast(&value.GetMutableAbstractValueOrThrow(),
                             nb::rv_policy::reference_internal, self)
                 .attr("get_mutable_value")();
           })
      .def("description", &CacheEntryValue::description)
      .def("cache_index", &CacheEntryValue::cache_index)
      .def("ticket", &CacheEntryValue::ticket)
      .def("is_out_of_date", &CacheEntryValue::is_out_of_date)
      .def("needs_recomputation", &CacheEntryValue::needs_recomputation)
      .def("is_cache_entry_disabled", &CacheEntryValue::is_cache_entry_disabled)
      .def("serial_number", &CacheEntryValue::serial_number)
      .def("mark_out_of_date", &CacheEntryValue::mark_out_of_date)
      .def("mark_up_to_date", &CacheEntryValue::mark_up_to_date)
      .def("GetAbstractValueOrThrow", &CacheEntryValue::GetAbstractValueOrThrow,
           nb::rv_policy::reference_internal);

  nb::handle cache_entry = nb::type<CacheEntry>();
  nb::cpp_function_def(
      [](const CacheEntry& self,
         const ContextBase& context) -> const CacheEntryValue& {
        return self.get_cache_entry_value(context);
      },
      nb::scope(cache_entry), nb::name("get_cache_entry_value"),
      nb::is_method(), nb::arg("context"), nb::rv_policy::reference,
      nb::keep_alive<0, 2>());
  nb::cpp_function_def(
      [](const CacheEntry& self, ContextBase* context) -> CacheEntryValue& {
        return self.get_mutable_cache_entry_value(*context);
      },
      nb::scope(cache_entry), nb::name("get_mutable_cache_entry_value"),
      nb::is_method(), nb::arg("context"), nb::rv_policy::reference,
      nb::keep_alive<0, 2>());

  // SystemBase: sizes that System<T> knows.
  nb::handle system_base = nb::type<SystemBase>();
  nb::cpp_function_def(
      // The number in the system's Graphviz node id ("s<id>").
      [](const SystemBase& self) { return self.get_system_id(); },
      nb::scope(system_base), nb::name("_system_id"), nb::is_method());
  auto as_system = [](const SystemBase& self, auto f) {
    if (const auto* s = dynamic_cast<const System<double>*>(&self))
      return f(*s);
    if (const auto* s = dynamic_cast<const System<AutoDiffXd>*>(&self))
      return f(*s);
    return f(dynamic_cast<const System<symbolic::Expression>&>(self));
  };
  nb::cpp_function_def(
      [as_system](const SystemBase& self) {
        return as_system(
            self, [](const auto& s) { return s.num_continuous_states(); });
      },
      nb::scope(system_base), nb::name("num_continuous_states"),
      nb::is_method());
  nb::cpp_function_def(
      [as_system](const SystemBase& self) {
        return as_system(self, [](const auto& s) {
          return s.implicit_time_derivatives_residual_size();
        });
      },
      nb::scope(system_base),
      nb::name("implicit_time_derivatives_residual_size"), nb::is_method());

  // System_[AutoDiffXd] and System_[Expression] back to float
  // (System.Clone() and ToScalarType[float]() in framework.py); None if
  // unsupported.
  nb::cpp_function_def(
      [](const System<AutoDiffXd>& self) {
        return self.ToScalarTypeMaybe<double>();
      },
      nb::scope(nb::type<System<AutoDiffXd>>()), nb::name("_ToFloatMaybe"),
      nb::is_method());
  nb::cpp_function_def(
      [](const System<symbolic::Expression>& self) {
        return self.ToScalarTypeMaybe<double>();
      },
      nb::scope(nb::type<System<symbolic::Expression>>()),
      nb::name("_ToFloatMaybe"), nb::is_method());

  // System.CalcImplicitTimeDerivativesResidual (float): into `residual`, a
  // writable numpy array, or returned.
  nb::handle system = nb::type<System<double>>();
  nb::cpp_function_def(
      [](const System<double>& self, const Context<double>& context,
         const systems::ContinuousState<double>& proposed_derivatives,
         nb::handle residual) -> nb::object {
        Eigen::VectorXd r(self.implicit_time_derivatives_residual_size());
        self.CalcImplicitTimeDerivativesResidual(context, proposed_derivatives,
                                                 &r);
        if (residual.is_none()) return nb::cast(r);
        const auto size = nb::cast<int64_t>(residual.attr("size"));
        if (size != r.size()) {
          throw nb::value_error(
              ("CalcImplicitTimeDerivativesResidual(): residual has size " +
               std::to_string(size) + "; expected " + std::to_string(r.size()))
                  .c_str());
        }
        residual.attr("__setitem__")(nb::ellipsis(), nb::cast(r));
        return nb::none();
      },
      nb::scope(system), nb::name("CalcImplicitTimeDerivativesResidual"),
      nb::is_method(), nb::arg("context"), nb::arg("proposed_derivatives"),
      nb::arg("residual").none() = nb::none());
}

// The AutoDiffXd and Expression instantiations of the event classes,
// WitnessFunction_, LeafContext_ and Parameters_ (the float ones are in
// framework_leaf_system_py.cc and framework_parameters_py.cc).
template <typename T>
void DefineScalarEventsAndContexts(nb::module_ m) {
  const nb::object param = GetPyParam<T>();
  DefineTemplateClassWithDefault<systems::LeafContext<T>, Context<T>>(
      m, "LeafContext", param);
  using EventT = systems::Event<T>;
  DefineTemplateClassWithDefault<EventT>(m, "Event", param)
      .def("get_trigger_type", &EventT::get_trigger_type);
  DefineTemplateClassWithDefault<systems::PublishEvent<T>, EventT>(
      m, "PublishEvent", param);
  DefineTemplateClassWithDefault<systems::DiscreteUpdateEvent<T>, EventT>(
      m, "DiscreteUpdateEvent", param);
  DefineTemplateClassWithDefault<systems::UnrestrictedUpdateEvent<T>, EventT>(
      m, "UnrestrictedUpdateEvent", param);
  using Witness = systems::WitnessFunction<T>;
  DefineTemplateClassWithDefault<Witness>(m, "WitnessFunction", param)
      .def("description", &Witness::description)
      .def("direction_type", &Witness::direction_type)
      .def("get_system", &Witness::get_system, nb::rv_policy::reference)
      .def("CalcWitnessValue", &Witness::CalcWitnessValue, nb::arg("context"));
  using Params = systems::Parameters<T>;
  DefineTemplateClassWithDefault<Params>(m, "Parameters", param)
      .def(nb::init<>())
      .def("num_numeric_parameter_groups",
           &Params::num_numeric_parameter_groups)
      .def("num_abstract_parameters", &Params::num_abstract_parameters)
      .def("get_numeric_parameter", &Params::get_numeric_parameter,
           nb::arg("index"), nb::rv_policy::reference_internal)
      .def(
          "get_abstract_parameter",
          [](const Params& self, int index) -> const AbstractValue& {
            return self.get_abstract_parameter(index);
          },
          nb::arg("index"), nb::rv_policy::reference_internal)
      .def("Clone", &Params::Clone);
}

}  // namespace

void DefineSystemsFrameworkApi(nb::module_ m) {
  DefineScalarEventsAndContexts<AutoDiffXd>(m);
  DefineScalarEventsAndContexts<symbolic::Expression>(m);
  DefineScalarApi<double>(m);
  DefineScalarApi<AutoDiffXd>(m);
  DefineScalarApi<symbolic::Expression>(m);
  DefineCommonApi(m);
}

}  // namespace ossa::py
