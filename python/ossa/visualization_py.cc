// Bindings of Meshcat, MeshcatParams, MeshcatVisualizer(Params), defined in
// ossa._ext.geometry (where the reference has them), and of ModelVisualizer
// and AddStickFigure (ossa._ext.visualization). Calls that may wait on the
// server thread or on a browser release the GIL.

#include <nanobind/eigen/dense.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>

#include "ossa/bindings.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/diagram.h"
#include "ossa/visualization/joint_sliders.h"
#include "ossa/visualization/meshcat.h"
#include "ossa/visualization/meshcat_visualizer.h"
#include "ossa/visualization/model_visualizer.h"
#include "ossa/visualization/visualization_config.h"
#include "ossa/visualization/visualization_config_functions.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using namespace ossa::geometry;  // NOLINT
using math::RigidTransform;
using Matrix3X = Eigen::Matrix3Xd;

void DefineMeshcat(nb::module_ m) {
  nb::class_<MeshcatParams> params(m, "MeshcatParams");
  nb::class_<MeshcatParams::PropertyTuple> tuple(params, "PropertyTuple");
  tuple.def(nb::init<>())
      .def_rw("path", &MeshcatParams::PropertyTuple::path)
      .def_rw("property", &MeshcatParams::PropertyTuple::property)
      .def_rw("value", &MeshcatParams::PropertyTuple::value);
  DefKwargsInit(tuple);
  params.def(nb::init<>())
      .def_rw("host", &MeshcatParams::host)
      .def_rw("port", &MeshcatParams::port)
      .def_rw("web_url_pattern", &MeshcatParams::web_url_pattern)
      .def_rw("initial_properties", &MeshcatParams::initial_properties)
      .def_rw("show_stats_plot", &MeshcatParams::show_stats_plot)
      .def_rw("realtime_rate_period", &MeshcatParams::realtime_rate_period);
  DefKwargsInit(params);
  DefCopyAndDeepCopy(params);

  using MC = Meshcat;
  const Rgba kLight(0.9, 0.9, 0.9, 1.0);
  const Rgba kDark(0.1, 0.1, 0.1, 1.0);
  nb::class_<MC> meshcat(m, "Meshcat",
                         "A browser visualizer: an HTTP + WebSocket server "
                         "speaking the meshcat protocol.");
  nb::enum_<MC::SideOfFaceToRender>(meshcat, "SideOfFaceToRender")
      .value("kFrontSide", MC::kFrontSide)
      .value("kBackSide", MC::kBackSide)
      .value("kDoubleSide", MC::kDoubleSide);
  meshcat
      .def(nb::init<const MeshcatParams&>(),
           nb::arg("params") = MeshcatParams(),
           nb::call_guard<nb::gil_scoped_release>())
      .def(nb::init<std::optional<int>>(), nb::arg("port"),
           nb::call_guard<nb::gil_scoped_release>())
      .def("web_url", &MC::web_url)
      .def("ws_url", &MC::ws_url)
      .def("port", &MC::port)
      .def("GetNumActiveConnections", &MC::GetNumActiveConnections)
      .def("Flush", &MC::Flush, nb::call_guard<nb::gil_scoped_release>())
      .def("SetObject",
           nb::overload_cast<std::string_view, const Shape&, const Rgba&>(
               &MC::SetObject),
           nb::arg("path"), nb::arg("shape"), nb::arg("rgba") = kLight)
      .def("SetObject",
           nb::overload_cast<std::string_view, const Matrix3X&, double,
                             const Rgba&, const Matrix3X&>(&MC::SetObject),
           nb::arg("path"), nb::arg("points"), nb::arg("point_size") = 0.001,
           nb::arg("rgba") = kLight, nb::arg("colors") = Matrix3X(),
           "A point cloud: points 3×n, colors 3×n in [0, 1] (optional).")
      .def("SetLine", &MC::SetLine, nb::arg("path"), nb::arg("vertices"),
           nb::arg("line_width") = 1.0, nb::arg("rgba") = kDark)
      .def("SetLineSegments", &MC::SetLineSegments, nb::arg("path"),
           nb::arg("start"), nb::arg("end"), nb::arg("line_width") = 1.0,
           nb::arg("rgba") = kDark)
      .def("SetTriangleMesh", &MC::SetTriangleMesh, nb::arg("path"),
           nb::arg("vertices"), nb::arg("faces"), nb::arg("rgba") = kDark,
           nb::arg("wireframe") = false, nb::arg("wireframe_line_width") = 1.0,
           nb::arg("side") = MC::kDoubleSide)
      .def("SetCameraPose", &MC::SetCameraPose, nb::arg("camera_in_world"),
           nb::arg("target_in_world"))
      .def("SetTransform",
           nb::overload_cast<std::string_view, const RigidTransform<double>&,
                             std::optional<double>>(&MC::SetTransform),
           nb::arg("path"), nb::arg("X_ParentPath"),
           nb::arg("time_in_recording") = nb::none())
      .def("SetTransform",
           nb::overload_cast<std::string_view, const Eigen::Matrix4d&>(
               &MC::SetTransform),
           nb::arg("path"), nb::arg("matrix"))
      .def("SetProperty",
           nb::overload_cast<std::string_view, std::string, bool,
                             std::optional<double>>(&MC::SetProperty),
           nb::arg("path"), nb::arg("property"), nb::arg("value"),
           nb::arg("time_in_recording") = nb::none())
      .def("SetProperty",
           nb::overload_cast<std::string_view, std::string, double,
                             std::optional<double>>(&MC::SetProperty),
           nb::arg("path"), nb::arg("property"), nb::arg("value"),
           nb::arg("time_in_recording") = nb::none())
      .def("SetProperty",
           nb::overload_cast<std::string_view, std::string,
                             const std::vector<double>&, std::optional<double>>(
               &MC::SetProperty),
           nb::arg("path"), nb::arg("property"), nb::arg("value"),
           nb::arg("time_in_recording") = nb::none())
      .def("Delete", &MC::Delete, nb::arg("path") = "")
      .def("HasPath", &MC::HasPath, nb::arg("path"))
      .def("AddButton", &MC::AddButton, nb::arg("name"),
           nb::arg("keycode") = "")
      .def("GetButtonClicks", &MC::GetButtonClicks, nb::arg("name"))
      .def("GetButtonNames", &MC::GetButtonNames)
      .def("DeleteButton", &MC::DeleteButton, nb::arg("name"),
           nb::arg("strict") = true)
      .def("AddSlider", &MC::AddSlider, nb::arg("name"), nb::arg("min"),
           nb::arg("max"), nb::arg("step"), nb::arg("value"),
           nb::arg("decrement_keycode") = "", nb::arg("increment_keycode") = "")
      .def("SetSliderValue", &MC::SetSliderValue, nb::arg("name"),
           nb::arg("value"))
      .def("GetSliderValue", &MC::GetSliderValue, nb::arg("name"))
      .def("GetSliderNames", &MC::GetSliderNames)
      .def("DeleteSlider", &MC::DeleteSlider, nb::arg("name"),
           nb::arg("strict") = true)
      .def("DeleteAddedControls", &MC::DeleteAddedControls)
      .def("StartRecording", &MC::StartRecording,
           nb::arg("frames_per_second") = 64.0,
           nb::arg("set_visualizations_while_recording") = true)
      .def("StopRecording", &MC::StopRecording)
      .def("is_recording", &MC::is_recording)
      .def("PublishRecording", &MC::PublishRecording)
      .def("DeleteRecording", &MC::DeleteRecording)
      .def("recording_num_frames", &MC::recording_num_frames)
      .def("StaticHtml", &MC::StaticHtml,
           nb::call_guard<nb::gil_scoped_release>())
      .def(
          "StaticZip",
          [](const MC& self) {
            std::string zip;
            {
              nb::gil_scoped_release release;
              zip = self.StaticZip();
            }
            return nb::bytes(zip.data(), zip.size());
          },
          "StaticHtml() as a zip archive holding index.html (bytes).")
      .def("SetCameraTarget", &MC::SetCameraTarget, nb::arg("target_in_world"))
      .def(
          "_GetPackedObject",
          [](const MC& self, std::string_view path) {
            const std::string b = self.GetPackedObject(path);
            return nb::bytes(b.data(), b.size());
          },
          nb::arg("path"))
      .def(
          "_GetPackedTransform",
          [](const MC& self, std::string_view path) {
            const std::string b = self.GetPackedTransform(path);
            return nb::bytes(b.data(), b.size());
          },
          nb::arg("path"))
      .def(
          "_GetPackedProperty",
          [](const MC& self, std::string_view path, std::string_view property) {
            const std::string b = self.GetPackedProperty(path, property);
            return nb::bytes(b.data(), b.size());
          },
          nb::arg("path"), nb::arg("property"));

  nb::class_<MeshcatVisualizerParams> vparams(m, "MeshcatVisualizerParams");
  using VP = MeshcatVisualizerParams;
  vparams.def(nb::init<>())
      .def_rw("publish_period", &VP::publish_period)
      .def_rw("role", &VP::role)
      .def_rw("default_color", &VP::default_color)
      .def_rw("prefix", &VP::prefix)
      .def_rw("delete_on_initialization_event",
              &VP::delete_on_initialization_event)
      .def_rw("enable_alpha_slider", &VP::enable_alpha_slider)
      .def_rw("initial_alpha_slider_value", &VP::initial_alpha_slider_value)
      .def_rw("visible_by_default", &VP::visible_by_default)
      .def_rw("show_hydroelastic", &VP::show_hydroelastic)
      .def_rw("include_unspecified_accepting",
              &VP::include_unspecified_accepting);
  DefKwargsInit(vparams);
  DefCopyAndDeepCopy(vparams);

  using MV = MeshcatVisualizer<double>;
  // MeshcatVisualizer_[float], with MeshcatVisualizer the float one.
  auto visualizer =
      DefineTemplateClassWithDefault<MV, systems::LeafSystem<double>>(
          m, "MeshcatVisualizer", GetPyParam<double>(),
          "Draws SceneGraph's geometry of one role in a Meshcat.");
  visualizer
      .def(nb::init<std::shared_ptr<Meshcat>, MeshcatVisualizerParams>(),
           nb::arg("meshcat"), nb::arg("params") = MeshcatVisualizerParams())
      .def("query_object_input_port", &MV::query_object_input_port,
           kRefInternal)
      .def("Delete", &MV::Delete)
      .def_static(
          "AddToBuilder",
          [](nb::object builder, const SceneGraph<double>& scene_graph,
             std::shared_ptr<Meshcat> meshcat, MeshcatVisualizerParams params) {
            nb::object visualizer = nb::cast(new MV(std::move(meshcat), params),
                                             nb::rv_policy::take_ownership);
            builder.attr("AddSystem")(visualizer);
            nb::cast<MV*>(visualizer)
                ->set_name("meshcat_visualizer(" + params.prefix + ")");
            builder.attr("Connect")(
                nb::cast(&scene_graph.get_query_output_port(),
                         nb::rv_policy::reference),
                nb::cast(&nb::cast<MV*>(visualizer)->query_object_input_port(),
                         nb::rv_policy::reference));
            return visualizer;
          },
          nb::arg("builder"), nb::arg("scene_graph"), nb::arg("meshcat"),
          nb::arg("params") = MeshcatVisualizerParams())
      .def_static(
          "AddToBuilder",
          [](nb::object builder, nb::object query_object_port,
             std::shared_ptr<Meshcat> meshcat, MeshcatVisualizerParams params) {
            nb::object visualizer = nb::cast(new MV(std::move(meshcat), params),
                                             nb::rv_policy::take_ownership);
            builder.attr("AddSystem")(visualizer);
            builder.attr("Connect")(
                query_object_port,
                nb::cast(&nb::cast<MV*>(visualizer)->query_object_input_port(),
                         nb::rv_policy::reference));
            return visualizer;
          },
          nb::arg("builder"), nb::arg("query_object_port"), nb::arg("meshcat"),
          nb::arg("params") = MeshcatVisualizerParams());
}

