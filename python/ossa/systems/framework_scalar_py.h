#pragma once

/// @file
/// Bindings of ossa.systems.framework for the scalars other than float, as a
/// template over the scalar T: the instantiations VectorBase_[T],
/// BasicVector_, ContinuousState_, DiscreteValues_, State_, Context_,
/// InputPort_, OutputPort_, System_, LeafSystem_, Diagram_ and
/// DiagramBuilder_[T], with what it takes to evaluate a converted system
/// (e.g. MultibodyPlant.ToAutoDiffXd(), Adder.ToSymbolic()): contexts, state
/// access, fixed input values and the dynamics. Instantiated for AutoDiffXd
/// in framework_autodiff_py.cc and for symbolic::Expression in
/// framework_symbolic_py.cc (two translation units that compile in
/// parallel). LeafSystem_[T] and Diagram_[T] are subclassable from Python
/// (framework_subclass_scalar_py.h: vector ports, continuous and discrete
/// state, time derivatives; BuildInto); Simulator stays float only.

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "ossa/autodiff_caster.h"
#include "ossa/bindings.h"
#include "ossa/common/error.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/leaf_system.h"

namespace nb = nanobind;

namespace ossa::py {
namespace internal_framework {

/// LeafSystem_[T] and Diagram_[T] with their Python trampolines; defined in
/// framework_subclass_scalar_py.h, which the files that instantiate this
/// template include.
template <typename T>
void DefineScalarLeafSystemAndDiagram(nb::module_ m);

// More members of Context_, State_, DiscreteValues_, BasicVector_,
// InputPort_, OutputPort_, System_, Diagram_ and DiagramBuilder_[T]: state
// and parameter access, subsystem contexts from the root, port
// descriptions and the queries that do not need a Python subclass
// (framework.py adds the ones written in Python to every scalar).
template <typename T>
void DoDefineFrameworkScalarMembers() {
  using systems::BasicVector;
  using systems::Context;
  using systems::Diagram;
  using systems::DiagramBuilder;
  using systems::DiscreteValues;
  using systems::InputPort;
  using systems::OutputPort;
  using systems::State;
  using systems::System;
  using Vector = VectorX<T>;

  nb::handle context = nb::type<Context<T>>();
  DefMethod(
      context, "SetDiscreteState",
      [](Context<T>& c, const Vector& xd) { c.SetDiscreteState(xd); },
      nb::arg("xd"));
  DefMethod(
      context, "SetDiscreteState",
      [](Context<T>& c, int group, const Vector& xd) {
        c.SetDiscreteState(group, xd);
      },
      nb::arg("group_index"), nb::arg("xd"));
  DefMethod(
      context, "SetTimeAndContinuousState",
      [](Context<T>& c, const T& t, const Vector& xc) {
        c.SetTimeAndContinuousState(t, xc);
      },
      nb::arg("time_sec"), nb::arg("xc"));
  DefMethod(
      context, "SetTimeStateAndParametersFrom",
      [](Context<T>& c, const Context<double>& source) {
        c.SetTimeStateAndParametersFrom(source);
      },
      nb::arg("source"));
  if constexpr (!std::is_same_v<T, double>) {
    // From a Context of the same scalar (the structures must match, as
    // State::SetFrom and Parameters::SetFrom check).
    DefMethod(
        context, "SetTimeStateAndParametersFrom",
        [](Context<T>& c, const Context<T>& source) {
          c.SetTime(source.get_time());
          c.SetAccuracy(source.get_accuracy());
          c.get_mutable_state().SetFrom(source.get_state());
          c.get_mutable_parameters().SetFrom(source.get_parameters());
        },
        nb::arg("source"));
  }
  DefMethod(context, "SetAccuracy", &Context<T>::SetAccuracy,
            nb::arg("accuracy").none());
  DefMethod(context, "get_accuracy", &Context<T>::get_accuracy);
  DefMethod(context, "is_stateless", &Context<T>::is_stateless);
  DefMethod(context, "num_abstract_states", &Context<T>::num_abstract_states);
  DefMethod(context, "num_abstract_parameters",
            &Context<T>::num_abstract_parameters);
  DefMethod(
      context, "get_mutable_continuous_state",
      [](Context<T>& c) -> systems::ContinuousState<T>& {
        return c.get_mutable_continuous_state();
      },
      kRefInternal);
  DefMethod(
      context, "get_mutable_discrete_state",
      [](Context<T>& c) -> DiscreteValues<T>& {
        return c.get_mutable_discrete_state();
      },
      kRefInternal);
  DefMethod(
      context, "get_mutable_discrete_state",
      [](Context<T>& c, int index) -> BasicVector<T>& {
        return c.get_mutable_discrete_state(index);
      },
      nb::arg("index"), kRefInternal);
  DefMethod(
      context, "get_discrete_state",
      [](const Context<T>& c, int index) -> const BasicVector<T>& {
        return c.get_discrete_state(index);
      },
      nb::arg("index"), kRefInternal);
  DefMethod(
      context, "get_discrete_state_vector",
      [](const Context<T>& c) -> const BasicVector<T>& {
        return c.get_discrete_state_vector();
      },
      kRefInternal);
  DefMethod(
      context, "get_mutable_discrete_state_vector",
      [](Context<T>& c) -> BasicVector<T>& {
        return c.get_mutable_discrete_state_vector();
      },
      kRefInternal);
  DefMethod(
      context, "get_abstract_state",
      [](const Context<T>& c, int i) -> const AbstractValue& {
        return c.get_abstract_state().get_value(i);
      },
      nb::arg("index"), kRefInternal);
  DefMethod(
      context, "get_mutable_abstract_state",
      [](Context<T>& c, int i) -> AbstractValue& {
        return c.get_mutable_abstract_state().get_mutable_value(i);
      },
      nb::arg("index"), kRefInternal);
  DefMethod(
      context, "get_abstract_parameter",
      [](const Context<T>& c, int i) -> const AbstractValue& {
        return c.get_abstract_parameter(i);
      },
      nb::arg("index"), kRefInternal);
  DefMethod(
      context, "get_mutable_abstract_parameter",
      [](Context<T>& c, int i) -> AbstractValue& {
        return c.get_mutable_abstract_parameter(i);
      },
      nb::arg("index"), kRefInternal);
  DefMethod(
      context, "get_parameters",
      [](const Context<T>& c) -> const systems::Parameters<T>& {
        return c.get_parameters();
      },
      kRefInternal);
  DefMethod(
      context, "get_mutable_parameters",
      [](Context<T>& c) -> systems::Parameters<T>& {
        return c.get_mutable_parameters();
      },
      kRefInternal);

  nb::handle discrete = nb::type<DiscreteValues<T>>();
  DefMethod(
      discrete, "get_value",
      [](const DiscreteValues<T>& x, int i) { return Vector(x.value(i)); },
      nb::arg("index") = 0);
  DefMethod(
      discrete, "get_mutable_vector",
      [](DiscreteValues<T>& x, int i) -> BasicVector<T>& {
        return x.get_mutable_vector(i);
      },
      nb::arg("index") = 0, kRefInternal);
  DefMethod(
      discrete, "set_value",
      [](DiscreteValues<T>& x, int i, const Vector& value) {
        x.get_mutable_vector(i).set_value(value);
      },
      nb::arg("index"), nb::arg("value"));
  DefMethod(
      discrete, "set_value",
      [](DiscreteValues<T>& x, const Vector& value) {
        x.get_mutable_vector(0).set_value(value);
      },
      nb::arg("value"));
  DefMethod(
      discrete, "SetFrom",
      [](DiscreteValues<T>& x, const DiscreteValues<T>& other) {
        x.SetFrom(other);
      },
      nb::arg("other"));
  // From float values, as the reference takes them.
  DefMethod(
      discrete, "SetFrom",
      [](DiscreteValues<T>& x, const DiscreteValues<double>& other) {
        if (other.num_groups() != x.num_groups()) {
          ThrowLogicError(
              "DiscreteValues.SetFrom(): the source has {} groups; this has "
              "{}.",
              other.num_groups(), x.num_groups());
        }
        for (int i = 0; i < x.num_groups(); ++i) {
          if (other.get_vector(i).size() != x.get_vector(i).size()) {
            ThrowLogicError(
                "DiscreteValues.SetFrom(): group {} has size {} in the "
                "source and {} here.",
                i, other.get_vector(i).size(), x.get_vector(i).size());
          }
          x.get_mutable_vector(i).set_value(
              other.get_vector(i).value().template cast<T>());
        }
      },
      nb::arg("other"));
  DefMethod(discrete, "Clone", &DiscreteValues<T>::Clone);

  nb::handle basic = nb::type<BasicVector<T>>();
  DefMethod(basic, "Clone", &BasicVector<T>::Clone);

  // Lambdas, as some of these members are PortBase's.
  nb::handle input = nb::type<InputPort<T>>();
  DefMethod(input, "get_data_type",
            [](const InputPort<T>& self) { return self.get_data_type(); });
  DefMethod(input, "ticket",
            [](const InputPort<T>& self) { return self.ticket(); });
  DefMethod(input, "GetFullDescription",
            [](const InputPort<T>& self) { return self.GetFullDescription(); });
  DefMethod(
      input, "get_system",
      [](const InputPort<T>& self) -> const System<T>& {
        return self.get_system();
      },
      nb::rv_policy::reference);
  DefMethod(
      input, "HasValue",
      [](const InputPort<T>& self, const Context<T>& context) {
        return self.HasValue(context);
      },
      nb::arg("context"));
  DefMethod(input, "Allocate",
            [](const InputPort<T>& self) { return self.Allocate(); });
  nb::handle output = nb::type<OutputPort<T>>();
  DefMethod(output, "get_data_type",
            [](const OutputPort<T>& self) { return self.get_data_type(); });
  DefMethod(
      output, "get_system",
      [](const OutputPort<T>& self) -> const System<T>& {
        return self.get_system();
      },
      nb::rv_policy::reference);
  DefMethod(output, "Allocate",
            [](const OutputPort<T>& self) { return self.Allocate(); });
  DefMethod(
      output, "EvalAbstract",
      [](const OutputPort<T>& self, const Context<T>& context)
          -> const AbstractValue& { return self.EvalAbstract(context); },
      nb::arg("context"), kRefInternal);

  nb::handle system = nb::type<System<T>>();
  DefMethod(system, "GetMyContextFromRoot", &System<T>::GetMyContextFromRoot,
            nb::arg("root_context"), nb::rv_policy::reference,
            nb::keep_alive<0, 2>());
  DefMethod(
      system, "GetMyMutableContextFromRoot",
      [](const System<T>& self, Context<T>* root) -> Context<T>& {
        return self.GetMyMutableContextFromRoot(root);
      },
      nb::arg("root_context"), nb::rv_policy::reference,
      nb::keep_alive<0, 2>());
  DefMethod(system, "HasInputPort", &System<T>::HasInputPort,
            nb::arg("port_name"));
  DefMethod(system, "HasOutputPort", &System<T>::HasOutputPort,
            nb::arg("port_name"));
  DefMethod(system, "HasAnyDirectFeedthrough",
            &System<T>::HasAnyDirectFeedthrough);
  DefMethod(
      system, "HasDirectFeedthrough",
      [](const System<T>& self, int output_port) {
        return self.HasDirectFeedthrough(output_port);
      },
      nb::arg("output_port"));
  DefMethod(
      system, "HasDirectFeedthrough",
      [](const System<T>& self, int input_port, int output_port) {
        return self.HasDirectFeedthrough(input_port, output_port);
      },
      nb::arg("input_port"), nb::arg("output_port"));
  DefMethod(system, "EvalPotentialEnergy", &System<T>::EvalPotentialEnergy,
            nb::arg("context"));
  DefMethod(system, "EvalKineticEnergy", &System<T>::EvalKineticEnergy,
            nb::arg("context"));
  DefMethod(system, "CalcConservativePower", &System<T>::CalcConservativePower,
            nb::arg("context"));
  DefMethod(system, "CalcNonConservativePower",
            &System<T>::CalcNonConservativePower, nb::arg("context"));
  DefMethod(system, "AllocateContext", &System<T>::AllocateContext,
            nb::keep_alive<0, 1>());
  DefMethod(system, "IsDifferenceEquationSystem", [](const System<T>& self) {
    double period = 0;
    const bool result = self.IsDifferenceEquationSystem(&period);
    return std::make_pair(result, period);
  });

  DefMethod(system, "SetRandomContext", &System<T>::SetRandomContext,
            nb::arg("context"), nb::arg("generator"));
  DefMethod(system, "AllocateInputVector", &System<T>::AllocateInputVector,
            nb::arg("input_port"));
  DefMethod(system, "AllocateInputAbstract", &System<T>::AllocateInputAbstract,
            nb::arg("input_port"));
  DefMethod(system, "EvalVectorInput", &System<T>::EvalVectorInput,
            nb::arg("context"), nb::arg("port_index"), kRefInternal);
  DefMethod(system, "AllocateImplicitTimeDerivativesResidual",
            &System<T>::AllocateImplicitTimeDerivativesResidual);
  DefMethod(system, "GetUniquePeriodicDiscreteUpdateAttribute",
            &System<T>::GetUniquePeriodicDiscreteUpdateAttribute);
  DefMethod(system, "CalcForcedUnrestrictedUpdate",
            &System<T>::CalcForcedUnrestrictedUpdate, nb::arg("context"),
            nb::arg("state"));
  DefMethod(system, "ForcedPublish", &System<T>::ForcedPublish,
            nb::arg("context"));
  DefMethod(system, "ExecuteForcedEvents", &System<T>::ExecuteForcedEvents,
            nb::arg("context"), nb::arg("publish") = true);
  DefMethod(system, "ExecuteInitializationEvents",
            &System<T>::ExecuteInitializationEvents, nb::arg("context"));

  using systems::ContinuousState;
  nb::handle xc = nb::type<ContinuousState<T>>();
  DefMethod(xc, "Clone", &ContinuousState<T>::Clone);
  DefMethod(xc, "SetFrom", &ContinuousState<T>::SetFrom, nb::arg("other"));
  DefMethod(
      xc, "SetFrom",
      [](ContinuousState<T>& self, const ContinuousState<double>& other) {
        if (other.size() != self.size()) {
          ThrowLogicError(
              "ContinuousState.SetFrom(): the source has size {}; this has "
              "{}.",
              other.size(), self.size());
        }
        self.SetFromVector(other.CopyToVector().template cast<T>());
      },
      nb::arg("other"));
  DefMethod(xc, "get_mutable_generalized_position",
            &ContinuousState<T>::get_mutable_generalized_position,
            kRefInternal);
  DefMethod(xc, "get_mutable_generalized_velocity",
            &ContinuousState<T>::get_mutable_generalized_velocity,
            kRefInternal);
  DefMethod(xc, "get_misc_continuous_state",
            &ContinuousState<T>::get_misc_continuous_state, kRefInternal);
  DefMethod(xc, "get_mutable_misc_continuous_state",
            &ContinuousState<T>::get_mutable_misc_continuous_state,
            kRefInternal);

  nb::handle diagram = nb::type<Diagram<T>>();
  DefMethod(
      diagram, "GetMutableSubsystemState",
      [](const Diagram<T>& self, const System<T>& subsystem,
         Context<T>* context) -> State<T>& {
        return self.GetMutableSubsystemState(subsystem, context);
      },
      nb::arg("subsystem"), nb::arg("context"), kRefInternal);
  DefMethod(diagram, "AreConnected", &Diagram<T>::AreConnected,
            nb::arg("output"), nb::arg("input"));

  nb::handle builder = nb::type<DiagramBuilder<T>>();
  DefMethod(
      builder, "ConnectInput",
      [](DiagramBuilder<T>& self, const std::string& name,
         const InputPort<T>& input) { self.ConnectInput(name, input); },
      nb::arg("diagram_port_name"), nb::arg("input"));
  DefMethod(builder, "GetSubsystemByName",
            &DiagramBuilder<T>::GetSubsystemByName, nb::arg("name"),
            kRefInternal);
  DefMethod(builder, "HasSubsystemNamed", &DiagramBuilder<T>::HasSubsystemNamed,
            nb::arg("name"));
  DefMethod(builder, "IsConnectedOrExported",
            &DiagramBuilder<T>::IsConnectedOrExported, nb::arg("port"));
  DefMethod(builder, "already_built", &DiagramBuilder<T>::already_built);
  DefMethod(builder, "num_input_ports", &DiagramBuilder<T>::num_input_ports);
  DefMethod(builder, "num_output_ports", &DiagramBuilder<T>::num_output_ports);
}

template <typename T>
void DoDefineFrameworkScalar(nb::module_ m) {
  using systems::BasicVector;
  using systems::Context;
  using systems::ContinuousState;
  using systems::DiscreteValues;
  using systems::InputPort;
  using systems::LeafSystem;
  using systems::OutputPort;
  using systems::State;
  using systems::System;
  using systems::SystemBase;
  using systems::VectorBase;

  DefineTemplateClassWithDefault<VectorBase<T>>(m, "VectorBase",
                                                GetPyParam<T>())
      .def("size", &VectorBase<T>::size)
      .def("__len__", &VectorBase<T>::size)
      .def("CopyToVector", &VectorBase<T>::CopyToVector)
      .def(
          "SetFromVector",
          [](VectorBase<T>& v, const VectorX<T>& value) {
            v.SetFromVector(value);
          },
          nb::arg("value"))
      .def("SetZero", &VectorBase<T>::SetZero)
      .def(
          "GetAtIndex",
          [](const VectorBase<T>& v, int i) { return v.GetAtIndex(i); },
          nb::arg("index"))
      .def("SetAtIndex", &VectorBase<T>::SetAtIndex, nb::arg("index"),
           nb::arg("value"))
      .def("__getitem__", [](const VectorBase<T>& v, int i) {
        if (i < 0 || i >= v.size()) throw nb::index_error();
        return v[i];
      });
  DefineTemplateClassWithDefault<BasicVector<T>, VectorBase<T>>(
      m, "BasicVector", GetPyParam<T>())
      .def(nb::init<int>(), nb::arg("size"))
      .def(nb::init<const VectorX<T>&>(), nb::arg("data"))
      .def("value",
           [](const BasicVector<T>& v) { return VectorX<T>(v.value()); })
      .def("get_value",
           [](const BasicVector<T>& v) { return VectorX<T>(v.value()); })
      .def(
          "set_value",
          [](BasicVector<T>& v, const VectorX<T>& value) {
            v.set_value(value);
          },
          nb::arg("value"));

  DefineTemplateClassWithDefault<ContinuousState<T>>(m, "ContinuousState",
                                                     GetPyParam<T>())
      .def("size", &ContinuousState<T>::size)
      .def("__len__", &ContinuousState<T>::size)
      .def("num_q", &ContinuousState<T>::num_q)
      .def("num_v", &ContinuousState<T>::num_v)
      .def("num_z", &ContinuousState<T>::num_z)
      .def("get_vector", &ContinuousState<T>::get_vector, kRefInternal)
      .def("get_mutable_vector", &ContinuousState<T>::get_mutable_vector,
           kRefInternal)
      .def("get_generalized_position",
           &ContinuousState<T>::get_generalized_position, kRefInternal)
      .def("get_generalized_velocity",
           &ContinuousState<T>::get_generalized_velocity, kRefInternal)
      .def("CopyToVector", &ContinuousState<T>::CopyToVector)
      .def(
          "SetFromVector",
          [](ContinuousState<T>& x, const VectorX<T>& value) {
            x.SetFromVector(value);
          },
          nb::arg("value"))
      .def("__getitem__", [](const ContinuousState<T>& x, int i) {
        if (i < 0 || i >= x.size()) throw nb::index_error();
        return x[i];
      });

  DefineTemplateClassWithDefault<DiscreteValues<T>>(m, "DiscreteValues",
                                                    GetPyParam<T>())
      .def("num_groups", &DiscreteValues<T>::num_groups)
      .def("size", &DiscreteValues<T>::size)
      .def(
          "get_vector",
          [](DiscreteValues<T>& x, int i) -> BasicVector<T>& {
            return x.get_mutable_vector(i);
          },
          nb::arg("index") = 0, kRefInternal)
      .def(
          "value",
          [](const DiscreteValues<T>& x, int i) {
            return VectorX<T>(x.value(i));
          },
          nb::arg("index") = 0);

  DefineTemplateClassWithDefault<State<T>>(m, "State", GetPyParam<T>())
      .def("get_continuous_state", &State<T>::get_continuous_state,
           kRefInternal)
      .def("get_mutable_continuous_state",
           &State<T>::get_mutable_continuous_state, kRefInternal)
      .def("get_discrete_state",
           nb::overload_cast<>(&State<T>::get_discrete_state, nb::const_),
           kRefInternal)
      .def("get_mutable_discrete_state",
           nb::overload_cast<>(&State<T>::get_mutable_discrete_state),
           kRefInternal);

  DefineTemplateClassWithDefault<Context<T>, systems::ContextBase>(
      m, "Context", GetPyParam<T>())
      .def("get_time", &Context<T>::get_time)
      .def("SetTime", &Context<T>::SetTime, nb::arg("time_sec"))
      .def("Clone", &Context<T>::Clone)
      .def("__copy__", &Context<T>::Clone)
      .def("__deepcopy__",
           [](const Context<T>& self, nb::dict) { return self.Clone(); })
      .def("get_state", &Context<T>::get_state, kRefInternal)
      .def("get_mutable_state", &Context<T>::get_mutable_state, kRefInternal)
      .def("get_continuous_state", &Context<T>::get_continuous_state,
           kRefInternal)
      .def("get_continuous_state_vector",
           &Context<T>::get_continuous_state_vector, kRefInternal)
      .def("get_mutable_continuous_state_vector",
           &Context<T>::get_mutable_continuous_state_vector, kRefInternal)
      .def(
          "SetContinuousState",
          [](Context<T>& self, const VectorX<T>& xc) {
            self.SetContinuousState(xc);
          },
          nb::arg("xc"))
      .def("get_discrete_state",
           nb::overload_cast<>(&Context<T>::get_discrete_state, nb::const_),
           kRefInternal)
      .def("num_continuous_states", &Context<T>::num_continuous_states)
      .def("num_discrete_state_groups", &Context<T>::num_discrete_state_groups)
      .def("num_numeric_parameter_groups",
           &Context<T>::num_numeric_parameter_groups)
      .def(
          "get_numeric_parameter",
          [](const Context<T>& self, int index) -> const BasicVector<T>& {
            return self.get_numeric_parameter(index);
          },
          nb::arg("index"), kRefInternal)
      .def(
          "get_mutable_numeric_parameter",
          [](Context<T>& self, int index) -> BasicVector<T>& {
            return self.get_mutable_numeric_parameter(index);
          },
          nb::arg("index"), kRefInternal);

  DefineTemplateClassWithDefault<InputPort<T>>(m, "InputPort", GetPyParam<T>())
      .def("get_name", [](const InputPort<T>& self) { return self.get_name(); })
      .def("size", [](const InputPort<T>& self) { return self.size(); })
      .def("get_index",
           [](const InputPort<T>& self) { return int{self.get_index()}; })
      .def(
          "FixValue",
          [](const InputPort<T>& self, Context<T>* context,
             const VectorX<T>& value) { self.FixValue(context, value); },
          nb::arg("context"), nb::arg("value"))
      .def(
          "FixValue",
          // An abstract-valued port (e.g. SceneGraph's pose ports): an
          // AbstractValue, or any value AbstractValue.Make() wraps.
          [](const InputPort<T>& self, Context<T>* context, nb::handle value) {
            // A vector port given numbers (a list of floats): constants.
            if (self.get_data_type() == systems::kVectorValued &&
                !nb::isinstance<AbstractValue>(value)) {
              self.FixValue(context, nb::cast<VectorX<T>>(value));
              return;
            }
            nb::object made = nb::borrow(value);
            if (!nb::isinstance<AbstractValue>(value)) {
              made = nb::module_::import_("ossa.common.value")
                         .attr("AbstractValue")
                         .attr("Make")(value);
            }
            self.FixValueAbstract(context,
                                  nb::cast<const AbstractValue&>(made));
          },
          nb::arg("context"), nb::arg("value"))
      .def(
          "Eval",
          // A vector port's value as an array of T; an abstract port's
          // held value (a reference into the Context, kept alive).
          [](const InputPort<T>& self, nb::handle context) -> nb::object {
            const Context<T>& c = nb::cast<const Context<T>&>(context);
            if (self.get_data_type() == systems::kVectorValued) {
              return nb::cast(VectorX<T>(self.Eval(c)));
            }
            return nb::cast(&self.EvalAbstract(c),
                            nb::rv_policy::reference_internal, context)
                .attr("get_value")();
          },
          nb::arg("context"))
      .def("EvalAbstract", &InputPort<T>::EvalAbstract, nb::arg("context"),
           nb::rv_policy::reference_internal);

  DefineTemplateClassWithDefault<OutputPort<T>>(m, "OutputPort",
                                                GetPyParam<T>())
      .def("get_name",
           [](const OutputPort<T>& self) { return self.get_name(); })
      .def("size", [](const OutputPort<T>& self) { return self.size(); })
      .def("get_index",
           [](const OutputPort<T>& self) { return int{self.get_index()}; })
      .def(
          "Eval",
          // A vector port's value as an array of T; an abstract
          // port's held value (a reference into the Context's cache).
          [](const OutputPort<T>& self, nb::handle context) {
            const AbstractValue& value =
                self.EvalAbstract(nb::cast<const Context<T>&>(context));
            if (self.get_data_type() == systems::kVectorValued) {
              return nb::cast(
                  VectorX<T>(value.get_value<BasicVector<T>>().value()));
            }
            // A reference into the Context, which it keeps alive.
            return nb::cast(&value, nb::rv_policy::reference_internal, context)
                .attr("get_value")();
          },
          nb::arg("context"));

  DefineTemplateClassWithDefault<System<T>, SystemBase>(m, "System",
                                                        GetPyParam<T>())
      // The System outlives the Context (which refers to its structures).
      .def("CreateDefaultContext", &System<T>::CreateDefaultContext,
           nb::keep_alive<0, 1>())
      .def("SetDefaultContext", &System<T>::SetDefaultContext,
           nb::arg("context"))
      .def("AllocateTimeDerivatives", &System<T>::AllocateTimeDerivatives)
      .def("AllocateDiscreteVariables", &System<T>::AllocateDiscreteVariables)
      .def("num_continuous_states", &System<T>::num_continuous_states)
      .def("CalcTimeDerivatives", &System<T>::CalcTimeDerivatives,
           nb::arg("context"), nb::arg("derivatives"))
      .def("EvalTimeDerivatives", &System<T>::EvalTimeDerivatives,
           nb::arg("context"), kRefInternal)
      .def("CalcForcedDiscreteVariableUpdate",
           nb::overload_cast<const Context<T>&, DiscreteValues<T>*>(
               &System<T>::CalcForcedDiscreteVariableUpdate, nb::const_),
           nb::arg("context"), nb::arg("discrete_state"))
      .def("CalcPotentialEnergy", &System<T>::CalcPotentialEnergy,
           nb::arg("context"))
      .def("CalcKineticEnergy", &System<T>::CalcKineticEnergy,
           nb::arg("context"))
      .def("num_input_ports",
           [](const System<T>& self) { return self.num_input_ports(); })
      .def("num_output_ports",
           [](const System<T>& self) { return self.num_output_ports(); })
      .def(
          "get_input_port",
          [](const System<T>& self, int index) -> const InputPort<T>& {
            return self.get_input_port(index);
          },
          nb::arg("port_index"), kRefInternal)
      .def(
          "get_output_port",
          [](const System<T>& self, int index) -> const OutputPort<T>& {
            return self.get_output_port(index);
          },
          nb::arg("port_index"), kRefInternal)
      .def(
          "get_input_port",
          [](const System<T>& self) -> const InputPort<T>& {
            return self.get_input_port();
          },
          kRefInternal)
      .def(
          "get_output_port",
          [](const System<T>& self) -> const OutputPort<T>& {
            return self.get_output_port();
          },
          kRefInternal)
      .def("GetInputPort", &System<T>::GetInputPort, nb::arg("port_name"),
           kRefInternal)
      .def("GetOutputPort", &System<T>::GetOutputPort, nb::arg("port_name"),
           kRefInternal)
      .def("ToAutoDiffXd", &System<T>::ToAutoDiffXd)
      .def("ToAutoDiffXdMaybe", &System<T>::ToAutoDiffXdMaybe)
      .def("ToSymbolic", &System<T>::ToSymbolic)
      .def("ToSymbolicMaybe", &System<T>::ToSymbolicMaybe);

  // LeafSystem_[T], Diagram_[T] (both subclassable from Python) and
  // DiagramBuilder_[T]: diagrams of T systems (primitives, converted plants,
  // systems written in Python) built in Python.
  DefineScalarLeafSystemAndDiagram<T>(m);
  using systems::Diagram;
  using systems::DiagramBuilder;
  // The builder (then the diagram) keeps the Python systems alive.
  auto keep_alive = [](nb::handle obj) {
    obj.inc_ref();
    return std::shared_ptr<void>(obj.ptr(), [](void* p) {
      if (!Py_IsInitialized()) return;
      nb::gil_scoped_acquire gil;
      Py_DECREF(static_cast<PyObject*>(p));
    });
  };
  DefineTemplateClassWithDefault<DiagramBuilder<T>>(m, "DiagramBuilder",
                                                    GetPyParam<T>())
      .def(nb::init<>())
      .def(
          "AddSystem",
          [keep_alive](DiagramBuilder<T>& self, nb::object system) {
            self.AddExternallyOwnedSystem(nb::cast<System<T>*>(system),
                                          keep_alive(system));
            return system;
          },
          nb::arg("system"))
      .def(
          "AddNamedSystem",
          [keep_alive](DiagramBuilder<T>& self, std::string name,
                       nb::object system) {
            nb::cast<System<T>*>(system)->set_name(name);
            self.AddExternallyOwnedSystem(nb::cast<System<T>*>(system),
                                          keep_alive(system));
            return system;
          },
          nb::arg("name"), nb::arg("system"))
      .def("Connect",
           nb::overload_cast<const OutputPort<T>&, const InputPort<T>&>(
               &DiagramBuilder<T>::Connect),
           nb::arg("src"), nb::arg("dest"))
      .def(
          "ExportInput",
          [](DiagramBuilder<T>& self, const InputPort<T>& input,
             std::optional<std::string> name) {
            return name ? self.ExportInput(input, *name)
                        : self.ExportInput(input);
          },
          nb::arg("input"), nb::arg("name").none() = nb::none())
      .def(
          "ExportOutput",
          [](DiagramBuilder<T>& self, const OutputPort<T>& output,
             std::optional<std::string> name) {
            return name ? self.ExportOutput(output, *name)
                        : self.ExportOutput(output);
          },
          nb::arg("output"), nb::arg("name").none() = nb::none())
      .def("ConnectInput",
           nb::overload_cast<const std::string&, const InputPort<T>&>(
               &DiagramBuilder<T>::ConnectInput),
           nb::arg("diagram_port_name"), nb::arg("input"))
      .def("GetSystems", &DiagramBuilder<T>::GetSystems, kRefInternal)
      .def("empty", &DiagramBuilder<T>::empty)
      .def("Build", &DiagramBuilder<T>::Build)
      .def("BuildInto", &DiagramBuilder<T>::BuildInto, nb::arg("target"));
  DoDefineFrameworkScalarMembers<T>();
}

}  // namespace internal_framework

/// ossa.systems.framework for AutoDiffXd (framework_autodiff_py.cc) and
/// symbolic::Expression (framework_symbolic_py.cc).
void DefineSystemsFrameworkAutoDiff(nb::module_ m);
void DefineSystemsFrameworkSymbolic(nb::module_ m);

}  // namespace ossa::py
