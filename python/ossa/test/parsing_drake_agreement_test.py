"""Every bundled model parsed by ossa and by the reference toolkit (pydrake)
gives the same plant: counts, model instance, body, joint and actuator
names, joint kinds, limits, damping, default positions, actuator effort
limits, gear ratios and rotor inertias, the default mass properties of
every body, and the free bodies' default poses. At random states (set in
both by joint name, unit quaternions for free bodies) the mass matrix, the
bias and gravity terms and the inverse dynamics (with force elements,
random generalized forces and random body forces) agree too.

Every bundled model is read by both; talos_reduced.urdf is given to the
reference without its <mimic> tags, which it rejects (see REFERENCE_EDITS).

Tolerance: 1e-10 relative (absolute for values near zero). Both libraries
read the same decimal text into doubles; mass properties differ only by the
few roundings of shifting the inertia from the center of mass to the body
origin, far below 1e-10.
"""

import pathlib
import re

import numpy as np
import pytest

pydrake_plant = pytest.importorskip("pydrake.multibody.plant")
pydrake_parsing = pytest.importorskip("pydrake.multibody.parsing")
pydrake_tree = pytest.importorskip("pydrake.multibody.tree")
pydrake_math = pytest.importorskip("pydrake.multibody.math")

from ossa.multibody.parsing import Parser  # noqa: E402
from ossa.multibody.plant import MultibodyPlant  # noqa: E402
from ossa.multibody import math as ossa_math  # noqa: E402
from ossa.multibody import tree as ossa_tree  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[3]
MODELS = ROOT / "models"
# The bundled models (URDF and SDFormat: none is MJCF), and the MJCF test
# files both libraries can read (the others reference absent meshes, which
# the reference rejects).
MJCF = ROOT / "src" / "ossa" / "multibody" / "parsing" / "test" / "data" / \
    "mjcf"
FILES = sorted(str(p.relative_to(ROOT))
               for ext in ("*.urdf", "*.sdf") for p in MODELS.glob("*/" + ext)) \
    + sorted(str(p.relative_to(ROOT)) for p in MJCF.glob("*.xml"))
RTOL = 1e-10


# Missing meshes and non-physical inertias warn in both libraries.
pytestmark = pytest.mark.usefixtures("quiet_logs")


# Files the reference rejects as they are, and the edit that makes them
# readable by it without changing their dynamics. talos_reduced.urdf: the
# reference rejects a <mimic> on a fixed joint; ossa skips such a mimic
# (with a warning), and skips every mimic on the continuous plants built
# here (docs/constraints.md), so the same file without its <mimic> tags is
# the same plant for both.
REFERENCE_EDITS = {
    "models/example_robot_data/talos_reduced.urdf":
        lambda text: re.sub(r"<mimic[^>]*/>", "", text),
}


def build_both(relative):
    path = ROOT / relative
    ref = pydrake_plant.MultibodyPlant(0.0)
    parser = pydrake_parsing.Parser(ref)
    try:
        if relative in REFERENCE_EDITS:
            # Same folder, so relative mesh paths still resolve (or not) the
            # same way.
            edited = REFERENCE_EDITS[relative](path.read_text())
            parser.AddModelsFromString(edited, path.suffix[1:])
        else:
            parser.AddModels(str(path))
    except RuntimeError as e:
        pytest.skip(f"the reference cannot parse {relative}: {e}")
    ref.Finalize()
    ossa = MultibodyPlant(0.0)
    Parser(ossa).AddModels(str(path))
    ossa.Finalize()
    return ref, ossa


def close(a, b, what):
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    assert a.shape == b.shape, what
    scale = max(1.0, float(np.max(np.abs(b), initial=0.0)))
    # Infinite limits must match exactly; finite values to RTOL.
    assert np.array_equal(np.isinf(a), np.isinf(b)), what
    finite = ~np.isinf(b)
    np.testing.assert_allclose(a[finite], b[finite], rtol=RTOL,
                               atol=RTOL * scale, err_msg=what)


