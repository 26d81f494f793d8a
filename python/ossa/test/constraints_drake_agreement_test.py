"""MultibodyPlant constraints against the reference (pydrake from PyPI):
each scene is built by one function run on both libraries, then the
counts, the errors of the documented misuses, the active status in
Contexts and the constraints the parsers make of the same files
(URDF <mimic>, SDFormat <drake:mimic> and <drake:ball_constraint>,
four_bar.sdf, MJCF <equality><connect>) are compared. The reference's
Python API gives no constraint specifications, so those (and MJCF weld and
joint equalities, which the reference ignores) are checked on ossa alone
against the values written in the files.

Error messages differ between the libraries; the gist (a phrase both
contain, or the exception alone) is compared.
"""

import pathlib
import types

import numpy as np
import pytest

from peer_modules import ModuleSet, reference_or_none

OSSA = ModuleSet("ossa")
DRAKE = reference_or_none()
LIBS = [OSSA] + ([DRAKE] if DRAKE is not None else [])

ROOT = pathlib.Path(__file__).resolve().parents[3]
MODELS = ROOT / "models"


pytestmark = pytest.mark.usefixtures("quiet_logs")


def need_reference():
    if DRAKE is None:
        pytest.skip("the reference (pydrake) is not installed")


def scene(lib, time_step=0.01, approximation="kSap"):
    """world -rev(z)- a, world -rev(z)- b, world -ball- c; not finalized."""
    plant = lib.plant.MultibodyPlant(time_step)
    if time_step > 0:
        plant.set_discrete_contact_approximation(
            getattr(lib.plant.DiscreteContactApproximation, approximation))
    M = lib.tree.SpatialInertia.SolidBoxWithMass(1.0, 0.1, 0.2, 0.3)
    a = plant.AddRigidBody("a", M)
    b = plant.AddRigidBody("b", M)
    c = plant.AddRigidBody("c", M)
    ja = plant.AddJoint(lib.tree.RevoluteJoint(
        "ja", plant.world_frame(), a.body_frame(), [0.0, 0.0, 1.0]))
    jb = plant.AddJoint(lib.tree.RevoluteJoint(
        "jb", plant.world_frame(), b.body_frame(), [0.0, 0.0, 1.0]))
    jc = plant.AddJoint(lib.tree.BallRpyJoint(
        "jc", plant.world_frame(), c.body_frame()))
    return types.SimpleNamespace(plant=plant, a=a, b=b, c=c, ja=ja, jb=jb,
                                 jc=jc)


def add_all(lib, s):
    """One constraint of each kind (two balls); returns their ids."""
    p = s.plant
    X = lib.math.RigidTransform
    return dict(
        weld=p.AddWeldConstraint(s.a, X([1.0, 0, 0]), s.b, X()),
        ball=p.AddBallConstraint(s.a, [1.0, 0, 0], s.b),
        distance=p.AddDistanceConstraint(s.a, [1.0, 0, 0], s.c, [0, 1.0, 0],
                                         0.5),
        coupler=p.AddCouplerConstraint(s.ja, s.jb, 2.0, 0.1),
        ball2=p.AddBallConstraint(s.b, [1.0, 2, 3], s.c, [0, 0, 1.0]))


def outcome(f):
    """('ok', value) or ('raises', message) for f()."""
    try:
        return ("ok", f())
    except (RuntimeError, ValueError, TypeError) as e:
        return ("raises", str(e))


@pytest.mark.parametrize("lib", LIBS, ids=lambda lib: lib.name)
def test_counts_ids_and_removal(lib):
    s = scene(lib)
    ids = add_all(lib, s)
    p = s.plant
    assert p.num_constraints() == 5
    # Ids are distinct and listed by kind: couplers, distance, ball, weld.
    listed = p.GetConstraintIds()
    assert len(set(listed)) == 5
    assert listed == [ids["coupler"], ids["distance"], ids["ball"],
                      ids["ball2"], ids["weld"]]
    p.RemoveConstraint(ids["ball"])
    assert p.num_constraints() == 4
    assert ids["ball"] not in p.GetConstraintIds()
    kind, message = outcome(lambda: p.RemoveConstraint(ids["ball"]))
    assert kind == "raises" and "does not match any constraint" in message
    p.Finalize()
    for f in (lambda: p.AddCouplerConstraint(s.ja, s.jb, 1.0),
              lambda: p.RemoveConstraint(ids["weld"])):
        kind, message = outcome(f)
        assert kind == "raises" and "ost-finalize" in message


