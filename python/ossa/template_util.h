#pragma once

/// @file
/// C++ side of the Python template machinery (ossa.common.cpp_template):
/// registers bound instantiations of a C++ class or function template into a
/// Python TemplateClass / TemplateFunction / TemplateMethod, names them after
/// their parameters ("RigidTransform_[float]"), and defines the default alias
/// (`RigidTransform` is `RigidTransform_[float]`). See py_util.h for a
/// complete example.

#include <nanobind/nanobind.h>

#include <string>
#include <type_traits>
#include <utility>

#include "ossa/common/autodiff.h"

namespace ossa::py {

namespace nb = nanobind;

/// A type carried as a value, for iterating over type lists.
template <typename T>
struct type_tag {
  using type = T;
};
template <typename... Ts>
struct type_pack {};

/// The scalars every numeric class is bound for, in this order (the first is
/// the default). symbolic::Expression joins when it lands.
using DefaultScalars = type_pack<double, AutoDiffXd>;
using NonSymbolicScalars = type_pack<double, AutoDiffXd>;

/// Calls visitor(type_tag<T>{}) for each T of `pack`, in order:
///   type_visit([&](auto tag) { using T = typename decltype(tag)::type; ... },
///              DefaultScalars{});
template <typename Visitor, typename... Ts>
void type_visit(Visitor&& visitor, type_pack<Ts...>) {
  (visitor(type_tag<Ts>{}), ...);
}

/// Python object that stands for a C++ type held by a Python object of any
/// type (Value[object]); see value_util.h.
struct PyObjectHolder;

namespace internal {
template <typename T>
struct is_eigen_vector_xd : std::false_type {};
template <>
struct is_eigen_vector_xd<Eigen::VectorXd> : std::true_type {};

/// The Python module holding the pure-Python template implementation. It
/// lives outside ossa.common so that it can be imported while the extension
/// itself initialises.
inline nb::module_ cpp_template_module() {
  return nb::module_::import_("ossa._cpp_template");
}
}  // namespace internal

/// The Python object that stands for C++ type T as a template parameter:
/// double -> float, int -> int, bool -> bool, std::string -> str,
/// Eigen::VectorXd -> numpy.ndarray, PyObjectHolder -> object, and any bound
/// class -> its Python class (AutoDiffXd, RigidTransform_[float], ...).
/// Throws std::runtime_error if T is a class that is not bound yet.
template <typename T>
nb::object GetPyParamScalar() {
  auto builtin = [](PyTypeObject* t) {
    return nb::borrow<nb::object>(reinterpret_cast<PyObject*>(t));
  };
  if constexpr (std::is_same_v<T, double>) {
    return builtin(&PyFloat_Type);
  } else if constexpr (std::is_same_v<T, bool>) {
    return builtin(&PyBool_Type);
  } else if constexpr (std::is_same_v<T, int>) {
    return builtin(&PyLong_Type);
  } else if constexpr (std::is_same_v<T, std::string>) {
    return builtin(&PyUnicode_Type);
  } else if constexpr (std::is_same_v<T, PyObjectHolder>) {
    return builtin(&PyBaseObject_Type);
  } else if constexpr (internal::is_eigen_vector_xd<T>::value) {
    return nb::module_::import_("numpy").attr("ndarray");
  } else {
    nb::handle type = nb::type<T>();
    if (!type.is_valid()) {
      throw std::runtime_error(
          "GetPyParamScalar(): the C++ type used as a template parameter is "
          "not bound to Python yet; bind it before the templates that use "
          "it.");
    }
    return nb::borrow<nb::object>(type);
  }
}

/// The parameter tuple (T, U, ...) as Python objects.
template <typename... Ts>
nb::tuple GetPyParam() {
  return nb::make_tuple(GetPyParamScalar<Ts>()...);
}

/// The name of a parameter tuple as it appears between brackets: "float",
/// "AutoDiffXd", "float, int".
inline std::string GetPyParamNames(nb::handle param) {
  nb::object names =
      nb::module_::import_("ossa._cpp_param").attr("get_param_names")(param);
  std::string result;
  for (nb::handle name : names) {
    if (!result.empty()) result += ", ";
    result += nb::cast<std::string>(name);
  }
  return result;
}

/// The scalar's name as Python shows it: "float", "AutoDiffXd".
template <typename T>
std::string GetPyParamName() {
  return GetPyParamNames(GetPyParam<T>());
}

/// The name of the instantiation of template `template_name` for `param`:
/// TemplateInstantiationName("RigidTransform_", GetPyParam<T>()) is
/// "RigidTransform_[float]" or "RigidTransform_[AutoDiffXd]".
inline std::string TemplateInstantiationName(const std::string& template_name,
                                             nb::handle param) {
  return template_name + "[" + GetPyParamNames(param) + "]";
}

/// Adds `py_class` to the TemplateClass `template_name` of `scope` (created
/// on first use) as the instantiation for `param`, and returns the template.
/// The class is renamed "template_name[param names]" if it is not named so.
inline nb::object AddTemplateClass(nb::handle scope, const char* template_name,
                                   nb::handle py_class, nb::handle param) {
  nb::module_ impl = internal::cpp_template_module();
  nb::object tpl = impl.attr("get_or_init")(scope, template_name,
                                            impl.attr("TemplateClass"));
  tpl.attr("add_instantiation")(param, py_class);
  return tpl;
}

/// Adds the bound function `func` (an nb::cpp_function or any callable) to
/// the TemplateFunction `name` of `scope` for `param`; returns the template.
inline nb::object AddTemplateFunction(nb::handle scope, const char* name,
                                      nb::handle func, nb::handle param) {
  nb::module_ impl = internal::cpp_template_module();
  nb::object tpl =
      impl.attr("get_or_init")(scope, name, impl.attr("TemplateFunction"));
  tpl.attr("add_instantiation")(param, func);
  return tpl;
}

/// Adds `func` (taking self first) to the TemplateMethod `name` of the
/// class `py_class` for `param`: obj.name[param](args) calls it.
inline nb::object AddTemplateMethod(nb::handle py_class, const char* name,
                                    nb::handle func, nb::handle param) {
  nb::module_ impl = internal::cpp_template_module();
  nb::object tpl =
      impl.attr("get_or_init")(py_class, name, impl.attr("TemplateMethod"));
  tpl.attr("add_instantiation")(param, func);
  return tpl;
}

/// Binds `Class` (an instantiation of a C++ class template) as
/// "<default_name>_[<param>]" in `scope`, registers it in the TemplateClass
/// "<default_name>_" of `scope`, and, if `param` is the template's default
/// (the first registered, float for the scalar templates), sets
/// scope.<default_name> to it. Returns the nb::class_ for chaining .def().
/// `extra` is passed on to nb::class_ (nb::is_final(), nb::dynamic_attr(),
/// ...).
template <typename Class, typename... Options, typename... Extra>
nb::class_<Class, Options...> DefineTemplateClassWithDefault(
    nb::handle scope, const char* default_name, nb::handle param,
    const char* doc = "", const Extra&... extra) {
  const std::string template_name = std::string(default_name) + "_";
  const std::string name = TemplateInstantiationName(template_name, param);
  nb::class_<Class, Options...> cls(scope, name.c_str(), doc, extra...);
  nb::object tpl = AddTemplateClass(scope, template_name.c_str(), cls, param);
  if (tpl.attr("default").is(cls)) {
    nb::setattr(scope, default_name, cls);
  }
  return cls;
}

}  // namespace ossa::py