def elements(plant, index_type, count, get):
    return [get(index_type(i)) for i in range(count)]


def joints_by_key(plant, index_type):
    out = {}
    for j in elements(plant, index_type, plant.num_joints(), plant.get_joint):
        key = (plant.GetModelInstanceName(j.model_instance()), j.name())
        out[key] = j
    return out


@pytest.mark.parametrize("relative", FILES)
def test_structure_and_mass_properties(relative):
    ref, ossa = build_both(relative)
    for method in ("num_bodies", "num_joints", "num_positions",
                   "num_velocities", "num_actuators", "num_model_instances"):
        assert getattr(ossa, method)() == getattr(ref, method)(), method
    # MJCF <option gravity> sets the plant's gravity.
    close(ossa.gravity_field().gravity_vector(),
          ref.gravity_field().gravity_vector(), "gravity")
    for i in range(2, ref.num_model_instances()):
        assert ossa.GetModelInstanceName(ossa_tree.ModelInstanceIndex(i)) == \
            ref.GetModelInstanceName(pydrake_tree.ModelInstanceIndex(i))

    ref_bodies = {(ref.GetModelInstanceName(b.model_instance()), b.name()): b
                  for b in elements(ref, pydrake_tree.BodyIndex,
                                    ref.num_bodies(), ref.get_body)}
    ossa_bodies = {(ossa.GetModelInstanceName(b.model_instance()), b.name()): b
                   for b in elements(ossa, ossa_tree.BodyIndex,
                                     ossa.num_bodies(), ossa.get_body)}
    assert ossa_bodies.keys() == ref_bodies.keys()
    for key, rb in ref_bodies.items():
        if rb.index() == 0:
            continue  # the world: NaN mass properties in the reference
        ob = ossa_bodies[key]
        close(ob.default_mass(), rb.default_mass(), f"mass of {key}")
        close(ob.default_com(), rb.default_com(), f"com of {key}")
        close(ob.default_rotational_inertia().CopyToFullMatrix3(),
              rb.default_rotational_inertia().CopyToFullMatrix3(),
              f"I_BBo_B of {key}")

    ref_joints = joints_by_key(ref, pydrake_tree.JointIndex)
    ossa_joints = joints_by_key(ossa, ossa_tree.JointIndex)
    assert ossa_joints.keys() == ref_joints.keys()
    for key, rj in ref_joints.items():
        oj = ossa_joints[key]
        assert oj.type_name() == rj.type_name(), key
        assert oj.parent_body().name() == rj.parent_body().name(), key
        assert oj.child_body().name() == rj.child_body().name(), key
        assert oj.num_positions() == rj.num_positions(), key
        checked = ["position_lower_limits", "position_upper_limits",
                   "velocity_lower_limits", "velocity_upper_limits",
                   "default_damping_vector", "default_positions"]
        for what in checked:
            close(getattr(oj, what)(), getattr(rj, what)(), f"{what} {key}")

    # Free bodies start where the file puts them (block_on_halfspace.sdf
    # has two at z = -1 and z = 0.5): the default pose, and the pose in a
    # default Context.
    ref_context = ref.CreateDefaultContext()
    ossa_context = ossa.CreateDefaultContext()
    ref_free = {(ref.GetModelInstanceName(b.model_instance()), b.name()): b
                for b in (ref.get_body(i)
                          for i in ref.GetFloatingBaseBodies())}
    ossa_free = {(ossa.GetModelInstanceName(b.model_instance()), b.name()): b
                 for b in (ossa.get_body(i)
                           for i in ossa.GetFloatingBaseBodies())}
    assert ossa_free.keys() == ref_free.keys()
    # Newer references rename GetDefaultFreeBodyPose (deprecated there).
    ref_default_pose = getattr(ref, "GetDefaultFloatingBaseBodyPose",
                               ref.GetDefaultFreeBodyPose)
    for key, rb in ref_free.items():
        ob = ossa_free[key]
        close(ossa.GetDefaultFreeBodyPose(ob).GetAsMatrix4(),
              ref_default_pose(rb).GetAsMatrix4(),
              f"default free-body pose of {key}")
        close(ossa.GetFreeBodyPose(ossa_context, ob).GetAsMatrix4(),
              ref.GetFreeBodyPose(ref_context, rb).GetAsMatrix4(),
              f"free-body pose of {key} in a default context")

    ref_actuators = {a.name(): a for a in elements(
        ref, pydrake_tree.JointActuatorIndex, ref.num_actuators(),
        ref.get_joint_actuator)}
    ossa_actuators = {a.name(): a for a in elements(
        ossa, ossa_tree.JointActuatorIndex, ossa.num_actuators(),
        ossa.get_joint_actuator)}
    assert ossa_actuators.keys() == ref_actuators.keys()
    for name, ra in ref_actuators.items():
        oa = ossa_actuators[name]
        assert oa.joint().name() == ra.joint().name(), name
        close(oa.effort_limit(), ra.effort_limit(), f"effort of {name}")
        close(oa.default_gear_ratio(), ra.default_gear_ratio(), name)
        close(oa.default_rotor_inertia(), ra.default_rotor_inertia(), name)


