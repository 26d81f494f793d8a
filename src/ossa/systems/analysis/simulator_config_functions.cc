#include "ossa/systems/analysis/simulator_config_functions.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <functional>
#include <typeinfo>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/systems/analysis/explicit_euler_integrator.h"
#include "ossa/systems/analysis/implicit_euler_integrator.h"
#include "ossa/systems/analysis/radau_integrator.h"
#include "ossa/systems/analysis/runge_kutta2_integrator.h"
#include "ossa/systems/analysis/runge_kutta3_integrator.h"
#include "ossa/systems/analysis/runge_kutta5_integrator.h"
#include "ossa/systems/analysis/semi_explicit_euler_integrator.h"

namespace ossa::systems {
namespace {

// One named scheme: how to install it and how to recognize it.
template <typename T>
struct NamedScheme {
  const char* name;
  std::function<IntegratorBase<T>&(Simulator<T>*, const T&)> reset;
  std::function<bool(const IntegratorBase<T>&)> is;
};

// Fixed-step-only integrators take the step in their constructor; the
// error-controlled ones get it as their maximum step size.
template <typename T, template <typename> class I>
NamedScheme<T> FixedStep(const char* name) {
  return {name,
          [](Simulator<T>* s, const T& h) -> IntegratorBase<T>& {
            return s->template reset_integrator<I<T>>(h);
          },
          [](const IntegratorBase<T>& i) {
            return dynamic_cast<const I<T>*>(&i) != nullptr;
          }};
}

template <typename T, typename I>
NamedScheme<T> Controlled(const char* name) {
  return {name,
          [](Simulator<T>* s, const T& h) -> IntegratorBase<T>& {
            IntegratorBase<T>& i = s->template reset_integrator<I>();
            i.set_maximum_step_size(h);
            return i;
          },
          [](const IntegratorBase<T>& i) {
            return dynamic_cast<const I*>(&i) != nullptr;
          }};
}

template <typename T>
const std::vector<NamedScheme<T>>& GetSchemes() {
  static const std::vector<NamedScheme<T>> schemes{
      FixedStep<T, ExplicitEulerIntegrator>("explicit_euler"),
      Controlled<T, ImplicitEulerIntegrator<T>>("implicit_euler"),
      Controlled<T, Radau1Integrator<T>>("radau1"),
      Controlled<T, Radau3Integrator<T>>("radau3"),
      FixedStep<T, RungeKutta2Integrator>("runge_kutta2"),
      Controlled<T, RungeKutta3Integrator<T>>("runge_kutta3"),
      Controlled<T, RungeKutta5Integrator<T>>("runge_kutta5"),
      FixedStep<T, SemiExplicitEulerIntegrator>("semi_explicit_euler"),
  };
  return schemes;
}

}  // namespace

const std::vector<std::string>& GetIntegrationSchemes() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> result;
    for (const auto& s : GetSchemes<double>()) result.push_back(s.name);
    std::sort(result.begin(), result.end());
    return result;
  }();
  return names;
}

template <typename T>
IntegratorBase<T>& ResetIntegratorFromFlags(Simulator<T>* simulator,
                                            const std::string& scheme,
                                            const T& max_step_size) {
  if (simulator == nullptr) {
    ThrowLogicError("ResetIntegratorFromFlags(): the simulator is null.");
  }
  for (const auto& s : GetSchemes<T>()) {
    if (scheme == s.name) return s.reset(simulator, max_step_size);
  }
  ThrowLogicError(
      "ResetIntegratorFromFlags(): unknown integration scheme '{}'; known "
      "schemes are: {}.",
      scheme, fmt::join(GetIntegrationSchemes(), ", "));
}

template <typename T>
void ApplySimulatorConfig(const SimulatorConfig& config,
                          Simulator<T>* simulator) {
  if (simulator == nullptr) {
    ThrowLogicError("ApplySimulatorConfig(): the simulator is null.");
  }
  IntegratorBase<T>& integrator = ResetIntegratorFromFlags(
      simulator, config.integration_scheme, T(config.max_step_size));
  if (integrator.supports_error_estimation()) {
    integrator.set_fixed_step_mode(!config.use_error_control);
  }
  if (!integrator.get_fixed_step_mode()) {
    integrator.set_target_accuracy(config.accuracy);
  }
  simulator->set_target_realtime_rate(config.target_realtime_rate);
  simulator->set_publish_every_time_step(config.publish_every_time_step);
  simulator->set_publish_at_initialization(config.publish_every_time_step);
  if (!std::isfinite(config.start_time)) {
    ThrowLogicError(
        "ApplySimulatorConfig(): start_time is {}; expected a finite time.",
        config.start_time);
  }
  simulator->get_mutable_context().SetTime(T(config.start_time));
}

template <typename T>
SimulatorConfig ExtractSimulatorConfig(const Simulator<T>& simulator) {
  SimulatorConfig result;
  const IntegratorBase<T>& integrator = simulator.get_integrator();
  const char* name = nullptr;
  for (const auto& s : GetSchemes<T>()) {
    if (s.is(integrator)) name = s.name;
  }
  if (name == nullptr) {
    ThrowLogicError(
        "ExtractSimulatorConfig(): the simulator's integrator is not one of "
        "the named integration schemes.");
  }
  result.integration_scheme = name;
  result.max_step_size =
      ExtractDoubleOrThrow(integrator.get_maximum_step_size());
  if (integrator.supports_error_estimation()) {
    result.use_error_control = !integrator.get_fixed_step_mode();
    const double accuracy = std::isnan(integrator.get_accuracy_in_use())
                                ? integrator.get_target_accuracy()
                                : integrator.get_accuracy_in_use();
    if (!std::isnan(accuracy)) result.accuracy = accuracy;
  } else {
    result.use_error_control = false;
    result.accuracy = 0.0;
  }
  result.target_realtime_rate = simulator.get_target_realtime_rate();
  result.publish_every_time_step = simulator.get_publish_every_time_step();
  if (simulator.has_context()) {
    result.start_time =
        ExtractDoubleOrThrow(simulator.get_context().get_time());
  }
  return result;
}

#define OSSA_INSTANTIATE(T)                                     \
  template IntegratorBase<T>& ResetIntegratorFromFlags<T>(      \
      Simulator<T>*, const std::string&, const T&);             \
  template void ApplySimulatorConfig<T>(const SimulatorConfig&, \
                                        Simulator<T>*);         \
  template SimulatorConfig ExtractSimulatorConfig<T>(const Simulator<T>&);
OSSA_FOR_EACH_DEFAULT_SCALAR(OSSA_INSTANTIATE)
#undef OSSA_INSTANTIATE

}  // namespace ossa::systems
