"""Tests of ossa.autodiffutils: the AutoDiffXd scalar, its numpy interop,
the array helpers and the Eigen <-> numpy object-array caster."""

import copy
import math
import pickle
import subprocess
import sys

import numpy as np
import pytest

import ossa
from ossa.autodiffutils import (
    AutoDiffXd,
    DiscardGradient,
    DiscardZeroGradient,
    ExtractGradient,
    ExtractValue,
    InitializeAutoDiff,
    InitializeAutoDiffTuple,
)

T = ossa._ext.common._testing

# Derivatives computed by the chain rule in double precision agree with the
# closed forms to a few ulps; 1e-14 relative leaves room for the handful of
# roundings in each formula (values are O(1)).
EXACT = dict(rtol=1e-14, atol=1e-14)
# Central differences with h = 1e-6 have truncation error ~h^2 |f'''| / 6
# ~1e-13 and rounding error ~eps |f| / h ~1e-10 for the O(1) functions used
# here, so 1e-8 is a safe bound that a wrong derivative (off by O(1)) fails.
FD_TOL = 1e-8
H = 1e-6


def ad(value, *derivatives):
    return AutoDiffXd(value, np.array(derivatives, dtype=float))


# ---------------------------------------------------------------------------
# The scalar.

def test_constructors_and_accessors():
    x = AutoDiffXd(1.5)
    assert x.value() == 1.5
    assert x.derivatives().shape == (0,)
    y = AutoDiffXd(2.0, [1.0, -3.0])
    assert y.value() == 2.0
    np.testing.assert_array_equal(y.derivatives(), [1.0, -3.0])
    # An int value converts; derivatives() returns a copy, not a view.
    z = AutoDiffXd(3, np.array([1.0]))
    z.derivatives()[0] = 99.0
    assert z.value() == 3.0 and z.derivatives()[0] == 1.0


def test_constructor_derivative_shapes():
    # A column of derivatives is accepted too, as in the reference.
    x = AutoDiffXd(1.0, np.array([[1.0], [2.0]]))
    np.testing.assert_array_equal(x.derivatives(), [1.0, 2.0])
    with pytest.raises(RuntimeError, match=r"vector of derivatives.*\(2, 2\)"):
        AutoDiffXd(1.0, np.zeros((2, 2)))


def test_repr():
    assert repr(AutoDiffXd(1.0, [1.0, 0.0])) == "<AutoDiffXd 1.0 nderiv=2>"
    assert str(AutoDiffXd(-0.25, [1.0])) == "AD{-0.25, nderiv=1}"


def test_arithmetic_closed_forms():
    # x and y are independent variables: dx = e0, dy = e1.
    x, y = ad(3.0, 1.0, 0.0), ad(-2.0, 0.0, 1.0)
    cases = [
        (x + y, 1.0, [1.0, 1.0]),
        (x - y, 5.0, [1.0, -1.0]),
        (x * y, -6.0, [-2.0, 3.0]),
        # d(x/y) = dx/y - x dy/y^2
        (x / y, -1.5, [-0.5, -0.75]),
        (-x, -3.0, [-1.0, 0.0]),
        (+x, 3.0, [1.0, 0.0]),
        (abs(y), 2.0, [0.0, -1.0]),
        # d(x^y) = y x^(y-1) dx + x^y ln(x) dy
        (x ** y, 3.0 ** -2, [-2.0 * 3.0 ** -3, 3.0 ** -2 * math.log(3.0)]),
    ]
    for result, value, derivatives in cases:
        assert isinstance(result, AutoDiffXd)
        np.testing.assert_allclose(result.value(), value, **EXACT)
        np.testing.assert_allclose(result.derivatives(), derivatives, **EXACT)


