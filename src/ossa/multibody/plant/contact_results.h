#pragma once

/// @file
/// PointPairContactInfo<T> (one point contact between two bodies) and
/// ContactResults<T> (every contact of a plant in one state): the value of
/// MultibodyPlant's "contact_results" output port.

#include <string>
#include <utility>
#include <vector>

#include "ossa/common/eigen_types.h"
#include "ossa/common/error.h"
#include "ossa/geometry/query_results.h"
#include "ossa/multibody/tree/multibody_tree_indexes.h"

namespace ossa::multibody {

/// A point contact between bodies A and B, the bodies of the point pair's
/// geometries id_A and id_B.
///
/// - contact_force() is f_Bc_W: the force on body B at the contact point C,
///   expressed in W (the force on A at C is its negative).
/// - contact_point() is p_WC: C is the midpoint of the pair's witness
///   points, p_WC = ½·(p_WCa + p_WCb).
/// - separation_speed() is vₙ = v_AcBc_W · n̂_BA_W, where v_AcBc_W is the
///   velocity of the point Bc of B coincident with C relative to Ac, the
///   point of A coincident with C, and n̂_BA_W the pair's normal (out of B
///   into A). As in the reference, vₙ > 0 when the bodies approach each
///   other (the penetration grows at the rate vₙ).
/// - slip_speed() is ‖v_AcBc_W − vₙ·n̂_BA_W‖, the tangential speed (0 when
///   below 1e-14 m/s).
template <typename T>
class PointPairContactInfo {
 public:
  PointPairContactInfo(BodyIndex bodyA_index, BodyIndex bodyB_index,
                       const Vector3<T>& f_Bc_W, const Vector3<T>& p_WC,
                       const T& separation_speed, const T& slip_speed,
                       const geometry::PenetrationAsPointPair<T>& point_pair)
      : bodyA_index_(bodyA_index),
        bodyB_index_(bodyB_index),
        f_Bc_W_(f_Bc_W),
        p_WC_(p_WC),
        separation_speed_(separation_speed),
        slip_speed_(slip_speed),
        point_pair_(point_pair) {}

  BodyIndex bodyA_index() const { return bodyA_index_; }
  BodyIndex bodyB_index() const { return bodyB_index_; }
  /// f_Bc_W (N).
  const Vector3<T>& contact_force() const { return f_Bc_W_; }
  /// p_WC (m).
  const Vector3<T>& contact_point() const { return p_WC_; }
  /// vₙ (m/s), > 0 when approaching.
  const T& separation_speed() const { return separation_speed_; }
  /// The tangential speed (m/s).
  const T& slip_speed() const { return slip_speed_; }
  /// The penetration the contact comes from.
  const geometry::PenetrationAsPointPair<T>& point_pair() const {
    return point_pair_;
  }

 private:
  BodyIndex bodyA_index_;
  BodyIndex bodyB_index_;
  Vector3<T> f_Bc_W_;
  Vector3<T> p_WC_;
  T separation_speed_;
  T slip_speed_;
  geometry::PenetrationAsPointPair<T> point_pair_;
};

/// The contacts of a MultibodyPlant in one state. Point contacts only:
/// hydroelastic and deformable contact do not exist yet, so their counts are
/// zero.
template <typename T>
class ContactResults {
 public:
  ContactResults() = default;

  int num_point_pair_contacts() const {
    return static_cast<int>(point_pairs_.size());
  }
  /// @throws std::out_of_range unless 0 <= i < num_point_pair_contacts().
  const PointPairContactInfo<T>& point_pair_contact_info(int i) const {
    if (i < 0 || i >= num_point_pair_contacts()) [[unlikely]] {
      throw std::out_of_range(
          "ContactResults::point_pair_contact_info(): index " +
          std::to_string(i) + " is out of range (there are " +
          std::to_string(num_point_pair_contacts()) + " point contacts).");
    }
    return point_pairs_[i];
  }
  int num_hydroelastic_contacts() const { return 0; }
  int num_deformable_contacts() const { return 0; }

  /// (Internal) Appends a contact.
  void AddContactInfo(PointPairContactInfo<T> info) {
    point_pairs_.push_back(std::move(info));
  }
  /// (Internal) Removes every contact (keeps the storage).
  void Clear() { point_pairs_.clear(); }

 private:
  std::vector<PointPairContactInfo<T>> point_pairs_;
};

}  // namespace ossa::multibody