def bad_inputs(lib, s):
    """Misuses both libraries reject, each with a phrase both messages
    contain (case-insensitive)."""
    p = s.plant
    X = lib.math.RigidTransform
    return [
        (lambda: p.AddBallConstraint(s.a, [0, 0, 0], s.a), "distinct bodies"),
        (lambda: p.AddWeldConstraint(s.a, X(), s.a, X()), "distinct bodies"),
        (lambda: p.AddDistanceConstraint(s.a, [0, 0, 0], s.a, [1, 0, 0], 1.0),
         ""),
        (lambda: p.AddDistanceConstraint(s.a, [0, 0, 0], s.b, [1, 0, 0], 0.0),
         "distance must be strictly positive"),
        (lambda: p.AddDistanceConstraint(s.a, [0, 0, 0], s.b, [1, 0, 0],
                                         -1.0),
         "distance must be strictly positive"),
        (lambda: p.AddDistanceConstraint(s.a, [0, 0, 0], s.b, [1, 0, 0], 1.0,
                                         -1.0),
         "stiffness must be strictly positive"),
        (lambda: p.AddDistanceConstraint(s.a, [0, 0, 0], s.b, [1, 0, 0], 1.0,
                                         0.0),
         "stiffness must be strictly positive"),
        (lambda: p.AddDistanceConstraint(s.a, [0, 0, 0], s.b, [1, 0, 0], 1.0,
                                         1.0, -2.0),
         "damping must be positive or zero"),
        (lambda: p.AddCouplerConstraint(s.ja, s.jc, 2.0),
         "single-dof joints"),
    ]


def test_bad_input_agrees_with_the_reference():
    need_reference()
    results = {}
    for lib in LIBS:
        s = scene(lib)
        results[lib.name] = [outcome(f) for f, _ in bad_inputs(lib, s)]
        # Nothing was added by the rejected calls.
        assert s.plant.num_constraints() == 0
    gists = [gist for _, gist in bad_inputs(OSSA, scene(OSSA))]
    for i, gist in enumerate(gists):
        for name in ("ossa", "drake"):
            kind, message = results[name][i]
            assert kind == "raises", (name, i)
            assert gist.lower() in message.lower(), (name, i, message)
        # ossa's messages name the method.
        assert "MultibodyPlant::Add" in results["ossa"][i][1]


@pytest.mark.parametrize("lib", LIBS, ids=lambda lib: lib.name)
def test_tamsi_rejects_constraints(lib):
    s = scene(lib, approximation="kTamsi")
    kind, message = outcome(lambda: s.plant.AddCouplerConstraint(
        s.ja, s.jb, 1.0))
    assert kind == "raises" and "TAMSI does not support" in message
    s = scene(lib)
    s.plant.AddCouplerConstraint(s.ja, s.jb, 1.0)
    kind, message = outcome(lambda: s.plant.set_discrete_contact_approximation(
        lib.plant.DiscreteContactApproximation.kTamsi))
    assert kind == "raises" and "TAMSI does not support constraints" in message


