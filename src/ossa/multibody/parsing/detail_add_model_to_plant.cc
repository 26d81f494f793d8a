#include "ossa/multibody/parsing/detail_add_model_to_plant.h"

#include <type_traits>

#include <fmt/format.h>

#include <cmath>
#include <exception>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "ossa/common/error.h"
#include "ossa/multibody/math/rotational_inertia.h"
#include "ossa/multibody/math/spatial_inertia.h"
#include "ossa/multibody/parsing/detail_register_geometry.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/ball_rpy_joint.h"
#include "ossa/multibody/tree/fixed_offset_frame.h"
#include "ossa/multibody/tree/joint_actuator.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/planar_joint.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/quaternion_floating_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/rigid_body.h"
#include "ossa/multibody/tree/screw_joint.h"
#include "ossa/multibody/tree/universal_joint.h"
#include "ossa/multibody/tree/weld_joint.h"

namespace ossa::multibody::internal {
namespace {

using math::RigidTransformd;
using math::RotationMatrixd;

constexpr double kInf = std::numeric_limits<double>::infinity();

// "<link name='x'>"-style description of an element for messages.
std::string Element(const char* tag, const std::string& name) {
  return fmt::format("<{} name='{}'>", tag, name);
}

// The instance named by `scope` (relative to model `model_name`).
std::string InstanceName(const std::string& model_name,
                         const std::string& scope) {
  return scope.empty() ? model_name : ScopedName(model_name, scope);
}

// Runs `add` and turns a std::logic_error of the plant (duplicate names,
// bad values, bodies connected twice) into an error that names the file,
// the line and the element it came from.
template <typename F>
auto WithLocation(const DiagnosticPolicy& diagnostic,
                  const SourceLocation& where, const std::string& element,
                  F&& add) -> decltype(add()) {
  try {
    return add();
  } catch (const std::logic_error& e) {
    diagnostic.Error(where, element, e.what());
  }
}

// A rotation R_FJ whose columns are an orthonormal frame J with Jz = n
// (n a unit vector): used to turn the joint frames of a planar joint, whose
// motion is in the x-y plane of F, so that the plane normal is n.
RotationMatrixd MakeFrameWithZ(const Eigen::Vector3d& n) {
  // Pick the world axis least aligned with n to build x.
  Eigen::Vector3d a = Eigen::Vector3d::UnitX();
  if (std::abs(n.x()) > 0.9) a = Eigen::Vector3d::UnitY();
  const Eigen::Vector3d x = (a - a.dot(n) * n).normalized();
  const Eigen::Vector3d y = n.cross(x);
  Eigen::Matrix3d R;
  R << x, y, n;
  return RotationMatrixd::MakeUnchecked(R);
}

// Where each model's elements go, and how to find a body by the scoped name
// a spec uses ("link", "nested::link", "world").
template <class PlantType>
class Builder {
 public:
  Builder(const DiagnosticPolicy& diagnostic, PlantType* plant)
      : diagnostic_(diagnostic), plant_(*plant) {}

  std::vector<ModelInstanceIndex> Run(const std::vector<ModelSpec>& models) {
    std::vector<ModelInstanceIndex> instances;
    for (const auto& m : models) {
      const ModelInstanceIndex instance =
          WithLocation(diagnostic_, m.location, Element("model", m.name),
                       [&] { return plant_.AddModelInstance(m.name); });
      instances.push_back(instance);
    }
    // Bodies of every model first: a joint or frame of an outer SDFormat
    // model may name a link of a nested one.
    for (size_t i = 0; i < models.size(); ++i) {
      for (const auto& link : models[i].links) AddBody(link, instances[i]);
    }
    for (size_t i = 0; i < models.size(); ++i) {
      const ModelSpec& m = models[i];
      for (const auto& f : m.frames) AddFrame(m, f, instances[i]);
      for (const auto& j : m.joints) AddJoint(m, j, instances[i]);
    }
    for (size_t i = 0; i < models.size(); ++i) {
      const ModelSpec& m = models[i];
      for (const auto& a : m.actuators) AddActuator(m, a, instances[i]);
      ReportArmature(m, instances[i]);
      PlaceRootLinks(m, instances[i]);
      AddConstraints(m, instances[i]);
      if (m.gravity) {
        plant_.mutable_gravity_field().set_gravity_vector(*m.gravity);
      }
    }
    // Geometry last: filter groups may name links of any of the models.
    if constexpr (std::is_same_v<PlantType, MultibodyPlant<double>>) {
      if (plant_.geometry_source_is_registered()) {
        for (size_t i = 0; i < models.size(); ++i) {
          RegisterModelGeometry(models[i], instances[i], diagnostic_, &plant_);
        }
      }
    }
    return instances;
  }

