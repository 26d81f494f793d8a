// MultibodyPlant: registration of its bodies and their geometry with a
// SceneGraph, the default collision filters, and the geometry lookups.
//
// Every body (the world included) gets one SceneGraph frame as soon as the
// plant is a source (RegisterAsSourceForSceneGraph() registers the bodies
// that exist; AddRigidBody() registers later ones). The world body's frame
// is SceneGraph's world frame, so its geometry is anchored. SceneGraph
// frames and geometries are named with the model instance's scope
// ("instance::name"), except in the world and default model instances,
// whose element names are unique on their own.

#include <utility>

#include "ossa/geometry/geometry_instance.h"
#include "ossa/geometry/query_object.h"
#include "ossa/geometry/rgba.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/quaternion_floating_joint.h"
#include "ossa/multibody/tree/rpy_floating_joint.h"
#include "ossa/systems/framework/diagram_builder.h"

namespace ossa::multibody {

using geometry::FrameId;
using geometry::GeometryId;
using geometry::GeometryInstance;
using geometry::GeometrySet;
using geometry::IllustrationProperties;
using geometry::ProximityProperties;
using geometry::SceneGraph;
using geometry::SourceId;

// ---------------------------------------------------------------------------
// Registration as a source.

template <typename T>
SourceId MultibodyPlant<T>::RegisterAsSourceForSceneGraph(
    SceneGraph<T>* scene_graph) {
  const char* kMethod = "RegisterAsSourceForSceneGraph";
  ThrowIfFinalized(kMethod);
  ThrowIfNull(kMethod, scene_graph, "scene_graph");
  if (geometry_source_is_registered()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): this plant is already registered as a source "
        "of a SceneGraph (source id {}); a plant registers once.",
        kMethod, source_id_->to_string());
  }
  source_id_ = scene_graph->RegisterSource(this->get_name());
  scene_graph_ = scene_graph;
  body_frame_ids_.assign(1, SceneGraph<T>::world_frame_id());
  frame_id_to_body_.emplace(SceneGraph<T>::world_frame_id(), world_index());
  for (int b = 1; b < num_bodies(); ++b) {
    RegisterRigidBodyWithSceneGraph(get_body(BodyIndex(b)));
  }
  return *source_id_;
}

template <typename T>
void MultibodyPlant<T>::RegisterRigidBodyWithSceneGraph(
    const RigidBody<T>& body) {
  if (!geometry_source_is_registered()) return;
  OSSA_DEMAND(static_cast<int>(body_frame_ids_.size()) == body.index());
  const FrameId frame_id = scene_graph_->RegisterFrame(
      *source_id_,
      geometry::GeometryFrame(GeometryScopedName(body, body.name()),
                              int{body.model_instance()}));
  body_frame_ids_.push_back(frame_id);
  frame_id_to_body_.emplace(frame_id, body.index());
}

template <typename T>
std::string MultibodyPlant<T>::GeometryScopedName(
    const RigidBody<T>& body, const std::string& name) const {
  const ModelInstanceIndex instance = body.model_instance();
  if (instance == world_model_instance() ||
      instance == default_model_instance()) {
    return name;
  }
  return GetModelInstanceName(instance) + "::" + name;
}

template <typename T>
SceneGraph<T>* MultibodyPlant<T>::GetMutableSceneGraphPreFinalize() {
  const char* kMethod = "GetMutableSceneGraphPreFinalize";
  ThrowIfFinalized(kMethod);
  ThrowIfNoSceneGraph(kMethod);
  return scene_graph_;
}

template <typename T>
void MultibodyPlant<T>::ThrowIfNoSceneGraph(const char* method) const {
  if (!geometry_source_is_registered()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): this plant is not registered with a "
        "SceneGraph; call RegisterAsSourceForSceneGraph() (or build it with "
        "AddMultibodyPlantSceneGraph()) first.",
        method);
  }
}

// ---------------------------------------------------------------------------
// Geometry registration.

