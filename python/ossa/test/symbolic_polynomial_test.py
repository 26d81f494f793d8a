"""ossa.symbolic's polynomial layer (Monomial, the monomial bases,
Polynomial, RationalFunction, SinCos): closed forms and identities, and
agreement with the reference (pydrake.symbolic) by running one function
against both packages: coefficient maps as {str(monomial): evaluated
coefficient}, the bases' order, the sin/cos substitution of the acrobot's
mass matrix evaluated at random angles, and the error types for bad input.
"""

import importlib
import math

import numpy as np
import pytest

import ossa.symbolic as sym
from peer_modules import error_of, symbolic_acrobot  # noqa: E402


@pytest.fixture(scope="module")
def ref():
    """pydrake.symbolic (the tests that compare skip without it)."""
    pytest.importorskip("pydrake")
    return importlib.import_module("pydrake.symbolic")


def both(program, ref):
    return program(sym), program(ref)


def coefficient_map(p, env=None):
    """{str(monomial): coefficient evaluated at env} of a Polynomial."""
    return {str(m): c.Evaluate(env or {})
            for m, c in p.monomial_to_coefficient_map().items()}


def assert_same_map(ours, theirs):
    assert ours.keys() == theirs.keys(), (ours, theirs)
    for k in ours:
        # The coefficients are sums of a few products of O(1) numbers.
        assert ours[k] == pytest.approx(theirs[k], rel=1e-12, abs=1e-12), k


def names(variables):
    return sorted(v.get_name() for v in variables)


# ---------------------------------------------------------------------------
# Monomial and the bases.

def monomial_program(s):
    x, y, z = s.Variable("x"), s.Variable("y"), s.Variable("z")
    m = s.Monomial({x: 2, y: 3})
    mv = s.Monomial([x, z], [1, 4])
    values = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 0.5]])
    c, rest = m.EvaluatePartial({x: 2.0})
    return dict(
        str=str(m), repr=repr(m), one=str(s.Monomial()), mv=str(mv),
        total=m.total_degree(), degree=(m.degree(x), m.degree(z)),
        powers={v.get_name(): k for v, k in m.get_powers().items()},
        value=m.Evaluate({x: 2.0, y: 3.0}),
        batch=list(m.Evaluate(np.array([x, y, z]), values)),
        partial=(c, str(rest)), product=str(m * mv), power=str(m**2),
        scaled=str(m * 2.0), expr=m.ToExpression().Evaluate({x: 2.0,
                                                             y: 3.0}),
        equal=(m == s.Monomial({y: 3, x: 2}), m != mv),
        hashes=hash(m) == hash(s.Monomial({y: 3, x: 2})),
        in_place=str(s.Monomial(x).pow_in_place(3)),
        variables=names(m.GetVariables()))


def test_monomial_agrees(ref):
    ours, theirs = both(monomial_program, ref)
    assert ours == theirs


def basis_program(s):
    x, y, z = s.Variable("x"), s.Variable("y"), s.Variable("z")
    xyz = s.Variables([x, y, z])
    return dict(
        basis=[str(m) for m in s.MonomialBasis(xyz, 3)],
        from_array=[str(m) for m in s.MonomialBasis([x, y, z], 2)],
        by_set=[str(m) for m in s.MonomialBasis(
            {s.Variables([x, y]): 2, s.Variables([z]): 1})],
        even=[str(m) for m in s.EvenDegreeMonomialBasis(xyz, 4)],
        odd=[str(m) for m in s.OddDegreeMonomialBasis(xyz, 3)],
        up_to_one=[str(m) for m in s.CalcMonomialBasisOrderUpToOne(xyz)],
        up_to_one_sorted=[str(m) for m in s.CalcMonomialBasisOrderUpToOne(
            xyz, sort_monomial=True)])


def test_monomial_basis_order_agrees(ref):
    ours, theirs = both(basis_program, ref)
    assert ours == theirs


@pytest.mark.parametrize("n, d", [(1, 3), (2, 2), (3, 3), (4, 2), (3, 0)])
def test_monomial_basis_size_is_binomial(n, d):
    vars = sym.Variables([sym.Variable(f"v{i}") for i in range(n)])
    basis = sym.MonomialBasis(vars, d)
    assert len(basis) == math.comb(n + d, d)
    assert len(set(basis)) == len(basis)  # distinct (hash and ==)
    degrees = [m.total_degree() for m in basis]
    assert degrees == sorted(degrees, reverse=True)
    assert (len(sym.EvenDegreeMonomialBasis(vars, d)) +
            len(sym.OddDegreeMonomialBasis(vars, d)) == len(basis))


