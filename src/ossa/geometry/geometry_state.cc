#include "ossa/geometry/geometry_state.h"

#include <atomic>
#include <cmath>

#include "ossa/common/autodiff.h"
#include "ossa/common/default_scalars.h"
#include "ossa/common/error.h"
#include "ossa/geometry/geometry_state_helpers.h"

namespace ossa::geometry {

namespace internal {

int64_t NextIdentifierValue() {
  static std::atomic<int64_t> next{1};
  return next++;
}

FrameId InternalWorldFrameId() {
  static const FrameId id = FrameId::get_new_id();
  return id;
}

SourceId InternalSelfSourceId() {
  static const SourceId id = SourceId::get_new_id();
  return id;
}

using math::RigidTransform;

template <typename T>
GeometryState<T>::GeometryState() {
  const FrameId world = InternalWorldFrameId();
  sources_[InternalSelfSourceId()] = SourceRecord{"SceneGraph", {}, {}};
  frames_[world] = FrameRecord{InternalSelfSourceId(), "world", world, 0, {}};
  X_WF_[world] = RigidTransform<T>();
  BumpProximityVersion();
}

namespace {

// One counter for every scalar type: a state converted to another scalar
// keeps its stamp, which no other state of any scalar has.
int64_t NextProximityVersion() {
  static std::atomic<int64_t> next{1};
  return next++;
}

}  // namespace

template <typename T>
void GeometryState<T>::BumpProximityVersion() {
  proximity_version_ = NextProximityVersion();
}

template <typename T>
GeometryState<T>::GeometryState(const GeometryState&) = default;
template <typename T>
GeometryState<T>& GeometryState<T>::operator=(const GeometryState&) = default;
template <typename T>
GeometryState<T>::~GeometryState() = default;

template <typename T>
template <typename U>
void GeometryState<T>::CopyTopologyFrom(const GeometryState<U>& o) {
  config_ = o.config_;
  // The same proximity data on another scalar.
  proximity_version_ = o.proximity_version_;
  sources_.clear();
  for (const auto& [id, s] : o.sources_) {
    sources_[id] = SourceRecord{s.name, s.frames, s.anchored};
  }
  frames_.clear();
  for (const auto& [id, f] : o.frames_) {
    frames_[id] =
        FrameRecord{f.source, f.name, f.parent, f.frame_group, f.geometries};
  }
  geometries_.clear();
  for (const auto& [id, g] : o.geometries_) {
    geometries_[id] = GeometryRecord{
        g.source,    g.frame,        g.name,       g.X_FG,        g.shape,
        g.proximity, g.illustration, g.perception, g.engine_index};
  }
  persistent_excluded_ = o.persistent_excluded_;
  transients_.clear();
  for (const auto& t : o.transients_) {
    Transient c;
    c.id = t.id;
    for (const auto& s : t.statements) {
      c.statements.push_back(ResolvedStatement{s.exclude, s.a, s.b});
    }
    transients_.push_back(std::move(c));
  }
  X_WF_.clear();
  for (const auto& [id, X] : o.X_WF_) X_WF_[id] = FromDouble<T>(ToDouble(X));
  X_WG_.clear();
  for (const auto& [id, X] : o.X_WG_) X_WG_[id] = FromDouble<T>(ToDouble(X));
  engine_ = o.engine_;
}

// ------------------------------------------------------------------ lookups
template <typename T>
const typename GeometryState<T>::SourceRecord& GeometryState<T>::GetSource(
    SourceId id) const {
  auto it = sources_.find(id);
  if (it == sources_.end()) {
    ThrowRuntimeError("Referenced geometry source {} is not registered.",
                      id.to_string());
  }
  return it->second;
}

template <typename T>
const typename GeometryState<T>::FrameRecord& GeometryState<T>::GetFrame(
    FrameId id, const char* what) const {
  auto it = frames_.find(id);
  if (it == frames_.end()) {
    ThrowRuntimeError("No frame {} available for invalid frame id: {}", what,
                      id.to_string());
  }
  return it->second;
}

template <typename T>
const typename GeometryState<T>::GeometryRecord& GeometryState<T>::GetGeometry(
    GeometryId id) const {
  auto it = geometries_.find(id);
  if (it == geometries_.end()) {
    ThrowRuntimeError("No geometry available for invalid geometry id: {}",
                      id.to_string());
  }
  return it->second;
}

template <typename T>
typename GeometryState<T>::GeometryRecord&
GeometryState<T>::GetMutableGeometryForSource(SourceId source_id,
                                              GeometryId geometry_id) {
  GetSource(source_id);
  const GeometryRecord& g = GetGeometry(geometry_id);
  if (g.source != source_id) {
    ThrowRuntimeError(
        "Given geometry id {} does not belong to the given source id {}",
        geometry_id.to_string(), source_id.to_string());
  }
  return geometries_.at(geometry_id);
}

// ------------------------------------------------------------ registration
template <typename T>
SourceId GeometryState<T>::RegisterNewSource(const std::string& name) {
  for (const auto& [id, s] : sources_) {
    if (s.name == name) {
      ThrowRuntimeError("Registering new source with duplicate name: {}.",
                        name);
    }
  }
  const SourceId id = SourceId::get_new_id();
  sources_[id] =
      SourceRecord{name.empty() ? "Source_" + id.to_string() : name, {}, {}};
  return id;
}

template <typename T>
FrameId GeometryState<T>::RegisterFrame(SourceId source_id, FrameId parent_id,
                                        const GeometryFrame& frame) {
  SourceRecord& source = const_cast<SourceRecord&>(GetSource(source_id));
  const FrameId world = InternalWorldFrameId();
  if (parent_id != world) {
    auto it = frames_.find(parent_id);
    if (it == frames_.end() || it->second.source != source_id) {
      ThrowRuntimeError(
          "Referenced frame {} for source {}, but the frame doesn't belong to "
          "the source.",
          parent_id.to_string(), source_id.to_string());
    }
  }
  if (frames_.count(frame.id()) > 0) {
    ThrowRuntimeError(
        "Registering frame with an id that has already been registered: {}",
        frame.id().to_string());
  }
  for (FrameId f : source.frames) {
    if (frames_.at(f).name == frame.name()) {
      ThrowRuntimeError(
          "Registering frame for source '{}' with a duplicate name '{}'",
          source.name, frame.name());
    }
  }
  frames_[frame.id()] =
      FrameRecord{source_id, frame.name(), parent_id, frame.frame_group(), {}};
  source.frames.push_back(frame.id());
  X_WF_[frame.id()] = X_WF_.at(parent_id);
  return frame.id();
}

template <typename T>
GeometryId GeometryState<T>::RegisterGeometry(
    SourceId source_id, FrameId frame_id,
    std::unique_ptr<GeometryInstance> geometry) {
  if (geometry == nullptr) {
    ThrowLogicError("RegisterGeometry(): the geometry instance is null.");
  }
  GetSource(source_id);
  const bool anchored = frame_id == InternalWorldFrameId();
  if (!anchored) {
    auto it = frames_.find(frame_id);
    if (it == frames_.end() || it->second.source != source_id) {
      ThrowRuntimeError(
          "Referenced frame {} for source {}, but the frame doesn't belong to "
          "the source.",
          frame_id.to_string(), source_id.to_string());
    }
  }
  const GeometryId id = geometry->id();
  if (geometries_.count(id) > 0) {
    ThrowRuntimeError(
        "Registering geometry with an id that has already been registered: "
        "{}",
        id.to_string());
  }
  if (!IsFinite(geometry->pose())) {
    ThrowRuntimeError(
        "RegisterGeometry(): the pose of geometry '{}' in its frame is not "
        "finite.",
        geometry->name());
  }
  GeometryRecord record;
  record.source = source_id;
  record.frame = frame_id;
  record.name = geometry->name();
  record.X_FG = geometry->pose();
  record.shape = std::shared_ptr<const Shape>(geometry->release_shape());
  geometries_[id] = std::move(record);
  frames_.at(frame_id).geometries.push_back(id);
  if (anchored) sources_.at(source_id).anchored.push_back(id);
  X_WG_[id] = X_WF_.at(frame_id) * FromDouble<T>(geometries_.at(id).X_FG);
  // The roles declared on the instance, checked as AssignRole() checks them.
  try {
    if (geometry->proximity_properties()) {
      AssignRole(source_id, id, *geometry->proximity_properties(),
                 RoleAssign::kNew);
    }
    if (geometry->illustration_properties()) {
      AssignRole(source_id, id, *geometry->illustration_properties(),
                 RoleAssign::kNew);
    }
    if (geometry->perception_properties()) {
      AssignRole(source_id, id, *geometry->perception_properties(),
                 RoleAssign::kNew);
    }
  } catch (...) {
    RemoveGeometry(source_id, id);
    throw;
  }
  return id;
}

template <typename T>
GeometryId GeometryState<T>::RegisterAnchoredGeometry(
    SourceId source_id, std::unique_ptr<GeometryInstance> geometry) {
  return RegisterGeometry(source_id, InternalWorldFrameId(),
                          std::move(geometry));
}

template <typename T>
void GeometryState<T>::RemoveGeometry(SourceId source_id,
                                      GeometryId geometry_id) {
  GetSource(source_id);
  const GeometryRecord& g = GetGeometry(geometry_id);
  if (g.source != source_id) {
    ThrowRuntimeError(
        "Trying to remove geometry {} from source {}, but the geometry "
        "doesn't belong to that source.",
        geometry_id.to_string(), source_id.to_string());
  }
  GeometryRecord& record = geometries_.at(geometry_id);
  if (record.engine_index >= 0) RemoveFromEngine(&record);
  auto& list = frames_.at(record.frame).geometries;
  list.erase(std::find(list.begin(), list.end(), geometry_id));
  auto& anchored = sources_.at(source_id).anchored;
  anchored.erase(std::remove(anchored.begin(), anchored.end(), geometry_id),
                 anchored.end());
  geometries_.erase(geometry_id);
  X_WG_.erase(geometry_id);
  BumpProximityVersion();
  for (auto it = persistent_excluded_.begin();
       it != persistent_excluded_.end();) {
    if (it->first == geometry_id || it->second == geometry_id) {
      it = persistent_excluded_.erase(it);
    } else {
      ++it;
    }
  }
}

template <typename T>
bool GeometryState<T>::HasRole(const GeometryRecord& g, Role role) const {
  switch (role) {
    case Role::kProximity:
      return g.proximity.has_value();
    case Role::kIllustration:
      return g.illustration.has_value();
    case Role::kPerception:
      return g.perception.has_value();
    case Role::kUnassigned:
      return !g.proximity && !g.illustration && !g.perception;
  }
  return false;
}

template <typename T>
void GeometryState<T>::ThrowIfNameExistsForRole(const GeometryRecord& g,
                                                Role role) const {
  for (GeometryId other : frames_.at(g.frame).geometries) {
    const GeometryRecord& o = geometries_.at(other);
    if (&o != &g && o.name == g.name && HasRole(o, role)) {
      ThrowRuntimeError(
          "The name '{}' has already been used by a geometry with the '{}' "
          "role.",
          g.name, to_string(role));
    }
  }
}

namespace {
template <typename Record, typename Props>
void CheckAssign(const Record& existing, GeometryId id, Role role,
                 RoleAssign assign) {
  const std::string name = to_string(role);
  if (assign == RoleAssign::kNew && existing.has_value()) {
    ThrowRuntimeError(
        "Trying to assign the '{}' role to geometry id {} for the first time; "
        "it already has the role assigned",
        name, id.to_string());
  }
  if (assign == RoleAssign::kReplace && !existing.has_value()) {
    ThrowRuntimeError(
        "Trying to replace the properties on geometry id {} for the '{}' "
        "role; it has not had the role initially assigned",
        id.to_string(), name);
  }
}
}  // namespace

template <typename T>
template <typename Properties>
void GeometryState<T>::SetRoleProperties(GeometryId id, Role role,
                                         RoleAssign assign,
                                         const GeometryRecord& g,
                                         std::optional<Properties>* slot,
                                         Properties properties) {
  CheckAssign<std::optional<Properties>, Properties>(*slot, id, role, assign);
  if (assign == RoleAssign::kNew) ThrowIfNameExistsForRole(g, role);
  *slot = std::move(properties);
}

template <typename T>
void GeometryState<T>::AssignRole(SourceId source_id, GeometryId geometry_id,
                                  ProximityProperties properties,
                                  RoleAssign assign) {
  GeometryRecord& g = GetMutableGeometryForSource(source_id, geometry_id);
  SetRoleProperties(geometry_id, Role::kProximity, assign, g, &g.proximity,
                    std::move(properties));
  BumpProximityVersion();
  if (assign == RoleAssign::kNew) {
    AddToEngine(geometry_id, &g);
  }
}

template <typename T>
void GeometryState<T>::AssignRole(SourceId source_id, GeometryId geometry_id,
                                  IllustrationProperties properties,
                                  RoleAssign assign) {
  GeometryRecord& g = GetMutableGeometryForSource(source_id, geometry_id);
  SetRoleProperties(geometry_id, Role::kIllustration, assign, g,
                    &g.illustration, std::move(properties));
}

template <typename T>
void GeometryState<T>::AssignRole(SourceId source_id, GeometryId geometry_id,
                                  PerceptionProperties properties,
                                  RoleAssign assign) {
  GeometryRecord& g = GetMutableGeometryForSource(source_id, geometry_id);
  SetRoleProperties(geometry_id, Role::kPerception, assign, g, &g.perception,
                    std::move(properties));
}

template <typename T>
int GeometryState<T>::RemoveRole(SourceId source_id, GeometryId geometry_id,
                                 Role role) {
  GeometryRecord& g = GetMutableGeometryForSource(source_id, geometry_id);
  int removed = 0;
  if (role == Role::kProximity && g.proximity) {
    RemoveFromEngine(&g);
    g.proximity.reset();
    BumpProximityVersion();
    removed = 1;
  } else if (role == Role::kIllustration && g.illustration) {
    g.illustration.reset();
    removed = 1;
  } else if (role == Role::kPerception && g.perception) {
    g.perception.reset();
    removed = 1;
  }
  return removed;
}

template <typename T>
void GeometryState<T>::AddToEngine(GeometryId id, GeometryRecord* g) {
  g->engine_index = engine_.AddGeometry(id, *g->shape, ToDouble(X_WG_.at(id)));
  // A new proximity geometry is in no declaration yet (declarations resolve
  // their sets when applied): only the invariant filter applies to it. Its
  // frame's geometries are the only ones that can share its frame.
  for (GeometryId other : frames_.at(g->frame).geometries) {
    const GeometryRecord& o = geometries_.at(other);
    if (other != id && o.engine_index >= 0) {
      engine_.SetFiltered(g->engine_index, o.engine_index, true);
    }
  }
}

template <typename T>
void GeometryState<T>::RemoveFromEngine(GeometryRecord* g) {
  const GeometryId moved = engine_.RemoveGeometry(g->engine_index);
  if (moved.is_valid()) geometries_.at(moved).engine_index = g->engine_index;
  g->engine_index = -1;
}

template <typename T>
int GeometryState<T>::engine_index(GeometryId id, const char* caller) const {
  const GeometryRecord& g = GetGeometry(id);
  if (g.engine_index < 0) {
    ThrowLogicError(
        "The geometry {} ('{}') cannot be used in {}; it does not have a "
        "proximity role.",
        id.to_string(), g.name, caller);
  }
  return g.engine_index;
}

// ------------------------------------------------------------------ filters
template <typename T>
auto GeometryState<T>::Resolve(const CollisionFilterDeclaration& declaration)
    const -> std::vector<ResolvedStatement> {
  std::vector<ResolvedStatement> out;
  auto ids = [&](const GeometrySet& set) {
    const auto s = GetGeometryIds(set, Role::kProximity);
    return std::vector<GeometryId>(s.begin(), s.end());
  };
  using Op = CollisionFilterDeclaration::StatementOp;
  for (const auto& st : declaration.statements()) {
    const bool exclude =
        st.op == Op::kExcludeBetween || st.op == Op::kExcludeWithin;
    out.push_back(ResolvedStatement{exclude, ids(st.set_A), ids(st.set_B)});
  }
  return out;
}

template <typename T>
void GeometryState<T>::ApplyStatements(
    const std::vector<ResolvedStatement>& statements,
    std::set<std::pair<GeometryId, GeometryId>>* pairs) const {
  for (const auto& st : statements) {
    for (GeometryId a : st.a) {
      for (GeometryId b : st.b) {
        if (a == b) continue;
        if (st.exclude) {
          pairs->insert(Ordered(a, b));
        } else {
          pairs->erase(Ordered(a, b));
        }
      }
    }
  }
}

template <typename T>
void GeometryState<T>::ApplyFilter(
    const CollisionFilterDeclaration& declaration, const char* caller) {
  if (!transients_.empty()) {
    ThrowRuntimeError(
        "{}: a persistent collision filter declaration cannot be applied "
        "while transient declarations are active (remove them first).",
        caller);
  }
  // Without transient declarations the engine's filters are the invariant
  // ones plus the persistent exclusions, so only the pairs the statements
  // name change (no full recomputation per declaration).
  for (const ResolvedStatement& st : Resolve(declaration)) {
    for (GeometryId a : st.a) {
      for (GeometryId b : st.b) {
        if (a == b) continue;
        const GeometryRecord& ga = geometries_.at(a);
        const GeometryRecord& gb = geometries_.at(b);
        if (st.exclude) {
          persistent_excluded_.insert(Ordered(a, b));
        } else {
          persistent_excluded_.erase(Ordered(a, b));
        }
        engine_.SetFiltered(ga.engine_index, gb.engine_index,
                            st.exclude || InvariantFiltered(ga, gb));
      }
    }
  }
}

template <typename T>
FilterId GeometryState<T>::ApplyTransientFilter(
    const CollisionFilterDeclaration& declaration) {
  Transient t{FilterId::get_new_id(), Resolve(declaration)};
  const FilterId id = t.id;
  transients_.push_back(std::move(t));
  UpdateEngineFilters();
  return id;
}

template <typename T>
bool GeometryState<T>::RemoveFilterDeclaration(FilterId id) {
  for (auto it = transients_.begin(); it != transients_.end(); ++it) {
    if (it->id == id) {
      transients_.erase(it);
      UpdateEngineFilters();
      return true;
    }
  }
  return false;
}

template <typename T>
bool GeometryState<T>::IsFilterActive(FilterId id) const {
  for (const auto& t : transients_) {
    if (t.id == id) return true;
  }
  return false;
}

template <typename T>
void GeometryState<T>::UpdateEngineFilters() {
  std::set<std::pair<GeometryId, GeometryId>> excluded = persistent_excluded_;
  for (const auto& t : transients_) ApplyStatements(t.statements, &excluded);
  std::vector<std::pair<GeometryId, const GeometryRecord*>> in_engine;
  for (const auto& [id, g] : geometries_) {
    if (g.engine_index >= 0) in_engine.emplace_back(id, &g);
  }
  for (size_t i = 0; i < in_engine.size(); ++i) {
    for (size_t j = i + 1; j < in_engine.size(); ++j) {
      const auto& [ia, a] = in_engine[i];
      const auto& [ib, b] = in_engine[j];
      const bool filtered =
          InvariantFiltered(*a, *b) || excluded.count(Ordered(ia, ib)) > 0;
      engine_.SetFiltered(a->engine_index, b->engine_index, filtered);
    }
  }
}

template <typename T>
bool GeometryState<T>::CollisionFiltered(GeometryId id1, GeometryId id2) const {
  const GeometryRecord& a = GetGeometry(id1);
  const GeometryRecord& b = GetGeometry(id2);
  if (a.engine_index < 0 || b.engine_index < 0) {
    const GeometryId bad = a.engine_index < 0 ? id1 : id2;
    ThrowLogicError(
        "Can't report collision filter status between geometries {} and {}; "
        "{} does not have a proximity role",
        id1.to_string(), id2.to_string(), bad.to_string());
  }
  if (id1 == id2) return true;
  return engine_.IsFiltered(a.engine_index, b.engine_index);
}

template class GeometryState<double>;
template class GeometryState<AutoDiffXd>;
template void GeometryState<double>::CopyTopologyFrom(
    const GeometryState<AutoDiffXd>&);
template void GeometryState<AutoDiffXd>::CopyTopologyFrom(
    const GeometryState<double>&);
// The symbolic scalar: the model and its poses; the queries throw
// (query_object.cc).
template class GeometryState<symbolic::Expression>;
template void GeometryState<symbolic::Expression>::CopyTopologyFrom(
    const GeometryState<double>&);
template void GeometryState<symbolic::Expression>::CopyTopologyFrom(
    const GeometryState<AutoDiffXd>&);
template void GeometryState<double>::CopyTopologyFrom(
    const GeometryState<symbolic::Expression>&);
template void GeometryState<AutoDiffXd>::CopyTopologyFrom(
    const GeometryState<symbolic::Expression>&);

}  // namespace internal
}  // namespace ossa::geometry
