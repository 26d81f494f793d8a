#include "ossa/systems/primitives/vector_log_sink.h"

#include <cmath>

#include "ossa/common/error.h"

namespace ossa::systems {

namespace {

// The default triggers: periodic and forced with a period, else every step
// and forced.
std::set<TriggerType> DefaultTriggers(double publish_period) {
  if (publish_period > 0.0)
    return {TriggerType::kPeriodic, TriggerType::kForced};
  return {TriggerType::kPerStep, TriggerType::kForced};
}

}  // namespace

template <typename T>
VectorLogSink<T>::VectorLogSink(int input_size, double publish_period)
    : VectorLogSink(input_size, DefaultTriggers(publish_period),
                    publish_period) {}

template <typename T>
VectorLogSink<T>::VectorLogSink(int input_size,
                                const std::set<TriggerType>& publish_triggers,
                                double publish_period)
    : LeafSystem<T>(SystemTypeTag<VectorLogSink>{}),
      publish_period_(publish_period),
      triggers_(publish_triggers) {
  if (input_size < 1 || !(publish_period >= 0.0) ||
      !std::isfinite(publish_period)) {
    ThrowLogicError(
        "VectorLogSink(): needs input_size >= 1 and a finite publish_period "
        ">= 0, got input_size = {}, publish_period = {}.",
        input_size, publish_period);
  }
  if (publish_triggers.empty()) {
    ThrowLogicError("VectorLogSink(): publish_triggers is empty.");
  }
  for (TriggerType trigger : publish_triggers) {
    if (trigger != TriggerType::kForced && trigger != TriggerType::kPeriodic &&
        trigger != TriggerType::kPerStep) {
      ThrowLogicError(
          "VectorLogSink(): trigger {} is not supported; use kForced, "
          "kPeriodic or kPerStep.",
          static_cast<int>(trigger));
    }
  }
  const bool periodic = publish_triggers.contains(TriggerType::kPeriodic);
  if (periodic && !(publish_period > 0.0)) {
    ThrowLogicError(
        "VectorLogSink(): the kPeriodic trigger needs publish_period > 0, "
        "got {}.",
        publish_period);
  }
  if (!periodic && publish_period != 0.0) {
    ThrowLogicError(
        "VectorLogSink(): publish_period is {}, but the triggers do not "
        "include kPeriodic.",
        publish_period);
  }
  this->DeclareVectorInputPort("data", input_size);
  // The log lives in a cache entry that depends on nothing: it is allocated
  // per Context and only ever changed by WriteToLog (never recomputed).
  log_cache_index_ =
      this->DeclareCacheEntry(
              "log",
              ValueProducer(Value<VectorLog<T>>(VectorLog<T>(input_size)),
                            [](const ContextBase&, AbstractValue*) {}),
              {this->nothing_ticket()})
          .cache_index();
  if (periodic) {
    this->DeclarePeriodicPublishEvent(publish_period, 0.0,
                                      &VectorLogSink::WriteToLog);
  }
  if (publish_triggers.contains(TriggerType::kPerStep)) {
    this->DeclarePerStepPublishEvent(&VectorLogSink::WriteToLog);
  }
  if (publish_triggers.contains(TriggerType::kForced)) {
    this->DeclareForcedPublishEvent(&VectorLogSink::WriteToLog);
  }
}

template <typename T>
const VectorLog<T>& VectorLogSink<T>::GetLog(const Context<T>& context) const {
  return GetMutableLog(context);
}

template <typename T>
VectorLog<T>& VectorLogSink<T>::GetMutableLog(const Context<T>& context) const {
  this->ValidateContext(context);
  return this->get_cache_entry(log_cache_index_)
      .get_mutable_cache_entry_value(context)
      .GetMutableAbstractValueOrThrow()
      .template get_mutable_value<VectorLog<T>>();
}

template <typename T>
const VectorLog<T>& VectorLogSink<T>::FindLog(
    const Context<T>& root_context) const {
  return GetMutableLog(this->GetMyContextFromRoot(root_context));
}

template <typename T>
VectorLog<T>& VectorLogSink<T>::FindMutableLog(
    const Context<T>& root_context) const {
  return GetMutableLog(this->GetMyContextFromRoot(root_context));
}

template <typename T>
VectorLogSink<T>* LogVectorOutput(const OutputPort<T>& src,
                                  DiagramBuilder<T>* builder,
                                  const std::set<TriggerType>& publish_triggers,
                                  double publish_period) {
  if (builder == nullptr) {
    ThrowLogicError("LogVectorOutput(): the builder is null.");
  }
  if (src.get_data_type() != PortDataType::kVectorValued) {
    ThrowLogicError(
        "LogVectorOutput(): output port '{}' of System '{}' is "
        "abstract-valued; "
        "only vector-valued ports can be logged.",
        src.get_name(), src.get_system().GetSystemPathname());
  }
  auto* sink = builder->template AddSystem<VectorLogSink<T>>(
      src.size(), publish_triggers, publish_period);
  builder->Connect(src, sink->get_input_port());
  return sink;
}

template <typename T>
VectorLogSink<T>* LogVectorOutput(const OutputPort<T>& src,
                                  DiagramBuilder<T>* builder,
                                  double publish_period) {
  if (!(publish_period >= 0.0)) {
    ThrowLogicError("LogVectorOutput(): publish_period must be >= 0, got {}.",
                    publish_period);
  }
  return LogVectorOutput(src, builder, DefaultTriggers(publish_period),
                         publish_period);
}

template <typename T>
EventStatus VectorLogSink<T>::WriteToLog(const Context<T>& context) const {
  GetMutableLog(context).AddData(context.get_time(),
                                 this->get_input_port(0).Eval(context));
  return EventStatus::Succeeded();
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::VectorLogSink);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::VectorLogSink);

namespace ossa::systems {
template VectorLogSink<double>* LogVectorOutput(const OutputPort<double>&,
                                                DiagramBuilder<double>*,
                                                double);
template VectorLogSink<AutoDiffXd>* LogVectorOutput(
    const OutputPort<AutoDiffXd>&, DiagramBuilder<AutoDiffXd>*, double);
template VectorLogSink<double>* LogVectorOutput(const OutputPort<double>&,
                                                DiagramBuilder<double>*,
                                                const std::set<TriggerType>&,
                                                double);
template VectorLogSink<AutoDiffXd>* LogVectorOutput(
    const OutputPort<AutoDiffXd>&, DiagramBuilder<AutoDiffXd>*,
    const std::set<TriggerType>&, double);
template VectorLogSink<symbolic::Expression>* LogVectorOutput(
    const OutputPort<symbolic::Expression>&,
    DiagramBuilder<symbolic::Expression>*, double);
template VectorLogSink<symbolic::Expression>* LogVectorOutput(
    const OutputPort<symbolic::Expression>&,
    DiagramBuilder<symbolic::Expression>*, const std::set<TriggerType>&,
    double);
}  // namespace ossa::systems
