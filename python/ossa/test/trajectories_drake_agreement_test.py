"""The trajectory classes of ossa.trajectories and ossa.math's BsplineBasis
against closed forms and the reference (pydrake): BezierCurve,
BsplineBasis / BsplineTrajectory, PiecewiseTrajectory,
ExponentialPlusPiecewisePolynomial, CompositeTrajectory.AlignAndConcatenate
and copying.

Tolerance: 1e-12 against the reference (both evaluate the same polynomials
by short recurrences in double precision; the B-spline and Bézier values
are convex combinations, so rounding stays near machine epsilon); 1e-9 for
closed forms that go through finite differences or matrix exponentials
(5e-6 for the central differences themselves, step 1e-5).
"""

import copy

import numpy as np
import pytest

pytest.importorskip("pydrake.trajectories")

import ossa.math as ossa_math  # noqa: E402
import ossa.trajectories as ossa_traj  # noqa: E402
import pydrake.math as drake_math  # noqa: E402
import pydrake.trajectories as drake_traj  # noqa: E402

LIBS = [(ossa_math, ossa_traj), (drake_math, drake_traj)]
TOL = 1e-12

CONTROL = np.array([[0.0, 1.0, 3.0, 2.0, -1.0],
                    [1.0, -2.0, 0.5, 4.0, 3.0]])
TIMES = np.linspace(-0.5, 2.5, 31)


def bezier(traj):
    return traj.BezierCurve(0.5, 2.0, CONTROL)


def bspline(math, traj, knot_type_name="kClampedUniform", order=4):
    basis = math.BsplineBasis(order, CONTROL.shape[1],
                              getattr(math.KnotVectorType, knot_type_name),
                              0.5, 2.0)
    # Control points as 2x1 matrices (a list of rows is the other form).
    return traj.BsplineTrajectory(basis, [CONTROL[:, [i]]
                                          for i in range(CONTROL.shape[1])])


def eppp(traj):
    K = np.array([[1.0, 0.5], [0.0, 2.0]])
    A = np.array([[-1.0, 0.3], [0.0, -2.0]])
    alpha = np.array([[1.0, -1.0, 0.5], [2.0, 0.0, 1.0]])
    pp = traj.PiecewisePolynomial.CubicHermite(
        [0.0, 0.5, 1.5, 2.0], CONTROL[:, :4], np.ones((2, 4)))
    return traj.ExponentialPlusPiecewisePolynomial(K, A, alpha, pp)


def samples(trajectory, orders=(0,)):
    return np.array([[np.asarray(trajectory.EvalDerivative(t, d) if d else
                                 trajectory.value(t))
                      for d in orders] for t in TIMES])


def test_bezier_curve_agrees():
    ours, theirs = (bezier(traj) for _, traj in LIBS)
    np.testing.assert_allclose(samples(ours, (0, 1, 2, 3, 5)),
                               samples(theirs, (0, 1, 2, 3, 5)), atol=TOL)
    assert ours.order() == theirs.order() == 4
    for d in range(6):
        np.testing.assert_allclose(
            ours.AsLinearInControlPoints(d).toarray(),
            theirs.AsLinearInControlPoints(d).toarray(), atol=TOL)
        np.testing.assert_allclose(
            np.asarray(ours.MakeDerivative(d).value(1.1)),
            np.asarray(theirs.MakeDerivative(d).value(1.1)), atol=TOL)
    for i in range(5):
        for order in (None, 6):
            assert ours.BernsteinBasis(i, 1.3, order) == pytest.approx(
                theirs.BernsteinBasis(i, 1.3, order), abs=TOL)
    ours.ElevateOrder()
    theirs.ElevateOrder()
    np.testing.assert_allclose(ours.control_points(),
                               theirs.control_points(), atol=TOL)


