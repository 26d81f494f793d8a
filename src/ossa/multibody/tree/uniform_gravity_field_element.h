#pragma once

/// @file
/// UniformGravityFieldElement<T>: the uniform gravity field every model
/// has.

#include <memory>
#include <set>

#include "ossa/multibody/tree/force_element.h"

namespace ossa::multibody {

/// A uniform gravity field g_W (m/s², expressed in the world) acting on every
/// body B of the enabled model instances with the force m_B·g_W at its
/// center of mass Bcm, i.e. the spatial force at Bo
///   F_Bo_W = [p_BoBcm_W × m_B·g_W; m_B·g_W].
/// Potential energy U = −Σ m_B·g_W·p_WoBcm_W; conservative power
/// Pc = Σ m_B·g_W·v_WBcm_W = −U̇; no non-conservative power.
///
/// A MultibodyTree always holds exactly one, ForceElementIndex(0), created
/// with the tree. Masses and centers of mass are read from the Context's
/// parameters.
template <typename T>
class UniformGravityFieldElement final : public ForceElement<T> {
 public:
  /// Standard gravity at the Earth's surface (m/s²).
  static constexpr double kDefaultStrength = 9.81;

  /// Gravity [0, 0, −kDefaultStrength], enabled for every model instance.
  UniformGravityFieldElement();
  /// Gravity g_W, enabled for every model instance.
  explicit UniformGravityFieldElement(const Vector3<double>& g_W);
  /// Gravity g_W, disabled for `disabled_model_instances`.
  UniformGravityFieldElement(
      const Vector3<double>& g_W,
      const std::set<ModelInstanceIndex>& disabled_model_instances);

  /// g_W (m/s²).
  const Vector3<double>& gravity_vector() const { return g_W_; }
  /// Sets g_W (m/s²), for all Contexts.
  void set_gravity_vector(const Vector3<double>& g_W) { g_W_ = g_W; }

  /// True unless gravity was disabled for `model_instance`. Throws
  /// std::logic_error if the instance is not in this element's model.
  bool is_enabled(ModelInstanceIndex model_instance) const;
  /// Enables or disables gravity on the bodies of `model_instance`. Throws
  /// std::logic_error after Finalize() or for an invalid instance.
  void set_enabled(ModelInstanceIndex model_instance, bool is_enabled);

  /// tau_g(q): the generalized forces of this field, Σ J_WBᵀ·F_Bo_W, so that
  /// v·tau_g is the power of gravity (> 0 when U decreases).
  VectorX<T> CalcGravityGeneralizedForces(
      const systems::Context<T>& context) const;

  OSSA_DECLARE_FORCE_ELEMENT_ENERGY_OVERRIDES()

  /// (Internal) Writes F_Bo_W of gravity on each mobod (mobod order, the
  /// kernels' layout; zero for disabled instances and the world) into
  /// `F_mobod_W`, which must have num_mobods() entries.
  void CalcSpatialForcesOnMobods(const systems::Context<T>& context,
                                 const internal::TreeWorkspace<T>& pc,
                                 std::vector<Vector6<T>>* F_mobod_W) const;

 protected:
  OSSA_DECLARE_FORCE_ELEMENT_FORCE_OVERRIDES()

 private:
  // Calls f(mobod, body_index, mass, p_BoBcm_B) for each body (not the world)
  // whose instance has gravity enabled.
  template <typename F>
  void ForEachEnabledBody(const systems::Context<T>& context, F&& f) const;

  Vector3<double> g_W_;
  std::set<ModelInstanceIndex> disabled_;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::UniformGravityFieldElement);
