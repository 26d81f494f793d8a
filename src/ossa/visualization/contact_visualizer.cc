#include "ossa/visualization/contact_visualizer.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "ossa/geometry/query_object.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/multibody/plant/contact_results.h"
#include "ossa/multibody/plant/multibody_plant.h"

namespace ossa::multibody::meshcat {
namespace {

// The head's radius and length in shaft radii.
constexpr double kHeadRadius = 2.0;
constexpr double kHeadLength = 8.0;

// A geometry name as one path element ('/' separates Meshcat paths).
std::string PathElement(std::string name) {
  for (char& c : name) {
    if (c == '/') c = '_';
  }
  return name;
}

// The arrow's frame A: origin at the contact point C, z along f_W; x̂ and
// ŷ complete ẑ = f̂ to a right-handed frame (the helper axis is the world
// axis least aligned with ẑ, so the cross product is well conditioned).
Eigen::Matrix4d ArrowFrame(const Vector3<double>& p_WC,
                           const Vector3<double>& f_W) {
  const Vector3<double> z = f_W.normalized();
  const Vector3<double> helper = std::abs(z.x()) < 0.9
                                     ? Vector3<double>::UnitX()
                                     : Vector3<double>::UnitY();
  const Vector3<double> x = helper.cross(z).normalized();
  Eigen::Matrix4d X_WA = Eigen::Matrix4d::Identity();
  X_WA.block<3, 1>(0, 0) = x;
  X_WA.block<3, 1>(0, 1) = z.cross(x);
  X_WA.block<3, 1>(0, 2) = z;
  X_WA.block<3, 1>(0, 3) = p_WC;
  return X_WA;
}

// A cone along +z: base of `radius` centered at the origin, apex at
// (0, 0, 1) (scaled to the head's length by its pose).
void SetCone(geometry::Meshcat* meshcat, const std::string& path, double radius,
             const geometry::Rgba& rgba) {
  constexpr int kSides = 16;
  Eigen::Matrix3Xd vertices(3, kSides + 2);
  Eigen::Matrix3Xi faces(3, 2 * kSides);
  for (int i = 0; i < kSides; ++i) {
    const double angle = 2 * M_PI * i / kSides;
    vertices.col(i) << radius * std::cos(angle), radius * std::sin(angle), 0;
    const int next = (i + 1) % kSides;
    faces.col(i) << i, next, kSides;               // the side, to the apex
    faces.col(kSides + i) << kSides + 1, next, i;  // the base
  }
  vertices.col(kSides) << 0, 0, 1;
  vertices.col(kSides + 1) << 0, 0, 0;
  meshcat->SetTriangleMesh(path, vertices, faces, rgba);
}

}  // namespace

template <typename T>
ContactVisualizer<T>::ContactVisualizer(
    std::shared_ptr<geometry::Meshcat> meshcat, ContactVisualizerParams params)
    : meshcat_(std::move(meshcat)), params_(std::move(params)) {
  if (!meshcat_) {
    throw std::invalid_argument("ContactVisualizer: meshcat is null.");
  }
  const auto check_positive = [](double value, const char* name) {
    if (!(value > 0) || !std::isfinite(value)) {
      throw std::invalid_argument(
          fmt::format("ContactVisualizer: {} must be positive and finite, "
                      "not {}.",
                      name, value));
    }
  };
  check_positive(params_.publish_period, "publish_period");
  check_positive(params_.newtons_per_meter, "newtons_per_meter");
  check_positive(params_.radius, "radius");
  this->DeclareAbstractInputPort("contact_results", Value<ContactResults<T>>());
  this->DeclareAbstractInputPort("query_object",
                                 Value<geometry::QueryObject<T>>());
  this->DeclarePeriodicPublishEvent(params_.publish_period, 0.0,
                                    &ContactVisualizer::OnPublish);
  this->DeclareForcedPublishEvent(&ContactVisualizer::OnPublish);
  this->DeclareInitializationPublishEvent(&ContactVisualizer::OnInitialization);
}

template <typename T>
ContactVisualizer<T>::~ContactVisualizer() = default;

template <typename T>
ContactVisualizer<T>* ContactVisualizer<T>::AddUnconnected(
    systems::DiagramBuilder<T>* builder,
    std::shared_ptr<geometry::Meshcat> meshcat,
    ContactVisualizerParams params) {
  if (builder == nullptr) {
    throw std::invalid_argument(
        "ContactVisualizer::AddToBuilder(): builder "
        "is null.");
  }
  auto* visualizer = builder->AddSystem(std::make_unique<ContactVisualizer<T>>(
      std::move(meshcat), std::move(params)));
  const std::string name = "meshcat_contact_visualizer";
  if (!builder->HasSubsystemNamed(name)) visualizer->set_name(name);
  return visualizer;
}

template <typename T>
const ContactVisualizer<T>& ContactVisualizer<T>::AddToBuilder(
    systems::DiagramBuilder<T>* builder, const MultibodyPlant<T>& plant,
    std::shared_ptr<geometry::Meshcat> meshcat,
    ContactVisualizerParams params) {
  return AddToBuilder(builder, plant.get_contact_results_output_port(),
                      std::move(meshcat), std::move(params));
}

template <typename T>
const ContactVisualizer<T>& ContactVisualizer<T>::AddToBuilder(
    systems::DiagramBuilder<T>* builder,
    const systems::OutputPort<T>& contact_results_port,
    std::shared_ptr<geometry::Meshcat> meshcat,
    ContactVisualizerParams params) {
  auto* visualizer =
      AddUnconnected(builder, std::move(meshcat), std::move(params));
  builder->Connect(contact_results_port,
                   visualizer->contact_results_input_port());
  return *visualizer;
}

template <typename T>
const ContactVisualizer<T>& ContactVisualizer<T>::AddToBuilder(
    systems::DiagramBuilder<T>* builder,
    const systems::OutputPort<T>& contact_results_port,
    const systems::OutputPort<T>& query_object_port,
    std::shared_ptr<geometry::Meshcat> meshcat,
    ContactVisualizerParams params) {
  auto* visualizer =
      AddUnconnected(builder, std::move(meshcat), std::move(params));
  builder->Connect(contact_results_port,
                   visualizer->contact_results_input_port());
  builder->Connect(query_object_port, visualizer->query_object_input_port());
  return *visualizer;
}

template <typename T>
void ContactVisualizer<T>::Delete() const {
  meshcat_->Delete(params_.prefix);
  arrows_.clear();
}

template <typename T>
systems::EventStatus ContactVisualizer<T>::OnInitialization(
    const systems::Context<T>& context) const {
  if (params_.delete_on_initialization_event) Delete();
  return OnPublish(context);
}

template <typename T>
systems::EventStatus ContactVisualizer<T>::OnPublish(
    const systems::Context<T>& context) const {
  const auto& results =
      contact_results_input_port().template Eval<ContactResults<T>>(context);
  const geometry::QueryObject<T>* query = nullptr;
  if (query_object_input_port().HasValue(context)) {
    query = &query_object_input_port().template Eval<geometry::QueryObject<T>>(
        context);
  }
  std::map<std::string, int> contacts_per_pair;
  std::map<std::string, bool> shown;
  for (int i = 0; i < results.num_point_pair_contacts(); ++i) {
    const PointPairContactInfo<T>& info = results.point_pair_contact_info(i);
    const Vector3<double> f_W = info.contact_force();
    if (!(f_W.norm() >= params_.force_threshold)) continue;
    std::string pair;
    if (query != nullptr) {
      const auto& inspector = query->inspector();
      pair = PathElement(inspector.GetName(info.point_pair().id_A)) + "+" +
             PathElement(inspector.GetName(info.point_pair().id_B));
    } else {
      pair = fmt::format("{}+{}", static_cast<int>(info.bodyA_index()),
                         static_cast<int>(info.bodyB_index()));
    }
    const int k = contacts_per_pair[pair]++;
    const std::string path = fmt::format("{}/{}{}", params_.prefix, pair,
                                         k > 0 ? fmt::format("_{}", k) : "");
    if (arrows_.count(path) == 0) {
      meshcat_->SetObject(path + "/shaft",
                          geometry::Cylinder(params_.radius, 1.0),
                          params_.color);
      SetCone(meshcat_.get(), path + "/head", kHeadRadius * params_.radius,
              params_.color);
    }
    // Length L = |f|/newtons_per_meter: a head of h = min(L/2, 8 radius)
    // on a shaft of L − h, both in the arrow frame A (ẑ along f).
    const double length = f_W.norm() / params_.newtons_per_meter;
    const double head = std::min(length / 2, kHeadLength * params_.radius);
    Eigen::Matrix4d X_AS = Eigen::Matrix4d::Identity();
    X_AS(2, 2) = length - head;
    X_AS(2, 3) = (length - head) / 2;
    Eigen::Matrix4d X_AH = Eigen::Matrix4d::Identity();
    X_AH(2, 2) = head;
    X_AH(2, 3) = length - head;
    meshcat_->SetTransform(path, ArrowFrame(info.contact_point(), f_W));
    meshcat_->SetTransform(path + "/shaft", X_AS);
    meshcat_->SetTransform(path + "/head", X_AH);
    if (!arrows_[path]) meshcat_->SetProperty(path, "visible", true);
    shown[path] = true;
  }
  for (auto& [path, visible] : arrows_) {
    const bool now = shown.count(path) > 0;
    if (visible && !now) meshcat_->SetProperty(path, "visible", false);
    visible = now;
  }
  return systems::EventStatus::Succeeded();
}

template class ContactVisualizer<double>;

}  // namespace ossa::multibody::meshcat
