"""The trajectories on AutoDiffXd and Expression: the C++ ones
(PiecewisePolynomial_, PiecewiseTrajectory_, BsplineTrajectory_,
math.BsplineBasis_) and the ones written in Python (DiscreteTimeTrajectory_,
FunctionHandleTrajectory_, StackedTrajectory_, DerivativeTrajectory_,
CompositeTrajectory_, PathParameterizedTrajectory_,
PiecewiseQuaternionSlerp_, PiecewisePose_).

Each program runs on float and on the other scalar at the same values:
Expression results, evaluated, equal the float ones; AutoDiffXd
derivatives with respect to time equal EvalDerivative(t, 1) of the float
twin (or a central difference); and the same program runs on the reference
(pydrake) where it has the instantiation. Symbolic times: value(t) of a
one-segment PiecewisePolynomial is the polynomial at min(max(t, t0), t1);
with more segments, or for the trajectories that look a time up among
samples, a symbolic time raises RuntimeError on both packages.

Tolerances: 1e-12 between scalars and against the reference (the same
polynomials and recurrences in double precision; the slerp goes through
atan2, sin and cos of the same angles); 1e-6 for central differences (step
1e-6 on functions with second derivatives of order one).
"""

import numpy as np
import pytest

pytest.importorskip("pydrake.trajectories")

import ossa.autodiffutils as ossa_ad  # noqa: E402
import ossa.math as ossa_math  # noqa: E402
import ossa.symbolic as ossa_sym  # noqa: E402
import ossa.trajectories as ossa_traj  # noqa: E402
import pydrake.autodiffutils as drake_ad  # noqa: E402
import pydrake.math as drake_math  # noqa: E402
import pydrake.symbolic as drake_sym  # noqa: E402
import pydrake.trajectories as drake_traj  # noqa: E402

TOL = 1e-12
FD_TOL = 1e-6

OSSA = dict(ad=ossa_ad, math=ossa_math, sym=ossa_sym, traj=ossa_traj)
DRAKE = dict(ad=drake_ad, math=drake_math, sym=drake_sym, traj=drake_traj)
LIBS = [OSSA, DRAKE]

BREAKS = [0.0, 0.5, 1.5, 2.0]
SAMPLES = np.array([[0.0, 1.0, 3.0, 2.0],
                    [1.0, -2.0, 0.5, 4.0]])
TIMES = [-0.25, 0.1, 0.5, 0.9, 1.6, 2.0, 2.3]


def scalar_type(lib, name):
    if name == "float":
        return float
    if name == "ad":
        return lib["ad"].AutoDiffXd
    return lib["sym"].Expression


def to_t(T, x):
    return x if T is float else T(x)


def as_t(T, array):
    array = np.asarray(array, dtype=float)
    if T is float:
        return array
    return np.vectorize(T, otypes=[object])(array)


def values_of(lib, array):
    """The floats of an array of float, AutoDiffXd or constant Expression."""
    def one(x):
        if isinstance(x, lib["ad"].AutoDiffXd):
            return x.value()
        if isinstance(x, lib["sym"].Expression):
            return x.Evaluate()
        return float(x)
    return np.vectorize(one, otypes=[float])(np.asarray(array, dtype=object))


def time_derivative(array):
    """∂/∂t of an array of AutoDiffXd seeded with one derivative (an entry
    without derivatives is constant in t)."""
    def one(x):
        derivatives = x.derivatives()
        return derivatives[0] if derivatives.size else 0.0
    return np.vectorize(one, otypes=[float])(np.asarray(array, dtype=object))


def piecewise_programs(lib, T):
    """One PiecewisePolynomial of each kind on scalar T."""
    PP = lib["traj"].PiecewisePolynomial_[T]
    breaks = [to_t(T, t) for t in BREAKS]
    samples = as_t(T, SAMPLES)
    return {
        "zoh": PP.ZeroOrderHold(breaks, samples),
        "foh": PP.FirstOrderHold(breaks, samples),
        "hermite": PP.CubicHermite(breaks, samples, as_t(T, SAMPLES[::-1])),
        "spline": PP.CubicWithContinuousSecondDerivatives(breaks, samples),
        "clamped": PP.CubicWithContinuousSecondDerivatives(
            breaks, [samples[:, [i]] for i in range(4)],
            as_t(T, [[1.0], [0.0]]), as_t(T, [[0.0], [-1.0]])),
    }


