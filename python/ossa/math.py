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
import enum as _enum  # noqa: E402
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



# -- Matrix helpers (float) ---------------------------------------------------

def _float_matrix(matrix, name, where):
    array = _np.asarray(matrix, dtype=float)
    if array.ndim != 2:
        raise ValueError(f"{where}(): {name} must be a matrix, got shape "
                         f"{array.shape}")
    return array


def _square(matrix, name, where):
    array = _float_matrix(matrix, name, where)
    if array.shape[0] != array.shape[1]:
        raise ValueError(f"{where}(): {name} must be square, got shape "
                         f"{array.shape}")
    return array


def IsSymmetric(matrix, precision=0.0):
    """Whether the matrix is square and |M - Mᵀ| <= precision entrywise."""
    M = _float_matrix(matrix, "matrix", "IsSymmetric")
    if M.shape[0] != M.shape[1]:
        return False
    return bool(_np.all(_np.abs(M - M.T) <= precision))


def IsPositiveDefinite(matrix, tolerance=0.0):
    """Whether the matrix is symmetric and its smallest eigenvalue exceeds
    `tolerance` (times the largest eigenvalue's magnitude, at least 1)."""
    M = _float_matrix(matrix, "matrix", "IsPositiveDefinite")
    if M.shape[0] != M.shape[1] or not _np.allclose(M, M.T, rtol=0,
                                                    atol=1e-15):
        return False
    if M.size == 0:
        return True
    eigenvalues = _np.linalg.eigvalsh(M)
    scale = _builtins.max(1.0, _builtins.abs(eigenvalues[-1]))
    return bool(eigenvalues[0] > tolerance * scale)


def VectorToSkewSymmetric(p):
    """The matrix [p]ₓ with [p]ₓ·v = p × v."""
    p = _np.asarray(p).reshape(-1)
    if p.size != 3:
        raise ValueError(f"VectorToSkewSymmetric(): p must have 3 entries, "
                         f"got {p.size}")
    zero = p[0] * 0
    return _np.array([[zero, -p[2], p[1]], [p[2], zero, -p[0]],
                      [-p[1], p[0], zero]])


def ToLowerTriangularColumnsFromMatrix(matrix):
    """The lower triangle of a square matrix, column by column, as a
    vector of n(n+1)/2 entries."""
    M = _square(matrix, "matrix", "ToLowerTriangularColumnsFromMatrix")
    n = M.shape[0]
    return _np.concatenate([M[j:, j] for j in range(n)]) if n else \
        _np.zeros(0)


def ToSymmetricMatrixFromLowerTriangularColumns(lower_triangular_columns):
    """The symmetric matrix whose lower triangle, column by column, is the
    given vector (of n(n+1)/2 entries for some n)."""
    v = _np.asarray(lower_triangular_columns, dtype=float).reshape(-1)
    n = int(round((_math.sqrt(8 * v.size + 1) - 1) / 2))
    if n * (n + 1) // 2 != v.size:
        raise ValueError(
            "ToSymmetricMatrixFromLowerTriangularColumns(): the vector has "
            f"{v.size} entries, not a triangular number n(n+1)/2")
    M = _np.zeros((n, n))
    k = 0
    for j in range(n):
        M[j:, j] = v[k:k + n - j]
        M[j, j:] = v[k:k + n - j]
        k += n - j
    return M


def ExtractPrincipalSubmatrix(matrix, indices):
    """The rows and columns `indices` (sorted) of a square matrix."""
    M = _square(matrix, "matrix", "ExtractPrincipalSubmatrix")
    rows = sorted(indices)
    if rows and not (0 <= rows[0] and rows[-1] < M.shape[0]):
        raise IndexError("ExtractPrincipalSubmatrix(): an index is out of "
                         f"range for a {M.shape[0]}x{M.shape[0]} matrix")
    return M[_np.ix_(rows, rows)]


