#include "ossa/systems/framework/witness_function.h"

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/systems/framework/system.h"

namespace ossa::systems {

template <typename T>
WitnessFunction<T>::WitnessFunction(const System<T>* system,
                                    std::string description,
                                    WitnessFunctionDirection direction,
                                    CalcCallback calc,
                                    std::unique_ptr<Event<T>> event)
    : system_(system),
      description_(std::move(description)),
      direction_(direction),
      calc_(std::move(calc)),
      event_(std::move(event)) {
  if (system_ == nullptr) {
    ThrowLogicError("WitnessFunction('{}'): the system is null.", description_);
  }
  if (!calc_) {
    ThrowLogicError("WitnessFunction('{}'): the calc function is empty.",
                    description_);
  }
  if (event_) event_->set_trigger_type(TriggerType::kWitness);
}

template <typename T>
WitnessFunction<T>::~WitnessFunction() = default;

template <typename T>
T WitnessFunction<T>::CalcWitnessValue(const Context<T>& context) const {
  if (context.get_system_id() != system_->get_system_id()) {
    ThrowLogicError(
        "WitnessFunction::CalcWitnessValue(): witness '{}' belongs to System "
        "'{}' but the Context is of System '{}'; pass the subsystem's Context "
        "(or use System::CalcWitnessValue on the root Context).",
        description_, system_->GetSystemPathname(), context.GetSystemName());
  }
  return calc_(context);
}

template <typename T>
bool WitnessFunction<T>::should_trigger(const T& w0, const T& wf) const {
  // Crossings are decided on the values: a witness's derivatives do not
  // matter for when its event fires.
  const double a = ExtractDoubleOrThrow(w0);
  const double b = ExtractDoubleOrThrow(wf);
  switch (direction_) {
    case WitnessFunctionDirection::kNone:
      return false;
    case WitnessFunctionDirection::kPositiveThenNonNegative:
      return a > 0 && b <= 0;
    case WitnessFunctionDirection::kNegativeThenNonPositive:
      return a < 0 && b >= 0;
    case WitnessFunctionDirection::kCrossesZero:
      return (a > 0 && b <= 0) || (a < 0 && b >= 0);
  }
  return false;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::WitnessFunction);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::WitnessFunction);