 private:
  using Body = RigidBody<double>;

  // The model instance and local name of the element named `scoped_name`
  // relative to model `m`; reports an error naming `what` ("link") unless
  // has(local, instance).
  template <typename Has>
  std::pair<ModelInstanceIndex, std::string> ResolveScoped(
      const ModelSpec& m, const std::string& scoped_name, const char* what,
      Has has, const SourceLocation& where, const std::string& element) const {
    const auto [scope, local] = SplitScopedName(scoped_name);
    const std::string instance_name = InstanceName(m.name, scope);
    if (!plant_.HasModelInstanceNamed(instance_name) ||
        !has(local, plant_.GetModelInstanceByName(instance_name))) {
      diagnostic_.Error(where, element,
                        fmt::format("there is no {} '{}' in model instance "
                                    "'{}'",
                                    what, local, instance_name));
    }
    return {plant_.GetModelInstanceByName(instance_name), local};
  }

  const Body& FindBody(const ModelSpec& m, const std::string& scoped_name,
                       const SourceLocation& where,
                       const std::string& element) const {
    if (scoped_name == kWorldName) return plant_.world_body();
    const auto [instance, local] = ResolveScoped(
        m, scoped_name, "link",
        [&](const std::string& name, ModelInstanceIndex i) {
          return plant_.HasBodyNamed(name, i);
        },
        where, element);
    return plant_.GetBodyByName(local, instance);
  }

  void AddBody(const LinkSpec& link, ModelInstanceIndex instance) {
    const std::string element = Element("link", link.name);
    const InertialSpec& in = link.inertial;
    SpatialInertia<double> M_BBo_B = SpatialInertia<double>::Zero();
    // A subnormal mass (e.g. from a geom of size 1e-320) loses its relative
    // precision and its inverse overflows: the dynamics would be NaN.
    if (in.mass > 0 && in.mass < std::numeric_limits<double>::min()) {
      diagnostic_.Error(
          link.location, element,
          fmt::format("link '{}' has a mass of {:g} kg, below the smallest "
                      "normal double ({:g}); use 0 for a massless link",
                      link.name, in.mass, std::numeric_limits<double>::min()));
    }
    if (in.mass > 0 || !in.I_BBcm_I.isZero()) {
      // The readers have checked the values (CheckInertial()); a value they
      // accept that the inertia classes still reject (a tolerance at the
      // edge) is handled the same way: warn, then substitute.
      InertialSpec checked = in;
      try {
        M_BBo_B = SpatialInertia<double>::MakeFromCentralInertia(
            checked.mass, checked.p_BoBcm_B(),
            RotationalInertia<double>::MakeUnchecked(checked.I_BBcm_B()));
      } catch (const std::logic_error& e) {
        if (!(checked.mass >= 0) || !std::isfinite(checked.mass)) {
          diagnostic_.Error(
              link.location, element,
              fmt::format("link '{}' has non-physical mass properties: {}",
                          link.name, e.what()));
        }
        diagnostic_.Warning(link.location, element,
                            fmt::format("link '{}' has non-physical mass "
                                        "properties: {}\nthe inertia is "
                                        "replaced by that of a solid sphere "
                                        "of water of the same mass",
                                        link.name, e.what()));
        ReplaceWithPlausibleInertia(&checked);
        // The substitute can still fail (a center of mass so far away that
        // the inertia about Bo overflows): an error naming the link then.
        try {
          M_BBo_B = SpatialInertia<double>::MakeFromCentralInertia(
              checked.mass, checked.p_BoBcm_B(),
              RotationalInertia<double>::MakeUnchecked(checked.I_BBcm_B()));
        } catch (const std::logic_error& e2) {
          diagnostic_.Error(
              link.location, element,
              fmt::format("link '{}' has non-physical mass properties: {}",
                          link.name, e2.what()));
        }
      }
    }
    WithLocation(diagnostic_, link.location, element, [&]() -> const Body& {
      return plant_.AddRigidBody(link.name, instance, M_BBo_B);
    });
  }

