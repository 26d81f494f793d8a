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
from ossa._ext.symbolic import (Differentiate, Evaluate, Expand, Expression,
                               ExpressionKind, Jacobian, Substitute,
                               Variable, max, min, pow)
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


def _make_typed_vector(type):
    def make(rows, name):
        return MakeVectorVariable(rows, name, type)
    return make


def _make_typed_matrix(type):
    def make(rows, cols, name):
        return MakeMatrixVariable(rows, cols, name, type)
    return make


MakeVectorContinuousVariable = _make_typed_vector(Variable.Type.CONTINUOUS)
MakeVectorBinaryVariable = _make_typed_vector(Variable.Type.BINARY)
MakeVectorBooleanVariable = _make_typed_vector(Variable.Type.BOOLEAN)
MakeMatrixContinuousVariable = _make_typed_matrix(Variable.Type.CONTINUOUS)
MakeMatrixBinaryVariable = _make_typed_matrix(Variable.Type.BINARY)
MakeMatrixBooleanVariable = _make_typed_matrix(Variable.Type.BOOLEAN)
for _name, _make in (("Vector", MakeVectorContinuousVariable),
                     ("Matrix", MakeMatrixContinuousVariable)):
    for _kind in ("Continuous", "Binary", "Boolean"):
        _function = globals()[f"Make{_name}{_kind}Variable"]
        _function.__name__ = _function.__qualname__ = \
            f"Make{_name}{_kind}Variable"
        _function.__doc__ = (
            f"A {'1-d' if _name == 'Vector' else 'rows x cols'} numpy array "
            f"of new {_kind.lower()} variables named name(i)"
            f"{'' if _name == 'Vector' else ' / name(i, j)'}.")
del _name, _make, _kind, _function


def _as_expression_vector(expressions):
    """`expressions` (an Expression, Variable, number or array of them) as
    a 1-d numpy array of Expression."""
    flat = _np.asarray(expressions, dtype=object).reshape(-1)
    result = _np.empty(flat.size, dtype=object)
    for i, e in enumerate(flat):
        result[i] = e if isinstance(e, Expression) else Expression(e)
    return result


def _sorted_variables(e):
    return sorted(e.GetVariables(), key=lambda v: v.get_id())


def ExtractVariablesFromExpression(e):
    """The variables of `e` (an Expression or an array of them) as a 1-d
    array, each once, in order of first appearance (within an expression,
    by id), and the map from each variable's id to its index there."""
    variables, index = [], {}
    for entry in _as_expression_vector(e):
        for v in _sorted_variables(entry):
            if v.get_id() not in index:
                index[v.get_id()] = len(variables)
                variables.append(v)
    result = _np.empty(len(variables), dtype=object)
    for i, v in enumerate(variables):
        result[i] = v
    return result, index


def _decompose_affine(expressions, variables, what):
    """(M, v) with expressions = M·variables + v, or RuntimeError naming the
    first expression that is not affine in `variables`: one with another
    variable, or a non-polynomial or non-constant-slope one."""
    exprs = _as_expression_vector(expressions)
    variables = list(_np.asarray(variables, dtype=object).reshape(-1))
    known = {v.get_id() for v in variables}
    for e in exprs:
        others = [v for v in _sorted_variables(e) if v.get_id() not in known]
        if others:
            raise RuntimeError(
                f"{what}(): {e} depends on {others[0].get_name()}, which is "
                "not one of the given variables.")
    rows, cols = exprs.size, len(variables)
    M = _np.zeros((rows, cols))
    if cols > 0:
        J = Jacobian(exprs, variables)
        for i in range(rows):
            slopes_constant = all(
                len(J[i, j].GetVariables()) == 0 for j in range(cols))
            if not exprs[i].is_polynomial() or not slopes_constant:
                raise RuntimeError(
                    f"{what}(): {exprs[i]} is not affine in the given "
                    "variables.")
        M = _np.asarray(Evaluate(J), dtype=float).reshape(rows, cols)
    zero = {v: 0.0 for v in variables}
    v = _np.asarray(Evaluate(exprs.reshape(-1, 1), zero),
                    dtype=float).reshape(rows)
    return M, v


def DecomposeLinearExpressions(expressions, vars):
    """M with expressions = M·vars; raises RuntimeError if an expression is
    not linear in vars (a constant term included)."""
    M, v = _decompose_affine(expressions, vars, "DecomposeLinearExpressions")
    nonzero = _np.flatnonzero(v)
    if nonzero.size:
        e = _as_expression_vector(expressions)[nonzero[0]]
        raise RuntimeError(
            f"DecomposeLinearExpressions(): {e} has the constant term "
            f"{v[nonzero[0]]}: it is affine, not linear.")
    return M


