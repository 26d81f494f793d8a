#pragma once

/// @file
/// ContinuousState<T>: the continuous state xc = [q; v; z] of a system:
/// generalized positions q (size nq), generalized velocities v (size nv) and
/// miscellaneous continuous variables z (size nz), with q̇ = N(q)·v.

#include <memory>
#include <vector>

#include "ossa/systems/framework/vector_base.h"

namespace ossa::systems {

template <typename T>
class ContinuousState {
 public:
  ContinuousState(const ContinuousState&) = delete;
  ContinuousState& operator=(const ContinuousState&) = delete;

  /// An empty continuous state.
  ContinuousState();
  /// Owns `state`, all of it treated as z (nq = nv = 0).
  explicit ContinuousState(std::unique_ptr<VectorBase<T>> state);
  /// Owns `state` of size nq + nv + nz, laid out [q; v; z]. Throws if the
  /// sizes disagree or one is negative, or if nv > nq (each generalized
  /// velocity needs at least one position).
  ContinuousState(std::unique_ptr<VectorBase<T>> state, int num_q, int num_v,
                  int num_z);
  virtual ~ContinuousState();

  /// A deep copy (owning its storage), of the same structure.
  std::unique_ptr<ContinuousState<T>> Clone() const { return DoClone(); }

  int size() const { return state_->size(); }
  int num_q() const { return nq_; }
  int num_v() const { return nv_; }
  int num_z() const { return nz_; }

  T& operator[](int i) { return (*state_)[i]; }
  const T& operator[](int i) const { return (*state_)[i]; }

  /// The whole vector [q; v; z].
  const VectorBase<T>& get_vector() const { return *state_; }
  VectorBase<T>& get_mutable_vector() { return *state_; }
  const VectorBase<T>& get_generalized_position() const { return *q_; }
  VectorBase<T>& get_mutable_generalized_position() { return *q_; }
  const VectorBase<T>& get_generalized_velocity() const { return *v_; }
  VectorBase<T>& get_mutable_generalized_velocity() { return *v_; }
  const VectorBase<T>& get_misc_continuous_state() const { return *z_; }
  VectorBase<T>& get_mutable_misc_continuous_state() { return *z_; }

  /// Copies the values of `other`; throws if the sizes (nq, nv, nz) differ.
  void SetFrom(const ContinuousState<T>& other);
  /// Sets all of [q; v; z]; throws if the size differs.
  void SetFromVector(const Eigen::Ref<const VectorX<T>>& value) {
    state_->SetFromVector(value);
  }
  VectorX<T> CopyToVector() const { return state_->CopyToVector(); }

  /// (Internal) Makes this state a view of the ranges [q_start, q_start+nq),
  /// [v_start, v_start+nv), [z_start, z_start+nz) of `buffer` (which must
  /// be contiguous and outlive this), after copying the current values there.
  /// Diagrams use it so that their whole state is one contiguous vector.
  virtual void ReseatAsView(VectorBase<T>* buffer, int q_start, int v_start,
                            int z_start);

 protected:
  virtual std::unique_ptr<ContinuousState<T>> DoClone() const;
  // Replaces the storage by an owned contiguous vector of the given sizes
  // (values zero); used by DiagramContinuousState.
  void ResetOwnedStorage(int num_q, int num_v, int num_z);

 private:
  void MakeViews();
  std::unique_ptr<VectorBase<T>> state_;
  std::unique_ptr<VectorBase<T>> q_, v_, z_;
  int nq_{0}, nv_{0}, nz_{0};
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::ContinuousState);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::ContinuousState);