  void AddFrame(const ModelSpec& m, const FrameSpec& f,
                ModelInstanceIndex instance) {
    const std::string element = Element("frame", f.name);
    const Body& body = FindBody(m, f.body, f.location, element);
    WithLocation(diagnostic_, f.location, element, [&] {
      plant_.template AddFrame<FixedOffsetFrame>(
          std::make_unique<FixedOffsetFrame<double>>(f.name, body.body_frame(),
                                                     f.X_BF, instance));
      return 0;
    });
  }

  // The joint belongs to the model that declares it (the tree would put it
  // in its child's instance, which differs for an outer SDFormat model's
  // joint to a nested model's link): its frames are made in `instance`.
  template <template <typename> class JointType, typename... Args>
  const JointType<double>& AddJointIn(
      ModelInstanceIndex instance, const std::string& name, const Body& parent,
      const RigidTransformd& X_PF, const Body& child,
      const RigidTransformd& X_CM, Args&&... args) {
    if (child.model_instance() == instance) {
      return plant_.template AddJoint<JointType>(
          name, parent, X_PF, child, X_CM, std::forward<Args>(args)...);
    }
    const auto& F = plant_.AddFrame(std::make_unique<FixedOffsetFrame<double>>(
        name + "_parent", parent.body_frame(), X_PF, instance));
    const auto& M = plant_.AddFrame(std::make_unique<FixedOffsetFrame<double>>(
        name + "_child", child.body_frame(), X_CM, instance));
    return plant_.AddJoint(std::make_unique<JointType<double>>(
        name, F, M, std::forward<Args>(args)...));
  }

  void AddJoint(const ModelSpec& m, const JointSpec& j,
                ModelInstanceIndex instance) {
    const std::string element = Element("joint", j.name);
    const Body& parent = FindBody(m, j.parent, j.location, element);
    const Body& child = FindBody(m, j.child, j.location, element);
    const int nv = num_velocities(j.type);
    auto damping0 = [&] { return j.damping.size() > 0 ? j.damping(0) : 0.0; };
    const Joint<double>* joint = WithLocation(
        diagnostic_, j.location, element, [&]() -> const Joint<double>* {
          switch (j.type) {
            case JointType::kRevolute:
            case JointType::kContinuous: {
              const double lower = j.type == JointType::kRevolute &&
                                           j.position_lower_limits.size() == 1
                                       ? j.position_lower_limits(0)
                                       : -kInf;
              const double upper = j.type == JointType::kRevolute &&
                                           j.position_upper_limits.size() == 1
                                       ? j.position_upper_limits(0)
                                       : kInf;
              return &AddJointIn<RevoluteJoint>(instance, j.name, parent,
                                                j.X_PF, child, j.X_CM, j.axis,
                                                lower, upper, damping0());
            }
            case JointType::kPrismatic: {
              const double lower = j.position_lower_limits.size() == 1
                                       ? j.position_lower_limits(0)
                                       : -kInf;
              const double upper = j.position_upper_limits.size() == 1
                                       ? j.position_upper_limits(0)
                                       : kInf;
              return &AddJointIn<PrismaticJoint>(instance, j.name, parent,
                                                 j.X_PF, child, j.X_CM, j.axis,
                                                 lower, upper, damping0());
            }
            case JointType::kFixed:
              return &AddJointIn<WeldJoint>(instance, j.name, parent, j.X_PF,
                                            child, j.X_CM,
                                            RigidTransformd::Identity());
            case JointType::kFloating:
              return &AddJointIn<QuaternionFloatingJoint>(
                  instance, j.name, parent, j.X_PF, child, j.X_CM, 0.0, 0.0);
            case JointType::kPlanar: {
              // Motion in the plane normal to `axis`: F' = F·R_FJ with
              // R_FJ z = axis, and M' = M·R_FJ so that F' and M' coincide at
              // q = 0 as F and M do.
              const RigidTransformd X_FJ(MakeFrameWithZ(j.axis),
                                         Eigen::Vector3d::Zero());
              Eigen::Vector3d damping = Eigen::Vector3d::Zero();
              if (j.damping.size() == 3) damping = j.damping;
              return &AddJointIn<PlanarJoint>(instance, j.name, parent,
                                              j.X_PF * X_FJ, child,
                                              j.X_CM * X_FJ, damping);
            }
            case JointType::kBall:
              return &AddJointIn<BallRpyJoint>(instance, j.name, parent, j.X_PF,
                                               child, j.X_CM, damping0());
            case JointType::kUniversal: {
              // UniversalJoint rotates about Fx, then about My: turn F and M
              // so that x is `axis` and y is `axis2`.
              if (std::abs(j.axis.dot(j.axis2)) > 1e-6) {
                ThrowLogicError(
                    "universal joint '{}': axis and axis2 must be "
                    "orthogonal (their dot product is {})",
                    j.name, j.axis.dot(j.axis2));
              }
              Eigen::Matrix3d R;
              R << j.axis, j.axis2, j.axis.cross(j.axis2);
              const RigidTransformd X_FJ(RotationMatrixd::MakeUnchecked(R),
                                         Eigen::Vector3d::Zero());
              return &AddJointIn<UniversalJoint>(instance, j.name, parent,
                                                 j.X_PF * X_FJ, child,
                                                 j.X_CM * X_FJ, damping0());
            }
            case JointType::kScrew:
              return &AddJointIn<ScrewJoint>(instance, j.name, parent, j.X_PF,
                                             child, j.X_CM, j.axis,
                                             j.screw_thread_pitch, damping0());
          }
          ThrowLogicError("joint '{}' has an unknown type", j.name);
        });
    if (nv == 0) return;
    Joint<double>& mutable_joint = plant_.get_mutable_joint(joint->index());
    WithLocation(diagnostic_, j.location, element, [&] {
      if (j.default_position && nv == 1) {
        mutable_joint.set_default_positions(
            Eigen::VectorXd::Constant(1, *j.default_position));
      }
      if (j.velocity_limits.size() == nv &&
          (j.velocity_limits.array() < kInf).any()) {
        mutable_joint.set_velocity_limits(-j.velocity_limits,
                                          j.velocity_limits);
      }
      if (j.type == JointType::kBall && j.damping.size() == 3 &&
          (j.damping.array() != j.damping(0)).any()) {
        diagnostic_.Warning(j.location, element,
                            "a ball joint has one damping coefficient; the "
                            "first axis' value is used");
      }
      return 0;
    });
  }

