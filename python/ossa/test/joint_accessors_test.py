"""The joints' named coordinate accessors (get_angles, SetTranslation,
set_angular_velocity, ...): each reads or writes its own segment of the
joint's positions or velocities and leaves the rest alone. Run on ossa and
on the reference toolkit, so the names and segments are the reference's."""

import importlib

import numpy as np
import pytest

# (joint class, getter, setter, positions or velocities, start, size)
CASES = [
    ("BallRpyJoint", "get_angles", "set_angles", "q", 0, 3),
    ("BallRpyJoint", "get_angular_velocity", "set_angular_velocity", "v", 0, 3),
    ("QuaternionFloatingJoint", "get_translation", "SetTranslation", "q", 4, 3),
    ("QuaternionFloatingJoint", "get_angular_velocity",
     "set_angular_velocity", "v", 0, 3),
    ("QuaternionFloatingJoint", "get_translational_velocity",
     "set_translational_velocity", "v", 3, 3),
    ("RpyFloatingJoint", "get_angles", "set_angles", "q", 0, 3),
    ("RpyFloatingJoint", "get_translation", "SetTranslation", "q", 3, 3),
    ("RpyFloatingJoint", "get_angular_velocity", "set_angular_velocity",
     "v", 0, 3),
    ("RpyFloatingJoint", "get_translational_velocity",
     "set_translational_velocity", "v", 3, 3),
    ("PlanarJoint", "get_translation", "set_translation", "q", 0, 2),
    ("PlanarJoint", "get_translational_velocity",
     "set_translational_velocity", "v", 0, 2),
    ("UniversalJoint", "get_angles", "set_angles", "q", 0, 2),
    ("UniversalJoint", "get_angular_rates", "set_angular_rates", "v", 0, 2),
]


def _modules(library):
    root = "pydrake" if library == "reference" else "ossa"
    if library == "reference":
        pytest.importorskip("pydrake")
    return (importlib.import_module(f"{root}.multibody.plant"),
            importlib.import_module(f"{root}.multibody.tree"))


@pytest.mark.parametrize("library", ["ossa", "reference"])
@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}.{c[2]}")
def test_accessor_writes_its_segment_only(library, case):
    kind, getter, setter, which, start, size = case
    plant_module, tree = _modules(library)
    plant = plant_module.MultibodyPlant(0.0)
    body = plant.AddRigidBody(
        "body", tree.SpatialInertia.SolidBoxWithMass(1.0, 0.1, 0.2, 0.3))
    joint = plant.AddJoint(getattr(tree, kind)(
        "joint", plant.world_frame(), body.body_frame()))
    plant.Finalize()
    context = plant.CreateDefaultContext()

    # The joint is the only one: its coordinates are the plant's.
    get_all = plant.GetPositions if which == "q" else plant.GetVelocities
    set_all = plant.SetPositions if which == "q" else plant.SetVelocities
    n = joint.num_positions() if which == "q" else joint.num_velocities()
    before = np.asarray(get_all(context), dtype=float).copy()
    if kind == "QuaternionFloatingJoint" and which == "q":
        before[:4] = [0.5, 0.5, 0.5, 0.5]  # a unit quaternion
    else:
        before = np.linspace(0.1, 0.2, n)
    set_all(context, before)

    value = np.array([0.7, -0.4, 0.25])[:size]
    returned = getattr(joint, setter)(context, value)
    assert returned is joint or returned is None
    np.testing.assert_array_equal(getattr(joint, getter)(context), value)
    expected = before.copy()
    expected[start:start + size] = value
    np.testing.assert_array_equal(get_all(context), expected)
