#pragma once

/// @file
/// The format-neutral description of a parsed model: what the URDF, SDFormat
/// and MJCF readers produce and what the plant builder consumes. It is plain
/// data (double + Eigen) so that it exists before, and independently of,
/// MultibodyPlant.
///
/// Building a plant from it is one loop per element kind, in order:
///   for each ModelSpec m:      AddModelInstance(m.name)
///   for each LinkSpec b:       AddRigidBody(b.name, instance,
///                                SpatialInertia(b.inertial.mass,
///                                  b.inertial.p_BoBcm_B(),
///                                  UnitInertia(b.inertial.I_BBcm_B() / mass)))
///   for each FrameSpec f:      AddFrame(FixedOffsetFrame(f.name, body(f.body),
///                                f.X_BF))
///   for each JointSpec j:      AddJoint<kind>(j.name, body(j.parent), j.X_PF,
///                                body(j.child), j.X_CM, j.axis, ...) then the
///                                limits, damping, default positions
///   for each ActuatorSpec a:   AddJointActuator(a.name, joint(a.joint),
///                                a.effort_limit), set gear ratio and rotor
///                                inertia
///   static models:             WeldFrames(world, root links, X_WB)
/// Links that no joint moves are free bodies whose default pose is X_WB.
///
/// Units are SI (m, kg, rad, N, N·m, s) in every field whatever the file used
/// (MJCF degrees are converted to radians by the reader).

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <array>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/core/mobilizer_kind.h"

namespace ossa::multibody::internal {

/// Where an element came from: a file (or a display name for text parsed
/// from a string) and a 1-based line (0 when unknown).
struct SourceLocation {
  std::string file;
  int line{0};
  /// "file:line" (or just "file" when the line is unknown).
  std::string ToString() const;
};

/// The name of the world body in every format.
inline constexpr const char* kWorldName = "world";

/// Mass properties of a link B: mass m, center of mass Bcm and the rotational
/// inertia about Bcm expressed in an inertial frame I whose origin is Bcm
/// (the URDF/SDFormat <inertial> frame): I_BBcm_I. X_BI is the pose of I in B.
struct InertialSpec {
  double mass{0.0};
  math::RigidTransformd X_BI;
  Eigen::Matrix3d I_BBcm_I{Eigen::Matrix3d::Zero()};

