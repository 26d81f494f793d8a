#pragma once

/// @file
/// VectorLogSink<T>: records its vector input in a VectorLog kept in the
/// Context (so each Context has its own log and the System stays const).
/// It records on the publish events its triggers name: kPerStep (every
/// simulator step), kPeriodic (at t = k·publish_period) and kForced
/// (ForcedPublish). By default: every step and forced with
/// publish_period = 0, periodic and forced with publish_period > 0.
/// Ports: input "data".

#include <set>

#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/event.h"
#include "ossa/systems/framework/leaf_system.h"
#include "ossa/systems/primitives/vector_log.h"

namespace ossa::systems {

template <typename T>
class VectorLogSink final : public LeafSystem<T> {
 public:
  /// Throws std::logic_error if input_size < 1 or publish_period < 0.
  explicit VectorLogSink(int input_size, double publish_period = 0.0);
  /// Records on `publish_triggers`, a non-empty subset of {kForced,
  /// kPeriodic, kPerStep}; publish_period must be > 0 with kPeriodic and 0
  /// without it. Throws std::logic_error otherwise.
  VectorLogSink(int input_size, const std::set<TriggerType>& publish_triggers,
                double publish_period = 0.0);
  template <typename U>
  explicit VectorLogSink(const VectorLogSink<U>& other)
      : VectorLogSink(other.get_input_port().size(), other.publish_triggers(),
                      other.publish_period()) {}

  /// The log in `context` (this system's Context).
  const VectorLog<T>& GetLog(const Context<T>& context) const;
  /// Writable log, e.g. to Clear() it between runs.
  VectorLog<T>& GetMutableLog(const Context<T>& context) const;
  /// The log in this sink's Context within `root_context`, the root Context
  /// of the Diagram holding the sink (as GetMyContextFromRoot: throws
  /// std::logic_error if it is not a root Context or the sink is not in its
  /// Diagram).
  const VectorLog<T>& FindLog(const Context<T>& root_context) const;
  VectorLog<T>& FindMutableLog(const Context<T>& root_context) const;
  double publish_period() const { return publish_period_; }
  const std::set<TriggerType>& publish_triggers() const { return triggers_; }

 private:
  EventStatus WriteToLog(const Context<T>& context) const;
  double publish_period_{0.0};
  std::set<TriggerType> triggers_;
  CacheIndex log_cache_index_;
};

/// Adds a VectorLogSink to `builder` logging `src` (recording at every step
/// if publish_period is 0, else every publish_period seconds) and connects
/// it; returns the sink (owned by the builder). Throws std::logic_error if
/// `src` is not vector-valued, builder is null or publish_period < 0.
template <typename T>
VectorLogSink<T>* LogVectorOutput(const OutputPort<T>& src,
                                  DiagramBuilder<T>* builder,
                                  double publish_period = 0.0);
/// The same with the sink's publish_triggers (see its constructor).
template <typename T>
VectorLogSink<T>* LogVectorOutput(const OutputPort<T>& src,
                                  DiagramBuilder<T>* builder,
                                  const std::set<TriggerType>& publish_triggers,
                                  double publish_period = 0.0);

/// VectorLogSink converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<VectorLogSink> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::VectorLogSink);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::VectorLogSink);
