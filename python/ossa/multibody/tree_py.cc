#include "ossa/multibody/tree_py.h"

#include "ossa/bindings.h"

namespace nb = nanobind;

namespace ossa::py {

// ossa.multibody.tree: the index types (indexes_py.cc), the inertia classes
// (inertia_py.cc), the elements of a model (tree_elements_py.cc,
// tree_joints_py.cc, their random distributions in tree_random_py.cc), in
// the order their signatures need them; last, the
// elements' per-Context parameters (tree_parameters_py.cc).
void DefineMultibodyTree(nb::module_ m) {
  m.doc() = "Bindings for ossa.multibody.tree.";
  DefineMultibodyTreeIndexes(m);
  DefineMultibodyTreeInertia(m);
  DefineMultibodyTreeElements(m);
  DefineMultibodyTreeJoints(m);
  DefineMultibodyTreeRandomDistributions(m);
  DefineMultibodyTreeKinematics(m);
  DefineMultibodyTreeForces(m);
  DefineMultibodyTreeParameters(m);
}

}  // namespace ossa::py
