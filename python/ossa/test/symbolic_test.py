"""Tests of ossa.symbolic: Variable, Expression, Formula, the numpy
object-array interop and the whole-array operations, with closed forms and
agreement with the reference's pydrake.symbolic on random expressions."""

import math
import random

import numpy as np
import pytest

from ossa import symbolic as sym
from ossa.symbolic import (
    Environment,
    Evaluate,
    Expand,
    Expression,
    Formula,
    FormulaKind,
    GetVariables,
    Jacobian,
    Variable,
    Variables,
)

# Values computed by the same formula in double arithmetic agree to a few
# ulps (our construction may associate a sum differently): 1e-14 relative.
CLOSE = dict(rtol=1e-14, atol=1e-14)
APPROX = dict(rel=1e-14, abs=1e-14)


@pytest.fixture
def xyz():
    return Variable("x"), Variable("y"), Variable("z")


def test_variable_identity_and_type(xyz):
    x, y, _ = xyz
    x2 = Variable("x")
    assert not x.EqualTo(x2)  # same name, a different symbol
    assert x.get_name() == "x" and str(x) == "x"
    assert repr(x) == "Variable('x', Continuous)"
    b = Variable("b", Variable.Type.BOOLEAN)
    assert b.get_type() == Variable.Type.BOOLEAN
    vs = Variables([x, y, x])
    assert len(vs) == 2 and x in vs and x2 not in vs
    assert vs.IsSupersetOf(Variables([y]))
    assert [v.get_name() for v in vs] == ["x", "y"]


def test_construction_simplifies(xyz):
    x, y, _ = xyz
    assert (x + 0).EqualTo(Expression(x))
    assert (x * 1).EqualTo(Expression(x))
    assert (0 * x).EqualTo(Expression(0))
    assert (x - x).EqualTo(Expression(0))
    assert (2 * (3 * x)).EqualTo(6 * x)
    assert (x * y).EqualTo(y * x)  # one node for both orders
    assert (Expression(2) + 3).EqualTo(Expression(5))
    assert str(x + y) == "(x + y)"
    assert repr(x - y) == '<Expression "(x - y)">'


def test_evaluate_closed_forms(xyz):
    x, y, z = xyz
    env = {x: 0.3, y: -1.2, z: 2.0}
    e = sym.sin(x) * sym.exp(y) + sym.atan2(y, x) - sym.sqrt(z) / (1 + x**2)
    expected = (math.sin(0.3) * math.exp(-1.2) + math.atan2(-1.2, 0.3)
                - math.sqrt(2.0) / (1 + 0.09))
    assert e.Evaluate(env) == pytest.approx(expected, rel=1e-14)
    assert sym.if_then_else(x > y, x, y).Evaluate(env) == 0.3
    assert sym.min(x, y).Evaluate(env) == -1.2
    assert sym.max(x, y).Evaluate(Environment(env)) == 0.3
    assert sym.ceil(z + 0.5).Evaluate(env) == 3.0
    assert sym.floor(y).Evaluate(env) == -2.0
    assert sym.tanh(x).Evaluate(env) == pytest.approx(math.tanh(0.3), **APPROX)


def test_bad_input_raises_with_the_gist(xyz):
    x, y, _ = xyz
    with pytest.raises(RuntimeError, match="'y'"):
        (x + y).Evaluate({x: 1.0})
    with pytest.raises(RuntimeError, match="Division by zero"):
        x / 0
    with pytest.raises(RuntimeError, match="Division by zero"):
        Expression(1) / 0
    with pytest.raises(ValueError, match="sqrt"):
        sym.sqrt(Expression(-1))
    with pytest.raises(ValueError, match="log"):
        sym.log(x).Evaluate({x: -1.0})
    with pytest.raises(RuntimeError, match="NaN"):
        Environment({x: float("nan")})
    with pytest.raises(TypeError):
        (x + 1).Evaluate({"x": 1.0})
    with pytest.raises(RuntimeError, match="depends on the variables"):
        bool(x < y)
    # Decided formulas convert.
    assert bool(x == x) and not bool(x < x) and bool(Expression(1) < 2)


