#pragma once

/// @file
/// The MJCF <equality> section: its constraints as ModelConstraintSpecs.

#include "ossa/multibody/parsing/detail_common.h"
#include "ossa/multibody/parsing/model_spec.h"

namespace ossa::multibody::internal {

/// Appends the constraints of the MJCF <equality> element `e` to
/// model->constraints. `model` must hold the links (with their reference
/// poses X_WB) and joints of the <worldbody> already.
///  - <connect body1 body2 anchor>: a ball constraint with P at `anchor` in
///    body1 (A) and Q on body2 (B, the world when absent) where P is at the
///    default configuration.
///  - <weld body1 body2 relpose anchor>: a weld constraint with Q at
///    `anchor` in body2 (B) and P = X_AB·X_BQ in body1 (A), X_AB = relpose
///    (position, then quaternion w x y z) or, when the quaternion of
///    relpose is zero (the default), the reference poses' X_WA⁻¹·X_WB.
///  - <joint joint1 joint2 polycoef>: MuJoCo's y − y₀ = c₀ + c₁(x − x₀) +
///    … (y joint1, x joint2, y₀ and x₀ their reference positions) as the
///    coupler y = c₁·x + (c₀ + y₀ − c₁·x₀); nonzero c₂…c₄ (not linear) or
///    a missing joint2 are reported and the constraint skipped.
/// site-based connect/weld, tendon and flex equalities, and the `active`
/// attribute are reported and skipped; solref/solimp/torquescale do not
/// apply (the plant's constraints are near-rigid).
/// @throws std::runtime_error (file and line) for a body or joint that does
/// not exist or a malformed number.
void ReadMujocoEquality(const XmlReader& xml, const tinyxml2::XMLElement* e,
                        ModelSpec* model);

}  // namespace ossa::multibody::internal
