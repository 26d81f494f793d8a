"""Random distributions as symbolic expressions of random variables, against
the reference (pydrake): Expression.Evaluate / Evaluate with a
RandomGenerator, every joint kind's set_random_*_distribution sampled by
SetRandomContext (also after ToAutoDiffXd / ToSymbolic), and the schema
distributions' ToSymbolic().

Tolerance: the draws are bitwise equal (both evaluate the same expressions
on the same std::mt19937 stream with the same C++ standard library
distributions, drawing the variables in the same order: by type, then by
creation, and the joints in the order of their coordinates), so positions
and evaluated schema distributions are compared exactly. The exceptions are
rotation matrices built by the symbolic RotationMatrix (schema Rotation
ToSymbolic): the reference's symbolic scalar reorders the factors of
products and the terms of sums when it builds them, so the same formula
rounds differently; those agree to 1e-14 (entries of magnitude ≤ 1, a few
ulps of each of about ten operations).
"""

import importlib

import numpy as np
import pytest

pytest.importorskip("pydrake.multibody.plant")

from peer_modules import ModuleSet, error_of  # noqa: E402

OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")
LIBS = [OSSA, DRAKE]
SEEDS = [0, 1, 5, 42, 2024]
ROTATION_TOL = 1e-14


def symbolic(lib):
    return importlib.import_module(
        ("ossa" if lib.is_ossa else "pydrake") + ".symbolic")


def schema(lib):
    return importlib.import_module(
        ("ossa" if lib.is_ossa else "pydrake") + ".common.schema")


def random_variable(lib, name, kind):
    sym = symbolic(lib)
    return sym.Variable(name, getattr(sym.Variable.Type, "RANDOM_" + kind))


# -- Expression.Evaluate with a generator -------------------------------------

def mixed_expressions(lib):
    """Expressions of random variables of the three types, created in an
    order unlike the draw order, with a continuous variable x."""
    sym = symbolic(lib)
    e = random_variable(lib, "e", "EXPONENTIAL")
    g1 = random_variable(lib, "g1", "GAUSSIAN")
    u1 = random_variable(lib, "u1", "UNIFORM")
    g2 = random_variable(lib, "g2", "GAUSSIAN")
    u2 = random_variable(lib, "u2", "UNIFORM")
    x = sym.Variable("x")
    E = sym.Expression
    exprs = [E(e) + 10 * E(g2), E(u2) * E(g1) - E(u1), sym.sin(E(u1)) *
             E(x), E(g1) + E(g2) + E(e) ** 2, E(2.5)]
    return exprs, x, u1


@pytest.mark.parametrize("seed", SEEDS)
def test_expression_evaluate_draws_as_reference(seed):
    results = []
    for lib in LIBS:
        exprs, x, u1 = mixed_expressions(lib)
        sym = symbolic(lib)
        G = lib.common.RandomGenerator
        env = {x: 0.75}
        # One expression per call: its own variables drawn in order.
        g = G(seed)
        scalars = [exprs[0].Evaluate(generator=g),
                   exprs[1].Evaluate(env, g),
                   exprs[2].Evaluate(env=env, generator=g),
                   exprs[3].Evaluate(g)]
        # A matrix: one draw per variable shared by the entries; a random
        # variable bound in env is not drawn.
        m = np.array([[exprs[0], exprs[1]], [exprs[2], exprs[3]]])
        g = G(seed)
        matrix = sym.Evaluate(m, env, g)
        matrix_bound = sym.Evaluate(m, {x: 0.75, u1: 0.5}, g)
        column = sym.Evaluate(np.array(exprs), env=env, generator=g)
        after = [g() for _ in range(3)]
        results.append((scalars, matrix, matrix_bound, column, after))
    ours, theirs = results
    for a, b in zip(ours, theirs):
        np.testing.assert_array_equal(np.asarray(a), np.asarray(b))


def test_unbound_random_variable_errors_agree():
    errors = []
    for lib in LIBS:
        sym = symbolic(lib)
        u = random_variable(lib, "u", "UNIFORM")
        E = sym.Expression
        errors.append((
            error_of(lambda: E(u).Evaluate()),
            error_of(lambda: E(u).Evaluate(env={})),
            error_of(lambda: sym.Evaluate(np.array([E(u), E(1.0)]), {})),
            error_of(lambda: sym.Evaluate(np.array([E(u)]), {}, None)),
            # A continuous variable is never drawn.
            error_of(lambda: (E(u) + E(sym.Variable("x"))).Evaluate(
                generator=lib.common.RandomGenerator(1))),
            # Out of the domain of sqrt once drawn.
            error_of(lambda: sym.sqrt(E(random_variable(
                lib, "g", "GAUSSIAN")) - 10).Evaluate(
                    generator=lib.common.RandomGenerator(1)))))
    assert errors[0] == errors[1], errors
    assert errors[0][:5] == (RuntimeError,) * 5


