#pragma once

/// @file
/// The one header a binding file (*_py.cc) includes. It brings nanobind with
/// the casters ossa uses and the ossa helpers:
///
///  - Eigen matrices of double  <-> numpy float64 arrays (nanobind's
///    nanobind/eigen/dense.h: fixed and dynamic sizes, Ref, Map); read-only
///    ones also accept lists, tuples and other sequences of floats
///    (sequence_caster.h), as the reference's bindings do;
///  - Eigen matrices of AutoDiffXd <-> numpy arrays of dtype=object holding
///    AutoDiffXd (autodiff_caster.h; float arrays are accepted and promoted
///    to constants);
///  - std::string, std::vector, std::optional, std::unique_ptr, std::function
///    casters (nanobind/stl/...);
///  - the template machinery (template_util.h): GetPyParam<T>(),
///    GetPyParamName<T>(), DefineTemplateClassWithDefault, AddTemplateClass,
///    AddTemplateFunction, AddTemplateMethod, type_visit over DefaultScalars;
///  - DefCopyAndDeepCopy, DefPickle (below), BindTypeSafeIndex
///    (type_safe_index_py.h) and AddValueInstantiation (value_util.h).
///
/// HOW TO bind a class template on the default scalars
/// ---------------------------------------------------------------------------
///   #include "ossa/bindings.h"
///   #include "ossa/py_util.h"
///   #include "ossa/math/rigid_transform.h"
///
///   namespace ossa::py {
///   namespace {
///   template <typename T>
///   void DoDefineRigidTransform(nb::module_ m) {
///     using Class = math::RigidTransform<T>;
///     // Class "RigidTransform_[float]" / "RigidTransform_[AutoDiffXd]",
///     // registered in the TemplateClass m.RigidTransform_; the float one
///     // (the first registered) also becomes m.RigidTransform.
///     auto cls = DefineTemplateClassWithDefault<Class>(
///         m, "RigidTransform", GetPyParam<T>(), "Docstring.");
///     cls.def(nb::init<>())
///         .def(nb::init<const math::RotationMatrix<T>&, const Vector3<T>&>(),
///              nb::arg("R"), nb::arg("p"))
///         // Vector3<T> converts to numpy float64 (T = double) or to a
///         // numpy object array of AutoDiffXd (T = AutoDiffXd).
///         .def("translation", &Class::translation,
///              nb::rv_policy::copy)
///         .def("multiply", [](const Class& self, const Class& other) {
///                return self * other; }, nb::arg("other"))
///         .def("__matmul__", [](const Class& self, const Class& other) {
///                return self * other; }, nb::is_operator());
///     DefCopyAndDeepCopy(cls);
///     DefPickle(cls,
///         [](const Class& self) {
///           return std::make_tuple(self.rotation().matrix(),
///                                  Vector3<T>(self.translation())); },
///         [](std::tuple<Matrix3<T>, Vector3<T>> state) {
///           return Class(math::RotationMatrix<T>(std::get<0>(state)),
///                        std::get<1>(state)); });
///   }
///   }  // namespace
///
///   void DefineMath(nb::module_ m) {
///     // Order matters: double first, so it is the default (RigidTransform).
///     type_visit([m](auto tag) {
///       DoDefineRigidTransform<typename decltype(tag)::type>(m);
///     }, DefaultScalars{});
///   }
///   }  // namespace ossa::py
///
/// Python then sees ossa.math.RigidTransform_[float] (is RigidTransform),
/// RigidTransform_[AutoDiffXd], RigidTransform_.param_list ==
/// [(float,), (AutoDiffXd,)]. The pure-Python re-export module
/// (ossa/math.py) needs nothing more: `from ossa._ext.math import *` brings
/// the template, the alias and the instantiations.
///
/// Notes
///  - A class used as a parameter or in a signature must be bound before the
///    bindings that use it (AutoDiffXd is bound in ossa._ext.autodiffutils,
///    which runs right after ossa._ext.common).
///  - Methods returning `const Vector3<double>&`: nanobind returns a numpy
///    view into the C++ object with reference_internal (the default for
///    methods); pass nb::rv_policy::copy for a detached copy. AutoDiffXd
///    matrices are always returned as new object arrays.
///  - Templated methods (a C++ member template): AddTemplateMethod(cls,
///    "CalcFoo", nb::cpp_function(&Class::template CalcFoo<U>,
///    nb::is_method()), GetPyParam<U>()).
///  - Binding order across scalars does not matter for calls (nanobind looks
///    types up when a function is called), so RigidTransform_[float] may
///    bind a method returning RigidTransform_[AutoDiffXd] before the latter
///    is bound; only the docstring signature shows the C++ name then.
///  - Double Eigen arguments taken by value or const reference (and
///    nb::ndarray<const double>) take numpy arrays, objects exposing the
///    buffer/DLPack protocols, and lists/tuples of floats (sequence_caster.h
///    specializes nanobind's read-only ndarray caster; numpy arrays take the
///    unchanged fast path). Writable Eigen::Ref<VectorXd> arguments need a
///    numpy array. AutoDiffXd matrices (autodiff_caster.h) take lists.
///  - Exceptions: std::logic_error and std::runtime_error become
///    RuntimeError, std::invalid_argument ValueError, std::out_of_range
///    IndexError.

