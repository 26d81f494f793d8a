"""Reversed joints: every joint kind works when its parent body is outboard
of its child body (the tree then uses the joint's mobilizer reversed).

The check compares two plants of one physical mechanism, a free-flying
system of four bodies:

    D --rev-- A ==J== B --rev-- C        (J: parent frame on A, child on B)

 - "forward": A is the floating base (an explicit QuaternionFloatingJoint
   from the world), so J's parent A is inboard of its child B;
 - "reversed": B is the floating base, so J is used reversed (its child B is
   inboard of its parent A).

J keeps its own coordinates in both, so the state of one plant maps to the
other: J, C and D coordinates are copied and the base joint of "reversed"
gets B's pose and spatial velocity from "forward". With T the resulting map
v_R = T·v_F (T = [Jv_V_WB; selection of the J, C, D velocities]) and its
bias Ṫ·v_F = [AsBias_WB; 0], both plants describe the same motion, so:

 - every body pose and spatial velocity agrees;
 - Jacobians: J_F = J_R·T (the same spatial velocity for every v_F);
 - mass matrix: M_F = Tᵀ·M_R·T (the same kinetic energy for every v_F);
 - inverse dynamics: τ_F = Tᵀ·τ_R(T·v̇_F + Ṫ·v_F) (virtual power);
 - forward dynamics: v̇_R = T·v̇_F + Ṫ·v_F;
 - MapQDotToVelocity(MapVelocityToQDot(v)) = v in the reversed plant, and
   J's q̇ agrees between the two.

Tolerance 1e-12 (absolute, on O(1) quantities): both plants evaluate exact
recursions in double precision; they differ only by round-off, a few dozen
ulps for four bodies, while a wrong sign or frame in the reversed mobilizer
gives O(0.1) errors.
"""

import numpy as np
import pytest

import ossa.math as om
import ossa.multibody.plant as mp
import ossa.multibody.tree as mt

TOL = 1e-12

# name -> (constructor kwargs, does J have a quaternion in q)
KINDS = {
    "RevoluteJoint": dict(axis=[0.3, -0.5, 0.8], damping=0.1),
    "PrismaticJoint": dict(axis=[-0.6, 0.2, 0.4], damping=0.2),
    "ScrewJoint": dict(axis=[0.1, 0.9, -0.3], screw_pitch=0.07, damping=0.1),
    "UniversalJoint": dict(damping=0.1),
    "PlanarJoint": dict(damping=np.array([0.1, 0.2, 0.3])),
    "BallRpyJoint": dict(damping=0.3),
    "RpyFloatingJoint": dict(angular_damping=0.1, translational_damping=0.2),
    "QuaternionFloatingJoint": dict(angular_damping=0.1,
                                    translational_damping=0.2),
    "WeldJoint": None,
}


def random_inertia(rng):
    mass = rng.uniform(0.5, 3.0)
    a, b, c = rng.uniform(0.05, 0.4, size=3)
    moments = mass / 12 * np.array([b * b + c * c, a * a + c * c,
                                    a * a + b * b])
    com = rng.uniform(-0.15, 0.15, size=3)
    return mt.SpatialInertia.MakeFromCentralInertia(
        mass=mass, p_PScm_E=com,
        I_SScm_E=mt.RotationalInertia(*moments))


def random_pose(rng, scale=0.3):
    rpy = om.RollPitchYaw(*rng.uniform(-np.pi / 2, np.pi / 2, size=3))
    return om.RigidTransform(rpy, rng.uniform(-scale, scale, size=3))


def build(kind, base_name, seed=4):
    """The mechanism with `base_name` ("A" or "B") as floating base."""
    rng = np.random.default_rng(seed)
    plant = mp.MultibodyPlant(0.0)
    bodies = {n: plant.AddRigidBody(n, random_inertia(rng)) for n in "ABCD"}
    base = bodies[base_name]
    plant.AddJoint(mt.QuaternionFloatingJoint(
        "base", plant.world_frame(), base.body_frame()))

    def frame(name, body):
        return plant.AddFrame(mt.FixedOffsetFrame(
            name, body.body_frame(), random_pose(rng)))

    F = frame("J_parent", bodies["A"])
    M = frame("J_child", bodies["B"])
    if KINDS[kind] is None:
        J = plant.AddJoint(mt.WeldJoint("J", F, M, random_pose(rng)))
    else:
        J = plant.AddJoint(getattr(mt, kind)("J", F, M, **KINDS[kind]))
    plant.AddJoint(mt.RevoluteJoint(
        "C_joint", frame("C_parent", bodies["B"]), bodies["C"].body_frame(),
        [0.0, 0.6, 0.8]))
    plant.AddJoint(mt.RevoluteJoint(
        "D_joint", frame("D_parent", bodies["A"]), bodies["D"].body_frame(),
        [1.0, 0.0, 0.0]))
    plant.Finalize()
    return plant, J


