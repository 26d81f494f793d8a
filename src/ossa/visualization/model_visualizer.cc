#include "ossa/visualization/model_visualizer.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "ossa/geometry/scene_graph.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/systems/framework/diagram.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/visualization/contact_visualizer.h"
#include "ossa/visualization/joint_sliders.h"
#include "ossa/visualization/meshcat_visualizer.h"

namespace ossa::visualization {

using math::RigidTransform;
using math::RotationMatrix;
using multibody::BodyIndex;
using multibody::MultibodyPlant;

namespace {

const Vector4<double> kStickColor(0.35, 0.55, 0.85, 1.0);

// The pose of a z-axis cylinder whose axis runs from p_start to p_end.
RigidTransform<double> RodPose(const Vector3<double>& p_start,
                               const Vector3<double>& p_end) {
  return RigidTransform<double>(
      RotationMatrix<double>::MakeFromOneVector(p_end - p_start, 2),
      (p_start + p_end) / 2);
}

}  // namespace

int AddStickFigure(MultibodyPlant<double>* plant, double radius) {
  if (plant == nullptr || plant->is_finalized() ||
      !plant->geometry_source_is_registered()) {
    throw std::logic_error(
        "AddStickFigure(): the plant must be unfinalized and registered with "
        "a SceneGraph.");
  }
  int added = 0;
  for (int i = 1; i < plant->num_bodies(); ++i) {
    const auto& body = plant->get_body(BodyIndex(i));
    plant->RegisterVisualGeometry(body, RigidTransform<double>(),
                                  geometry::Sphere(radius),
                                  fmt::format("stick_body_{}", i), kStickColor);
    ++added;
  }
  for (const multibody::JointIndex j : plant->GetJointIndices()) {
    const auto& joint = plant->get_joint(j);
    if (joint.parent_body().index() == plant->world_body().index()) continue;
    const Vector3<double> p =
        joint.frame_on_parent().GetFixedPoseInBodyFrame().translation();
    const double length = p.norm();
    if (length < 1e-6) continue;
    plant->RegisterVisualGeometry(
        joint.parent_body(), RodPose(Vector3<double>::Zero(), p),
        geometry::Cylinder(radius / 2, length),
        fmt::format("stick_joint_{}", static_cast<int>(j)), kStickColor);
    ++added;
  }
  return added;
}

ModelVisualizer::ModelVisualizer(std::shared_ptr<geometry::Meshcat> meshcat,
                                 bool visualize_frames, double triad_length,
                                 double triad_radius, double triad_opacity,
                                 bool publish_contacts)
    : meshcat_(std::move(meshcat)),
      visualize_frames_(visualize_frames),
      triad_length_(triad_length),
      triad_radius_(triad_radius),
      triad_opacity_(triad_opacity),
      publish_contacts_(publish_contacts),
      builder_(std::make_unique<systems::DiagramBuilder<double>>()) {
  // Discrete, so that joint limits raise no warning; point contact, so that
  // drawing contacts never needs a hydroelastic surface.
  auto [plant, scene_graph] =
      multibody::AddMultibodyPlantSceneGraph(builder_.get(), 0.001);
  plant_ = &plant;
  scene_graph_ = &scene_graph;
  plant_->set_contact_model(multibody::ContactModel::kPoint);
  parser_ = std::make_unique<multibody::Parser>(plant_, scene_graph_);
}

ModelVisualizer::~ModelVisualizer() = default;

void ModelVisualizer::ThrowIfFinalized(const char* method) const {
  if (diagram_ != nullptr) {
    throw std::logic_error(fmt::format(
        "ModelVisualizer::{}(): the visualizer is finalized; models can only "
        "be added before Finalize() or Run().",
        method));
  }
}

multibody::Parser& ModelVisualizer::parser() {
  ThrowIfFinalized("parser");
  return *parser_;
}

multibody::PackageMap& ModelVisualizer::package_map() {
  return parser_->package_map();
}

std::vector<int> ModelVisualizer::AddModels(
    const std::filesystem::path& file_name) {
  ThrowIfFinalized("AddModels");
  std::vector<int> indices;
  for (const auto& index : parser_->AddModels(file_name)) {
    indices.push_back(static_cast<int>(index));
  }
  return indices;
}

std::vector<int> ModelVisualizer::AddModelsFromUrl(const std::string& url) {
  ThrowIfFinalized("AddModelsFromUrl");
  std::vector<int> indices;
  for (const auto& index : parser_->AddModelsFromUrl(url)) {
    indices.push_back(static_cast<int>(index));
  }
  return indices;
}

void ModelVisualizer::AddTriads() {
  // Each axis a rod from the body origin along the axis, colored by it.
  for (int i = 1; i < plant_->num_bodies(); ++i) {
    const auto& body = plant_->get_body(BodyIndex(i));
    for (int axis = 0; axis < 3; ++axis) {
      Vector3<double> tip = Vector3<double>::Zero();
      tip[axis] = triad_length_;
      Vector4<double> rgba(0, 0, 0, triad_opacity_);
      rgba[axis] = 1.0;
      plant_->RegisterVisualGeometry(
          body, RodPose(Vector3<double>::Zero(), tip),
          geometry::Cylinder(triad_radius_, triad_length_),
          fmt::format("triad_{}_{}", i, "xyz"[axis]), rgba);
    }
  }
}

void ModelVisualizer::FinalizePlant(bool weld_free_bodies) {
  if (scene_graph_->model_inspector().NumGeometriesWithRole(
          geometry::Role::kIllustration) == 0) {
    AddStickFigure(plant_);
  }
  if (visualize_frames_) AddTriads();
  if (weld_free_bodies) {
    // Before Finalize(), a free body is one that no joint moves.
    std::set<int> moved;
    for (const multibody::JointIndex j : plant_->GetJointIndices()) {
      moved.insert(plant_->get_joint(j).child_body().index());
    }
    for (int i = 1; i < plant_->num_bodies(); ++i) {
      if (moved.count(i) > 0) continue;
      plant_->WeldFrames(plant_->world_frame(),
                         plant_->get_body(BodyIndex(i)).body_frame());
    }
  }
  plant_->Finalize();
}

void ModelVisualizer::Finalize(std::optional<Eigen::VectorXd> position,
                               bool weld_free_bodies, bool sliders) {
  if (diagram_ != nullptr) return;
  // A call that threw below (a bad position) left the plant finalized.
  if (!plant_->is_finalized()) FinalizePlant(weld_free_bodies);
  const int nq = plant_->num_positions();
  if (position.has_value() && position->size() != nq) {
    throw std::invalid_argument(
        fmt::format("ModelVisualizer::Finalize(): position has {} values; the "
                    "plant has {} positions.",
                    position->size(), nq));
  }
  if (meshcat_ == nullptr) meshcat_ = std::make_shared<geometry::Meshcat>();
  geometry::MeshcatVisualizer<double>::AddToBuilder(builder_.get(),
                                                    *scene_graph_, meshcat_);
  if (publish_contacts_) {
    multibody::meshcat::ContactVisualizer<double>::AddToBuilder(
        builder_.get(), plant_->get_contact_results_output_port(),
        scene_graph_->get_query_output_port(), meshcat_);
  }
  if (sliders) {
    sliders_ = builder_->AddSystem(
        std::make_unique<multibody::meshcat::JointSliders<double>>(
            meshcat_, plant_, position));
  }
  diagram_ = builder_->Build();
  context_ = diagram_->CreateDefaultContext();
  if (position.has_value()) {
    plant_->SetPositions(&mutable_plant_context(), *position);
  }
  AimCamera();
  Publish();
}

void ModelVisualizer::AimCamera() {
  // Every body origin in view: the camera looks at the middle of their
  // bounding box from a diagonal above, at a distance that grows with its
  // size (at least 0.5 m).
  const auto& plant_context = mutable_plant_context();
  Vector3<double> low = Vector3<double>::Constant(INFINITY);
  Vector3<double> high = -low;
  for (int i = 0; i < plant_->num_bodies(); ++i) {
    const Vector3<double> p =
        plant_
            ->EvalBodyPoseInWorld(plant_context, plant_->get_body(BodyIndex(i)))
            .translation();
    low = low.cwiseMin(p);
    high = high.cwiseMax(p);
  }
  const Vector3<double> center = (low + high) / 2;
  const double size = std::max((high - low).maxCoeff(), 0.5);
  meshcat_->SetCameraPose(center + size * Vector3<double>(1.2, -1.2, 0.8),
                          center);
}

systems::Context<double>& ModelVisualizer::mutable_plant_context() {
  if (context_ == nullptr) {
    throw std::logic_error(
        "ModelVisualizer: the plant has no Context before Finalize().");
  }
  return plant_->GetMyMutableContextFromRoot(context_.get());
}

void ModelVisualizer::Publish() const { diagram_->ForcedPublish(*context_); }

void ModelVisualizer::Run(std::optional<Eigen::VectorXd> position,
                          bool loop_once, std::optional<double> timeout) {
  const bool was_finalized = diagram_ != nullptr;
  Finalize(position);
  if (was_finalized && position.has_value()) {
    if (sliders_ != nullptr) sliders_->SetPositions(*position);
    plant_->SetPositions(&mutable_plant_context(), *position);
    Publish();
  }
  if (loop_once || sliders_ == nullptr) return;
  const Eigen::VectorXd q = sliders_->Run(*diagram_, timeout);
  if (q.size() == plant_->num_positions()) {
    plant_->SetPositions(&mutable_plant_context(), q);
  }
}

std::string ModelVisualizer::StaticHtml() {
  Finalize();
  return meshcat_->StaticHtml();
}

}  // namespace ossa::visualization
