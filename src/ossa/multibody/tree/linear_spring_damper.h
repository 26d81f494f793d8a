#pragma once

/// @file
/// LinearSpringDamper<T>: a linear spring and damper between two points.

#include <memory>

#include "ossa/multibody/tree/force_element.h"

namespace ossa::multibody {

/// A massless spring-damper between a point P fixed on body A (p_AP, in A)
/// and a point Q fixed on body B (p_BQ, in B). With ℓ = |p_PQ| its length,
/// û = p_PQ/ℓ and ℓ̇ = û·(v_WQ − v_WP), the tension
///   f = k·(ℓ − ℓ₀) + c·ℓ̇
/// pulls Q toward P (force −f·û on B at Q) and P toward Q (+f·û on A at P).
/// Potential energy U = ½·k·(ℓ − ℓ₀)²; Pc = −k·(ℓ − ℓ₀)·ℓ̇; Pnc = −c·ℓ̇².
/// Units: k in N/m, c in N·s/m, lengths in m.
///
/// The direction û is undefined when P and Q coincide. As the reference
/// does, the length is the soft norm ℓ = √(|p_PQ|² + ε²) with
/// ε = machine epsilon·ℓ₀ (a relative change of at most 1e-32 for lengths
/// above 1e-8·ℓ₀), and every computation (forces, energy, power) throws
/// std::runtime_error when |p_PQ| < ε.
template <typename T>
class LinearSpringDamper final : public ForceElement<T> {
 public:
  /// Throws std::logic_error unless free_length > 0, stiffness ≥ 0 and
  /// damping ≥ 0 (all finite). The element is in bodyA's model instance.
  LinearSpringDamper(const RigidBody<T>& bodyA, const Vector3<double>& p_AP,
                     const RigidBody<T>& bodyB, const Vector3<double>& p_BQ,
                     double free_length, double stiffness, double damping);

  const RigidBody<T>& bodyA() const { return *bodyA_; }
  const RigidBody<T>& bodyB() const { return *bodyB_; }
  const Vector3<double>& p_AP() const { return p_AP_; }
  const Vector3<double>& p_BQ() const { return p_BQ_; }
  double free_length() const { return free_length_; }
  double stiffness() const { return stiffness_; }
  double damping() const { return damping_; }

  OSSA_DECLARE_FORCE_ELEMENT_ENERGY_OVERRIDES()

 protected:
  OSSA_DECLARE_FORCE_ELEMENT_FORCE_OVERRIDES()

 private:
  // p_WP, p_WQ and the length; with `vc`, also ℓ̇.
  struct Kinematics {
    Vector3<T> p_WP, p_WQ, p_PQ_W;
    T length;
  };
  Kinematics CalcKinematics(const internal::TreeWorkspace<T>& pc) const;
  T CalcLengthRate(const internal::TreeWorkspace<T>& pc,
                   const internal::TreeWorkspace<T>& vc,
                   const Kinematics& k) const;
  void ThrowIfTooShort(const T& length2, double epsilon) const;

  const RigidBody<T>* bodyA_;
  Vector3<double> p_AP_;
  const RigidBody<T>* bodyB_;
  Vector3<double> p_BQ_;
  double free_length_, stiffness_, damping_;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::LinearSpringDamper);