def DecomposeAffineExpressions(expressions, vars=None):
    """(M, v) with expressions = M·vars + v; raises RuntimeError if an
    expression is not affine in vars. Without vars: (M, v, vars) with vars
    the expressions' variables (ExtractVariablesFromExpression)."""
    if vars is None:
        variables, _ = ExtractVariablesFromExpression(expressions)
        M, v = _decompose_affine(expressions, variables,
                                 "DecomposeAffineExpressions")
        return M, v, variables
    return _decompose_affine(expressions, vars, "DecomposeAffineExpressions")


def DecomposeAffineExpression(e, map_var_to_index):
    """(coeffs, constant) with e = coeffs·x + constant, where x[i] is the
    variable whose id map_var_to_index maps to i; raises RuntimeError if e
    is not affine in those variables."""
    e = _as_expression_vector(e)
    if e.size != 1:
        raise RuntimeError("DecomposeAffineExpression(): e must be one "
                           "expression")
    size = len(map_var_to_index)
    by_id = {v.get_id(): v for v in _sorted_variables(e[0])}
    for var_id in by_id:
        if var_id not in map_var_to_index:
            raise RuntimeError(
                f"DecomposeAffineExpression(): {e[0]} depends on "
                f"{by_id[var_id].get_name()}, which map_var_to_index does "
                "not map.")
    present = sorted(by_id.values(), key=lambda v: map_var_to_index[
        v.get_id()])
    M, v = _decompose_affine(e, present, "DecomposeAffineExpression")
    coeffs = _np.zeros(size)
    for j, var in enumerate(present):
        index = map_var_to_index[var.get_id()]
        if not 0 <= index < size:
            raise RuntimeError(
                f"DecomposeAffineExpression(): the index {index} of "
                f"{var.get_name()} is not in [0, {size}).")
        coeffs[index] = M[0, j]
    return coeffs, float(v[0])


def GetVariableVector(expressions):
    """The variables of `expressions`, each of which must be a variable
    expression, as a 1-d array; raises RuntimeError otherwise."""
    exprs = _as_expression_vector(expressions)
    result = _np.empty(exprs.size, dtype=object)
    for i, e in enumerate(exprs):
        if e.get_kind() != ExpressionKind.Var:
            raise RuntimeError(
                f"GetVariableVector(): entry {i}, {e}, is not a variable.")
        (result[i],) = list(e.GetVariables())
    return result


def _is_affine_in(e, variables):
    """Whether `e`, a polynomial (as on the reference), is c₀ + Σ cᵢ·vᵢ
    with the cᵢ free of `variables` (they may hold other variables): the
    slopes must not depend on `variables`, and e must equal its first-order
    expansion at 0 (which Expand decides for a polynomial)."""
    variables = list(variables)
    if not e.is_polynomial():
        return False
    if not variables:
        return True
    known = {v.get_id() for v in variables}
    slopes = Jacobian(_np.array([e], dtype=object), variables)[0]
    for slope in slopes:
        if any(v.get_id() in known for v in slope.GetVariables()):
            return False
    at_zero = {v: Expression(0.0) for v in variables}
    rest = e - Substitute(e, at_zero)
    for v, slope in zip(variables, slopes):
        rest = rest - slope * v
    rest = Expand(rest)
    return rest.get_kind() == ExpressionKind.Constant and \
        float(rest.Evaluate()) == 0.0


def IsAffine(m, vars=None):
    """True if every entry of `m` is a polynomial affine in `vars` (a
    Variables or a sequence of Variable; the other variables may appear in
    the coefficients), or in all of its variables without `vars`. An empty
    `m` is affine."""
    exprs = _as_expression_vector(m)
    for e in exprs:
        variables = _sorted_variables(e) if vars is None else list(vars)
        if not _is_affine_in(e, variables):
            return False
    return True


def TaylorExpand(f, a, order):
    """The Taylor expansion of `f` around the point `a` (a dict
    {Variable: float}; variables of f not in `a` stay symbolic) up to
    total degree `order` (at least 1):
    Σ_{|α| ≤ order} ∂^α f(a) / α! · (x − a)^α."""
    if order < 1:
        raise RuntimeError(f"TaylorExpand(): order must be >= 1 (got "
                           f"{order}).")
    f = _as_expression_vector(f)[0]
    variables = sorted(a.keys(), key=lambda v: v.get_id())
    at_a = {v: Expression(float(a[v])) for v in variables}
    shifts = [Expression(v) - float(a[v]) for v in variables]
    result = Expression(0.0)

    def add_terms(derivative, first, counts, depth):
        # derivative = ∂^α f for the multi-index `counts` (|α| = depth),
        # indices taken in nondecreasing order so that each α comes once.
        nonlocal result
        coefficient = Substitute(derivative, at_a)
        term = coefficient
        for i, k in enumerate(counts):
            if k:
                term = term * pow(shifts[i], float(k)) / float(
                    _factorial(k))
        result = result + term
        if depth == order:
            return
        for i in range(first, len(variables)):
            counts[i] += 1
            add_terms(Differentiate(derivative, variables[i]), i, counts,
                      depth + 1)
            counts[i] -= 1

    add_terms(f, 0, [0] * len(variables), 0)
    return result


