#pragma once

/// @file
/// Forward declarations of the systems framework's class templates, for the
/// headers of other layers that name them (in signatures, as pointers or
/// references) without needing their definitions.

namespace ossa::systems {

template <typename T>
class Context;
template <typename T>
class State;
template <typename T>
class DiagramBuilder;

}  // namespace ossa::systems
