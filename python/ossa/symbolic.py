"""ossa.symbolic: symbolic expressions, after the reference module of the
same name.

``Variable`` is a named symbol; arithmetic on variables and numbers builds an
``Expression`` (an immutable, shared DAG: equal subexpressions are one node,
copies are cheap, constants fold as they are built), and comparing
expressions builds a ``Formula``. Arrays of expressions are numpy arrays of
dtype=object; their operators and numpy's ufuncs (``np.sin(a)``) work entry
by entry. ``Evaluate``, ``Jacobian``, ``Substitute``, ``Expand``,
``Differentiate`` and ``GetVariables`` take a whole array and traverse the
entries' shared DAG once, so a subexpression common to several entries is
evaluated (or differentiated) once. Environments are dicts
``{Variable: float}`` (or ``Environment``).

A ``Formula`` converts to bool only when its truth is decided without
variables (``x == x``, ``Expression(1) < 2``); ``bool(x < y)`` raises.
"""

import numpy as _np

from ossa._ext.symbolic import *  # noqa: F401,F403
from ossa._ext.symbolic import Variable
from ossa._ext.symbolic import _MakeVectorVariable


def MakeVectorVariable(rows, name, type=Variable.Type.CONTINUOUS):
    """A 1-d numpy array of ``rows`` new variables named name(0), ..."""
    result = _np.empty(rows, dtype=object)
    for i, v in enumerate(_MakeVectorVariable(rows, name, type)):
        result[i] = v
    return result


def MakeMatrixVariable(rows, cols, name, type=Variable.Type.CONTINUOUS):
    """A rows x cols numpy array of new variables named name(i, j)."""
    result = _np.empty((rows, cols), dtype=object)
    for i in range(rows):
        for j in range(cols):
            result[i, j] = Variable(f"{name}({i}, {j})", type)
    return result