  void AddActuator(const ModelSpec& m, const ActuatorSpec& a,
                   ModelInstanceIndex instance) {
    const std::string element = Element("actuator", a.name);
    const auto [scope, local] = SplitScopedName(a.joint);
    const std::string instance_name = InstanceName(m.name, scope);
    const ModelInstanceIndex joint_instance =
        scope.empty() ? instance
                      : (plant_.HasModelInstanceNamed(instance_name)
                             ? plant_.GetModelInstanceByName(instance_name)
                             : instance);
    if (!plant_.HasJointNamed(local, joint_instance)) {
      diagnostic_.Error(a.location, element,
                        fmt::format("actuator '{}' names joint '{}', which "
                                    "does not exist",
                                    a.name, a.joint));
    }
    const Joint<double>& joint = plant_.GetJointByName(local, joint_instance);
    if (joint.num_velocities() != 1) {
      diagnostic_.Warning(a.location, element,
                          fmt::format("joint '{}' has {} degrees of freedom; "
                                      "only 1-dof joints can be actuated, "
                                      "actuator '{}' is skipped",
                                      a.joint, joint.num_velocities(), a.name));
      return;
    }
    if (!(a.effort_limit > 0)) {
      // The reference makes no actuator for a zero effort limit.
      diagnostic_.Warning(a.location, element,
                          fmt::format("actuator '{}' has effort limit {}; it "
                                      "is skipped",
                                      a.name, a.effort_limit));
      return;
    }
    WithLocation(diagnostic_, a.location, element, [&] {
      const auto& actuator =
          plant_.AddJointActuator(a.name, joint, a.effort_limit);
      JointActuator<double>& mutable_actuator =
          plant_.get_mutable_joint_actuator(actuator.index());
      double rotor_inertia = a.rotor_inertia;
      // MJCF armature is reflected inertia ρ²·I_r on the joint: fold it into
      // the actuator's rotor inertia so that the mass matrix holds it.
      const JointSpec* spec = m.FindJoint(local);
      if (scope.empty() && spec != nullptr && spec->armature != 0) {
        rotor_inertia += spec->armature / (a.gear_ratio * a.gear_ratio);
        armature_used_.insert(spec);
      }
      if (!std::isfinite(rotor_inertia)) {
        diagnostic_.Error(
            a.location, element,
            fmt::format("actuator '{}': the rotor inertia {:g} (armature / "
                        "gear ratio² with gear ratio {:g}) is not finite",
                        a.name, rotor_inertia, a.gear_ratio));
      }
      mutable_actuator.set_default_gear_ratio(a.gear_ratio);
      mutable_actuator.set_default_rotor_inertia(rotor_inertia);
      const double p = a.proportional_gain.value_or(0.0);
      const double d = a.derivative_gain.value_or(0.0);
      if (p > 0) {
        mutable_actuator.set_controller_gains(PdControllerGains{p, d});
      } else if (a.proportional_gain || a.derivative_gain) {
        // A pure velocity servo (MJCF <velocity>): the plant's PD control
        // needs a positive proportional gain.
        diagnostic_.Warning(a.location, element,
                            fmt::format("actuator '{}' has proportional gain "
                                        "{} and derivative gain {}: PD "
                                        "control needs a positive "
                                        "proportional gain, so it is a plain "
                                        "force actuator",
                                        a.name, p, d));
      }
      return 0;
    });
  }

