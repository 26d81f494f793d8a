// Bindings of ossa.multibody.meshcat: JointSliders, ContactVisualizer and
// ContactVisualizerParams (C++ ossa::multibody::meshcat). Run() releases the
// GIL while it polls the sliders and delivers Ctrl-C between polls.

#include <fmt/format.h>
#include <nanobind/eigen/dense.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "ossa/bindings.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/diagram.h"
#include "ossa/template_util.h"
#include "ossa/visualization/contact_visualizer.h"
#include "ossa/visualization/joint_sliders.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using geometry::Meshcat;
using multibody::MultibodyPlant;
using multibody::meshcat::ContactVisualizer;
using multibody::meshcat::ContactVisualizerParams;
using multibody::meshcat::JointSliders;

// Runs Python's signal handlers from a loop that runs without the GIL.
void RaisePendingSignals() {
  nb::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) throw nb::python_error();
}

// None, a number (every slider) or a vector (one per position).
JointSliders<double>::Bound ToBound(nb::handle value, const char* what) {
  if (value.is_none()) return std::monostate{};
  if (nb::isinstance<nb::float_>(value) || nb::isinstance<nb::int_>(value)) {
    return nb::cast<double>(value);
  }
  try {
    return nb::cast<Eigen::VectorXd>(value);
  } catch (const nb::cast_error&) {
    throw nb::value_error(
        fmt::format("JointSliders: {} must be None, a number or a vector of "
                    "numbers.",
                    what)
            .c_str());
  }
}

// Adds `visualizer` (owned by the new Python object) to the Python builder.
nb::object AddToPythonBuilder(nb::object builder,
                              ContactVisualizer<double>* visualizer) {
  nb::object object = nb::cast(visualizer, nb::rv_policy::take_ownership);
  builder.attr("AddSystem")(object);
  return object;
}

nb::object PortOf(const systems::InputPort<double>& port) {
  return nb::cast(&port, nb::rv_policy::reference);
}

}  // namespace