def test_differentiate_and_jacobian_closed_forms(xyz):
    x, y, _ = xyz
    env = {x: 0.7, y: 1.9}
    f = x**3 * sym.sin(y)
    assert f.Differentiate(x).Evaluate(env) == pytest.approx(
        3 * 0.49 * math.sin(1.9), **APPROX)
    assert f.Differentiate(y).Evaluate(env) == pytest.approx(
        0.343 * math.cos(1.9), **APPROX)
    J = Jacobian(np.array([x * y, sym.cos(x), x / y]), [x, y])
    assert J.shape == (3, 2)
    expected = np.array([[1.9, 0.7], [-math.sin(0.7), 0.0],
                         [1 / 1.9, -0.7 / 1.9**2]])
    np.testing.assert_allclose(Evaluate(J, env), expected, **CLOSE)
    assert sym.Differentiate(np.array([x * y]), x)[0, 0].EqualTo(
        Expression(y))


def test_expand_and_polynomials(xyz):
    x, y, _ = xyz
    square = ((x + y)**2).Expand()
    assert square.is_polynomial()
    assert Expand(square - x**2 - 2 * x * y - y**2).EqualTo(Expression(0))
    assert not sym.is_polynomial(x / y)
    assert not (x + sym.sin(y)).is_polynomial()
    assert (x / 2 + y**3).is_polynomial()


def test_numpy_object_arrays(xyz):
    x, y, z = xyz
    a = np.array([x, y, z])
    M = np.array([[x, 1.0, 0.0], [0.0, y, 2.0], [z, 0.0, 1.0]])
    b = M @ a + 2 * a - np.sin(a)
    assert b.dtype == object and b.shape == (3,)
    env = {x: 0.1, y: 0.2, z: 0.3}
    av = np.array([0.1, 0.2, 0.3])
    Mv = np.array([[0.1, 1.0, 0.0], [0.0, 0.2, 2.0], [0.3, 0.0, 1.0]])
    # Evaluate returns a matrix (a vector becomes a column), as the reference.
    np.testing.assert_allclose(Evaluate(b, env)[:, 0],
                               Mv @ av + 2 * av - np.sin(av), **CLOSE)
    assert GetVariables(b) == Variables([x, y, z])
    s = sym.Substitute(b, {x: y})
    assert x not in GetVariables(s)
    v = sym.MakeVectorVariable(3, "q")
    assert v.shape == (3,) and v[2].get_name() == "q(2)"


def test_shared_subexpressions_stay_small():
    q = Variable("q")
    e = Expression(q)
    value = 0.2
    for _ in range(40):
        e = sym.sin(e) * e + e
        value = math.sin(value) * value + value
    # A tree of ~4^40 nodes is a DAG of ~4 per step.
    assert e.GetDistinctNodeCount() <= 4 * 40 + 2
    assert e.Evaluate({q: 0.2}) == pytest.approx(value, rel=1e-12)


# --- Agreement with pydrake.symbolic on random expressions -----------------

def _random_expression(rng, leaves, lib, depth):
    """Builds the same random expression in `lib` (ossa.symbolic or
    pydrake.symbolic) from the same draws; every function stays in its
    domain for real arguments."""
    if depth == 0 or rng.random() < 0.2:
        if rng.random() < 0.7:
            return leaves[rng.randrange(len(leaves))]
        return rng.uniform(-2, 2)
    op = rng.randrange(12)
    a = _random_expression(rng, leaves, lib, depth - 1)
    if op < 4:
        b = _random_expression(rng, leaves, lib, depth - 1)
        return [lambda: a + b, lambda: a - b, lambda: a * b,
                lambda: a / (2.5 + lib.sin(b))][op]()
    return [lambda: lib.sin(a), lambda: lib.cos(a),
            lambda: lib.exp(lib.tanh(a)), lambda: lib.atan(a),
            lambda: lib.sqrt(1 + a * a), lambda: lib.log(1 + a * a),
            lambda: lib.pow(a, 2),
            lambda: lib.atan2(a, 1.5)][op - 4]()


