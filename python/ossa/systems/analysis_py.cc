// Bindings of ossa.systems.analysis (float scalar): Simulator, the
// integrators, SimulatorStatus, SimulatorConfig and its functions.
// Simulator.AdvanceTo releases the GIL while it integrates; Python systems
// and monitors reacquire it when they are called back.

#include <nanobind/stl/function.h>

#include <memory>
#include <string>
#include <type_traits>

#include "ossa/bindings.h"
#include "ossa/common/trajectories/piecewise_polynomial.h"
#include "ossa/py_util.h"
#include "ossa/systems/analysis/explicit_euler_integrator.h"
#include "ossa/systems/analysis/implicit_euler_integrator.h"
#include "ossa/systems/analysis/radau_integrator.h"
#include "ossa/systems/analysis/runge_kutta2_integrator.h"
#include "ossa/systems/analysis/runge_kutta3_integrator.h"
#include "ossa/systems/analysis/runge_kutta5_integrator.h"
#include "ossa/systems/analysis/semi_explicit_euler_integrator.h"
#include "ossa/systems/analysis/simulator.h"
#include "ossa/systems/analysis/simulator_config_functions.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using namespace ossa::systems;  // NOLINT

// IntegratorBase and RungeKutta2Integrator on float, AutoDiffXd and
// Expression, RungeKutta3Integrator on float and AutoDiffXd (the reference's
// instantiations); the other integrators on float.
template <typename T>
void DefineIntegrators(nb::module_ m) {
  using Base = IntegratorBase<T>;
  auto base = DefineTemplateClassWithDefault<Base>(m, "IntegratorBase",
                                                   GetPyParam<T>());
  nb::enum_<typename Base::StepResult>(base, "StepResult")
      .value("kReachedPublishTime", Base::kReachedPublishTime)
      .value("kReachedZeroCrossing", Base::kReachedZeroCrossing)
      .value("kReachedUpdateTime", Base::kReachedUpdateTime)
      .value("kTimeHasAdvanced", Base::kTimeHasAdvanced)
      .value("kReachedBoundaryTime", Base::kReachedBoundaryTime)
      .value("kReachedStepLimit", Base::kReachedStepLimit);
  base.def("get_mutable_context", &Base::get_mutable_context,
           nb::rv_policy::reference)
      .def("reset_context", &Base::reset_context, nb::arg("context").none(),
           nb::keep_alive<1, 2>(),
           "Integrates `context` from now on (not owned: it must outlive "
           "the integrator's use of it; None detaches).")
      .def("supports_error_estimation", &Base::supports_error_estimation)
      .def("get_error_estimate_order", &Base::get_error_estimate_order)
      .def("set_target_accuracy", &Base::set_target_accuracy,
           nb::arg("accuracy"))
      .def("get_target_accuracy", &Base::get_target_accuracy)
      .def("get_accuracy_in_use", &Base::get_accuracy_in_use)
      .def("set_maximum_step_size", &Base::set_maximum_step_size,
           nb::arg("max_step_size"))
      .def("get_maximum_step_size", &Base::get_maximum_step_size)
      .def("set_requested_minimum_step_size",
           &Base::set_requested_minimum_step_size, nb::arg("min_step_size"))
      .def("get_requested_minimum_step_size",
           &Base::get_requested_minimum_step_size)
      .def("set_throw_on_minimum_step_size_violation",
           &Base::set_throw_on_minimum_step_size_violation, nb::arg("throws"))
      .def("get_throw_on_minimum_step_size_violation",
           &Base::get_throw_on_minimum_step_size_violation)
      .def("request_initial_step_size_target",
           &Base::request_initial_step_size_target, nb::arg("step_size"))
      .def("get_initial_step_size_target", &Base::get_initial_step_size_target)
      .def("set_fixed_step_mode", &Base::set_fixed_step_mode, nb::arg("flag"))
      .def("get_fixed_step_mode", &Base::get_fixed_step_mode)
      .def("Initialize", &Base::Initialize)
      .def("is_initialized", &Base::is_initialized)
      .def("Reset", &Base::Reset)
      .def("IntegrateNoFurtherThanTime", &Base::IntegrateNoFurtherThanTime,
           nb::arg("publish_time"), nb::arg("update_time"),
           nb::arg("boundary_time"), nb::call_guard<nb::gil_scoped_release>())
      .def("IntegrateWithMultipleStepsToTime",
           &Base::IntegrateWithMultipleStepsToTime, nb::arg("t_final"),
           nb::call_guard<nb::gil_scoped_release>())
      .def("IntegrateWithSingleFixedStepToTime",
           &Base::IntegrateWithSingleFixedStepToTime, nb::arg("t_target"),
           nb::call_guard<nb::gil_scoped_release>())
      .def("ResetStatistics", &Base::ResetStatistics)
      .def("StartDenseIntegration", &Base::StartDenseIntegration)
      // Copies: the dense output grows (or is handed over) while a Python
      // object may still hold an earlier result.
      .def("get_dense_output", &Base::get_dense_output, nb::rv_policy::copy,
           "A copy of the dense output so far (None when dense integration "
           "is off).")
      .def(
          "StopDenseIntegration",
          [](Base& self) {
            return trajectories::PiecewisePolynomial<T>(
                std::move(*self.StopDenseIntegration()));
          },
          "Stops dense integration and returns its output.")
      .def("get_num_steps_taken", &Base::get_num_steps_taken)
      .def("get_num_derivative_evaluations",
           &Base::get_num_derivative_evaluations)
      .def("get_num_substep_failures", &Base::get_num_substep_failures)
      .def("get_num_step_shrinkages_from_substep_failures",
           &Base::get_num_step_shrinkages_from_substep_failures)
      .def("get_num_step_shrinkages_from_error_control",
           &Base::get_num_step_shrinkages_from_error_control)
      .def("get_actual_initial_step_size_taken",
           &Base::get_actual_initial_step_size_taken)
      .def("get_smallest_adapted_step_size_taken",
           &Base::get_smallest_adapted_step_size_taken)
      .def("get_largest_step_size_taken", &Base::get_largest_step_size_taken)
      .def("get_previous_integration_step_size",
           &Base::get_previous_integration_step_size)
      .def("get_context", &Base::get_context, nb::rv_policy::reference_internal)
      .def("get_system", &Base::get_system, nb::rv_policy::reference_internal);

  // Integrators are made by Simulator.reset_integrator-like helpers or
  // directly; a directly made one keeps its System and Context alive.
  DefineTemplateClassWithDefault<RungeKutta2Integrator<T>, Base>(
      m, "RungeKutta2Integrator", GetPyParam<T>())
      .def(nb::init<const System<T>&, const T&, Context<T>*>(),
           nb::arg("system"), nb::arg("max_step_size"),
           nb::arg("context") = nullptr, nb::keep_alive<1, 2>(),
           nb::keep_alive<1, 4>());
  if constexpr (!std::is_same_v<T, symbolic::Expression>) {
    DefineTemplateClassWithDefault<RungeKutta3Integrator<T>, Base>(
        m, "RungeKutta3Integrator", GetPyParam<T>())
        .def(nb::init<const System<T>&, Context<T>*>(), nb::arg("system"),
             nb::arg("context") = nullptr, nb::keep_alive<1, 2>(),
             nb::keep_alive<1, 3>());
  }
}