@pytest.mark.parametrize("lib", LIBS, ids=lambda lib: lib.name)
def test_active_status_lives_in_the_context(lib):
    s = scene(lib)
    ids = add_all(lib, s)
    p = s.plant
    p.Finalize()
    context = p.CreateDefaultContext()
    assert all(p.GetConstraintActiveStatus(context, i) for i in ids.values())
    p.SetConstraintActiveStatus(context, ids["weld"], False)
    assert not p.GetConstraintActiveStatus(context, ids["weld"])
    assert p.GetConstraintActiveStatus(context, ids["ball"])
    assert not p.GetConstraintActiveStatus(context.Clone(), ids["weld"])
    assert p.GetConstraintActiveStatus(p.CreateDefaultContext(), ids["weld"])
    # Scalar conversion keeps the constraints, their ids and the defaults.
    ad = p.ToAutoDiffXd()
    assert ad.GetConstraintIds() == p.GetConstraintIds()
    ad_context = ad.CreateDefaultContext()
    assert ad.GetConstraintActiveStatus(ad_context, ids["weld"])


def test_active_status_bad_input():
    # The reference aborts the process on an unknown id (a failed
    # assertion); ossa raises, naming the method.
    s = scene(OSSA)
    i = s.plant.AddCouplerConstraint(s.ja, s.jb, 1.0)
    other = scene(OSSA).plant
    other.Finalize()
    with pytest.raises(RuntimeError, match="pre-finalize"):
        s.plant.GetConstraintActiveStatus(other.CreateDefaultContext(), i)
    s.plant.Finalize()
    context = s.plant.CreateDefaultContext()
    unknown = OSSA.tree.MultibodyConstraintId.get_new_id()
    with pytest.raises(RuntimeError, match="GetConstraintActiveStatus.*does "
                       "not belong to any multibody constraint"):
        s.plant.GetConstraintActiveStatus(context, unknown)
    with pytest.raises(RuntimeError, match="context is a nullptr"):
        s.plant.SetConstraintActiveStatus(None, i, False)


@pytest.mark.parametrize("lib", LIBS, ids=lambda lib: lib.name)
def test_continuous_plant_dynamics_raise(lib):
    s = scene(lib, time_step=0.0)
    i = s.plant.AddBallConstraint(s.b, [0, 0, 0], s.c)
    s.plant.Finalize()  # accepted, as the reference
    context = s.plant.CreateDefaultContext()
    s.plant.SetConstraintActiveStatus(context, i, False)  # still raises
    with pytest.raises(RuntimeError,
                       match="Continuous time does not support constraints"):
        s.plant.EvalTimeDerivatives(context)


def test_discrete_step_imposes_active_constraints_only():
    # An active coupler (ja = 2·jb) holds after a step from a state that
    # violates its velocity; an inactive one leaves the joints independent.
    s = scene(OSSA)
    i = s.plant.AddCouplerConstraint(s.ja, s.jb, 2.0)
    s.plant.Finalize()
    context = s.plant.CreateDefaultContext()
    s.ja.set_angular_rate(context, 1.0)
    s.plant.ExecuteForcedEvents(context)
    va, vb = s.ja.get_angular_rate(context), s.jb.get_angular_rate(context)
    assert abs(va - 2.0 * vb) < 1e-3 and abs(vb) > 0.1
    s.plant.SetConstraintActiveStatus(context, i, False)
    s.jb.set_angular_rate(context, 0.0)
    s.ja.set_angular_rate(context, 1.0)
    s.plant.ExecuteForcedEvents(context)
    assert abs(s.jb.get_angular_rate(context)) < 1e-12


