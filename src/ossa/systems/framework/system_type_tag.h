#pragma once

/// @file
/// SystemTypeTag<S>: passed by a System template S<T> to its base class
/// constructor to declare that S supports scalar conversion, through a
/// scalar-converting copy constructor `template <typename U> S(const S<U>&)`.

namespace ossa::systems {

template <template <typename> class S>
struct SystemTypeTag {};

}  // namespace ossa::systems