// The integrators bound for float only.
void DefineFloatIntegrators(nb::module_ m) {
  using T = double;
  using Base = IntegratorBase<T>;
  nb::class_<ExplicitEulerIntegrator<T>, Base>(m, "ExplicitEulerIntegrator")
      .def(nb::init<const System<T>&, const T&, Context<T>*>(),
           nb::arg("system"), nb::arg("max_step_size"),
           nb::arg("context") = nullptr, nb::keep_alive<1, 2>(),
           nb::keep_alive<1, 4>());
  nb::class_<SemiExplicitEulerIntegrator<T>, Base>(
      m, "SemiExplicitEulerIntegrator")
      .def(nb::init<const System<T>&, const T&, Context<T>*>(),
           nb::arg("system"), nb::arg("max_step_size"),
           nb::arg("context") = nullptr, nb::keep_alive<1, 2>(),
           nb::keep_alive<1, 4>());
  nb::class_<RungeKutta5Integrator<T>, Base>(m, "RungeKutta5Integrator")
      .def(nb::init<const System<T>&, Context<T>*>(), nb::arg("system"),
           nb::arg("context") = nullptr, nb::keep_alive<1, 2>(),
           nb::keep_alive<1, 3>());
  nb::class_<ImplicitIntegrator<T>, Base> implicit(m, "ImplicitIntegrator");
  nb::enum_<ImplicitIntegrator<T>::JacobianComputationScheme>(
      implicit, "JacobianComputationScheme")
      .value(
          "kForwardDifference",
          ImplicitIntegrator<T>::JacobianComputationScheme::kForwardDifference)
      .value(
          "kCentralDifference",
          ImplicitIntegrator<T>::JacobianComputationScheme::kCentralDifference)
      .value("kAutomatic",
             ImplicitIntegrator<T>::JacobianComputationScheme::kAutomatic);
  implicit
      .def("set_jacobian_computation_scheme",
           &ImplicitIntegrator<T>::set_jacobian_computation_scheme,
           nb::arg("scheme"))
      .def("get_jacobian_computation_scheme",
           &ImplicitIntegrator<T>::get_jacobian_computation_scheme)
      .def("set_reuse", &ImplicitIntegrator<T>::set_reuse, nb::arg("reuse"))
      .def("get_reuse", &ImplicitIntegrator<T>::get_reuse)
      .def("get_num_jacobian_evaluations",
           &ImplicitIntegrator<T>::get_num_jacobian_evaluations)
      .def("get_num_newton_raphson_iterations",
           &ImplicitIntegrator<T>::get_num_newton_raphson_iterations);
  nb::class_<ImplicitEulerIntegrator<T>, ImplicitIntegrator<T>>(
      m, "ImplicitEulerIntegrator")
      .def(nb::init<const System<T>&, Context<T>*>(), nb::arg("system"),
           nb::arg("context") = nullptr, nb::keep_alive<1, 2>(),
           nb::keep_alive<1, 3>())
      .def("set_use_implicit_trapezoid_error_estimation",
           &ImplicitEulerIntegrator<
               T>::set_use_implicit_trapezoid_error_estimation,
           nb::arg("flag"))
      .def("get_use_implicit_trapezoid_error_estimation",
           &ImplicitEulerIntegrator<
               T>::get_use_implicit_trapezoid_error_estimation);
  nb::class_<RadauIntegrator<T, 2>, ImplicitIntegrator<T>>(m,
                                                           "Radau3Integrator")
      .def(nb::init<const System<T>&, Context<T>*>(), nb::arg("system"),
           nb::arg("context") = nullptr, nb::keep_alive<1, 2>(),
           nb::keep_alive<1, 3>());
  nb::class_<RadauIntegrator<T, 1>, ImplicitIntegrator<T>>(m,
                                                           "Radau1Integrator")
      .def(nb::init<const System<T>&, Context<T>*>(), nb::arg("system"),
           nb::arg("context") = nullptr, nb::keep_alive<1, 2>(),
           nb::keep_alive<1, 3>());
}

