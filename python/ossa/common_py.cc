#include <nanobind/nanobind.h>

#include "ossa/bindings.h"
#include "ossa/common/text_logging.h"

namespace nb = nanobind;

namespace ossa::py {

void DefineCommon(nb::module_ m) {
  m.doc() = "Bindings for ossa/common.";
  m.attr("__version__") = "0.1.0";
}

}  // namespace ossa::py
