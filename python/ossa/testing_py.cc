#include <string>
#include <tuple>
#include <utility>

#include "ossa/bindings.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

// A test-only class template, bound on the default scalars through the
// same helpers the library's templates use.
template <typename T>
struct ScalarBox {
  ScalarBox() = default;
  explicit ScalarBox(const T& v) : value(v) {}
  T value{};
  template <typename U>
  U ValueAs() const {
    return U(ExtractDoubleOrThrow(value));
  }
};

template <typename T>
void DefineScalarBox(nb::module_ m) {
  using Class = ScalarBox<T>;
  auto cls = DefineTemplateClassWithDefault<Class>(
      m, "ScalarBox", GetPyParam<T>(), "Holds one scalar (test only).");
  cls.def(nb::init<>())
      .def(nb::init<const T&>(), nb::arg("value"))
      .def_rw("value", &Class::value);
  DefCopyAndDeepCopy(cls);
  DefPickle(
      cls, [](const Class& self) { return std::make_tuple(self.value); },
      [](const std::tuple<T>& state) { return Class(std::get<0>(state)); });
  // A templated method: box.ValueAs[float]() / box.ValueAs[int]().
  AddTemplateMethod(
      cls, "ValueAs",
      nb::cpp_function(&Class::template ValueAs<double>, nb::is_method()),
      GetPyParam<double>());
  AddTemplateMethod(
      cls, "ValueAs",
      nb::cpp_function(&Class::template ValueAs<int>, nb::is_method()),
      GetPyParam<int>());
  // A templated function: Twice[float](x), Twice[AutoDiffXd](x).
  AddTemplateFunction(
      m, "Twice",
      nb::cpp_function([](const T& x) -> T { return 2 * x; }, nb::arg("x")),
      GetPyParam<T>());
}

}  // namespace

// Test-only functions in ossa._ext.common._testing: they exercise the
// AutoDiffXd Eigen caster on fixed and dynamic sizes, Ref, row vectors and
// expression templates, and the template helpers, from Python tests.
void DefineCommonTesting(nb::module_ m) {
  using AD = AutoDiffXd;
  m.def("PassVector3", [](const Vector3<AD>& v) { return v; });
  m.def("PassVectorX", [](const VectorX<AD>& v) { return v; });
  m.def("PassRowVector3", [](const Eigen::Matrix<AD, 1, 3>& v) { return v; });
  m.def("PassMatrix23", [](const Eigen::Matrix<AD, 2, 3>& v) { return v; });
  m.def("PassMatrixX", [](const MatrixX<AD>& v) { return v; });
  m.def("PassRefMatrixX",
        [](const Eigen::Ref<const MatrixX<AD>>& v) { return MatrixX<AD>(v); });
  m.def("ShapeOfRef", [](const Eigen::Ref<const MatrixX<AD>>& v) {
    return std::make_pair(v.rows(), v.cols());
  });
  // Entry k of the result is 2 * v[k] computed in C++: values double and so
  // do derivatives, which checks that the C++ side saw the derivatives.
  m.def("TwiceVectorX", [](const Eigen::Ref<const VectorX<AD>>& v) {
    VectorX<AD> r(v.size());
    for (Eigen::Index i = 0; i < v.size(); ++i) {
      r(i).value() = 2 * v(i).value();
      r(i).derivatives() = 2 * v(i).derivatives();
    }
    return r;
  });
  // An expression template (Reverse) returned to Python.
  m.def("ReversedVector3", [](const Vector3<AD>& v) {
    static Vector3<AD> stored;
    stored = v;
    return stored.reverse();
  });
  m.def("WhichOverload", [](const Eigen::MatrixXd&) { return "double"; });
  m.def("WhichOverload", [](const MatrixX<AD>&) { return "AutoDiffXd"; });
  m.def("PassVector3d", [](const Eigen::Vector3d& v) { return v; });
  type_visit(
      [m](auto tag) { DefineScalarBox<typename decltype(tag)::type>(m); },
      DefaultScalars{});
  m.def("ScalarParamNames", []() {
    return std::make_pair(GetPyParamName<double>(), GetPyParamName<AD>());
  });
}

}  // namespace ossa::py