void DefineMultibodyMeshcat(nb::module_ m) {
  using P = ContactVisualizerParams;
  nb::class_<P> params(m, "ContactVisualizerParams");
  params.def(nb::init<>())
      .def_rw("publish_period", &P::publish_period)
      .def_rw("color", &P::color)
      .def_rw("hydro_force_color", &P::hydro_force_color)
      .def_rw("hydro_moment_color", &P::hydro_moment_color)
      .def_rw("prefix", &P::prefix)
      .def_rw("delete_on_initialization_event",
              &P::delete_on_initialization_event)
      .def_rw("force_threshold", &P::force_threshold)
      .def_rw("moment_threshold", &P::moment_threshold)
      .def_rw("newtons_per_meter", &P::newtons_per_meter)
      .def_rw("newton_meters_per_meter", &P::newton_meters_per_meter)
      .def_rw("radius", &P::radius);
  DefKwargsInit(params);
  DefCopyAndDeepCopy(params);

  using JS = JointSliders<double>;
  auto sliders =
      DefineTemplateClassWithDefault<JS, systems::LeafSystem<double>>(
          m, "JointSliders", GetPyParam<double>(),
          "A Meshcat slider per position of a MultibodyPlant; the output port "
          "'positions' is their values.");
  sliders
      .def(
          "__init__",
          [](JS* self, std::shared_ptr<Meshcat> meshcat,
             const MultibodyPlant<double>* plant,
             std::optional<Eigen::VectorXd> initial_value,
             nb::handle lower_limit, nb::handle upper_limit, nb::handle step,
             std::vector<std::string> decrement_keycodes,
             std::vector<std::string> increment_keycodes) {
            new (self) JS(std::move(meshcat), plant, std::move(initial_value),
                          ToBound(lower_limit, "lower_limit"),
                          ToBound(upper_limit, "upper_limit"),
                          ToBound(step, "step"), std::move(decrement_keycodes),
                          std::move(increment_keycodes));
          },
          nb::arg("meshcat"), nb::arg("plant"),
          nb::arg("initial_value") = nb::none(),
          nb::arg("lower_limit") = nb::none(),
          nb::arg("upper_limit") = nb::none(), nb::arg("step") = nb::none(),
          nb::arg("decrement_keycodes") = std::vector<std::string>(),
          nb::arg("increment_keycodes") = std::vector<std::string>(),
          nb::keep_alive<1, 3>())
      .def("Delete", &JS::Delete)
      .def(
          "Run",
          [](JS& self, const systems::Diagram<double>& diagram,
             std::optional<double> timeout, std::string stop_button_keycode) {
            self.set_interrupt_check(&RaisePendingSignals);
            nb::gil_scoped_release release;
            return self.Run(diagram, timeout, std::move(stop_button_keycode));
          },
          nb::arg("diagram"), nb::arg("timeout") = nb::none(),
          nb::arg("stop_button_keycode") = "Escape")
      .def("SetPositions", &JS::SetPositions, nb::arg("q"))
      .def("slider_names", &JS::slider_names);

  using CV = ContactVisualizer<double>;
  auto visualizer =
      DefineTemplateClassWithDefault<CV, systems::LeafSystem<double>>(
          m, "ContactVisualizer", GetPyParam<double>(),
          "Draws a MultibodyPlant's point contact forces in a Meshcat.");
  visualizer
      .def(nb::init<std::shared_ptr<Meshcat>, ContactVisualizerParams>(),
           nb::arg("meshcat"), nb::arg("params") = ContactVisualizerParams())
      .def("Delete", &CV::Delete)
      .def("contact_results_input_port", &CV::contact_results_input_port,
           kRefInternal)
      .def("query_object_input_port", &CV::query_object_input_port,
           kRefInternal)
      .def_static(
          "AddToBuilder",
          [](nb::object builder, const MultibodyPlant<double>& plant,
             std::shared_ptr<Meshcat> meshcat, ContactVisualizerParams params) {
            auto* cv = new CV(std::move(meshcat), std::move(params));
            nb::object object = AddToPythonBuilder(builder, cv);
            builder.attr("Connect")(
                nb::cast(&plant.get_contact_results_output_port(),
                         nb::rv_policy::reference),
                PortOf(cv->contact_results_input_port()));
            return object;
          },
          nb::arg("builder"), nb::arg("plant"), nb::arg("meshcat"),
          nb::arg("params") = ContactVisualizerParams())
      .def_static(
          "AddToBuilder",
          [](nb::object builder, nb::object contact_results_port,
             nb::object query_object_port, std::shared_ptr<Meshcat> meshcat,
             ContactVisualizerParams params) {
            auto* cv = new CV(std::move(meshcat), std::move(params));
            nb::object object = AddToPythonBuilder(builder, cv);
            builder.attr("Connect")(contact_results_port,
                                    PortOf(cv->contact_results_input_port()));
            builder.attr("Connect")(query_object_port,
                                    PortOf(cv->query_object_input_port()));
            return object;
          },
          nb::arg("builder"), nb::arg("contact_results_port"),
          nb::arg("query_object_port"), nb::arg("meshcat"),
          nb::arg("params") = ContactVisualizerParams())
      .def_static(
          "AddToBuilder",
          [](nb::object builder, nb::object contact_results_port,
             std::shared_ptr<Meshcat> meshcat, ContactVisualizerParams params) {
            auto* cv = new CV(std::move(meshcat), std::move(params));
            nb::object object = AddToPythonBuilder(builder, cv);
            builder.attr("Connect")(contact_results_port,
                                    PortOf(cv->contact_results_input_port()));
            return object;
          },
          nb::arg("builder"), nb::arg("contact_results_port"),
          nb::arg("meshcat"), nb::arg("params") = ContactVisualizerParams());
}

}  // namespace ossa::py
