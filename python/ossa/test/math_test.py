"""Tests of ossa.math: RotationMatrix, RollPitchYaw, RigidTransform and the
quaternion helpers, for float and AutoDiffXd."""

import copy
import pickle

import numpy as np
import pytest

from ossa.autodiffutils import AutoDiffXd
from ossa.common.eigen_geometry import AngleAxis, Isometry3, Quaternion
from ossa.math import (
    AreQuaternionsEqualForOrientation,
    CalculateAngularVelocityExpressedInBFromQuaternionDt,
    CalculateQuaternionDtFromAngularVelocityExpressedInB,
    ClosestQuaternion,
    IsQuaternionValid,
    QuaternionToCanonicalForm,
    RigidTransform,
    RigidTransform_,
    RollPitchYaw,
    RollPitchYaw_,
    RotationMatrix,
    RotationMatrix_,
    is_quaternion_in_canonical_form,
)

EPS = np.finfo(float).eps
rng = np.random.default_rng(42)


def random_rotation():
    return RotationMatrix(Quaternion(rng.normal(size=4)))


def random_pose():
    return RigidTransform(random_rotation(), rng.normal(size=3))


def value(x):
    return x.value() if isinstance(x, AutoDiffXd) else x


def values(a):
    return np.vectorize(value, otypes=[float])(np.asarray(a, dtype=object))


def derivative(a, k=0):
    """d/dvar_k of every entry of an object array of AutoDiffXd."""
    def d(x):
        der = x.derivatives()
        return der[k] if len(der) > k else 0.0
    return np.vectorize(d, otypes=[float])(np.asarray(a, dtype=object))


def test_templates_and_defaults():
    assert RotationMatrix is RotationMatrix_[float]
    assert RigidTransform is RigidTransform_[float]
    assert RollPitchYaw is RollPitchYaw_[float]
    assert RotationMatrix_[AutoDiffXd] is not RotationMatrix
    assert RotationMatrix().IsExactlyIdentity()
    assert RigidTransform().IsExactlyIdentity()
    assert RotationMatrix.Identity().IsExactlyIdentity()


def test_axis_rotations_closed_form():
    t = 0.3
    c, s = np.cos(t), np.sin(t)
    np.testing.assert_array_equal(
        RotationMatrix.MakeXRotation(t).matrix(),
        [[1, 0, 0], [0, c, -s], [0, s, c]])
    np.testing.assert_array_equal(
        RotationMatrix.MakeYRotation(t).matrix(),
        [[c, 0, s], [0, 1, 0], [-s, 0, c]])
    np.testing.assert_array_equal(
        RotationMatrix.MakeZRotation(t).matrix(),
        [[c, -s, 0], [s, c, 0], [0, 0, 1]])


def test_rotation_products_and_inverse():
    for _ in range(20):
        R_AB, R_BC = random_rotation(), random_rotation()
        R_AC = R_AB @ R_BC
        assert isinstance(R_AC, RotationMatrix)
        # numpy and Eigen may sum in different orders: a few ε apart.
        np.testing.assert_allclose(R_AC.matrix(),
                                   R_AB.matrix() @ R_BC.matrix(), rtol=0,
                                   atol=4 * EPS)
        assert R_AB.multiply(R_BC).IsExactlyEqualTo(R_AC)
        # 16 ε: two 3x3 products of unit-size entries.
        assert (R_AB.inverse() @ R_AB).IsNearlyIdentity(16 * EPS)
        assert R_AB.InvertAndCompose(R_AC).IsNearlyEqualTo(R_BC, 16 * EPS)
        v = rng.normal(size=3)
        out = R_AB @ v
        assert out.shape == (3,)
        np.testing.assert_allclose(out, R_AB.matrix() @ v, rtol=0,
                                   atol=1e-15)
        V = rng.normal(size=(3, 5))
        np.testing.assert_allclose(R_AB @ V, R_AB.matrix() @ V, rtol=0,
                                   atol=1e-15)
        np.testing.assert_array_equal(R_AB.col(1), R_AB.matrix()[:, 1])
        np.testing.assert_array_equal(R_AB.row(2), R_AB.matrix()[2, :])
    # matrix() is a copy: writing to it cannot break the invariant.
    R = RotationMatrix()
    m = R.matrix()
    m[0, 0] = 5
    assert R.IsExactlyIdentity()


