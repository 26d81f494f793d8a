// Bindings of ossa.systems.primitives for AutoDiffXd: Name_[AutoDiffXd] of
// every primitive (the template of primitives_py.h), in a translation unit
// of its own so that it compiles in parallel with the float one.

#include "ossa/systems/primitives_py.h"

namespace ossa::py {

void DefineSystemsPrimitivesAutoDiff(nb::module_ m) {
  internal_primitives::DoDefinePrimitives<AutoDiffXd>(m);
}

}  // namespace ossa::py
