#include "ossa/geometry/scene_graph.h"

#include "ossa/common/autodiff.h"
#include "ossa/common/error.h"
#include "ossa/geometry/geometry_state.h"

namespace ossa::geometry {

using systems::Context;

template <typename T>
SceneGraph<T>::SceneGraph()
    : systems::LeafSystem<T>(systems::SystemTypeTag<SceneGraph>{}),
      model_(std::make_unique<internal::GeometryState<T>>()),
      inspector_(model_.get()) {
  DeclarePorts();
}

template <typename T>
SceneGraph<T>::SceneGraph(const SceneGraphConfig& config) : SceneGraph() {
  set_config(config);
}

template <typename T>
template <typename U>
SceneGraph<T>::SceneGraph(const SceneGraph<U>& other)
    : systems::LeafSystem<T>(systems::SystemTypeTag<SceneGraph>{}),
      model_(other.model_->template ToScalarType<T>()),
      inspector_(model_.get()) {
  DeclarePorts();
  // Source ports in the order of the original's port indices.
  std::vector<std::pair<int, SourceId>> ports;
  for (const auto& [id, index] : other.source_port_index_) {
    ports.emplace_back(index, id);
  }
  std::sort(ports.begin(), ports.end());
  for (const auto& [index, id] : ports) {
    source_port_index_[id] =
        this->DeclareAbstractInputPort(model_->GetName(id) + "_pose",
                                       Value<FramePoseVector<T>>())
            .get_index();
  }
}

template <typename T>
SceneGraph<T>::~SceneGraph() = default;

template <typename T>
void SceneGraph<T>::DeclarePorts() {
  state_parameter_index_ = this->DeclareAbstractParameter(
      Value<internal::GeometryState<T>>(internal::GeometryState<T>()));
  query_port_index_ =
      this->DeclareAbstractOutputPort(
              "query", []() { return AbstractValue::Make<QueryObject<T>>(); },
              [this](const systems::ContextBase& context,
                     AbstractValue* value) {
                CalcQueryObject(static_cast<const Context<T>&>(context),
                                &value->get_mutable_value<QueryObject<T>>());
              })
          .get_index();
  // The poses change with the source ports; the model (a parameter) when a
  // Context's roles, filters or geometries change.
  pose_update_cache_ = &this->DeclareCacheEntry(
      "pose update", 0, &SceneGraph<T>::CalcPoseUpdate,
      {this->all_input_ports_ticket(), this->all_parameters_ticket()});
}

template <typename T>
void SceneGraph<T>::set_config(const SceneGraphConfig& config) {
  config.ValidateOrThrow();
  model_->set_config(config);
}

template <typename T>
const SceneGraphConfig& SceneGraph<T>::get_config() const {
  return model_->config();
}

template <typename T>
const SceneGraphConfig& SceneGraph<T>::get_config(
    const Context<T>& context) const {
  this->ValidateContext(context);
  return geometry_state(context).config();
}

template <typename T>
void SceneGraph<T>::SetDefaultParameters(
    const Context<T>& context, systems::Parameters<T>* parameters) const {
  systems::LeafSystem<T>::SetDefaultParameters(context, parameters);
  parameters->get_mutable_abstract_parameter(state_parameter_index_)
      .template set_value<internal::GeometryState<T>>(*model_);
}

template <typename T>
SourceId SceneGraph<T>::RegisterSource(std::string name) {
  const SourceId id = model_->RegisterNewSource(name);
  name = model_->GetName(id);
  source_port_index_[id] = this->DeclareAbstractInputPort(
                                   name + "_pose", Value<FramePoseVector<T>>())
                               .get_index();
  return id;
}

template <typename T>
bool SceneGraph<T>::SourceIsRegistered(SourceId id) const {
  return model_->SourceIsRegistered(id);
}

template <typename T>
const systems::InputPort<T>& SceneGraph<T>::get_source_pose_port(
    SourceId id) const {
  auto it = source_port_index_.find(id);
  if (it == source_port_index_.end()) {
    ThrowRuntimeError(
        "SceneGraph::get_source_pose_port(): the source {} is not "
        "registered.",
        id.to_string());
  }
  return this->get_input_port(it->second);
}

template <typename T>
const systems::OutputPort<T>& SceneGraph<T>::get_query_output_port() const {
  return this->get_output_port(query_port_index_);
}

template <typename T>
FrameId SceneGraph<T>::RegisterFrame(SourceId source_id,
                                     const GeometryFrame& frame) {
  return model_->RegisterFrame(source_id, world_frame_id(), frame);
}

template <typename T>
FrameId SceneGraph<T>::RegisterFrame(SourceId source_id, FrameId parent_id,
                                     const GeometryFrame& frame) {
  return model_->RegisterFrame(source_id, parent_id, frame);
}

template <typename T>
GeometryId SceneGraph<T>::RegisterGeometry(
    SourceId source_id, FrameId frame_id,
    std::unique_ptr<GeometryInstance> geometry) {
  return model_->RegisterGeometry(source_id, frame_id, std::move(geometry));
}

template <typename T>
GeometryId SceneGraph<T>::RegisterAnchoredGeometry(
    SourceId source_id, std::unique_ptr<GeometryInstance> geometry) {
  return model_->RegisterAnchoredGeometry(source_id, std::move(geometry));
}

template <typename T>
void SceneGraph<T>::RemoveGeometry(SourceId source_id, GeometryId geometry_id) {
  model_->RemoveGeometry(source_id, geometry_id);
}

template <typename T>
void SceneGraph<T>::AssignRole(SourceId s, GeometryId g, ProximityProperties p,
                               RoleAssign a) {
  model_->AssignRole(s, g, std::move(p), a);
}
template <typename T>
void SceneGraph<T>::AssignRole(SourceId s, GeometryId g,
                               IllustrationProperties p, RoleAssign a) {
  model_->AssignRole(s, g, std::move(p), a);
}
template <typename T>
void SceneGraph<T>::AssignRole(SourceId s, GeometryId g, PerceptionProperties p,
                               RoleAssign a) {
  model_->AssignRole(s, g, std::move(p), a);
}
template <typename T>
void SceneGraph<T>::AssignRole(Context<T>* context, SourceId s, GeometryId g,
                               ProximityProperties p, RoleAssign a) const {
  mutable_state(context).AssignRole(s, g, std::move(p), a);
}
template <typename T>
void SceneGraph<T>::AssignRole(Context<T>* context, SourceId s, GeometryId g,
                               IllustrationProperties p, RoleAssign a) const {
  mutable_state(context).AssignRole(s, g, std::move(p), a);
}

template <typename T>
int SceneGraph<T>::RemoveRole(SourceId s, GeometryId g, Role role) {
  return model_->RemoveRole(s, g, role);
}

template <typename T>
CollisionFilterManager<T> SceneGraph<T>::collision_filter_manager() {
  return CollisionFilterManager<T>(model_.get());
}

template <typename T>
CollisionFilterManager<T> SceneGraph<T>::collision_filter_manager(
    Context<T>* context) const {
  return CollisionFilterManager<T>(&mutable_state(context));
}

template <typename T>
internal::GeometryState<T>& SceneGraph<T>::mutable_state(
    Context<T>* context) const {
  OSSA_DEMAND(context != nullptr);
  this->ValidateContext(*context);
  return context->get_mutable_abstract_parameter(state_parameter_index_)
      .template get_mutable_value<internal::GeometryState<T>>();
}

template <typename T>
const internal::GeometryState<T>& SceneGraph<T>::geometry_state(
    const Context<T>& context) const {
  return context.get_abstract_parameter(state_parameter_index_)
      .template get_value<internal::GeometryState<T>>();
}

template <typename T>
const internal::GeometryState<T>& SceneGraph<T>::UpdatePoses(
    const Context<T>& context) const {
  pose_update_cache_->template Eval<int>(context);
  return geometry_state(context);
}

template <typename T>
void SceneGraph<T>::CalcPoseUpdate(const Context<T>& context, int*) const {
  const auto& state = geometry_state(context);
  for (const SourceId source : state.GetAllSourceIds()) {
    if (!state.SourceHasDynamicFrames(source)) continue;
    auto it = source_port_index_.find(source);
    if (it == source_port_index_.end()) continue;
    const systems::InputPort<T>& port = this->get_input_port(it->second);
    if (!port.HasValue(context)) {
      ThrowLogicError(
          "Source '{}' (id: {}) has registered dynamic frames but is not "
          "connected to the appropriate input port.",
          state.GetName(source), source.to_string());
    }
    state.SetFramePoses(source, port.template Eval<FramePoseVector<T>>(context),
                        port.get_name());
  }
  state.FinalizePoseUpdate();
}

template <typename T>
void SceneGraph<T>::CalcQueryObject(const Context<T>& context,
                                    QueryObject<T>* output) const {
  *output = QueryObject<T>(this, &context);
}

template class SceneGraph<double>;
template class SceneGraph<AutoDiffXd>;
template SceneGraph<double>::SceneGraph(const SceneGraph<AutoDiffXd>&);
template SceneGraph<AutoDiffXd>::SceneGraph(const SceneGraph<double>&);
template class SceneGraph<symbolic::Expression>;
template SceneGraph<symbolic::Expression>::SceneGraph(
    const SceneGraph<double>&);
template SceneGraph<symbolic::Expression>::SceneGraph(
    const SceneGraph<AutoDiffXd>&);
template SceneGraph<double>::SceneGraph(const SceneGraph<symbolic::Expression>&);
template SceneGraph<AutoDiffXd>::SceneGraph(
    const SceneGraph<symbolic::Expression>&);

}  // namespace ossa::geometry
