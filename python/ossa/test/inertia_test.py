"""Tests of the inertia classes of ossa.multibody.tree: RotationalInertia_,
UnitInertia_, SpatialInertia_ and ArticulatedBodyInertia_."""

import copy
import math
import pickle

import numpy as np
import pytest

import ossa.math
from ossa.autodiffutils import AutoDiffXd, ExtractGradient, ExtractValue
from ossa.autodiffutils import InitializeAutoDiff
from ossa.multibody.math import (
    SpatialAcceleration,
    SpatialVelocity,
)
from ossa.multibody.tree import (
    ArticulatedBodyInertia,
    ArticulatedBodyInertia_,
    RotationalInertia,
    RotationalInertia_,
    SpatialInertia,
    SpatialInertia_,
    UnitInertia,
    UnitInertia_,
)

# A few roundings of O(1) numbers.
EXACT = dict(rtol=1e-14, atol=1e-14)
Z = np.array([0.0, 0.0, 1.0])


def skew(p):
    return np.array([[0, -p[2], p[1]], [p[2], 0, -p[0]], [-p[1], p[0], 0]])


def some_spatial_inertia():
    I_cm = RotationalInertia(0.2, 0.3, 0.45, 0.01, -0.02, 0.03)
    return SpatialInertia.MakeFromCentralInertia(
        mass=2.5, p_PScm_E=np.array([0.1, -0.4, 0.3]), I_SScm_E=I_cm)


def test_templates():
    for tpl, default in [(RotationalInertia_, RotationalInertia),
                         (UnitInertia_, UnitInertia),
                         (SpatialInertia_, SpatialInertia),
                         (ArticulatedBodyInertia_, ArticulatedBodyInertia)]:
        assert tpl[float] is default
        assert AutoDiffXd in [p[0] for p in tpl.param_list]
    assert issubclass(UnitInertia, RotationalInertia)


def test_rotational_inertia():
    I = RotationalInertia(Ixx=2, Iyy=3, Izz=4, Ixy=0.1, Ixz=-0.2, Iyz=0.3)
    np.testing.assert_array_equal(I.get_moments(), [2, 3, 4])
    np.testing.assert_array_equal(I.get_products(), [0.1, -0.2, 0.3])
    M = I.CopyToFullMatrix3()
    np.testing.assert_array_equal(M, M.T)
    assert I.Trace() == 9
    assert I.CalcMaximumPossibleMomentOfInertia() == 4.5
    assert (I.rows(), I.cols()) == (3, 3)
    assert I.CouldBePhysicallyValid()
    assert RotationalInertia().IsNaN()
    w = np.array([0.5, -1.0, 2.0])
    np.testing.assert_allclose(I * w, M @ w, **EXACT)
    np.testing.assert_allclose((I + I).CopyToFullMatrix3(), 2 * M, **EXACT)
    np.testing.assert_allclose((2.0 * I - I).CopyToFullMatrix3(), M, **EXACT)
    np.testing.assert_allclose((I / 2.0).CopyToFullMatrix3(), M / 2, **EXACT)
    # Particle: m (|p|² Id − p pᵀ).
    p = np.array([1.0, 2.0, 3.0])
    Ip = RotationalInertia(mass=2.0, p_PQ_E=p)
    np.testing.assert_allclose(Ip.CopyToFullMatrix3(),
                               2 * (p @ p * np.eye(3) - np.outer(p, p)),
                               **EXACT)
    # Parallel-axis theorem there and back.
    Q = I.ShiftFromCenterOfMass(mass=1.5, p_BcmQ_E=p)
    assert Q.ShiftToCenterOfMass(mass=1.5, p_QBcm_E=-p).IsNearlyEqualTo(
        other=I, precision=1e-14)
    # Principal moments reconstruct the inertia (when RotationMatrix is
    # bound the axes are checked too).
    moments = I.CalcPrincipalMomentsOfInertia()
    np.testing.assert_allclose(moments, np.linalg.eigvalsh(M), rtol=1e-14)
    if hasattr(ossa.math, "RotationMatrix"):
        moments2, R = I.CalcPrincipalMomentsAndAxesOfInertia()
        R = R.matrix()
        np.testing.assert_allclose(R @ np.diag(moments2) @ R.T, M,
                                   rtol=1e-13, atol=1e-14)
    for J in (copy.copy(I), copy.deepcopy(I), pickle.loads(pickle.dumps(I))):
        np.testing.assert_array_equal(J.CopyToFullMatrix3(), M)


