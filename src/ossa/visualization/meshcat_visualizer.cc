#include "ossa/visualization/meshcat_visualizer.h"

#include <fmt/format.h>

#include <set>
#include <stdexcept>

#include "ossa/common/text_logging.h"
#include "ossa/geometry/query_object.h"
#include "ossa/geometry/scene_graph.h"

namespace ossa::geometry {
namespace {

// `prefix` + "/" + `name` with each "::" of the name as "/".
std::string ScopedPath(const std::string& prefix, const std::string& name) {
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

// Whether a visualizer with `params` draws a geometry with `props`.
bool Accepts(const MeshcatVisualizerParams& params,
             const GeometryProperties* props) {
  if (props == nullptr || !props->HasProperty("meshcat", "accepting")) {
    return params.include_unspecified_accepting;
  }
  // A value that is not a string accepts no visualizer.
  const std::string* accepting =
      props->GetPropertyAbstract("meshcat", "accepting")
          .maybe_get_value<std::string>();
  return accepting != nullptr && *accepting == params.prefix;
}

// The alpha slider's range and step, as the reference's.
constexpr double kAlphaMin = 0.02;
constexpr double kAlphaMax = 1.0;
constexpr double kAlphaStep = 0.02;

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
  if (params_.enable_alpha_slider) {
    alpha_slider_name_ = params_.prefix + " α";
    alpha_value_ = params_.initial_alpha_slider_value;
    meshcat_->AddSlider(alpha_slider_name_, kAlphaMin, kAlphaMax, kAlphaStep,
                        alpha_value_);
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
  // The prefix's opacity went with it: the next publish applies the slider.
  alpha_value_ = params_.initial_alpha_slider_value;
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
  std::set<std::string> used_paths;
  for (FrameId frame : inspector.GetAllFrameIds()) {
    std::vector<GeometryId> ids;
    for (GeometryId id : inspector.GetGeometries(frame, params_.role)) {
      if (Accepts(params_, inspector.GetProperties(id, params_.role))) {
        ids.push_back(id);
      }
    }
    if (ids.empty()) continue;
    const bool world = frame == inspector.world_frame_id();
    const std::string frame_path =
        world ? params_.prefix
              : ScopedPath(params_.prefix, inspector.GetName(frame));
    for (GeometryId id : ids) {
      const GeometryProperties* props =
          inspector.GetProperties(id, params_.role);
      Rgba rgba = params_.default_color;
      if (props && props->HasProperty("phong", "diffuse")) {
        rgba = props->template GetProperty<Rgba>("phong", "diffuse");
      }
      // The reference requires names unique in a frame and not empty; ossa's
      // SceneGraph does not check, so a clash falls back to the id.
      std::string path = ScopedPath(frame_path, inspector.GetName(id));
      if (inspector.GetName(id).empty() || !used_paths.insert(path).second) {
        path = fmt::format("{}/{}", frame_path, id.get_value());
      }
      try {
        meshcat_->SetObject(path, inspector.GetShape(id), rgba);
      } catch (const std::exception& e) {
        log()->warn("MeshcatVisualizer: geometry '{}' is not drawn: {}",
                    inspector.GetName(id), e.what());
        continue;
      }
      meshcat_->SetTransform(path, inspector.GetPoseInFrame(id));
      meshcat_->SetProperty(path, "modulated_opacity",
                            params_.enable_alpha_slider
                                ? params_.initial_alpha_slider_value
                                : 1.0);
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
  if (params_.enable_alpha_slider) {
    const double alpha = meshcat_->GetSliderValue(alpha_slider_name_);
    if (alpha != alpha_value_) {
      alpha_value_ = alpha;
      meshcat_->SetProperty(params_.prefix, "modulated_opacity", alpha);
    }
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
