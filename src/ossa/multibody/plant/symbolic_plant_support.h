#pragma once

/// @file
/// (Internal) What MultibodyPlant<symbolic::Expression> does with the
/// operations that need numbers. The plant on Expression computes
/// kinematics, dynamics and Jacobians symbolically; the discrete step (its
/// solvers iterate and branch on values), geometry and contact queries (the
/// collision library takes doubles) and the forward dynamics by
/// factorization do not run on it. Those operations call
/// ThrowNotSymbolic(), which throws std::logic_error naming the plant and
/// the operation, as the reference does for these operations on
/// Expression.

#include <string>
#include <type_traits>

#include "ossa/common/symbolic/expression.h"

namespace ossa::multibody::internal {

/// True when T is symbolic::Expression: the plant's numeric-only paths are
/// compiled out for it (if constexpr) and replaced by ThrowNotSymbolic().
template <typename T>
inline constexpr bool kIsSymbolicScalar =
    std::is_same_v<T, symbolic::Expression>;

/// Throws std::logic_error: "MultibodyPlant<Expression> '<system_name>':
/// <operation> is not supported for T = symbolic::Expression; <why>".
[[noreturn]] void ThrowNotSymbolic(const std::string& system_name,
                                   const char* operation, const char* why);

}  // namespace ossa::multibody::internal