def test_agrees_with_pydrake_on_random_expressions():
    pydrake_symbolic = pytest.importorskip("pydrake.symbolic")
    names = ["a", "b", "c"]
    ours = [Variable(n) for n in names]
    theirs = [pydrake_symbolic.Variable(n) for n in names]
    for seed in range(40):
        e1 = _random_expression(random.Random(seed), ours, sym, 5)
        e2 = _random_expression(random.Random(seed), theirs,
                                pydrake_symbolic, 5)
        if not isinstance(e1, Expression):
            continue  # a leaf (a Variable or a number)
        values = np.random.default_rng(seed).uniform(-1.5, 1.5, 3)
        env1 = dict(zip(ours, values))
        env2 = dict(zip(theirs, values))
        v1 = e1.Evaluate(env1)
        v2 = e2.Evaluate(env2)
        # Both evaluate the same formula in double precision, possibly
        # associating sums differently: agreement to ~1e-12 relative.
        assert v1 == pytest.approx(v2, rel=1e-12, abs=1e-12), (seed, e1)
        for v_ours, v_theirs in zip(ours, theirs):
            d1 = e1.Differentiate(v_ours).Evaluate(env1)
            d2 = e2.Differentiate(v_theirs).Evaluate(env2)
            assert d1 == pytest.approx(d2, rel=1e-11, abs=1e-11), (seed, e1)


def test_jacobian_agrees_with_pydrake():
    pydrake_symbolic = pytest.importorskip("pydrake.symbolic")
    ours = [Variable(n) for n in "uvw"]
    theirs = [pydrake_symbolic.Variable(n) for n in "uvw"]
    f1 = [_random_expression(random.Random(100 + i), ours, sym, 4) + ours[0]
          for i in range(4)]
    f2 = [_random_expression(random.Random(100 + i), theirs,
                             pydrake_symbolic, 4) + theirs[0]
          for i in range(4)]
    values = [0.3, -0.8, 1.1]
    J1 = Evaluate(Jacobian(np.array(f1), ours), dict(zip(ours, values)))
    J2 = pydrake_symbolic.Evaluate(
        pydrake_symbolic.Jacobian(np.array(f2), theirs),
        dict(zip(theirs, values)))
    np.testing.assert_allclose(J1, J2, rtol=1e-11, atol=1e-11)


def test_formula(xyz):
    x, y, _ = xyz
    f = sym.logical_and(x < y, y <= 1)
    assert f.get_kind() == FormulaKind.And
    assert f.Evaluate({x: 0.0, y: 1.0})
    assert not f.Evaluate({x: 2.0, y: 1.0})
    assert (~(x < y)).Evaluate({x: 2.0, y: 1.0})
    assert sym.logical_or(x < y, Formula.True_()).EqualTo(Formula.True_())
    assert f.GetFreeVariables() == Variables([x, y])
    assert str(x < y) == "(x < y)"


def test_math_templates_on_expression(xyz):
    from ossa.math import RigidTransform_, RollPitchYaw_, RotationMatrix_
    x, y, z = xyz
    R = (RotationMatrix_[Expression].MakeZRotation(x)
         @ RotationMatrix_[Expression].MakeYRotation(y))
    Rd = (RotationMatrix_[float].MakeZRotation(0.4)
          @ RotationMatrix_[float].MakeYRotation(-1.1))
    env = {x: 0.4, y: -1.1, z: 0.25}
    np.testing.assert_allclose(Evaluate(R.matrix(), env), Rd.matrix(),
                               **CLOSE)
    X = RigidTransform_[Expression](RollPitchYaw_[Expression](x, y, z),
                                    [x * y, 1.0, z])
    Xd = RigidTransform_[float](RollPitchYaw_[float](0.4, -1.1, 0.25),
                                [0.4 * -1.1, 1.0, 0.25])
    np.testing.assert_allclose(Evaluate((X @ X.inverse() @ X).GetAsMatrix4(),
                                        env),
                               Xd.GetAsMatrix4(), rtol=1e-14, atol=1e-14)
    # A check that needs a boolean: decided for constants, raises otherwise.
    assert RotationMatrix_[Expression]().IsExactlyIdentity()
    with pytest.raises(RuntimeError, match="depends on the variables"):
        R.IsExactlyIdentity()
    assert RotationMatrix_[float].MakeZRotation(0.3).cast[Expression]() \
        .matrix()[0, 0].Evaluate() == pytest.approx(math.cos(0.3), **APPROX)