def test_rotation_rejects_bad_input():
    with pytest.raises(RuntimeError, match="not orthonormal"):
        RotationMatrix(np.diag([1.0, 1.0, 1.001]))
    with pytest.raises(RuntimeError, match="reflection"):
        RotationMatrix(np.diag([1.0, 1.0, -1.0]))
    with pytest.raises(RuntimeError, match="zero, NaN or infinite"):
        RotationMatrix(Quaternion(0.0, 0.0, 0.0, 0.0))
    with pytest.raises(RuntimeError, match="1e-10"):
        RotationMatrix.MakeFromOneVector(np.zeros(3), 0)
    with pytest.raises(RuntimeError, match=r"row\(\): index is 3"):
        RotationMatrix().row(3)
    with pytest.raises(TypeError):
        RotationMatrix(np.eye(4))


def test_quaternion_and_angle_axis_round_trips():
    for _ in range(50):
        q = rng.normal(size=4)
        R = RotationMatrix(Quaternion(q))  # normalized on construction
        back = R.ToQuaternion()
        assert back.w() >= 0
        expected = q / np.linalg.norm(q) * np.sign(q[0])
        # Shepperd's method: a few ε.
        np.testing.assert_allclose(back.wxyz(), expected, rtol=0,
                                   atol=8 * EPS)
        aa = R.ToAngleAxis()
        assert 0 <= aa.angle() <= np.pi
        assert RotationMatrix(aa).IsNearlyEqualTo(R, 8 * EPS)
        assert RollPitchYaw(R.ToQuaternion()).ToRotationMatrix() \
            .IsNearlyEqualTo(R, 8 * EPS)


def test_project_to_rotation_matrix():
    R = random_rotation()
    M = R.matrix() + 1e-4 * rng.normal(size=(3, 3))
    P = RotationMatrix.ProjectToRotationMatrix(M)
    assert P.IsValid()
    # The closest rotation: no worse than R, and than nearby rotations.
    d = np.linalg.norm(P.matrix() - M)
    assert d <= np.linalg.norm(R.matrix() - M) + 1e-15
    for axis in range(3):
        for t in (-1e-5, 1e-5):
            Q = P @ RotationMatrix(AngleAxis(t, np.eye(3)[axis]))
            assert d < np.linalg.norm(Q.matrix() - M)


def test_rigid_transform_action_matches_4x4():
    for _ in range(20):
        X_AB, X_BC = random_pose(), random_pose()
        X_AC = X_AB @ X_BC
        np.testing.assert_allclose(
            X_AC.GetAsMatrix4(), X_AB.GetAsMatrix4() @ X_BC.GetAsMatrix4(),
            rtol=0, atol=1e-14)
        p = rng.normal(size=3)
        np.testing.assert_allclose(
            X_AB @ p, (X_AB.GetAsMatrix4() @ np.append(p, 1))[:3],
            rtol=0, atol=1e-14)
        P = rng.normal(size=(3, 6))
        Q = X_AB @ P
        assert Q.shape == (3, 6)
        np.testing.assert_allclose(
            Q, (X_AB.GetAsMatrix4() @ np.vstack([P, np.ones(6)]))[:3],
            rtol=0, atol=1e-14)
        # A direction (homogeneous 0) is only rotated.
        np.testing.assert_allclose(X_AB @ np.append(p, 0),
                                   np.append(X_AB.rotation() @ p, 0),
                                   rtol=0, atol=1e-15)
        assert (X_AB.inverse() @ X_AB).IsNearlyIdentity(1e-14)
        assert X_AB.InvertAndCompose(X_AC).IsNearlyEqualTo(X_BC, 1e-14)
        assert RigidTransform(X_AB.GetAsMatrix4()).IsExactlyEqualTo(X_AB)
        assert RigidTransform(X_AB.GetAsMatrix34()).IsExactlyEqualTo(X_AB)
        assert RigidTransform(X_AB.GetAsIsometry3()).IsExactlyEqualTo(X_AB)
    X = RigidTransform(np.array([1.0, 2.0, 3.5]))
    assert X.GetMaximumAbsoluteTranslationDifference(RigidTransform()) == 3.5
    assert X.GetMaximumAbsoluteDifference(RigidTransform()) == 3.5
    assert not X.IsNearlyEqualTo(RigidTransform(), 3.4)


