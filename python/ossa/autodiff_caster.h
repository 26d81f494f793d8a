#pragma once

/// @file
/// nanobind type casters between Eigen matrices of AutoDiffXd (or of
/// symbolic::Expression) and numpy arrays of dtype=object holding
/// ossa.autodiffutils.AutoDiffXd (or ossa.symbolic.Expression) objects.
/// Everything below said of AutoDiffXd holds for Expression, whose entries
/// may also be ossa.symbolic.Variable objects (they become expressions).
///
/// Covered C++ types (any fixed or dynamic size, any storage order):
///  - Eigen::Matrix / Eigen::Array of AutoDiffXd, by value or const&, as
///    arguments and as return values;
///  - Eigen::Ref<const Matrix<AutoDiffXd, ...>> as arguments (the caster owns
///    a converted copy for the duration of the call);
///  - expression templates of AutoDiffXd (a returned `a + b` or `m.col(0)`),
///    as return values (evaluated, then converted).
/// A non-const Eigen::Ref<Matrix<AutoDiffXd...>> argument cannot write back
/// into Python objects and is rejected at compile time.
///
/// Python -> C++: accepts numpy arrays and (nested) sequences. Without
/// implicit conversion (nanobind's first overload pass) every entry must be
/// an AutoDiffXd; with conversion (second pass) entries may also be numbers
/// (float, int, numpy scalars), which become constants (empty derivatives),
/// and float/int arrays are accepted. So an overload set {f(MatrixXd),
/// f(MatrixX<AutoDiffXd>)} sends float arrays to the double overload and
/// object arrays of AutoDiffXd to the other.
/// Shapes: a 1-D array of length n goes to a column vector (n x 1), to a row
/// vector (1 x n) if the C++ type has one row at compile time, and to an
/// n x 1 dynamic matrix; a 2-D array must match rows x cols. Fixed sizes are
/// checked (a mismatch fails the cast, so nanobind reports a TypeError that
/// lists the expected signature).
///
/// C++ -> Python: a new numpy array of dtype=object holding fresh AutoDiffXd
/// copies: 1-D for types that are vectors at compile time, else 2-D.
///
/// The AutoDiffXd class itself is bound in autodiffutils_py.cc; every
/// translation unit that binds a function with AutoDiffXd matrices must
/// include this header (directly or through py_util.h), or nanobind would
/// not know how to convert them.

#include <Python.h>
#include <nanobind/eigen/dense.h>
#include <nanobind/nanobind.h>

#include <type_traits>

#include "ossa/common/autodiff.h"
#include "ossa/common/symbolic/expression.h"

namespace ossa::py::internal {

/// True for the scalars held in numpy object arrays (AutoDiffXd,
/// symbolic::Expression).
template <typename T>
constexpr bool is_autodiff_scalar_v =
    std::is_same_v<std::remove_cv_t<T>, ::ossa::AutoDiffXd> ||
    std::is_same_v<std::remove_cv_t<T>, ::ossa::symbolic::Expression>;

/// Reads one Python number (anything PyFloat_AsDouble accepts, except str
/// and None); returns false otherwise, with no Python error set.
inline bool LoadNumberEntry(PyObject* item, double* out) {
  if (PyUnicode_Check(item) || PyBytes_Check(item) || item == Py_None)
    return false;
  const double v = PyFloat_AsDouble(item);
  if (v == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    return false;
  }
  *out = v;
  return true;
}

/// Reads one Python object as an AutoDiffXd: an AutoDiffXd instance is
/// copied; with `convert`, a number (anything PyFloat_AsDouble accepts,
/// except str) becomes a constant. Returns false otherwise, with no Python
/// error set.
inline bool LoadAutoDiffEntry(PyObject* item, bool convert,
                              ::ossa::AutoDiffXd* out) {
  namespace nb = nanobind;
  nb::handle h(item);
  if (nb::isinstance<::ossa::AutoDiffXd>(h)) {
    *out = *nb::inst_ptr<::ossa::AutoDiffXd>(h);
    return true;
  }
  if (!convert) return false;
  double v;
  if (!LoadNumberEntry(item, &v)) return false;
  out->value() = v;
  out->derivatives().resize(0);
  return true;
}

/// Reads one Python object as an Expression: an Expression is shared; a
/// Variable becomes its expression; with `convert`, a number becomes a
/// constant.
inline bool LoadAutoDiffEntry(PyObject* item, bool convert,
                              ::ossa::symbolic::Expression* out) {
  namespace nb = nanobind;
  nb::handle h(item);
  if (nb::isinstance<::ossa::symbolic::Expression>(h)) {
    *out = *nb::inst_ptr<::ossa::symbolic::Expression>(h);
    return true;
  }
  if (nb::isinstance<::ossa::symbolic::Variable>(h)) {
    *out = ::ossa::symbolic::Expression(
        *nb::inst_ptr<::ossa::symbolic::Variable>(h));
    return true;
  }
  if (!convert) return false;
  double v;
  if (!LoadNumberEntry(item, &v)) return false;
  *out = v;
  return true;
}

}  // namespace ossa::py::internal

