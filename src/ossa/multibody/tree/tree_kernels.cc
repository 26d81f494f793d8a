// The double instantiation of the kernels (the AutoDiffXd one is in
// tree_kernels_autodiff.cc so the two compile in parallel).
#include "ossa/multibody/tree/tree_kernels-inl.h"

namespace ossa::multibody::internal {
OSSA_TREE_KERNELS_INSTANTIATE(double)
}  // namespace ossa::multibody::internal
