#include <nanobind/stl/filesystem.h>

#include <filesystem>
#include <string>

#include "ossa/bindings.h"
#include "ossa/multibody/parsing/package_map.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {

namespace {

using multibody::PackageMap;

void DefinePackageMap(nb::module_ m) {
  nb::class_<PackageMap> cls(
      m, "PackageMap",
      "Maps ROS package names to folders so that package:// and model:// "
      "URIs in model files resolve.");
  cls.def(nb::init<>(), "Creates an empty map.")
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

}  // namespace

void DefineMultibodyParsing(nb::module_ m) {
  m.doc() = "Bindings for ossa.multibody.parsing.";
  DefinePackageMap(m);
}

}  // namespace ossa::py
