"""ossa.math: mirrors the reference module of the same name: RotationMatrix,
RollPitchYaw, RigidTransform (each also as a template over float and
AutoDiffXd: RotationMatrix_[AutoDiffXd], ...) and the quaternion helpers.
The Eigen geometry classes they use (Quaternion, AngleAxis, Isometry3) are in
ossa.common.eigen_geometry, as in the reference."""

from ossa._ext.math import *  # noqa: F401,F403

# The nested extension module that holds the Eigen geometry classes.
del eigen_geometry  # noqa: F821

# -- Scalar functions --------------------------------------------------------
# sin, cos, ..., pow, atan2, min, max on every scalar: float (and ints, numpy
# floats) through Python's math module, AutoDiffXd (and any scalar type with a
# method of the same name, such as the symbolic Expression) through that
# method. Like the reference's, they take scalars, not arrays: use
# np.vectorize or the array's own methods for arrays.

import builtins as _builtins  # noqa: E402
import math as _math  # noqa: E402
import numbers as _numbers  # noqa: E402
import operator as _operator  # noqa: E402

import numpy as _np  # noqa: E402


def _is_real(x):
    return isinstance(x, _numbers.Real) and not isinstance(x, bool) or \
        isinstance(x, bool)


def _unary(name, real_function, method=None):
    method = method or name

    def function(x, /):
        if _is_real(x):
            return real_function(float(x))
        bound = getattr(x, method, None)
        if bound is None or isinstance(x, _np.ndarray):
            raise TypeError(
                f"{name}(): expected a float or a scalar type with a "
                f"{method}() method (AutoDiffXd), got {type(x).__name__}"
                + (" (use np.vectorize for arrays)"
                   if isinstance(x, _np.ndarray) else ""))
        return bound()

    function.__name__ = function.__qualname__ = name
    function.__doc__ = (f"{name}(x, /): the {name} of a float or of an "
                        f"AutoDiffXd (chain rule on its derivatives).")
    return function


def _binary(name, real_function, method=None, arg_names=None):
    method = method or name

    def dispatch(a, b):
        if _is_real(a) and _is_real(b):
            return real_function(float(a), float(b))
        for obj in (a, b):
            if not _is_real(obj) and not hasattr(obj, method):
                raise TypeError(
                    f"{name}(): expected floats or scalars with a {method}() "
                    f"method (AutoDiffXd), got {type(obj).__name__}")
        if _is_real(a):
            a = type(b)(float(a))
        return getattr(a, method)(b)

    if arg_names == ("y", "x"):
        def function(y, x):
            return dispatch(y, x)
    else:
        def function(a, b, /):
            return dispatch(a, b)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"{name}: on floats or on AutoDiffXd."
    return function


def _real_max(a, b):
    return a if a >= b else b


def _real_min(a, b):
    return a if a <= b else b


abs = _unary("abs", lambda x: x if x >= 0 else -x)  # noqa: A001
acos = _unary("acos", _math.acos)
arccos = _unary("arccos", _math.acos)
asin = _unary("asin", _math.asin)
arcsin = _unary("arcsin", _math.asin)
atan = _unary("atan", _math.atan)
arctan = _unary("arctan", _math.atan)
ceil = _unary("ceil", lambda x: float(_math.ceil(x)))
cos = _unary("cos", _math.cos)
cosh = _unary("cosh", _math.cosh)
exp = _unary("exp", _math.exp)
floor = _unary("floor", lambda x: float(_math.floor(x)))
log = _unary("log", _math.log)
sin = _unary("sin", _math.sin)
sinh = _unary("sinh", _math.sinh)
sqrt = _unary("sqrt", _math.sqrt)
tan = _unary("tan", _math.tan)
tanh = _unary("tanh", _math.tanh)
atan2 = _binary("atan2", _math.atan2, arg_names=("y", "x"))
arctan2 = _binary("arctan2", _math.atan2, "atan2", arg_names=("y", "x"))
pow = _binary("pow", _math.pow)  # noqa: A001
max = _binary("max", _real_max)  # noqa: A001
min = _binary("min", _real_min)  # noqa: A001


def isnan(x):
    """Whether the value of a float or AutoDiffXd is NaN."""
    if _is_real(x):
        return _math.isnan(float(x))
    value = getattr(x, "value", None)
    if value is None:
        raise TypeError(f"isnan(): expected a float or an AutoDiffXd, got "
                        f"{type(x).__name__}")
    return _math.isnan(value())


def wrap_to(value, low, high):
    """The value in [low, high) that differs from `value` by a multiple of
    (high - low): wrap_to(7, 0, 2π) = 7 - 2π. Raises ValueError unless
    low < high."""
    if not low < high:
        raise ValueError(f"wrap_to(): low ({low}) must be less than high "
                         f"({high})")
    span = high - low
    if _is_real(value) and _is_real(low) and _is_real(high):
        result = _math.fmod(float(value) - low, span)
        if result < 0:
            result += span
        return result + low
    # AutoDiffXd: shift by a constant multiple of the span (derivatives 1).
    turns = _math.floor((value.value() - low) / span)
    return value - turns * span


def _vectorized_comparison(name, op):
    def function(*args, **kwargs):
        return _np.vectorize(op)(*args, **kwargs)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = (f"Elementwise `{name}` of arrays (or scalars) of any "
                        "scalar type, broadcasting like numpy.")
    return function


eq = _vectorized_comparison("eq", _operator.eq)
ne = _vectorized_comparison("ne", _operator.ne)
lt = _vectorized_comparison("lt", _operator.lt)
le = _vectorized_comparison("le", _operator.le)
gt = _vectorized_comparison("gt", _operator.gt)
ge = _vectorized_comparison("ge", _operator.ge)


def _value_of(x):
    return x.value() if hasattr(x, "value") and callable(x.value) else x


def inv(X, /):
    """The inverse of a square matrix of floats or of AutoDiffXd (Gauss-
    Jordan elimination with partial pivoting for the latter). Raises
    ValueError for a non-square matrix and for a singular one."""
    X = _np.asarray(X)
    if X.ndim != 2 or X.shape[0] != X.shape[1]:
        raise ValueError(f"inv(): expected a square matrix, got shape "
                         f"{X.shape}")
    if X.dtype != object:
        return _np.linalg.inv(X.astype(float))
    n = X.shape[0]
    A = X.copy()
    result = _np.empty((n, n), dtype=object)
    one = next((x for x in A.flat if not _is_real(x)), None)
    make = type(one) if one is not None else float
    for i in range(n):
        for j in range(n):
            result[i, j] = make(1.0 if i == j else 0.0)
    for col in range(n):
        pivot = _builtins.max(range(col, n),
                             key=lambda r: _builtins.abs(_value_of(A[r, col])))
        if _value_of(A[pivot, col]) == 0:
            raise ValueError("inv(): the matrix is singular")
        if pivot != col:
            A[[col, pivot]] = A[[pivot, col]]
            result[[col, pivot]] = result[[pivot, col]]
        p = A[col, col]
        A[col] = A[col] / p
        result[col] = result[col] / p
        for r in range(n):
            if r != col:
                f = A[r, col]
                A[r] = A[r] - f * A[col]
                result[r] = result[r] - f * result[col]
    return result


def matmul(A, B, /):
    """A @ B for matrices of floats or of AutoDiffXd (numpy's object
    product for the latter)."""
    A, B = _np.asarray(A), _np.asarray(B)
    if A.dtype != object and B.dtype != object:
        return _np.matmul(A.astype(float), B.astype(float))
    return _np.dot(A, B)

