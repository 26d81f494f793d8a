#include "ossa/geometry/query_object.h"

#include "ossa/common/autodiff.h"
#include "ossa/common/error.h"
#include "ossa/geometry/geometry_state.h"
#include "ossa/geometry/scene_graph.h"

namespace ossa::geometry {

template <typename T>
QueryObject<T>::QueryObject(const SceneGraph<T>* scene_graph,
                            const systems::Context<T>* context)
    : scene_graph_(scene_graph), context_(context) {}

template <typename T>
QueryObject<T>::QueryObject(const QueryObject&) = default;
template <typename T>
QueryObject<T>& QueryObject<T>::operator=(const QueryObject&) = default;

template <typename T>
void QueryObject<T>::ThrowIfDetached() const {
  if (scene_graph_ == nullptr || context_ == nullptr) {
    ThrowLogicError(
        "QueryObject: this query object is not attached to a SceneGraph "
        "Context; get one from SceneGraph's query output port.");
  }
}

template <typename T>
const internal::GeometryState<T>& QueryObject<T>::UpdatedState() const {
  ThrowIfDetached();
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
template <typename T>
void ThrowUnlessDouble(const char* query) {
  if constexpr (!std::is_same_v<T, double>) {
    ThrowLogicError(
        "QueryObject::{}(): proximity queries are available for double only; "
        "this QueryObject is on AutoDiffXd.",
        query);
  }
}
}  // namespace

template <typename T>
std::vector<PenetrationAsPointPair<T>>
QueryObject<T>::ComputePointPairPenetration() const {
  ThrowUnlessDouble<T>("ComputePointPairPenetration");
  if constexpr (std::is_same_v<T, double>) {
    return UpdatedState().proximity_engine().ComputePointPairPenetration();
  }
  return {};
}

template <typename T>
std::vector<SignedDistancePair<T>>
QueryObject<T>::ComputeSignedDistancePairwiseClosestPoints(
    double max_distance) const {
  ThrowUnlessDouble<T>("ComputeSignedDistancePairwiseClosestPoints");
  if constexpr (std::is_same_v<T, double>) {
    return UpdatedState()
        .proximity_engine()
        .ComputeSignedDistancePairwiseClosestPoints(max_distance);
  }
  return {};
}

template <typename T>
SignedDistancePair<T> QueryObject<T>::ComputeSignedDistancePairClosestPoints(
    GeometryId geometry_id_A, GeometryId geometry_id_B) const {
  ThrowUnlessDouble<T>("ComputeSignedDistancePairClosestPoints");
  if constexpr (std::is_same_v<T, double>) {
    const auto& state = UpdatedState();
    const char* caller = "ComputeSignedDistancePairClosestPoints";
    return state.proximity_engine().ComputeSignedDistancePairClosestPoints(
        state.engine_index(geometry_id_A, caller),
        state.engine_index(geometry_id_B, caller));
  }
  return {};
}

template <typename T>
std::vector<SignedDistanceToPoint<T>>
QueryObject<T>::ComputeSignedDistanceToPoint(const Vector3<T>& p_WQ,
                                             double threshold) const {
  ThrowUnlessDouble<T>("ComputeSignedDistanceToPoint");
  if constexpr (std::is_same_v<T, double>) {
    return UpdatedState().proximity_engine().ComputeSignedDistanceToPoint(
        p_WQ, threshold);
  }
  return {};
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

}  // namespace ossa::geometry