def _decomposition_program(sym):
    """Affine expressions A·[x, y, z] + b with known A and b (and x·y for
    the non-affine case), decomposed by `sym`'s functions: a dict of plain
    values."""
    A = np.array([[2.0, 0.0, -1.5], [0.0, 0.5, 0.0], [1.0, 1.0, 1.0]])
    b = np.array([3.0, 0.0, -0.25])
    x, y, z = sym.Variable("x"), sym.Variable("y"), sym.Variable("z")
    variables = np.array([x, y, z], dtype=object)
    def times(matrix):
        # Row by row (numpy's object dot warns on the reference's types).
        return np.array([sum(matrix[i, j] * variables[j] for j in range(3))
                         for i in range(3)], dtype=object)

    exprs = np.array([e + constant for e, constant in zip(times(A), b)],
                     dtype=object)
    out = {}
    out["affine"] = sym.DecomposeAffineExpressions(exprs, variables)
    M, v, found = sym.DecomposeAffineExpressions(exprs)
    out["affine found"] = (M, v, [var.get_name() for var in found])
    out["linear"] = sym.DecomposeLinearExpressions(times(A), variables)
    found, index = sym.ExtractVariablesFromExpression(
        np.array([z * x + 1.0, y + x], dtype=object))
    out["extract"] = ([var.get_name() for var in found],
                      sorted(index[var.get_id()] for var in found))
    single, index = sym.ExtractVariablesFromExpression(y * x)
    out["extract one"] = [var.get_name() for var in single]
    out["one"] = sym.DecomposeAffineExpression(
        exprs[0], {x.get_id(): 2, y.get_id(): 0, z.get_id(): 1})
    errors = []
    for call in (lambda: sym.DecomposeLinearExpressions(exprs, variables),
                 lambda: sym.DecomposeAffineExpressions(
                     np.array([x * y], dtype=object), variables),
                 lambda: sym.DecomposeAffineExpressions(exprs, variables[:2])):
        with pytest.raises(RuntimeError):
            call()
        errors.append(True)
    out["errors"] = errors
    out["types"] = [
        [str(v.get_type()) for v in sym.MakeVectorBinaryVariable(2, "b")],
        [str(v.get_type()) for v in sym.MakeVectorBooleanVariable(1, "c")],
        [str(v.get_type())
         for v in sym.MakeVectorContinuousVariable(1, "d")],
        [str(v.get_type()) for v in
         sym.MakeMatrixBinaryVariable(2, 2, "e").ravel()],
        [str(v.get_type()) for v in
         sym.MakeMatrixBooleanVariable(1, 2, "f").ravel()],
        [v.get_name() for v in
         sym.MakeMatrixContinuousVariable(2, 1, "g").ravel()]]
    return out, A, b


def test_decompose_affine_expressions_closed_form():
    out, A, b = _decomposition_program(sym)
    np.testing.assert_array_equal(out["affine"][0], A)
    np.testing.assert_array_equal(out["affine"][1], b)
    # The variables in order of first appearance: x, z (row 0), y (row 1).
    assert out["affine found"][2] == ["x", "z", "y"]
    np.testing.assert_array_equal(out["affine found"][0], A[:, [0, 2, 1]])
    np.testing.assert_array_equal(out["affine found"][1], b)
    np.testing.assert_array_equal(out["linear"], A)
    assert out["extract"] == (["x", "z", "y"], [0, 1, 2])
    np.testing.assert_array_equal(out["one"][0], [0.0, -1.5, 2.0])
    assert out["one"][1] == 3.0


def test_decompose_affine_expressions_agree_with_reference():
    pytest.importorskip("pydrake")
    import pydrake.symbolic as reference
    ours, _, _ = _decomposition_program(sym)
    theirs, _, _ = _decomposition_program(reference)
    assert ours.keys() == theirs.keys()
    for key in ours:
        mine, other = ours[key], theirs[key]
        if key in ("affine", "affine found", "one"):
            for a, b in zip(mine, other):
                if isinstance(a, list):
                    assert a == b, key
                else:
                    np.testing.assert_array_equal(a, b)
        elif key == "linear":
            np.testing.assert_array_equal(mine, other)
        else:
            assert mine == other, key