NAMESPACE_BEGIN(NB_NAMESPACE)
NAMESPACE_BEGIN(detail)

/// The "numpy.ndarray[dtype=object, shape=(3, *)]" name of an AutoDiffXd
/// Eigen type in signatures.
template <typename T>
constexpr auto autodiff_array_name() {
  constexpr int R = T::RowsAtCompileTime, C = T::ColsAtCompileTime;
  constexpr auto rows = const_name<R == Eigen::Dynamic>(
      const_name("*"), const_name<(size_t)(R < 0 ? 0 : R)>());
  constexpr auto cols = const_name<C == Eigen::Dynamic>(
      const_name("*"), const_name<(size_t)(C < 0 ? 0 : C)>());
  constexpr int N = T::SizeAtCompileTime;
  constexpr auto size = const_name<N == Eigen::Dynamic>(
      const_name("*"), const_name<(size_t)(N < 0 ? 0 : N)>());
  if constexpr (bool(T::IsVectorAtCompileTime)) {
    return const_name("numpy.ndarray[dtype=object, shape=(") + size +
           const_name(")]");
  } else {
    return const_name("numpy.ndarray[dtype=object, shape=(") + rows +
           const_name(", ") + cols + const_name(")]");
  }
}

/// Caster for Eigen::Matrix / Eigen::Array of AutoDiffXd.
template <typename T>
struct type_caster<T,
                   enable_if_t<is_eigen_plain_v<T>&& ::ossa::py::internal::
                                   is_autodiff_scalar_v<typename T::Scalar>>> {
  NB_TYPE_CASTER(T, autodiff_array_name<T>())

  static constexpr int kRows = T::RowsAtCompileTime;
  static constexpr int kCols = T::ColsAtCompileTime;

  bool from_python(handle src, uint32_t flags, cleanup_list*) noexcept {
    try {
      return Load(src, (flags & (uint32_t)cast_flags::convert) != 0);
    } catch (python_error&) {
      return false;  // the error was fetched (and so cleared) by python_error
    } catch (...) {
      PyErr_Clear();
      return false;
    }
  }

  bool Load(handle src, bool convert) {
    if (!src.is_valid() || src.is_none() || PyUnicode_Check(src.ptr()) ||
        PyBytes_Check(src.ptr()))
      return false;
    module_ np = module_::import_("numpy");
    object arr;
    if (isinstance(src, np.attr("ndarray"))) {
      arr = borrow(src);
    } else if (PySequence_Check(src.ptr())) {
      arr = np.attr("array")(src, arg("dtype") = "O");
    } else {
      return false;
    }
    const int nd = cast<int>(arr.attr("ndim"));
    if (nd != 1 && nd != 2) return false;
    ::nanobind::tuple shape = borrow<::nanobind::tuple>(arr.attr("shape"));
    Eigen::Index rows, cols;
    if (nd == 1) {
      const Eigen::Index n = cast<Eigen::Index>(shape[0]);
      if (kRows == 1 && kCols != 1) {
        rows = 1;
        cols = n;
      } else {
        rows = n;
        cols = 1;
      }
    } else {
      rows = cast<Eigen::Index>(shape[0]);
      cols = cast<Eigen::Index>(shape[1]);
    }
    if (kRows != Eigen::Dynamic && rows != kRows) return false;
    if (kCols != Eigen::Dynamic && cols != kCols) return false;
    if (T::MaxRowsAtCompileTime != Eigen::Dynamic &&
        rows > T::MaxRowsAtCompileTime)
      return false;
    if (T::MaxColsAtCompileTime != Eigen::Dynamic &&
        cols > T::MaxColsAtCompileTime)
      return false;

    // Entries in C order: entry (i, j) is flat[i * cols + j].
    const std::string kind = cast<std::string>(arr.attr("dtype").attr("kind"));
    T result;
    result.resize(rows, cols);
    if (kind == "O") {
      object flat = arr.attr("reshape")(-1).attr("tolist")();
      PyObject* list = flat.ptr();
      for (Eigen::Index i = 0; i < rows; ++i) {
        for (Eigen::Index j = 0; j < cols; ++j) {
          PyObject* item = PyList_GET_ITEM(list, i * cols + j);
          if (!::ossa::py::internal::LoadAutoDiffEntry(item, convert,
                                                       &result(i, j)))
            return false;
        }
      }
    } else if (kind == "f" || kind == "i" || kind == "u" || kind == "b") {
      if (!convert) return false;
      object flat = np.attr("ascontiguousarray")(arr, arg("dtype") = "float64")
                        .attr("reshape")(-1);
      auto data = cast<::nanobind::ndarray<const double, ::nanobind::ndim<1>,
                                           ::nanobind::c_contig>>(flat);
      for (Eigen::Index i = 0; i < rows; ++i) {
        for (Eigen::Index j = 0; j < cols; ++j) {
          result(i, j) = typename T::Scalar(data.data()[i * cols + j]);
        }
      }
    } else {
      return false;
    }
    value = std::move(result);
    return true;
  }

  template <typename T2>
  static handle from_cpp(T2&& v, rv_policy policy,
                         cleanup_list* cleanup) noexcept {
    if constexpr (std::is_pointer_v<std::remove_reference_t<T2>>) {
      if (!v) return none().release();
      return FromCpp(*v);
    } else {
      return FromCpp(v);
    }
  }

  template <typename Derived>
  static handle FromCpp(const Eigen::DenseBase<Derived>& v) noexcept {
    try {
      module_ np = module_::import_("numpy");
      const Eigen::Index rows = v.rows(), cols = v.cols();
      object arr;
      if constexpr (bool(Derived::IsVectorAtCompileTime)) {
        arr = np.attr("empty")(v.size(), arg("dtype") = "O");
      } else {
        arr = np.attr("empty")(make_tuple(rows, cols), arg("dtype") = "O");
      }
      // A C-order view, so entry (i, j) is flat[i * cols + j].
      object flat = arr.attr("reshape")(-1);
      for (Eigen::Index i = 0; i < rows; ++i) {
        for (Eigen::Index j = 0; j < cols; ++j) {
          object item = nanobind::cast(typename Derived::Scalar(v(i, j)),
                                       rv_policy::move);
          if (PySequence_SetItem(flat.ptr(), i * cols + j, item.ptr()) != 0)
            return handle();
        }
      }
      return arr.release();
    } catch (python_error& e) {
      e.restore();
      return handle();
    } catch (std::exception& e) {
      PyErr_SetString(PyExc_RuntimeError, e.what());
      return handle();
    }
  }
};