def _soft_args(x, alpha, where):
    x = list(x)
    if not x:
        raise ValueError(f"{where}(): x must not be empty")
    if not alpha > 0:
        raise ValueError(f"{where}(): alpha must be positive, got {alpha}")
    return x


def _soft_exp(values):
    return [exp(v) for v in values]


def SoftOverMax(x, alpha=1.0):
    """log(Σ exp(α xᵢ)) / α >= max(x), for floats or AutoDiffXd."""
    x = _soft_args(x, alpha, "SoftOverMax")
    top = _builtins.max(_value_of(v) for v in x)
    weights = _soft_exp([alpha * (v - top) for v in x])
    return top + log(_builtins.sum(weights[1:], weights[0])) / alpha


def SoftUnderMax(x, alpha=1.0):
    """Σ xᵢ exp(α xᵢ) / Σ exp(α xᵢ) <= max(x)."""
    x = _soft_args(x, alpha, "SoftUnderMax")
    top = _builtins.max(_value_of(v) for v in x)
    weights = _soft_exp([alpha * (v - top) for v in x])
    total = _builtins.sum(weights[1:], weights[0])
    return _builtins.sum((v * w for v, w in zip(x[1:], weights[1:])),
                         x[0] * weights[0]) / total


def SoftOverMin(x, alpha=1.0):
    """Σ xᵢ exp(-α xᵢ) / Σ exp(-α xᵢ) >= min(x)."""
    return -SoftUnderMax([-v for v in _soft_args(x, alpha, "SoftOverMin")],
                         alpha)


def SoftUnderMin(x, alpha=1.0):
    """-log(Σ exp(-α xᵢ)) / α <= min(x)."""
    return -SoftOverMax([-v for v in _soft_args(x, alpha, "SoftUnderMin")],
                        alpha)


def CalculateQuaternionDtConstraintViolation(quat, quatDt):
    """2 q·q̇ (w, x, y, z) = d|q|²/dt, zero for the time derivative of a
    unit quaternion."""
    q = quat.wxyz()
    qdot = _np.asarray(quatDt).reshape(-1)
    if qdot.size != 4:
        raise ValueError("CalculateQuaternionDtConstraintViolation(): quatDt "
                         "must have 4 entries")
    return 2 * _builtins.sum((q[i] * qdot[i] for i in range(1, 4)),
                             q[0] * qdot[0])


class NumericalGradientMethod(_enum.Enum):
    """Finite-difference scheme of ComputeNumericalGradient."""

    kForward = 0
    kBackward = 1
    kCentral = 2

    def __int__(self):
        return self.value


class NumericalGradientOption:
    """The scheme and the accuracy of f (which sets the step size)."""

    def __init__(self, method, function_accuracy=1e-15):
        if not isinstance(method, NumericalGradientMethod):
            raise TypeError("NumericalGradientOption(): method must be a "
                            "NumericalGradientMethod")
        if not function_accuracy > 0:
            raise ValueError("NumericalGradientOption(): function_accuracy "
                             "must be positive")
        self._method = method
        self._accuracy = float(function_accuracy)

    def method(self):
        return self._method

    def NumericalGradientMethod(self):
        """The scheme (the reference's name for method())."""
        return self._method

    def perturbation_size(self):
        """√accuracy for one-sided differences, ∛accuracy for central."""
        if self._method is NumericalGradientMethod.kCentral:
            return self._accuracy ** (1.0 / 3.0)
        return _math.sqrt(self._accuracy)

    def __repr__(self):
        return f"<NumericalGradientOption({self._method!r})>"


