#pragma once

/// @file
/// Builds multibody elements from parsed model specs (see model_spec.h).
///
/// AddModelSpecsToPlant() is written once against the element-building
/// methods that MultibodyPlant<double> and internal::MultibodyTree<double>
/// share (AddModelInstance, AddRigidBody, AddFrame, AddJoint, WeldFrames,
/// AddJointActuator, get_mutable_joint, get_mutable_joint_actuator, the
/// by-name lookups) and is explicitly instantiated for each of them in
/// detail_add_model_to_plant.cc.

#include <string>
#include <vector>

#include "ossa/common/type_safe_index.h"
#include "ossa/multibody/parsing/detail_common.h"
#include "ossa/multibody/parsing/model_spec.h"
#include "ossa/multibody/tree/multibody_tree_indexes.h"

namespace ossa::multibody::internal {

/// Adds `models` (in order) to `plant`, one model instance each, named
/// ModelSpec::name (which must be free: the caller renames beforehand).
/// Returns the new instances in the order of `models`.
///
/// - Each link becomes a RigidBody with M_BBo_B built from its inertial
///   (mass m, p_BoBcm_B, I_BBcm_B); a link without an inertial is massless
///   in URDF and MJCF and has SDFormat's default (1 kg, unit moments), as the
///   reader recorded. A rotational inertia the readers flagged as
///   non-physical has already been replaced (see CheckInertial()).
/// - Joints by kind: revolute/continuous → RevoluteJoint, prismatic →
///   PrismaticJoint, fixed → WeldJoint, floating → QuaternionFloatingJoint,
///   planar → PlanarJoint (its frames turned so that z is the plane normal),
///   ball → BallRpyJoint, universal → UniversalJoint (frames turned so that
///   x, y are axis, axis2), screw → ScrewJoint; with position and velocity
///   limits and damping.
/// - Static models: each root link is welded to the world at its X_WB.
/// - Actuators with effort limit, gear ratio, rotor inertia and PD gains.
/// - MJCF armature on unactuated joints is reported as a warning and
///   otherwise ignored.
/// - Mimic joints become coupler constraints (q = multiplier·q_leader +
///   offset), and the models' constraints (ModelSpec::constraints) ball,
///   weld and coupler constraints, on a discrete MultibodyPlant whose
///   approximation is not TAMSI; elsewhere they are reported as warnings and
///   skipped (docs/constraints.md).
///
/// - Geometry and collision filter groups, when the plant is a
///   MultibodyPlant registered with a SceneGraph (RegisterModelGeometry() in
///   detail_register_geometry.h); otherwise they stay in the specs.
///
/// @throws std::runtime_error naming the file, the line and the element
/// when the plant rejects an element (duplicate names, bodies connected
/// twice, invalid values) or a name cannot be resolved.
template <class PlantType>
std::vector<ModelInstanceIndex> AddModelSpecsToPlant(
    const std::vector<ModelSpec>& models, const DiagnosticPolicy& diagnostic,
    PlantType* plant);

}  // namespace ossa::multibody::internal
