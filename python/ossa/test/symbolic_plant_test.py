"""MultibodyPlant_[Expression] from Python: a plant built in double and
converted with ToSymbolic(), queried through its Context with numpy object
arrays of Expression, as the reference's users do.

The acrobot (models/drake/acrobot.urdf) is built by one function on both
packages; its symbolic M(q), C(q, v)·v and τ_g(q), evaluated at random
states, agree with the reference's symbolic plant and with Spong's closed
forms. The other queries (inverse dynamics, poses, Jacobians, time
derivatives) are checked against the same plant on double. Errors: the
operations that need numbers raise RuntimeError on both packages."""

import importlib

import numpy as np
import pytest

from peer_modules import (ACROBOT_URDF, symbolic_acrobot,  # noqa: E402
                          symbolic_acrobot_plant)


def _symbolic_acrobot(lib_name):
    """(M, Cv, tau_g, q, v, Evaluate) of the package's symbolic acrobot."""
    *terms, sym = symbolic_acrobot(lib_name)
    return (*terms, sym.Evaluate)


def _evaluate(evaluate, expressions, env):
    return np.asarray(evaluate(np.asarray(expressions).reshape(
        len(expressions), -1), env), dtype=float)


@pytest.fixture(scope="module")
def ossa_acrobot():
    return _symbolic_acrobot("ossa")


def test_plant_converts_to_symbolic(ossa_acrobot):
    from ossa.multibody.plant import MultibodyPlant_
    from ossa.symbolic import Expression
    M, Cv, tau_g, _, _, _ = ossa_acrobot
    assert M.shape == (2, 2) and M.dtype == object
    assert all(isinstance(e, Expression) for e in M.ravel())
    assert Cv.shape == (2,) and tau_g.shape == (2,)
    assert MultibodyPlant_[Expression] is not None


def test_acrobot_agrees_with_reference_symbolic_plant(ossa_acrobot):
    pytest.importorskip("pydrake")
    theirs = _symbolic_acrobot("pydrake")
    rng = np.random.default_rng(3)
    for _ in range(10):
        state = rng.uniform(-3, 3, 4)
        values = []
        for M, Cv, tau_g, q, v, evaluate in (ossa_acrobot, theirs):
            env = {q[0]: state[0], q[1]: state[1], v[0]: state[2],
                   v[1]: state[3]}
            values.append([_evaluate(evaluate, x, env)
                           for x in (M, Cv, tau_g)])
        # The same mechanics by different arithmetic on O(10) values.
        for ours, ref in zip(*values):
            np.testing.assert_allclose(ours, ref, rtol=0, atol=1e-12)


def test_acrobot_equals_closed_form(ossa_acrobot):
    """Spong's closed forms with acrobot.urdf's parameters: link i of mass
    mᵢ, com at lcᵢ, inertia Iᵢ about its com (about the joint axis), link 1
    of length l₁; q measured from the downward vertical."""
    M, Cv, tau_g, q, v, evaluate = ossa_acrobot
    m1, m2, l1, lc1, lc2, I1, I2, g = 1.0, 1.0, 1.0, 0.5, 1.0, 0.083, 0.33, \
        9.81
    rng = np.random.default_rng(5)
    for _ in range(10):
        q1, q2, v1, v2 = rng.uniform(-3, 3, 4)
        env = {q[0]: q1, q[1]: q2, v[0]: v1, v[1]: v2}
        c2, s2 = np.cos(q2), np.sin(q2)
        M_cf = np.array([
            [I1 + I2 + m1 * lc1**2 + m2 * (l1**2 + lc2**2 + 2 * l1 * lc2 * c2),
             I2 + m2 * (lc2**2 + l1 * lc2 * c2)],
            [I2 + m2 * (lc2**2 + l1 * lc2 * c2), I2 + m2 * lc2**2]])
        Cv_cf = np.array([-m2 * l1 * lc2 * s2 * (2 * v1 * v2 + v2**2),
                          m2 * l1 * lc2 * s2 * v1**2])
        s12 = np.sin(q1 + q2)
        tau_cf = -np.array([g * (m1 * lc1 + m2 * l1) * np.sin(q1) +
                            m2 * g * lc2 * s12, m2 * g * lc2 * s12])
        # Closed form against the plant: O(10) values, 1e-12.
        np.testing.assert_allclose(_evaluate(evaluate, M, env), M_cf,
                                   rtol=0, atol=1e-12)
        np.testing.assert_allclose(_evaluate(evaluate, Cv, env).ravel(),
                                   Cv_cf, rtol=0, atol=1e-12)
        np.testing.assert_allclose(_evaluate(evaluate, tau_g, env).ravel(),
                                   tau_cf, rtol=0, atol=1e-12)


