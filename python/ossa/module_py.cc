#include "ossa/bindings.h"

namespace nb = nanobind;

NB_MODULE(_ext, m) {
  m.doc() = "ossa: dynamics of articulated rigid-body systems (C++ core).";
  ossa::py::DefineCommon(m.def_submodule("common"));
}