# ---------------------------------------------------------------------------
# Polynomial.

def polynomial_program(s):
    x, y, z = s.Variable("x"), s.Variable("y"), s.Variable("z")
    a, b = s.Variable("a"), s.Variable("b")
    env = {a: 0.7, b: -1.3}
    X = s.Variables([x, y])
    p = s.Polynomial(a * x * x + b * x * y + 3 * y + 2, X)
    q = s.Polynomial((x + 2 * y - z) * (x - 1) + (x + y)**3)
    r = s.Polynomial((a + 1) * (x - b)**2 / 2, [x])
    out = dict(
        p=coefficient_map(p, env), q=coefficient_map(q),
        r=coefficient_map(r, env),
        indeterminates=(names(p.indeterminates()), names(q.indeterminates())),
        decision=(names(p.decision_variables()),
                  names(r.decision_variables())),
        degrees=(p.TotalDegree(), p.Degree(x), q.TotalDegree(), q.Degree(z)),
        product=coefficient_map(p * q, env), power=coefficient_map(q**3),
        sum=coefficient_map(p + q - 2.5 + s.Monomial(z), env),
        with_var=(coefficient_map(p + a, env), coefficient_map(p * x, env)),
        derivative=coefficient_map(p.Differentiate(x), env),
        by_decision=coefficient_map(p.Differentiate(a), env),
        integral=coefficient_map(p.Integrate(x), env),
        definite=coefficient_map(p.Integrate(x, 0, 2), env),
        partial=coefficient_map(p.EvaluatePartial({a: 2.0, x: 3.0}),
                                {b: 0.5}),
        value=p.Evaluate({x: 0.3, y: -0.2, **env}),
        batch=list(s.Polynomial(3 * x * x + y).EvaluateIndeterminates(
            [x, y], np.array([[1.0, 2.0], [0.5, -1.0]]))),
        small=coefficient_map(s.Polynomial(
            2 * x * x + 3 * x * y + 1e-4 * x - 1e-5)
            .RemoveTermsWithSmallCoefficients(1e-3)),
        even=(s.Polynomial(x**4 + 3 * x * y).IsEven(),
              s.Polynomial(x**3 + y).IsOdd()),
        almost=(q.CoefficientsAlmostEqual(q + 1e-9, 1e-6),
                q.CoefficientsAlmostEqual(q + 1e-3, 1e-6)),
        equal=(str(p == p), str(q != q), str(q == q + 1)),
        jacobian=[coefficient_map(j, env) for j in p.Jacobian([x, y])],
        sum_map=coefficient_map(s.Polynomial({s.Monomial(x): a + 1,
                                              s.Monomial(y): 2.0}), env))
    pe = s.Polynomial(a * x * x + b * x, [x])
    pe.SetIndeterminates(s.Variables([a, b]))
    out["set_indeterminates"] = coefficient_map(pe, {x: 1.5})
    out["added"] = coefficient_map(
        s.Polynomial(x).AddProduct(a, s.Monomial(y)), env)
    return out


def test_polynomial_agrees(ref):
    ours, theirs = both(polynomial_program, ref)
    assert ours.keys() == theirs.keys()
    for key in ours:
        o, t = ours[key], theirs[key]
        if isinstance(o, dict):
            assert_same_map(o, t)
        elif isinstance(o, list) and o and isinstance(o[0], dict):
            for oi, ti in zip(o, t):
                assert_same_map(oi, ti)
        elif isinstance(o, (float, list)):
            np.testing.assert_allclose(o, t, rtol=1e-12, atol=1e-12)
        else:
            assert o == t, key


def quadratic_program(s):
    x, y, a = s.Variable("x"), s.Variable("y"), s.Variable("a")
    Q, b, c = s.DecomposeQuadraticPolynomial(
        s.Polynomial(x * x + 2 * x * y + 3 * y + 4 - 0.5 * y * y),
        {x.get_id(): 0, y.get_id(): 1})
    p = s.Polynomial((a + 1) * x * x + 2 * a * x, [x])
    A, d, b2 = p.EvaluateWithAffineCoefficients(
        [x], np.array([[1.0, 2.0, -1.0]]))
    return Q, b, c, A, [v.get_name() for v in d], b2