def test_bezier_curve_closed_forms():
    curve = bezier(ossa_traj)
    # The ends are the first and last control points; the end derivatives
    # are n/T (P1 − P0) and n/T (Pn − Pn−1).
    np.testing.assert_allclose(curve.value(0.5).ravel(), CONTROL[:, 0])
    np.testing.assert_allclose(curve.value(2.0).ravel(), CONTROL[:, -1])
    n, T = 4, 1.5
    np.testing.assert_allclose(curve.EvalDerivative(0.5).ravel(),
                               n / T * (CONTROL[:, 1] - CONTROL[:, 0]))
    np.testing.assert_allclose(curve.EvalDerivative(2.0).ravel(),
                               n / T * (CONTROL[:, 4] - CONTROL[:, 3]))
    # The Bernstein polynomials sum to one; the value is their combination.
    t = 1.2
    weights = [curve.BernsteinBasis(i, t) for i in range(5)]
    assert sum(weights) == pytest.approx(1.0, abs=1e-14)
    np.testing.assert_allclose(curve.value(t).ravel(), CONTROL @ weights,
                               atol=1e-14)
    # Central differences of the value give the derivative.
    h = 1e-5
    np.testing.assert_allclose(
        curve.EvalDerivative(t).ravel(),
        (curve.value(t + h) - curve.value(t - h)).ravel() / (2 * h),
        atol=5e-6)
    # Elevating the order keeps the curve.
    elevated = copy.copy(curve)
    elevated.ElevateOrder()
    assert elevated.order() == 5 and curve.order() == 4
    np.testing.assert_allclose(samples(elevated), samples(curve), atol=1e-13)
    # The derivative past the order is zero.
    np.testing.assert_allclose(curve.EvalDerivative(t, 5), np.zeros((2, 1)))


def test_bezier_curve_autodiff():
    from ossa.autodiffutils import AutoDiffXd
    curve = ossa_traj.BezierCurve_[AutoDiffXd](0.5, 2.0, CONTROL)
    t = AutoDiffXd(1.2, [1.0])
    value = curve.value(t)
    derivative = ossa_traj.BezierCurve(0.5, 2.0, CONTROL).EvalDerivative(1.2)
    np.testing.assert_allclose(
        [v.derivatives()[0] for v in value.ravel()], derivative.ravel(),
        atol=1e-13)


@pytest.mark.parametrize("knot_type", ["kUniform", "kClampedUniform"])
def test_bspline_basis_agrees(knot_type):
    ours, theirs = (math.BsplineBasis(3, 6, getattr(math.KnotVectorType,
                                                    knot_type), -1.0, 2.0)
                    for math, _ in LIBS)
    np.testing.assert_allclose(ours.knots(), theirs.knots(), atol=TOL)
    assert ours.order() == theirs.order() and \
        ours.degree() == theirs.degree()
    assert ours.num_basis_functions() == theirs.num_basis_functions()
    assert ours.initial_parameter_value() == pytest.approx(
        theirs.initial_parameter_value(), abs=TOL)
    assert ours.final_parameter_value() == pytest.approx(
        theirs.final_parameter_value(), abs=TOL)
    points = [np.array([i, (i - 2.0) ** 2]) for i in range(6)]
    for t in np.linspace(ours.initial_parameter_value(),
                         ours.final_parameter_value(), 17):
        assert ours.FindContainingInterval(t) == \
            theirs.FindContainingInterval(t)
        assert list(ours.ComputeActiveBasisFunctionIndices(t)) == \
            list(theirs.ComputeActiveBasisFunctionIndices(t))
        np.testing.assert_allclose(ours.EvaluateLinearInControlPoints(t),
                                   theirs.EvaluateLinearInControlPoints(t),
                                   atol=TOL)
        np.testing.assert_allclose(ours.EvaluateCurve(points, t),
                                   theirs.EvaluateCurve(points, t), atol=TOL)
        for i in range(6):
            assert ours.EvaluateBasisFunctionI(i, t) == pytest.approx(
                theirs.EvaluateBasisFunctionI(i, t), abs=TOL)
        # Partition of unity on the parameter span.
        assert sum(ours.EvaluateBasisFunctionI(i, t) for i in range(6)) == \
            pytest.approx(1.0, abs=1e-14)
    assert list(ours.ComputeActiveBasisFunctionIndices([0.0, 1.0])) == \
        list(theirs.ComputeActiveBasisFunctionIndices([0.0, 1.0]))


def test_bspline_basis_bad_input():
    with pytest.raises(Exception, match="order"):
        ossa_math.BsplineBasis(0, [0.0, 1.0])
    with pytest.raises(Exception, match="knots"):
        ossa_math.BsplineBasis(3, [0.0, 1.0, 2.0])
    with pytest.raises(Exception, match="decrease"):
        ossa_math.BsplineBasis(1, [1.0, 0.0])
    basis = ossa_math.BsplineBasis(2, 3)
    with pytest.raises(Exception, match="outside"):
        basis.FindContainingInterval(1.5)
    with pytest.raises(Exception, match="out of range"):
        basis.EvaluateBasisFunctionI(3, 0.5)
    with pytest.raises(Exception, match="control points"):
        basis.EvaluateCurve([np.zeros(2)], 0.5)