  /// Position of Bcm from Bo, expressed in B: p_BoBcm_B = p_BI.
  Eigen::Vector3d p_BoBcm_B() const { return X_BI.translation(); }
  /// Rotational inertia about Bcm expressed in B: R_BI · I_BBcm_I · R_BIᵀ.
  Eigen::Matrix3d I_BBcm_B() const {
    const Eigen::Matrix3d& R_BI = X_BI.rotation().matrix();
    return R_BI * I_BBcm_I * R_BI.transpose();
  }
};

enum class ShapeType {
  kBox,
  kSphere,
  kCylinder,
  kCapsule,
  kEllipsoid,
  kMesh,
  kHalfSpace,
};

/// A geometric shape. Which fields are meaningful depends on `type`:
/// box: `size` (full lengths along x, y, z); sphere: `radius`; cylinder and
/// capsule: `radius`, `length` (of the cylindrical part, along z); ellipsoid:
/// `size` (the three semi-axes a, b, c); mesh: `uri` as the file wrote it,
/// `filename` its absolute path (empty when it does not resolve to an
/// existing file: an error only when the geometry is registered), `scale`
/// (per axis); half space:
/// its outward normal is +z of the geometry frame (readers that receive a
/// plane normal fold it into X_BG).
struct ShapeSpec {
  ShapeType type{ShapeType::kSphere};
  Eigen::Vector3d size{Eigen::Vector3d::Zero()};
  double radius{0.0};
  double length{0.0};
  std::string uri;
  std::string filename;
  Eigen::Vector3d scale{Eigen::Vector3d::Ones()};
  /// Where the shape's element is (for the error of an unresolved mesh).
  SourceLocation location;
};

const char* to_string(ShapeType type);

/// A visual or collision geometry G attached to a link B at X_BG.
struct GeometrySpec {
  /// Empty when the file gives none (the geometry is then named after its
  /// shape at registration).
  std::string name;
  bool is_collision{false};
  ShapeSpec shape;
  math::RigidTransformd X_BG;
  /// Diffuse color r, g, b, a in [0, 1], when the file gives one.
  std::optional<Eigen::Vector4d> rgba;
  /// Coulomb friction, when the file gives it (collision only).
  std::optional<double> static_friction;
  std::optional<double> dynamic_friction;
  /// Other proximity properties by name (drake:proximity_properties, MJCF
  /// contype ...): "hydroelastic_modulus", "hunt_crossley_dissipation", ...
  std::map<std::string, double> proximity_properties;
  SourceLocation location;
  /// Not empty when the file's geometry is unusable (e.g. no shape): the
  /// error to report if the geometry is registered.
  std::string deferred_error;
};

/// A rigid link (body) B. Its name is unique within its model instance.
struct LinkSpec {
  std::string name;
  InertialSpec inertial;
  /// True when the file gave mass properties (URDF/SDFormat <inertial>, MJCF
  /// <inertial> or geometry-derived inertia). SDFormat's default when absent
  /// is mass 1 and unit inertia, URDF's is massless.
  bool has_inertial{false};
  /// The default pose of B in world, from the file's model placement (the
  /// identity composition when the file is silent). Used for free bodies.
  math::RigidTransformd X_WB;
  std::vector<GeometrySpec> visuals;
  std::vector<GeometrySpec> collisions;
  SourceLocation location;
};

/// A frame F fixed to a body B at X_BF. `body` is a scoped link name (see
/// JointSpec), or kWorldName.
struct FrameSpec {
  std::string name;
  std::string body;
  math::RigidTransformd X_BF;
  SourceLocation location;
};

/// The joint types of the model description, format-neutral. Each maps to
/// one MobilizerKind (the one list of joint kinds, tree/mobilizer_kind.h)
/// in kJointTypeTable; the types exist beside the kinds only where a
/// format draws a distinction the kinds do not ("continuous" is a revolute
/// without position limits).
enum class JointType {
  kRevolute,    // 1 dof about `axis`, limited or not
  kContinuous,  // revolute without position limits
  kPrismatic,   // 1 dof along `axis`
  kFixed,       // weld, 0 dofs
  kFloating,    // 6 dofs (quaternion floating: nq 7, nv 6)
  kPlanar,      // 3 dofs: translation in the plane normal to `axis`, rotation
                // about it
  kBall,        // 3 rotational dofs (nq 4, nv 3)
  kUniversal,   // 2 dofs about `axis` then `axis2`
  kScrew,       // 1 dof: rotation about `axis` coupled to translation along
                // it by `screw_thread_pitch` (m per revolution)
};

/// One row of kJointTypeTable: a joint type, its name in the files, the
/// mobilizer kind the plant builds for it, and which formats accept the name
/// (MJCF names its types differently and maps them itself).
struct JointTypeInfo {
  JointType type;
  const char* name;
  MobilizerKind kind;
  bool in_urdf;              // <joint type="...">
  bool in_urdf_drake_joint;  // <drake:joint type="...">
  bool in_sdf;               // SDFormat <joint type="...">
};

/// The table of joint types, one row per JointType in declaration order.
extern const std::array<JointTypeInfo, 9> kJointTypeTable;

/// The row of `type`.
const JointTypeInfo& GetJointTypeInfo(JointType type);
/// The row named `name` ("revolute", ...), or nullptr if none is.
const JointTypeInfo* FindJointTypeInfo(std::string_view name);
/// The names the formats accept, in table order, for error messages:
/// "revolute, continuous, ... or screw". `accepts` picks a format's flag.
std::string JointTypeNames(bool JointTypeInfo::*accepts);

const char* to_string(JointType type);
/// Number of generalized velocities of a joint type.
int num_velocities(JointType type);
/// Number of generalized positions of a joint type.
int num_positions(JointType type);

/// A joint that follows another: q = multiplier·q_joint + offset (URDF
/// <mimic>, SDFormat <drake:mimic>). On a plant whose discrete solver
/// imposes constraints it becomes a coupler constraint (joint0 the mimicking
/// joint, joint1 `joint`); otherwise it is reported and ignored.
struct MimicSpec {
  std::string joint;  // the joint it follows (same model instance)
  double multiplier{1.0};
  double offset{0.0};
  SourceLocation location;
};

/// A joint between a parent body P and child body C. F is the joint frame on
/// P, M the joint frame on C; at q = 0, F and M coincide. `axis` is a unit
/// vector expressed in F (= M at zero configuration).
///
/// `parent` and `child` name bodies by their scoped name relative to the
/// joint's model instance ("link", "nested::link"), or kWorldName.
struct JointSpec {
  std::string name;
  JointType type{JointType::kFixed};
  std::string parent;
  std::string child;
  math::RigidTransformd X_PF;
  math::RigidTransformd X_CM;
  Eigen::Vector3d axis{Eigen::Vector3d::UnitX()};
  Eigen::Vector3d axis2{Eigen::Vector3d::UnitY()};  // universal only
  double screw_thread_pitch{0.0};                   // screw only
  /// Per-velocity limits and damping (size num_velocities(type)). Position
  /// limits are per velocity too for 1-dof joints (empty otherwise).
  Eigen::VectorXd position_lower_limits;
  Eigen::VectorXd position_upper_limits;
  Eigen::VectorXd velocity_limits;  // symmetric: ±velocity_limits
  Eigen::VectorXd effort_limits;    // symmetric; +inf when not given
  Eigen::VectorXd damping;
  Eigen::VectorXd friction;  // Coulomb friction (informational)
  /// Reflected rotor inertia added to the joint's diagonal of the mass
  /// matrix (MJCF armature), kg·m² or kg; 0 when not given.
  double armature{0.0};
  /// The position a 1-dof joint starts at (MJCF ref), when not 0.
  std::optional<double> default_position;
  std::optional<MimicSpec> mimic;
  SourceLocation location;
};

/// An actuator on a 1-dof (or multi-dof, per MJCF) joint.
struct ActuatorSpec {
  std::string name;
  std::string joint;
  double effort_limit{std::numeric_limits<double>::infinity()};
  double gear_ratio{1.0};
  double rotor_inertia{0.0};
  /// PD gains of MJCF <position>/<velocity> actuators (a PD-controlled
  /// actuator in the plant); absent for plain force/torque actuators.
  std::optional<double> proportional_gain;
  std::optional<double> derivative_gain;
  SourceLocation location;
};

/// Collision filter group: the collision geometries of `members` (scoped link
/// names) do not collide with each other, nor with the groups in `ignores`.
struct CollisionFilterGroupSpec {
  std::string name;
  std::vector<std::string> members;
  std::vector<std::string> ignores;
  SourceLocation location;
};

enum class ModelConstraintType { kBall, kWeld, kCoupler };

/// A constraint a file declares between bodies or joints of its model
/// (SDFormat <drake:ball_constraint>, MJCF <equality> connect / weld /
/// joint), added with MultibodyPlant::AddBallConstraint(),
/// AddWeldConstraint() or AddCouplerConstraint(). Body and joint names are
/// scoped as in JointSpec (kWorldName for the world body).
struct ModelConstraintSpec {
  ModelConstraintType type{ModelConstraintType::kBall};
  /// The file's element ("drake:ball_constraint", "connect", ...) for
  /// messages.
  std::string element;
  // Ball and weld: bodies A and B.
  std::string body_A;
  std::string body_B;
  // Ball: P at p_AP in A, Q at p_BQ in B (empty: where P is at the default
  // configuration).
  Eigen::Vector3d p_AP{Eigen::Vector3d::Zero()};
  std::optional<Eigen::Vector3d> p_BQ;
  // Weld: frame P at X_AP in A, frame Q at X_BQ in B.
  math::RigidTransformd X_AP;
  math::RigidTransformd X_BQ;
  // Coupler: q₀ = gear_ratio·q₁ + offset.
  std::string joint0;
  std::string joint1;
  double gear_ratio{1.0};
  double offset{0.0};
  SourceLocation location;
};

/// One model instance.
struct ModelSpec {
  /// Scoped name ("outer::inner"), after any parser prefix.
  std::string name;
  /// The file it was read from.
  SourceLocation location;
  /// SDFormat <static>: every link is welded to world at its X_WB.
  bool is_static{false};
  std::vector<LinkSpec> links;
  std::vector<FrameSpec> frames;
  std::vector<JointSpec> joints;
  std::vector<ActuatorSpec> actuators;
  std::vector<CollisionFilterGroupSpec> collision_filter_groups;
  std::vector<ModelConstraintSpec> constraints;
  /// Geometry attached to the world body (MJCF worldbody geoms, URDF
  /// geometry on a link named "world").
  std::vector<GeometrySpec> world_geometries;
  /// MJCF <option gravity>: like the reference, it sets the gravity of the
  /// whole plant (models added before included), m/s².
  std::optional<Eigen::Vector3d> gravity;

  const LinkSpec* FindLink(const std::string& link_name) const;
  const JointSpec* FindJoint(const std::string& joint_name) const;
  const FrameSpec* FindFrame(const std::string& frame_name) const;
  /// Total mass of the links (kg).
  double total_mass() const;
  /// Sum of num_velocities over the joints.
  int num_velocities() const;
};

/// Splits "a::b::c" into {"a::b", "c"}; a name without "::" gives {"", name}.
std::pair<std::string, std::string> SplitScopedName(const std::string& name);
/// "a" + "::" + "b", or just "b" when `scope` is empty.
std::string ScopedName(const std::string& scope, const std::string& name);

}  // namespace ossa::multibody::internal