// Simulator's interrupt check: runs Python's signal handlers (Ctrl-C raises
// KeyboardInterrupt) from inside AdvanceTo, which runs without the GIL.
void RaisePendingPythonSignals() {
  nb::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) throw nb::python_error();
}

void DefineSimulatorTypes(nb::module_ m) {
  nb::class_<SimulatorStatus> status(m, "SimulatorStatus");
  nb::enum_<SimulatorStatus::ReturnReason>(status, "ReturnReason")
      .value("kReachedBoundaryTime", SimulatorStatus::kReachedBoundaryTime)
      .value("kReachedTerminationCondition",
             SimulatorStatus::kReachedTerminationCondition)
      .value("kEventHandlerFailed", SimulatorStatus::kEventHandlerFailed);
  status.def("system", &SimulatorStatus::system, nb::rv_policy::reference)
      .def("IsIdenticalStatus", &SimulatorStatus::IsIdenticalStatus,
           nb::arg("other"))
      .def("FormatMessage", &SimulatorStatus::FormatMessage)
      .def("succeeded", &SimulatorStatus::succeeded)
      .def("boundary_time", &SimulatorStatus::boundary_time)
      .def("return_time", &SimulatorStatus::return_time)
      .def("reason", &SimulatorStatus::reason)
      .def("message", &SimulatorStatus::message);

  nb::class_<InitializeParams> initialize_params(m, "InitializeParams");
  initialize_params.def(nb::init<>())
      .def_rw("suppress_initialization_events",
              &InitializeParams::suppress_initialization_events);
  DefKwargsInit(initialize_params);
  DefCopyAndDeepCopy(initialize_params);
}