def test_symbolic_queries_equal_double_plant():
    """Inverse dynamics, body poses, Jacobians and time derivatives of the
    symbolic plant, evaluated, equal the double plant's."""
    from ossa.multibody.tree import JacobianWrtVariable, MultibodyForces_
    plant, splant, scontext, q, v, sym = symbolic_acrobot_plant("ossa")
    vd = sym.MakeVectorVariable(2, "vd")
    tau = splant.CalcInverseDynamics(
        scontext, vd, MultibodyForces_[sym.Expression](splant))
    link2 = splant.GetBodyByName("Link2")
    X_WL = splant.EvalBodyPoseInWorld(scontext, link2)
    J = splant.CalcJacobianSpatialVelocity(
        scontext, JacobianWrtVariable.kV, link2.body_frame(), np.zeros(3),
        splant.world_frame(), splant.world_frame())
    derivatives = splant.AllocateTimeDerivatives()
    splant.CalcTimeDerivatives(scontext, derivatives)
    xdot = derivatives.CopyToVector()
    assert tau.dtype == object and J.shape == (6, 2) and xdot.shape == (4,)

    context = plant.CreateDefaultContext()
    rng = np.random.default_rng(9)
    for _ in range(5):
        qk, vk, vdk = rng.uniform(-2, 2, (3, 2))
        plant.SetPositions(context, qk)
        plant.SetVelocities(context, vk)
        env = dict(zip(list(q) + list(v) + list(vd),
                       list(qk) + list(vk) + list(vdk)))
        ev = lambda x: np.asarray(sym.Evaluate(  # noqa: E731
            np.asarray(x).reshape(np.asarray(x).shape[0], -1), env),
            dtype=float)
        from ossa.multibody.tree import MultibodyForces
        # Different arithmetic on O(10) values: 1e-12.
        np.testing.assert_allclose(
            ev(tau).ravel(),
            plant.CalcInverseDynamics(context, vdk, MultibodyForces(plant)),
            rtol=0, atol=1e-12)
        X = plant.EvalBodyPoseInWorld(context, plant.GetBodyByName("Link2"))
        np.testing.assert_allclose(ev(X_WL.GetAsMatrix4()), X.GetAsMatrix4(),
                                   rtol=0, atol=1e-12)
        J_double = plant.CalcJacobianSpatialVelocity(
            context, JacobianWrtVariable.kV,
            plant.GetBodyByName("Link2").body_frame(), np.zeros(3),
            plant.world_frame(), plant.world_frame())
        np.testing.assert_allclose(ev(J), J_double, rtol=0, atol=1e-12)
        np.testing.assert_allclose(
            ev(xdot).ravel(),
            plant.EvalTimeDerivatives(context).CopyToVector(), rtol=0,
            atol=1e-12)


def test_symbolic_elements_exist_for_every_scalar():
    """The elements' Expression instantiations, as the reference has."""
    from ossa.symbolic import Expression
    import ossa.multibody.tree as tree
    for name in ("RigidBody_", "Frame_", "FixedOffsetFrame_", "Joint_",
                 "RevoluteJoint_", "PrismaticJoint_", "WeldJoint_",
                 "BallRpyJoint_", "QuaternionFloatingJoint_",
                 "UniversalJoint_", "PlanarJoint_", "ScrewJoint_",
                 "RpyFloatingJoint_", "JointActuator_", "ForceElement_",
                 "LinearSpringDamper_", "RevoluteSpring_",
                 "UniformGravityFieldElement_", "MultibodyForces_"):
        assert getattr(tree, name)[Expression] is not None, name