template <typename T>
GeometryId MultibodyPlant<T>::RegisterGeometryOnBody(
    const char* method, const RigidBody<T>& body,
    std::unique_ptr<GeometryInstance> instance) {
  ThrowIfFinalized(method);
  ThrowIfNoSceneGraph(method);
  ThrowIfNotInThisPlant(method, body);
  OSSA_DEMAND(scene_graph_ != nullptr);
  instance->set_name(GeometryScopedName(body, instance->name()));
  const GeometryId id = scene_graph_->RegisterGeometry(
      *source_id_, body_frame_ids_[body.index()], std::move(instance));
  geometry_id_to_body_.emplace(id, body.index());
  return id;
}

template <typename T>
GeometryId MultibodyPlant<T>::RegisterCollisionGeometry(
    const RigidBody<T>& body, const math::RigidTransform<double>& X_BG,
    const geometry::Shape& shape, const std::string& name,
    ProximityProperties properties) {
  auto instance = std::make_unique<GeometryInstance>(X_BG, shape, name);
  instance->set_proximity_properties(std::move(properties));
  const GeometryId id = RegisterGeometryOnBody("RegisterCollisionGeometry",
                                               body, std::move(instance));
  GrowToBody(&collision_geometries_, body.index()).push_back(id);
  return id;
}

template <typename T>
GeometryId MultibodyPlant<T>::RegisterCollisionGeometry(
    const RigidBody<T>& body, const math::RigidTransform<double>& X_BG,
    const geometry::Shape& shape, const std::string& name,
    const CoulombFriction<double>& coulomb_friction) {
  ProximityProperties properties;
  properties.AddProperty(geometry::kMaterialGroup, geometry::kFriction,
                         coulomb_friction);
  return RegisterCollisionGeometry(body, X_BG, shape, name,
                                   std::move(properties));
}

template <typename T>
GeometryId MultibodyPlant<T>::RegisterVisualGeometry(
    const RigidBody<T>& body, const math::RigidTransform<double>& X_BG,
    const geometry::Shape& shape, const std::string& name,
    const IllustrationProperties& properties) {
  auto instance = std::make_unique<GeometryInstance>(X_BG, shape, name);
  // As the reference: what is drawn is also what cameras see, labelled with
  // the body's index.
  geometry::PerceptionProperties perception;
  for (const std::string& group : properties.GetGroupNames()) {
    for (const auto& [property, value] : properties.GetPropertiesInGroup(group))
      perception.AddPropertyAbstract(group, property, *value);
  }
  perception.AddProperty("label", "id", int{body.index()});
  instance->set_illustration_properties(properties);
  instance->set_perception_properties(std::move(perception));
  return RegisterVisualGeometry(body, std::move(instance));
}

template <typename T>
GeometryId MultibodyPlant<T>::RegisterVisualGeometry(
    const RigidBody<T>& body, const math::RigidTransform<double>& X_BG,
    const geometry::Shape& shape, const std::string& name,
    const Vector4<double>& diffuse_color) {
  IllustrationProperties properties;
  properties.AddProperty(
      "phong", "diffuse",
      geometry::Rgba(diffuse_color(0), diffuse_color(1), diffuse_color(2),
                     diffuse_color(3)));
  return RegisterVisualGeometry(body, X_BG, shape, name, properties);
}

template <typename T>
GeometryId MultibodyPlant<T>::RegisterVisualGeometry(
    const RigidBody<T>& body, const math::RigidTransform<double>& X_BG,
    const geometry::Shape& shape, const std::string& name) {
  return RegisterVisualGeometry(body, X_BG, shape, name,
                                IllustrationProperties());
}

