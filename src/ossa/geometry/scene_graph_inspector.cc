#include "ossa/geometry/scene_graph_inspector.h"

#include "ossa/common/autodiff.h"
#include "ossa/common/error.h"
#include "ossa/geometry/geometry_state.h"

namespace ossa::geometry {

template <typename T>
const internal::GeometryState<T>& SceneGraphInspector<T>::state() const {
  if (state_ == nullptr) {
    ThrowLogicError(
        "SceneGraphInspector: this inspector is not attached to a SceneGraph "
        "or a Context.");
  }
  return *state_;
}

using CandidateSet = std::set<std::pair<GeometryId, GeometryId>>;

#define OSSA_FORWARD(Ret, Name, Params, Args)     \
  template <typename T>                           \
  Ret SceneGraphInspector<T>::Name Params const { \
    return state().Name Args;                     \
  }

OSSA_FORWARD(int, num_sources, (), ())
OSSA_FORWARD(int, num_frames, (), ())
OSSA_FORWARD(int, num_geometries, (), ())
OSSA_FORWARD(std::vector<SourceId>, GetAllSourceIds, (), ())
OSSA_FORWARD(std::vector<FrameId>, GetAllFrameIds, (), ())
OSSA_FORWARD(std::vector<GeometryId>, GetAllGeometryIds,
             (std::optional<Role> role), (role))
OSSA_FORWARD(std::set<GeometryId>, GetGeometryIds,
             (const GeometrySet& s, std::optional<Role> role), (s, role))
OSSA_FORWARD(int, NumGeometriesWithRole, (Role role), (role))
OSSA_FORWARD(int, NumDynamicGeometries, (), ())
OSSA_FORWARD(int, NumAnchoredGeometries, (), ())
OSSA_FORWARD(CandidateSet, GetCollisionCandidates, (), ())
OSSA_FORWARD(bool, SourceIsRegistered, (SourceId id), (id))
OSSA_FORWARD(const std::string&, GetName, (SourceId id), (id))
OSSA_FORWARD(const std::string&, GetName, (FrameId id), (id))
OSSA_FORWARD(const std::string&, GetName, (GeometryId id), (id))
OSSA_FORWARD(const std::string&, GetOwningSourceName, (FrameId id), (id))
OSSA_FORWARD(const std::string&, GetOwningSourceName, (GeometryId id), (id))
OSSA_FORWARD(int, NumFramesForSource, (SourceId id), (id))
OSSA_FORWARD(std::vector<FrameId>, FramesForSource, (SourceId id), (id))
OSSA_FORWARD(bool, BelongsToSource, (FrameId f, SourceId s), (f, s))
OSSA_FORWARD(bool, BelongsToSource, (GeometryId g, SourceId s), (g, s))
OSSA_FORWARD(int, GetFrameGroup, (FrameId id), (id))
OSSA_FORWARD(int, NumGeometriesForFrame, (FrameId id), (id))
OSSA_FORWARD(int, NumGeometriesForFrameWithRole, (FrameId id, Role r), (id, r))
OSSA_FORWARD(std::vector<GeometryId>, GetGeometries,
             (FrameId id, std::optional<Role> r), (id, r))
OSSA_FORWARD(GeometryId, GetGeometryIdByName,
             (FrameId id, Role r, const std::string& n), (id, r, n))
OSSA_FORWARD(FrameId, GetFrameId, (GeometryId id), (id))
OSSA_FORWARD(const math::RigidTransform<double>&, GetPoseInFrame,
             (GeometryId id), (id))
OSSA_FORWARD(const Shape&, GetShape, (GeometryId id), (id))
OSSA_FORWARD(const ProximityProperties*, GetProximityProperties,
             (GeometryId id), (id))
OSSA_FORWARD(const IllustrationProperties*, GetIllustrationProperties,
             (GeometryId id), (id))
OSSA_FORWARD(const PerceptionProperties*, GetPerceptionProperties,
             (GeometryId id), (id))
OSSA_FORWARD(const GeometryProperties*, GetProperties, (GeometryId id, Role r),
             (id, r))
OSSA_FORWARD(bool, CollisionFiltered, (GeometryId a, GeometryId b), (a, b))
OSSA_FORWARD(std::unique_ptr<GeometryInstance>, CloneGeometryInstance,
             (GeometryId id), (id))
#undef OSSA_FORWARD

template <typename T>
FrameId SceneGraphInspector<T>::world_frame_id() {
  return internal::InternalWorldFrameId();
}

template <typename T>
const SceneGraphConfig& SceneGraphInspector<T>::GetSceneGraphConfig() const {
  return state().config();
}

template <typename T>
int64_t SceneGraphInspector<T>::proximity_version() const {
  return state().proximity_version();
}

template class SceneGraphInspector<double>;
template class SceneGraphInspector<AutoDiffXd>;
template class SceneGraphInspector<symbolic::Expression>;

}  // namespace ossa::geometry