def test_discrete_symbolic_plant_has_no_step():
    """As the reference's: the discrete state is there, no update event."""
    import ossa.symbolic as sym
    from ossa.multibody.parsing import Parser
    from ossa.multibody.plant import MultibodyPlant
    plant = MultibodyPlant(0.01)
    Parser(plant).AddModels(ACROBOT_URDF)
    plant.Finalize()
    splant = plant.ToSymbolic()
    context = splant.CreateDefaultContext()
    assert context.num_discrete_state_groups() == 1
    # No update event: a forced update leaves the state as it is.
    values = splant.AllocateDiscreteVariables()
    splant.CalcForcedDiscreteVariableUpdate(context, values)
    after = values.get_vector(0).CopyToVector()
    before = context.get_discrete_state().get_vector(0).CopyToVector()
    assert all(a.EqualTo(b) for a, b in zip(after, before))
    M = splant.CalcMassMatrix(context)
    assert isinstance(M[0, 0], sym.Expression)


def _symbolic_diagram_with_contact(lib_name):
    """`lib_name`'s acrobot with two collision spheres, in a Diagram with
    its SceneGraph, converted with ToSymbolic(): (diagram, context)."""
    mod = lambda name: importlib.import_module(  # noqa: E731
        f"{lib_name}.{name}")
    plant_mod = mod("multibody.plant")
    builder = mod("systems.framework").DiagramBuilder()
    plant, _ = plant_mod.AddMultibodyPlantSceneGraph(builder, 0.0)
    mod("multibody.parsing").Parser(plant).AddModels(ACROBOT_URDF)
    RigidTransform = mod("math").RigidTransform
    Sphere = mod("geometry").Sphere
    friction = plant_mod.CoulombFriction(0.5, 0.5)
    plant.RegisterCollisionGeometry(plant.GetBodyByName("Link1"),
                                    RigidTransform(), Sphere(0.1), "a",
                                    friction)
    plant.RegisterCollisionGeometry(plant.world_body(), RigidTransform(),
                                    Sphere(0.1), "b", friction)
    plant.Finalize()
    diagram = builder.Build().ToSymbolic()
    return diagram, diagram.CreateDefaultContext()


@pytest.mark.parametrize("lib_name", ["ossa", "pydrake"])
def test_contact_query_on_symbolic_plant_raises(lib_name):
    """The plant's contact results need numeric geometry queries."""
    if lib_name == "pydrake":
        pytest.importorskip("pydrake")
    diagram, context = _symbolic_diagram_with_contact(lib_name)
    splant = diagram.GetSubsystemByName("plant")
    plant_context = diagram.GetSubsystemContext(splant, context)
    with pytest.raises(RuntimeError, match="Expression"):
        splant.get_contact_results_output_port().Eval(plant_context)


@pytest.mark.parametrize("lib_name", ["ossa", "pydrake"])
def test_proximity_query_on_symbolic_scene_graph_raises(lib_name):
    """SceneGraph_[Expression] from the Diagram's conversion: its
    QueryObject_[Expression] raises on the proximity queries."""
    if lib_name == "pydrake":
        pytest.importorskip("pydrake")
    diagram, context = _symbolic_diagram_with_contact(lib_name)
    scene_graph = diagram.GetSubsystemByName("scene_graph")
    query = scene_graph.get_query_output_port().Eval(
        diagram.GetSubsystemContext(scene_graph, context))
    assert "Expression" in type(query).__name__
    for name in ("ComputePointPairPenetration",
                 "ComputeSignedDistancePairwiseClosestPoints"):
        with pytest.raises(RuntimeError, match="Expression"):
            getattr(query, name)()