template <typename T>
GeometryId MultibodyPlant<T>::RegisterVisualGeometry(
    const RigidBody<T>& body,
    std::unique_ptr<GeometryInstance> geometry_instance) {
  const char* kMethod = "RegisterVisualGeometry";
  ThrowIfNull(kMethod, geometry_instance.get(), "geometry_instance");
  if (geometry_instance->illustration_properties() == nullptr &&
      geometry_instance->perception_properties() == nullptr) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): the geometry instance '{}' has neither "
        "illustration nor perception properties; visual geometry needs at "
        "least one of them.",
        kMethod, geometry_instance->name());
  }
  const GeometryId id =
      RegisterGeometryOnBody(kMethod, body, std::move(geometry_instance));
  GrowToBody(&visual_geometries_, body.index()).push_back(id);
  return id;
}

template <typename T>
std::vector<GeometryId>& MultibodyPlant<T>::GrowToBody(
    std::vector<std::vector<GeometryId>>* by_body, BodyIndex body) {
  if (static_cast<int>(by_body->size()) <= body) by_body->resize(body + 1);
  return (*by_body)[body];
}

// ---------------------------------------------------------------------------
// Lookups.

namespace {

// (*by_body)[body], or an empty list past its end.
const std::vector<GeometryId>& GeometriesOfBody(
    const std::vector<std::vector<GeometryId>>& by_body, int body) {
  static const std::vector<GeometryId> kNone;
  return body < static_cast<int>(by_body.size()) ? by_body[body] : kNone;
}

int CountGeometries(const std::vector<std::vector<GeometryId>>& by_body) {
  int n = 0;
  for (const auto& ids : by_body) n += static_cast<int>(ids.size());
  return n;
}

}  // namespace

template <typename T>
const std::vector<GeometryId>& MultibodyPlant<T>::GetCollisionGeometriesForBody(
    const RigidBody<T>& body) const {
  ThrowIfNotInThisPlant("GetCollisionGeometriesForBody", body);
  return GeometriesOfBody(collision_geometries_, body.index());
}

template <typename T>
const std::vector<GeometryId>& MultibodyPlant<T>::GetVisualGeometriesForBody(
    const RigidBody<T>& body) const {
  ThrowIfNotInThisPlant("GetVisualGeometriesForBody", body);
  return GeometriesOfBody(visual_geometries_, body.index());
}

template <typename T>
int MultibodyPlant<T>::num_collision_geometries() const {
  return CountGeometries(collision_geometries_);
}

template <typename T>
int MultibodyPlant<T>::num_visual_geometries() const {
  return CountGeometries(visual_geometries_);
}

template <typename T>
GeometrySet MultibodyPlant<T>::CollectRegisteredGeometries(
    const std::vector<const RigidBody<T>*>& bodies) const {
  const char* kMethod = "CollectRegisteredGeometries";
  ThrowIfNoSceneGraph(kMethod);
  GeometrySet set;
  for (const RigidBody<T>* body : bodies) {
    ThrowIfNull(kMethod, body, "an entry of bodies");
    ThrowIfNotInThisPlant(kMethod, *body);
    set.Add(body_frame_ids_[body->index()]);
  }
  return set;
}

template <typename T>
void MultibodyPlant<T>::ExcludeCollisionGeometriesWithCollisionFilterGroupPair(
    const std::pair<std::string, GeometrySet>& collision_filter_group_a,
    const std::pair<std::string, GeometrySet>& collision_filter_group_b) {
  const char* kMethod =
      "ExcludeCollisionGeometriesWithCollisionFilterGroupPair";
  ThrowIfFinalized(kMethod);
  ThrowIfNoSceneGraph(kMethod);
  geometry::CollisionFilterDeclaration declaration;
  if (collision_filter_group_a.first == collision_filter_group_b.first) {
    declaration.ExcludeWithin(collision_filter_group_a.second);
  } else {
    declaration.ExcludeBetween(collision_filter_group_a.second,
                               collision_filter_group_b.second);
  }
  scene_graph_->collision_filter_manager().Apply(declaration);
}

template <typename T>
const RigidBody<T>* MultibodyPlant<T>::GetBodyFromFrameId(
    FrameId frame_id) const {
  const auto it = frame_id_to_body_.find(frame_id);
  return it == frame_id_to_body_.end() ? nullptr : &get_body(it->second);
}

