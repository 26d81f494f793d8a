#pragma once

/// @file
/// BindTypeSafeIndex<Index>(m, "BodyIndex", doc): binds an ossa::TypeSafeIndex
/// instantiation as the reference binds its index types:
///  - BodyIndex() is invalid, BodyIndex(3) valid; a negative value throws
///    (RuntimeError); a Python int converts implicitly where a BodyIndex is
///    expected;
///  - is_valid(), int(i) and operator.index(i) (both throw on an invalid
///    index), so an index can index a list or a numpy array;
///  - ==, != and ordering with the same kind and with plain ints (ordering
///    against an int needs a valid index); another kind of index is not
///    comparable (== gives False, < raises TypeError);
///  - hash(i) == hash(int(i)), so indices and ints find the same dict keys;
///  - repr "BodyIndex(3)" ("BodyIndex()" when invalid), copy, deepcopy,
///    pickle.

#include <Python.h>
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include <cstdint>
#include <optional>
#include <string>

#include "ossa/common/type_safe_index.h"

namespace ossa::py {

namespace internal {
/// The value of a plain Python integer (int, numpy integer; not bool-like
/// bound objects or other index kinds), or nullopt.
inline std::optional<int64_t> AsPlainInt(nanobind::handle h) {
  if (nanobind::inst_check(h)) return std::nullopt;  // a bound class
  if (PyFloat_Check(h.ptr())) return std::nullopt;
  if (!PyLong_Check(h.ptr()) && !PyIndex_Check(h.ptr())) return std::nullopt;
  PyObject* as_long = PyNumber_Index(h.ptr());
  if (!as_long) {
    PyErr_Clear();
    return std::nullopt;
  }
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(as_long, &overflow);
  Py_DECREF(as_long);
  if (overflow != 0 || (v == -1 && PyErr_Occurred())) {
    PyErr_Clear();
    return std::nullopt;
  }
  return v;
}
}  // namespace internal

template <typename Index>
nanobind::class_<Index> BindTypeSafeIndex(nanobind::handle scope,
                                          const char* name,
                                          const char* doc = "") {
  namespace nb = nanobind;
  nb::class_<Index> cls(scope, name, doc);
  const std::string type_name = name;
  // Ordering against an int: via int(self), which throws if invalid.
  auto compare = [](int op) {
    return [op](const Index& self, nb::handle other) -> nb::object {
      int64_t a, b;
      if (nb::isinstance<Index>(other)) {
        a = self.raw();
        b = nb::cast<const Index&>(other).raw();
      } else if (auto v = internal::AsPlainInt(other)) {
        if (op == Py_EQ || op == Py_NE) {
          a = self.raw();
        } else {
          a = static_cast<int>(self);
        }
        b = *v;
      } else {
        return nb::borrow(Py_NotImplemented);
      }
      bool r = false;
      switch (op) {
        case Py_EQ:
          r = a == b;
          break;
        case Py_NE:
          r = a != b;
          break;
        case Py_LT:
          r = a < b;
          break;
        case Py_LE:
          r = a <= b;
          break;
        case Py_GT:
          r = a > b;
          break;
        case Py_GE:
          r = a >= b;
          break;
      }
      return nb::bool_(r);
    };
  };
  cls.def(nb::init<>(), "Constructs an invalid index.")
      .def(nb::init_implicit<int64_t>(), nb::arg("index"),
           "Constructs the index `index`; throws if it is negative.")
      .def("is_valid", &Index::is_valid,
           "Reports if the index is valid (default-constructed indices are "
           "not).")
      .def("__int__", [](const Index& self) { return static_cast<int>(self); })
      .def("__index__",
           [](const Index& self) { return static_cast<int>(self); })
      .def("__eq__", compare(Py_EQ), nb::is_operator())
      .def("__ne__", compare(Py_NE), nb::is_operator())
      .def("__lt__", compare(Py_LT), nb::is_operator())
      .def("__le__", compare(Py_LE), nb::is_operator())
      .def("__gt__", compare(Py_GT), nb::is_operator())
      .def("__ge__", compare(Py_GE), nb::is_operator())
      .def("__hash__",
           [](const Index& self) { return nb::hash(nb::int_(self.raw())); })
      .def("__repr__",
           [type_name](const Index& self) {
             return self.is_valid()
                        ? type_name + "(" + std::to_string(self.raw()) + ")"
                        : type_name + "()";
           })
      .def("__copy__", [](const Index& self) { return self; })
      .def(
          "__deepcopy__", [](const Index& self, nb::handle) { return self; },
          nb::arg("memo"))
      .def("__getstate__", [](const Index& self) { return self.raw(); })
      .def("__setstate__", [](Index& self, int64_t raw) {
        new (&self) Index();
        if (raw >= 0) self = Index(raw);
      });
  return cls;
}

}  // namespace ossa::py