def test_rotational_inertia_errors():
    with pytest.raises(RuntimeError, match="triangle inequality Ixx \\+ Iyy"):
        RotationalInertia(1, 2, 10)
    with pytest.raises(RuntimeError, match="negative"):
        RotationalInertia(-1, 2, 2)
    with pytest.raises(RuntimeError, match="principal moments"):
        RotationalInertia(1, 1, 1, 0.9, 0, 0)
    bad = RotationalInertia.MakeFromMomentsAndProductsOfInertia(
        1, 2, 10, 0, 0, 0, skip_validity_check=True)
    assert not bad.CouldBePhysicallyValid()


def test_unit_inertia_closed_forms():
    np.testing.assert_allclose(UnitInertia.SolidBox(1, 2, 3).get_moments(),
                               np.array([13, 10, 5]) / 12, **EXACT)
    np.testing.assert_allclose(UnitInertia.SolidSphere(2).get_moments(),
                               [1.6] * 3, **EXACT)
    np.testing.assert_allclose(UnitInertia.HollowSphere(2).get_moments(),
                               [8 / 3] * 3, **EXACT)
    np.testing.assert_allclose(UnitInertia.SolidCube(2).get_moments(),
                               [4 / 6] * 3, **EXACT)
    np.testing.assert_allclose(
        UnitInertia.SolidEllipsoid(1, 2, 3).get_moments(),
        np.array([13, 10, 5]) / 5, **EXACT)
    np.testing.assert_allclose(
        UnitInertia.SolidCylinder(radius=1, length=2,
                                  unit_vector=Z).get_moments(),
        [7 / 12, 7 / 12, 0.5], **EXACT)
    np.testing.assert_allclose(
        UnitInertia.SolidCylinderAboutEnd(1, 2, Z).get_moments(),
        [0.25 + 4 / 3, 0.25 + 4 / 3, 0.5], **EXACT)
    # Capsule r = 1, L = 2 by hand: mass fractions 0.6 (cylinder) and 0.4
    # (spheres); axial 0.6/2 + 0.4·2/5; perpendicular
    # 0.6·7/12 + 0.4·(2/5 + 1 + 3/4).
    np.testing.assert_allclose(UnitInertia.SolidCapsule(1, 2, Z).get_moments(),
                               [1.21, 1.21, 0.46], **EXACT)
    np.testing.assert_allclose(UnitInertia.ThinRod(3, Z).get_moments(),
                               [0.75, 0.75, 0], **EXACT)
    b = np.array([1.0, -2.0, 2.0]) / 3
    G = UnitInertia.AxiallySymmetric(moment_parallel=0.3,
                                     moment_perpendicular=0.5,
                                     unit_vector=b).CopyToFullMatrix3()
    assert b @ G @ b == pytest.approx(0.3, rel=1e-14)
    np.testing.assert_allclose(
        UnitInertia.StraightLine(0.7, b).CopyToFullMatrix3(),
        UnitInertia.AxiallySymmetric(0, 0.7, b).CopyToFullMatrix3(), **EXACT)
    np.testing.assert_allclose(
        UnitInertia.PointMass(np.array([1.0, 2, 3])).CopyToFullMatrix3(),
        RotationalInertia(1.0, np.array([1.0, 2, 3])).CopyToFullMatrix3(),
        **EXACT)
    assert UnitInertia.TriaxiallySymmetric(1.5).get_moments()[0] == 1.5
    G = UnitInertia.SolidBox(0.2, 0.5, 1)
    p = np.array([0.3, 0.1, -0.4])
    assert isinstance(G.ShiftFromCenterOfMass(p), UnitInertia)
    assert G.ShiftFromCenterOfMass(p).ShiftToCenterOfMass(p).IsNearlyEqualTo(
        G, 1e-14)
    G2 = UnitInertia()
    assert G2.SetFromRotationalInertia(I=3.0 * G, mass=3.0) is G2
    assert G2.IsNearlyEqualTo(G, 1e-14)
    # Scaling a unit inertia gives a general rotational inertia.
    assert type(2.0 * G) is RotationalInertia
    G3 = pickle.loads(pickle.dumps(G))
    assert type(G3) is UnitInertia
    np.testing.assert_array_equal(G3.CopyToFullMatrix3(),
                                  G.CopyToFullMatrix3())