template <typename T>
std::optional<FrameId> MultibodyPlant<T>::GetBodyFrameIdIfExists(
    BodyIndex body_index) const {
  if (!body_index.is_valid() ||
      body_index >= static_cast<int>(body_frame_ids_.size())) {
    return std::nullopt;
  }
  return body_frame_ids_[body_index];
}

template <typename T>
FrameId MultibodyPlant<T>::GetBodyFrameIdOrThrow(BodyIndex body_index) const {
  if (!body_index.is_valid() || body_index >= num_bodies()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::GetBodyFrameIdOrThrow(): BodyIndex {} is out of "
        "range (this plant has {} bodies).",
        body_index.is_valid() ? body_index.raw() : -1, num_bodies());
  }
  const std::optional<FrameId> id = GetBodyFrameIdIfExists(body_index);
  if (!id.has_value()) [[unlikely]] {
    ThrowLogicError("Body '{}' does not have geometry registered with it.",
                    get_body(body_index).name());
  }
  return *id;
}

template <typename T>
std::optional<BodyIndex> MultibodyPlant<T>::GetBodyIndexFromGeometryId(
    GeometryId geometry_id) const {
  const auto it = geometry_id_to_body_.find(geometry_id);
  if (it == geometry_id_to_body_.end()) return std::nullopt;
  return it->second;
}

template <typename T>
const geometry::SceneGraphInspector<T>&
MultibodyPlant<T>::EvalSceneGraphInspector(
    const systems::Context<T>& context) const {
  this->ValidateContext(context);
  const systems::InputPort<T>& port = get_geometry_query_input_port();
  if (!port.HasValue(context)) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::EvalSceneGraphInspector(): the plant's "
        "'geometry_query' input port is not connected in this Context; "
        "connect it to the SceneGraph's query output port (as "
        "AddMultibodyPlantSceneGraph() does).");
  }
  return port.template Eval<geometry::QueryObject<T>>(context).inspector();
}

// ---------------------------------------------------------------------------
// Finalize() and the pose output.

template <typename T>
void MultibodyPlant<T>::ApplyDefaultCollisionFilters() {
  if (!geometry_source_is_registered()) return;
  geometry::CollisionFilterManager<T> filters =
      scene_graph_->collision_filter_manager();
  // Adjacent bodies: connected by a joint other than a 6-dof floating one,
  // neither of them the world.
  if (adjacent_bodies_collision_filters_) {
    for (JointIndex j : GetJointIndices()) {
      const Joint<T>& joint = get_joint(j);
      if (joint.parent_body().index() == world_index()) continue;
      if (joint.type_name() == QuaternionFloatingJoint<T>::kTypeName ||
          joint.type_name() == RpyFloatingJoint<T>::kTypeName) {
        continue;
      }
      filters.Apply(geometry::CollisionFilterDeclaration().ExcludeBetween(
          GeometrySet(body_frame_ids_[joint.parent_body().index()]),
          GeometrySet(body_frame_ids_[joint.child_body().index()])));
    }
  }
  // Bodies welded together (directly or through other welds; the world's
  // group included) never collide with each other.
  std::vector<bool> grouped(num_bodies(), false);
  for (int b = 0; b < num_bodies(); ++b) {
    if (grouped[b]) continue;
    const std::vector<const RigidBody<T>*> group =
        GetBodiesWeldedTo(get_body(BodyIndex(b)));
    for (const RigidBody<T>* body : group) grouped[body->index()] = true;
    if (group.size() < 2) continue;
    filters.Apply(geometry::CollisionFilterDeclaration().ExcludeWithin(
        CollectRegisteredGeometries(group)));
  }
}

