// Bindings of BarycentricMesh (ossa.math), float only as in the reference.

#include <nanobind/stl/function.h>
#include <nanobind/stl/set.h>
#include <nanobind/stl/vector.h>

#include "ossa/bindings.h"
#include "ossa/math/barycentric_mesh.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {

void DefineMathBarycentric(nb::module_ m) {
  using Mesh = math::BarycentricMesh<double>;
  nb::class_<Mesh>(
      m, "BarycentricMesh",
      "A function from ℝⁿ to ℝᵐ given by its values at the points of a "
      "rectangular grid, interpolated on the simplices of the grid's cells "
      "(barycentric interpolation).")
      .def(nb::init<Mesh::MeshGrid>(), nb::arg("input_grid"))
      .def("get_input_grid", &Mesh::get_input_grid)
      .def("get_input_size", &Mesh::get_input_size)
      .def("get_num_mesh_points", &Mesh::get_num_mesh_points)
      .def("get_num_interpolants", &Mesh::get_num_interpolants)
      .def(
          "get_mesh_point",
          [](const Mesh& self, int index) {
            return self.get_mesh_point(index);
          },
          nb::arg("index"))
      .def("get_all_mesh_points", &Mesh::get_all_mesh_points)
      .def(
          "EvalBarycentricWeights",
          [](const Mesh& self, const Eigen::VectorXd& input) {
            Eigen::VectorXi indices(self.get_num_interpolants());
            Eigen::VectorXd weights(self.get_num_interpolants());
            self.EvalBarycentricWeights(input, &indices, &weights);
            return nb::make_tuple(indices, weights);
          },
          nb::arg("input"))
      .def("Eval", &Mesh::Eval, nb::arg("mesh_values"), nb::arg("input"))
      .def(
          "MeshValuesFrom",
          [](const Mesh& self, nb::callable vector_func) {
            return self.MeshValuesFrom(
                [&vector_func](const Eigen::Ref<const Eigen::VectorXd>& x) {
                  return nb::cast<Eigen::VectorXd>(
                      vector_func(Eigen::VectorXd(x)));
                });
          },
          nb::arg("vector_func"));
}

}  // namespace ossa::py
