"""Symbolic forward kinematics with RigidTransform_[Expression].

Composes the poses of a planar two-link arm (joints about ẑ, links of
lengths l1 and l2 along x̂) with the joint angles and the lengths as
symbolic variables, prints the tip's position and its Jacobian with respect
to the angles, and checks both against the closed forms
p = [l1·cos q1 + l2·cos(q1 + q2), l1·sin q1 + l2·sin(q1 + q2)] and their
derivatives, at random values, and the Jacobian also against central finite
differences of the position.
"""

import numpy as np

from ossa.math import RigidTransform_, RotationMatrix_
import ossa.symbolic as sym

Expression = sym.Expression
q1, q2 = sym.Variable("q1"), sym.Variable("q2")
l1, l2 = sym.Variable("l1"), sym.Variable("l2")


def joint(angle, offset):
    """The pose of a link's frame in its parent's: a rotation by `angle`
    about ẑ at `offset` along the parent's x̂."""
    return RigidTransform_[Expression](
        RotationMatrix_[Expression].MakeZRotation(angle),
        np.array([offset, Expression(0.0), Expression(0.0)], dtype=object))


X_W1 = joint(Expression(q1), Expression(0.0))
X_12 = joint(Expression(q2), Expression(l1))
X_W2 = X_W1.multiply(X_12)
p_WT = X_W2.multiply(np.array([Expression(l2), Expression(0.0),
                               Expression(0.0)], dtype=object))[:2]
J = sym.Jacobian(p_WT, [q1, q2])
print("tip position:")
for i, name in enumerate("xy"):
    print(f"  {name} = {p_WT[i].Expand()}")
print("Jacobian with respect to [q1, q2]:")
for i in range(2):
    print("  [" + ", ".join(str(J[i, j]) for j in range(2)) + "]")

rng = np.random.default_rng(0)
for _ in range(20):
    a, b = rng.uniform(-np.pi, np.pi, 2)
    la, lb = rng.uniform(0.2, 2.0, 2)
    env = {q1: a, q2: b, l1: la, l2: lb}
    p = sym.Evaluate(p_WT.reshape(-1, 1), env).ravel()
    Jv = sym.Evaluate(J, env)
    p_closed = [la * np.cos(a) + lb * np.cos(a + b),
                la * np.sin(a) + lb * np.sin(a + b)]
    J_closed = [[-la * np.sin(a) - lb * np.sin(a + b), -lb * np.sin(a + b)],
                [la * np.cos(a) + lb * np.cos(a + b), lb * np.cos(a + b)]]
    # Closed forms and the composed transforms are different arithmetic on
    # O(1) values: 1e-12.
    assert np.allclose(p, p_closed, rtol=0, atol=1e-12), (p, p_closed)
    assert np.allclose(Jv, J_closed, rtol=0, atol=1e-12), (Jv, J_closed)
    # Central differences of the position: O(h²) ≈ 1e-10 truncation.
    h = 1e-5
    for j, var in enumerate((q1, q2)):
        plus, minus = dict(env), dict(env)
        plus[var] += h
        minus[var] -= h
        fd = (sym.Evaluate(p_WT.reshape(-1, 1), plus) -
              sym.Evaluate(p_WT.reshape(-1, 1), minus)).ravel() / (2 * h)
        assert np.allclose(Jv[:, j], fd, rtol=0, atol=1e-8), (Jv[:, j], fd)
print("ok: position and Jacobian equal the closed forms at 20 random states")