def test_unit_inertia_errors():
    with pytest.raises(RuntimeError, match="SolidBox.*x-length Lx.*-1"):
        UnitInertia.SolidBox(-1, 2, 3)
    with pytest.raises(RuntimeError, match="0 0 2 is not a unit vector"):
        UnitInertia.SolidCylinder(1, 2, np.array([0.0, 0, 2]))
    with pytest.raises(RuntimeError, match="triangle inequality"):
        UnitInertia.AxiallySymmetric(3, 1, Z)
    with pytest.raises(RuntimeError, match="length is not positive"):
        UnitInertia.ThinRod(0, Z)


def test_spatial_inertia():
    M = some_spatial_inertia()
    m, p = M.get_mass(), M.get_com()
    assert m == 2.5
    np.testing.assert_array_equal(p, [0.1, -0.4, 0.3])
    np.testing.assert_allclose(M.CalcComMoment(), m * p, **EXACT)
    G = M.get_unit_inertia()
    assert isinstance(G, UnitInertia)
    M6 = M.CopyToFullMatrix6()
    np.testing.assert_allclose(M6[:3, :3], m * G.CopyToFullMatrix3(), **EXACT)
    np.testing.assert_allclose(M6[:3, 3:], m * skew(p), **EXACT)
    np.testing.assert_allclose(M6[3:, :3], -m * skew(p), **EXACT)
    np.testing.assert_allclose(M6[3:, 3:], m * np.eye(3), **EXACT)
    assert M.IsPhysicallyValid()
    assert np.linalg.eigvalsh(M6).min() > 0
    # Shift: there and back, and the 6×6 form Φᵀ M Φ.
    q = np.array([0.7, 1.1, -0.6])
    MQ = M.Shift(p_PQ_E=q)
    np.testing.assert_allclose(MQ.Shift(-q).CopyToFullMatrix6(), M6,
                               rtol=1e-14, atol=1e-14)
    Phi = np.eye(6)
    Phi[3:, :3] = skew(q)
    np.testing.assert_allclose(MQ.CopyToFullMatrix6(), Phi.T @ M6 @ Phi,
                               rtol=1e-14, atol=1e-14)
    # Products are matrix products.
    v = SpatialVelocity(np.array([0.3, -1, 2.0]), np.array([1, 0.5, -0.2]))
    a = SpatialAcceleration(np.array([-2, 0.1, 1.0]), np.array([0, 3, 0.7]))
    np.testing.assert_allclose((M * v).get_coeffs(), M6 @ v.get_coeffs(),
                               **EXACT)
    np.testing.assert_allclose((M * a).get_coeffs(), M6 @ a.get_coeffs(),
                               **EXACT)
    H = np.column_stack([v.get_coeffs(), a.get_coeffs()])
    np.testing.assert_allclose(M * H, M6 @ H, **EXACT)
    # Composite of two bodies.
    M2 = SpatialInertia.SolidBoxWithMass(1.5, 0.2, 0.3, 0.4).Shift(
        np.array([-1.0, 0.5, 0.2]))
    S = copy.copy(M)
    S += M2
    np.testing.assert_allclose(S.CopyToFullMatrix6(),
                               M6 + M2.CopyToFullMatrix6(), **EXACT)
    for N in (copy.copy(M), copy.deepcopy(M), pickle.loads(pickle.dumps(M))):
        np.testing.assert_array_equal(N.CopyToFullMatrix6(), M6)
    assert "mass = 2.5" in str(M)
    assert SpatialInertia().IsNaN()
    assert SpatialInertia.NaN().IsNaN()
    assert SpatialInertia.Zero().IsZero()
    np.testing.assert_array_equal(
        SpatialInertia.MakeUnitary().CopyToFullMatrix6(), np.eye(6))
    np.testing.assert_allclose(
        M.ShiftToCenterOfMass().CalcRotationalInertia().CopyToFullMatrix3(),
        RotationalInertia(0.2, 0.3, 0.45, 0.01, -0.02, 0.03)
        .CopyToFullMatrix3(), rtol=1e-13, atol=1e-15)
    if hasattr(ossa.math, "RotationMatrix"):
        R = ossa.math.RotationMatrix.MakeZRotation(0.4)
        np.testing.assert_allclose(
            (M.ReExpress(R) * v.Rotate(R)).get_coeffs(),
            (M * v).Rotate(R).get_coeffs(), rtol=1e-13, atol=1e-14)


