#pragma once

/// @file
/// Lets every binding argument of a double Eigen type (VectorXd, Vector3d,
/// MatrixXd, Ref<const ...>, Map<const ...>) and nb::ndarray<const double>
/// accept, like the reference toolkit's bindings, any Python sequence of
/// floats — list, tuple, nested lists for matrices — besides numpy arrays.
///
/// nanobind's Eigen casters read through the caster of
/// nb::ndarray<const double, ...>, which takes only objects exporting
/// DLPack or the buffer protocol. This header specializes that caster: it
/// first does exactly what nanobind does (a numpy array costs the same as
/// before: no extra call, no copy), and only when that fails for an
/// argument that allows implicit conversion and is a sequence, it converts
/// with numpy.asarray(value, dtype=float64) and imports the result (kept
/// alive by the call's cleanup list). Writable arrays (nb::ndarray<double>,
/// Ref<VectorXd>) are untouched: a list cannot be written back.
///
/// It must be seen before any use of these casters in a translation unit:
/// py_util.h includes it right after nanobind/eigen/dense.h, and every
/// binding file includes py_util.h.

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

NAMESPACE_BEGIN(NB_NAMESPACE)
NAMESPACE_BEGIN(detail)

/// numpy.asarray(src, dtype="float64") for a list, tuple or other sequence
/// (not str/bytes), or an invalid object (with no Python error set) if src
/// is not one or does not convert (ragged, non-numeric).
inline object ossa_sequence_to_float64_array(handle src) {
  PyObject* o = src.ptr();
  // Objects exporting a buffer (numpy arrays, bytes, ...) already had their
  // chance in nanobind's own conversion.
  if (!(PyList_Check(o) || PyTuple_Check(o) ||
        (PySequence_Check(o) && !PyUnicode_Check(o) &&
         !PyObject_CheckBuffer(o)))) {
    return object();
  }
  // The function object is looked up once and kept for the life of the
  // process (numpy is never unloaded once imported).
  static PyObject* asarray = [] {
    PyObject* numpy = PyImport_ImportModule("numpy");
    PyObject* f = numpy ? PyObject_GetAttrString(numpy, "asarray") : nullptr;
    Py_XDECREF(numpy);
    if (!f) PyErr_Clear();
    return f;
  }();
  static PyObject* float64 = PyUnicode_InternFromString("float64");
  if (!asarray || !float64) return object();
  PyObject* args = PyTuple_Pack(2, o, float64);
  if (!args) {
    PyErr_Clear();
    return object();
  }
  PyObject* result = PyObject_Call(asarray, args, nullptr);
  Py_DECREF(args);
  if (!result) {
    PyErr_Clear();
    return object();
  }
  return steal(result);
}

template <typename... Args>
struct type_caster<ndarray<const double, Args...>> {
  using Array = ndarray<const double, Args...>;
  using Config = detail::ndarray_config_t<int, const double, Args...>;

  NB_TYPE_CASTER(Array,
                 Config::Framework::name + const_name("[") +
                     concat_maybe(dtype_name<const double>::name,
                                  Config::Shape::name, Config::Order::name,
                                  Config::DeviceType::name,
                                  dtype_const_name<const double>::name) +
                     const_name("]"))

  bool from_python(handle src, uint32_t flags, cleanup_list* cleanup) noexcept {
    if (src.is_none() && (flags & cast_flags::accepts_none)) {
      value = Array();
      return true;
    }
    if (Import(src.ptr(), flags, cleanup)) return true;
    if (!(flags & cast_flags::convert)) return false;
    object converted = ossa_sequence_to_float64_array(src);
    if (!converted.is_valid()) return false;
    if (!Import(converted.ptr(), flags, cleanup)) return false;
    if (cleanup) cleanup->append(converted.release().ptr());
    return true;
  }

  static handle from_cpp(const Array& tensor, rv_policy policy,
                         cleanup_list* cleanup) noexcept {
    return NB_CALL(ndarray_export)(NB_CTX_C(cleanup), tensor.handle(),
                                   Config::Framework::value, policy, cleanup);
  }

 private:
  // nanobind's own import (type_caster<ndarray<Args...>>::from_python).
  bool Import(PyObject* src, uint32_t flags, cleanup_list* cleanup) noexcept {
    int64_t shape_buf[Config::N <= 0 ? 1 : Config::N];
    ndarray_config config{Config()};
    if constexpr (Config::N > 0) {
      Config::Shape::put(shape_buf);
      config.shape = shape_buf;
    } else {
      (void)shape_buf;
    }
    ndarray_handle* h = NB_CALL(ndarray_import)(
        NB_CTX_C(cleanup), src, &config, flags & cast_flags::convert, cleanup);
    if (!h) return false;
    if (value.m_handle) NB_CALL(ndarray_dec_ref)(value.m_handle);
    value.m_dltensor = *NB_CALL(ndarray_inc_ref)(h);
    value.m_handle = h;
    return true;
  }
};

NAMESPACE_END(detail)
NAMESPACE_END(NB_NAMESPACE)
