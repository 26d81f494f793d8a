// ossa.multibody.plant: the kinematic queries of MultibodyPlant_[T] (body
// poses and velocities, relative transforms, Jacobians, bias accelerations,
// q̇ <-> v maps, center of mass, momentum, selector matrices). They forward
// to the plant's tree, which holds the algorithms.

#include <nanobind/eigen/sparse.h>

#include <vector>

#include "ossa/bindings.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant_py.h"
#include "ossa/multibody/tree_py.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/context.h"

namespace ossa::py {
namespace {

using math::RigidTransform;
using multibody::BodyIndex;
using multibody::Frame;
using multibody::JacobianWrtVariable;
using multibody::JointActuatorIndex;
using multibody::JointIndex;
using multibody::ModelInstanceIndex;
using multibody::MultibodyPlant;
using multibody::RigidBody;
using systems::Context;

template <typename T>
int NumColumns(const MultibodyPlant<T>& plant, JacobianWrtVariable wrt) {
  return wrt == JacobianWrtVariable::kV ? plant.num_velocities()
                                        : plant.num_positions();
}

// Body poses, velocities and accelerations in the world; relative poses and
// point positions.
template <typename T>
void DefinePlantPosesAndVelocities(nb::handle cls) {
  using Class = MultibodyPlant<T>;
  DefMethod(
      cls, "EvalBodyPoseInWorld",
      [](const Class& self, const Context<T>& context,
         const RigidBody<T>& body_B) {
        return self.internal_tree().EvalBodyPoseInWorld(context, body_B);
      },
      nb::arg("context"), nb::arg("body"), nb::rv_policy::copy);
  DefMethod(
      cls, "EvalBodySpatialVelocityInWorld",
      [](const Class& self, const Context<T>& context,
         const RigidBody<T>& body_B) {
        return self.internal_tree().EvalBodySpatialVelocityInWorld(context,
                                                                  body_B);
      },
      nb::arg("context"), nb::arg("body"), nb::rv_policy::copy);
  DefMethod(
      cls, "EvalBodySpatialAccelerationInWorld",
      [](const Class& self, const Context<T>& context,
         const RigidBody<T>& body_B) {
        return self.internal_tree().EvalBodySpatialAccelerationInWorld(
            context, body_B);
      },
      nb::arg("context"), nb::arg("body"), nb::rv_policy::copy);
  DefMethod(
      cls, "CalcRelativeTransform",
      [](const Class& self, const Context<T>& context, const Frame<T>& frame_A,
         const Frame<T>& frame_B) {
        return self.internal_tree().CalcRelativeTransform(context, frame_A,
                                                          frame_B);
      },
      nb::arg("context"), nb::arg("frame_A"), nb::arg("frame_B"));
  DefMethod(
      cls, "CalcRelativeRotationMatrix",
      [](const Class& self, const Context<T>& context, const Frame<T>& frame_A,
         const Frame<T>& frame_B) {
        return self.internal_tree().CalcRelativeRotationMatrix(
            context, frame_A, frame_B);
      },
      nb::arg("context"), nb::arg("frame_A"), nb::arg("frame_B"));
  DefMethod(
      cls, "CalcPointsPositions",
      [](const Class& self, const Context<T>& context, const Frame<T>& frame_B,
         const MatrixX<T>& p_BQi, const Frame<T>& frame_A) {
        MatrixX<T> p_AQi(3, p_BQi.cols());
        self.internal_tree().CalcPointsPositions(context, frame_B, p_BQi,
                                                 frame_A, &p_AQi);
        return p_AQi;
      },
      nb::arg("context"), nb::arg("frame_B"), nb::arg("p_BQi"),
      nb::arg("frame_A"));
}

// Jacobians and bias accelerations.
template <typename T>
void DefinePlantJacobians(nb::handle cls) {
  using Class = MultibodyPlant<T>;
  using Instances = std::vector<ModelInstanceIndex>;
  DefMethod(
      cls, "CalcJacobianSpatialVelocity",
      [](const Class& self, const Context<T>& context, JacobianWrtVariable wrt,
         const Frame<T>& frame_B, const Vector3<T>& p_BoBp_B,
         const Frame<T>& frame_A, const Frame<T>& frame_E) {
        MatrixX<T> J(6, NumColumns(self, wrt));
        self.internal_tree().CalcJacobianSpatialVelocity(
            context, wrt, frame_B, p_BoBp_B, frame_A, frame_E, &J);
        return J;
      },
      nb::arg("context"), nb::arg("with_respect_to"), nb::arg("frame_B"),
      nb::arg("p_BoBp_B"), nb::arg("frame_A"), nb::arg("frame_E"));
  DefMethod(
      cls, "CalcJacobianAngularVelocity",
      [](const Class& self, const Context<T>& context, JacobianWrtVariable wrt,
         const Frame<T>& frame_B, const Frame<T>& frame_A,
         const Frame<T>& frame_E) {
        Matrix3X<T> J(3, NumColumns(self, wrt));
        self.internal_tree().CalcJacobianAngularVelocity(
            context, wrt, frame_B, frame_A, frame_E, &J);
        return J;
      },
      nb::arg("context"), nb::arg("with_respect_to"), nb::arg("frame_B"),
      nb::arg("frame_A"), nb::arg("frame_E"));
  DefMethod(
      cls, "CalcJacobianTranslationalVelocity",
      [](const Class& self, const Context<T>& context, JacobianWrtVariable wrt,
         const Frame<T>& frame_B, const MatrixX<T>& p_BoBi_B,
         const Frame<T>& frame_A, const Frame<T>& frame_E) {
        const Matrix3X<T> p = p_BoBi_B;
        MatrixX<T> J(3 * p.cols(), NumColumns(self, wrt));
        self.internal_tree().CalcJacobianTranslationalVelocity(
            context, wrt, frame_B, p, frame_A, frame_E, &J);
        return J;
      },
      nb::arg("context"), nb::arg("with_respect_to"), nb::arg("frame_B"),
      nb::arg("p_BoBi_B"), nb::arg("frame_A"), nb::arg("frame_E"));
  DefMethod(
      cls, "CalcJacobianPositionVector",
      [](const Class& self, const Context<T>& context, const Frame<T>& frame_B,
         const MatrixX<T>& p_BoBi_B, const Frame<T>& frame_A,
         const Frame<T>& frame_E) {
        const Matrix3X<T> p = p_BoBi_B;
        MatrixX<T> J(3 * p.cols(), self.num_positions());
        self.internal_tree().CalcJacobianPositionVector(context, frame_B, p,
                                                        frame_A, frame_E, &J);
        return J;
      },
      nb::arg("context"), nb::arg("frame_B"), nb::arg("p_BoBi_B"),
      nb::arg("frame_A"), nb::arg("frame_E"));
  DefMethod(
      cls, "CalcJacobianCenterOfMassTranslationalVelocity",
      [](const Class& self, const Context<T>& context, JacobianWrtVariable wrt,
         const Frame<T>& frame_A, const Frame<T>& frame_E) {
        Matrix3X<T> J(3, NumColumns(self, wrt));
        self.internal_tree().CalcJacobianCenterOfMassTranslationalVelocity(
            context, wrt, frame_A, frame_E, &J);
        return J;
      },
      nb::arg("context"), nb::arg("with_respect_to"), nb::arg("frame_A"),
      nb::arg("frame_E"));
  DefMethod(
      cls, "CalcJacobianCenterOfMassTranslationalVelocity",
      [](const Class& self, const Context<T>& context,
         const Instances& model_instances, JacobianWrtVariable wrt,
         const Frame<T>& frame_A, const Frame<T>& frame_E) {
        Matrix3X<T> J(3, NumColumns(self, wrt));
        self.internal_tree().CalcJacobianCenterOfMassTranslationalVelocity(
            context, model_instances, wrt, frame_A, frame_E, &J);
        return J;
      },
      nb::arg("context"), nb::arg("model_instances"),
      nb::arg("with_respect_to"), nb::arg("frame_A"), nb::arg("frame_E"));
  DefMethod(
      cls, "CalcBiasSpatialAcceleration",
      [](const Class& self, const Context<T>& context, JacobianWrtVariable wrt,
         const Frame<T>& frame_B, const Vector3<T>& p_BoBp_B,
         const Frame<T>& frame_A, const Frame<T>& frame_E) {
        return self.internal_tree().CalcBiasSpatialAcceleration(
            context, wrt, frame_B, p_BoBp_B, frame_A, frame_E);
      },
      nb::arg("context"), nb::arg("with_respect_to"), nb::arg("frame_B"),
      nb::arg("p_BoBp_B"), nb::arg("frame_A"), nb::arg("frame_E"));
  DefMethod(
      cls, "CalcBiasTranslationalAcceleration",
      [](const Class& self, const Context<T>& context, JacobianWrtVariable wrt,
         const Frame<T>& frame_B, const MatrixX<T>& p_BoBi_B,
         const Frame<T>& frame_A, const Frame<T>& frame_E) {
        const Matrix3X<T> p = p_BoBi_B;
        return MatrixX<T>(self.internal_tree().CalcBiasTranslationalAcceleration(
            context, wrt, frame_B, p, frame_A, frame_E));
      },
      nb::arg("context"), nb::arg("with_respect_to"), nb::arg("frame_B"),
      nb::arg("p_BoBi_B"), nb::arg("frame_A"), nb::arg("frame_E"));
  DefMethod(
      cls, "CalcBiasCenterOfMassTranslationalAcceleration",
      [](const Class& self, const Context<T>& context, JacobianWrtVariable wrt,
         const Frame<T>& frame_A, const Frame<T>& frame_E) {
        return self.internal_tree()
            .CalcBiasCenterOfMassTranslationalAcceleration(context, wrt,
                                                           frame_A, frame_E);
      },
      nb::arg("context"), nb::arg("with_respect_to"), nb::arg("frame_A"),
      nb::arg("frame_E"));
  DefMethod(
      cls, "CalcBiasCenterOfMassTranslationalAcceleration",
      [](const Class& self, const Context<T>& context,
         const Instances& model_instances, JacobianWrtVariable wrt,
         const Frame<T>& frame_A, const Frame<T>& frame_E) {
        return self.internal_tree()
            .CalcBiasCenterOfMassTranslationalAcceleration(
                context, model_instances, wrt, frame_A, frame_E);
      },
      nb::arg("context"), nb::arg("model_instances"),
      nb::arg("with_respect_to"), nb::arg("frame_A"), nb::arg("frame_E"));
}

// The maps between q̇ and v (and, on double, the actuation matrix's
// pseudoinverse).
template <typename T>
void DefinePlantVelocityMaps(nb::handle cls) {
  using Class = MultibodyPlant<T>;
  DefMethod(
      cls, "MapVelocityToQDot",
      [](const Class& self, const Context<T>& context,
         const VectorXArg<T>& v) {
        VectorX<T> qdot(self.num_positions());
        self.internal_tree().MapVelocityToQDot(context, Unwrap(v), &qdot);
        return qdot;
      },
      nb::arg("context"), nb::arg("v"));
  DefMethod(
      cls, "MapQDotToVelocity",
      [](const Class& self, const Context<T>& context,
         const VectorXArg<T>& qdot) {
        VectorX<T> v(self.num_velocities());
        self.internal_tree().MapQDotToVelocity(context, Unwrap(qdot), &v);
        return v;
      },
      nb::arg("context"), nb::arg("qdot"));
  if constexpr (std::is_same_v<T, double>) {
    DefMethod(
        cls, "MakeVelocityToQDotMap",
        [](const Class& self, const Context<T>& context) {
          return Eigen::SparseMatrix<double>(
              self.internal_tree().MakeVelocityToQDotMap(context));
        },
        nb::arg("context"));
    DefMethod(
        cls, "MakeQDotToVelocityMap",
        [](const Class& self, const Context<T>& context) {
          return Eigen::SparseMatrix<double>(
              self.internal_tree().MakeQDotToVelocityMap(context));
        },
        nb::arg("context"));
    DefMethod(
        cls, "MakeActuationMatrixPseudoinverse",
        [](const Class& self) {
          return self.internal_tree().MakeActuationMatrixPseudoinverse();
        });
  }
  DefMethod(cls, "IsVelocityEqualToQDot", [](const Class& self) {
    return self.internal_tree().IsVelocityEqualToQDot();
  });
}

// Mass properties, center of mass and momentum.
template <typename T>
void DefinePlantMassAndMomentum(nb::handle cls) {
  using Class = MultibodyPlant<T>;
  using Instances = std::vector<ModelInstanceIndex>;
  DefMethod(
      cls, "CalcTotalMass",
      [](const Class& self, const Context<T>& context) {
        return self.internal_tree().CalcTotalMass(context);
      },
      nb::arg("context"));
  DefMethod(
      cls, "CalcTotalMass",
      [](const Class& self, const Context<T>& context,
         const Instances& model_instances) {
        return self.internal_tree().CalcTotalMass(context, model_instances);
      },
      nb::arg("context"), nb::arg("model_instances"));
  DefMethod(
      cls, "CalcCenterOfMassPositionInWorld",
      [](const Class& self, const Context<T>& context) {
        return self.internal_tree().CalcCenterOfMassPositionInWorld(context);
      },
      nb::arg("context"));
  DefMethod(
      cls, "CalcCenterOfMassPositionInWorld",
      [](const Class& self, const Context<T>& context,
         const Instances& model_instances) {
        return self.internal_tree().CalcCenterOfMassPositionInWorld(
            context, model_instances);
      },
      nb::arg("context"), nb::arg("model_instances"));
  DefMethod(
      cls, "CalcCenterOfMassTranslationalVelocityInWorld",
      [](const Class& self, const Context<T>& context) {
        return self.internal_tree()
            .CalcCenterOfMassTranslationalVelocityInWorld(context);
      },
      nb::arg("context"));
  DefMethod(
      cls, "CalcCenterOfMassTranslationalVelocityInWorld",
      [](const Class& self, const Context<T>& context,
         const Instances& model_instances) {
        return self.internal_tree()
            .CalcCenterOfMassTranslationalVelocityInWorld(context,
                                                          model_instances);
      },
      nb::arg("context"), nb::arg("model_instances"));
  DefMethod(
      cls, "CalcCenterOfMassTranslationalAccelerationInWorld",
      [](const Class& self, const Context<T>& context) {
        return self.internal_tree()
            .CalcCenterOfMassTranslationalAccelerationInWorld(context);
      },
      nb::arg("context"));
  DefMethod(
      cls, "CalcCenterOfMassTranslationalAccelerationInWorld",
      [](const Class& self, const Context<T>& context,
         const Instances& model_instances) {
        return self.internal_tree()
            .CalcCenterOfMassTranslationalAccelerationInWorld(context,
                                                              model_instances);
      },
      nb::arg("context"), nb::arg("model_instances"));
  DefMethod(
      cls, "CalcSpatialInertia",
      [](const Class& self, const Context<T>& context, const Frame<T>& frame_F,
         const std::vector<BodyIndex>& body_indexes) {
        return self.internal_tree().CalcSpatialInertia(context, frame_F,
                                                       body_indexes);
      },
      nb::arg("context"), nb::arg("frame_F"), nb::arg("body_indexes"));
  DefMethod(
      cls, "CalcSpatialMomentumInWorldAboutPoint",
      [](const Class& self, const Context<T>& context,
         const Vector3<T>& p_WoP_W) {
        return self.internal_tree().CalcSpatialMomentumInWorldAboutPoint(
            context, p_WoP_W);
      },
      nb::arg("context"), nb::arg("p_WoP_W"));
  DefMethod(
      cls, "CalcSpatialMomentumInWorldAboutPoint",
      [](const Class& self, const Context<T>& context,
         const Instances& model_instances, const Vector3<T>& p_WoP_W) {
        return self.internal_tree().CalcSpatialMomentumInWorldAboutPoint(
            context, model_instances, p_WoP_W);
      },
      nb::arg("context"), nb::arg("model_instances"), nb::arg("p_WoP_W"));
}

// Selector and actuation matrices.
template <typename T>
void DefinePlantSelectors(nb::handle cls) {
  using Class = MultibodyPlant<T>;
  DefMethod(
      cls, "MakeStateSelectorMatrix",
      [](const Class& self, const std::vector<JointIndex>& joints) {
        return self.internal_tree().MakeStateSelectorMatrix(joints);
      },
      nb::arg("user_to_joint_index_map"));
  DefMethod(
      cls, "MakeActuatorSelectorMatrix",
      [](const Class& self, const std::vector<JointActuatorIndex>& actuators) {
        return self.internal_tree().MakeActuatorSelectorMatrix(actuators);
      },
      nb::arg("user_to_actuator_index_map"));
  DefMethod(
      cls, "MakeActuatorSelectorMatrix",
      [](const Class& self, const std::vector<JointIndex>& joints) {
        return self.internal_tree().MakeActuatorSelectorMatrix(joints);
      },
      nb::arg("user_to_joint_index_map"));
  DefMethod(cls, "MakeActuationMatrix", [](const Class& self) {
    return self.internal_tree().MakeActuationMatrix();
  });
}

}  // namespace

template <typename T>
void DefinePlantKinematics(nb::handle cls) {
  DefinePlantPosesAndVelocities<T>(cls);
  DefinePlantJacobians<T>(cls);
  DefinePlantVelocityMaps<T>(cls);
  DefinePlantMassAndMomentum<T>(cls);
  DefinePlantSelectors<T>(cls);
}

template void DefinePlantKinematics<double>(nb::handle);
template void DefinePlantKinematics<AutoDiffXd>(nb::handle);
template void DefinePlantKinematics<symbolic::Expression>(nb::handle);

}  // namespace ossa::py