# -- Joints ------------------------------------------------------------------

def every_kind_plant(lib, distributions=True):
    """Every joint kind with a distribution (variables of every type), the
    joints added in an order other than the tree's, a second tree, and a
    body without a joint (Finalize() floats it). Returns (plant, joints by
    name)."""
    plant = lib.plant.MultibodyPlant(0.0)
    M = lib.tree.SpatialInertia.SolidBoxWithMass(1.0, 0.1, 0.2, 0.3)
    bodies = {n: plant.AddRigidBody(n, M) for n in "abcdefgh"}
    plant.AddRigidBody("free", M)
    W = plant.world_frame()
    T = lib.tree

    def frame(n):
        return bodies[n].body_frame()
    joints = {}
    joints["prismatic"] = plant.AddJoint(
        T.PrismaticJoint("prismatic", frame("a"), frame("b"), [1, 0, 0]))
    joints["ball"] = plant.AddJoint(T.BallRpyJoint("ball", W, frame("c")))
    joints["revolute"] = plant.AddJoint(
        T.RevoluteJoint("revolute", W, frame("a"), [0, 0, 1]))
    joints["universal"] = plant.AddJoint(
        T.UniversalJoint("universal", frame("c"), frame("d")))
    joints["planar"] = plant.AddJoint(
        T.PlanarJoint("planar", W, frame("e"), [0, 0, 0]))
    joints["screw"] = plant.AddJoint(
        T.ScrewJoint("screw", W, frame("f"), 0.1, 0.0))
    joints["rpy"] = plant.AddJoint(T.RpyFloatingJoint("rpy", W, frame("g")))
    joints["quaternion"] = plant.AddJoint(
        T.QuaternionFloatingJoint("quaternion", W, frame("h")))
    joints["revolute"].set_default_angle(0.3)
    plant.Finalize()
    if distributions:
        set_every_kind_distribution(lib, joints)
    return plant, joints


def set_every_kind_distribution(lib, joints):
    """The same distributions, with variables made in the same order, on
    either package's joints (the reference's setters work only after
    Finalize())."""
    sym = symbolic(lib)
    E = sym.Expression

    def U(name):
        return E(random_variable(lib, name, "UNIFORM"))

    def G(name):
        return E(random_variable(lib, name, "GAUSSIAN"))

    def X(name):
        return E(random_variable(lib, name, "EXPONENTIAL"))
    joints["revolute"].set_random_angle_distribution(0.5 + 2 * U("r"))
    joints["prismatic"].set_random_translation_distribution(
        -1 + 0.5 * G("p"))
    # Gaussian before uniform in creation, so the types' order shows.
    g, u = G("b0"), U("b1")
    joints["ball"].set_random_angles_distribution([g, u, 0.25 * X("b2")])
    joints["universal"].set_random_angles_distribution(
        np.array([U("u0"), sym.cos(U("u1"))]))
    joints["planar"].set_random_pose_distribution(
        [U("x") * 3, G("y")], 2 * X("theta"))
    joints["screw"].set_random_pose_distribution(np.array([[U("s") - 1]]))
    joints["rpy"].set_random_translation_distribution(
        [U("t0"), G("t1"), X("t2")])
    joints["rpy"].set_random_angles_distribution([U("a0"), 0.1, G("a2")])
    joints["quaternion"].set_random_quaternion_distribution_to_uniform()
    joints["quaternion"].set_random_translation_distribution(
        [G("q0"), U("q1"), 1.5])


def sample_positions(lib, plant, seed, scalar=None):
    """SetRandomContext with RandomGenerator(seed) on the plant (converted
    to `scalar` "autodiff" or "symbolic" first): the positions as floats."""
    system = plant
    if scalar == "autodiff":
        system = plant.ToAutoDiffXd()
    elif scalar == "symbolic":
        system = plant.ToSymbolic()
    context = system.CreateDefaultContext()
    system.SetRandomContext(context, lib.common.RandomGenerator(seed))
    q = system.GetPositions(context)
    if scalar == "autodiff":
        return np.array([x.value() for x in q])
    if scalar == "symbolic":
        return np.array([x.Evaluate() for x in q])
    return np.array(q), np.array(system.GetVelocities(context))