template <typename T>
void DefineSimulator(nb::module_ m) {
  using Sim = Simulator<T>;
  auto sim =
      DefineTemplateClassWithDefault<Sim>(m, "Simulator", GetPyParam<T>());
  // The Simulator borrows a Context given from Python (kept alive by the
  // Simulator), so that the caller's object stays usable and is the object
  // get_context() returns, as in the reference.
  sim.def(
         "__init__",
         [](Sim* self, const System<T>& system, Context<T>* context) {
           if (context != nullptr) {
             new (self) Sim(system, context, typename Sim::BorrowContext{});
           } else {
             new (self) Sim(system);
           }
           self->set_interrupt_check(&RaisePendingPythonSignals);
         },
         nb::arg("system"), nb::arg("context").none() = nb::none(),
         nb::keep_alive<1, 2>(), nb::keep_alive<1, 3>())
      .def(
          "Initialize",
          [](Sim& self, const InitializeParams& params) {
            nb::gil_scoped_release release;
            return self.Initialize(params);
          },
          nb::arg("params") = InitializeParams{})
      .def(
          "AdvanceTo",
          // Ctrl-C always interrupts (the interrupt check installed above);
          // `interruptible` is accepted for the reference's signature.
          [](Sim& self, double boundary_time, bool /* interruptible */) {
            nb::gil_scoped_release release;
            return self.AdvanceTo(T(boundary_time));
          },
          nb::arg("boundary_time"), nb::arg("interruptible") = true)
      .def("AdvancePendingEvents", &Sim::AdvancePendingEvents,
           nb::call_guard<nb::gil_scoped_release>())
      .def(
          "set_monitor",
          [](Sim& self, nb::object monitor) {
            // Called from AdvanceTo with the GIL released: take it back.
            self.set_monitor([monitor](const Context<T>& context) {
              nb::gil_scoped_acquire gil;
              nb::object status =
                  monitor(nb::cast(&context, nb::rv_policy::reference));
              // A monitor that returns nothing did nothing (as in the
              // reference).
              if (status.is_none()) return EventStatus::DidNothing();
              return nb::cast<EventStatus>(status);
            });
          },
          nb::arg("monitor"))
      .def("clear_monitor", &Sim::clear_monitor)
      .def("get_monitor",
           [](const Sim& self) -> nb::object {
             if (!self.get_monitor()) return nb::none();
             // The monitor set from Python, or a callable calling the C++ one.
             return nb::cast(self.get_monitor());
           })
      .def(
          "reset_context",
          [](Sim& self, const Context<T>& context) {
            self.reset_context(context.Clone());
          },
          nb::arg("context"),
          "Simulates a copy of `context` from now on (get_context() returns "
          "the copy).")
      .def("set_target_realtime_rate", &Sim::set_target_realtime_rate,
           nb::arg("realtime_rate"))
      .def("get_target_realtime_rate", &Sim::get_target_realtime_rate)
      .def("get_actual_realtime_rate", &Sim::get_actual_realtime_rate)
      .def("set_publish_every_time_step", &Sim::set_publish_every_time_step,
           nb::arg("publish"))
      .def("get_publish_every_time_step", &Sim::get_publish_every_time_step)
      .def("set_publish_at_initialization", &Sim::set_publish_at_initialization,
           nb::arg("publish"))
      .def("get_context", &Sim::get_context, nb::rv_policy::reference_internal)
      .def("get_mutable_context", &Sim::get_mutable_context,
           nb::rv_policy::reference_internal)
      .def("has_context", &Sim::has_context)
      .def("ResetStatistics", &Sim::ResetStatistics)
      .def("get_num_publishes", &Sim::get_num_publishes)
      .def("get_num_steps_taken", &Sim::get_num_steps_taken)
      .def("get_num_discrete_updates", &Sim::get_num_discrete_updates)
      .def("get_num_unrestricted_updates", &Sim::get_num_unrestricted_updates)
      .def("get_integrator", &Sim::get_integrator,
           nb::rv_policy::reference_internal)
      .def("get_mutable_integrator", &Sim::get_mutable_integrator,
           nb::rv_policy::reference_internal)
      .def("get_system", &Sim::get_system, nb::rv_policy::reference_internal);
}

