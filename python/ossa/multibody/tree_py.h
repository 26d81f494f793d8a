#pragma once

/// @file
/// Shared pieces of the ossa.multibody.tree and ossa.multibody.plant binding
/// files (tree_*_py.cc, plant_*_py.cc):
///
///  - the Define* functions of the files that make up those two modules;
///  - ownership of multibody elements: an element built in Python
///    (RevoluteJoint(...), FixedOffsetFrame(...), RigidBody(...)) is owned by
///    its Python object until it is added to a plant (plant.AddJoint(joint));
///    then the plant owns the C++ object, the same Python object stays valid,
///    and it keeps the plant alive. Elements returned by reference (a body from
///    plant.GetBodyByName, a frame from joint.frame_on_child()) keep the
///    object that returned them alive (reference_internal), so any Python
///    reference to an element keeps its plant alive;
///  - argument types that take numpy arrays, lists and tuples alike for
///    double vectors (nanobind's own Eigen caster takes arrays only).

#include <Python.h>
#include <nanobind/ndarray.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "ossa/common/autodiff.h"
#include "ossa/common/eigen_types.h"
#include "ossa/py_util.h"

namespace ossa::py {

namespace nb = nanobind;

void DefineMultibodyTreeElements(nb::module_ m);  // tree_elements_py.cc
void DefineMultibodyTreeJoints(nb::module_ m);    // tree_joints_py.cc
void DefineMultibodyTreeRandomDistributions(
    nb::module_ m);                                 // tree_random_py.cc
void DefineMultibodyTreeKinematics(nb::module_ m);  // tree_kinematics_py.cc
void DefineMultibodyTreeForces(nb::module_ m);      // tree_forces_py.cc
void DefineMultibodyTreeParameters(nb::module_ m);  // tree_parameters_py.cc

/// A vector of doubles of compile-time size N (Eigen::Dynamic for any) as a
/// function argument: accepts numpy arrays, lists, tuples and (for N = 1 or
/// dynamic) scalars, as pybind11's caster does for the reference.
template <int N>
struct DoubleVector {
  Eigen::Matrix<double, N, 1> value;
  operator const Eigen::Matrix<double, N, 1>&() const { return value; }
};
using VectorArg = DoubleVector<Eigen::Dynamic>;
using Vector3Arg = DoubleVector<3>;

/// The argument type of a VectorX<T> parameter: VectorArg for double (so
/// lists are accepted) and VectorX<T> for AutoDiffXd and Expression (whose
/// casters take lists).
template <typename T>
using VectorXArg =
    std::conditional_t<std::is_same_v<T, double>, VectorArg, VectorX<T>>;

inline const Eigen::VectorXd& Unwrap(const VectorArg& x) { return x.value; }
template <typename T>
const VectorX<T>& Unwrap(const VectorX<T>& x) {
  return x;
}

/// DefineTemplateClassWithDefault for the multibody elements and the plant:
/// their Python objects may be weakly referenced (as the reference's are).
template <typename Class, typename... Bases>
nb::class_<Class, Bases...> DefineElementClass(nb::handle scope,
                                               const char* default_name,
                                               nb::handle param,
                                               const char* doc = "") {
  return DefineTemplateClassWithDefault<Class, Bases...>(
      scope, default_name, param, doc, nb::is_weak_referenceable());
}

/// The bound class Name_[T] of `m`.
template <typename T>
nb::object GetTemplateClass(nb::handle m, const char* template_name) {
  return m.attr(template_name)[GetPyParam<T>()];
}

namespace internal {
/// Takes the C++ object out of the Python object `obj` (an element created
/// in Python by a factory constructor, see DefOwnedInit) so that a C++
/// container can own it. The Python object stays valid (it points at the
/// same C++ object) but no longer destroys it. Throws std::logic_error,
/// naming `method`, if the object is already owned by C++ (added before, or
/// returned by a plant).
template <typename Base>
std::unique_ptr<Base> ReleaseElementFromPython(nb::handle obj,
                                               const char* method) {
  Base* ptr = nb::cast<Base*>(obj);
  const auto [ready, destruct] = nb::inst_state(obj);
  if (!ready || !destruct) {
    throw std::logic_error(
        std::string(method) +
        "(): this element is already owned by a model (it was added before, "
        "or it was returned by a plant); add a newly constructed element.");
  }
  nb::inst_set_state(obj, true, false);
  return std::unique_ptr<Base>(ptr);
}

/// After a C++ Add* that took ownership of `obj`'s element failed: the
/// element is gone (deleted by the failed call), so the Python object must
/// never touch it again.
inline void InvalidateReleasedElement(nb::handle obj) {
  nb::inst_set_state(obj, false, false);
}

/// Call policy of the factory constructors: the new element (the return
/// value) keeps every bound object among the arguments alive (its frames,
/// its body, its joint), as the reference does, so that it never refers to
/// freed memory before it is added to a plant. Argument 0 is the class.
struct KeepArgumentsAlive {
  static void precall(PyObject**, size_t, nb::detail::cleanup_list*) {}
  static void postcall(PyObject** args, size_t nargs, nb::handle ret) {
    if (!ret.is_valid()) return;
    for (size_t i = 1; i < nargs; ++i) {
      if (args[i] != nullptr && nb::inst_check(args[i]))
        nb::keep_alive_obj(ret, args[i]);
    }
  }
};

template <typename PyClass, typename Func, typename R, typename... Args,
          typename... Extra>
void DefOwnedInitImpl(PyClass& cls, Func&& f, R (*)(Args...),
                      const Extra&... extra) {
  cls.def_static(
      "__new__",
      [f = std::forward<Func>(f)](nb::handle, Args... args) -> R {
        return f(std::forward<Args>(args)...);
      },
      nb::arg("cls"), extra..., nb::call_policy<KeepArgumentsAlive>());
}
}  // namespace internal

/// Adds a constructor overload to an element class whose C++ objects may
/// later be owned by a plant: `f(args...)` returns a std::unique_ptr to a
/// new object, which Python owns until it is handed over (see
/// internal::ReleaseElementFromPython). Call DefOwnedInitDone(cls) once after
/// the last overload. `extra` are the nb::arg annotations of `f`'s arguments.
template <typename PyClass, typename Func, typename... Extra>
void DefOwnedInit(PyClass& cls, Func&& f, const Extra&... extra) {
  using Sig = nb::detail::function_signature_t<std::decay_t<Func>>;
  internal::DefOwnedInitImpl(cls, std::forward<Func>(f),
                             static_cast<std::add_pointer_t<Sig>>(nullptr),
                             extra...);
}

/// The __init__ that goes with the DefOwnedInit overloads: nanobind calls
/// only __new__ when constructing, but Python-level calls of __init__
/// (a subclass's super().__init__(...)) must find one.
template <typename PyClass>
void DefOwnedInitDone(PyClass& cls) {
  cls.def("__init__", [](nb::handle, nb::args, nb::kwargs) {});
}

/// Hands the element held by the Python object `element` over to the C++
/// `add(std::unique_ptr<Base>)` (a plant's AddJoint, AddFrame, ...), then
/// makes `element` keep `owner` alive. Returns `element` itself, so that
/// `plant.AddJoint(RevoluteJoint(...))` gives back the same Python object.
template <typename Base, typename Add>
nb::object AddOwnedElement(nb::handle owner, nb::handle element,
                           const char* method, Add&& add) {
  std::unique_ptr<Base> owned =
      internal::ReleaseElementFromPython<Base>(element, method);
  try {
    add(std::move(owned));
  } catch (...) {
    internal::InvalidateReleasedElement(element);
    throw;
  }
  nb::keep_alive_obj(element, owner);
  return nb::borrow(element);
}

}  // namespace ossa::py