def joint_q_v(plant, name):
    j = plant.GetJointByName(name)
    return (slice(j.position_start(), j.position_start() + j.num_positions()),
            slice(j.velocity_start(), j.velocity_start() + j.num_velocities()))


class Pair:
    def __init__(self, kind):
        self.kind = kind
        self.fwd, self.J_fwd = build(kind, "A")
        self.rev, self.J_rev = build(kind, "B")
        self.cf = self.fwd.CreateDefaultContext()
        self.cr = self.rev.CreateDefaultContext()

    def set_random_state(self, rng):
        f, r = self.fwd, self.rev
        q = rng.uniform(-1.0, 1.0, size=f.num_positions())
        v = rng.uniform(-1.0, 1.0, size=f.num_velocities())
        for name in ("base", "J"):
            j = f.GetJointByName(name)
            if j.type_name() == "quaternion_floating":
                s = j.position_start()
                q[s:s + 4] /= np.linalg.norm(q[s:s + 4])
        f.SetPositions(self.cf, q)
        f.SetVelocities(self.cf, v)
        # The reversed plant: J, C, D copied; the base from B's motion.
        qr = np.zeros(r.num_positions())
        vr = np.zeros(r.num_velocities())
        for name in ("J", "C_joint", "D_joint"):
            sq_f, sv_f = joint_q_v(f, name)
            sq_r, sv_r = joint_q_v(r, name)
            qr[sq_r] = q[sq_f]
            vr[sv_r] = v[sv_f]
        sq, _ = joint_q_v(r, "base")
        qr[sq] = [1, 0, 0, 0, 0, 0, 0]
        r.SetPositions(self.cr, qr)
        r.SetVelocities(self.cr, vr)
        B_f = f.GetBodyByName("B")
        B_r = r.GetBodyByName("B")
        r.SetFreeBodyPose(self.cr, B_r, f.EvalBodyPoseInWorld(self.cf, B_f))
        r.SetFreeBodySpatialVelocity(
            self.cr, B_r, f.EvalBodySpatialVelocityInWorld(self.cf, B_f))

    def velocity_map(self):
        """T (nv x nv) with v_R = T·v_F, and the bias Ṫ·v_F."""
        f, r = self.fwd, self.rev
        nv = f.num_velocities()
        T = np.zeros((nv, nv))
        bias = np.zeros(nv)
        B_f = f.GetBodyByName("B")
        _, sv_base = joint_q_v(r, "base")
        kV = mt.JacobianWrtVariable.kV
        T[sv_base, :] = f.CalcJacobianSpatialVelocity(
            self.cf, kV, B_f.body_frame(), np.zeros(3), f.world_frame(),
            f.world_frame())
        bias[sv_base] = f.CalcBiasSpatialAcceleration(
            self.cf, kV, B_f.body_frame(), np.zeros(3), f.world_frame(),
            f.world_frame()).get_coeffs()
        for name in ("J", "C_joint", "D_joint"):
            _, sv_f = joint_q_v(f, name)
            _, sv_r = joint_q_v(r, name)
            T[sv_r, sv_f] = np.eye(sv_f.stop - sv_f.start)
        return T, bias


@pytest.fixture(params=sorted(KINDS), scope="module")
def pair(request):
    return Pair(request.param)