def bspline_program(lib, T):
    basis = lib["math"].BsplineBasis_[T](
        4, 5, lib["math"].KnotVectorType.kClampedUniform, to_t(T, 0.5),
        to_t(T, 2.0))
    control = as_t(T, [[0.0, 1.0, 3.0, 2.0, -1.0],
                       [1.0, -2.0, 0.5, 4.0, 3.0]])
    return lib["traj"].BsplineTrajectory_[T](
        basis, [control[:, [i]] for i in range(5)])


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
@pytest.mark.parametrize("scalar", ["ad", "sym"])
def test_piecewise_polynomial_scalars_equal_float(lib, scalar):
    T = scalar_type(lib, scalar)
    floats = piecewise_programs(lib, float)
    others = piecewise_programs(lib, T)
    for name, pp in others.items():
        for t in TIMES:
            for order in (0, 1, 2):
                expected = floats[name].EvalDerivative(t, order) if order \
                    else floats[name].value(t)
                got = pp.EvalDerivative(to_t(T, t), order) if order else \
                    pp.value(to_t(T, t))
                np.testing.assert_allclose(values_of(lib, got), expected,
                                           rtol=0, atol=TOL, err_msg=name)
        assert pp.get_segment_index(to_t(T, 1.6)) == 2
        assert [values_of(lib, b) for b in pp.get_segment_times()] == BREAKS
        np.testing.assert_allclose(
            values_of(lib, pp.derivative(1).value(to_t(T, 0.7))),
            floats[name].derivative(1).value(0.7), rtol=0, atol=TOL)


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
def test_piecewise_polynomial_autodiff_time_derivative(lib):
    # d value(t)/dt through an AutoDiffXd time equals EvalDerivative(t, 1).
    AD = lib["ad"].AutoDiffXd
    floats = piecewise_programs(lib, float)
    for name, pp in piecewise_programs(lib, AD).items():
        for t in (0.1, 0.9, 1.6):
            value = pp.value(AD(t, [1.0]))
            derivative = time_derivative(value)
            np.testing.assert_allclose(
                derivative, floats[name].EvalDerivative(t, 1), rtol=0,
                atol=TOL, err_msg=name)


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
def test_piecewise_polynomial_symbolic_samples(lib):
    # Samples with a variable: the values are affine in it, and evaluate to
    # the float trajectory of the substituted samples.
    E, Variable = lib["sym"].Expression, lib["sym"].Variable
    x = Variable("x")
    samples = as_t(E, SAMPLES)
    samples[1, 2] = E(x)
    PP = lib["traj"].PiecewisePolynomial_[E]
    for make in ("FirstOrderHold", "CubicWithContinuousSecondDerivatives"):
        pp = getattr(PP, make)(BREAKS, samples)
        for x_value in (-1.0, 0.5, 2.0):
            numbers = SAMPLES.copy()
            numbers[1, 2] = x_value
            expected = getattr(lib["traj"].PiecewisePolynomial, make)(
                BREAKS, numbers)
            for t in TIMES:
                got = pp.value(t)
                evaluated = np.vectorize(
                    lambda e: e.Evaluate({x: x_value}), otypes=[float])(got)
                np.testing.assert_allclose(evaluated, expected.value(t),
                                           rtol=0, atol=TOL, err_msg=make)


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
def test_piecewise_polynomial_symbolic_time(lib):
    E, Variable = lib["sym"].Expression, lib["sym"].Variable
    t = Variable("t")
    PP = lib["traj"].PiecewisePolynomial_[E]
    one = PP.CubicHermite([0.0, 2.0], as_t(E, [[1.0, 3.0]]),
                          as_t(E, [[0.5, -1.0]]))
    floats = lib["traj"].PiecewisePolynomial.CubicHermite(
        [0.0, 2.0], np.array([[1.0, 3.0]]), np.array([[0.5, -1.0]]))
    value = one.value(E(t))[0, 0]
    # The clamped polynomial: equal to the float one inside and held
    # outside.
    for time in (-1.0, 0.0, 0.3, 1.7, 2.0, 3.5):
        assert abs(value.Evaluate({t: time}) - floats.value(time)[0, 0]) \
            < TOL
    assert one.get_segment_index(E(t)) == 0
    three = PP.FirstOrderHold(BREAKS[:3], as_t(E, SAMPLES[:, :3]))
    for call in (lambda: three.value(E(t)),
                 lambda: three.get_segment_index(E(t)),
                 lambda: three.EvalDerivative(E(t), 1)):
        with pytest.raises(RuntimeError):
            call()
    formula = three.is_time_in_range(E(t))
    assert isinstance(formula, lib["sym"].Formula)
    assert formula.Evaluate({t: 1.0}) and not formula.Evaluate({t: 1.6})


