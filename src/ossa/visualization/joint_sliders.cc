#include "ossa/visualization/joint_sliders.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <numbers>
#include <set>
#include <stdexcept>
#include <thread>

#include "ossa/multibody/plant/multibody_plant.h"

namespace ossa::multibody::meshcat {
namespace {

// A slider's half range about its initial value where the joint has no
// limit.
constexpr double kDefaultHalfRange = std::numbers::pi;
constexpr double kDefaultStep = 0.01;
constexpr auto kPollPeriod = std::chrono::milliseconds(50);

// `bound` as nq values: `fallback` for std::monostate, the value repeated
// for a double, the vector itself (checked to have nq entries).
Eigen::VectorXd Expand(const JointSliders<double>::Bound& bound, int nq,
                       double fallback, const char* what) {
  if (std::holds_alternative<std::monostate>(bound)) {
    return Eigen::VectorXd::Constant(nq, fallback);
  }
  if (const double* value = std::get_if<double>(&bound)) {
    return Eigen::VectorXd::Constant(nq, *value);
  }
  const Eigen::VectorXd& vector = std::get<Eigen::VectorXd>(bound);
  if (vector.size() != nq) {
    throw std::invalid_argument(
        fmt::format("JointSliders: {} has {} values; the plant has {} "
                    "positions.",
                    what, vector.size(), nq));
  }
  return vector;
}

void CheckKeycodes(const std::vector<std::string>& keycodes, int nq,
                   const char* what) {
  if (!keycodes.empty() && static_cast<int>(keycodes.size()) != nq) {
    throw std::invalid_argument(
        fmt::format("JointSliders: {} has {} keycodes; the plant has {} "
                    "positions (give one per position, or none).",
                    what, keycodes.size(), nq));
  }
}

}  // namespace

template <typename T>
JointSliders<T>::JointSliders(std::shared_ptr<geometry::Meshcat> meshcat,
                              const MultibodyPlant<T>* plant,
                              std::optional<Eigen::VectorXd> initial_value,
                              Bound lower_limit, Bound upper_limit, Bound step,
                              std::vector<std::string> decrement_keycodes,
                              std::vector<std::string> increment_keycodes)
    : meshcat_(std::move(meshcat)), plant_(plant) {
  if (!meshcat_) {
    throw std::invalid_argument("JointSliders: meshcat is null.");
  }
  if (plant_ == nullptr) {
    throw std::invalid_argument("JointSliders: plant is null.");
  }
  if (!plant_->is_finalized()) {
    throw std::invalid_argument(
        "JointSliders: the plant must be finalized (call Finalize() first).");
  }
  const int nq = plant_->num_positions();
  if (initial_value.has_value()) {
    if (initial_value->size() != nq) {
      throw std::invalid_argument(fmt::format(
          "JointSliders: initial_value has {} values; the plant has {} "
          "positions.",
          initial_value->size(), nq));
    }
    initial_value_ = *initial_value;
  } else {
    initial_value_ = plant_->GetDefaultPositions();
  }
  CheckKeycodes(decrement_keycodes, nq, "decrement_keycodes");
  CheckKeycodes(increment_keycodes, nq, "increment_keycodes");

  const Eigen::VectorXd joint_lower = plant_->GetPositionLowerLimits();
  const Eigen::VectorXd joint_upper = plant_->GetPositionUpperLimits();
  const Eigen::VectorXd given_lower =
      Expand(lower_limit, nq, -INFINITY, "lower_limit");
  const Eigen::VectorXd given_upper =
      Expand(upper_limit, nq, INFINITY, "upper_limit");
  const Eigen::VectorXd steps = Expand(step, nq, kDefaultStep, "step");
  const std::vector<std::string> position_names = plant_->GetPositionNames();

  std::vector<double> lower(nq), upper(nq);
  std::set<std::string> taken;
  for (const std::string& name : meshcat_->GetSliderNames()) {
    taken.insert(name);
  }
  std::set<std::string> mine;
  for (int i = 0; i < nq; ++i) {
    const double q0 = initial_value_[i];
    lower[i] =
        std::isfinite(joint_lower[i]) ? joint_lower[i] : q0 - kDefaultHalfRange;
    upper[i] =
        std::isfinite(joint_upper[i]) ? joint_upper[i] : q0 + kDefaultHalfRange;
    lower[i] = std::max(lower[i], given_lower[i]);
    upper[i] = std::min(upper[i], given_upper[i]);
    if (!(lower[i] <= upper[i])) {
      throw std::invalid_argument(fmt::format(
          "JointSliders: position '{}' has lower limit {} above its upper "
          "limit {}.",
          position_names[i], lower[i], upper[i]));
    }
    if (!(steps[i] > 0)) {
      throw std::invalid_argument(
          fmt::format("JointSliders: the step of position '{}' is {}; it "
                      "must be positive.",
                      position_names[i], steps[i]));
    }
    // Slider names are unique per control panel: repeats get a suffix.
    std::string label = position_names[i];
    for (int k = 2; mine.count(label) > 0; ++k) {
      label = fmt::format("{} ({})", position_names[i], k);
    }
    if (taken.count(label) > 0) {
      throw std::logic_error(fmt::format(
          "JointSliders: the Meshcat already has a slider named '{}'; a "
          "slider with this name already exists (Delete() the other "
          "JointSliders first).",
          label));
    }
    mine.insert(label);
    names_.push_back(std::move(label));
  }
  for (int i = 0; i < nq; ++i) {
    meshcat_->AddSlider(
        names_[i], lower[i], upper[i], steps[i], initial_value_[i],
        decrement_keycodes.empty() ? std::string() : decrement_keycodes[i],
        increment_keycodes.empty() ? std::string() : increment_keycodes[i]);
  }
  this->DeclareVectorOutputPort("positions", nq, &JointSliders::CalcPositions);
}

template <typename T>
JointSliders<T>::~JointSliders() = default;

template <typename T>
void JointSliders<T>::Delete() {
  if (!is_registered_) return;
  is_registered_ = false;
  for (const std::string& name : names_) {
    meshcat_->DeleteSlider(name, /* strict = */ false);
  }
}

template <typename T>
Eigen::VectorXd JointSliders<T>::SliderValues() const {
  if (!is_registered_) return initial_value_;
  Eigen::VectorXd q(names_.size());
  for (size_t i = 0; i < names_.size(); ++i) {
    q[i] = meshcat_->GetSliderValue(names_[i]);
  }
  return q;
}

template <typename T>
void JointSliders<T>::CalcPositions(const systems::Context<T>&,
                                    systems::BasicVector<T>* output) const {
  output->SetFromVector(SliderValues().template cast<T>());
}

template <typename T>
void JointSliders<T>::SetPositions(const Eigen::VectorXd& q) {
  if (q.size() != static_cast<int>(names_.size())) {
    throw std::invalid_argument(
        fmt::format("JointSliders::SetPositions(): {} values for {} sliders.",
                    q.size(), names_.size()));
  }
  initial_value_ = q;
  if (!is_registered_) return;
  for (size_t i = 0; i < names_.size(); ++i) {
    meshcat_->SetSliderValue(names_[i], q[i]);
  }
}

template <typename T>
Eigen::VectorXd JointSliders<T>::Run(const systems::Diagram<T>& diagram,
                                     std::optional<double> timeout,
                                     std::string stop_button_keycode) const {
  auto root_context = diagram.CreateDefaultContext();
  systems::Context<T>& plant_context =
      plant_->GetMyMutableContextFromRoot(root_context.get());
  const std::string stop = "Stop JointSliders";
  meshcat_->AddButton(stop, std::move(stop_button_keycode));
  const auto start = std::chrono::steady_clock::now();
  Eigen::VectorXd published;
  try {
    for (;;) {
      const Eigen::VectorXd q = SliderValues();
      if (published.size() == 0 || q != published) {
        plant_->SetPositions(&plant_context, q.template cast<T>());
        diagram.ForcedPublish(*root_context);
        published = q;
      }
      if (meshcat_->GetButtonClicks(stop) > 0) break;
      if (timeout.has_value()) {
        const std::chrono::duration<double> elapsed =
            std::chrono::steady_clock::now() - start;
        if (elapsed.count() >= *timeout) break;
      }
      if (interrupt_check_) interrupt_check_();
      std::this_thread::sleep_for(kPollPeriod);
    }
  } catch (...) {
    meshcat_->DeleteButton(stop, /* strict = */ false);
    throw;
  }
  meshcat_->DeleteButton(stop, /* strict = */ false);
  return published;
}

template class JointSliders<double>;

}  // namespace ossa::multibody::meshcat
