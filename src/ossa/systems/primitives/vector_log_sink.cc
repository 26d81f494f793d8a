#include "ossa/systems/primitives/vector_log_sink.h"

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename T>
VectorLogSink<T>::VectorLogSink(int input_size, double publish_period)
    : LeafSystem<T>(SystemTypeTag<VectorLogSink>{}),
      publish_period_(publish_period) {
  if (input_size < 1 || !(publish_period >= 0.0)) {
    ThrowLogicError(
        "VectorLogSink(): needs input_size >= 1 and publish_period >= 0, got "
        "input_size = {}, publish_period = {}.",
        input_size, publish_period);
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
  if (publish_period > 0.0) {
    this->DeclarePeriodicPublishEvent(publish_period, 0.0,
                                      &VectorLogSink::WriteToLog);
  } else {
    this->DeclarePerStepPublishEvent(&VectorLogSink::WriteToLog);
  }
  this->DeclareForcedPublishEvent(&VectorLogSink::WriteToLog);
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
  auto* sink =
      builder->template AddSystem<VectorLogSink<T>>(src.size(), publish_period);
  builder->Connect(src, sink->get_input_port());
  return sink;
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
template VectorLogSink<symbolic::Expression>* LogVectorOutput(
    const OutputPort<symbolic::Expression>&,
    DiagramBuilder<symbolic::Expression>*, double);
}  // namespace ossa::systems