def _quadruple_pendulum(lib_name):
    """`lib_name`'s chain of four pendulum links (revolute about y, each a
    point mass 1 m below its joint, of mass 1 + i/2, with a small inertia)
    hanging from the world: (plant, symbolic module)."""
    mod = lambda name: importlib.import_module(  # noqa: E731
        f"{lib_name}.{name}")
    tree, math = mod("multibody.tree"), mod("math")
    plant = mod("multibody.plant").MultibodyPlant(0.0)
    parent_frame = plant.world_frame()
    for i in range(4):
        mass = 1.0 + 0.5 * i
        body = plant.AddRigidBody(f"link{i}", tree.SpatialInertia(
            mass, [0.0, 0.0, -1.0],
            tree.UnitInertia(0.01, 0.01, 0.01).ShiftFromCenterOfMass(
                [0.0, 0.0, 1.0])))
        plant.AddJoint(tree.RevoluteJoint(f"joint{i}", parent_frame,
                                          body.body_frame(), [0, 1, 0]))
        parent_frame = plant.AddFrame(tree.FixedOffsetFrame(
            f"tip{i}", body.body_frame(), math.RigidTransform([0, 0, -1.0])))
    plant.Finalize()
    return plant, mod("symbolic")


def _locked_accelerations(lib_name, locked):
    """v̇ of `lib_name`'s symbolic quadruple pendulum with the joints named
    by `locked` locked, q and v as variables: (v̇, q, v, symbolic module,
    the double plant). (The reference raises here: it needs numbers.)"""
    plant, sym = _quadruple_pendulum(lib_name)
    splant = plant.ToSymbolic()
    context = splant.CreateDefaultContext()
    for i in locked:
        splant.GetJointByName(f"joint{i}").Lock(context)
    q = sym.MakeVectorVariable(4, "q")
    v = sym.MakeVectorVariable(4, "v")
    splant.SetPositions(context, q)
    splant.SetVelocities(context, v)
    xdot = splant.EvalTimeDerivatives(context).CopyToVector()
    return xdot[4:], q, v, sym, plant


def _reference_locked_accelerations(locked, state):
    """v̇ of the reference's symbolic quadruple pendulum with the joints
    `locked` locked at the numeric `state` (as constant expressions: the
    reference needs numeric values there)."""
    plant, sym = _quadruple_pendulum("pydrake")
    splant = plant.ToSymbolic()
    context = splant.CreateDefaultContext()
    for i in locked:
        splant.GetJointByName(f"joint{i}").Lock(context)
    splant.SetPositionsAndVelocities(
        context, np.array([sym.Expression(x) for x in state], dtype=object))
    xdot = splant.EvalTimeDerivatives(context).CopyToVector()[4:]
    return np.array([e.Evaluate() for e in xdot])


@pytest.mark.parametrize("locked", [(1,), (0, 2)])
def test_forward_dynamics_with_locked_joints(locked):
    """Locked dofs have v̇ = 0; the others solve M_uu·v̇_u = −ID(v̇ = 0)_u
    symbolically, with q and v as variables: agrees with the double plant
    (with the same joints locked) at random states, and with the
    reference's symbolic plant evaluated there."""
    vdot, q, v, sym, plant = _locked_accelerations("ossa", locked)
    context = plant.CreateDefaultContext()
    for i in locked:
        plant.GetJointByName(f"joint{i}").Lock(context)
    has_reference = importlib.util.find_spec("pydrake") is not None
    rng = np.random.default_rng(17)
    for _ in range(10):
        state = rng.uniform(-2, 2, 8)
        env = dict(zip(list(q) + list(v), state))
        ours = _evaluate(sym.Evaluate, vdot, env).ravel()
        plant.SetPositions(context, state[:4])
        plant.SetVelocities(context, state[4:])
        double = plant.EvalTimeDerivatives(context).CopyToVector()[4:]
        # The same mechanics by another factorization (L·D·Lᵀ versus
        # Cholesky) on O(10) values.
        np.testing.assert_allclose(ours, double, rtol=0, atol=1e-10)
        for i in locked:
            assert ours[i] == 0.0
        if has_reference:
            np.testing.assert_allclose(
                ours, _reference_locked_accelerations(locked, state),
                rtol=0, atol=1e-10)