def _factorial(k):
    result = 1
    for i in range(2, k + 1):
        result *= i
    return result


# Members of Expression the reference has under these names.
Expression.GetFreeVariables = lambda self: self.GetVariables()
Expression.max = lambda self, other: max(self, other)
Expression.min = lambda self, other: min(self, other)
Expression.pow = lambda self, exponent: pow(self, exponent)
Expression.acos = lambda self: self.arccos()
Expression.asin = lambda self: self.arcsin()
Expression.atan = lambda self: self.arctan()
Expression.atan2 = lambda self, x: self.arctan2(x)


# The polynomial layer (symbolic_polynomial_py.cc): Monomial, Polynomial,
# RationalFunction, SinCos. Substitute also takes a substitution
# {Variable: SinCos}, which replaces sin and cos of those angles.
from ossa._ext.symbolic import SinCos, _SubstituteSinCos  # noqa: E402
from ossa._ext.symbolic import Variables  # noqa: E402

_SubstituteExpressions = Substitute


def Substitute(*args, **kwargs):
    """Substitute(e, subst) or Substitute(m, subst) with subst a dict
    {Variable: Expression}: e (an Expression, or each entry of the array m)
    with the variables replaced. With subs a dict {Variable: SinCos}: sin(q)
    and cos(q) (and tan) of each angle q replaced by polynomials in the
    SinCos variables (the angle-sum and multiple-angle identities expand
    sums and integer multiples of the angles); raises RuntimeError for a
    trigonometric function whose argument is not of that form."""
    subs = args[1] if len(args) > 1 else kwargs.get(
        "subs", kwargs.get("subst"))
    if isinstance(subs, dict) and subs and all(
            isinstance(v, SinCos) for v in subs.values()):
        e = args[0] if args else kwargs.get("e", kwargs.get("m"))
        return _SubstituteSinCos(e, subs)
    return _SubstituteExpressions(*args, **kwargs)


# Variables is hashable, as the reference's (MonomialBasis takes a dict
# {Variables: degree}); the hash is that of its variables' ids.
Variables.__hash__ = lambda self: hash(tuple(v.get_id() for v in self))

# int(SinCosSubstitutionType.kAngle), as the reference's enum converts.
SinCosSubstitutionType.__int__ = lambda self: self.value  # noqa: F405


# Evaluate and Jacobian also take arrays of Polynomial, as the reference's
# overloads do.
_EvaluateExpressions = Evaluate
_JacobianExpressions = Jacobian


def _polynomial_array(m):
    """m as a 2-d object array if it is a non-empty array of Polynomial,
    else None."""
    if not isinstance(m, (_np.ndarray, list, tuple)):
        return None
    a = _np.asarray(m, dtype=object)
    if a.size == 0 or not isinstance(a.flat[0], Polynomial):  # noqa: F405
        return None
    return a.reshape(-1, 1) if a.ndim < 2 else a


def Evaluate(m, env=None, generator=None):
    """The float matrix of the entries of m (an array of Expression, or of
    Polynomial) evaluated at env (a dict {Variable: float}); a 1-d array is
    a column. The random variables of an Expression array that env does not
    bind are drawn from generator (a RandomGenerator) first, once for the
    whole array."""
    polynomials = _polynomial_array(m)
    if polynomials is None:
        return _EvaluateExpressions(m, env, generator)
    env = env or {}
    return _np.array([[p.Evaluate(env) for p in row] for row in polynomials],
                     dtype=float).reshape(polynomials.shape)


def Jacobian(f, vars):
    """J(i, j) = ∂f(i)/∂vars(j) for a vector f of Expression (or of
    Polynomial, giving Polynomials)."""
    polynomials = _polynomial_array(f)
    if polynomials is None:
        return _JacobianExpressions(f, vars)
    variables = list(vars)
    result = _np.empty((polynomials.size, len(variables)), dtype=object)
    for i, p in enumerate(polynomials.flat):
        for j, v in enumerate(variables):
            result[i, j] = p.Differentiate(v)
    return result
