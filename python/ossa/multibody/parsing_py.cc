#include <nanobind/stl/filesystem.h>
#include <nanobind/stl/string_view.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

#include "ossa/bindings.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/multibody/parsing/package_map.h"
#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/diagram_builder.h"

namespace nb = nanobind;

namespace ossa::py {

namespace {

using multibody::MultibodyPlant;
using multibody::PackageMap;
using multibody::Parser;

void DefinePackageMap(nb::module_ m) {
  nb::class_<PackageMap> cls(
      m, "PackageMap",
      "Maps ROS package names to folders so that package:// and model:// "
      "URIs in model files resolve.");
  cls.def(nb::init<>(), "Creates an empty map.")
      .def(nb::init<const PackageMap&>(), nb::arg("other"),
           "A copy of `other` (later changes to either do not affect the "
           "other).")
      .def_static("MakeEmpty", &PackageMap::MakeEmpty, "Creates an empty map.")
      .def(
          "Add",
          [](PackageMap& self, const std::string& package_name,
             const std::filesystem::path& package_path) {
            self.Add(package_name, package_path.string());
          },
          nb::arg("package_name"), nb::arg("package_path"),
          "Adds package_name at package_path (a folder that must exist). "
          "Raises if the name is already mapped to another folder.")
      .def("AddMap", &PackageMap::AddMap, nb::arg("other_map"),
           "Adds every package of other_map, with Add()'s rules.")
      .def(
          "AddPackageXml",
          [](PackageMap& self, const std::filesystem::path& filename) {
            self.AddPackageXml(filename.string());
          },
          nb::arg("filename"),
          "Adds the folder holding the package.xml `filename` under the "
          "package name it declares.")
      .def("Contains", &PackageMap::Contains, nb::arg("package_name"),
           "True if package_name is mapped.")
      .def("Remove", &PackageMap::Remove, nb::arg("package_name"),
           "Removes package_name; raises if it is absent.")
      .def("size", &PackageMap::size, "The number of packages.")
      .def("GetPackageNames", &PackageMap::GetPackageNames,
           "The package names, sorted.")
      .def("GetPath", &PackageMap::GetPath, nb::arg("package_name"),
           "The absolute folder of package_name; raises if it is absent.")
      .def(
          "PopulateFromFolder",
          [](PackageMap& self, const std::filesystem::path& path) {
            self.PopulateFromFolder(path.string());
          },
          nb::arg("path"),
          "Adds every package whose package.xml lies under `path`.")
      .def("PopulateFromEnvironment", &PackageMap::PopulateFromEnvironment,
           nb::arg("environment_variable"),
           "Calls PopulateFromFolder() on each ':'-separated folder of the "
           "environment variable.")
      .def("PopulateFromRosPackagePath",
           &PackageMap::PopulateFromRosPackagePath,
           "PopulateFromEnvironment('ROS_PACKAGE_PATH').")
      .def("ResolveUrl", &PackageMap::ResolveUrl, nb::arg("url"),
           "The absolute file path of a package://, model:// or file:// "
           "URL; raises if it cannot be resolved.")
      .def("__len__", &PackageMap::size);
  DefCopyAndDeepCopy(cls);
}

void DefineParser(nb::module_ m) {
  nb::class_<Parser> cls(
      m, "Parser",
      "Parses URDF (.urdf), SDFormat (.sdf, .world) and MJCF (.xml) files "
      "and adds their models to a MultibodyPlant, one model instance per "
      "model, with their geometry when the plant has a SceneGraph.");
  cls.def(nb::init<MultibodyPlant<double>*, std::string_view>(),
          nb::arg("plant"), nb::arg("model_name_prefix"),
          nb::keep_alive<1, 2>(),
          "A parser adding models to `plant`, their names prefixed with "
          "'model_name_prefix::' when it is not empty.")
      .def(nb::init<MultibodyPlant<double>*, geometry::SceneGraph<double>*,
                    std::string_view>(),
           nb::arg("plant"), nb::arg("scene_graph").none() = nb::none(),
           nb::arg("model_name_prefix") = "", nb::keep_alive<1, 2>(),
           nb::keep_alive<1, 3>(),
           "A parser adding models to `plant` and their geometry to "
           "`scene_graph` (the plant becomes its source if it is not one; "
           "with None, the plant's own SceneGraph if it has one).")
      .def(nb::init<systems::DiagramBuilder<double>*, MultibodyPlant<double>*,
                    geometry::SceneGraph<double>*, std::string_view>(),
           nb::arg("builder"), nb::arg("plant").none() = nb::none(),
           nb::arg("scene_graph").none() = nb::none(),
           nb::arg("model_name_prefix") = "", nb::keep_alive<1, 2>(),
           nb::keep_alive<1, 3>(), nb::keep_alive<1, 4>(),
           "A parser adding models to `plant` (None: the builder's system "
           "named 'plant') and geometry to `scene_graph`.")
      .def("plant", &Parser::plant, nb::rv_policy::reference,
           "The plant models are added to.")
      .def(
          "package_map",
          [](Parser& self) -> PackageMap& { return self.package_map(); },
          nb::rv_policy::reference_internal,
          "The package map used to resolve package:// and model:// URIs.")
      .def("SetStrictParsing", &Parser::SetStrictParsing,
           "From now on every warning is an error.")
      .def("SetAutoRenaming", &Parser::SetAutoRenaming, nb::arg("value"),
           "When on, a model whose name is taken is renamed name_1, name_2, "
           "... instead of raising.")
      .def("GetAutoRenaming", &Parser::GetAutoRenaming)
      .def(
          "AddModels",
          [](Parser& self, const std::filesystem::path& file_name) {
            return self.AddModels(file_name);
          },
          nb::arg("file_name"),
          "Parses file_name (type from its extension) and adds all of its "
          "models; returns their ModelInstanceIndex list.")
      .def(
          "AddModels",
          [](Parser& self, const std::string& url) {
            return self.AddModelsFromUrl(url);
          },
          nb::kw_only(), nb::arg("url"),
          "The same for a package://, model:// or file:// URL.")
      .def(
          "AddModels",
          [](Parser& self, const std::string& file_contents,
             const std::string& file_type) {
            return self.AddModelsFromString(file_contents, file_type);
          },
          nb::kw_only(), nb::arg("file_contents"), nb::arg("file_type"),
          "The same for text; file_type is the extension without the dot.")
      .def("AddModelsFromString", &Parser::AddModelsFromString,
           nb::arg("file_contents"), nb::arg("file_type"))
      .def("AddModelsFromUrl", &Parser::AddModelsFromUrl, nb::arg("url"));
}

}  // namespace

void DefineMultibodyParsing(nb::module_ m) {
  m.doc() = "Bindings for ossa.multibody.parsing.";
  DefinePackageMap(m);
  DefineParser(m);
}

}  // namespace ossa::py