NAMESPACE_BEGIN(NB_NAMESPACE)
NAMESPACE_BEGIN(detail)

/// Caster of ossa::py::DoubleVector<N>: any object numpy.asarray turns into
/// a float64 array of N entries (after flattening).
template <int N>
struct type_caster<::ossa::py::DoubleVector<N>> {
  NB_TYPE_CASTER(::ossa::py::DoubleVector<N>,
                 const_name("numpy.ndarray[dtype=float64, shape=(") +
                     const_name<N == Eigen::Dynamic>(
                         const_name("*"),
                         const_name<(size_t)(N < 0 ? 0 : N)>()) +
                     const_name(")]"))

  bool from_python(handle src, uint32_t flags, cleanup_list*) noexcept {
    try {
      if (!src.is_valid() || src.is_none() || PyUnicode_Check(src.ptr()) ||
          PyBytes_Check(src.ptr()))
        return false;
      // Without conversion, only numpy float64 arrays (so that overloads on
      // AutoDiffXd arrays are tried before numbers are converted).
      module_ np = module_::import_("numpy");
      const bool is_array = isinstance(src, np.attr("ndarray"));
      if (!(flags & (uint32_t)cast_flags::convert)) {
        if (!is_array) return false;
        if (cast<std::string>(src.attr("dtype").attr("kind")) != "f")
          return false;
      }
      if (is_array) {
        const std::string kind =
            cast<std::string>(src.attr("dtype").attr("kind"));
        if (kind != "f" && kind != "i" && kind != "u" && kind != "b")
          return false;
      }
      object arr = np.attr("ascontiguousarray")(np.attr("asarray")(src),
                                                arg("dtype") = "float64")
                       .attr("reshape")(-1);
      auto data = cast<ndarray<const double, ndim<1>, c_contig>>(arr);
      const size_t n = data.shape(0);
      if (N != Eigen::Dynamic && n != static_cast<size_t>(N)) return false;
      value.value.resize(n);
      for (size_t i = 0; i < n; ++i) value.value[i] = data.data()[i];
      return true;
    } catch (...) {
      PyErr_Clear();
      return false;
    }
  }
  static handle from_cpp(const Value& v, rv_policy p,
                         cleanup_list* c) noexcept {
    return make_caster<Eigen::Matrix<double, N, 1>>::from_cpp(v.value, p, c);
  }
};

NAMESPACE_END(detail)
NAMESPACE_END(NB_NAMESPACE)