def test_joint_is_reversed(pair):
    assert not pair.J_fwd.is_reversed()
    assert pair.J_rev.is_reversed()
    assert pair.fwd.GetPositionNames() == pair.rev.GetPositionNames() or (
        # The base joint moves with the base body: only its place differs.
        sorted(pair.fwd.GetPositionNames())
        == sorted(pair.rev.GetPositionNames()))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_same_motion(pair, seed):
    rng = np.random.default_rng(seed)
    pair.set_random_state(rng)
    f, r, cf, cr = pair.fwd, pair.rev, pair.cf, pair.cr
    T, bias = pair.velocity_map()
    vf = f.GetVelocities(cf)
    vr = r.GetVelocities(cr)
    # The map reproduces the state written into the reversed plant.
    np.testing.assert_allclose(T @ vf, vr, rtol=0, atol=TOL)

    for name in "ABCD":
        bf, br = f.GetBodyByName(name), r.GetBodyByName(name)
        np.testing.assert_allclose(
            r.EvalBodyPoseInWorld(cr, br).GetAsMatrix4(),
            f.EvalBodyPoseInWorld(cf, bf).GetAsMatrix4(), rtol=0, atol=TOL,
            err_msg=f"pose of {name}")
        np.testing.assert_allclose(
            r.EvalBodySpatialVelocityInWorld(cr, br).get_coeffs(),
            f.EvalBodySpatialVelocityInWorld(cf, bf).get_coeffs(), rtol=0,
            atol=TOL, err_msg=f"velocity of {name}")
        # Jacobian of a point off each body's origin, in the world.
        p = np.array([0.1, -0.2, 0.3])
        kV = mt.JacobianWrtVariable.kV
        Jf = f.CalcJacobianSpatialVelocity(cf, kV, bf.body_frame(), p,
                                           f.world_frame(), f.world_frame())
        Jr = r.CalcJacobianSpatialVelocity(cr, kV, br.body_frame(), p,
                                           r.world_frame(), r.world_frame())
        np.testing.assert_allclose(Jr @ T, Jf, rtol=0, atol=TOL,
                                   err_msg=f"Jacobian of {name}")

    Mf = f.CalcMassMatrix(cf)
    Mr = r.CalcMassMatrix(cr)
    np.testing.assert_allclose(T.T @ Mr @ T, Mf, rtol=0, atol=TOL)

    # Inverse dynamics (gravity, joint damping excluded: ID has no damping).
    vdot_f = rng.uniform(-1.0, 1.0, size=f.num_velocities())
    tau_f = f.CalcInverseDynamics(cf, vdot_f, mt.MultibodyForces(f))
    tau_r = r.CalcInverseDynamics(cr, T @ vdot_f + bias,
                                  mt.MultibodyForces(r))
    np.testing.assert_allclose(T.T @ tau_r, tau_f, rtol=0, atol=TOL)

    # Forward dynamics with gravity and joint damping: the same motion. The
    # articulated-body solves amplify round-off by the conditioning of the
    # articulated inertias (light bodies on 6-dof joints, ~1e3..1e4), so the
    # two agree to ~1e-11 rather than 1e-13: 1e-9 still exposes any modelling
    # error, which is O(0.1).
    xdot_f = f.EvalTimeDerivatives(cf).CopyToVector()
    xdot_r = r.EvalTimeDerivatives(cr).CopyToVector()
    nq = f.num_positions()
    np.testing.assert_allclose(xdot_r[nq:], T @ xdot_f[nq:] + bias, rtol=0,
                               atol=1e-9)
    for name in "ABCD":
        np.testing.assert_allclose(
            r.EvalBodySpatialAccelerationInWorld(
                cr, r.GetBodyByName(name)).get_coeffs(),
            f.EvalBodySpatialAccelerationInWorld(
                cf, f.GetBodyByName(name)).get_coeffs(),
            rtol=0, atol=1e-9, err_msg=f"acceleration of {name}")

    # q̇ ↔ v maps: a round trip on v, and J's q̇ is the same in both.
    qdot_r = r.MapVelocityToQDot(cr, vr)
    np.testing.assert_allclose(r.MapQDotToVelocity(cr, qdot_r), vr, rtol=0,
                               atol=TOL)
    qdot_f = f.MapVelocityToQDot(cf, vf)
    sq_f, _ = joint_q_v(f, "J")
    sq_r, _ = joint_q_v(r, "J")
    np.testing.assert_allclose(qdot_r[sq_r], qdot_f[sq_f], rtol=0, atol=TOL)


def test_reversed_floating_joint_is_not_a_free_body():
    # A floating joint used reversed does not make its (outboard) parent
    # body a free body; the base's own floating joint does make B one.
    plant, J = build("QuaternionFloatingJoint", "B")
    assert J.is_reversed()
    context = plant.CreateDefaultContext()
    A = plant.GetBodyByName("A")
    B = plant.GetBodyByName("B")
    with pytest.raises(Exception, match="'A'.*not a free body"):
        plant.GetFreeBodyPose(context, A)
    X_WB = om.RigidTransform(om.RollPitchYaw(0.1, 0.2, 0.3), [1.0, 2.0, 3.0])
    plant.SetFreeBodyPose(context, B, X_WB)
    np.testing.assert_allclose(
        plant.EvalBodyPoseInWorld(context, B).GetAsMatrix4(),
        X_WB.GetAsMatrix4(), rtol=0, atol=TOL)