void DefineSimulatorConfig(nb::module_ m) {
  using T = double;
  nb::class_<SimulatorConfig> simulator_config(m, "SimulatorConfig");
  simulator_config.def(nb::init<>())
      .def_rw("integration_scheme", &SimulatorConfig::integration_scheme)
      .def_rw("max_step_size", &SimulatorConfig::max_step_size)
      .def_rw("accuracy", &SimulatorConfig::accuracy)
      .def_rw("use_error_control", &SimulatorConfig::use_error_control)
      .def_rw("target_realtime_rate", &SimulatorConfig::target_realtime_rate)
      .def_rw("start_time", &SimulatorConfig::start_time)
      .def_rw("publish_every_time_step",
              &SimulatorConfig::publish_every_time_step);
  DefKwargsInit(simulator_config);
  DefCopyAndDeepCopy(simulator_config);
  m.def("ApplySimulatorConfig", &ApplySimulatorConfig<T>, nb::arg("config"),
        nb::arg("simulator"));
  m.def("ExtractSimulatorConfig", &ExtractSimulatorConfig<T>,
        nb::arg("simulator"));
  m.def("ResetIntegratorFromFlags", &ResetIntegratorFromFlags<T>,
        nb::arg("simulator"), nb::arg("scheme"), nb::arg("max_step_size"),
        nb::rv_policy::reference);
  m.def("GetIntegrationSchemes", &GetIntegrationSchemes);
}

}  // namespace

void DefineSystemsAnalysis(nb::module_ m) {
  m.doc() = "Bindings for ossa.systems.analysis.";
  type_visit(
      [m](auto tag) { DefineIntegrators<typename decltype(tag)::type>(m); },
      DefaultScalars{});
  DefineIntegrators<symbolic::Expression>(m);
  DefineFloatIntegrators(m);
  DefineSimulatorTypes(m);
  type_visit(
      [m](auto tag) { DefineSimulator<typename decltype(tag)::type>(m); },
      DefaultScalars{});
  DefineSimulatorConfig(m);
}

}  // namespace ossa::py