def test_quadratic_and_affine_agree(ref):
    ours, theirs = both(quadratic_program, ref)
    for o, t in zip(ours, theirs):
        if isinstance(o, list):
            assert o == t
        else:
            np.testing.assert_array_equal(o, t)


def test_identities():
    rng = np.random.default_rng(5)
    x, y, z, a = (sym.Variable(n) for n in "xyza")
    e = (x + 2 * y - z) * (x - a) + (x + y)**3 - 4 * a * y * z
    p = sym.Polynomial(e, [x, y, z])
    q = sym.Polynomial(x * y - 3 * z + 1)
    # Expand(p.ToExpression()) is Expand(e).
    assert sym.Expand(p.ToExpression()).EqualTo(sym.Expand(e))
    for _ in range(20):
        env = dict(zip((x, y, z, a), rng.uniform(-2, 2, 4)))
        pv, qv = p.Evaluate(env), q.Evaluate(env)
        # Products of O(1) numbers summed over ~20 terms: 1e-12 relative.
        assert (p * q).Evaluate(env) == pytest.approx(pv * qv, rel=1e-12)
        assert (p - q).Evaluate(env) == pytest.approx(pv - qv, rel=1e-12)
        assert (q**4).Evaluate(env) == pytest.approx(qv**4, rel=1e-11)
        assert p.Evaluate(env) == pytest.approx(e.Evaluate(env), rel=1e-12)
    # d/dx ∫ p dx = p; ∫₀¹ x² dx = 1/3.
    assert p.Integrate(x).Differentiate(x).Expand().EqualTo(p.Expand())
    assert sym.Polynomial(x * x).Integrate(x, 0, 1).Evaluate({}) == \
        pytest.approx(1 / 3, rel=1e-15)


def test_roots_of_linear_factors():
    x = sym.Variable("x")
    roots = [-3.0, -0.5, 1.0, 2.0, 4.0]
    e = 1
    for r in roots:
        e = e * (x - r)
    found = sym.Polynomial(2.5 * e).Roots()
    # Companion-matrix eigenvalues of a well-separated quintic: 1e-10.
    np.testing.assert_allclose(np.sort(found.real), roots, atol=1e-10)
    np.testing.assert_allclose(found.imag, 0, atol=1e-10)
    np.testing.assert_allclose(
        np.sort_complex(sym.Polynomial(x * x + 4).Roots()), [-2j, 2j],
        atol=1e-14)


def roots_program(s):
    x = s.Variable("x")
    return np.sort_complex(s.Polynomial(2 * x**3 - 4 * x**2 - 22 * x
                                        + 24).Roots())


def test_roots_agree(ref):
    ours, theirs = both(roots_program, ref)
    np.testing.assert_allclose(ours, theirs, atol=1e-12)


def substitute_and_expand_program(s):
    x, y, z, a = (s.Variable(n) for n in "xyza")
    cache = s.SubstituteAndExpandCacheData()
    subs = {x: s.Polynomial(a * z + 1, [z]), y: s.Polynomial(z * z - 1)}
    first = s.Polynomial(x**3 + x * y + y).SubstituteAndExpand(subs, cache)
    second = s.Polynomial(x**2 * y).SubstituteAndExpand(subs, cache)
    return (coefficient_map(first, {a: 0.5}),
            coefficient_map(second, {a: 0.5}),
            sorted(str(m) for m in cache.get_data()))


def test_substitute_and_expand_agrees(ref):
    ours, theirs = both(substitute_and_expand_program, ref)
    assert_same_map(ours[0], theirs[0])
    assert_same_map(ours[1], theirs[1])
    # The caches hold the same powers (the reference may keep more
    # intermediate ones): ours must be a subset containing the monomials.
    assert {"x^3", "x * y", "y"} <= set(ours[2])


