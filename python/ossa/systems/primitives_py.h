#pragma once

/// @file
/// The bindings of ossa.systems.primitives as a template over the scalar,
/// instantiated for float in primitives_py.cc, for AutoDiffXd in
/// primitives_autodiff_py.cc and for symbolic::Expression in
/// primitives_symbolic_py.cc (translation units that compile in parallel).
/// Every class is a template instance Name_[T] (Name_[float] aliased as
/// Name). Vector arguments take numpy arrays, lists or tuples (py_util.h).

#include <nanobind/stl/set.h>

#include <memory>
#include <optional>
#include <set>
#include <type_traits>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/py_util.h"
#include "ossa/systems/primitives/adder.h"
#include "ossa/systems/primitives/affine_system.h"
#include "ossa/systems/primitives/constant_value_source.h"
#include "ossa/systems/primitives/constant_vector_source.h"
#include "ossa/systems/primitives/demultiplexer.h"
#include "ossa/systems/primitives/discrete_derivative.h"
#include "ossa/systems/primitives/discrete_time_delay.h"
#include "ossa/systems/primitives/discrete_time_integrator.h"
#include "ossa/systems/primitives/first_order_low_pass_filter.h"
#include "ossa/systems/primitives/gain.h"
#include "ossa/systems/primitives/integrator.h"
#include "ossa/systems/primitives/linear_system.h"
#include "ossa/systems/primitives/matrix_gain.h"
#include "ossa/systems/primitives/multiplexer.h"
#include "ossa/systems/primitives/pass_through.h"
#include "ossa/systems/primitives/saturation.h"
#include "ossa/systems/primitives/sine.h"
#include "ossa/systems/primitives/symbolic_vector_system.h"
#include "ossa/systems/primitives/trajectory_source.h"
#include "ossa/systems/primitives/vector_log_sink.h"
#include "ossa/systems/primitives/wrap_to_system.h"
#include "ossa/systems/primitives/zero_order_hold.h"

namespace nb = nanobind;

