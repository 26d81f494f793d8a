// The symbolic::Expression instantiation of the kernels.
#include "ossa/multibody/core/tree_kernels-inl.h"

namespace ossa::multibody::internal {
OSSA_TREE_KERNELS_INSTANTIATE(::ossa::symbolic::Expression)
}  // namespace ossa::multibody::internal