@pytest.mark.parametrize("seed", SEEDS)
def test_every_joint_kind_samples_as_reference(seed):
    (q_ours, v_ours), (q_theirs, v_theirs) = (
        sample_positions(lib, every_kind_plant(lib)[0], seed)
        for lib in LIBS)
    np.testing.assert_array_equal(q_ours, q_theirs)
    np.testing.assert_array_equal(v_ours, v_theirs)


@pytest.mark.parametrize("scalar", ["autodiff", "symbolic"])
def test_distributions_survive_scalar_conversion(scalar):
    # (The reference's converted plant drops the distributions and gives
    # the defaults; ossa keeps them, as its design asks.)
    for seed in SEEDS[:3]:
        ours = sample_positions(OSSA, every_kind_plant(OSSA)[0], seed, scalar)
        # Equal to the double plant's sample.
        np.testing.assert_array_equal(
            ours, sample_positions(OSSA, every_kind_plant(OSSA)[0], seed)[0])


def test_without_distributions_defaults_are_kept():
    for lib in LIBS:
        plant, _ = every_kind_plant(lib, distributions=False)
        context = plant.CreateDefaultContext()
        plant.SetVelocities(context, np.ones(plant.num_velocities()))
        plant.SetRandomContext(context, lib.common.RandomGenerator(3))
        default = plant.CreateDefaultContext()
        np.testing.assert_array_equal(plant.GetPositionsAndVelocities(context),
                                      plant.GetPositionsAndVelocities(default))


def test_floating_joint_partial_distributions_agree():
    """Setting one part of a floating joint's distribution makes the other
    part its zero configuration (not the default), or keeps the other
    part's distribution; a quaternion is used as drawn."""
    results = []
    for lib in LIBS:
        plant, joints = every_kind_plant(lib, distributions=False)
        sym = symbolic(lib)
        E = sym.Expression
        rpy, quaternion = joints["rpy"], joints["quaternion"]
        rpy.set_default_angles([0.1, 0.2, 0.3])
        rpy.set_default_translation([1, 2, 3])
        quaternion.SetDefaultPose(lib.math.RigidTransform(
            lib.math.RollPitchYaw(0.3, 0.2, 0.1), [4, 5, 6]))
        u = E(random_variable(lib, "u", "UNIFORM"))
        rpy.set_random_translation_distribution([u, 8, 9])
        quaternion.set_random_translation_distribution([10, u, 12])
        first = sample_positions(lib, plant, 3)[0]
        rpy.set_random_angles_distribution([-1, u, -3])
        Q = lib.eigen_geometry.Quaternion_[sym.Expression]
        quaternion.set_random_quaternion_distribution(Q(2 * u, E(0), E(0),
                                                        E(1)))
        second = sample_positions(lib, plant, 3)[0]
        results.append((first, second))
    for a, b in zip(*results):
        np.testing.assert_array_equal(a, b)


def test_joint_order_follows_coordinates():
    """Joints added out of tree order, in several trees: the draws follow
    the coordinates' order."""
    results = []
    for lib in LIBS:
        plant = lib.plant.MultibodyPlant(0.0)
        M = lib.tree.SpatialInertia.SolidSphereWithMass(1.0, 0.1)
        a, b, c = (plant.AddRigidBody(n, M) for n in "abc")
        T = lib.tree
        js = [plant.AddJoint(T.RevoluteJoint(
                  "j_ab", a.body_frame(), b.body_frame(), [0, 0, 1])),
              plant.AddJoint(T.RevoluteJoint(
                  "j_c", plant.world_frame(), c.body_frame(), [0, 0, 1])),
              plant.AddJoint(T.RevoluteJoint(
                  "j_a", plant.world_frame(), a.body_frame(), [0, 0, 1]))]
        plant.Finalize()
        for j in js:
            j.set_random_angle_distribution(
                random_variable(lib, j.name(), "UNIFORM"))
        results.append(sample_positions(lib, plant, 3)[0])
    np.testing.assert_array_equal(*results)