@pytest.mark.parametrize("knot_type", ["kUniform", "kClampedUniform"])
def test_bspline_trajectory_agrees(knot_type):
    ours, theirs = (bspline(math, traj, knot_type) for math, traj in LIBS)
    np.testing.assert_allclose(samples(ours, (0, 1, 2, 3, 4)),
                               samples(theirs, (0, 1, 2, 3, 4)), atol=1e-11)
    assert ours.start_time() == pytest.approx(theirs.start_time(), abs=TOL)
    assert ours.end_time() == pytest.approx(theirs.end_time(), abs=TOL)
    np.testing.assert_allclose(ours.InitialValue(), theirs.InitialValue(),
                               atol=TOL)
    np.testing.assert_allclose(ours.FinalValue(), theirs.FinalValue(),
                               atol=TOL)
    for d in range(5):
        np.testing.assert_allclose(
            ours.AsLinearInControlPoints(d).toarray(),
            theirs.AsLinearInControlPoints(d).toarray(), atol=1e-11)
        deriv_ours, deriv_theirs = ours.MakeDerivative(d), \
            theirs.MakeDerivative(d)
        np.testing.assert_allclose(samples(deriv_ours), samples(deriv_theirs),
                                   atol=1e-11)
    for d in range(3):
        np.testing.assert_allclose(
            ours.EvaluateLinearInControlPoints(1.1, d),
            theirs.EvaluateLinearInControlPoints(1.1, d), atol=1e-11)
    head_ours, head_theirs = ours.CopyHead(1), theirs.CopyHead(1)
    np.testing.assert_allclose(samples(head_ours), samples(head_theirs),
                               atol=TOL)
    block_ours = ours.CopyBlock(1, 0, 1, 1)
    block_theirs = theirs.CopyBlock(1, 0, 1, 1)
    np.testing.assert_allclose(samples(block_ours), samples(block_theirs),
                               atol=TOL)
    ours.InsertKnots([0.7, 1.3, 1.3])
    theirs.InsertKnots([0.7, 1.3, 1.3])
    assert ours.num_control_points() == theirs.num_control_points() == 8
    np.testing.assert_allclose(ours.basis().knots(), theirs.basis().knots(),
                               atol=TOL)
    np.testing.assert_allclose(np.hstack(ours.control_points()),
                               np.hstack(theirs.control_points()), atol=1e-11)


def test_bspline_trajectory_closed_forms():
    trajectory = bspline(ossa_math, ossa_traj)
    # A clamped B-spline starts and ends at its end control points.
    np.testing.assert_allclose(trajectory.InitialValue().ravel(),
                               CONTROL[:, 0], atol=1e-14)
    np.testing.assert_allclose(trajectory.FinalValue().ravel(),
                               CONTROL[:, -1], atol=1e-14)
    # Inserting knots keeps the curve.
    refined = copy.deepcopy(trajectory)
    refined.InsertKnots([0.6, 1.0, 1.9])
    assert refined.num_control_points() == trajectory.num_control_points() + 3
    np.testing.assert_allclose(samples(refined, (0, 1)),
                               samples(trajectory, (0, 1)), atol=1e-12)
    # The derivative is the difference quotient of the value.
    h, t = 1e-5, 1.37
    np.testing.assert_allclose(
        trajectory.EvalDerivative(t).ravel(),
        (trajectory.value(t + h) - trajectory.value(t - h)).ravel() / (2 * h),
        atol=5e-6)
    # The weights reproduce the value and its derivative.
    points = np.column_stack(trajectory.control_points())
    for d in range(3):
        np.testing.assert_allclose(
            points @ trajectory.EvaluateLinearInControlPoints(t, d),
            trajectory.EvalDerivative(t, d).ravel(), atol=1e-12)
    # A list of rows: the columns are the control points.
    from_rows = ossa_traj.BsplineTrajectory(trajectory.basis(),
                                            CONTROL.tolist())
    np.testing.assert_allclose(samples(from_rows), samples(trajectory))
    with pytest.raises(Exception, match="control points"):
        ossa_traj.BsplineTrajectory(trajectory.basis(), [np.zeros((2, 1))])