def _parameter_program(lib_name):
    """`lib_name`'s symbolic quadruple pendulum with symbolic parameters:
    link 0's mass m, link 2's center of mass (0, 0, −c) (joint 1's damping
    0.75: a damping must be a number), read back and used: (parameters
    read, M(q), v̇ at q, v variables, the variables (m, c, q, v))."""
    plant, sym = _quadruple_pendulum(lib_name)
    splant = plant.ToSymbolic()
    context = splant.CreateDefaultContext()
    m, c, d = sym.Variable("m"), sym.Variable("c"), sym.Variable("d")
    E = sym.Expression
    link0, link2 = splant.GetBodyByName("link0"), splant.GetBodyByName("link2")
    joint1 = splant.GetJointByName("joint1")
    link0.SetMass(context, E(m))
    link2.SetCenterOfMassInBodyFrame(
        context, np.array([E(0.0), E(0.0), -E(c)], dtype=object))
    if lib_name == "ossa":
        # A symbolic damping is rejected (its sign is not known), as on the
        # reference (which aborts: not probed here).
        with pytest.raises(RuntimeError, match="joint1.*must be a number"):
            joint1.SetDamping(context, E(d))
    joint1.SetDamping(context, E(0.75))
    q = sym.MakeVectorVariable(4, "q")
    v = sym.MakeVectorVariable(4, "v")
    splant.SetPositions(context, q)
    splant.SetVelocities(context, v)
    read = [link0.get_mass(context),
            link2.CalcCenterOfMassInBodyFrame(context)[2],
            joint1.GetDamping(context), joint1.GetDampingVector(context)[0],
            link0.CalcSpatialInertiaInBodyFrame(context).get_mass()]
    M = splant.CalcMassMatrix(context)
    # (The reference's forward dynamics needs numeric q and v.)
    vdot = None if lib_name == "pydrake" else \
        splant.EvalTimeDerivatives(context).CopyToVector()[4:]
    return read, M, vdot, [m, c] + list(q) + list(v), sym


def test_symbolic_parameters_of_tree_elements():
    """Mass, center of mass and damping set as expressions in the Context
    of MultibodyPlant_[Expression] (a damping with variables raises): read
    back as set; M and v̇ at random parameter values and states equal the
    double plant's with those values set, M also the reference's symbolic
    plant's."""
    read, M, vdot, variables, sym = _parameter_program("ossa")
    assert read[0].EqualTo(sym.Expression(variables[0]))
    assert read[2].EqualTo(sym.Expression(0.75))
    assert read[3].EqualTo(sym.Expression(0.75))
    assert read[4].EqualTo(sym.Expression(variables[0]))
    plant, _ = _quadruple_pendulum("ossa")
    context = plant.CreateDefaultContext()
    reference = None
    if importlib.util.find_spec("pydrake") is not None:
        reference = _parameter_program("pydrake")
    rng = np.random.default_rng(29)
    for _ in range(5):
        # m in [0.5, 2]; c in [0.8, 1], where the unit inertia about the
        # joint (kept by SetCenterOfMassInBodyFrame) stays physical.
        values = np.concatenate([[rng.uniform(0.5, 2.0)],
                                 [rng.uniform(0.8, 1.0)],
                                 rng.uniform(-2, 2, 8)])
        env = dict(zip(variables, values))
        plant.GetBodyByName("link0").SetMass(context, values[0])
        plant.GetBodyByName("link2").SetCenterOfMassInBodyFrame(
            context, [0.0, 0.0, -values[1]])
        plant.GetJointByName("joint1").SetDamping(context, 0.75)
        plant.SetPositions(context, values[2:6])
        plant.SetVelocities(context, values[6:])
        ours_read = [float(e.Evaluate(env)) for e in read]
        assert ours_read == [values[0], -values[1], 0.75, 0.75, values[0]]
        ours_M = _evaluate(sym.Evaluate, M, env)
        ours_vdot = _evaluate(sym.Evaluate, vdot, env).ravel()
        # The same operations as the double plant up to reassociation.
        np.testing.assert_allclose(ours_M, plant.CalcMassMatrix(context),
                                   rtol=0, atol=1e-10)
        np.testing.assert_allclose(
            ours_vdot, plant.EvalTimeDerivatives(context).CopyToVector()[4:],
            rtol=0, atol=1e-10)
        if reference is not None:
            r_read, r_M, r_vdot, r_variables, r_sym = reference
            r_env = dict(zip(r_variables, values))
            assert [float(e.Evaluate(r_env)) for e in r_read] == ours_read
            np.testing.assert_allclose(
                ours_M, _evaluate(r_sym.Evaluate, r_M, r_env), rtol=0,
                atol=1e-10)
