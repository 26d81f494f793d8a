#pragma once

/// @file
/// Small types shared by the whole systems framework: the index types, the
/// port data type, the dependency ticket numbers of the built-in trackers.

#include <cstdint>
#include <string>

#include "ossa/common/type_safe_index.h"

namespace ossa::systems {

namespace internal {
struct SubsystemIndexTag {
  static constexpr const char* kName = "SubsystemIndex";
};
struct InputPortIndexTag {
  static constexpr const char* kName = "InputPortIndex";
};
struct OutputPortIndexTag {
  static constexpr const char* kName = "OutputPortIndex";
};
struct CacheIndexTag {
  static constexpr const char* kName = "CacheIndex";
};
struct DependencyTicketTag {
  static constexpr const char* kName = "DependencyTicket";
};
struct DiscreteStateIndexTag {
  static constexpr const char* kName = "DiscreteStateIndex";
};
struct AbstractStateIndexTag {
  static constexpr const char* kName = "AbstractStateIndex";
};
struct NumericParameterIndexTag {
  static constexpr const char* kName = "NumericParameterIndex";
};
struct AbstractParameterIndexTag {
  static constexpr const char* kName = "AbstractParameterIndex";
};
struct ContinuousStateIndexTag {
  static constexpr const char* kName = "ContinuousStateIndex";
};
}  // namespace internal

/// Index of a subsystem within a Diagram.
using SubsystemIndex = TypeSafeIndex<internal::SubsystemIndexTag>;
/// Index of an input port of a System.
using InputPortIndex = TypeSafeIndex<internal::InputPortIndexTag>;
/// Index of an output port of a System.
using OutputPortIndex = TypeSafeIndex<internal::OutputPortIndexTag>;
/// Index of a cache entry of a System.
using CacheIndex = TypeSafeIndex<internal::CacheIndexTag>;
/// Identifies a value a computation may depend on (see SystemBase tickets).
using DependencyTicket = TypeSafeIndex<internal::DependencyTicketTag>;
/// Index of a discrete state group.
using DiscreteStateIndex = TypeSafeIndex<internal::DiscreteStateIndexTag>;
/// Index of an abstract state variable.
using AbstractStateIndex = TypeSafeIndex<internal::AbstractStateIndexTag>;
/// Index of a numeric parameter group.
using NumericParameterIndex = TypeSafeIndex<internal::NumericParameterIndexTag>;
/// Index of an abstract parameter.
using AbstractParameterIndex =
    TypeSafeIndex<internal::AbstractParameterIndexTag>;
/// The (single) continuous state of a system, for DeclareStateOutputPort.
using ContinuousStateIndex = TypeSafeIndex<internal::ContinuousStateIndexTag>;

/// Whether a port carries a vector (BasicVector<T>) or any abstract value.
enum PortDataType {
  kVectorValued = 0,
  kAbstractValued = 1,
};

/// Size placeholder for ports whose size is taken from elsewhere.
constexpr int kAutoSize = -1;

/// Name placeholder asking for the default name ("u0", "y1", ...).
struct UseDefaultName {};
constexpr UseDefaultName kUseDefaultName = {};

namespace internal {

/// Unique id of a System object, stored in the Contexts it allocates so that
/// a Context passed to the wrong System is detected.
using SystemId = int64_t;
SystemId NewSystemId();

/// Ticket numbers of the built-in dependency trackers that every Context has
/// (system-specific trackers follow from kNextAvailableTicket).
enum BuiltInTicketNumbers : int {
  kNothingTicket = 0,
  kTimeTicket,
  kAccuracyTicket,
  kQTicket,
  kVTicket,
  kZTicket,
  kXcTicket,
  kXdTicket,
  kXaTicket,
  kXTicket,
  kPnTicket,
  kPaTicket,
  kAllParametersTicket,
  kAllInputPortsTicket,
  kAllSourcesExceptInputPortsTicket,
  kAllSourcesTicket,
  kConfigurationTicket,
  kKinematicsTicket,
  kXcdotTicket,
  kPeTicket,
  kKeTicket,
  kPcTicket,
  kPncTicket,
  kNextAvailableTicket,
};

}  // namespace internal
}  // namespace ossa::systems