def test_symbolic_time_error_names_the_method():
    E, t = ossa_sym.Expression, ossa_sym.Variable("t")
    pp = ossa_traj.PiecewisePolynomial_[E].FirstOrderHold(
        BREAKS, as_t(E, SAMPLES))
    with pytest.raises(RuntimeError,
                       match=r"PiecewisePolynomial::get_segment_index\(\): "
                             r"the time t depends on the variables"):
        pp.value(E(t))


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
@pytest.mark.parametrize("scalar", ["ad", "sym"])
def test_bspline_scalars_equal_float(lib, scalar):
    T = scalar_type(lib, scalar)
    floats, other = bspline_program(lib, float), bspline_program(lib, T)
    for time in np.linspace(0.5, 2.0, 7):
        np.testing.assert_allclose(
            values_of(lib, other.value(to_t(T, time))), floats.value(time),
            rtol=0, atol=TOL)
        np.testing.assert_allclose(
            values_of(lib, other.EvalDerivative(to_t(T, time), 1)),
            floats.EvalDerivative(time, 1), rtol=0, atol=TOL)
        basis, float_basis = other.basis(), floats.basis()
        for i in range(basis.num_basis_functions()):
            assert abs(values_of(lib, basis.EvaluateBasisFunctionI(
                i, to_t(T, time))) - float_basis.EvaluateBasisFunctionI(
                    i, time)) < TOL
        assert basis.FindContainingInterval(to_t(T, time)) == \
            float_basis.FindContainingInterval(time)
    np.testing.assert_allclose(
        values_of(lib, other.MakeDerivative(2).value(to_t(T, 1.2))),
        floats.MakeDerivative(2).value(1.2), rtol=0, atol=TOL)


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
def test_bspline_symbolic_time_raises(lib):
    E, t = lib["sym"].Expression, lib["sym"].Variable("t")
    spline = bspline_program(lib, E)
    with pytest.raises(RuntimeError):
        spline.value(E(t))
    with pytest.raises(RuntimeError):
        spline.basis().FindContainingInterval(E(t))


# -- The trajectories written in Python -----------------------------------

def python_written_programs(lib, T):
    traj, math = lib["traj"], lib["math"]
    PP = traj.PiecewisePolynomial_[T]
    foh = PP.FirstOrderHold([to_t(T, 0.0), to_t(T, 1.0)],
                            as_t(T, [[1.0, 3.0], [0.0, -2.0]]))
    cubic = PP.CubicHermite([to_t(T, 1.0), to_t(T, 2.0)],
                            as_t(T, [[3.0, 0.0], [-2.0, 1.0]]),
                            as_t(T, [[2.0, 1.0], [-2.0, 0.0]]))
    stacked = traj.StackedTrajectory_[T](True)
    stacked.Append(foh)
    stacked.Append(foh)
    scaling = PP.CubicHermite([to_t(T, 0.0), to_t(T, 2.0)],
                              as_t(T, [[0.0, 1.0]]), as_t(T, [[0.2, 0.7]]))
    R1 = math.RotationMatrix_[T].MakeZRotation(to_t(T, 1.0))
    R2 = math.RotationMatrix_[T](math.RollPitchYaw_[T](
        to_t(T, 0.3), to_t(T, -0.4), to_t(T, 1.5)))
    poses = [math.RigidTransform_[T](),
             math.RigidTransform_[T](R1, as_t(T, [1.0, 2.0, 3.0])),
             math.RigidTransform_[T](R2, as_t(T, [0.0, -1.0, 2.0]))]
    times = [to_t(T, 0.0), to_t(T, 1.0), to_t(T, 2.0)]
    return {
        "composite": traj.CompositeTrajectory_[T]([foh, cubic]),
        "stacked": stacked,
        "derivative": traj.DerivativeTrajectory_[T](cubic, 1),
        "path": traj.PathParameterizedTrajectory_[T](cubic, PP.FirstOrderHold(
            [to_t(T, 0.0), to_t(T, 2.0)], as_t(T, [[1.0, 2.0]]))),
        "retimed": traj.PathParameterizedTrajectory_[T](foh, scaling),
        "slerp": traj.PiecewiseQuaternionSlerp_[T](
            times, [p.rotation() for p in poses]),
        "pose": traj.PiecewisePose_[T].MakeLinear(times, poses),
        "discrete": traj.DiscreteTimeTrajectory_[T](
            times, [as_t(T, [[1.0], [2.0]]), as_t(T, [[3.0], [4.0]]),
                    as_t(T, [[5.0], [6.0]])]),
    }