# Bad input: the reference raises RuntimeError for these (a few other
# misuses abort its process; ossa raises for them, tested below).
BAD_INPUTS = {
    "sin": lambda s, x, y, a: s.Polynomial(s.sin(x)),
    "division": lambda s, x, y, a: s.Polynomial(x / y),
    "negative power": lambda s, x, y, a: s.Polynomial(x**-1),
    "fractional power": lambda s, x, y, a: s.Polynomial(x**0.5),
    "symbolic power": lambda s, x, y, a: s.Polynomial(x**y),
    "abs": lambda s, x, y, a: s.Polynomial(abs(x) * y),
    "roots multivariate": lambda s, x, y, a: s.Polynomial(x * y).Roots(),
    "roots symbolic": lambda s, x, y, a: s.Polynomial(a * x, [x]).Roots(),
    "integrate decision": lambda s, x, y, a: s.Polynomial(
        a * x, [x]).Integrate(a),
    "rational by zero": lambda s, x, y, a: s.RationalFunction(
        s.Polynomial(x)) / 0.0,
    "monomial power": lambda s, x, y, a: s.Monomial(x)**-1,
    "polynomial power": lambda s, x, y, a: s.Polynomial(x)**-1,
    "evaluate missing": lambda s, x, y, a: s.Polynomial(x).Evaluate({y: 1}),
    "not affine": lambda s, x, y, a: s.Polynomial(
        a * a * x, [x]).EvaluateWithAffineCoefficients([x], [[1.0]]),
    "basis array of str": lambda s, x, y, a: s.MonomialBasis(["x"], 1),
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_input_error_types_agree(ref, name):
    def program(s):
        x, y, a = s.Variable("x"), s.Variable("y"), s.Variable("a")
        return error_of(lambda: BAD_INPUTS[name](s, x, y, a))
    ours, theirs = both(program, ref)
    assert ours is not None
    assert ours.__name__ == theirs.__name__


def test_bad_input_messages_name_the_term():
    x, y = sym.Variable("x"), sym.Variable("y")
    with pytest.raises(RuntimeError, match=r"sin\(x\)"):
        sym.Polynomial(y + sym.sin(x))
    with pytest.raises(RuntimeError, match="denominator"):
        sym.Polynomial(x / y)
    # These abort the reference's process; ossa raises.
    with pytest.raises(RuntimeError, match="negative"):
        sym.Monomial({x: -1})
    with pytest.raises(RuntimeError, match="zero polynomial"):
        sym.RationalFunction(sym.Polynomial(x), sym.Polynomial())
    with pytest.raises(RuntimeError, match="empty"):
        sym.MonomialBasis(sym.Variables(), 2)
    with pytest.raises(RuntimeError, match="negative"):
        sym.MonomialBasis([x], -1)
    with pytest.raises(RuntimeError, match="indeterminate y"):
        sym.Polynomial(x + y).SubstituteAndExpand({x: sym.Polynomial(y)})


# ---------------------------------------------------------------------------
# RationalFunction.

def rational_program(s):
    x, y, z = s.Variable("x"), s.Variable("y"), s.Variable("z")
    P = s.Polynomial
    f = s.RationalFunction(P(x), P(y + 1))
    g = s.RationalFunction(P(z), P(y + 1))
    h = s.RationalFunction(P(x * z), P(x - y))
    env = {x: 0.3, y: 0.8, z: -1.7}
    results = [f + g, f - h, f * h, f / h, 2.0 / f, P(z) - f, f + P(z),
               f * s.Monomial(x), -f, f + 1.5]
    return dict(
        strings=[str(r) for r in (f + g, f * g, -f, f + P(z))],
        values=[r.Evaluate(env) for r in results],
        expression=f.ToExpression().Evaluate(env),
        equal=(str(f == s.RationalFunction(P(2 * x), P(2 * y + 2))),
               str(f != f), f.EqualTo(f)),
        parts=(str(f.numerator()), str(f.denominator())))


def test_rational_function_agrees(ref):
    ours, theirs = both(rational_program, ref)
    np.testing.assert_allclose(ours.pop("values"), theirs.pop("values"),
                               rtol=1e-12)
    assert ours.pop("expression") == pytest.approx(theirs.pop("expression"),
                                                   rel=1e-12)
    assert ours == theirs


# ---------------------------------------------------------------------------
# SinCos substitution of the acrobot's mass matrix.

@pytest.fixture(scope="module")
def acrobots(ref):
    return symbolic_acrobot("ossa"), symbolic_acrobot("pydrake")


@pytest.mark.parametrize("kind", ["kAngle", "kHalfAnglePreferSin",
                                  "kHalfAnglePreferCos"])
def test_sin_cos_substitution_of_acrobot_mass_matrix(acrobots, kind):
    rng = np.random.default_rng(11)
    results = []
    for (M, _, _, q, _, s) in acrobots:
        t = getattr(s.SinCosSubstitutionType, kind)
        sc = [s.Variable(f"s{i}") for i in range(2)]
        cc = [s.Variable(f"c{i}") for i in range(2)]
        subs = {q[i]: s.SinCos(sc[i], cc[i], t) for i in range(2)}
        Ms = s.Substitute(M, subs)
        # The result is a polynomial in s, c (no q left).
        for e in Ms.flat:
            assert not any(v.get_name().startswith("q")
                           for v in e.GetVariables())
            s.Polynomial(e)
        results.append((M, Ms, q, sc, cc, s))
    for _ in range(10):
        angles = rng.uniform(-np.pi, np.pi, 2)
        half = 1.0 if kind == "kAngle" else 0.5
        values = []
        for M, Ms, q, sc, cc, s in results:
            env = {sc[i]: np.sin(half * angles[i]) for i in range(2)}
            env.update({cc[i]: np.cos(half * angles[i]) for i in range(2)})
            substituted = s.Evaluate(Ms, env)
            original = s.Evaluate(M, {q[0]: angles[0], q[1]: angles[1]})
            # Both are M(q) of O(1) entries, by different arithmetic: 1e-12.
            np.testing.assert_allclose(substituted, original, atol=1e-12)
            values.append(substituted)
        np.testing.assert_allclose(values[0], values[1], atol=1e-12)


def sin_cos_program(s):
    x, y, z = s.Variable("x"), s.Variable("y"), s.Variable("z")
    sx, cx, sy, cy = (s.Variable(n) for n in ("sx", "cx", "sy", "cy"))
    subs = {x: s.SinCos(sx, cx), y: s.SinCos(sy, cy)}
    e = x * s.sin(x + y) + s.cos(2 * x - y) * s.sin(z) + s.tan(x)
    env = {x: 0.4, z: -0.9, sx: 0.3, cx: 0.8, sy: -0.6, cy: 0.1}
    return (s.Substitute(e, subs).Evaluate(env),
            error_of(lambda: s.Substitute(s.sin(x * y), subs)),
            error_of(lambda: s.Substitute(s.sin(0.5 * x), subs)))


def test_sin_cos_substitution_agrees(ref):
    ours, theirs = both(sin_cos_program, ref)
    assert ours[0] == pytest.approx(theirs[0], rel=1e-12)
    assert ours[1].__name__ == theirs[1].__name__ == "RuntimeError"
    assert ours[2].__name__ == theirs[2].__name__ == "RuntimeError"


# ---------------------------------------------------------------------------
# ossa.polynomial (the reference's pydrake.polynomial) and
# PiecewisePolynomial.getPolynomial.

def univariate_program(root):
    P = importlib.import_module(root + ".polynomial").Polynomial
    ToleranceType = importlib.import_module(root + ".common").ToleranceType
    p, q = P([1.0, 2.0, 3.0]), P([0.5, 0.0, 0.0, -1.0])
    results = {
        "p*q": p * q, "p+q": p + q, "p-p": p - p, "p+1": p + 1,
        "1-p": 1 - p, "2p": 2.0 * p, "p/4": p / 4, "-q": -q, "p*0": p * 0,
        "zero products": P([1.0, 0.0, 0.0]) * P([0.0, 1.0]),
        "dp": p.Derivative(), "d3q": q.Derivative(3), "d5q": q.Derivative(5),
        "int": q.Integral(1.5), "constant": P(2.0), "empty": P()}
    out = {name: (list(r.GetCoefficients()), r.GetDegree(),
                  r.GetNumberOfCoefficients(), r.IsAffine())
           for name, r in results.items()}
    out["values"] = [q.EvaluateUnivariate(0.7, k) for k in range(5)]
    out["equal"] = (p == P([1.0, 2.0, 3.0]), p == P([1.0, 2.0, 3.0, 0.0]))
    out["almost"] = (
        p.CoefficientsAlmostEqual(P([1.0, 2.0, 3.1]), 0.2),
        p.CoefficientsAlmostEqual(P([1.0, 2.0]), 3.5),
        p.CoefficientsAlmostEqual(P([1.0, 2.0, 3.1]), 0.05,
                                  ToleranceType.kRelative),
        p.CoefficientsAlmostEqual(P([1.0, 2.0]), 3.5,
                                  ToleranceType.kRelative))
    out["integral of constant"] = error_of(lambda: P(2.0).Integral()).__name__
    return out


def test_univariate_polynomial_agrees(ref):
    ours, theirs = univariate_program("ossa"), univariate_program("pydrake")
    np.testing.assert_allclose(ours.pop("values"), theirs.pop("values"),
                               rtol=1e-14)
    assert ours == theirs


def piecewise_program(root):
    T = importlib.import_module(root + ".trajectories")
    times = [0.0, 1.0, 3.0, 3.5]
    samples = np.array([[0.0, 1.0, -1.0, 2.0], [1.0, 0.5, 0.0, -2.0]])
    cubic = T.PiecewisePolynomial.CubicWithContinuousSecondDerivatives(
        times, [samples[:, [k]] for k in range(4)], np.zeros((2, 1)),
        np.ones((2, 1)))
    linear = T.PiecewisePolynomial.FirstOrderHold(times, samples)
    out = []
    for pp in (cubic, linear):
        for i in range(pp.get_number_of_segments()):
            out.append([list(p.GetCoefficients())
                        for p in pp.getPolynomialMatrix(i).flat])
            out.append(list(pp.getPolynomial(i, 1, 0).GetCoefficients()))
    return out


def test_piecewise_polynomial_segments_agree(ref):
    ours, theirs = piecewise_program("ossa"), piecewise_program("pydrake")
    assert len(ours) == len(theirs)
    for o, t in zip(ours, theirs):
        # Re-centring the midpoint's Taylor expansion (segments of length
        # ≤ 2, cubic) loses a few ulps of the O(10) coefficients: 1e-12.
        np.testing.assert_allclose(o, t, rtol=0, atol=1e-12)


def test_piecewise_polynomial_segment_identity():
    import ossa.trajectories as T
    pp = T.PiecewisePolynomial.CubicHermite(
        [0.0, 1.0, 3.0], np.array([[0.0, 1.0, -1.0]]),
        np.array([[1.0, 0.0, 2.0]]))
    times = pp.get_segment_times()
    for i in range(pp.get_number_of_segments()):
        p = pp.getPolynomial(i)
        for t in np.linspace(times[i], times[i + 1], 7)[1:-1]:
            assert p.EvaluateUnivariate(t - times[i]) == pytest.approx(
                pp.scalarValue(t), abs=1e-12)
    with pytest.raises(RuntimeError, match="segment_index"):
        pp.getPolynomial(2)
    with pytest.raises(RuntimeError, match="entry"):
        pp.getPolynomial(0, 1, 0)


def lagrange_program(root):
    T = importlib.import_module(root + ".trajectories")
    P = importlib.import_module(root + ".polynomial").Polynomial
    times = [0.0, 1.0, 3.0, 3.5]
    by_matrix = T.PiecewisePolynomial.LagrangeInterpolatingPolynomial(
        times, np.array([[0.0, 1.0, -1.0, 2.0], [1.0, 2.0, 3.0, 0.5]]))
    by_list = T.PiecewisePolynomial.LagrangeInterpolatingPolynomial(
        times[:3], [np.array([[0.0, 1.0]]), np.array([[1.0, 2.0]]),
                    np.array([[3.0, 4.0]])])
    edited = T.PiecewisePolynomial.FirstOrderHold(
        times, np.array([[0.0, 1.0, -1.0, 2.0], [1.0, 2.0, 3.0, 0.5]]))
    edited.setPolynomialMatrixBlock(
        np.array([[P([5.0, 1.0, 0.5])]]), 1, 1, 0)
    return [
        by_matrix.get_segment_times(), (by_matrix.rows(), by_matrix.cols()),
        [by_matrix.value(t).ravel() for t in (0.5, 2.0, 3.5)],
        [list(p.GetCoefficients()) for p in
         by_matrix.getPolynomialMatrix(0).flat],
        (by_list.rows(), by_list.cols()),
        [by_list.value(t).ravel() for t in (0.0, 1.5, 3.0)],
        [edited.value(t).ravel() for t in (0.5, 1.5, 2.5, 3.2)],
        [list(p.GetCoefficients()) for p in edited.getPolynomialMatrix(1).flat],
    ]


def test_lagrange_and_polynomial_block_agree(ref):
    ours, theirs = lagrange_program("ossa"), lagrange_program("pydrake")
    assert ours[0] == theirs[0] and ours[1] == theirs[1]
    assert ours[4] == theirs[4]
    for i in (2, 3, 5, 6, 7):
        for o, t in zip(ours[i], theirs[i]):
            # Vandermonde solves of a cubic on [0, 3.5]: 1e-12.
            np.testing.assert_allclose(o, t, rtol=0, atol=1e-12)


def test_lagrange_interpolates_and_rejects_bad_times():
    import ossa.trajectories as T
    times = [0.0, 0.5, 1.0, 2.0, 2.5]
    y = np.sin(times)
    pp = T.PiecewisePolynomial.LagrangeInterpolatingPolynomial(
        times, y.reshape(1, -1))
    assert pp.get_number_of_segments() == 1
    assert pp.getSegmentPolynomialDegree(0) == 4
    for t, v in zip(times, y):
        assert pp.scalarValue(t) == pytest.approx(v, abs=1e-12)
    with pytest.raises(RuntimeError, match="increasing"):
        T.PiecewisePolynomial.LagrangeInterpolatingPolynomial(
            [0.0, 0.0], np.zeros((1, 2)))
    with pytest.raises(RuntimeError, match="samples"):
        T.PiecewisePolynomial.LagrangeInterpolatingPolynomial(
            [0.0, 1.0], np.zeros((1, 3)))


def polynomial_array_program(s):
    x, y = s.Variable("x"), s.Variable("y")
    m = np.array([[s.Polynomial(x * y), s.Polynomial(x + 1)]])
    v = np.array([s.Polynomial(x * y), s.Polynomial(x * x + y)])
    J = s.Jacobian(v, [x, y])
    return (s.Evaluate(m, {x: 2.0, y: 3.0}),
            s.Evaluate(np.array([s.Polynomial(x)]), {x: 2.0}),
            [[coefficient_map(p) for p in row] for row in J], J.shape,
            error_of(lambda: s.Evaluate(m, {x: 2.0})).__name__)


def test_polynomial_arrays_agree(ref):
    ours, theirs = both(polynomial_array_program, ref)
    np.testing.assert_array_equal(ours[0], theirs[0])
    np.testing.assert_array_equal(ours[1], theirs[1])
    assert ours[2:] == theirs[2:]


def from_polynomials_program(root):
    T = importlib.import_module(root + ".trajectories")
    P = importlib.import_module(root + ".polynomial").Polynomial
    matrices = [np.array([[P([1.0, 2.0])], [P([0.0, 0.0, 1.0])]]),
                np.array([[P([3.0, -1.0, 0.5])], [P([1.0])]])]
    by_matrix = T.PiecewisePolynomial(matrices, [0.0, 1.0, 2.5])
    scalar = T.PiecewisePolynomial([P([1.0, 1.0]), P([2.0, 0.0, -1.0])],
                                   [0.0, 2.0, 3.0])
    constant = T.PiecewisePolynomial(np.array([[1.0, 2.0]]))
    return ([by_matrix.value(t).ravel() for t in (0.5, 1.0, 2.0)],
            [scalar.value(t).ravel() for t in (1.0, 2.5)],
            (by_matrix.rows(), by_matrix.cols(), scalar.rows(),
             by_matrix.get_segment_times()),
            constant.value(0.0).ravel())


def test_construction_from_polynomials_agrees(ref):
    ours = from_polynomials_program("ossa")
    theirs = from_polynomials_program("pydrake")
    assert ours[2] == theirs[2]
    for i in (0, 1):
        # Horner evaluation of the same coefficients: to a few ulps.
        np.testing.assert_allclose(ours[i], theirs[i], rtol=0, atol=1e-14)
    np.testing.assert_array_equal(ours[3], theirs[3])


def test_construction_from_polynomials_rejects_bad_input():
    import ossa.trajectories as T
    from ossa.polynomial import Polynomial
    with pytest.raises(RuntimeError):
        T.PiecewisePolynomial([Polynomial([1.0])], [0.0, 1.0, 2.0])
    with pytest.raises(TypeError):
        T.PiecewisePolynomial(["not a polynomial"], [0.0, 1.0])