@pytest.mark.parametrize("c", [2.5, 2, np.float64(2.5), np.int64(2)])
def test_mixed_arithmetic_both_orders(c):
    x = ad(3.0, 1.0)
    cf = float(c)
    cases = [
        (x + c, 3.0 + cf, 1.0), (c + x, 3.0 + cf, 1.0),
        (x - c, 3.0 - cf, 1.0), (c - x, cf - 3.0, -1.0),
        (x * c, 3.0 * cf, cf), (c * x, 3.0 * cf, cf),
        (x / c, 3.0 / cf, 1.0 / cf), (c / x, cf / 3.0, -cf / 9.0),
        (x ** c, 3.0 ** cf, cf * 3.0 ** (cf - 1)),
        (c ** x, cf ** 3.0, cf ** 3.0 * math.log(cf)),
    ]
    for result, value, derivative in cases:
        assert isinstance(result, AutoDiffXd), type(result)
        np.testing.assert_allclose(result.value(), value, **EXACT)
        np.testing.assert_allclose(result.derivatives(), [derivative], **EXACT)


def test_constants_mix_with_any_derivative_size_and_are_not_mutated():
    x = ad(2.0, 1.0, 2.0, 3.0)
    c = AutoDiffXd(5.0)
    r = x * c + c
    np.testing.assert_array_equal(r.derivatives(), [5.0, 10.0, 15.0])
    # The constant operand keeps its empty derivative vector.
    assert c.derivatives().shape == (0,)


def test_derivative_size_mismatch_raises():
    with pytest.raises(RuntimeError, match=r"__add__.*2 and 3 derivatives"):
        ad(1.0, 1.0, 0.0) + ad(1.0, 1.0, 0.0, 0.0)
    with pytest.raises(RuntimeError, match="atan2"):
        ad(1.0, 1.0).atan2(ad(1.0, 1.0, 0.0))


def test_pow_special_cases():
    # Constant exponent on a negative base: the ln(base) term is skipped.
    r = ad(-2.0, 1.0) ** 3
    assert r.value() == -8.0
    np.testing.assert_allclose(r.derivatives(), [12.0], **EXACT)
    r = ad(-2.0, 1.0) ** AutoDiffXd(3.0)
    np.testing.assert_allclose(r.derivatives(), [12.0], **EXACT)
    # Exponent 0 at base 0: constant 1 with zero derivative (not NaN).
    r = ad(0.0, 1.0) ** 0
    assert r.value() == 1.0
    np.testing.assert_array_equal(r.derivatives(), [0.0])
    np.testing.assert_allclose(ad(2.0, 1.0).pow(3.0).derivatives(), [12.0])


def test_comparisons_are_on_value():
    a, b = ad(1.0, 1.0), ad(2.0, -5.0)
    assert a < b and a <= b and b > a and b >= a and a != b
    assert a == AutoDiffXd(1.0, [7.0])
    assert a == 1.0 and 1.0 == a and a < 2 and 2 > a and a >= 1 and 0.5 <= a
    assert not (a == "1.0")
    with pytest.raises(TypeError):
        hash(a)


UNARY = {
    "sin": math.sin, "cos": math.cos, "tan": math.tan,
    "asin": math.asin, "acos": math.acos, "atan": math.atan,
    "arcsin": math.asin, "arccos": math.acos, "arctan": math.atan,
    "sinh": math.sinh, "cosh": math.cosh, "tanh": math.tanh,
    "exp": math.exp, "log": math.log, "sqrt": math.sqrt, "abs": abs,
}


@pytest.mark.parametrize("name", sorted(UNARY))
@pytest.mark.parametrize("x0", [0.3, 0.7])
def test_unary_math_vs_finite_differences(name, x0):
    f = UNARY[name]
    # Two derivative directions with different scales check that the chain
    # rule multiplies the whole vector.
    x = ad(x0, 1.0, -2.0)
    r = getattr(x, name)()
    assert r.value() == pytest.approx(f(x0), rel=1e-15)
    fd = (f(x0 + H) - f(x0 - H)) / (2 * H)
    np.testing.assert_allclose(r.derivatives(), [fd, -2.0 * fd], atol=FD_TOL)