// Runs Python's signal handlers from a loop that runs without the GIL.
void RaiseSignals() {
  nb::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) throw nb::python_error();
}

void DefineModelVisualizer(nb::module_ m) {
  using visualization::ModelVisualizer;
  m.def("AddStickFigure", &visualization::AddStickFigure, nb::arg("plant"),
        nb::arg("radius") = 0.03,
        "Registers a sphere per body and a rod per joint as illustration "
        "geometry of an unfinalized plant; returns how many.");
  nb::class_<ModelVisualizer>(
      m, "ModelVisualizer",
      "Loads models and shows them in a Meshcat with joint sliders.")
      .def(
          "__init__",
          [](ModelVisualizer* self, bool visualize_frames, double triad_length,
             double triad_radius, double triad_opacity, bool publish_contacts,
             bool /* show_rgbd_sensor */, bool /* browser_new */,
             bool /* pyplot */, std::shared_ptr<Meshcat> meshcat,
             nb::object /* environment_map */, bool /* no_lights */,
             std::string /* compliance_type */) {
            new (self) ModelVisualizer(std::move(meshcat), visualize_frames,
                                       triad_length, triad_radius,
                                       triad_opacity, publish_contacts);
          },
          nb::kw_only(), nb::arg("visualize_frames") = false,
          nb::arg("triad_length") = 0.3, nb::arg("triad_radius") = 0.005,
          nb::arg("triad_opacity") = 0.9, nb::arg("publish_contacts") = true,
          nb::arg("show_rgbd_sensor") = false, nb::arg("browser_new") = false,
          nb::arg("pyplot") = false, nb::arg("meshcat") = nb::none(),
          nb::arg("environment_map") = nb::none(), nb::arg("no_lights") = false,
          nb::arg("compliance_type") = "undefined",
          "show_rgbd_sensor, browser_new, pyplot, environment_map, no_lights "
          "and compliance_type are accepted for compatibility and change "
          "nothing (no camera sensors; the page is not opened for you).")
      .def("parser", &ModelVisualizer::parser, kRefInternal)
      .def("package_map", &ModelVisualizer::package_map, kRefInternal)
      .def("meshcat", &ModelVisualizer::meshcat)
      .def("plant", &ModelVisualizer::plant, kRefInternal)
      .def("scene_graph", &ModelVisualizer::scene_graph, kRefInternal)
      .def("diagram", &ModelVisualizer::diagram, kRefInternal)
      .def("sliders", &ModelVisualizer::sliders, kRefInternal)
      .def(
          "AddModels",
          [](ModelVisualizer& self, nb::object file_name, nb::object url) {
            nb::object parser =
                nb::cast(&self.parser(), nb::rv_policy::reference);
            if (!url.is_none()) {
              return parser.attr("AddModels")(nb::arg("url") = url);
            }
            return parser.attr("AddModels")(file_name);
          },
          nb::arg("filename") = nb::none(), nb::kw_only(),
          nb::arg("url") = nb::none())
      .def("Finalize", &ModelVisualizer::Finalize,
           nb::arg("position") = nb::none(),
           nb::arg("weld_free_bodies") = false, nb::arg("sliders") = true)
      .def(
          "Run",
          [](ModelVisualizer& self, std::optional<Eigen::VectorXd> position,
             bool loop_once, std::optional<double> timeout) {
            self.Finalize(position);
            if (self.sliders() != nullptr) {
              self.sliders()->set_interrupt_check(&RaiseSignals);
            }
            nb::gil_scoped_release release;
            self.Run(position, loop_once, timeout);
          },
          nb::arg("position") = nb::none(), nb::arg("loop_once") = false,
          nb::arg("timeout") = nb::none())
      .def("StaticHtml", &ModelVisualizer::StaticHtml,
           nb::call_guard<nb::gil_scoped_release>())
      .def("Publish", &ModelVisualizer::Publish);
}

