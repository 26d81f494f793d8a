// Bindings of ossa.systems.primitives, part three: RandomSource and
// BarycentricMeshSystem (float only, as in the reference),
// MultilayerPerceptron with PerceptronActivationType and
// LinearTransformDensity (float and AutoDiffXd).

#include <nanobind/ndarray.h>
#include <nanobind/stl/function.h>
#include <nanobind/stl/vector.h>

#include <type_traits>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/py_util.h"
#include "ossa/systems/primitives/barycentric_mesh_system.h"
#include "ossa/systems/primitives/linear_transform_density.h"
#include "ossa/systems/primitives/multilayer_perceptron.h"
#include "ossa/systems/primitives/random_source.h"
#include "ossa/systems/primitives_py.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using systems::Context;
using systems::LeafSystem;
using systems::LinearTransformDensity;
using systems::MultilayerPerceptron;
using systems::PerceptronActivationType;
using systems::RandomSource;

// ossa.common.RandomDistribution (a Python enum) as the C++ enum.
RandomDistribution ToRandomDistribution(nb::handle distribution) {
  nb::object type =
      nb::module_::import_("ossa.common").attr("RandomDistribution");
  if (!nb::isinstance(distribution, type)) {
    throw nb::type_error(
        "expected an ossa.common.RandomDistribution (kUniform, kGaussian or "
        "kExponential)");
  }
  return static_cast<RandomDistribution>(
      nb::cast<int>(distribution.attr("value")));
}

// array[...] = value: writes into a caller's (preallocated) numpy array,
// whatever its memory layout.
template <typename Value>
void AssignInPlace(nb::handle array, const Value& value) {
  array.attr("__setitem__")(nb::ellipsis(), nb::cast(value));
}

