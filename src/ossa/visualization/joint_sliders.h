#pragma once

/// @file
/// JointSliders: a Meshcat slider per generalized position of a
/// MultibodyPlant, and a system whose output port "positions" (size nq) is
/// the sliders' values, so that a diagram can pose the plant from the
/// browser (the reference's multibody::meshcat::JointSliders).
///
/// Slider i is named by plant.GetPositionNames()[i] (a repeated name gets
/// " (2)", " (3)", ...), spans the joint's position limits (or ±π about
/// the initial value where a limit is infinite), narrowed by the given
/// lower_limit / upper_limit, and moves in `step` increments (default
/// 0.01). Instantiated for T = double.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ossa/common/eigen_types.h"
#include "ossa/systems/framework/diagram.h"
#include "ossa/systems/framework/leaf_system.h"
#include "ossa/visualization/meshcat.h"

namespace ossa::multibody {
template <typename T>
class MultibodyPlant;
}  // namespace ossa::multibody

namespace ossa::multibody::meshcat {

template <typename T>
class JointSliders final : public systems::LeafSystem<T> {
 public:
  /// A bound given as nothing (the default), one value for every slider, or
  /// one value per position.
  using Bound = std::variant<std::monostate, double, Eigen::VectorXd>;

  /// Adds the sliders to `meshcat`. `initial_value` (size nq; default the
  /// plant's default positions) is each slider's first value and what the
  /// output port gives after Delete(). `plant` is aliased: it must be
  /// finalized and outlive this system. Keycodes, if given, are one per
  /// position (see Meshcat::AddSlider).
  /// @throws std::invalid_argument for a null meshcat or plant, an
  /// unfinalized plant, a vector of the wrong size (naming it), a step that
  /// is not positive, or a lower limit above an upper limit (naming the
  /// position).
  /// @throws std::logic_error if `meshcat` already has a slider of one of
  /// the names (naming it); nothing is added then.
  JointSliders(std::shared_ptr<geometry::Meshcat> meshcat,
               const MultibodyPlant<T>* plant,
               std::optional<Eigen::VectorXd> initial_value = std::nullopt,
               Bound lower_limit = {}, Bound upper_limit = {}, Bound step = {},
               std::vector<std::string> decrement_keycodes = {},
               std::vector<std::string> increment_keycodes = {});
  ~JointSliders() final;

  /// Removes the sliders from the Meshcat (those still there). From then on
  /// the output port gives the initial value.
  void Delete();

  /// Publishes `diagram` (the root diagram holding the plant) each time the
  /// sliders' values change, with the plant's positions set to them, until
  /// the button "Stop JointSliders" (added for the call, with keycode
  /// `stop_button_keycode`) is clicked or `timeout` seconds pass. The
  /// sliders are read every 50 ms. Returns the positions last published.
  /// @throws std::logic_error if `diagram` does not contain the plant.
  Eigen::VectorXd Run(const systems::Diagram<T>& diagram,
                      std::optional<double> timeout = std::nullopt,
                      std::string stop_button_keycode = "Escape") const;

  /// Moves the sliders to `q` (each clamped to its range and rounded to its
  /// step by the Meshcat) and makes `q` the initial value.
  /// @throws std::invalid_argument unless q has nq values.
  void SetPositions(const Eigen::VectorXd& q);

  /// ossa extension: called between polls of Run() (the Python bindings
  /// install one that raises KeyboardInterrupt on Ctrl-C), as the
  /// Simulator's interrupt check.
  void set_interrupt_check(std::function<void()> check) {
    interrupt_check_ = std::move(check);
  }

  /// ossa extension: the slider names, one per position.
  const std::vector<std::string>& slider_names() const { return names_; }

 private:
  void CalcPositions(const systems::Context<T>& context,
                     systems::BasicVector<T>* output) const;
  Eigen::VectorXd SliderValues() const;

  std::shared_ptr<geometry::Meshcat> meshcat_;
  const MultibodyPlant<T>* plant_{};
  std::vector<std::string> names_;
  Eigen::VectorXd initial_value_;
  bool is_registered_{true};
  std::function<void()> interrupt_check_;
};

}  // namespace ossa::multibody::meshcat
