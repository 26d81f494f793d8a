// The double instantiation of the kernels (the AutoDiffXd one is in
// tree_kernels_autodiff.cc so the two compile in parallel).
#include <string>

#include "ossa/multibody/core/tree_kernels-inl.h"

namespace ossa::multibody::internal {

SingularHingeInertiaError::SingularHingeInertiaError(const CompiledTree* tree,
                                                     int mobod, bool is_nan)
    : std::runtime_error("the articulated-body hinge inertia of mobod " +
                         std::to_string(mobod) +
                         (is_nan ? " is NaN" : " is not positive-definite")),
      tree_(tree),
      mobod_(mobod),
      is_nan_(is_nan) {}

OSSA_TREE_KERNELS_INSTANTIATE(double)
}  // namespace ossa::multibody::internal
