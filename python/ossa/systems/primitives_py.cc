// Bindings of ossa.systems.primitives for float (the bindings themselves are
// the template of primitives_py.h; AutoDiffXd is in
// primitives_autodiff_py.cc, Expression in primitives_symbolic_py.cc).

#include "ossa/systems/primitives_py.h"

namespace ossa::py {

void DefineSystemsPrimitives(nb::module_ m) {
  m.doc() = "Bindings for ossa.systems.primitives.";
  internal_primitives::DoDefinePrimitives<double>(m);
  DefineSystemsPrimitivesAutoDiff(m);
  DefineSystemsPrimitivesRouting(m);
  DefineSystemsPrimitivesLearning(m);
  DefineSystemsPrimitivesSymbolic(m);
}

}  // namespace ossa::py
