// Bindings of ossa.systems.framework (float scalar), continued: the state and
// parameter containers AbstractValues and Parameters_, and the Context and
// State accessors that return them. A translation unit of its own so that
// framework_py.cc does not grow.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/context.h"
#include "ossa/systems/framework/parameters.h"
#include "ossa/systems/framework_py.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using systems::AbstractValues;
using systems::BasicVector;
using systems::Context;
using systems::DiscreteValues;
using systems::Parameters;
using systems::State;

using T = double;

std::vector<std::unique_ptr<AbstractValue>> CloneAll(
    const std::vector<const AbstractValue*>& values, const char* where) {
  std::vector<std::unique_ptr<AbstractValue>> result;
  for (const AbstractValue* value : values) {
    if (value == nullptr) {
      throw nb::type_error(
          (std::string(where) + ": None is not an AbstractValue").c_str());
    }
    result.push_back(value->Clone());
  }
  return result;
}

std::vector<std::unique_ptr<BasicVector<T>>> CloneAll(
    const std::vector<const BasicVector<T>*>& vectors, const char* where) {
  std::vector<std::unique_ptr<BasicVector<T>>> result;
  for (const BasicVector<T>* vector : vectors) {
    if (vector == nullptr) {
      throw nb::type_error(
          (std::string(where) + ": None is not a BasicVector").c_str());
    }
    result.push_back(vector->Clone());
  }
  return result;
}

void DefineAbstractValues(nb::module_ m) {
  nb::class_<AbstractValues>(
      m, "AbstractValues",
      "An indexed collection of AbstractValue (abstract state or "
      "parameters).")
      .def(nb::init<>())
      .def(
          "__init__",
          [](AbstractValues* self,
             const std::vector<const AbstractValue*>& data) {
            new (self) AbstractValues(CloneAll(data, "AbstractValues(data)"));
          },
          nb::arg("data"), "Holds copies of `data`.")
      .def("size", &AbstractValues::size)
      .def("get_value", &AbstractValues::get_value, nb::arg("index"),
           kRefInternal)
      .def("get_mutable_value", &AbstractValues::get_mutable_value,
           nb::arg("index"), kRefInternal)
      .def("SetFrom", &AbstractValues::SetFrom, nb::arg("other"))
      .def("Clone", &AbstractValues::Clone)
      .def("__copy__", &AbstractValues::Clone)
      .def(
          "__deepcopy__",
          [](const AbstractValues& self, nb::handle) { return self.Clone(); },
          nb::arg("memo"));
}

