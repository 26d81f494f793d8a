#pragma once

/// @file
/// Shared by the two files of the float bindings of ossa.systems.framework:
/// framework_py.cc (vectors, state, Context, ports, System, Diagram) and
/// framework_leaf_system_py.cc (events and LeafSystem).

#include <nanobind/nanobind.h>

#include <Eigen/Core>
#include <string>
#include <variant>

#include "ossa/systems/framework/framework_common.h"

namespace ossa::py {

/// A port name argument: a str, or kUseDefaultName (TypeError otherwise).
std::variant<std::string, systems::UseDefaultName> ToPortName(
    nanobind::handle name);  // framework_py.cc

/// Any 1-d sequence of numbers (list, tuple, numpy array, scalar) as a vector.
Eigen::VectorXd ToVector(nanobind::handle value);  // framework_py.cc

/// The event classes and witness functions (after the ports, before System;
/// framework_events_py.cc).
void DefineSystemsFrameworkEvents(nanobind::module_ m);
/// ValueProducer, SystemBase.DeclareCacheEntry and CacheEntry (with
/// LeafSystem; framework_events_py.cc).
void DefineCacheEntries(nanobind::module_ m);
/// AbstractValues, Parameters_ and the Context and State accessors that
/// return them (after the Contexts).
void DefineSystemsFrameworkParameters(nanobind::module_ m);
/// LeafSystem, subclassable from Python (after System, before Diagram).
void DefineSystemsFrameworkLeafSystem(nanobind::module_ m);

}  // namespace ossa::py
