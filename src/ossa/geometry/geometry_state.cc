#include "ossa/geometry/geometry_state.h"

#include <atomic>
#include <cmath>

#include "ossa/common/autodiff.h"
#include "ossa/common/default_scalars.h"
#include "ossa/common/error.h"

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

namespace {

using math::RigidTransform;

std::pair<GeometryId, GeometryId> Ordered(GeometryId a, GeometryId b) {
  return a < b ? std::make_pair(a, b) : std::make_pair(b, a);
}

template <typename T>
RigidTransform<double> ToDouble(const RigidTransform<T>& X) {
  if constexpr (std::is_same_v<T, double>) {
    return X;
  } else {
    Matrix3<double> R;
    Vector3<double> p;
    for (int i = 0; i < 3; ++i) {
      p[i] = X.translation()[i].value();
      for (int j = 0; j < 3; ++j) R(i, j) = X.rotation().matrix()(i, j).value();
    }
    return RigidTransform<double>(
        math::RotationMatrix<double>(R,
                                     math::RotationMatrix<double>::Unchecked{}),
        p);
  }
}

template <typename T>
RigidTransform<T> FromDouble(const RigidTransform<double>& X) {
  if constexpr (std::is_same_v<T, double>) {
    return X;
  } else {
    return X.template cast<T>();
  }
}

template <typename T>
bool IsFinite(const RigidTransform<T>& X) {
  for (int i = 0; i < 3; ++i) {
    if (!std::isfinite(ExtractDoubleOrThrow(X.translation()[i]))) return false;
    for (int j = 0; j < 3; ++j) {
      if (!std::isfinite(ExtractDoubleOrThrow(X.rotation().matrix()(i, j)))) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace

template <typename T>
GeometryState<T>::GeometryState() {
  const FrameId world = InternalWorldFrameId();
  sources_[InternalSelfSourceId()] = SourceRecord{"SceneGraph", {}, {}};
  frames_[world] = FrameRecord{InternalSelfSourceId(), "world", world, 0, {}};
  X_WF_[world] = RigidTransform<T>();
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

// ------------------------------------------------------------ inspection
template <typename T>
std::vector<SourceId> GeometryState<T>::GetAllSourceIds() const {
  std::vector<SourceId> out;
  for (const auto& [id, s] : sources_) out.push_back(id);
  return out;
}

template <typename T>
std::vector<FrameId> GeometryState<T>::GetAllFrameIds() const {
  std::vector<FrameId> out;
  for (const auto& [id, f] : frames_) out.push_back(id);
  return out;
}

template <typename T>
std::vector<GeometryId> GeometryState<T>::GetAllGeometryIds(
    std::optional<Role> role) const {
  std::vector<GeometryId> out;
  for (const auto& [id, g] : geometries_) {
    if (!role || HasRole(g, *role)) out.push_back(id);
  }
  return out;
}

template <typename T>
std::set<GeometryId> GeometryState<T>::GetGeometryIds(
    const GeometrySet& set, std::optional<Role> role) const {
  std::set<GeometryId> out;
  for (FrameId f : set.frames()) {
    auto it = frames_.find(f);
    if (it == frames_.end()) {
      ThrowRuntimeError(
          "Geometry set includes a frame id that doesn't belong to the "
          "SceneGraph: {}",
          f.to_string());
    }
    for (GeometryId g : it->second.geometries) {
      if (!role || HasRole(geometries_.at(g), *role)) out.insert(g);
    }
  }
  for (GeometryId g : set.geometries()) {
    auto it = geometries_.find(g);
    if (it == geometries_.end()) {
      ThrowRuntimeError(
          "Geometry set includes a geometry id that doesn't belong to the "
          "SceneGraph: {}",
          g.to_string());
    }
    if (!role || HasRole(it->second, *role)) out.insert(g);
  }
  return out;
}

template <typename T>
int GeometryState<T>::NumGeometriesWithRole(Role role) const {
  int n = 0;
  for (const auto& [id, g] : geometries_) n += HasRole(g, role) ? 1 : 0;
  return n;
}

template <typename T>
int GeometryState<T>::NumDynamicGeometries() const {
  return num_geometries() - NumAnchoredGeometries();
}

template <typename T>
int GeometryState<T>::NumAnchoredGeometries() const {
  return static_cast<int>(frames_.at(InternalWorldFrameId()).geometries.size());
}

template <typename T>
std::set<std::pair<GeometryId, GeometryId>>
GeometryState<T>::GetCollisionCandidates() const {
  std::set<std::pair<GeometryId, GeometryId>> out;
  std::vector<std::pair<GeometryId, int>> in_engine;
  for (const auto& [id, g] : geometries_) {
    if (g.engine_index >= 0) in_engine.emplace_back(id, g.engine_index);
  }
  for (size_t i = 0; i < in_engine.size(); ++i) {
    for (size_t j = i + 1; j < in_engine.size(); ++j) {
      if (!engine_.IsFiltered(in_engine[i].second, in_engine[j].second)) {
        out.insert(Ordered(in_engine[i].first, in_engine[j].first));
      }
    }
  }
  return out;
}

template <typename T>
const std::string& GeometryState<T>::GetName(SourceId id) const {
  auto it = sources_.find(id);
  if (it == sources_.end()) {
    ThrowRuntimeError("No source name available for invalid source id: {}",
                      id.to_string());
  }
  return it->second.name;
}

template <typename T>
const std::string& GeometryState<T>::GetName(FrameId id) const {
  return GetFrame(id, "name").name;
}

template <typename T>
const std::string& GeometryState<T>::GetName(GeometryId id) const {
  return GetGeometry(id).name;
}

template <typename T>
const std::string& GeometryState<T>::GetOwningSourceName(FrameId id) const {
  return sources_.at(GetFrame(id, "source").source).name;
}

template <typename T>
const std::string& GeometryState<T>::GetOwningSourceName(GeometryId id) const {
  return sources_.at(GetGeometry(id).source).name;
}

template <typename T>
int GeometryState<T>::NumFramesForSource(SourceId id) const {
  return static_cast<int>(GetSource(id).frames.size());
}

template <typename T>
std::vector<FrameId> GeometryState<T>::FramesForSource(SourceId id) const {
  return GetSource(id).frames;
}

template <typename T>
bool GeometryState<T>::BelongsToSource(FrameId frame_id,
                                       SourceId source_id) const {
  GetSource(source_id);
  return GetFrame(frame_id, "source").source == source_id;
}

template <typename T>
bool GeometryState<T>::BelongsToSource(GeometryId geometry_id,
                                       SourceId source_id) const {
  GetSource(source_id);
  return GetGeometry(geometry_id).source == source_id;
}

template <typename T>
int GeometryState<T>::GetFrameGroup(FrameId id) const {
  return GetFrame(id, "group").frame_group;
}

template <typename T>
int GeometryState<T>::NumGeometriesForFrame(FrameId id) const {
  return static_cast<int>(GetFrame(id, "geometries").geometries.size());
}

template <typename T>
int GeometryState<T>::NumGeometriesForFrameWithRole(FrameId id,
                                                    Role role) const {
  int n = 0;
  for (GeometryId g : GetFrame(id, "geometries").geometries) {
    n += HasRole(geometries_.at(g), role) ? 1 : 0;
  }
  return n;
}

template <typename T>
std::vector<GeometryId> GeometryState<T>::GetGeometries(
    FrameId id, std::optional<Role> role) const {
  std::vector<GeometryId> out;
  for (GeometryId g : GetFrame(id, "geometries").geometries) {
    if (!role || HasRole(geometries_.at(g), *role)) out.push_back(g);
  }
  std::sort(out.begin(), out.end());
  return out;
}

template <typename T>
GeometryId GeometryState<T>::GetGeometryIdByName(
    FrameId frame_id, Role role, const std::string& name) const {
  const std::string canonical = CanonicalizeStringName(name);
  GeometryId found;
  for (GeometryId g : GetFrame(frame_id, "geometries").geometries) {
    const GeometryRecord& r = geometries_.at(g);
    if (r.name == canonical && HasRole(r, role)) {
      if (found.is_valid()) {
        ThrowLogicError(
            "The frame '{}' ({}) has multiple geometries named '{}' with the "
            "role '{}'",
            GetName(frame_id), frame_id.to_string(), name, to_string(role));
      }
      found = g;
    }
  }
  if (!found.is_valid()) {
    ThrowLogicError(
        "The frame '{}' ({}) has no geometry named '{}' with the role '{}'",
        GetName(frame_id), frame_id.to_string(), name, to_string(role));
  }
  return found;
}

template <typename T>
FrameId GeometryState<T>::GetFrameId(GeometryId id) const {
  return GetGeometry(id).frame;
}

template <typename T>
FrameId GeometryState<T>::GetParentFrame(FrameId id) const {
  return GetFrame(id, "parent").parent;
}

template <typename T>
const math::RigidTransform<double>& GeometryState<T>::GetPoseInFrame(
    GeometryId id) const {
  return GetGeometry(id).X_FG;
}

template <typename T>
const Shape& GeometryState<T>::GetShape(GeometryId id) const {
  return *GetGeometry(id).shape;
}

template <typename T>
const ProximityProperties* GeometryState<T>::GetProximityProperties(
    GeometryId id) const {
  const auto& g = GetGeometry(id);
  return g.proximity ? &*g.proximity : nullptr;
}

template <typename T>
const IllustrationProperties* GeometryState<T>::GetIllustrationProperties(
    GeometryId id) const {
  const auto& g = GetGeometry(id);
  return g.illustration ? &*g.illustration : nullptr;
}

template <typename T>
const PerceptionProperties* GeometryState<T>::GetPerceptionProperties(
    GeometryId id) const {
  const auto& g = GetGeometry(id);
  return g.perception ? &*g.perception : nullptr;
}

template <typename T>
const GeometryProperties* GeometryState<T>::GetProperties(GeometryId id,
                                                          Role role) const {
  switch (role) {
    case Role::kProximity:
      return GetProximityProperties(id);
    case Role::kIllustration:
      return GetIllustrationProperties(id);
    case Role::kPerception:
      return GetPerceptionProperties(id);
    case Role::kUnassigned:
      break;
  }
  return nullptr;
}

template <typename T>
std::unique_ptr<GeometryInstance> GeometryState<T>::CloneGeometryInstance(
    GeometryId id) const {
  const GeometryRecord& g = GetGeometry(id);
  auto out = std::make_unique<GeometryInstance>(g.X_FG, *g.shape, g.name);
  if (g.proximity) out->set_proximity_properties(*g.proximity);
  if (g.illustration) out->set_illustration_properties(*g.illustration);
  if (g.perception) out->set_perception_properties(*g.perception);
  return out;
}

template <typename T>
bool GeometryState<T>::IsAnchored(GeometryId id) const {
  return GetGeometry(id).frame == InternalWorldFrameId();
}

template <typename T>
bool GeometryState<T>::SourceHasDynamicFrames(SourceId id) const {
  return !GetSource(id).frames.empty();
}

// ------------------------------------------------------------------ poses
template <typename T>
void GeometryState<T>::SetFramePoses(SourceId source_id,
                                     const FramePoseVector<T>& poses,
                                     const std::string& port_name) const {
  const SourceRecord& source = GetSource(source_id);
  for (FrameId f : source.frames) {
    const FrameRecord& frame = frames_.at(f);
    if (!poses.has_id(f)) {
      ThrowRuntimeError(
          "SceneGraph: the input port '{}' of source '{}' has no pose for "
          "frame '{}' ({}).",
          port_name, source.name, frame.name, f.to_string());
    }
    const math::RigidTransform<T>& X_PF = poses.value(f);
    if (!IsFinite(X_PF)) {
      ThrowRuntimeError(
          "SceneGraph: the pose of frame '{}' ({}) given on the input port "
          "'{}' of source '{}' is not finite.",
          frame.name, f.to_string(), port_name, source.name);
    }
    // Frames are registered after their parents, so the parent's world
    // pose is current.
    const math::RigidTransform<T> X_WF = X_WF_.at(frame.parent) * X_PF;
    X_WF_[f] = X_WF;
    for (GeometryId g : frame.geometries) {
      X_WG_[g] = X_WF * FromDouble<T>(geometries_.at(g).X_FG);
    }
  }
}

template <typename T>
void GeometryState<T>::FinalizePoseUpdate() const {
  for (const auto& [id, g] : geometries_) {
    if (g.engine_index >= 0 && g.frame != InternalWorldFrameId()) {
      engine_.SetPose(g.engine_index, ToDouble(X_WG_.at(id)));
    }
  }
}

template <typename T>
const math::RigidTransform<T>& GeometryState<T>::get_pose_in_world(
    FrameId id) const {
  auto it = X_WF_.find(id);
  if (it == X_WF_.end()) {
    ThrowRuntimeError("No world pose available for invalid frame id: {}",
                      id.to_string());
  }
  return it->second;
}

template <typename T>
const math::RigidTransform<T>& GeometryState<T>::get_pose_in_world(
    GeometryId id) const {
  auto it = X_WG_.find(id);
  if (it == X_WG_.end()) {
    ThrowRuntimeError("No world pose available for invalid geometry id: {}",
                      id.to_string());
  }
  return it->second;
}

template class GeometryState<double>;
template class GeometryState<AutoDiffXd>;
template void GeometryState<double>::CopyTopologyFrom(
    const GeometryState<AutoDiffXd>&);
template void GeometryState<AutoDiffXd>::CopyTopologyFrom(
    const GeometryState<double>&);

}  // namespace internal
}  // namespace ossa::geometry
