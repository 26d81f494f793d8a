"""Tests of ossa.multibody.math: SpatialVelocity_, SpatialAcceleration_,
SpatialForce_ and SpatialMomentum_ on float, AutoDiffXd and Expression."""

import copy
import pickle

import numpy as np
import pytest

import ossa.math
from ossa.autodiffutils import AutoDiffXd, ExtractGradient, ExtractValue
from ossa.autodiffutils import InitializeAutoDiff
from ossa.multibody.math import (
    SpatialAcceleration,
    SpatialAcceleration_,
    SpatialForce,
    SpatialForce_,
    SpatialMomentum,
    SpatialMomentum_,
    SpatialVelocity,
    SpatialVelocity_,
)

# The operations are a handful of products and sums of O(1) numbers: a few
# ulps of rounding.
EXACT = dict(rtol=1e-14, atol=1e-14)

W = np.array([0.4, -2.0, 1.0])
V = np.array([3.0, 0.5, -1.0])
TAU = np.array([1.0, -2.0, 0.3])
F = np.array([-4.0, 5.0, 1.0])
P = np.array([0.7, -1.3, 2.2])


def test_templates():
    for tpl, default in [(SpatialVelocity_, SpatialVelocity),
                         (SpatialAcceleration_, SpatialAcceleration),
                         (SpatialForce_, SpatialForce),
                         (SpatialMomentum_, SpatialMomentum)]:
        assert tpl[float] is default
        assert tpl[AutoDiffXd] is not default
        assert tpl[AutoDiffXd].__name__.endswith("[AutoDiffXd]")


def test_construction_and_access():
    v = SpatialVelocity(w=W, v=V)
    np.testing.assert_array_equal(v.rotational(), W)
    np.testing.assert_array_equal(v.translational(), V)
    np.testing.assert_array_equal(v.get_coeffs(), np.concatenate([W, V]))
    v6 = SpatialVelocity(V=np.concatenate([W, V]))
    np.testing.assert_array_equal(v6.get_coeffs(), v.get_coeffs())
    assert np.isnan(SpatialForce().get_coeffs()).all()
    assert not SpatialForce.Zero().get_coeffs().any()
    f = SpatialForce(tau=TAU, f=F)
    assert f.SetZero() is f
    assert not f.get_coeffs().any()
    # The other constructors' keyword names.
    SpatialAcceleration(alpha=W, a=V)
    SpatialMomentum(h=W, l=V)
    SpatialForce(F=np.ones(6))
    with pytest.raises(TypeError):
        SpatialVelocity(np.ones(5))


def test_arithmetic():
    a = SpatialVelocity(W, V)
    b = SpatialVelocity(V, W)
    ca, cb = a.get_coeffs(), b.get_coeffs()
    np.testing.assert_array_equal((a + b).get_coeffs(), ca + cb)
    np.testing.assert_array_equal((a - b).get_coeffs(), ca - cb)
    np.testing.assert_array_equal((-a).get_coeffs(), -ca)
    np.testing.assert_array_equal((2.0 * a).get_coeffs(), 2 * ca)
    np.testing.assert_array_equal((a * 3.0).get_coeffs(), 3 * ca)
    c = SpatialVelocity(W, V)
    c_id = id(c)
    c += b
    c -= a
    c *= 2.0
    assert id(c) == c_id
    np.testing.assert_allclose(c.get_coeffs(), 2 * cb, **EXACT)


def test_shift_keeps_power_and_kinetic_energy():
    v = SpatialVelocity(W, V)
    f = SpatialForce(TAU, F)
    l = SpatialMomentum(TAU, F)
    # The formulas of the specification, written with numpy.
    np.testing.assert_allclose(v.Shift(offset=P).translational(),
                               V + np.cross(W, P), **EXACT)
    np.testing.assert_allclose(f.Shift(offset=P).rotational(),
                               TAU - np.cross(P, F), **EXACT)
    np.testing.assert_allclose(l.Shift(offset=P).rotational(),
                               TAU - np.cross(P, F), **EXACT)
    # Power τ·ω + f·v does not depend on the point.
    power = TAU @ W + F @ V
    assert v.dot(force=f) == pytest.approx(power, rel=1e-15)
    assert f.dot(velocity=v) == pytest.approx(power, rel=1e-15)
    assert (v @ f) == pytest.approx(power, rel=1e-15)
    assert (v.Shift(P) @ f.Shift(P)) == pytest.approx(power, rel=1e-14)
    assert v.Shift(P).dot(momentum=l.Shift(P)) == pytest.approx(
        v.dot(momentum=l), rel=1e-14)
    assert (l.Shift(P) @ v.Shift(P)) == pytest.approx(v @ l, rel=1e-14)