def test_piecewise_trajectory_base():
    pp = ossa_traj.PiecewisePolynomial.FirstOrderHold([0.0, 1.0, 3.0],
                                                      np.array([[0, 1, 2.]]))
    assert isinstance(pp, ossa_traj.PiecewiseTrajectory)
    assert isinstance(eppp(ossa_traj), ossa_traj.PiecewiseTrajectory_[float])
    for lib in (ossa_traj, drake_traj):
        pp_lib = lib.PiecewisePolynomial.FirstOrderHold(
            [0.0, 1.0, 3.0], np.array([[0, 1, 2.]]))
        assert pp_lib.get_number_of_segments() == 2
        assert pp_lib.duration(1) == 2.0
        assert pp_lib.start_time(1) == 1.0 and pp_lib.end_time(0) == 1.0
        assert [pp_lib.get_segment_index(t) for t in (-1, 0.5, 1, 3, 9)] == \
            [0, 0, 1, 1, 1]
        assert [pp_lib.is_time_in_range(t) for t in (-0.1, 0, 3, 3.1)] == \
            [False, True, True, False]
    with pytest.raises(Exception, match="segment index 2"):
        pp.duration(2)


def test_exponential_plus_piecewise_polynomial_agrees():
    ours, theirs = eppp(ossa_traj), eppp(drake_traj)
    np.testing.assert_allclose(samples(ours), samples(theirs), atol=1e-11)
    assert ours.get_segment_times() == theirs.get_segment_times()
    ours.shiftRight(0.25)
    theirs.shiftRight(0.25)
    np.testing.assert_allclose(samples(ours), samples(theirs), atol=1e-11)
    np.testing.assert_allclose(samples(copy.copy(ours)), samples(ours))
    # The closed form on segment 1 (t_1 = 0.75 after the shift).
    from scipy.linalg import expm
    t = 1.1
    K = np.array([[1.0, 0.5], [0.0, 2.0]])
    A = np.array([[-1.0, 0.3], [0.0, -2.0]])
    pp = ossa_traj.PiecewisePolynomial.CubicHermite(
        [0.0, 0.5, 1.5, 2.0], CONTROL[:, :4], np.ones((2, 4)))
    pp.shiftRight(0.25)
    expected = K @ expm(A * (t - 0.75)) @ np.array([-1.0, 0.0]) + \
        pp.value(t).ravel()
    np.testing.assert_allclose(ours.value(t).ravel(), expected, atol=1e-9)
    with pytest.raises(Exception, match="sizes disagree"):
        ossa_traj.ExponentialPlusPiecewisePolynomial(K, A, np.ones((2, 1)),
                                                     pp)


def test_align_and_concatenate_agrees():
    def make(traj):
        a = traj.PiecewisePolynomial.FirstOrderHold([0.0, 1.0],
                                                    np.array([[0.0, 1.0]]))
        b = traj.BezierCurve(5.0, 7.0, np.array([[1.0, 4.0, 3.0]]))
        return traj.CompositeTrajectory.AlignAndConcatenate([a, b])
    ours, theirs = make(ossa_traj), make(drake_traj)
    assert ours.get_segment_times() == pytest.approx(
        theirs.get_segment_times())
    assert ours.get_segment_times() == pytest.approx([0.0, 1.0, 3.0])
    np.testing.assert_allclose(samples(ours, (0, 1)),
                               samples(theirs, (0, 1)), atol=TOL)


def test_every_trajectory_copies():
    pp = ossa_traj.PiecewisePolynomial.FirstOrderHold([0.0, 2.0],
                                                      np.array([[0, 1.]]))
    made = [pp, bezier(ossa_traj), bspline(ossa_math, ossa_traj),
            eppp(ossa_traj),
            ossa_traj.CompositeTrajectory([pp]),
            ossa_traj.DerivativeTrajectory(pp),
            ossa_traj.PathParameterizedTrajectory(pp, pp)]
    for trajectory in made:
        for copied in (copy.copy(trajectory), copy.deepcopy(trajectory)):
            assert copied is not trajectory
            assert type(copied) is type(trajectory)
            np.testing.assert_allclose(np.asarray(copied.value(0.7)),
                                       np.asarray(trajectory.value(0.7)))