void DefineParameters(nb::module_ m) {
  using Class = Parameters<T>;
  auto cls = DefineTemplateClassWithDefault<Class>(
      m, "Parameters", GetPyParam<T>(),
      "A system's numeric (BasicVector groups) and abstract parameters.");
  using Vectors = std::vector<const BasicVector<T>*>;
  using Values = std::vector<const AbstractValue*>;
  cls.def(nb::init<>())
      .def(
          "__init__",
          [](Class* self, const Vectors& numeric, const Values& abstract) {
            new (self) Class(std::make_unique<DiscreteValues<T>>(CloneAll(
                                 numeric, "Parameters(numeric, abstract)")),
                             std::make_unique<AbstractValues>(CloneAll(
                                 abstract, "Parameters(numeric, abstract)")));
          },
          nb::arg("numeric"), nb::arg("abstract"))
      .def(
          "__init__",
          [](Class* self, const Vectors& numeric) {
            new (self) Class(CloneAll(numeric, "Parameters(numeric)"));
          },
          nb::arg("numeric"))
      .def(
          "__init__",
          [](Class* self, const Values& abstract) {
            new (self) Class(std::make_unique<DiscreteValues<T>>(),
                             std::make_unique<AbstractValues>(
                                 CloneAll(abstract, "Parameters(abstract)")));
          },
          nb::arg("abstract"))
      .def(
          "__init__",
          [](Class* self, const AbstractValue& value) {
            std::vector<std::unique_ptr<AbstractValue>> abstract;
            abstract.push_back(value.Clone());
            new (self)
                Class(std::make_unique<DiscreteValues<T>>(),
                      std::make_unique<AbstractValues>(std::move(abstract)));
          },
          nb::arg("value"))
      .def(
          "__init__",
          [](Class* self, const BasicVector<T>& vec) {
            std::vector<std::unique_ptr<BasicVector<T>>> numeric;
            numeric.push_back(vec.Clone());
            new (self) Class(std::move(numeric));
          },
          nb::arg("vec"))
      .def("num_numeric_parameter_groups", &Class::num_numeric_parameter_groups)
      .def("num_abstract_parameters", &Class::num_abstract_parameters)
      .def("get_numeric_parameter", &Class::get_numeric_parameter,
           nb::arg("index"), kRefInternal)
      .def("get_mutable_numeric_parameter",
           &Class::get_mutable_numeric_parameter, nb::arg("index"),
           kRefInternal)
      .def("get_numeric_parameters", &Class::get_numeric_parameters,
           kRefInternal)
      .def(
          "set_numeric_parameters",
          [](Class& self, const DiscreteValues<T>& numeric) {
            self.set_numeric_parameters(numeric.Clone());
          },
          nb::arg("numeric_params"))
      .def(
          "get_abstract_parameter",
          [](const Class& self, int index) -> const AbstractValue& {
            return self.get_abstract_parameter(index);
          },
          nb::arg("index"), kRefInternal)
      .def(
          "get_mutable_abstract_parameter",
          [](Class& self, int index) -> AbstractValue& {
            return self.get_mutable_abstract_parameter(index);
          },
          nb::arg("index"), kRefInternal)
      .def("get_abstract_parameters", &Class::get_abstract_parameters,
           kRefInternal)
      .def(
          "set_abstract_parameters",
          [](Class& self, const AbstractValues& abstract) {
            self.set_abstract_parameters(abstract.Clone());
          },
          nb::arg("abstract_params"))
      .def("SetFrom", &Class::SetFrom, nb::arg("other"))
      .def("Clone", &Class::Clone)
      .def("__copy__", &Class::Clone)
      .def(
          "__deepcopy__",
          [](const Class& self, nb::handle) { return self.Clone(); },
          nb::arg("memo"));
}

// Accessors of Context_[float] and State_[float] that return the
// containers above.
void DefineContainerAccessors() {
  nb::handle context = nb::type<Context<T>>();
  DefMethod(
      context, "get_parameters",
      [](const Context<T>& self) -> const Parameters<T>& {
        return self.get_parameters();
      },
      kRefInternal);
  DefMethod(
      context, "get_mutable_parameters",
      [](Context<T>& self) -> Parameters<T>& {
        return self.get_mutable_parameters();
      },
      kRefInternal);
  DefMethod(
      context, "get_abstract_state",
      [](const Context<T>& self) -> const AbstractValues& {
        return self.get_abstract_state();
      },
      kRefInternal);
  DefMethod(
      context, "get_mutable_abstract_state",
      [](Context<T>& self) -> AbstractValues& {
        return self.get_mutable_state().get_mutable_abstract_state();
      },
      kRefInternal);
  DefMethod(
      context, "get_mutable_abstract_parameter",
      [](Context<T>& self, int index) -> AbstractValue& {
        return self.get_mutable_abstract_parameter(index);
      },
      nb::arg("index"), kRefInternal);
  nb::handle state = nb::type<State<T>>();
  DefMethod(
      state, "get_abstract_state",
      [](const State<T>& self) -> const AbstractValues& {
        return self.get_abstract_state();
      },
      kRefInternal);
  DefMethod(
      state, "get_abstract_state",
      [](const State<T>& self, int index) -> const AbstractValue& {
        return self.get_abstract_state().get_value(index);
      },
      nb::arg("index"), kRefInternal);
  DefMethod(
      state, "get_mutable_abstract_state",
      [](State<T>& self) -> AbstractValues& {
        return self.get_mutable_abstract_state();
      },
      kRefInternal);
  DefMethod(
      state, "get_mutable_abstract_state",
      [](State<T>& self, int index) -> AbstractValue& {
        return self.get_mutable_abstract_state().get_mutable_value(index);
      },
      nb::arg("index"), kRefInternal);
}

}  // namespace

void DefineSystemsFrameworkParameters(nb::module_ m) {
  DefineAbstractValues(m);
  DefineParameters(m);
  DefineContainerAccessors();
  // Value[BasicVector_[float]]: the value type of a vector port.
  AddValueInstantiation<BasicVector<T>>(m);
}

}  // namespace ossa::py