def test_specs_hold_what_was_added():
    s = scene(OSSA)
    ids = add_all(OSSA, s)
    p = s.plant
    coupler = p.get_coupler_constraint_specs(ids["coupler"])
    assert (coupler.joint0_index, coupler.joint1_index) == \
        (s.ja.index(), s.jb.index())
    assert (coupler.gear_ratio, coupler.offset) == (2.0, 0.1)
    distance = p.get_distance_constraint_specs(ids["distance"])
    assert distance.IsValid()
    assert (distance.distance, distance.stiffness, distance.damping) == \
        (0.5, np.inf, 0.0)
    assert p.get_ball_constraint_specs(ids["ball"]).p_BQ is None
    np.testing.assert_array_equal(
        p.get_ball_constraint_specs(ids["ball2"]).p_BQ, [0, 0, 1])
    np.testing.assert_array_equal(
        p.get_weld_constraint_specs(ids["weld"]).X_AP.translation(),
        [1, 0, 0])
    assert set(p.get_ball_constraint_specs()) == {ids["ball"], ids["ball2"]}
    with pytest.raises(RuntimeError, match="does not match any ball"):
        p.get_ball_constraint_specs(ids["coupler"])
    p.Finalize()
    # The missing p_BQ is where P is at the default configuration: a at the
    # origin, b at the origin, so Q = P = (1, 0, 0) in b.
    np.testing.assert_allclose(p.get_ball_constraint_specs(ids["ball"]).p_BQ,
                               [1, 0, 0], atol=1e-15)


URDF_MIMIC = """<robot name="r"><link name="base"/>
<link name="l1"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
<link name="l2"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
<joint name="j1" type="revolute"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
<joint name="j2" type="revolute"><parent link="base"/><child link="l2"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/>
<mimic joint="j1" multiplier="2" offset="0.5"/></joint></robot>"""

SDF = """<?xml version="1.0"?><sdf version="1.9"><model name="m">
<link name="a"><inertial><mass>1</mass></inertial></link>
<link name="b"><pose>1 0 0 0 0 0</pose><inertial><mass>1</mass></inertial></link>
<joint name="ja" type="revolute"><parent>world</parent><child>a</child><axis><xyz>0 0 1</xyz></axis></joint>
<joint name="jb" type="revolute"><parent>world</parent><child>b</child><axis><xyz>0 0 1</xyz></axis>
<drake:mimic joint="ja" multiplier="-3" offset="0.25"/></joint>
<drake:ball_constraint>
  <drake:ball_constraint_body_A>a</drake:ball_constraint_body_A>
  <drake:ball_constraint_body_B>b</drake:ball_constraint_body_B>
  <drake:ball_constraint_p_AP>0.1 0.2 0.3</drake:ball_constraint_p_AP>
  <drake:ball_constraint_p_BQ>0 0 1</drake:ball_constraint_p_BQ>
</drake:ball_constraint></model></sdf>"""

MJCF = """<mujoco model="m"><worldbody>
<body name="a" pos="0 0 1"><joint name="ja" type="hinge" axis="0 0 1"/><geom type="sphere" size="0.1" mass="1"/>
 <body name="b" pos="1 0 0"><joint name="jb" type="hinge" axis="0 1 0"/><geom type="sphere" size="0.1" mass="1"/></body></body>
<body name="c" pos="0 2 0"><joint name="jc" type="slide" axis="1 0 0"/><geom type="sphere" size="0.1" mass="1"/></body>
</worldbody><equality><connect body1="b" body2="c" anchor="0.1 0.2 0.3"/>
<connect body1="c" anchor="0 0 0.5"/></equality></mujoco>"""

PARSED = [
    # (name, text or file, type, expected count on a SAP plant)
    ("urdf_mimic", URDF_MIMIC, "urdf", 1),
    ("sdf_mimic_and_ball", SDF, "sdf", 2),
    ("mjcf_connect", MJCF, "xml", 2),
    ("four_bar", MODELS / "drake" / "four_bar.sdf", None, 1),
    ("panda", MODELS / "example_robot_data" / "panda.urdf", None, 1),
]


def parse(lib, source, file_type, approximation="kLagged"):
    plant = lib.plant.MultibodyPlant(0.001)
    plant.set_discrete_contact_approximation(
        getattr(lib.plant.DiscreteContactApproximation, approximation))
    parser = lib.parsing.Parser(plant)
    if file_type is None:
        parser.AddModels(str(source))
    else:
        parser.AddModelsFromString(source, file_type)
    return plant


@pytest.mark.parametrize("name,source,file_type,count", PARSED,
                         ids=[case[0] for case in PARSED])