def ComputeNumericalGradient(calc_func, x, option=NumericalGradientOption(
        NumericalGradientMethod.kForward)):
    """∂f/∂x by finite differences: column j from a step of
    option.perturbation_size()·max(1, |xⱼ|) along xⱼ."""
    x = _np.asarray(x, dtype=float).reshape(-1)
    f0 = _np.asarray(calc_func(x), dtype=float).reshape(-1)
    J = _np.zeros((f0.size, x.size))
    h0 = option.perturbation_size()
    method = option.method()
    for j in range(x.size):
        h = h0 * _builtins.max(1.0, _builtins.abs(x[j]))
        step = _np.zeros_like(x)
        step[j] = h
        if method is NumericalGradientMethod.kForward:
            J[:, j] = (_np.asarray(calc_func(x + step), float).reshape(-1)
                       - f0) / h
        elif method is NumericalGradientMethod.kBackward:
            J[:, j] = (f0 - _np.asarray(calc_func(x - step),
                                        float).reshape(-1)) / h
        else:
            J[:, j] = (_np.asarray(calc_func(x + step), float).reshape(-1) -
                       _np.asarray(calc_func(x - step), float).reshape(-1)) \
                / (2 * h)
    return J


def RealContinuousLyapunovEquation(A, Q):
    """X with AᵀX + XA + Q = 0 (A stable, Q symmetric). Raises RuntimeError
    if the equation has no unique solution."""
    A = _square(A, "A", "RealContinuousLyapunovEquation")
    Q = _square(Q, "Q", "RealContinuousLyapunovEquation")
    n = A.shape[0]
    if Q.shape != A.shape:
        raise ValueError("RealContinuousLyapunovEquation(): A and Q must "
                         "have the same shape")
    I = _np.eye(n)
    K = _np.kron(I, A.T) + _np.kron(A.T, I)
    return _solve_vec(K, -Q, "RealContinuousLyapunovEquation")


def RealDiscreteLyapunovEquation(A, Q):
    """X with AᵀXA - X + Q = 0 (A stable in the discrete sense)."""
    A = _square(A, "A", "RealDiscreteLyapunovEquation")
    Q = _square(Q, "Q", "RealDiscreteLyapunovEquation")
    if Q.shape != A.shape:
        raise ValueError("RealDiscreteLyapunovEquation(): A and Q must have "
                         "the same shape")
    K = _np.kron(A.T, A.T) - _np.eye(A.size)
    return _solve_vec(K, -Q, "RealDiscreteLyapunovEquation")


def _solve_vec(K, rhs, where):
    try:
        x = _np.linalg.solve(K, rhs.reshape(-1, order="F"))
    except _np.linalg.LinAlgError as e:
        raise RuntimeError(f"{where}(): no unique solution") from e
    X = x.reshape(rhs.shape, order="F")
    return (X + X.T) / 2


def ContinuousAlgebraicRiccatiEquation(A, B, Q, R):
    """The stabilizing X = Xᵀ with AᵀX + XA - XBR⁻¹BᵀX + Q = 0, from the
    stable invariant subspace of the Hamiltonian matrix. Raises
    RuntimeError if R is not positive definite or there is no stabilizing
    solution."""
    where = "ContinuousAlgebraicRiccatiEquation"
    A, Q, R = _square(A, "A", where), _square(Q, "Q", where), \
        _square(R, "R", where)
    B = _float_matrix(B, "B", where)
    n = A.shape[0]
    if B.shape[0] != n or Q.shape != A.shape or R.shape[0] != B.shape[1]:
        raise ValueError(f"{where}(): inconsistent shapes A {A.shape}, B "
                         f"{B.shape}, Q {Q.shape}, R {R.shape}")
    if not IsPositiveDefinite(R):
        raise RuntimeError(f"{where}(): R must be positive definite")
    G = B @ _np.linalg.solve(R, B.T)
    H = _np.block([[A, -G], [-Q, -A.T]])
    values, vectors = _np.linalg.eig(H)
    stable = vectors[:, values.real < 0]
    if stable.shape[1] != n:
        raise RuntimeError(f"{where}(): no stabilizing solution (the "
                           "Hamiltonian has eigenvalues on the imaginary "
                           "axis)")
    U1, U2 = stable[:n], stable[n:]
    try:
        X = _np.real(_np.linalg.solve(U1.T, U2.T).T)
    except _np.linalg.LinAlgError as e:
        raise RuntimeError(f"{where}(): no stabilizing solution") from e
    return (X + X.T) / 2