PY_TIMES = [0.0, 0.3, 1.0, 1.4, 2.0]


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
@pytest.mark.parametrize("scalar", ["ad", "sym"])
def test_python_written_scalars_equal_float(lib, scalar):
    T = scalar_type(lib, scalar)
    floats = python_written_programs(lib, float)
    for name, trajectory in python_written_programs(lib, T).items():
        expected_type = getattr(lib["traj"], type(floats[name]).__name__
                                .split("_")[0] + "_")[T]
        assert isinstance(trajectory, expected_type)
        for t in PY_TIMES:
            if name == "discrete" and t not in (0.0, 1.0, 2.0):
                continue
            np.testing.assert_allclose(
                values_of(lib, trajectory.value(to_t(T, t))),
                floats[name].value(t), rtol=0, atol=TOL, err_msg=name)
            if name in ("discrete",):
                continue
            np.testing.assert_allclose(
                values_of(lib, trajectory.EvalDerivative(to_t(T, t), 1)),
                floats[name].EvalDerivative(t, 1), rtol=0, atol=TOL,
                err_msg=name)


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
def test_python_written_autodiff_time_derivative(lib):
    # value(t) through an AutoDiffXd time: d/dt equals a central difference
    # of the float trajectory (and EvalDerivative(t, 1) where that is the
    # time derivative of value(t)).
    AD = lib["ad"].AutoDiffXd
    floats = python_written_programs(lib, float)
    h = 1e-6
    for name, trajectory in python_written_programs(lib, AD).items():
        if name == "discrete":
            continue
        for t in (0.3, 1.4):
            value = trajectory.value(AD(t, [1.0]))
            derivative = time_derivative(value)
            central = (np.asarray(floats[name].value(t + h)) -
                       np.asarray(floats[name].value(t - h))) / (2 * h)
            np.testing.assert_allclose(derivative, central, rtol=0,
                                       atol=FD_TOL, err_msg=name)


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
def test_python_written_symbolic(lib):
    E, Variable = lib["sym"].Expression, lib["sym"].Variable
    t, x = Variable("t"), Variable("x")
    traj = lib["traj"]
    # A function of a symbolic time stays symbolic.
    function = traj.FunctionHandleTrajectory_[E](
        lambda time: np.array([time * time, 2 * time]), 2, 1, 0.0, 1.0)
    value = function.value(E(t))
    assert value.shape == (2, 1)
    assert abs(value[0, 0].Evaluate({t: 0.75}) - 0.5625) < TOL
    assert abs(value[1, 0].Evaluate({t: 0.75}) - 1.5) < TOL
    # Stacked one-segment trajectories keep a symbolic time; a symbolic
    # sample stays in the value.
    foh = traj.PiecewisePolynomial_[E].FirstOrderHold(
        [0.0, 1.0], np.array([[E(1.0), E(x)]]))
    stacked = traj.StackedTrajectory_[E](True)
    stacked.Append(foh)
    stacked.Append(foh)
    entry = stacked.value(E(t))[1, 0]
    assert abs(entry.Evaluate({t: 0.25, x: 5.0}) - 2.0) < TOL
    assert abs(entry.Evaluate({t: 3.0, x: 5.0}) - 5.0) < TOL
    # The range of a symbolic time is a Formula.
    for name in ("slerp", "pose"):
        formula = python_written_programs(lib, E)[name].is_time_in_range(E(t))
        assert isinstance(formula, lib["sym"].Formula)
        assert formula.Evaluate({t: 1.5}) and not formula.Evaluate({t: 2.5})
    # Looking a symbolic time up among samples or segments raises.
    programs = python_written_programs(lib, E)
    for name in ("composite", "discrete", "slerp", "pose"):
        with pytest.raises(RuntimeError):
            programs[name].value(E(t))


def test_python_written_instantiations_are_listed():
    for name in ("DiscreteTimeTrajectory", "FunctionHandleTrajectory",
                 "StackedTrajectory", "DerivativeTrajectory",
                 "CompositeTrajectory", "PiecewiseQuaternionSlerp",
                 "PiecewisePose", "PathParameterizedTrajectory"):
        template = getattr(ossa_traj, name + "_")
        assert template[float] is getattr(ossa_traj, name)
        for T in (ossa_ad.AutoDiffXd, ossa_sym.Expression):
            assert issubclass(template[T], ossa_traj.Trajectory_[T])
            assert template[T].__name__ == f"{name}_[{T.__name__}]"