// VisualizationConfig (keyword construction, copy; __fields__ and repr come
// from visualization.py) and the functions that apply it.
void DefineVisualizationConfig(nb::module_ m) {
  using visualization::VisualizationConfig;
  using VC = VisualizationConfig;
  nb::class_<VC> config(m, "VisualizationConfig",
                        "What ApplyVisualizationConfig() adds to show a "
                        "MultibodyPlant and its SceneGraph in Meshcat.");
  config.def_rw("lcm_bus", &VC::lcm_bus)
      .def_rw("publish_period", &VC::publish_period)
      .def_rw("publish_illustration", &VC::publish_illustration)
      .def_rw("default_illustration_color", &VC::default_illustration_color)
      .def_rw("publish_proximity", &VC::publish_proximity)
      .def_rw("default_proximity_color", &VC::default_proximity_color)
      .def_rw("initial_proximity_alpha", &VC::initial_proximity_alpha)
      .def_rw("publish_contacts", &VC::publish_contacts)
      .def_rw("publish_inertia", &VC::publish_inertia)
      .def_rw("enable_meshcat_creation", &VC::enable_meshcat_creation)
      .def_rw("delete_on_initialization_event",
              &VC::delete_on_initialization_event)
      .def_rw("enable_alpha_sliders", &VC::enable_alpha_sliders);
  DefKwargsInit(config);
  DefCopyAndDeepCopy(config);

  m.def(
      "ApplyVisualizationConfig",
      [](const VC& config, systems::DiagramBuilder<double>* builder,
         nb::object lcm_buses, const multibody::MultibodyPlant<double>* plant,
         SceneGraph<double>* scene_graph, std::shared_ptr<Meshcat> meshcat,
         nb::object lcm) {
        if (!lcm_buses.is_none() || !lcm.is_none()) {
          throw std::logic_error(
              "ApplyVisualizationConfig(): ossa has no LCM; pass no "
              "lcm_buses and no lcm (the drawing goes to Meshcat only).");
        }
        visualization::ApplyVisualizationConfig(
            config, builder, nullptr, plant, scene_graph, std::move(meshcat));
      },
      nb::arg("config"), nb::arg("builder"), nb::arg("lcm_buses") = nb::none(),
      nb::arg("plant").none() = nb::none(),
      nb::arg("scene_graph").none() = nb::none(),
      nb::arg("meshcat").none() = nb::none(), nb::arg("lcm") = nb::none(),
      "Adds the Meshcat visualizers `config` asks for (illustration, "
      "inertia, proximity, contacts) for the systems named \"plant\" and "
      "\"scene_graph\" in `builder` (or the given ones). ossa has no LCM: "
      "with lcm_bus \"default\" nothing is published there (the Meshcat "
      "drawing is the reference's); another bus, lcm_buses or lcm raise.");
  m.def(
      "AddDefaultVisualization",
      [](systems::DiagramBuilder<double>* builder,
         std::shared_ptr<Meshcat> meshcat) {
        visualization::AddDefaultVisualization(builder, std::move(meshcat));
      },
      nb::arg("builder"), nb::arg("meshcat").none() = nb::none(),
      "ApplyVisualizationConfig(VisualizationConfig(), builder, "
      "meshcat=meshcat).");
}

}  // namespace

void DefineVisualization(nb::module_ m) { DefineMeshcat(m); }
void DefineVisualizationModule(nb::module_ m) {
  DefineModelVisualizer(m);
  DefineVisualizationConfig(m);
}

}  // namespace ossa::py
