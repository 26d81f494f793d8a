#include "ossa/visualization/meshcat_visualizer.h"

#include <fmt/format.h>

#include <stdexcept>

#include "ossa/common/text_logging.h"
#include "ossa/geometry/query_object.h"
#include "ossa/geometry/scene_graph.h"

namespace ossa::geometry {
namespace {

std::string FramePath(const std::string& prefix, const std::string& name) {
  std::string path = prefix + "/";
  for (size_t i = 0; i < name.size(); ++i) {
    if (name.compare(i, 2, "::") == 0) {
      path += '/';
      ++i;
    } else {
      path += name[i];
    }
  }
  return path;
}

}  // namespace

template <typename T>
MeshcatVisualizer<T>::MeshcatVisualizer(std::shared_ptr<Meshcat> meshcat,
                                        MeshcatVisualizerParams params)
    : meshcat_(std::move(meshcat)), params_(std::move(params)) {
  if (!meshcat_) {
    throw std::invalid_argument("MeshcatVisualizer: meshcat is null.");
  }
  if (!(params_.publish_period > 0)) {
    throw std::invalid_argument(fmt::format(
        "MeshcatVisualizer: publish_period must be positive, not {}.",
        params_.publish_period));
  }
  if (params_.role != Role::kIllustration && params_.role != Role::kProximity) {
    throw std::invalid_argument(
        "MeshcatVisualizer: role must be kIllustration or kProximity.");
  }
  this->DeclareAbstractInputPort("query_object", Value<QueryObject<T>>());
  this->DeclarePeriodicPublishEvent(params_.publish_period, 0.0,
                                    &MeshcatVisualizer::OnPublish);
  this->DeclareForcedPublishEvent(&MeshcatVisualizer::OnPublish);
  this->DeclareInitializationPublishEvent(&MeshcatVisualizer::OnInitialization);
}

template <typename T>
MeshcatVisualizer<T>::~MeshcatVisualizer() = default;

template <typename T>
MeshcatVisualizer<T>& MeshcatVisualizer<T>::AddToBuilder(
    systems::DiagramBuilder<T>* builder, const SceneGraph<T>& scene_graph,
    std::shared_ptr<Meshcat> meshcat, MeshcatVisualizerParams params) {
  return AddToBuilder(builder, scene_graph.get_query_output_port(),
                      std::move(meshcat), std::move(params));
}

template <typename T>
MeshcatVisualizer<T>& MeshcatVisualizer<T>::AddToBuilder(
    systems::DiagramBuilder<T>* builder,
    const systems::OutputPort<T>& query_object_port,
    std::shared_ptr<Meshcat> meshcat, MeshcatVisualizerParams params) {
  const std::string name = "meshcat_visualizer(" + params.prefix + ")";
  auto* visualizer = builder->AddSystem(std::make_unique<MeshcatVisualizer<T>>(
      std::move(meshcat), std::move(params)));
  visualizer->set_name(name);
  builder->Connect(query_object_port, visualizer->query_object_input_port());
  return *visualizer;
}

template <typename T>
void MeshcatVisualizer<T>::Delete() const {
  meshcat_->Delete(params_.prefix);
  sent_objects_ = false;
}

template <typename T>
systems::EventStatus MeshcatVisualizer<T>::OnInitialization(
    const systems::Context<T>& context) const {
  if (params_.delete_on_initialization_event) Delete();
  return OnPublish(context);
}

template <typename T>
void MeshcatVisualizer<T>::SendObjects(
    const systems::Context<T>& context) const {
  const auto& query =
      query_object_input_port().template Eval<QueryObject<T>>(context);
  const SceneGraphInspector<T>& inspector = query.inspector();
  frames_.clear();
  frame_paths_.clear();
  for (FrameId frame : inspector.GetAllFrameIds()) {
    const std::vector<GeometryId> ids =
        inspector.GetGeometries(frame, params_.role);
    if (ids.empty()) continue;
    const bool world = frame == inspector.world_frame_id();
    const std::string frame_path =
        world ? params_.prefix
              : FramePath(params_.prefix, inspector.GetName(frame));
    for (GeometryId id : ids) {
      const GeometryProperties* props =
          inspector.GetProperties(id, params_.role);
      Rgba rgba = params_.default_color;
      if (props && props->HasProperty("phong", "diffuse")) {
        rgba = props->template GetProperty<Rgba>("phong", "diffuse");
      }
      const std::string path = fmt::format("{}/{}", frame_path, id.get_value());
      try {
        meshcat_->SetObject(path, inspector.GetShape(id), rgba);
      } catch (const std::exception& e) {
        log()->warn("MeshcatVisualizer: geometry '{}' is not drawn: {}",
                    inspector.GetName(id), e.what());
        continue;
      }
      meshcat_->SetTransform(path, inspector.GetPoseInFrame(id));
    }
    if (!world) {
      frames_.push_back(frame);
      frame_paths_.push_back(frame_path);
    }
  }
  poses_.assign(frames_.size(), math::RigidTransform<double>());
  meshcat_->SetProperty(params_.prefix, "visible", params_.visible_by_default);
  sent_num_geometries_ = inspector.num_geometries();
  sent_objects_ = true;
}

template <typename T>
systems::EventStatus MeshcatVisualizer<T>::OnPublish(
    const systems::Context<T>& context) const {
  const auto& query =
      query_object_input_port().template Eval<QueryObject<T>>(context);
  if (!sent_objects_ ||
      sent_num_geometries_ != query.inspector().num_geometries()) {
    SendObjects(context);
  }
  for (size_t i = 0; i < frames_.size(); ++i) {
    poses_[i] = query.GetPoseInWorld(frames_[i]);
  }
  std::optional<double> time;
  if (meshcat_->is_recording()) time = context.get_time();
  meshcat_->SetTransforms(frame_paths_, poses_, time);
  return systems::EventStatus::Succeeded();
}

template class MeshcatVisualizer<double>;

}  // namespace ossa::geometry