template <typename T>
void DoDefineMultilayerPerceptron(nb::module_ m) {
  using MLP = MultilayerPerceptron<T>;
  using Matrix = MatrixX<T>;
  using Vector = VectorX<T>;
  auto cls =
      DefineTemplateClassWithDefault<MLP, LeafSystem<T>>(
          m, "MultilayerPerceptron", GetPyParam<T>(),
          "A feed-forward network x_{k+1} = σ_k(W_k·x_k + b_k) whose weights "
          "and biases are the Context's parameters.")
          .def(nb::init<const std::vector<int>&, PerceptronActivationType>(),
               nb::arg("layers"),
               nb::arg("activation_type") = PerceptronActivationType::kTanh)
          .def(nb::init<const std::vector<int>&,
                        const std::vector<PerceptronActivationType>&>(),
               nb::arg("layers"), nb::arg("activation_types"))
          .def(nb::init<const std::vector<bool>&, const std::vector<int>&,
                        const std::vector<PerceptronActivationType>&>(),
               nb::arg("use_sin_cos_for_input"), nb::arg("remaining_layers"),
               nb::arg("activation_types"))
          .def("num_parameters", &MLP::num_parameters)
          .def("layers", &MLP::layers)
          .def("activation_type", &MLP::activation_type, nb::arg("layer"))
          .def("GetParameters", &MLP::GetParameters, nb::arg("context"),
               nb::rv_policy::reference, nb::keep_alive<0, 2>())

          .def("SetParameters", &MLP::SetParameters, nb::arg("context"),
               nb::arg("params"))
          .def(
              "GetWeights",
              [](const MLP& self, const Context<T>& context, int layer) {
                return self.GetWeights(context, layer);
              },
              nb::arg("context"), nb::arg("layer"))
          .def(
              "GetWeights",
              [](const MLP& self, const Vector& params, int layer) {
                return self.GetWeights(params, layer);
              },
              nb::arg("params"), nb::arg("layer"))
          .def(
              "GetBiases",
              [](const MLP& self, const Context<T>& context, int layer) {
                return self.GetBiases(context, layer);
              },
              nb::arg("context"), nb::arg("layer"))
          .def(
              "GetBiases",
              [](const MLP& self, const Vector& params, int layer) {
                return self.GetBiases(params, layer);
              },
              nb::arg("params"), nb::arg("layer"))
          .def(
              "SetWeights",
              [](const MLP& self, Context<T>* context, int layer,
                 const Matrix& W) { self.SetWeights(context, layer, W); },
              nb::arg("context"), nb::arg("layer"), nb::arg("W"))
          .def(
              "SetWeights",
              [](const MLP& self, nb::handle params, int layer,
                 const Matrix& W) {
                Vector copy = nb::cast<Vector>(params);
                self.SetWeights(&copy, layer, W);
                AssignInPlace(params, copy);
              },
              nb::arg("params"), nb::arg("layer"), nb::arg("W"))
          .def(
              "SetBiases",
              [](const MLP& self, Context<T>* context, int layer,
                 const Vector& b) { self.SetBiases(context, layer, b); },
              nb::arg("context"), nb::arg("layer"), nb::arg("b"))
          .def(
              "SetBiases",
              [](const MLP& self, nb::handle params, int layer,
                 const Vector& b) {
                Vector copy = nb::cast<Vector>(params);
                self.SetBiases(&copy, layer, b);
                AssignInPlace(params, copy);
              },
              nb::arg("params"), nb::arg("layer"), nb::arg("b"))
          .def(
              "BatchOutput",
              [](const MLP& self, const Context<T>& context, const Matrix& X,
                 nb::handle Y, nb::handle dYdX) {
                Matrix y, dydx;
                self.BatchOutput(context, X, &y,
                                 dYdX.is_none() ? nullptr : &dydx);
                AssignInPlace(Y, y);
                if (!dYdX.is_none()) AssignInPlace(dYdX, dydx);
              },
              nb::arg("context"), nb::arg("X"), nb::arg("Y"),
              nb::arg("dYdX").none() = nb::none())
          .def(
              "BatchOutput",
              [](const MLP& self, const Context<T>& context, const Matrix& X) {
                Matrix Y;
                self.BatchOutput(context, X, &Y);
                return Y;
              },
              nb::arg("context"), nb::arg("X"))
          .def(
              "Backpropagation",
              [](const MLP& self, const Context<T>& context, const Matrix& X,
                 nb::callable loss, nb::handle dloss_dparams) {
                Vector gradient(self.num_parameters());
                const T value = self.Backpropagation(
                    context, X,
                    [&loss](const Eigen::Ref<const Matrix>& Y,
                            EigenPtr<Matrix> dloss_dY) -> T {
                      // The callback fills a Fortran-ordered array in place.
                      nb::object numpy = nb::module_::import_("numpy");
                      nb::object Y_array = nb::cast(Matrix(Y));
                      nb::object dloss = numpy.attr("asfortranarray")(
                          numpy.attr("zeros_like")(Y_array));
                      const T result = nb::cast<T>(loss(Y_array, dloss));
                      *dloss_dY = nb::cast<Matrix>(dloss);
                      return result;
                    },
                    &gradient);
                AssignInPlace(dloss_dparams, gradient);
                return value;
              },
              nb::arg("context"), nb::arg("X"), nb::arg("loss"),
              nb::arg("dloss_dparams"))
          .def(
              "BackpropagationMeanSquaredError",
              [](const MLP& self, const Context<T>& context, const Matrix& X,
                 const Matrix& Y_desired, nb::handle dloss_dparams) {
                Vector gradient(self.num_parameters());
                const T value = self.BackpropagationMeanSquaredError(
                    context, X, Y_desired, &gradient);
                AssignInPlace(dloss_dparams, gradient);
                return value;
              },
              nb::arg("context"), nb::arg("X"), nb::arg("Y_desired"),
              nb::arg("dloss_dparams"));
  if constexpr (std::is_same_v<T, double>) {
    // A numpy view of the Context's parameters: writes go to the Context.
    cls.def(
        "GetMutableParameters",
        [](const MLP& self, Context<T>* context) -> Eigen::Ref<Vector> {
          return self.GetMutableParameters(context);
        },
        nb::arg("context"), nb::rv_policy::reference, nb::keep_alive<0, 2>());
  } else {
    // AutoDiffXd and Expression entries convert to a new object array: a copy,
    // which SetParameters writes back.
    cls.def(
        "GetMutableParameters",
        [](const MLP& self, Context<T>* context) -> Vector {
          return self.GetMutableParameters(context);
        },
        nb::arg("context"));
  }
}