def test_rigid_transform_constructors_and_setters():
    p = np.array([1.0, -2.0, 0.5])
    rpy = RollPitchYaw(0.1, 0.2, 0.3)
    X = RigidTransform(rpy, p)
    R = rpy.ToRotationMatrix()
    assert RigidTransform(R=R, p=p).IsExactlyEqualTo(X)
    assert RigidTransform(rpy.ToQuaternion(), p).IsNearlyEqualTo(X, 8 * EPS)
    assert RigidTransform(R.ToAngleAxis(), p).IsNearlyEqualTo(X, 8 * EPS)
    Y = RigidTransform()
    Y.set_rotation(rpy)
    Y.set_translation(p)
    assert Y.IsExactlyEqualTo(X)
    Y.SetIdentity()
    assert Y.IsExactlyIdentity()
    Y.set(R, p)
    assert Y.IsExactlyEqualTo(X)
    np.testing.assert_array_equal(X.translation(), p)
    assert X.rotation().IsExactlyEqualTo(R)


def test_rigid_transform_rejects_bad_input():
    M = np.eye(4)
    M[3, 0] = 1e-9
    with pytest.raises(RuntimeError, match=r"last row.*\[0, 0, 0, 1\]"):
        RigidTransform(M)
    M = np.eye(4)
    M[0, 0] = 2
    with pytest.raises(RuntimeError, match="not orthonormal"):
        RigidTransform(M)
    with pytest.raises(RuntimeError, match="expected 1 \\(a point\\) or 0"):
        RigidTransform() @ np.array([1.0, 2.0, 3.0, 0.5])


def test_rpy_convention_and_round_trip_near_gimbal_lock():
    r, p, y = 0.4, -0.3, 2.0
    R = RollPitchYaw(r, p, y).ToRotationMatrix()
    expected = (RotationMatrix.MakeZRotation(y) @ RotationMatrix.MakeYRotation(p)
                @ RotationMatrix.MakeXRotation(r))
    assert R.IsNearlyEqualTo(expected, 4 * EPS)
    for delta in (1e-3, 1e-5, 1e-8):
        for sign in (1, -1):
            rpy = np.array([rng.uniform(-np.pi, np.pi),
                            sign * (np.pi / 2 - delta),
                            rng.uniform(-np.pi, np.pi)])
            R = RollPitchYaw(rpy).ToRotationMatrix()
            back = RollPitchYaw(R)
            # The angles reproduce R to a few ε even at δ = 1e-8 (see
            # roll_pitch_yaw_test.cc for the full sweep).
            assert back.ToRotationMatrix().IsNearlyEqualTo(R, 8 * EPS)
            assert abs(back.pitch_angle() - rpy[1]) <= 8 * EPS


def test_rpy_rates_match_finite_differences():
    for _ in range(20):
        a = np.array([rng.uniform(-3, 3), rng.uniform(-1.4, 1.4),
                      rng.uniform(-3, 3)])
        rpyDt = rng.normal(size=3)
        rpy = RollPitchYaw(a)
        h = 1e-6
        Rdot = (RollPitchYaw(a + h * rpyDt).ToRotationMatrix().matrix()
                - RollPitchYaw(a - h * rpyDt).ToRotationMatrix().matrix()) / (2 * h)
        W = Rdot @ rpy.ToRotationMatrix().matrix().T
        w_fd = np.array([W[2, 1], W[0, 2], W[1, 0]])
        w_A = rpy.CalcAngularVelocityInParentFromRpyDt(rpyDt)
        # Central differences: ~ε/h + h² ≈ 2e-10.
        np.testing.assert_allclose(w_A, w_fd, rtol=0, atol=1e-8)
        np.testing.assert_allclose(
            rpy.CalcRpyDtFromAngularVelocityInParent(w_A), rpyDt, rtol=0,
            atol=1e-13)
        w_D = rpy.CalcAngularVelocityInChildFromRpyDt(rpyDt)
        np.testing.assert_allclose(
            w_D, rpy.ToRotationMatrix().matrix().T @ w_A, rtol=0, atol=1e-14)
        np.testing.assert_allclose(
            rpy.CalcRpyDtFromAngularVelocityInChild(w_D), rpyDt, rtol=0,
            atol=1e-13)
    with pytest.raises(RuntimeError, match="gimbal lock"):
        RollPitchYaw(0, np.pi / 2 - 1e-4, 0).CalcRpyDtFromAngularVelocityInParent(
            np.ones(3))