template <typename T>
void MultibodyPlant<T>::CalcFramePoseOutput(
    const systems::Context<T>& context,
    geometry::FramePoseVector<T>* poses) const {
  if (!geometry_source_is_registered()) {
    poses->clear();
    return;
  }
  // A vector holding exactly the body frames (this port's value after its
  // first evaluation) is overwritten in place: no map node is freed and
  // allocated again.
  const int num_frames = static_cast<int>(body_frame_ids_.size()) - 1;
  bool same_frames = poses->size() == num_frames;
  for (int b = 1; b <= num_frames && same_frames; ++b) {
    same_frames = poses->has_id(body_frame_ids_[b]);
  }
  if (!same_frames) poses->clear();
  const std::vector<math::RigidTransform<T>>& X_WB =
      this->EvalBodyPosesInWorld(context);
  // The world's frame is SceneGraph's own: every other body's frame is a
  // child of the world, so its pose is X_WB.
  for (int b = 1; b < static_cast<int>(body_frame_ids_.size()); ++b) {
    poses->set_value(body_frame_ids_[b], X_WB[b]);
  }
}

// ---------------------------------------------------------------------------
// AddMultibodyPlantSceneGraph().

template <typename T>
AddMultibodyPlantSceneGraphResult<T> AddMultibodyPlantSceneGraph(
    systems::DiagramBuilder<T>* builder,
    std::unique_ptr<MultibodyPlant<T>> plant,
    std::unique_ptr<SceneGraph<T>> scene_graph) {
  const char* kMethod = "AddMultibodyPlantSceneGraph";
  if (builder == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): builder is a nullptr.", kMethod);
  }
  if (plant == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): plant is a nullptr.", kMethod);
  }
  if (scene_graph == nullptr) {
    scene_graph = std::make_unique<SceneGraph<T>>();
    scene_graph->set_name("scene_graph");
  }
  if (plant->get_name().empty()) plant->set_name("plant");
  MultibodyPlant<T>* plant_ptr = builder->AddSystem(std::move(plant));
  SceneGraph<T>* scene_graph_ptr = builder->AddSystem(std::move(scene_graph));
  plant_ptr->RegisterAsSourceForSceneGraph(scene_graph_ptr);
  builder->Connect(plant_ptr->get_geometry_pose_output_port(),
                   scene_graph_ptr->get_source_pose_port(
                       plant_ptr->get_source_id().value()));
  builder->Connect(scene_graph_ptr->get_query_output_port(),
                   plant_ptr->get_geometry_query_input_port());
  return {*plant_ptr, *scene_graph_ptr};
}

template <typename T>
AddMultibodyPlantSceneGraphResult<T> AddMultibodyPlantSceneGraph(
    systems::DiagramBuilder<T>* builder, double time_step,
    std::unique_ptr<SceneGraph<T>> scene_graph) {
  // The plant's constructor checks time_step before anything is added.
  auto plant = std::make_unique<MultibodyPlant<T>>(time_step);
  plant->set_name("plant");
  return AddMultibodyPlantSceneGraph(builder, std::move(plant),
                                     std::move(scene_graph));
}

#define OSSA_INSTANTIATE_ADD_PLANT_SCENE_GRAPH(T)                           \
  template AddMultibodyPlantSceneGraphResult<T> AddMultibodyPlantSceneGraph( \
      systems::DiagramBuilder<T>*, std::unique_ptr<MultibodyPlant<T>>,       \
      std::unique_ptr<SceneGraph<T>>);                                       \
  template AddMultibodyPlantSceneGraphResult<T> AddMultibodyPlantSceneGraph( \
      systems::DiagramBuilder<T>*, double, std::unique_ptr<SceneGraph<T>>);
OSSA_FOR_EACH_DEFAULT_SCALAR(OSSA_INSTANTIATE_ADD_PLANT_SCENE_GRAPH)
OSSA_INSTANTIATE_ADD_PLANT_SCENE_GRAPH(::ossa::symbolic::Expression)
#undef OSSA_INSTANTIATE_ADD_PLANT_SCENE_GRAPH

}  // namespace ossa::multibody

// The members defined in this file, for the default scalars.
#ifndef OSSA_IN_MEMBER_GROUP  // see ossa_add_member_group()
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::MultibodyPlant);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::MultibodyPlant);
#endif