#include <nanobind/eigen/dense.h>
#include <nanobind/nanobind.h>
#include <nanobind/operators.h>
#include <nanobind/stl/function.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/unique_ptr.h>
#include <nanobind/stl/vector.h>

#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

// sequence_caster.h first: it specializes a caster the others use.
#include "autodiff_caster.h"
#include "sequence_caster.h"
#include "template_util.h"
#include "type_safe_index_py.h"
#include "value_util.h"

namespace ossa::py {

// The return policy of accessors whose result lives inside `self`.
inline constexpr auto kRefInternal = nb::rv_policy::reference_internal;

/// Adds the method `name` to the bound class `cls` (an overload if it exists
/// already), for binding files that extend a class defined in another file.
template <typename Func, typename... Extra>
void DefMethod(nb::handle cls, const char* name, Func&& f,
               const Extra&... extra) {
  nb::cpp_function_def(std::forward<Func>(f), nb::scope(cls), nb::name(name),
                       nb::is_method(), extra...);
}

namespace internal {
template <typename F>
struct unary_arg : unary_arg<decltype(&F::operator())> {};
template <typename C, typename R, typename A>
struct unary_arg<R (C::*)(A) const> {
  using type = std::decay_t<A>;
};
template <typename C, typename R, typename A>
struct unary_arg<R (C::*)(A)> {
  using type = std::decay_t<A>;
};
template <typename R, typename A>
struct unary_arg<R (*)(A)> {
  using type = std::decay_t<A>;
};
}  // namespace internal

/// Defines __copy__ and __deepcopy__ from the C++ copy constructor (for
/// value types, whose members are all copied by the C++ copy).
template <typename Class, typename... Options>
void DefCopyAndDeepCopy(nb::class_<Class, Options...>& cls) {
  cls.def("__copy__", [](const Class& self) { return Class(self); });
  cls.def(
      "__deepcopy__", [](const Class& self, nb::handle) { return Class(self); },
      nb::arg("memo"));
}

/// Defines __init__(self, **kwargs) for a default-constructible struct whose
/// fields are bound as attributes (def_rw): each keyword sets the attribute
/// of that name, as the reference's config structs do
/// (SimulatorConfig(target_realtime_rate=2.0)); a name the class does not
/// have raises AttributeError, as there.
template <typename Class, typename... Options>
void DefKwargsInit(nb::class_<Class, Options...>& cls) {
  cls.def(
      "__init__",
      [](nb::pointer_and_handle<Class> self, nb::kwargs kwargs) {
        new (self.p) Class{};
        // The attributes' setters need a constructed (ready) instance.
        nb::inst_mark_ready(self.h);
        for (auto [key, value] : kwargs) nb::setattr(self.h, key, value);
      },
      "Sets the fields given by keyword; the others keep their defaults.");
}

/// Defines pickling: `get_state(const Class&)` returns any convertible state
/// (a std::tuple of Eigen matrices and scalars, say) and `make(state)`
/// builds a Class from it (it takes the same state type by value or const&).
/// Implemented with __getstate__/__setstate__, so pickle and copy both use
/// it.
template <typename Class, typename... Options, typename GetState, typename Make>
void DefPickle(nb::class_<Class, Options...>& cls, GetState get_state,
               Make make) {
  using State = typename internal::unary_arg<Make>::type;
  cls.def("__getstate__", get_state);
  cls.def("__setstate__", [make](Class& self, const State& state) {
    new (&self) Class(make(state));
  });
}

}  // namespace ossa::py