# ------------------------------------------------------------- dynamics
# The two plants may number their coordinates differently (the order in
# which each builds its tree), so states and results are mapped joint by
# joint through the (model instance, joint name) keys, and bodies through
# (model instance, body name).

def coordinate_maps(ref, ossa):
    """Index arrays (q_map, v_map) with ossa_q[q_map] == ref_q (same for v):
    entry i is the ossa coordinate that holds the reference's coordinate
    i."""
    ref_joints = joints_by_key(ref, pydrake_tree.JointIndex)
    ossa_joints = joints_by_key(ossa, ossa_tree.JointIndex)
    q_map = np.full(ref.num_positions(), -1)
    v_map = np.full(ref.num_velocities(), -1)
    for key, rj in ref_joints.items():
        oj = ossa_joints[key]
        for n, rs, os_, out in (
                (rj.num_positions(), rj.position_start(),
                 oj.position_start(), q_map),
                (rj.num_velocities(), rj.velocity_start(),
                 oj.velocity_start(), v_map)):
            out[rs:rs + n] = np.arange(os_, os_ + n)
    # Every coordinate belongs to exactly one joint.
    assert sorted(q_map) == list(range(ossa.num_positions()))
    assert sorted(v_map) == list(range(ossa.num_velocities()))
    return q_map, v_map


def random_positions(ref, rng):
    """Uniform in [-1, 1] per coordinate, in the reference's order, with
    each quaternion joint's first four coordinates normalized (a unit
    quaternion: neither library normalizes for the dynamics)."""
    q = rng.uniform(-1.0, 1.0, ref.num_positions())
    for index in ref.GetJointIndices():
        joint = ref.get_joint(index)
        if joint.type_name() == "quaternion_floating":
            s = joint.position_start()
            q[s:s + 4] /= np.linalg.norm(q[s:s + 4])
    return q


def body_pairs(ref, ossa):
    ossa_bodies = {(ossa.GetModelInstanceName(b.model_instance()), b.name()): b
                   for b in elements(ossa, ossa_tree.BodyIndex,
                                     ossa.num_bodies(), ossa.get_body)}
    for rb in elements(ref, pydrake_tree.BodyIndex, ref.num_bodies(),
                       ref.get_body):
        key = (ref.GetModelInstanceName(rb.model_instance()), rb.name())
        yield rb, ossa_bodies[key]