namespace ossa::py {
namespace internal_primitives {

using systems::Adder;
using systems::AffineSystem;
using systems::ConstantValueSource;
using systems::ConstantVectorSource;
using systems::Context;
using systems::Demultiplexer;
using systems::DiagramBuilder;
using systems::DiscreteDerivative;
using systems::DiscreteTimeDelay;
using systems::DiscreteTimeIntegrator;
using systems::FirstOrderLowPassFilter;
using systems::Gain;
using systems::Integrator;
using systems::LeafSystem;
using systems::LinearSystem;
using systems::MatrixGain;
using systems::Multiplexer;
using systems::OutputPort;
using systems::PassThrough;
using systems::Saturation;
using systems::Sine;
using systems::SymbolicVectorSystem;
using systems::TrajectorySource;
using systems::VectorLog;
using systems::VectorLogSink;
using systems::WrapToSystem;
using systems::ZeroOrderHold;

inline constexpr auto kRef = nb::rv_policy::reference_internal;

template <typename T>
void DoDefinePrimitives(nb::module_ m) {
  const nb::tuple param = GetPyParam<T>();
  using VecRef = const Eigen::Ref<const VectorX<T>>&;

  DefineTemplateClassWithDefault<ConstantVectorSource<T>, LeafSystem<T>>(
      m, "ConstantVectorSource", param,
      "Outputs a constant vector (kept in a numeric parameter).")
      .def(nb::init<VecRef>(), nb::arg("source_value"))
      .def(nb::init<const T&>(), nb::arg("source_value"))
      .def("get_source_value", &ConstantVectorSource<T>::get_source_value,
           nb::arg("context"), kRef)
      .def("get_mutable_source_value",
           &ConstantVectorSource<T>::get_mutable_source_value,
           nb::arg("context"), kRef);

  DefineTemplateClassWithDefault<ConstantValueSource<T>, LeafSystem<T>>(
      m, "ConstantValueSource", param, "Outputs a constant abstract value.")
      .def(nb::init<const AbstractValue&>(), nb::arg("value"))
      .def("get_source_value", &ConstantValueSource<T>::get_source_value, kRef);

  DefineTemplateClassWithDefault<ZeroOrderHold<T>, LeafSystem<T>>(
      m, "ZeroOrderHold", param,
      "Samples its input every period_sec (from offset_sec) and holds it.")
      .def(nb::init<double, int, double>(), nb::arg("period_sec"),
           nb::arg("vector_size"), nb::arg("offset_sec") = 0.0)
      .def(nb::init<double, const AbstractValue&, double>(),
           nb::arg("period_sec"), nb::arg("abstract_model_value"),
           nb::arg("offset_sec") = 0.0)
      .def("period", &ZeroOrderHold<T>::period)
      .def("offset", &ZeroOrderHold<T>::offset)
      .def("LatchInputPortToState", &ZeroOrderHold<T>::LatchInputPortToState,
           nb::arg("context"));

  DefineTemplateClassWithDefault<Adder<T>, LeafSystem<T>>(
      m, "Adder", param, "Sums num_inputs vector inputs of the same size.")
      .def(nb::init<int, int>(), nb::arg("num_inputs"), nb::arg("size"));

  DefineTemplateClassWithDefault<Gain<T>, LeafSystem<T>>(m, "Gain", param,
                                                         "y = k ⊙ u.")
      .def(nb::init<double, int>(), nb::arg("k"), nb::arg("size"))
      .def(nb::init<const Eigen::VectorXd&>(), nb::arg("k"))
      .def("get_gain", &Gain<T>::get_gain)
      .def("get_gain_vector", &Gain<T>::get_gain_vector, kRef);

  DefineTemplateClassWithDefault<MatrixGain<T>, LeafSystem<T>>(
      m, "MatrixGain", param, "y = D·u.")
      .def(nb::init<int>(), nb::arg("size"))
      .def(nb::init<const Eigen::MatrixXd&>(), nb::arg("D"))
      .def("D", &MatrixGain<T>::D, kRef);

  DefineTemplateClassWithDefault<PassThrough<T>, LeafSystem<T>>(
      m, "PassThrough", param, "y = u (vector or abstract).")
      .def(nb::init<int>(), nb::arg("vector_size"))
      .def(nb::init<const Eigen::Ref<const Eigen::VectorXd>&>(),
           nb::arg("value"))
      .def(nb::init<const AbstractValue&>(), nb::arg("abstract_model_value"))
      .def("is_abstract", &PassThrough<T>::is_abstract);

  DefineTemplateClassWithDefault<Multiplexer<T>, LeafSystem<T>>(
      m, "Multiplexer", param, "Stacks its inputs into one output vector.")
      .def(nb::init<int>(), nb::arg("num_scalar_inputs") = 2)
      .def(nb::init<std::vector<int>>(), nb::arg("input_sizes"))
      .def(nb::init<const systems::BasicVector<T>&>(), nb::arg("model_vector"));

  DefineTemplateClassWithDefault<Demultiplexer<T>, LeafSystem<T>>(
      m, "Demultiplexer", param, "Splits its input vector into outputs.")
      .def(nb::init<int, int>(), nb::arg("size"),
           nb::arg("output_ports_size") = 1)
      .def(nb::init<const std::vector<int>&>(), nb::arg("output_ports_sizes"))
      .def("get_output_ports_sizes", &Demultiplexer<T>::get_output_ports_sizes);

  DefineTemplateClassWithDefault<Saturation<T>, LeafSystem<T>>(
      m, "Saturation", param,
      "y = clamp(u, min, max): fixed limits, or limits from input ports.")
      .def(nb::init<const VectorX<T>&, const VectorX<T>&>(),
           nb::arg("min_value"), nb::arg("max_value"))
      .def(nb::init<int>(), nb::arg("input_size"))
      .def("get_min_value_port", &Saturation<T>::get_min_value_port, kRef)
      .def("get_max_value_port", &Saturation<T>::get_max_value_port, kRef)
      .def("get_size", &Saturation<T>::get_size);

  DefineTemplateClassWithDefault<Sine<T>, LeafSystem<T>>(
      m, "Sine", param,
      "y = a·sin(ω·t + φ) and its first two derivatives, on three outputs.")
      .def(nb::init<double, double, double, int, bool>(), nb::arg("amplitude"),
           nb::arg("frequency"), nb::arg("phase"), nb::arg("size"),
           nb::arg("is_time_based") = true)
      .def(nb::init<const Eigen::VectorXd&, const Eigen::VectorXd&,
                    const Eigen::VectorXd&, bool>(),
           nb::arg("amplitudes"), nb::arg("frequencies"), nb::arg("phases"),
           nb::arg("is_time_based") = true)
      .def("amplitude", &Sine<T>::amplitude)
      .def("frequency", &Sine<T>::frequency)
      .def("phase", &Sine<T>::phase)
      .def("is_time_based", &Sine<T>::is_time_based)
      .def("amplitude_vector", &Sine<T>::amplitude_vector, kRef)
      .def("frequency_vector", &Sine<T>::frequency_vector, kRef)
      .def("phase_vector", &Sine<T>::phase_vector, kRef);

  DefineTemplateClassWithDefault<TrajectorySource<T>, LeafSystem<T>>(
      m, "TrajectorySource", param,
      "Outputs a trajectory's value at the Context time (and, optionally, "
      "its derivatives stacked below).")
      .def(nb::init<const trajectories::Trajectory<double>&, int, bool>(),
           nb::arg("trajectory"), nb::arg("output_derivative_order") = 0,
           nb::arg("zero_derivatives_beyond_limits") = true)
      .def("UpdateTrajectory", &TrajectorySource<T>::UpdateTrajectory,
           nb::arg("trajectory"));

  DefineTemplateClassWithDefault<VectorLog<T>>(
      m, "VectorLog", param, "Samples (time, vector) recorded by a sink.")
      .def(nb::init<int>(), nb::arg("input_size"))
      .def("num_samples", &VectorLog<T>::num_samples)
      .def("get_input_size", &VectorLog<T>::get_input_size)
      .def("sample_times", &VectorLog<T>::sample_times)
      .def("data", &VectorLog<T>::data)
      .def("AddData", &VectorLog<T>::AddData, nb::arg("time"),
           nb::arg("sample"))
      .def("Clear", &VectorLog<T>::Clear)
      .def("Reserve", &VectorLog<T>::Reserve, nb::arg("capacity"))
      .def_ro_static("kDefaultCapacity", &VectorLog<T>::kDefaultCapacity);

  DefineTemplateClassWithDefault<VectorLogSink<T>, LeafSystem<T>>(
      m, "VectorLogSink", param,
      "Records its vector input in a VectorLog kept in the Context.")
      .def(nb::init<int, double>(), nb::arg("input_size"),
           nb::arg("publish_period") = 0.0)
      .def(nb::init<int, const std::set<systems::TriggerType>&, double>(),
           nb::arg("input_size"), nb::arg("publish_triggers"),
           nb::arg("publish_period") = 0.0)
      .def("GetLog", &VectorLogSink<T>::GetLog, nb::arg("context"), kRef)
      .def("GetMutableLog", &VectorLogSink<T>::GetMutableLog,
           nb::arg("context"), kRef)
      .def("FindLog", &VectorLogSink<T>::FindLog, nb::arg("context"), kRef)
      .def("FindMutableLog", &VectorLogSink<T>::FindMutableLog,
           nb::arg("context"), kRef)
      .def("publish_period", &VectorLogSink<T>::publish_period);

  using MatrixArg = const Eigen::Ref<const Eigen::MatrixXd>&;
  using VectorArg = const Eigen::Ref<const Eigen::VectorXd>&;
  DefineTemplateClassWithDefault<AffineSystem<T>, LeafSystem<T>>(
      m, "AffineSystem", param,
      "ẋ = A·x + B·u + f0 (or x[n+1] = ... every time_period s), "
      "y = C·x + D·u + y0; empty coefficients stand for zeros.")
      .def(nb::init<MatrixArg, MatrixArg, VectorArg, MatrixArg, MatrixArg,
                    VectorArg, double>(),
           nb::arg("A") = Eigen::MatrixXd(), nb::arg("B") = Eigen::MatrixXd(),
           nb::arg("f0") = Eigen::VectorXd(), nb::arg("C") = Eigen::MatrixXd(),
           nb::arg("D") = Eigen::MatrixXd(), nb::arg("y0") = Eigen::VectorXd(),
           nb::arg("time_period") = 0.0)
      .def("A", &AffineSystem<T>::A, kRef)
      .def("B", &AffineSystem<T>::B, kRef)
      .def("f0", &AffineSystem<T>::f0, kRef)
      .def("C", &AffineSystem<T>::C, kRef)
      .def("D", &AffineSystem<T>::D, kRef)
      .def("y0", &AffineSystem<T>::y0, kRef)
      .def("time_period", &AffineSystem<T>::time_period)
      .def("num_states", &AffineSystem<T>::num_states)
      .def("num_inputs", &AffineSystem<T>::num_inputs)
      .def("num_outputs", &AffineSystem<T>::num_outputs)
      .def("configure_default_state", &AffineSystem<T>::configure_default_state,
           nb::arg("x0"))
      .def("configure_random_state", &AffineSystem<T>::configure_random_state,
           nb::arg("covariance"))
      .def("UpdateCoefficients", &AffineSystem<T>::UpdateCoefficients,
           nb::arg("A") = Eigen::MatrixXd(), nb::arg("B") = Eigen::MatrixXd(),
           nb::arg("f0") = Eigen::VectorXd(), nb::arg("C") = Eigen::MatrixXd(),
           nb::arg("D") = Eigen::MatrixXd(), nb::arg("y0") = Eigen::VectorXd());

  DefineTemplateClassWithDefault<LinearSystem<T>, AffineSystem<T>>(
      m, "LinearSystem", param,
      "ẋ = A·x + B·u (or x[n+1] = ... every time_period s), y = C·x + D·u.")
      .def(nb::init<MatrixArg, MatrixArg, MatrixArg, MatrixArg, double>(),
           nb::arg("A") = Eigen::MatrixXd(), nb::arg("B") = Eigen::MatrixXd(),
           nb::arg("C") = Eigen::MatrixXd(), nb::arg("D") = Eigen::MatrixXd(),
           nb::arg("time_period") = 0.0);

  DefineTemplateClassWithDefault<Integrator<T>, LeafSystem<T>>(
      m, "Integrator", param, "ẋ = u, y = x.")
      .def(nb::init<int>(), nb::arg("size"))
      .def(nb::init<VectorArg>(), nb::arg("initial_value"))
      .def("set_default_integral_value",
           &Integrator<T>::set_default_integral_value, nb::arg("initial_value"))
      .def("set_integral_value", &Integrator<T>::set_integral_value,
           nb::arg("context"), nb::arg("value"));

  DefineTemplateClassWithDefault<FirstOrderLowPassFilter<T>, LeafSystem<T>>(
      m, "FirstOrderLowPassFilter", param, "τ·ż + z = u per entry, y = z.")
      .def(nb::init<double, int>(), nb::arg("time_constant"),
           nb::arg("size") = 1)
      .def(nb::init<VectorArg>(), nb::arg("time_constants"))
      .def("get_time_constant", &FirstOrderLowPassFilter<T>::get_time_constant)
      .def("get_time_constants_vector",
           &FirstOrderLowPassFilter<T>::get_time_constants_vector, kRef)
      .def("set_initial_output_value",
           &FirstOrderLowPassFilter<T>::set_initial_output_value,
           nb::arg("context"), nb::arg("z0"));

  DefineTemplateClassWithDefault<DiscreteTimeIntegrator<T>, LeafSystem<T>>(
      m, "DiscreteTimeIntegrator", param,
      "x[n+1] = x[n] + h·u[n] every time_step h, y = x.")
      .def(nb::init<int, double>(), nb::arg("size"), nb::arg("time_step"))
      .def("time_step", &DiscreteTimeIntegrator<T>::time_step)
      .def("set_integral_value", &DiscreteTimeIntegrator<T>::set_integral_value,
           nb::arg("context"), nb::arg("value"));

  DefineTemplateClassWithDefault<DiscreteDerivative<T>, LeafSystem<T>>(
      m, "DiscreteDerivative", param,
      "y = (u[n] − u[n−1]) / h from samples taken every time_step h.")
      .def(nb::init<int, double, bool>(), nb::arg("num_inputs"),
           nb::arg("time_step"), nb::arg("suppress_initial_transient") = true)
      .def("time_step", &DiscreteDerivative<T>::time_step)
      .def("suppress_initial_transient",
           &DiscreteDerivative<T>::suppress_initial_transient);

  DefineTemplateClassWithDefault<DiscreteTimeDelay<T>, LeafSystem<T>>(
      m, "DiscreteTimeDelay", param,
      "Outputs the input sampled delay_time_steps updates ago.")
      .def(nb::init<double, int, int>(), nb::arg("update_sec"),
           nb::arg("delay_time_steps"), nb::arg("vector_size"))
      .def(nb::init<double, int, const AbstractValue&>(), nb::arg("update_sec"),
           nb::arg("delay_time_steps"), nb::arg("abstract_model_value"));

  DefineTemplateClassWithDefault<WrapToSystem<T>, LeafSystem<T>>(
      m, "WrapToSystem", param,
      "y = u with the entries given an interval wrapped into it.")
      .def(nb::init<int>(), nb::arg("size"))
      .def("set_interval", &WrapToSystem<T>::set_interval, nb::arg("index"),
           nb::arg("low"), nb::arg("high"));

  // Variables come as any sequence (a list, a numpy object array).
  using symbolic::Variable;
  using VariableList = std::vector<Variable>;
  using ExpressionVector = VectorX<symbolic::Expression>;
  auto to_vector = [](const VariableList& vars) {
    VectorX<Variable> result(static_cast<Eigen::Index>(vars.size()));
    for (std::size_t i = 0; i < vars.size(); ++i) result[i] = vars[i];
    return result;
  };
  DefineTemplateClassWithDefault<SymbolicVectorSystem<T>, LeafSystem<T>>(
      m, "SymbolicVectorSystem", param,
      "ẋ = f(t, x, u, p) (or x[n+1] = f every time_period s), "
      "y = g(t, x, u, p), given as symbolic expressions.")
      .def(
          "__init__",
          [to_vector](SymbolicVectorSystem<T>* self,
                      std::optional<Variable> time, const VariableList& state,
                      const VariableList& input,
                      const ExpressionVector& dynamics,
                      const ExpressionVector& output, double time_period) {
            new (self) SymbolicVectorSystem<T>(time, to_vector(state),
                                               to_vector(input), dynamics,
                                               output, time_period);
          },
          nb::arg("time").none() = nb::none(),
          nb::arg("state") = VariableList(), nb::arg("input") = VariableList(),
          nb::arg("dynamics") = ExpressionVector(),
          nb::arg("output") = ExpressionVector(), nb::arg("time_period") = 0.0)
      .def(
          "__init__",
          [to_vector](SymbolicVectorSystem<T>* self,
                      std::optional<Variable> time, const VariableList& state,
                      const VariableList& input, const VariableList& parameter,
                      const ExpressionVector& dynamics,
                      const ExpressionVector& output, double time_period) {
            new (self) SymbolicVectorSystem<T>(
                time, to_vector(state), to_vector(input), to_vector(parameter),
                dynamics, output, time_period);
          },
          nb::arg("time").none() = nb::none(),
          nb::arg("state") = VariableList(), nb::arg("input") = VariableList(),
          nb::arg("parameter") = VariableList(),
          nb::arg("dynamics") = ExpressionVector(),
          nb::arg("output") = ExpressionVector(), nb::arg("time_period") = 0.0)
      .def("dynamics_for_variable",
           &SymbolicVectorSystem<T>::dynamics_for_variable, nb::arg("var"));

  // The sink belongs to the builder (then to its Diagram): the builder is
  // kept alive as long as the returned reference. A plain overloaded
  // function, as in the reference (scalar chosen by the argument types).
  m.def(
      "LogVectorOutput",
      [](const OutputPort<T>& src, DiagramBuilder<T>* builder,
         double publish_period) {
        return LogVectorOutput(src, builder, publish_period);
      },
      nb::arg("src"), nb::arg("builder"), nb::arg("publish_period") = 0.0,
      nb::rv_policy::reference, nb::keep_alive<0, 2>());
  m.def(
      "LogVectorOutput",
      [](const OutputPort<T>& src, DiagramBuilder<T>* builder,
         const std::set<systems::TriggerType>& publish_triggers,
         double publish_period) {
        return LogVectorOutput(src, builder, publish_triggers, publish_period);
      },
      nb::arg("src"), nb::arg("builder"), nb::arg("publish_triggers"),
      nb::arg("publish_period") = 0.0, nb::rv_policy::reference,
      nb::keep_alive<0, 2>());
}

}  // namespace internal_primitives

/// ossa.systems.primitives for AutoDiffXd (primitives_autodiff_py.cc) and
/// symbolic::Expression (primitives_symbolic_py.cc).
void DefineSystemsPrimitivesAutoDiff(nb::module_ m);
void DefineSystemsPrimitivesSymbolic(nb::module_ m);

/// The routing systems, SparseMatrixGain, SharedPointerSystem and the
/// trajectory-coefficient systems, for both scalars
/// (primitives_routing_py.cc).
void DefineSystemsPrimitivesRouting(nb::module_ m);

/// RandomSource, PerceptronActivationType and MultilayerPerceptron
/// (primitives_learning_py.cc).
void DefineSystemsPrimitivesLearning(nb::module_ m);

}  // namespace ossa::py