def test_composition():
    v_mb = SpatialVelocity(W, V)
    v_bc = SpatialVelocity(V, -W)
    composed = v_mb.ComposeWithMovingFrameVelocity(
        position_of_moving_frame=P, velocity_of_moving_frame=v_bc)
    np.testing.assert_allclose(composed.get_coeffs(),
                               (v_mb.Shift(P) + v_bc).get_coeffs(), **EXACT)
    a_mb = SpatialAcceleration(TAU, F)
    # With C fixed in B the composition is Shift(), with the centripetal
    # term ω×(ω×p).
    rigid = a_mb.ComposeWithMovingFrameAcceleration(
        position_of_moving_frame=P, angular_velocity_of_this_frame=W,
        velocity_of_moving_frame=SpatialVelocity.Zero(),
        acceleration_of_moving_frame=SpatialAcceleration.Zero())
    shifted = a_mb.Shift(offset=P, angular_velocity_of_this_frame=W)
    np.testing.assert_allclose(rigid.get_coeffs(), shifted.get_coeffs(),
                               **EXACT)
    np.testing.assert_allclose(
        shifted.translational(),
        F + np.cross(TAU, P) + np.cross(W, np.cross(W, P)), **EXACT)
    np.testing.assert_allclose(
        a_mb.ShiftWithZeroAngularVelocity(offset=P).translational(),
        F + np.cross(TAU, P), **EXACT)
    # Relative motion adds α_BC + ω×ω_BC and a_BC + 2 ω×v_BC.
    a_bc = SpatialAcceleration(-W, V)
    moving = a_mb.ComposeWithMovingFrameAcceleration(P, W, v_bc, a_bc)
    np.testing.assert_allclose(
        moving.rotational(),
        shifted.rotational() + (-W) + np.cross(W, v_bc.rotational()),
        **EXACT)
    np.testing.assert_allclose(
        moving.translational(),
        shifted.translational() + V + 2 * np.cross(W, v_bc.translational()),
        **EXACT)


@pytest.mark.skipif(not hasattr(ossa.math, "RotationMatrix"),
                    reason="ossa.math.RotationMatrix is not bound yet")
def test_rotate_keeps_power():
    R = ossa.math.RotationMatrix.MakeZRotation(0.3) @ \
        ossa.math.RotationMatrix.MakeXRotation(-1.1)
    v = SpatialVelocity(W, V)
    f = SpatialForce(TAU, F)
    v_f = v.Rotate(R_FE=R)
    np.testing.assert_allclose(v_f.rotational(), R.matrix() @ W, **EXACT)
    assert (v_f @ f.Rotate(R)) == pytest.approx(v @ f, rel=1e-14)


@pytest.mark.parametrize("cls,rot,trans", [
    (SpatialVelocity, "w", "v"), (SpatialAcceleration, "alpha", "a"),
    (SpatialForce, "tau", "f"), (SpatialMomentum, "h", "l")])
def test_copy_pickle_repr(cls, rot, trans):
    x = cls(W, V)
    for y in (copy.copy(x), copy.deepcopy(x), pickle.loads(pickle.dumps(x))):
        assert y is not x
        np.testing.assert_array_equal(y.get_coeffs(), x.get_coeffs())
    name = cls.__name__.split("_")[0]
    assert repr(cls(np.array([1.0, 2, 3]), np.array([4.0, 5, 6]))) == (
        f"{name}(\n  {rot}=[1.0, 2.0, 3.0],\n  {trans}=[4.0, 5.0, 6.0],\n)")