  void ReportArmature(const ModelSpec& m, ModelInstanceIndex) {
    for (const auto& j : m.joints) {
      if (j.armature != 0 && !armature_used_.count(&j)) {
        diagnostic_.Warning(j.location, Element("joint", j.name),
                            fmt::format("the armature {} of joint '{}' is "
                                        "ignored: reflected inertia needs an "
                                        "actuator on the joint",
                                        j.armature, j.name));
      }
    }
  }

  // Static models weld their root links to the world; free root links of
  // other models start at the pose the file gave them (when the plant can
  // hold a default free-body pose).
  void PlaceRootLinks(const ModelSpec& m, ModelInstanceIndex instance) {
    std::set<std::string> children;
    for (const auto& j : m.joints) children.insert(j.child);
    for (const auto& link : m.links) {
      if (children.count(link.name)) continue;
      const Body& body = plant_.GetBodyByName(link.name, instance);
      if (m.is_static) {
        WithLocation(diagnostic_, link.location, Element("link", link.name),
                     [&] {
                       plant_.WeldFrames(plant_.world_frame(),
                                         body.body_frame(), link.X_WB);
                       return 0;
                     });
      } else {
        if constexpr (requires(PlantType & p) {
                        p.SetDefaultFreeBodyPose(body, link.X_WB);
                      }) {
          plant_.SetDefaultFreeBodyPose(body, link.X_WB);
        }
      }
    }
  }

  // Whether the plant imposes the constraints of a file: a discrete
  // MultibodyPlant whose approximation is not TAMSI. (The reference also
  // adds them to continuous plants, for an integrator ossa does not have;
  // a continuous plant cannot integrate a constraint, so there they are
  // reported and skipped, and the model's dynamics stay usable.)
  bool ImposesConstraints() const {
    if constexpr (std::is_same_v<PlantType, MultibodyPlant<double>>) {
      return plant_.is_discrete() &&
             plant_.get_discrete_contact_approximation() !=
                 DiscreteContactApproximation::kTamsi;
    }
    return false;
  }

  // The joint named `scoped_name` relative to model `m`.
  const Joint<double>& FindJoint(const ModelSpec& m,
                                 const std::string& scoped_name,
                                 const SourceLocation& where,
                                 const std::string& element) const {
    const auto [instance, local] = ResolveScoped(
        m, scoped_name, "joint",
        [&](const std::string& name, ModelInstanceIndex i) {
          return plant_.HasJointNamed(name, i);
        },
        where, element);
    return plant_.GetJointByName(local, instance);
  }

  // Mimics become coupler constraints (joint0 the mimicking joint), and the
  // file's ball, weld and coupler constraints plant constraints, on a
  // MultibodyPlant; anything the plant cannot impose is reported and
  // skipped.
  void AddConstraints(const ModelSpec& m, ModelInstanceIndex) {
    for (const auto& j : m.joints) {
      if (j.mimic) AddMimic(m, j);
    }
    for (const auto& c : m.constraints) AddConstraint(m, c);
  }

