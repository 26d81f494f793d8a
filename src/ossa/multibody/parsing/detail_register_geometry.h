#pragma once

/// @file
/// Registers the geometry of parsed model specs with the SceneGraph of a
/// MultibodyPlant (the last step of AddModelSpecsToPlant() when the plant is
/// a SceneGraph source).

#include "ossa/multibody/parsing/detail_common.h"
#include "ossa/multibody/parsing/model_spec.h"
#include "ossa/multibody/plant/multibody_plant.h"

namespace ossa::multibody::internal {

/// Registers the visual and collision geometry of `model` (added to `plant`
/// as `instance`, its links already bodies) and of its world geometry:
///
/// - Visuals get the illustration and perception roles, with ("phong",
///   "diffuse") when the file gives a color.
/// - Collisions get the proximity role with ("material",
///   "coulomb_friction") — the file's coefficients, the static one standing
///   in for a missing dynamic one and 1 for both when the file gives none —
///   and the file's other proximity properties: hunt_crossley_dissipation,
///   point_contact_stiffness and relaxation_time (group "material");
///   hydroelastic_modulus, mesh_resolution_hint (as "resolution_hint"),
///   slab_thickness, rigid_hydroelastic and compliant_hydroelastic (group
///   "hydroelastic"). MJCF's contype/conaffinity become collision filters
///   between the model's geometries: two collide only if
///   (contype₁ & conaffinity₂) | (contype₂ & conaffinity₁) ≠ 0.
/// - An unnamed geometry is named after its shape ("Box", "Sphere", ...);
///   a name taken on the body for that role gets a suffix "_1", "_2", ...
/// - The model's collision filter groups exclude collisions within a group
///   that ignores itself and between a group and the groups it ignores.
///
/// Errors name the file, the line and the element: a mesh whose URI does
/// not resolve to a file, a property out of range, a filter group naming a
/// link or group that does not exist; an unknown proximity property is a
/// warning.
void RegisterModelGeometry(const ModelSpec& model, ModelInstanceIndex instance,
                           const DiagnosticPolicy& diagnostic,
                           MultibodyPlant<double>* plant);

}  // namespace ossa::multibody::internal