def test_autodiff_shift_derivative():
    """d/dp of V.Shift(p) is [0; [ω]×ᵀ]... checked against central
    differences of the float version (exact for this linear map up to
    rounding ~eps/h)."""
    VAD = SpatialVelocity_[AutoDiffXd]
    FAD = SpatialForce_[AutoDiffXd]
    p_ad = InitializeAutoDiff(P).reshape(-1)
    v_ad = VAD(W, V)
    shifted = v_ad.Shift(p_ad)
    np.testing.assert_allclose(ExtractValue(shifted.get_coeffs()).reshape(-1),
                               SpatialVelocity(W, V).Shift(P).get_coeffs(),
                               **EXACT)
    grad = ExtractGradient(shifted.get_coeffs())
    h = 1e-6
    for k in range(3):
        dp = np.zeros(3)
        dp[k] = h
        fd = (SpatialVelocity(W, V).Shift(P + dp).get_coeffs() -
              SpatialVelocity(W, V).Shift(P - dp).get_coeffs()) / (2 * h)
        np.testing.assert_allclose(grad[:, k], fd, rtol=1e-8, atol=1e-8)
    # Power does not depend on the point: zero derivative.
    power = shifted.dot(FAD(TAU, F).Shift(p_ad))
    assert isinstance(power, AutoDiffXd)
    assert power.value() == pytest.approx(TAU @ W + F @ V, rel=1e-14)
    np.testing.assert_allclose(power.derivatives(), np.zeros(3), atol=1e-14)
    # Scalars mix: float * AutoDiffXd vector.
    np.testing.assert_allclose(
        ExtractValue((2.0 * v_ad).get_coeffs()).reshape(-1),
        2 * np.concatenate([W, V]), **EXACT)
    assert "AutoDiffXd" in repr(v_ad)
    copy.deepcopy(v_ad)


def test_spatial_vectors_on_expression_equal_float():
    """SpatialVelocity_[Expression] and the others with variables as
    entries: Shift, ComposeWithMovingFrameVelocity, rotation, dot and the
    arithmetic give expressions whose values at the float inputs equal the
    float results."""
    import ossa.symbolic as sym
    E = sym.Expression
    w, v = sym.MakeVectorVariable(3, "w"), sym.MakeVectorVariable(3, "v")
    tau, f = sym.MakeVectorVariable(3, "tau"), sym.MakeVectorVariable(3, "f")
    p = sym.MakeVectorVariable(3, "p")
    env = {}
    for var, x in zip([*w, *v, *tau, *f, *p], [*W, *V, *TAU, *TAU[::-1],
                                               *(0.5 * V)]):
        env[var] = x
    R = ossa.math.RotationMatrix_[E].MakeZRotation(E(0.7))
    V_e = SpatialVelocity_[E](w=w, v=v)
    F_e = SpatialForce_[E](tau=tau, f=f)
    V_f = SpatialVelocity(w=W, v=V)
    F_f = SpatialForce(tau=TAU, f=TAU[::-1])
    R_f = ossa.math.RotationMatrix.MakeZRotation(0.7)

    def value(x):
        return sym.Evaluate(np.asarray(x).reshape(-1, 1), env).ravel()

    pairs = [
        (V_e.Shift(p).get_coeffs(), V_f.Shift(0.5 * V).get_coeffs()),
        (V_e.ComposeWithMovingFrameVelocity(p, V_e).get_coeffs(),
         V_f.ComposeWithMovingFrameVelocity(0.5 * V, V_f).get_coeffs()),
        (V_e.Rotate(R_FE=R).get_coeffs(), V_f.Rotate(R_FE=R_f).get_coeffs()),
        ((V_e + V_e * 2.0 - V_e).get_coeffs(),
         (V_f + V_f * 2.0 - V_f).get_coeffs()),
        ([V_e.dot(F_e)], [V_f.dot(F_f)]),
        (F_e.Shift(p).get_coeffs(), F_f.Shift(0.5 * V).get_coeffs()),
    ]
    for got, want in pairs:
        np.testing.assert_allclose(value(got), want, **EXACT)
    assert isinstance(SpatialAcceleration_[E](), SpatialAcceleration_[E])
    assert isinstance(SpatialMomentum_[E](), SpatialMomentum_[E])