def test_binary_math_vs_finite_differences():
    y0, x0 = 0.4, -1.3
    y, x = ad(y0, 1.0, 0.0), ad(x0, 0.0, 1.0)
    fd = [(math.atan2(y0 + H, x0) - math.atan2(y0 - H, x0)) / (2 * H),
          (math.atan2(y0, x0 + H) - math.atan2(y0, x0 - H)) / (2 * H)]
    for r in (y.atan2(x), y.arctan2(x)):
        assert r.value() == math.atan2(y0, x0)
        np.testing.assert_allclose(r.derivatives(), fd, atol=FD_TOL)
    # pow with both arguments varying.
    a, b = ad(1.7, 1.0, 0.0), ad(0.6, 0.0, 1.0)
    fd = [(1.7 + H) ** 0.6 - (1.7 - H) ** 0.6,
          1.7 ** (0.6 + H) - 1.7 ** (0.6 - H)]
    np.testing.assert_allclose(
        a.pow(b).derivatives(), np.array(fd) / (2 * H), atol=FD_TOL)


def test_min_max_ceil_floor():
    a, b = ad(1.0, 1.0), ad(2.0, 5.0)
    np.testing.assert_array_equal(a.min(b).derivatives(), [1.0])
    np.testing.assert_array_equal(a.max(b).derivatives(), [5.0])
    np.testing.assert_array_equal(b.min(a).derivatives(), [1.0])
    # On a tie, self is returned.
    np.testing.assert_array_equal(a.max(ad(1.0, 9.0)).derivatives(), [1.0])
    x = ad(2.5, 1.0)
    assert x.ceil() == 3.0 and isinstance(x.ceil(), float)
    assert x.floor() == 2.0
    assert math.ceil(x) == 3 and math.floor(x) == 2


def test_numpy_ufuncs_on_object_arrays():
    # InitializeAutoDiff returns a column; take it as a 1-d vector.
    x = InitializeAutoDiff(np.array([0.1, 0.2, 0.3]))[:, 0]
    assert x.dtype == object and x.shape == (3,)
    for ufunc, f, df in [
            (np.sin, np.sin, np.cos), (np.cos, np.cos, lambda v: -np.sin(v)),
            (np.exp, np.exp, np.exp), (np.log, np.log, lambda v: 1 / v),
            (np.sqrt, np.sqrt, lambda v: 0.5 / np.sqrt(v)),
            (np.arctan, np.arctan, lambda v: 1 / (1 + v * v)),
            (np.tanh, np.tanh, lambda v: 1 - np.tanh(v) ** 2)]:
        y = ufunc(x)
        v = np.array([0.1, 0.2, 0.3])
        np.testing.assert_allclose(ExtractValue(y).ravel(), f(v), **EXACT)
        # Entry k depends only on x[k]: the gradient is diagonal.
        np.testing.assert_allclose(ExtractGradient(y), np.diag(df(v)), **EXACT)
    # Linear algebra on object arrays: d(x . x) = 2 x.
    s = x.dot(x)
    np.testing.assert_allclose(s.derivatives(), [0.2, 0.4, 0.6], **EXACT)
    # Float arrays and AutoDiffXd mix elementwise.
    r = np.array([1.0, 2.0, 3.0]) * x
    np.testing.assert_allclose(ExtractGradient(r), np.diag([1.0, 2.0, 3.0]))
    r = np.arctan2(x, np.array([1.0, 1.0, 1.0], dtype=object))
    np.testing.assert_allclose(ExtractValue(r).ravel(),
                               np.arctan2([0.1, 0.2, 0.3], 1))


def test_copy_and_pickle():
    x = ad(1.25, 0.5, -1.0)
    for y in (copy.copy(x), copy.deepcopy(x), pickle.loads(pickle.dumps(x))):
        assert y is not x and isinstance(y, AutoDiffXd)
        assert y.value() == 1.25
        np.testing.assert_array_equal(y.derivatives(), [0.5, -1.0])
    # Arrays of AutoDiffXd pickle through numpy.
    arr = InitializeAutoDiff(np.array([1.0, 2.0]))
    back = pickle.loads(pickle.dumps(arr))
    np.testing.assert_array_equal(ExtractGradient(back), np.eye(2))


def test_unpickle_in_fresh_interpreter():
    # The class is found by module and name in a process that has not
    # imported ossa yet.
    data = pickle.dumps(ad(4.0, 1.0, 2.0))
    code = ("import pickle, sys; x = pickle.loads(sys.stdin.buffer.read()); "
            "print(x.value(), x.derivatives().tolist())")
    out = subprocess.run([sys.executable, "-c", code], input=data,
                         capture_output=True, check=True).stdout
    assert out.decode().strip() == "4.0 [1.0, 2.0]"


