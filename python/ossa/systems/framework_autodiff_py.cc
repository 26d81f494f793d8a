// Bindings of ossa.systems.framework for AutoDiffXd: the template of
// framework_scalar_py.h, in a translation unit of its own so that it
// compiles in parallel with the other scalars.

#include "ossa/systems/framework_scalar_py.h"
#include "ossa/systems/framework_subclass_scalar_py.h"

namespace ossa::py {

void DefineSystemsFrameworkAutoDiff(nb::module_ m) {
  internal_framework::DoDefineFrameworkScalar<AutoDiffXd>(m);
}

}  // namespace ossa::py