def test_autodiff_derivatives():
    theta = AutoDiffXd(0.7, [1.0])
    R = RotationMatrix_[AutoDiffXd].MakeZRotation(theta)
    M = R.matrix()
    assert M.dtype == object
    c, s = np.cos(0.7), np.sin(0.7)
    # d/dθ Rz(θ) = [[−s, −c, 0], [c, −s, 0], [0, 0, 0]], exactly.
    np.testing.assert_allclose(derivative(M),
                               [[-s, -c, 0], [c, -s, 0], [0, 0, 0]],
                               rtol=0, atol=4 * EPS)
    # X(θ) @ p with θ as the variable, vs central differences.
    p = np.array([0.3, -1.0, 2.0])

    def act(t, T):
        X = RigidTransform_[T](RotationMatrix_[T].MakeYRotation(t),
                               np.array([2 * t, 1.0, -0.5], dtype=object
                                        if T is AutoDiffXd else float))
        return X @ p
    out = act(AutoDiffXd(0.4, [1.0]), AutoDiffXd)
    h = 1e-6
    fd = (act(0.4 + h, float) - act(0.4 - h, float)) / (2 * h)
    np.testing.assert_allclose(derivative(out), fd, rtol=0, atol=1e-9)
    np.testing.assert_allclose(values(out), act(0.4, float), rtol=0, atol=0)
    # The RPY rate map carries derivatives: d/dt w(rpy(t)) for rpy(t) =
    # rpy0 + t·rpyDt and constant rpyDt matches CalcRpyDDt... inverted.
    rpy0 = np.array([0.2, -0.4, 1.1])
    rpyDt = np.array([0.5, -1.0, 0.3])
    rpy_t = np.array([AutoDiffXd(rpy0[k], [rpyDt[k]]) for k in range(3)],
                     dtype=object)
    w = RollPitchYaw_[AutoDiffXd](rpy_t).CalcAngularVelocityInParentFromRpyDt(
        rpyDt.astype(object))
    alpha = derivative(w)
    rpyDDt = RollPitchYaw(rpy0).CalcRpyDDtFromRpyDtAndAngularAccelInParent(
        rpyDt, alpha)
    np.testing.assert_allclose(rpyDDt, np.zeros(3), rtol=0, atol=1e-14)
    # cast round trips.
    X = random_pose()
    assert X.cast[AutoDiffXd]().cast[float]().IsExactlyEqualTo(X)
    assert isinstance(X.cast[AutoDiffXd](), RigidTransform_[AutoDiffXd])


def test_copy_deepcopy_pickle():
    X = random_pose()
    for obj, same in [
            (X, lambda a, b: a.IsExactlyEqualTo(b)),
            (X.rotation(), lambda a, b: a.IsExactlyEqualTo(b)),
            (RollPitchYaw(0.1, 0.2, 0.3),
             lambda a, b: np.array_equal(a.vector(), b.vector())),
            (Quaternion(0.5, 0.5, 0.5, 0.5),
             lambda a, b: np.array_equal(a.wxyz(), b.wxyz()))]:
        for other in (copy.copy(obj), copy.deepcopy(obj),
                      pickle.loads(pickle.dumps(obj))):
            assert other is not obj
            assert type(other) is type(obj)
            assert same(other, obj)