# ---------------------------------------------------------------------------
# The array helpers.

def test_initialize_autodiff_shapes_and_derivatives():
    v = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    x = InitializeAutoDiff(v)
    assert x.shape == (3, 2) and x.dtype == object
    np.testing.assert_array_equal(ExtractValue(x), v)
    # Entries are numbered column-major, as in C++.
    assert x[1, 0].derivatives()[1] == 1.0
    assert x[0, 1].derivatives()[3] == 1.0
    np.testing.assert_array_equal(ExtractGradient(x), np.eye(6))
    # As in the reference, vectors come back as columns; scalars and lists
    # work too.
    assert InitializeAutoDiff(2.0).shape == (1, 1)
    assert InitializeAutoDiff([1.0, 2.0]).shape == (2, 1)
    assert ExtractValue(np.array([AutoDiffXd(1.0)] * 3)).shape == (3, 1)


def test_initialize_autodiff_with_offsets():
    x = InitializeAutoDiff([1.0, 2.0], num_derivatives=5, deriv_num_start=2)
    np.testing.assert_array_equal(ExtractGradient(x),
                                  [[0, 0, 1, 0, 0], [0, 0, 0, 1, 0]])
    with pytest.raises(RuntimeError, match="do not fit"):
        InitializeAutoDiff([1.0, 2.0], num_derivatives=2, deriv_num_start=1)


def test_initialize_autodiff_with_gradient_round_trip():
    v = np.array([1.0, -1.0, 0.5])
    g = np.arange(6.0).reshape(3, 2)
    x = InitializeAutoDiff(v, g)
    assert x.shape == (3, 1)
    np.testing.assert_array_equal(ExtractValue(x), v[:, None])
    np.testing.assert_array_equal(ExtractGradient(x), g)
    with pytest.raises(RuntimeError, match="gradient has 2 rows"):
        InitializeAutoDiff(v, g[:2])


def test_initialize_autodiff_tuple():
    a, b = InitializeAutoDiffTuple([1.0, 2.0], 3.0)
    assert a.shape == (2, 1) and b.shape == (1, 1)
    np.testing.assert_array_equal(ExtractGradient(a), [[1, 0, 0], [0, 1, 0]])
    np.testing.assert_array_equal(ExtractGradient(b), [[0, 0, 1]])


def test_extract_gradient_rules():
    x = np.array([ad(1.0, 1.0, 2.0), AutoDiffXd(3.0)], dtype=object)
    # A constant entry gives a zero row.
    np.testing.assert_array_equal(ExtractGradient(x), [[1, 2], [0, 0]])
    np.testing.assert_array_equal(ExtractGradient(x, num_derivatives=2),
                                  [[1, 2], [0, 0]])
    bad = np.array([ad(1.0, 1.0), ad(1.0, 1.0, 0.0)], dtype=object)
    with pytest.raises(RuntimeError, match="different sizes"):
        ExtractGradient(bad)


def test_discard_gradient():
    x = InitializeAutoDiff([1.0, 2.0])
    np.testing.assert_array_equal(DiscardGradient(x), [[1.0], [2.0]])
    np.testing.assert_array_equal(DiscardGradient(np.array([3.0])), [[3.0]])
    consts = np.array([AutoDiffXd(1.0, [0.0, 1e-12]), AutoDiffXd(2.0)])
    np.testing.assert_array_equal(
        DiscardZeroGradient(consts, precision=1e-10), [[1.0], [2.0]])
    with pytest.raises(RuntimeError, match="not zero"):
        DiscardZeroGradient(consts)
    with pytest.raises(RuntimeError, match="not zero"):
        DiscardZeroGradient(x, precision=0.5)


# ---------------------------------------------------------------------------
# The Eigen <-> numpy object-array caster (through test-only C++ functions).