def test_joint_errors_agree():
    errors = []
    for lib in LIBS:
        plant, joints = every_kind_plant(lib, distributions=False)
        sym = symbolic(lib)
        G = lib.common.RandomGenerator
        errors.append([
            error_of(lambda: joints["ball"].set_random_angles_distribution(
                [1.0, 2.0])),
            error_of(lambda: joints["revolute"].set_random_angle_distribution(
                "x")),
            error_of(lambda: joints["planar"].set_random_pose_distribution(
                [1.0], 2.0)),
            error_of(lambda: joints["screw"].set_random_pose_distribution(
                [1.0, 2.0])),
            error_of(lambda: joints["quaternion"]
                     .set_random_quaternion_distribution([1.0, 0, 0, 0])),
        ])
        # A continuous variable in a distribution fails when sampled, as
        # does a null generator for a random one.
        joints["revolute"].set_random_angle_distribution(sym.Variable("x"))
        context = plant.CreateDefaultContext()
        errors[-1].append(error_of(
            lambda: plant.SetRandomContext(context, G(1))))
        # (A None generator: ossa's binding refuses it with TypeError, the
        # reference raises RuntimeError when it samples; not compared.)
        # Out of the domain of sqrt once drawn.
        joints["revolute"].set_random_angle_distribution(sym.sqrt(
            sym.Expression(random_variable(lib, "g", "GAUSSIAN")) - 10))
        errors[-1].append(error_of(
            lambda: plant.SetRandomContext(context, G(1))))
    assert errors[0] == errors[1], errors
    assert errors[0][:5] == [TypeError] * 5
    assert errors[0][5] is RuntimeError


def test_error_names_the_joint():
    plant, joints = every_kind_plant(OSSA, distributions=False)
    joints["screw"].set_random_pose_distribution(
        [symbolic(OSSA).Variable("x")])
    context = plant.CreateDefaultContext()
    with pytest.raises(RuntimeError, match="joint 'screw'"):
        plant.SetRandomContext(context, OSSA.common.RandomGenerator(1))


def test_uniform_quaternion_statistics():
    """Over many samples the uniform quaternion has unit norm, zero mean
    and E[qᵢ²] = 1/4 (uniform on S³). n = 3000: standard errors 0.5/√n ≈
    0.009 for the means and 0.25/√n ≈ 0.005 for the mean squares (Var qᵢ² =
    E qᵢ⁴ − 1/16 = 1/16); 5 standard errors bound them."""
    plant, joints = every_kind_plant(OSSA, distributions=False)
    joints["quaternion"].set_random_quaternion_distribution_to_uniform()
    context = plant.CreateDefaultContext()
    generator = OSSA.common.RandomGenerator(17)
    n = 3000
    samples = np.empty((n, 4))
    for i in range(n):
        plant.SetRandomContext(context, generator)
        samples[i] = joints["quaternion"].GetPositions(context)[:4]
    np.testing.assert_allclose(np.linalg.norm(samples, axis=1), 1.0,
                               rtol=0, atol=1e-14)
    assert np.all(np.abs(samples.mean(axis=0)) < 5 * 0.5 / np.sqrt(n))
    assert np.all(np.abs((samples ** 2).mean(axis=0) - 0.25) <
                  5 * 0.25 / np.sqrt(n))


# -- Schema ------------------------------------------------------------------

def scalar_distributions(s):
    return [s.Deterministic(1.5), s.Gaussian(1.0, 2.0), s.Gaussian(0, 1),
            s.Uniform(-1, 3), s.Uniform(0, 1),
            s.UniformDiscrete([1.0, 2.0, 5.0, 7.5]),
            s.UniformDiscrete([4.0]), 2.5]


def vector_distributions(s):
    return [s.DeterministicVectorX([1, 2]),
            s.GaussianVectorX([1, 2], [3, 4]),
            s.GaussianVectorX([1, 2, 3], [0.5]),
            s.UniformVectorX([1, 2], [3, 5]),
            s.GaussianVector[3]([1, 2, 3], [0.5]),
            s.UniformVector[2]([0, 0], [1, 2]),
            s.DeterministicVector[3]([1, 2, 3])]


