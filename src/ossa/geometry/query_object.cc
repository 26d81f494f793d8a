#include "ossa/geometry/query_object.h"

#include "ossa/common/autodiff.h"
#include "ossa/common/error.h"
#include "ossa/geometry/closed_form_proximity.h"
#include "ossa/geometry/geometry_state.h"
#include "ossa/geometry/scene_graph.h"

namespace ossa::geometry {

template <typename T>
QueryObject<T>::QueryObject(const SceneGraph<T>* scene_graph,
                            const systems::Context<T>* context)
    : scene_graph_(scene_graph), context_(context) {}

template <typename T>
QueryObject<T>::QueryObject(const QueryObject& other) {
  *this = other;
}

template <typename T>
QueryObject<T>& QueryObject<T>::operator=(const QueryObject& other) {
  if (this == &other) return *this;
  scene_graph_ = nullptr;
  context_ = nullptr;
  baked_ = other.baked_;
  if (other.scene_graph_ != nullptr && other.context_ != nullptr) {
    // Bake the poses of this moment; if they cannot be brought up to date
    // (an input is not connected yet), the model as it stands.
    const internal::GeometryState<T>* state = nullptr;
    try {
      state = &other.scene_graph_->UpdatePoses(*other.context_);
    } catch (const std::exception&) {
      state = &other.scene_graph_->geometry_state(*other.context_);
    }
    baked_ = std::make_shared<const internal::GeometryState<T>>(*state);
  }
  return *this;
}

template <typename T>
void QueryObject<T>::ThrowIfDetached() const {
  if (baked_ != nullptr) return;
  if (scene_graph_ == nullptr || context_ == nullptr) {
    ThrowLogicError(
        "QueryObject: this query object is not attached to a SceneGraph "
        "Context; get one from SceneGraph's query output port.");
  }
}

template <typename T>
const internal::GeometryState<T>& QueryObject<T>::UpdatedState() const {
  ThrowIfDetached();
  if (baked_ != nullptr) return *baked_;
  return scene_graph_->UpdatePoses(*context_);
}

template <typename T>
const SceneGraphInspector<T>& QueryObject<T>::inspector() const {
  ThrowIfDetached();
  inspector_ = SceneGraphInspector<T>(&UpdatedState());
  return inspector_;
}

template <typename T>
const math::RigidTransform<T>& QueryObject<T>::GetPoseInWorld(
    FrameId frame_id) const {
  return UpdatedState().get_pose_in_world(frame_id);
}

template <typename T>
const math::RigidTransform<T>& QueryObject<T>::GetPoseInWorld(
    GeometryId geometry_id) const {
  return UpdatedState().get_pose_in_world(geometry_id);
}

namespace {

using internal::ShapeKind;
using internal::ShapeParams;

// The pairs the reference differentiates on AutoDiffXd: a sphere with a
// sphere, box, capsule, cylinder or half space (penetration); a sphere with
// a sphere, box or half space (signed distance).
bool AutoDiffPenetrationSupported(ShapeKind a, ShapeKind b) {
  if (b == ShapeKind::kSphere) std::swap(a, b);
  return a == ShapeKind::kSphere &&
         (b == ShapeKind::kSphere || b == ShapeKind::kBox ||
          b == ShapeKind::kCapsule || b == ShapeKind::kCylinder ||
          b == ShapeKind::kHalfSpace);
}
bool AutoDiffDistanceSupported(ShapeKind a, ShapeKind b) {
  if (b == ShapeKind::kSphere) std::swap(a, b);
  return a == ShapeKind::kSphere &&
         (b == ShapeKind::kSphere || b == ShapeKind::kBox ||
          b == ShapeKind::kHalfSpace);
}

// Proximity queries on symbolic::Expression: the reference has none (its
// engine and closed forms need numbers), and neither does this.
[[noreturn]] void ThrowSymbolicQuery(const char* query) {
  ThrowLogicError(
      "QueryObject::{}(): proximity queries are not supported for scalar "
      "type symbolic::Expression (they need numeric poses); query a "
      "SceneGraph on double or AutoDiffXd.",
      query);
}

[[noreturn]] void ThrowUnsupported(const char* what, ShapeKind a, ShapeKind b) {
  ThrowLogicError(
      "{} queries between shapes '{}' and '{}' are not supported for scalar "
      "type AutoDiffXd.",
      what, internal::ShapeKindName(a), internal::ShapeKindName(b));
}

// The closed-form signed distance of (A, B) on T, as a SignedDistancePair
// with witnesses in the geometry frames.
template <typename T>
SignedDistancePair<T> ClosedFormDistance(
    const internal::GeometryState<T>& state, GeometryId a, GeometryId b) {
  const ShapeParams pa = internal::GetShapeParams(state.GetShape(a));
  const ShapeParams pb = internal::GetShapeParams(state.GetShape(b));
  if (!AutoDiffDistanceSupported(pa.kind, pb.kind)) {
    ThrowUnsupported("Signed distance", pa.kind, pb.kind);
  }
  const auto& X_WA = state.get_pose_in_world(a);
  const auto& X_WB = state.get_pose_in_world(b);
  const auto w = internal::CalcClosedFormPair<T>(pa, X_WA, pb, X_WB);
  return SignedDistancePair<T>(a, b, X_WA.inverse() * w->p_WCa,
                               X_WB.inverse() * w->p_WCb, w->distance,
                               w->nhat_BA_W);
}

}  // namespace

template <typename T>
std::vector<PenetrationAsPointPair<T>>
QueryObject<T>::ComputePointPairPenetration() const {
  if constexpr (std::is_same_v<T, symbolic::Expression>) {
    ThrowSymbolicQuery("ComputePointPairPenetration");
  } else {
    const auto& state = UpdatedState();
    if constexpr (std::is_same_v<T, double>) {
      return state.proximity_engine().ComputePointPairPenetration();
    } else {
      std::vector<PenetrationAsPointPair<T>> out;
      for (const auto& [a, b] :
           state.proximity_engine().FindCollisionCandidates()) {
        const ShapeParams pa = internal::GetShapeParams(state.GetShape(a));
        const ShapeParams pb = internal::GetShapeParams(state.GetShape(b));
        if (!AutoDiffPenetrationSupported(pa.kind, pb.kind)) {
          ThrowUnsupported("Penetration", pa.kind, pb.kind);
        }
        const auto w = internal::CalcClosedFormPair<T>(
            pa, state.get_pose_in_world(a), pb, state.get_pose_in_world(b));
        if (auto r = internal::ToPenetrationAsPointPair(a, b, w)) {
          out.push_back(*r);
        }
      }
      return out;
    }
  }
}

template <typename T>
std::vector<SignedDistancePair<T>>
QueryObject<T>::ComputeSignedDistancePairwiseClosestPoints(
    double max_distance) const {
  if constexpr (std::is_same_v<T, symbolic::Expression>) {
    ThrowSymbolicQuery("ComputeSignedDistancePairwiseClosestPoints");
  } else {
    const auto& state = UpdatedState();
    if constexpr (std::is_same_v<T, double>) {
      return state.proximity_engine()
          .ComputeSignedDistancePairwiseClosestPoints(max_distance);
    } else {
      std::vector<SignedDistancePair<T>> out;
      for (const auto& [a, b] : state.GetCollisionCandidates()) {
        auto r = ClosedFormDistance<T>(state, a, b);
        if (r.distance <= max_distance) out.push_back(std::move(r));
      }
      return out;
    }
  }
}

template <typename T>
SignedDistancePair<T> QueryObject<T>::ComputeSignedDistancePairClosestPoints(
    GeometryId geometry_id_A, GeometryId geometry_id_B) const {
  if constexpr (std::is_same_v<T, symbolic::Expression>) {
    ThrowSymbolicQuery("ComputeSignedDistancePairClosestPoints");
  } else {
    const auto& state = UpdatedState();
    const char* caller = "ComputeSignedDistancePairClosestPoints";
    const int a = state.engine_index(geometry_id_A, caller);
    const int b = state.engine_index(geometry_id_B, caller);
    if constexpr (std::is_same_v<T, double>) {
      return state.proximity_engine().ComputeSignedDistancePairClosestPoints(a,
                                                                             b);
    } else {
      return ClosedFormDistance<T>(state, geometry_id_A, geometry_id_B);
    }
  }
}

template <typename T>
std::vector<SignedDistanceToPoint<T>>
QueryObject<T>::ComputeSignedDistanceToPoint(const Vector3<T>& p_WQ,
                                             double threshold) const {
  if constexpr (std::is_same_v<T, symbolic::Expression>) {
    ThrowSymbolicQuery("ComputeSignedDistanceToPoint");
  } else {
    const auto& state = UpdatedState();
    if constexpr (std::is_same_v<T, double>) {
      return state.proximity_engine().ComputeSignedDistanceToPoint(p_WQ,
                                                                   threshold);
    } else {
      std::vector<SignedDistanceToPoint<T>> out;
      for (GeometryId g : state.GetAllGeometryIds(Role::kProximity)) {
        const ShapeParams params = internal::GetShapeParams(state.GetShape(g));
        const auto& X_WG = state.get_pose_in_world(g);
        const auto& R_WG = X_WG.rotation().matrix();
        const Vector3<T> p_GQ = R_WG.transpose() * (p_WQ - X_WG.translation());
        const auto d = internal::CalcClosedFormPointDistance<T>(params, p_GQ);
        if (!d) {
          ThrowLogicError(
              "ComputeSignedDistanceToPoint(): the signed distance from a "
              "point "
              "to a {} is not supported for scalar type AutoDiffXd.",
              internal::ShapeKindName(params.kind));
        }
        if (d->distance <= threshold) {
          out.emplace_back(g, d->p_GN, d->distance, R_WG * d->grad_G);
        }
      }
      return out;
    }
  }
}

template <typename T>
std::vector<SortedPair> QueryObject<T>::FindCollisionCandidates() const {
  return UpdatedState().proximity_engine().FindCollisionCandidates();
}

template <typename T>
bool QueryObject<T>::HasCollisions() const {
  return UpdatedState().proximity_engine().HasCollisions();
}

template class QueryObject<double>;
template class QueryObject<AutoDiffXd>;
template class QueryObject<symbolic::Expression>;

}  // namespace ossa::geometry