def agree(ours, theirs, what):
    """|ossa - drake| <= RTOL * max(1, |drake|_inf), entrywise: both
    evaluate the same recursions in double precision; model sizes here
    (up to ~40 dofs, masses up to ~30 kg) keep the roundoff differences at
    a few hundred ulps of the largest entry, far below 1e-10."""
    ours = np.asarray(ours, dtype=float)
    theirs = np.asarray(theirs, dtype=float)
    assert ours.shape == theirs.shape, what
    if theirs.size == 0:
        return
    scale = max(1.0, float(np.max(np.abs(theirs))))
    err = float(np.max(np.abs(ours - theirs)))
    assert err <= RTOL * scale, (
        f"{what}: max |ossa - drake| = {err:.3e} > {RTOL:.0e} * {scale:.3g}")


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("relative", FILES)
def test_mass_matrix_and_inverse_dynamics(relative, seed):
    """At a random state (q, v) and a random v̇, set in both plants by joint
    name: the mass matrix M(q), the bias term C(q, v)v, the gravity forces
    and the inverse dynamics τ = M v̇ + C v − τ_app, with the applied forces
    τ_app made of the force elements (gravity, joint damping), random
    generalized forces and a random spatial force on every body."""
    if relative in DYNAMICS_VS_MUJOCO:
        pytest.skip("the reference reads other dynamics from this file; "
                    "compared with MuJoCo instead")
    ref, ossa = build_both(relative)
    q_map, v_map = coordinate_maps(ref, ossa)
    rng = np.random.default_rng(seed)
    q = random_positions(ref, rng)
    v = rng.uniform(-1.0, 1.0, ref.num_velocities())
    vdot = rng.uniform(-1.0, 1.0, ref.num_velocities())
    tau = rng.uniform(-1.0, 1.0, ref.num_velocities())

    ref_context = ref.CreateDefaultContext()
    ossa_context = ossa.CreateDefaultContext()
    ref.SetPositions(ref_context, q)
    ref.SetVelocities(ref_context, v)
    ossa_q = np.empty_like(q)
    ossa_q[q_map] = q
    ossa_v = np.empty_like(v)
    ossa_v[v_map] = v
    ossa.SetPositions(ossa_context, ossa_q)
    ossa.SetVelocities(ossa_context, ossa_v)
    # The states are the same, coordinate by coordinate.
    np.testing.assert_array_equal(ossa.GetPositions(ossa_context)[q_map], q)

    def in_ref_order(x):
        return np.asarray(x)[v_map]

    M_ref = ref.CalcMassMatrix(ref_context)
    M_ossa = ossa.CalcMassMatrix(ossa_context)[np.ix_(v_map, v_map)]
    agree(M_ossa, M_ref, f"mass matrix of {relative}")
    # The comparison means something: M is a mass matrix, symmetric
    # positive semi-definite (singular where a massless body ends a chain,
    # as in romeo.urdf) and not zero.
    if ref.num_velocities():
        eig = np.linalg.eigvalsh(M_ref)
        assert eig.max() > 0 and eig.min() >= -1e-12 * eig.max()
    agree(in_ref_order(ossa.CalcBiasTerm(ossa_context)),
          ref.CalcBiasTerm(ref_context), f"bias term of {relative}")
    agree(in_ref_order(ossa.CalcGravityGeneralizedForces(ossa_context)),
          ref.CalcGravityGeneralizedForces(ref_context),
          f"gravity forces of {relative}")

    ref_forces = pydrake_tree.MultibodyForces(ref)
    ossa_forces = ossa_tree.MultibodyForces(ossa)
    ref.CalcForceElementsContribution(ref_context, ref_forces)
    ossa.CalcForceElementsContribution(ossa_context, ossa_forces)
    ref_forces.mutable_generalized_forces()[:] += tau
    ossa_forces.mutable_generalized_forces()[v_map] += tau
    F = rng.uniform(-1.0, 1.0, size=(ref.num_bodies(), 6))
    for i, (rb, ob) in enumerate(body_pairs(ref, ossa)):
        rb.AddInForceInWorld(ref_context, pydrake_math.SpatialForce(
            F[i, :3], F[i, 3:]), ref_forces)
        ob.AddInForceInWorld(ossa_context, ossa_math.SpatialForce(
            F[i, :3], F[i, 3:]), ossa_forces)
    ossa_vdot = np.empty_like(vdot)
    ossa_vdot[v_map] = vdot
    tau_ref = ref.CalcInverseDynamics(ref_context, vdot, ref_forces)
    tau_ossa = ossa.CalcInverseDynamics(ossa_context, ossa_vdot, ossa_forces)
    agree(in_ref_order(tau_ossa), tau_ref, f"inverse dynamics of {relative}")