def test_repr():
    assert repr(RollPitchYaw(0.1, 0.2, 0.3)) == \
        "RollPitchYaw(roll=0.1, pitch=0.2, yaw=0.3)"
    assert repr(RotationMatrix()) == (
        "RotationMatrix([\n  [1.0, 0.0, 0.0],\n  [0.0, 1.0, 0.0],\n"
        "  [0.0, 0.0, 1.0],\n])")
    assert repr(RigidTransform(np.array([1.0, 2.0, 3.0]))).endswith(
        "  p=[1.0, 2.0, 3.0],\n)")
    assert repr(RollPitchYaw_[AutoDiffXd](0.1, 0.2, 0.3)).startswith(
        "RollPitchYaw_[AutoDiffXd](roll=")


def test_quaternion_helpers():
    q = Quaternion(-0.5, 0.5, 0.5, 0.5)
    assert not is_quaternion_in_canonical_form(q)
    c = QuaternionToCanonicalForm(q)
    np.testing.assert_array_equal(c.wxyz(), -q.wxyz())
    assert AreQuaternionsEqualForOrientation(q, c, 0.0)
    np.testing.assert_array_equal(
        ClosestQuaternion(Quaternion(1.0, 0.0, 0.0, 0.0), q).wxyz(), c.wxyz())
    assert IsQuaternionValid(q, 1e-14)
    assert not IsQuaternionValid(Quaternion(1.1, 0.0, 0.0, 0.0), 1e-3)
    # q̇ = ½ q ⊗ (0, w_B) vs central differences of q(t) = q0 ⊗ exp(w_B t).
    q0 = Quaternion(rng.normal(size=4) / 2)
    q0 = Quaternion(q0.wxyz() / np.linalg.norm(q0.wxyz()))
    w_B = rng.normal(size=3)
    h = 1e-6

    def q_at(t):
        angle = np.linalg.norm(w_B) * t
        axis = w_B / np.linalg.norm(w_B)  # AngleAxis takes a unit axis
        return q0.multiply(Quaternion(AngleAxis(angle, axis)))
    fd = (q_at(h).wxyz() - q_at(-h).wxyz()) / (2 * h)
    qDt = CalculateQuaternionDtFromAngularVelocityExpressedInB(q0, w_B)
    np.testing.assert_allclose(qDt, fd, rtol=0, atol=1e-9)
    np.testing.assert_allclose(
        CalculateAngularVelocityExpressedInBFromQuaternionDt(q0, qDt), w_B,
        rtol=0, atol=1e-14)


def test_agrees_with_reference_toolkit():
    # The reference toolkit, when installed, as an oracle: same matrices from
    # the same angles, same angles from the same matrices.
    dm = pytest.importorskip("pydrake.math")
    for _ in range(50):
        rpy = np.array([rng.uniform(-np.pi, np.pi),
                        rng.uniform(-np.pi / 2, np.pi / 2),
                        rng.uniform(-np.pi, np.pi)])
        ours = RollPitchYaw(rpy).ToRotationMatrix().matrix()
        theirs = dm.RollPitchYaw(rpy).ToRotationMatrix().matrix()
        np.testing.assert_allclose(ours, theirs, rtol=0, atol=4 * EPS)
        R = random_rotation().matrix()
        ours = RollPitchYaw(RotationMatrix(R)).vector()
        theirs = dm.RollPitchYaw(dm.RotationMatrix(R)).vector()
        # Both reproduce R; away from gimbal lock the angles agree to
        # ~ε/cos(p).
        cos_p = np.cos(theirs[1])
        np.testing.assert_allclose(ours, theirs, rtol=0,
                                   atol=64 * EPS / cos_p)
        np.testing.assert_allclose(
            RotationMatrix(R).ToQuaternion().wxyz(),
            dm.RotationMatrix(R).ToQuaternion().wxyz(), rtol=0, atol=8 * EPS)
    X = dm.RigidTransform(dm.RollPitchYaw(0.1, 0.2, 0.3), [1.0, 2.0, 3.0])
    Y = RigidTransform(RollPitchYaw(0.1, 0.2, 0.3), np.array([1.0, 2.0, 3.0]))
    np.testing.assert_allclose(Y.GetAsMatrix4(), X.GetAsMatrix4(), rtol=0,
                               atol=4 * EPS)
    assert repr(RollPitchYaw(0.1, 0.2, 0.3)) == repr(dm.RollPitchYaw(0.1, 0.2, 0.3))