def _expansion_program(sym):
    """Taylor expansions, affinity checks, variable vectors and the
    Expression members named as on the reference, by `sym`: (expansions
    as functions of (x, y), affinity answers, names, member values at
    x = 0.7, y = -1.3)."""
    x, y, a = sym.Variable("x"), sym.Variable("y"), sym.Variable("a")
    E = sym.Expression
    expansions = [
        sym.TaylorExpand(sym.sin(x) * y, {x: 0.5, y: 1.0}, 2),
        sym.TaylorExpand(sym.exp(x) + x * y * y, {x: 0.0}, 3),
        sym.TaylorExpand(sym.cos(x * y), {x: 0.2, y: -0.4}, 4),
        sym.TaylorExpand(E(x) * x, {x: 1.0}, 1)]

    def evaluate(values):
        env = {x: values[0], y: values[1]}
        return [float(e.Evaluate(env)) for e in expansions]

    def arr(*entries):
        return np.array(entries, dtype=object)

    affine = [
        sym.IsAffine(arr(2 * x + 3 * y + 1.0, E(4.0))),
        sym.IsAffine(arr(x * y)),
        sym.IsAffine(arr(sym.sin(a) * x + a), sym.Variables([x])),
        sym.IsAffine(arr(x * y), sym.Variables([x])),
        sym.IsAffine(arr(x * x), sym.Variables([x])),
        sym.IsAffine(arr(sym.sin(x)), sym.Variables([x])),
        sym.IsAffine(arr(E(x) / 2.0 - y)),
        sym.IsAffine(arr(a * x + a * a, 3.0 * y), sym.Variables([x, y])),
        sym.IsAffine(arr()), sym.IsAffine(arr(E(2.0)), sym.Variables([x]))]
    names = [v.get_name() for v in sym.GetVariableVector(arr(E(y), E(x)))]
    with pytest.raises(RuntimeError):
        sym.GetVariableVector(arr(x + 1.0))
    e = E(x)
    env = {x: 0.7, y: -1.3}
    members = [float(m.Evaluate(env)) for m in (
        e.atan2(y), e.pow(3.0), e.max(y), e.min(y), e.acos(), e.asin(),
        e.atan())]
    members.append(sorted(v.get_name() for v in (e * y).GetFreeVariables()))
    return evaluate, affine, names, members


def test_taylor_expand_closed_forms():
    evaluate, affine, names, members = _expansion_program(sym)
    rng = np.random.default_rng(31)
    for _ in range(5):
        x, y = rng.uniform(-1, 1, 2)
        got = evaluate([x, y])
        # exp(x) + x·y² to order 3 at x = 0 (y symbolic): the cubic Taylor
        # polynomial of exp plus x·y² (degree 1 in x).
        assert got[1] == pytest.approx(1 + x + x**2 / 2 + x**3 / 6 + x * y**2,
                                       abs=1e-12)
        # x² to order 1 at 1: its tangent 1 + 2·(x − 1).
        assert got[3] == pytest.approx(1 + 2 * (x - 1), abs=1e-15)
        # sin(x)·y to order 2 at (0.5, 1).
        dx, dy = x - 0.5, y - 1.0
        s, c = math.sin(0.5), math.cos(0.5)
        assert got[0] == pytest.approx(
            s + c * dx + s * dy - s * dx**2 / 2 + c * dx * dy, abs=1e-12)
    # sin(a)·x + a is affine in x but not a polynomial: False, as on the
    # reference.
    assert affine == [True, False, False, True, False, False, True, True,
                      True, True]
    assert names == ["y", "x"]
    assert members[:-1] == pytest.approx([
        math.atan2(0.7, -1.3), 0.7**3, 0.7, -1.3, math.acos(0.7),
        math.asin(0.7), math.atan(0.7)], abs=1e-15)
    assert members[-1] == ["x", "y"]
    with pytest.raises(RuntimeError, match="order"):
        sym.TaylorExpand(sym.Expression(sym.Variable("x")), {}, 0)


def test_taylor_expand_agrees_with_reference():
    pytest.importorskip("pydrake")
    import pydrake.symbolic as reference
    ours = _expansion_program(sym)
    theirs = _expansion_program(reference)
    rng = np.random.default_rng(37)
    for _ in range(5):
        values = rng.uniform(-1, 1, 2)
        np.testing.assert_allclose(ours[0](values), theirs[0](values),
                                   rtol=0, atol=1e-12)
    assert ours[1:] == theirs[1:]
