// Bindings of ossa.systems.primitives for symbolic::Expression:
// Name_[Expression] of the primitives instantiated on it (the template of
// primitives_py.h), in a translation unit of its own so that it compiles in
// parallel with the other scalars.

#include "ossa/systems/primitives_py.h"

namespace ossa::py {

void DefineSystemsPrimitivesSymbolic(nb::module_ m) {
  internal_primitives::DoDefinePrimitives<symbolic::Expression>(m);
}

}  // namespace ossa::py