# ----------------------------------------------------- MJCF against MuJoCo
# Files whose dynamics the reference reads differently from MuJoCo (see the
# comment at the top of each file): their mass matrix and inverse dynamics
# are compared with MuJoCo itself (PyPI `mujoco`), with every joint named
# and 1-dof so that coordinates map by name one to one.
DYNAMICS_VS_MUJOCO = {
    "src/ossa/multibody/parsing/test/data/mjcf/multi_joint.xml",
}


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("relative", sorted(DYNAMICS_VS_MUJOCO))
def test_mjcf_dynamics_agree_with_mujoco(relative, seed):
    """M(q) and τ = M v̇ + C v − τ_g − τ_damping at a random state, against
    MuJoCo's mj_fullM and mj_inverse (qfrc_inverse = M q̈ + qfrc_bias −
    qfrc_passive, the passive force being the joint damping); tolerance as
    above, both evaluating closed-form recursions in double."""
    mujoco = pytest.importorskip("mujoco")
    path = ROOT / relative
    model = mujoco.MjModel.from_xml_path(str(path))
    data = mujoco.MjData(model)
    plant = MultibodyPlant(0.0)
    Parser(plant).AddModels(str(path))
    plant.Finalize()
    context = plant.CreateDefaultContext()
    assert plant.num_velocities() == model.nv == model.nq
    rng = np.random.default_rng(seed)
    q = rng.uniform(-1.0, 1.0, model.nq)
    v = rng.uniform(-1.0, 1.0, model.nv)
    vdot = rng.uniform(-1.0, 1.0, model.nv)
    # ossa index of MuJoCo's coordinate i.
    index = np.empty(model.nv, dtype=int)
    for i in range(model.njnt):
        assert int(model.jnt_type[i]) in (int(mujoco.mjtJoint.mjJNT_HINGE),
                                          int(mujoco.mjtJoint.mjJNT_SLIDE))
        joint = plant.GetJointByName(model.joint(i).name)
        index[model.jnt_dofadr[i]] = joint.velocity_start()
    ossa_q = np.empty(model.nq)
    ossa_q[index] = q
    ossa_v = np.empty(model.nv)
    ossa_v[index] = v
    plant.SetPositions(context, ossa_q)
    plant.SetVelocities(context, ossa_v)
    data.qpos[:] = q
    data.qvel[:] = v
    mujoco.mj_forward(model, data)
    M_mujoco = np.zeros((model.nv, model.nv))
    mujoco.mj_fullM(model, data, M_mujoco)
    agree(plant.CalcMassMatrix(context)[np.ix_(index, index)], M_mujoco,
          f"mass matrix of {relative} (against MuJoCo)")
    data.qacc[:] = vdot  # after mj_forward, which overwrites it
    mujoco.mj_inverse(model, data)
    forces = ossa_tree.MultibodyForces(plant)
    plant.CalcForceElementsContribution(context, forces)
    ossa_vdot = np.empty(model.nv)
    ossa_vdot[index] = vdot
    tau = plant.CalcInverseDynamics(context, ossa_vdot, forces)
    agree(np.asarray(tau)[index], data.qfrc_inverse,
          f"inverse dynamics of {relative} (against MuJoCo)")