def DiscreteAlgebraicRiccatiEquation(A, B, Q, R, N=None):
    """The stabilizing X = Xᵀ with
    X = AᵀXA - (AᵀXB + N)(R + BᵀXB)⁻¹(BᵀXA + Nᵀ) + Q (N = 0 if not given),
    by the structure-preserving doubling iteration. Raises RuntimeError if
    it does not converge."""
    where = "DiscreteAlgebraicRiccatiEquation"
    A, Q, R = _square(A, "A", where), _square(Q, "Q", where), \
        _square(R, "R", where)
    B = _float_matrix(B, "B", where)
    n, m = B.shape
    if A.shape[0] != n or Q.shape != A.shape or R.shape != (m, m):
        raise ValueError(f"{where}(): inconsistent shapes A {A.shape}, B "
                         f"{B.shape}, Q {Q.shape}, R {R.shape}")
    if N is not None:
        N = _float_matrix(N, "N", where)
        if N.shape != (n, m):
            raise ValueError(f"{where}(): N must be {n}x{m}")
        RinvNT = _np.linalg.solve(R, N.T)
        A = A - B @ RinvNT
        Q = Q - N @ RinvNT
    if not IsPositiveDefinite(R):
        raise RuntimeError(f"{where}(): R must be positive definite")
    Ak, Gk, Hk = A.copy(), B @ _np.linalg.solve(R, B.T), Q.copy()
    I = _np.eye(n)
    for _ in range(100):
        W = I + Gk @ Hk
        try:
            W_A = _np.linalg.solve(W, Ak)
            W_G = _np.linalg.solve(W, Gk)
        except _np.linalg.LinAlgError as e:
            raise RuntimeError(f"{where}(): the iteration broke down") from e
        H_next = Hk + Ak.T @ Hk @ W_A
        Gk = Gk + Ak @ W_G @ Ak.T
        Ak = Ak @ W_A
        converged = _np.linalg.norm(H_next - Hk) <= 1e-13 * _builtins.max(
            1.0, _np.linalg.norm(H_next))
        Hk = H_next
        if converged:
            return (Hk + Hk.T) / 2
    raise RuntimeError(f"{where}(): did not converge (is (A, B) "
                       "stabilizable?)")


def DecomposePSDmatrixIntoXtransposeTimesX(Y, zero_tol,
                                           return_empty_if_not_psd=False):
    """X (r x n) with XᵀX = Y for a positive semidefinite Y, dropping
    eigenvalues below zero_tol. If Y has an eigenvalue below -zero_tol:
    an empty matrix when return_empty_if_not_psd, else RuntimeError."""
    Y = _square(Y, "Y", "DecomposePSDmatrixIntoXtransposeTimesX")
    values, vectors = _np.linalg.eigh((Y + Y.T) / 2)
    if values.size and values[0] < -zero_tol:
        if return_empty_if_not_psd:
            return _np.zeros((0, Y.shape[0]))
        raise RuntimeError("DecomposePSDmatrixIntoXtransposeTimesX(): Y is "
                           "not positive semidefinite")
    keep = values > zero_tol
    return (_np.sqrt(values[keep])[:, None] * vectors[:, keep].T)