def test_spatial_inertia_factories():
    rho = 800.0
    assert SpatialInertia.SolidBoxWithDensity(rho, 1, 2, 3).get_mass() == \
        pytest.approx(rho * 6)
    assert SpatialInertia.SolidSphereWithDensity(rho, 0.5).get_mass() == \
        pytest.approx(rho * 4 / 3 * math.pi * 0.125)
    assert SpatialInertia.SolidCylinderWithDensity(
        rho, 0.5, 2, Z).get_mass() == pytest.approx(rho * math.pi * 0.5)
    assert SpatialInertia.SolidCapsuleWithDensity(
        rho, 0.5, 2, Z).get_mass() == pytest.approx(
            rho * (math.pi * 0.5 + 4 / 3 * math.pi * 0.125))
    assert SpatialInertia.HollowSphereWithDensity(
        area_density=2, radius=0.5).get_mass() == pytest.approx(2 * math.pi)
    assert SpatialInertia.SolidEllipsoidWithDensity(
        rho, 1, 2, 3).get_mass() == pytest.approx(rho * 8 * math.pi)
    assert SpatialInertia.SolidCubeWithDensity(rho, 2).get_mass() == \
        pytest.approx(8 * rho)
    end = SpatialInertia.SolidCylinderWithMassAboutEnd(3, 0.2, 1.4, Z)
    np.testing.assert_allclose(end.get_com(), 0.7 * Z, **EXACT)
    np.testing.assert_allclose(
        end.CopyToFullMatrix6(),
        SpatialInertia.SolidCylinderWithMass(3, 0.2, 1.4, Z).Shift(-0.7 * Z)
        .CopyToFullMatrix6(), rtol=1e-14, atol=1e-14)
    np.testing.assert_allclose(
        SpatialInertia.ThinRodWithMassAboutEnd(2, 3, Z).CalcRotationalInertia()
        .get_moments(), [6, 6, 0], **EXACT)
    for M in [SpatialInertia.SolidBoxWithMass(1, 1, 2, 3),
              SpatialInertia.SolidCubeWithMass(1, 2),
              SpatialInertia.SolidSphereWithMass(1, 2),
              SpatialInertia.HollowSphereWithMass(1, 2),
              SpatialInertia.SolidEllipsoidWithMass(1, 1, 2, 3),
              SpatialInertia.SolidCylinderWithDensityAboutEnd(1, 1, 2, Z),
              SpatialInertia.SolidCapsuleWithMass(1, 0.1, 3, Z),
              SpatialInertia.ThinRodWithMass(1, 2, Z),
              SpatialInertia.PointMass(mass=1, position=np.ones(3))]:
        assert M.IsPhysicallyValid()


def test_spatial_inertia_errors():
    with pytest.raises(RuntimeError, match="mass = -1 is negative"):
        SpatialInertia(-1, np.zeros(3), UnitInertia(1, 1, 1))
    # Valid about P, negative principal moments about the center of mass.
    with pytest.raises(RuntimeError, match="Inertia about center of mass"):
        SpatialInertia(1, np.array([1.0, 0, 0]), UnitInertia(0.1, 0.1, 0.1))
    bad = SpatialInertia(1, np.array([1.0, 0, 0]), UnitInertia(0.1, 0.1, 0.1),
                         skip_validity_check=True)
    assert not bad.IsPhysicallyValid()
    assert "negative" in bad.CriticizeNotPhysicallyValid()
    with pytest.raises(RuntimeError, match=(
            r"SolidBoxWithMass\(\): mass is not positive and finite: 0\.")):
        SpatialInertia.SolidBoxWithMass(0, 1, 1, 1)
    with pytest.raises(RuntimeError, match="x-length is not positive"):
        SpatialInertia.SolidBoxWithDensity(1, -1, 1, 1)


