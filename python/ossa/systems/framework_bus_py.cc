// Bindings of BusValue (ossa.systems.framework) and Value[BusValue].

#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>

#include <string>

#include "ossa/bindings.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/bus_value.h"
#include "ossa/value_util.h"

namespace nb = nanobind;

namespace ossa::py {

void DefineSystemsFrameworkBusValue(nb::module_ m) {
  using systems::BusValue;
  nb::class_<BusValue> bus(
      m, "BusValue",
      "Named signals (each an AbstractValue) grouped into one value, for a "
      "port that carries many; iterates over the names in the order they "
      "were first set.");
  bus.def(nb::init<>())
      .def("Clear", &BusValue::Clear, "Removes every signal.")
      .def(
          "Find",
          [](nb::handle self, const std::string& name) -> nb::object {
            const AbstractValue* value =
                nb::cast<const BusValue&>(self).Find(name);
            if (value == nullptr) return nb::none();
            return nb::cast(value, nb::rv_policy::reference_internal, self)
                .attr("get_value")();
          },
          nb::arg("name"),
          "The value of the signal `name`, or None if there is none.")
      .def("Set", &BusValue::Set, nb::arg("name"), nb::arg("value"),
           "Sets the signal `name` to a copy of `value` (an AbstractValue); "
           "a name already set keeps its type.")
      .def(
          "__getitem__",
          [](nb::handle self, const std::string& name) -> nb::object {
            const AbstractValue* value =
                nb::cast<const BusValue&>(self).Find(name);
            if (value == nullptr) throw nb::key_error(name.c_str());
            return nb::cast(value, nb::rv_policy::reference_internal, self)
                .attr("get_value")();
          },
          nb::arg("key"))
      .def("__iter__", [](const BusValue& self) {
        nb::list names;
        for (const auto& signal : self) names.append(signal.first);
        return nb::iter(names);
      });
  DefCopyAndDeepCopy(bus);
  AddValueInstantiation<BusValue>(m);
}

}  // namespace ossa::py
