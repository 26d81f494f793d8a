"""ossa.autodiffutils: forward-mode automatic differentiation, after the
reference module of the same name.

``AutoDiffXd`` is a scalar with a value and a vector of partial derivatives.
Arrays of it are numpy arrays of dtype=object, and numpy's ufuncs work on
them (``np.sin(x)`` calls each entry's ``sin()``). The helpers
``InitializeAutoDiff``, ``InitializeAutoDiffTuple``, ``ExtractValue``,
``ExtractGradient``, ``DiscardGradient`` and ``DiscardZeroGradient`` move
between such arrays and float values and gradients; as in the reference,
they return matrices (a 1-d vector comes back as an n x 1 column).
"""

import numpy as _np

from ossa._ext.autodiffutils import *  # noqa: F401,F403
from ossa._ext.autodiffutils import AutoDiffXd
from ossa._ext.autodiffutils import InitializeAutoDiff as _InitializeAutoDiff


def InitializeAutoDiffTuple(*args):
    """Given values v0, v1, ... (scalars, vectors or matrices), returns a
    tuple of AutoDiffXd matrices (vectors as columns) whose entries are the
    independent variables of one derivative vector: entry k of v_i gets the
    unit partial at index (size(v0) + ... + size(v_{i-1}) + k) of a vector
    whose size is the total number of entries."""
    arrays = [_np.asarray(a, dtype=float) for a in args]
    total = sum(a.size for a in arrays)
    result = []
    start = 0
    for a in arrays:
        result.append(_InitializeAutoDiff(
            a, num_derivatives=total, deriv_num_start=start))
        start += a.size
    return tuple(result)


def autodiff_equal_to(a, b, *, semantic=False):
    """Compares AutoDiffXd values (or arrays of them, elementwise): equal
    values and equal derivatives. With semantic=False the derivative vectors
    must match in size too; with semantic=True an empty derivative vector
    equals an all-zero one (zero vectors of different sizes still differ)."""

    def equal(x, y):
        x, y = AutoDiffXd(x) if not isinstance(x, AutoDiffXd) else x, \
            AutoDiffXd(y) if not isinstance(y, AutoDiffXd) else y
        if x.value() != y.value():
            return False
        dx, dy = x.derivatives(), y.derivatives()
        if semantic:
            if dx.size == 0:
                return not _np.any(dy)
            if dy.size == 0:
                return not _np.any(dx)
        return dx.shape == dy.shape and bool(_np.all(dx == dy))

    if _np.ndim(a) == 0 and _np.ndim(b) == 0:
        return equal(a, b)
    return _np.vectorize(equal, otypes=[bool])(a, b)