def test_articulated_body_inertia():
    M = some_spatial_inertia()
    P = ArticulatedBodyInertia(M_BQ_E=M)
    M6 = M.CopyToFullMatrix6()
    np.testing.assert_array_equal(P.CopyToFullMatrix6(), M6)
    assert P.IsPhysicallyValid()
    q = np.array([0.5, -0.9, 0.3])
    np.testing.assert_allclose(P.Shift(q).CopyToFullMatrix6(),
                               M.Shift(q).CopyToFullMatrix6(), rtol=1e-14,
                               atol=1e-14)
    a = SpatialAcceleration(np.array([1.0, 2, 3]), np.array([-1, 0.5, 2.0]))
    np.testing.assert_allclose((P * a).get_coeffs(), (M * a).get_coeffs(),
                               **EXACT)
    H = np.arange(12.0).reshape(6, 2)
    np.testing.assert_allclose(P * H, M6 @ H, **EXACT)
    np.testing.assert_allclose((P + P - P).CopyToFullMatrix6(), M6, **EXACT)
    # Projected through a revolute joint: PSD and annihilates the hinge.
    h = np.array([0, 0, 1, 0.2, -0.1, 0])
    PA = M6 - np.outer(M6 @ h, h @ M6) / (h @ M6 @ h)
    PA = 0.5 * (PA + PA.T)
    P_A = ArticulatedBodyInertia(matrix=PA)
    assert P_A.IsPhysicallyValid()
    np.testing.assert_allclose(P_A * h.reshape(6, 1), np.zeros((6, 1)),
                               atol=1e-13)
    assert not (P - P - P).IsPhysicallyValid()
    with pytest.raises(RuntimeError, match="not symmetric"):
        bad = M6.copy()
        bad[0, 5] += 0.1
        ArticulatedBodyInertia(bad)
    for Q in (copy.copy(P), copy.deepcopy(P), pickle.loads(pickle.dumps(P))):
        np.testing.assert_array_equal(Q.CopyToFullMatrix6(), M6)


def test_autodiff_shift_derivative():
    """AutoDiffXd derivative of M.Shift(p) with respect to p against central
    differences of the float version: M_Q is quadratic in p, so central
    differences are exact up to rounding (~eps/h ~ 1e-10)."""
    M = some_spatial_inertia()
    MAD = SpatialInertia_[AutoDiffXd]
    m_ad = MAD(M.get_mass(), M.get_com(),
               UnitInertia_[AutoDiffXd](
                   *M.get_unit_inertia().get_moments(),
                   *M.get_unit_inertia().get_products()))
    p0 = np.array([0.3, -0.2, 0.9])
    p_ad = InitializeAutoDiff(p0).reshape(-1)
    MQ = m_ad.Shift(p_ad).CopyToFullMatrix6()
    np.testing.assert_allclose(ExtractValue(MQ),
                               M.Shift(p0).CopyToFullMatrix6(), **EXACT)
    grad = ExtractGradient(MQ)  # 36 × 3, MQ read column-major
    h = 1e-6
    for k in range(3):
        dp = np.zeros(3)
        dp[k] = h
        fd = (M.Shift(p0 + dp).CopyToFullMatrix6() -
              M.Shift(p0 - dp).CopyToFullMatrix6()) / (2 * h)
        np.testing.assert_allclose(grad[:, k], fd.reshape(-1, order="F"),
                                   rtol=1e-8, atol=1e-8)
    I_ad = RotationalInertia_[AutoDiffXd](1.0, 2.0, 2.5)
    with pytest.raises(RuntimeError, match="triangle"):
        RotationalInertia_[AutoDiffXd](1.0, 2.0, 10.0)
    assert I_ad.CouldBePhysicallyValid()
    ArticulatedBodyInertia_[AutoDiffXd](m_ad)