def test_caster_fixed_and_dynamic_round_trips():
    x = InitializeAutoDiff(np.array([1.0, 2.0, 3.0]))[:, 0]
    for f in (T.PassVector3, T.PassVectorX, T.PassRowVector3):
        y = f(x)
        assert y.shape == (3,) and y.dtype == object
        np.testing.assert_array_equal(ExtractGradient(y), np.eye(3))
        # New objects, not the inputs.
        assert y[0] is not x[0]
    m = InitializeAutoDiff(np.arange(6.0).reshape(2, 3))
    for f in (T.PassMatrix23, T.PassMatrixX, T.PassRefMatrixX):
        y = f(m)
        assert y.shape == (2, 3)
        np.testing.assert_array_equal(ExtractValue(y), ExtractValue(m))
        np.testing.assert_array_equal(ExtractGradient(y), ExtractGradient(m))


def test_caster_reads_derivatives_in_cpp():
    # An n x 1 column goes to a C++ vector as well.
    x = InitializeAutoDiff(np.array([1.0, -2.0]))
    y = T.TwiceVectorX(x)
    assert y.shape == (2,)
    np.testing.assert_array_equal(ExtractValue(y).ravel(), [2.0, -4.0])
    np.testing.assert_array_equal(ExtractGradient(y), 2 * np.eye(2))


def test_caster_accepts_numbers_as_constants():
    for arg, expected in [
            ([1, 2, 3], [1.0, 2.0, 3.0]),
            (np.array([1.0, 2.0, 3.0]), [1.0, 2.0, 3.0]),
            ((1.5, 2, np.float32(3)), [1.5, 2.0, 3.0]),
            (np.array([AutoDiffXd(1.0), 2.0, 3], dtype=object),
             [1.0, 2.0, 3.0])]:
        y = T.PassVector3(arg)
        assert [e.value() for e in y] == expected
        assert all(e.derivatives().shape == (0,) for e in y)


def test_caster_shapes_and_rejections():
    # A 1-d array goes to a dynamic matrix as a column.
    assert T.ShapeOfRef(np.array([AutoDiffXd(1.0)] * 4)) == (4, 1)
    assert T.PassMatrixX(np.array([1.0, 2.0])).shape == (2, 1)
    with pytest.raises(TypeError):
        T.PassVector3([1.0, 2.0])  # wrong fixed size
    with pytest.raises(TypeError):
        T.PassMatrix23(np.zeros((3, 2)))
    with pytest.raises(TypeError):
        T.PassVectorX(np.zeros((2, 2, 2)))  # too many dimensions
    with pytest.raises(TypeError):
        T.PassVectorX(["a", "b"])
    with pytest.raises(TypeError):
        T.PassVectorX(1.0)  # a scalar is not a vector


def test_caster_expression_template_return():
    x = InitializeAutoDiff(np.array([1.0, 2.0, 3.0]))
    y = T.ReversedVector3(x)
    np.testing.assert_array_equal(ExtractValue(y).ravel(), [3.0, 2.0, 1.0])
    np.testing.assert_array_equal(ExtractGradient(y), np.eye(3)[::-1])


def test_caster_overload_resolution():
    # Float arrays pick the double overload, AutoDiffXd arrays the other.
    assert T.WhichOverload(np.ones((2, 2))) == "double"
    assert T.WhichOverload(InitializeAutoDiff(np.ones((2, 2)))) == "AutoDiffXd"
    np.testing.assert_array_equal(T.PassVector3d(np.array([1.0, 2, 3])),
                                  [1, 2, 3])


def test_autodiff_equal_to():
    from ossa.autodiffutils import autodiff_equal_to
    a = AutoDiffXd(1.0)
    z = AutoDiffXd(1.0, [0.0])
    assert autodiff_equal_to(z, AutoDiffXd(1.0, [0.0]))
    assert not autodiff_equal_to(a, z)
    assert autodiff_equal_to(a, z, semantic=True)
    assert not autodiff_equal_to(z, AutoDiffXd(1.0, [0.0, 0.0]), semantic=True)
    assert not autodiff_equal_to(z, AutoDiffXd(2.0, [0.0]))
    result = autodiff_equal_to(np.array([a, z]), np.array([a, a]))
    assert result.dtype == bool and result.tolist() == [True, False]
