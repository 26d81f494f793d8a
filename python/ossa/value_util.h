#pragma once

/// @file
/// Binding helpers for AbstractValue / Value<T> (ossa.common.value).
/// AddValueInstantiation<T>(m) binds Value<T> as "Value[<T's Python name>]"
/// and registers it in the TemplateClass ossa.common.value.Value, so that
/// Value[T] and AbstractValue.Make(t) find it:
///
///   // in math_py.cc, after RigidTransform_[float] is bound:
///   AddValueInstantiation<math::RigidTransform<double>>(m);
///   // Python: Value[RigidTransform](X).get_value()
///
/// Value[object] holds any Python object (C++ type PyObjectHolder); cloning
/// such a value deep-copies the object, as the reference does.

#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/unique_ptr.h>

#include <memory>
#include <string>

#include "ossa/common/value.h"
#include "template_util.h"

namespace ossa::py {

/// The ossa._ext.common module (where the Value template lives); set by
/// DefineCommon, valid once it has run.
nb::handle GetCommonModule();

/// A Python object held by a C++ value (Value[object]). Copying deep-copies
/// the object (copy.deepcopy) so that a cloned Context does not share mutable
/// state with the original. Every operation takes the GIL, so a C++ thread
/// may copy or destroy it.
struct PyObjectHolder {
  PyObjectHolder() {
    nb::gil_scoped_acquire gil;
    obj = nb::none();
  }
  explicit PyObjectHolder(nb::object o) : obj(std::move(o)) {}
  PyObjectHolder(const PyObjectHolder& other) { *this = other; }
  PyObjectHolder(PyObjectHolder&& other) noexcept : obj(std::move(other.obj)) {}
  PyObjectHolder& operator=(PyObjectHolder&& other) noexcept {
    if (this != &other) {
      nb::gil_scoped_acquire gil;
      obj = std::move(other.obj);
    }
    return *this;
  }
  PyObjectHolder& operator=(const PyObjectHolder& other) {
    if (this != &other) {
      nb::gil_scoped_acquire gil;
      obj = nb::module_::import_("copy").attr("deepcopy")(other.obj);
    }
    return *this;
  }
  ~PyObjectHolder() {
    if (!obj.is_valid()) return;
    // After interpreter shutdown there is nobody to give the reference to.
    if (!Py_IsInitialized()) {
      obj.release();
      return;
    }
    nb::gil_scoped_acquire gil;
    obj.reset();
  }

  nb::object obj;
};

/// Binds Value<T> in `scope` as "Value[<param names>]" (param defaults to
/// GetPyParam<T>()) with __init__(), __init__(value), get_value,
/// get_mutable_value (references into the held value), set_value, and
/// copy/deepcopy; registers it in ossa.common.value.Value. T must be bound
/// (or be one of the builtin parameter types) before.
template <typename T>
nb::class_<Value<T>, AbstractValue> AddValueInstantiation(
    nb::handle scope, nb::handle param = nb::handle()) {
  nb::object p = param.is_valid() ? nb::borrow<nb::object>(param)
                                  : nb::object(GetPyParam<T>());
  const std::string name = TemplateInstantiationName("Value", p);
  nb::class_<Value<T>, AbstractValue> cls(
      scope, name.c_str(),
      "Holds a value of one C++ type; see ossa.common.value.");
  if constexpr (std::is_default_constructible_v<T>) {
    cls.def(nb::init<>());
  }
  cls.def(nb::init<const T&>(), nb::arg("value"))
      .def(
          "get_value",
          [](const Value<T>& self) -> const T& { return self.get_value(); },
          nb::rv_policy::reference_internal,
          "Returns the held value (a reference where the type allows).")
      .def(
          "get_mutable_value",
          [](Value<T>& self) -> T& { return self.get_mutable_value(); },
          nb::rv_policy::reference_internal,
          "Returns a mutable reference to the held value.")
      .def("set_value", &Value<T>::set_value, nb::arg("value"),
           "Replaces the held value with a copy of `value`.")
      .def("__copy__", [](const Value<T>& self) { return Value<T>(self); })
      .def(
          "__deepcopy__",
          [](const Value<T>& self, nb::handle) { return Value<T>(self); },
          nb::arg("memo"));
  AddTemplateClass(GetCommonModule(), "Value", cls, p);
  return cls;
}

}  // namespace ossa::py