  void AddMimic(const ModelSpec& m, const JointSpec& j) {
    const std::string element = Element("joint", j.name);
    const SourceLocation& where = j.mimic->location;
    if (!ImposesConstraints()) {
      diagnostic_.Warning(
          where, element,
          fmt::format("joint '{}' specifies a mimic element that will be "
                      "ignored. Mimic elements are currently only supported "
                      "by a MultibodyPlant with a discrete time step and a "
                      "discrete approximation that uses the SAP solver "
                      "(kSap, kSimilar or kLagged)",
                      j.name));
      return;
    }
    const Joint<double>& follower = FindJoint(m, j.name, where, element);
    const Joint<double>& leader = FindJoint(m, j.mimic->joint, where, element);
    if (follower.num_velocities() != leader.num_velocities()) {
      // The reference rejects the file; ossa keeps the model usable.
      diagnostic_.Warning(
          where, element,
          fmt::format("joint '{}' which has {} DOF cannot mimic joint '{}' "
                      "which has {} DOF; the mimic element is ignored",
                      j.name, follower.num_velocities(), leader.name(),
                      leader.num_velocities()));
      return;
    }
    if (follower.num_velocities() != 1) {
      diagnostic_.Warning(
          where, element,
          fmt::format("only single-dof joints support the mimic element. The "
                      "mimic element in joint '{}' will be ignored",
                      j.name));
      return;
    }
    if constexpr (std::is_same_v<PlantType, MultibodyPlant<double>>) {
      WithLocation(diagnostic_, where, element, [&] {
        return plant_.AddCouplerConstraint(
            follower, leader, j.mimic->multiplier, j.mimic->offset);
      });
    }
  }

  void AddConstraint(const ModelSpec& m, const ModelConstraintSpec& c) {
    const std::string element = "<" + c.element + ">";
    if (!ImposesConstraints()) {
      diagnostic_.Warning(c.location, element,
                          "this constraint will be ignored: constraints are "
                          "only supported by a MultibodyPlant with a discrete "
                          "time step and a discrete approximation that uses "
                          "the SAP solver (kSap, kSimilar or kLagged)");
      return;
    }
    if constexpr (std::is_same_v<PlantType, MultibodyPlant<double>>) {
      WithLocation(diagnostic_, c.location, element, [&] {
        switch (c.type) {
          case ModelConstraintType::kBall:
            return plant_.AddBallConstraint(
                FindBody(m, c.body_A, c.location, element), c.p_AP,
                FindBody(m, c.body_B, c.location, element), c.p_BQ);
          case ModelConstraintType::kWeld:
            return plant_.AddWeldConstraint(
                FindBody(m, c.body_A, c.location, element), c.X_AP,
                FindBody(m, c.body_B, c.location, element), c.X_BQ);
          case ModelConstraintType::kCoupler:
            break;
        }
        return plant_.AddCouplerConstraint(
            FindJoint(m, c.joint0, c.location, element),
            FindJoint(m, c.joint1, c.location, element), c.gear_ratio,
            c.offset);
      });
    }
  }

  const DiagnosticPolicy& diagnostic_;
  PlantType& plant_;
  std::set<const JointSpec*> armature_used_;
};

}  // namespace

template <class PlantType>
std::vector<ModelInstanceIndex> AddModelSpecsToPlant(
    const std::vector<ModelSpec>& models, const DiagnosticPolicy& diagnostic,
    PlantType* plant) {
  if (plant == nullptr) {
    throw std::logic_error("AddModelSpecsToPlant(): the plant is null");
  }
  return Builder<PlantType>(diagnostic, plant).Run(models);
}

template std::vector<ModelInstanceIndex>
AddModelSpecsToPlant<MultibodyTree<double>>(const std::vector<ModelSpec>&,
                                            const DiagnosticPolicy&,
                                            MultibodyTree<double>*);
template std::vector<ModelInstanceIndex>
AddModelSpecsToPlant<MultibodyPlant<double>>(const std::vector<ModelSpec>&,
                                             const DiagnosticPolicy&,
                                             MultibodyPlant<double>*);

}  // namespace ossa::multibody::internal
