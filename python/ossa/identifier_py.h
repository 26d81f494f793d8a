#pragma once

/// @file
/// BindIdentifier<Id>(m, name): the Python class of an identifier type
/// (geometry::Identifier<Tag>: SourceId, GeometryId, MultibodyConstraintId,
/// ...) as the reference binds it: get_new_id(), get_value(), is_valid(),
/// comparisons, hashing, "<Name value=N>" repr and copies.

#include <fmt/format.h>

#include <functional>

#include "ossa/bindings.h"

namespace ossa::py {

template <typename Id>
void BindIdentifier(nanobind::module_ m, const char* name) {
  namespace nb = nanobind;
  nb::class_<Id>(m, name)
      .def_static("get_new_id", &Id::get_new_id)
      .def("get_value", &Id::get_value)
      .def("is_valid", &Id::is_valid)
      .def("__eq__", [](const Id& a, const Id& b) { return a == b; })
      .def("__ne__", [](const Id& a, const Id& b) { return a != b; })
      .def("__lt__", [](const Id& a, const Id& b) { return a < b; })
      .def("__hash__", [](const Id& a) { return std::hash<Id>()(a); })
      .def("__repr__",
           [name](const Id& a) {
             return fmt::format("<{} value={}>", name, a.to_string());
           })
      .def("__copy__", [](const Id& a) { return a; })
      .def("__deepcopy__", [](const Id& a, nb::handle) { return a; });
}

}  // namespace ossa::py