def DecomposePositiveQuadraticForm(Q, b, c, tol=0):
    """(R, d) with xᵀQx + bᵀx + c = |Rx + d|² for all x. Raises
    RuntimeError if the form is negative somewhere (beyond tol)."""
    Q = _square(Q, "Q", "DecomposePositiveQuadraticForm")
    b = _np.asarray(b, dtype=float).reshape(-1)
    n = Q.shape[0]
    if b.size != n:
        raise ValueError("DecomposePositiveQuadraticForm(): b must have "
                         f"{n} entries")
    if tol < 0:
        raise ValueError("DecomposePositiveQuadraticForm(): tol must be "
                         "non-negative")
    M = _np.block([[(Q + Q.T) / 2, b[:, None] / 2],
                   [b[None, :] / 2, _np.array([[float(c)]])]])
    values = _np.linalg.eigvalsh(M)
    if values[0] < -tol:
        raise RuntimeError("DecomposePositiveQuadraticForm(): the quadratic "
                           "form is not positive semidefinite")
    X = DecomposePSDmatrixIntoXtransposeTimesX(M, _builtins.max(tol, 0.0))
    return X[:, :n], X[:, n:]


def BalanceQuadraticForms(S, P):
    """T with T'ST = D and abs(T'PT) = D⁻¹ (D diagonal): the change of
    variables x = Ty that diagonalizes the quadratic forms x'Sx (S > 0) and
    x'Px (P symmetric, full rank) and balances them. With S = LL' and
    R = L⁻¹, svd(RPR') = UΣV' and T = R'UΣ^(-1/4)."""
    S = _square(S, "S", "BalanceQuadraticForms")
    P = _square(P, "P", "BalanceQuadraticForms")
    if S.shape != P.shape:
        raise ValueError("BalanceQuadraticForms(): S and P must have the "
                         f"same size, got {S.shape} and {P.shape}")
    try:
        L = _np.linalg.cholesky((S + S.T) / 2)
    except _np.linalg.LinAlgError:
        raise RuntimeError("BalanceQuadraticForms(): S is not positive "
                           "definite") from None
    R = _np.linalg.inv(L)
    U, sigma, _ = _np.linalg.svd(R @ ((P + P.T) / 2) @ R.T)
    if sigma.size and not sigma[-1] > 0:
        raise RuntimeError("BalanceQuadraticForms(): P is not full rank")
    return R.T @ U @ _np.diag(sigma ** -0.25)


KnotVectorType.__int__ = lambda self: int(self.value)  # noqa: F405


# -- Random rotations ---------------------------------------------------------
# Shoemake's uniform rotations from three uniform draws in [0, 1), drawn from
# the RandomGenerator as the reference's standard library draws them, so a
# seed gives the reference's rotations.

def UniformlyRandomQuaternion(generator):
    """A unit quaternion uniformly distributed over the 3-sphere (rotations
    uniform over SO(3)): with u1, u2, u3 uniform in [0, 1),
    (w, x, y, z) = (√(1−u1) sin 2πu2, √(1−u1) cos 2πu2, √u1 sin 2πu3,
    √u1 cos 2πu3)."""
    from ossa.common import _std_random
    from ossa.common.eigen_geometry import Quaternion
    u1, u2, u3 = (_std_random.canonical(generator) for _ in range(3))
    a, b = _math.sqrt(1.0 - u1), _math.sqrt(u1)
    return Quaternion(a * _math.sin(2.0 * _math.pi * u2),
                      a * _math.cos(2.0 * _math.pi * u2),
                      b * _math.sin(2.0 * _math.pi * u3),
                      b * _math.cos(2.0 * _math.pi * u3))


def UniformlyRandomAngleAxis(generator):
    """UniformlyRandomQuaternion(generator) as an AngleAxis."""
    from ossa.common.eigen_geometry import AngleAxis
    return AngleAxis(UniformlyRandomQuaternion(generator))


def UniformlyRandomRotationMatrix(generator):
    """UniformlyRandomQuaternion(generator) as a RotationMatrix."""
    return RotationMatrix(UniformlyRandomQuaternion(generator))  # noqa: F405


def UniformlyRandomRPY(generator):
    """UniformlyRandomQuaternion(generator) as roll-pitch-yaw angles (a
    3-vector)."""
    return RollPitchYaw(  # noqa: F405
        UniformlyRandomQuaternion(generator)).vector()
