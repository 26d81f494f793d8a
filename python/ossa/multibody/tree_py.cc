#include "ossa/bindings.h"

namespace nb = nanobind;

namespace ossa::py {

// ossa.multibody.tree: the inertia classes (inertia_py.cc) and, as the tree
// layer lands, its elements.
void DefineMultibodyTree(nb::module_ m) {
  m.doc() = "Bindings for ossa.multibody.tree.";
  DefineMultibodyTreeIndexes(m);
  DefineMultibodyTreeInertia(m);
}

}  // namespace ossa::py