@pytest.mark.parametrize("seed", SEEDS)
def test_schema_to_symbolic_evaluates_as_reference(seed):
    results = []
    for lib in LIBS:
        s, sym = schema(lib), symbolic(lib)
        G = lib.common.RandomGenerator
        out = []
        for d in scalar_distributions(s):
            e = s.ToSymbolic(d) if isinstance(d, float) else d.ToSymbolic()
            assert isinstance(e, sym.Expression)
            value = e.Evaluate(generator=G(seed))
            # The expression draws as Sample() does.
            assert value == s.Sample(d, G(seed)), (d, value)
            out.append(value)
            out.append(sorted((v.get_name(), v.get_type().name)
                              for v in e.GetVariables()))
        for d in vector_distributions(s):
            e = d.ToSymbolic()
            assert e.shape == (len(d.Sample(G(0))),)
            value = sym.Evaluate(e, {}, G(seed)).ravel()
            np.testing.assert_array_equal(value, d.Sample(G(seed)))
            out.append(list(value))
            out.append(sorted((v.get_name(), v.get_type().name)
                              for x in e for v in x.GetVariables()))
        results.append(out)
    ours, theirs = results
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs):
        assert a == b, (a, b)


def rotations(lib):
    s = schema(lib)

    def R(value):
        r = s.Rotation()
        r.value = value
        return r
    return [s.Rotation(),
            R(s.Rotation.Rpy(deg=[10, 20, 30])),
            R(s.Rotation.Rpy(deg=s.UniformVector[3]([10, 0, -5],
                                                    [20, 30, 40]))),
            R(s.Rotation.AngleAxis(angle_deg=s.Uniform(0, 90),
                                   axis=[0, 0, 1])),
            R(s.Rotation.AngleAxis(angle_deg=30, axis=[1, 2, 2])),
            R(s.Rotation.AngleAxis(angle_deg=s.UniformDiscrete([10, 20, 40]),
                                   axis=[0, 1, 0])),
            R(s.Rotation.Uniform())]


@pytest.mark.parametrize("seed", SEEDS)
def test_rotation_and_transform_to_symbolic_agree(seed):
    results = []
    for lib in LIBS:
        s, sym = schema(lib), symbolic(lib)
        G = lib.common.RandomGenerator
        out = []
        for r in rotations(lib):
            R = r.ToSymbolic()
            assert type(R) is lib.math.RotationMatrix_[sym.Expression]
            out.append(sym.Evaluate(R.matrix(), {}, G(seed)))
        t = s.Transform()
        t.translation = s.UniformVector[3]([0, 0, 0], [1, 2, 3])
        t.rotation = rotations(lib)[-1]
        X = t.ToSymbolic()
        assert type(X) is lib.math.RigidTransform_[sym.Expression]
        X_value = sym.Evaluate(X.GetAsMatrix34(), {}, G(seed))
        # The symbolic pose draws as Sample() does.
        np.testing.assert_allclose(
            X_value, t.Sample(G(seed)).GetAsMatrix34(), rtol=0,
            atol=ROTATION_TOL)
        out.append(X_value)
        results.append(out)
    for a, b in zip(*results):
        np.testing.assert_allclose(a, b, rtol=0, atol=ROTATION_TOL)


def test_schema_to_symbolic_errors_agree():
    errors = []
    for lib in LIBS:
        s = schema(lib)

        def R(value):
            r = s.Rotation()
            r.value = value
            return r
        errors.append([
            error_of(lambda: s.UniformDiscrete([]).ToSymbolic()),
            error_of(lambda: s.GaussianVectorX([1, 2, 3], [1, 2])
                     .ToSymbolic()),
            error_of(lambda: s.UniformVectorX([1, 2, 3], [1, 2])
                     .ToSymbolic()),
            error_of(lambda: s.ToSymbolic(np.array([1.0, 2.0]))),
            error_of(lambda: s.ToSymbolic(s.UniformVectorX([0], [1]))),
            # A random axis has no symbolic form.
            error_of(lambda: R(s.Rotation.AngleAxis(
                angle_deg=30, axis=s.UniformVector[3]([0, 0, 1], [1, 1, 1])))
                .ToSymbolic()),
        ])
    assert errors[0] == errors[1], errors
    assert errors[0] == [RuntimeError] * 3 + [TypeError] * 2 + [RuntimeError]


def test_gaussian_angles_raise():
    # (The reference aborts the process on these; ossa raises.)
    s = schema(OSSA)
    r = s.Rotation()
    r.value = s.Rotation.Rpy(deg=s.GaussianVector[3]([0, 0, 0], [1, 1, 1]))
    with pytest.raises(RuntimeError, match="Gaussian"):
        r.ToSymbolic()