def test_agrees_with_reference_toolkit():
    """The reference toolkit (pydrake, a peer allowed in tests) computes the
    same closed forms and shifts."""
    drake_tree = pytest.importorskip("pydrake.multibody.tree")
    u = np.array([1.0, 2.0, 2.0]) / 3
    pairs = [
        (SpatialInertia.SolidBoxWithMass(2, 0.3, 0.5, 0.7),
         drake_tree.SpatialInertia.SolidBoxWithMass(2, 0.3, 0.5, 0.7)),
        (SpatialInertia.SolidCapsuleWithDensity(900, 0.2, 0.8, u),
         drake_tree.SpatialInertia.SolidCapsuleWithDensity(900, 0.2, 0.8, u)),
        (SpatialInertia.SolidCylinderWithMassAboutEnd(3, 0.1, 0.6, u),
         drake_tree.SpatialInertia.SolidCylinderWithMassAboutEnd(
             3, 0.1, 0.6, u)),
        (SpatialInertia.SolidEllipsoidWithDensity(1000, 0.1, 0.2, 0.3),
         drake_tree.SpatialInertia.SolidEllipsoidWithDensity(
             1000, 0.1, 0.2, 0.3)),
        (SpatialInertia.ThinRodWithMassAboutEnd(1.5, 2, u),
         drake_tree.SpatialInertia.ThinRodWithMassAboutEnd(1.5, 2, u)),
        (SpatialInertia.HollowSphereWithMass(1.5, 2),
         drake_tree.SpatialInertia.HollowSphereWithMass(1.5, 2)),
    ]
    q = np.array([0.3, -0.4, 0.5])
    for ours, theirs in pairs:
        np.testing.assert_allclose(ours.CopyToFullMatrix6(),
                                   theirs.CopyToFullMatrix6(), rtol=1e-13,
                                   atol=1e-13)
        np.testing.assert_allclose(ours.Shift(q).CopyToFullMatrix6(),
                                   theirs.Shift(q).CopyToFullMatrix6(),
                                   rtol=1e-13, atol=1e-13)


@pytest.mark.skipif(not hasattr(ossa.math, "RigidTransform"),
                    reason="ossa.math.RigidTransform is not bound yet")
def test_equivalent_solid_ellipsoid():
    M = SpatialInertia.SolidEllipsoidWithMass(1.3, 0.3, 0.5, 0.2).Shift(
        np.array([-0.2, 0.1, -0.4]))
    lengths, X = M.CalcPrincipalSemiDiametersAndPoseForSolidEllipsoid()
    # The ellipsoid's own semi-axes, descending; centered at the com.
    np.testing.assert_allclose(lengths, [0.5, 0.3, 0.2], rtol=1e-13)
    np.testing.assert_allclose(X.translation(), [0.2, -0.1, 0.4], rtol=1e-14)


@pytest.mark.parametrize("lib_name", ["ossa", "pydrake"])
def test_inertias_on_expression_check_as_the_reference(lib_name):
    """RotationalInertia_, UnitInertia_ and SpatialInertia_ on Expression:
    the validity checks (the mass, and NaN) decide on constants and raise
    (RuntimeError) for entries with variables; constructors skip them.
    Run on ossa and on the reference (pydrake) with the same assertions."""
    if lib_name == "pydrake":
        pytest.importorskip("pydrake")
        import pydrake.symbolic as sym
        import pydrake.multibody.tree as tree
    else:
        import ossa.symbolic as sym
        import ossa.multibody.tree as tree
    E = sym.Expression
    m, a = sym.Variable("m"), sym.Variable("a")
    G = tree.UnitInertia_[E].SolidSphere(E(a))
    p = np.array([E(0.0), E(0.0), E(a)])
    M = tree.SpatialInertia_[E](E(m), p, G)  # no check with variables
    moments = M.CalcRotationalInertia().get_moments()
    env = {m: 2.0, a: 0.5}
    np.testing.assert_allclose([e.Evaluate(env) for e in moments],
                               [0.4 * 2.0 * 0.25] * 3, rtol=1e-15)
    with pytest.raises(RuntimeError):
        M.IsPhysicallyValid()
    with pytest.raises(RuntimeError):
        tree.RotationalInertia_[E](E(m), E(m), E(m)).CouldBePhysicallyValid()
    # Decided: the reference returns a constant Formula, ossa a bool; both
    # print as True or False.
    unit = tree.UnitInertia_[E](E(1.0), E(1.0), E(1.0))
    zero = np.array([E(0.0)] * 3)
    valid = tree.SpatialInertia_[E](E(2.0), zero, unit)
    assert str(valid.IsPhysicallyValid()) == "True"
    negative = tree.SpatialInertia_[E](E(-2.0), zero, unit,
                                       skip_validity_check=True)
    assert str(negative.IsPhysicallyValid()) == "False"
    # On Expression the reference checks the mass and NaN only: moments
    # that fail the triangle inequality pass.
    lopsided = tree.RotationalInertia_[E](E(1.0), E(1.0), E(5.0))
    assert str(lopsided.CouldBePhysicallyValid()) == "True"
    heavy = tree.SpatialInertia_[E](E(float("inf")), zero, unit,
                                    skip_validity_check=True)
    assert str(heavy.IsPhysicallyValid()) == "False"