template <typename T>
void DoDefineLinearTransformDensity(nb::module_ m) {
  using Density = LinearTransformDensity<T>;
  constexpr auto kRef = nb::rv_policy::reference_internal;
  DefineTemplateClassWithDefault<Density, LeafSystem<T>>(
      m, "LinearTransformDensity", GetPyParam<T>(),
      "w_out = A·w_in + b for a random w_in, and the density of w_out.")
      .def(
          "__init__",
          [](Density* self, nb::handle distribution, int input_size,
             int output_size) {
            new (self) Density(ToRandomDistribution(distribution), input_size,
                               output_size);
          },
          nb::arg("distribution"), nb::arg("input_size"),
          nb::arg("output_size"))
      .def("get_input_port_w_in", &Density::get_input_port_w_in, kRef)
      .def("get_input_port_A", &Density::get_input_port_A, kRef)
      .def("get_input_port_b", &Density::get_input_port_b, kRef)
      .def("get_output_port_w_out", &Density::get_output_port_w_out, kRef)
      .def("get_output_port_w_out_density",
           &Density::get_output_port_w_out_density, kRef)
      .def("get_distribution",
           [](const Density& self) {
             return nb::module_::import_("ossa.common")
                 .attr("RandomDistribution")(
                     static_cast<int>(self.get_distribution()));
           })
      .def(
          "FixConstantA",
          [](const Density& self, Context<T>* context,
             const MatrixX<T>& A) -> systems::FixedInputPortValue& {
            return self.FixConstantA(context, A);
          },
          nb::arg("context"), nb::arg("A"), nb::rv_policy::reference)
      .def(
          "FixConstantB",
          [](const Density& self, Context<T>* context,
             const VectorX<T>& b) -> systems::FixedInputPortValue& {
            return self.FixConstantB(context, b);
          },
          nb::arg("context"), nb::arg("b"), nb::rv_policy::reference)
      .def("CalcDensity", &Density::CalcDensity, nb::arg("context"));
}

}  // namespace

void DefineSystemsPrimitivesLearning(nb::module_ m) {
  nb::enum_<PerceptronActivationType>(
      m, "PerceptronActivationType",
      "The activation function σ of a layer of a MultilayerPerceptron.")
      .value("kIdentity", PerceptronActivationType::kIdentity)
      .value("kReLU", PerceptronActivationType::kReLU)
      .value("kTanh", PerceptronActivationType::kTanh);

  nb::class_<RandomSource, LeafSystem<double>>(
      m, "RandomSource",
      "Outputs independent random samples of a RandomDistribution, drawn "
      "every sampling_interval_sec and held in between (float only).")
      .def(
          "__init__",
          [](RandomSource* self, nb::handle distribution, int num_outputs,
             double sampling_interval_sec) {
            new (self) RandomSource(ToRandomDistribution(distribution),
                                    num_outputs, sampling_interval_sec);
          },
          nb::arg("distribution"), nb::arg("num_outputs"),
          nb::arg("sampling_interval_sec"));

  using MeshSystem = systems::BarycentricMeshSystem<double>;
  nb::class_<MeshSystem, LeafSystem<double>>(
      m, "BarycentricMeshSystem",
      "y = the barycentric interpolation of output_values (one column per "
      "mesh point) at the input u (float only).")
      .def(nb::init<math::BarycentricMesh<double>, const Eigen::MatrixXd&>(),
           nb::arg("mesh"), nb::arg("output_values"))
      .def("get_mesh", &MeshSystem::get_mesh, nb::rv_policy::reference_internal)
      .def("get_output_values", &MeshSystem::get_output_values,
           nb::rv_policy::reference_internal);

  DoDefineMultilayerPerceptron<double>(m);
  DoDefineMultilayerPerceptron<AutoDiffXd>(m);
  DoDefineMultilayerPerceptron<symbolic::Expression>(m);
  DoDefineLinearTransformDensity<double>(m);
  DoDefineLinearTransformDensity<AutoDiffXd>(m);
}

}  // namespace ossa::py