def test_parsed_constraints_agree(name, source, file_type, count):
    need_reference()
    for lib in LIBS:
        plant = parse(lib, source, file_type)
        assert plant.num_constraints() == count, (lib.name, name)
        # And on TAMSI plants both skip them (the reference warns for
        # mimics; an explicit constraint ossa reports and skips too).
        if name in ("urdf_mimic", "panda"):
            tamsi = parse(lib, source, file_type, "kTamsi")
            assert tamsi.num_constraints() == 0, (lib.name, name)
        plant.Finalize()
        context = plant.CreateDefaultContext()
        assert all(plant.GetConstraintActiveStatus(context, i)
                   for i in plant.GetConstraintIds())


def test_parsed_specs():
    p = parse(OSSA, URDF_MIMIC, "urdf")
    (coupler,) = p.get_coupler_constraint_specs().values()
    assert coupler.joint0_index == p.GetJointByName("j2").index()
    assert coupler.joint1_index == p.GetJointByName("j1").index()
    assert (coupler.gear_ratio, coupler.offset) == (2.0, 0.5)
    p = parse(OSSA, SDF, "sdf")
    (ball,) = p.get_ball_constraint_specs().values()
    np.testing.assert_array_equal(ball.p_AP, [0.1, 0.2, 0.3])
    np.testing.assert_array_equal(ball.p_BQ, [0, 0, 1])
    (coupler,) = p.get_coupler_constraint_specs().values()
    assert (coupler.gear_ratio, coupler.offset) == (-3.0, 0.25)
    # MJCF connect: Q where P is at the reference configuration, found at
    # Finalize(): b's anchor (0.1, 0.2, 0.3) is at (1.1, 0.2, 1.3) in the
    # world, i.e. (1.1, -1.8, 1.3) from c at (0, 2, 0).
    p = parse(OSSA, MJCF, "xml")
    p.Finalize()
    specs = list(p.get_ball_constraint_specs().values())
    np.testing.assert_allclose(specs[0].p_BQ, [1.1, -1.8, 1.3], atol=1e-15)
    assert specs[1].body_B == p.world_body().index()
    np.testing.assert_allclose(specs[1].p_BQ, [0, 2, 0.5], atol=1e-15)


def test_distance_constraint_params_agree():
    need_reference()
    results = {}
    for lib in LIBS:
        s = scene(lib)
        p = s.plant
        i = p.AddDistanceConstraint(s.a, [1.0, 0, 0], s.c, [0, 1.0, 0], 0.5,
                                    1e3, 2.0)
        j = p.AddCouplerConstraint(s.ja, s.jb, 1.0)
        (default,) = p.GetDefaultDistanceConstraintParams().values()
        p.Finalize()
        context = p.CreateDefaultContext()
        new = lib.plant.DistanceConstraintParams(
            s.a.index(), [0, 0, 1.0], s.c.index(), [0, 0, 0], 2.0, np.inf,
            0.0)
        p.SetDistanceConstraintParams(context, i, new)
        stored = p.GetDistanceConstraintParams(context, i)
        fresh = p.GetDistanceConstraintParams(p.CreateDefaultContext())[i]
        errors = [
            outcome(lambda: p.GetDistanceConstraintParams(context, j))[0],
            outcome(lambda: lib.plant.DistanceConstraintParams(
                s.a.index(), [0, 0, 0], s.a.index(), [0, 0, 0], 1.0, 1.0,
                0.0))[0],
            outcome(lambda: lib.plant.DistanceConstraintParams(
                s.a.index(), [0, 0, 0], s.c.index(), [0, 0, 0], 1.0, 1.0,
                -1.0))[0],
        ]
        results[lib.name] = (
            [int(default.bodyA()), int(default.bodyB()),
             *default.p_AP(), *default.p_BQ(), default.distance(),
             default.stiffness(), default.damping()],
            [*stored.p_AP(), stored.distance(), stored.stiffness()],
            fresh.distance(), errors)
    assert results["ossa"] == results["drake"]
    assert results["ossa"][3] == ["raises"] * 3
