#pragma once

/// @file
/// Shared declarations of the binding files: each *_py.cc defines one
/// submodule of ossa._ext, called from module_py.cc in dependency order.

#include <nanobind/nanobind.h>

namespace ossa::py {

void DefineCommon(nanobind::module_ m);

}  // namespace ossa::py
