#pragma once

/// @file
/// A forward declaration of MultibodyPlant, for the headers that name it
/// (in signatures, as pointers or references) without needing its
/// definition: the plant's internal solvers and the parsers.

namespace ossa::multibody {

template <typename T>
class MultibodyPlant;

}  // namespace ossa::multibody
