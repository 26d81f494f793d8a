"""ossa.autodiffutils: forward-mode automatic differentiation, after the
reference module of the same name.

``AutoDiffXd`` is a scalar with a value and a vector of partial derivatives.
Arrays of it are numpy arrays of dtype=object, and numpy's ufuncs work on
them (``np.sin(x)`` calls each entry's ``sin()``). The helpers
``InitializeAutoDiff``, ``InitializeAutoDiffTuple``, ``ExtractValue``,
``ExtractGradient``, ``DiscardGradient`` and ``DiscardZeroGradient`` move
between such arrays and float values and gradients; they keep the shape of
their input (a 1-d vector stays 1-d).
"""

import numpy as _np

from ossa._ext.autodiffutils import *  # noqa: F401,F403
from ossa._ext.autodiffutils import InitializeAutoDiff as _InitializeAutoDiff


def InitializeAutoDiffTuple(*args):
    """Given values v0, v1, ... (scalars, vectors or matrices), returns a
    tuple of AutoDiffXd arrays of the same shapes whose entries are the
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