/// Caster for Eigen::Ref<const Matrix<AutoDiffXd, ...>> arguments: loads a
/// plain matrix (owned by the caster for the call) and refers to it.
template <typename T, int Options, typename StrideType>
struct type_caster<
    Eigen::Ref<T, Options, StrideType>,
    enable_if_t<is_eigen_plain_v<std::remove_const_t<T>>&& ::ossa::py::
                    internal::is_autodiff_scalar_v<typename T::Scalar>>> {
  static_assert(std::is_const_v<T>,
                "A non-const Eigen::Ref of AutoDiffXd cannot be bound: Python "
                "holds AutoDiffXd objects, not a C++ buffer to write into. "
                "Take Eigen::Ref<const ...> and return the result instead.");
  using Ref = Eigen::Ref<T, Options, StrideType>;
  using Plain = std::remove_const_t<T>;
  using PlainCaster = make_caster<Plain>;
  static constexpr auto Name = PlainCaster::Name;
  template <typename T_>
  using Cast = Ref;
  template <typename T_>
  static constexpr bool can_cast() {
    return true;
  }

  PlainCaster caster;

  bool from_python(handle src, uint32_t flags, cleanup_list* cleanup) noexcept {
    return caster.from_python(src, flags, cleanup);
  }
  static handle from_cpp(const Ref& v, rv_policy policy,
                         cleanup_list* cleanup) noexcept {
    return PlainCaster::FromCpp(v);
  }
  operator Ref() { return Ref(caster.value); }
};

/// Caster for expression templates of AutoDiffXd (return values only).
template <typename T>
struct type_caster<T,
                   enable_if_t<is_eigen_xpr_v<T>&& ::ossa::py::internal::
                                   is_autodiff_scalar_v<typename T::Scalar>>> {
  using Plain = Eigen::Matrix<typename T::Scalar, T::RowsAtCompileTime,
                              T::ColsAtCompileTime>;
  using PlainCaster = make_caster<Plain>;
  static constexpr auto Name = PlainCaster::Name;
  template <typename T_>
  using Cast = T;
  template <typename T_>
  static constexpr bool can_cast() {
    return true;
  }
  bool from_python(handle, uint32_t, cleanup_list*) noexcept = delete;
  template <typename T2>
  static handle from_cpp(T2&& v, rv_policy, cleanup_list*) noexcept {
    return PlainCaster::FromCpp(v);
  }
};

NAMESPACE_END(detail)
NAMESPACE_END(NB_NAMESPACE)
