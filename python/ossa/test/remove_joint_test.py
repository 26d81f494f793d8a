"""MultibodyPlant.RemoveJoint / RemoveJointActuator, against the reference
(pydrake from PyPI): the same sequence of calls on both libraries gives the
same indices, counts, names, coordinate layout and errors.

Removed indices are not reused: get_joint() of a removed index throws,
has_joint() is False, GetJointIndices() skips it and a joint added later
gets the next new index. Removal is allowed only before Finalize(), not
while an actuator depends on the joint, and not once user force elements
exist.
"""

import types

import numpy as np
import pytest

pydrake = pytest.importorskip("pydrake")

import pydrake.math  # noqa: E402
import pydrake.multibody.plant  # noqa: E402
import pydrake.multibody.tree  # noqa: E402

import ossa.math  # noqa: E402
import ossa.multibody.plant  # noqa: E402
import ossa.multibody.tree  # noqa: E402

OSSA = types.SimpleNamespace(name="ossa", plant=ossa.multibody.plant,
                             tree=ossa.multibody.tree, math=ossa.math)
DRAKE = types.SimpleNamespace(name="drake", plant=pydrake.multibody.plant,
                              tree=pydrake.multibody.tree,
                              math=pydrake.math)
LIBS = [OSSA, DRAKE]
IDS = ["ossa", "drake"]


def box(lib, mass=1.0):
    return lib.tree.SpatialInertia.SolidBoxWithMass(mass, 0.1, 0.2, 0.3)


def build(lib):
    plant = lib.plant.MultibodyPlant(0.0)
    A = plant.AddRigidBody("A", box(lib))
    B = plant.AddRigidBody("B", box(lib))
    C = plant.AddRigidBody("C", box(lib))
    ja = plant.AddJoint(lib.tree.RevoluteJoint(
        "ja", plant.world_frame(), A.body_frame(), [0.0, 0.0, 1.0]))
    jb = plant.AddJoint(lib.tree.PrismaticJoint(
        "jb", A.body_frame(), B.body_frame(), [0.0, 0.0, 1.0]))
    jc = plant.AddJoint(lib.tree.RevoluteJoint(
        "jc", B.body_frame(), C.body_frame(), [1.0, 0.0, 0.0]))
    ma = plant.AddJointActuator("ma", ja)
    mb = plant.AddJointActuator("mb", jb)
    mc = plant.AddJointActuator("mc", jc)
    return plant, (A, B, C), (ja, jb, jc), (ma, mb, mc)


def ints(indices):
    return [int(i) for i in indices]


def test_remove_sequence_agrees():
    seen = {}
    for lib in LIBS:
        plant, (A, B, C), (ja, jb, jc), (ma, mb, mc) = build(lib)
        r = {}
        plant.RemoveJointActuator(mb)
        r["num_actuators"] = plant.num_actuators()
        r["actuator_indices"] = ints(plant.GetJointActuatorIndices())
        r["has_actuator_1"] = plant.has_joint_actuator(
            lib.tree.JointActuatorIndex(1))
        r["has_actuator_name"] = plant.HasJointActuatorNamed("mb")
        plant.RemoveJoint(jb)
        r["num_joints"] = plant.num_joints()
        r["joint_indices"] = ints(plant.GetJointIndices())
        r["instance_joint_indices"] = ints(
            plant.GetJointIndices(A.model_instance()))
        r["has_joint_1"] = plant.has_joint(lib.tree.JointIndex(1))
        r["has_joint_0"] = plant.has_joint(lib.tree.JointIndex(0))
        r["has_name"] = plant.HasJointNamed("jb")
        # A new joint gets a new index, and may reuse the name.
        jb2 = plant.AddJoint(lib.tree.RevoluteJoint(
            "jb", A.body_frame(), B.body_frame(), [0.0, 1.0, 0.0]))
        r["new_index"] = int(jb2.index())
        r["new_actuator"] = int(plant.AddJointActuator("mb2", jb2).index())
        plant.Finalize()
        r["nq"] = plant.num_positions()
        r["position_names"] = plant.GetPositionNames()
        r["actuator_names"] = plant.GetActuatorNames()
        r["input_starts"] = [plant.get_joint_actuator(i).input_start()
                             for i in plant.GetJointActuatorIndices()]
        r["num_actuated_dofs"] = plant.num_actuated_dofs()
        # The model still computes: the mass matrix has the new layout.
        context = plant.CreateDefaultContext()
        plant.SetPositions(context, [0.3, 0.5, -0.2])
        r["M"] = plant.CalcMassMatrix(context)
        seen[lib.name] = r
    for key, theirs in seen["drake"].items():
        ours = seen["ossa"][key]
        if isinstance(theirs, np.ndarray):
            np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-12,
                                       err_msg=key)
        else:
            assert ours == theirs, key


@pytest.mark.parametrize("lib", LIBS, ids=IDS)
def test_removed_elements_throw_on_access(lib):
    plant, _, (ja, jb, jc), (ma, mb, mc) = build(lib)
    plant.RemoveJointActuator(ma)
    with pytest.raises(Exception, match=r"JointActuatorIndex\(0\).*removed"):
        plant.get_joint_actuator(lib.tree.JointActuatorIndex(0))
    plant.RemoveJoint(ja)
    with pytest.raises(Exception, match=r"JointIndex\(0\).*removed"):
        plant.get_joint(lib.tree.JointIndex(0))
    with pytest.raises(Exception, match="(?i)no joint named 'ja'"):
        plant.GetJointByName("ja")


@pytest.mark.parametrize("lib", LIBS, ids=IDS)
def test_joint_with_actuator_cannot_be_removed(lib):
    plant, _, (ja, jb, jc), _ = build(lib)
    with pytest.raises(Exception, match="dependent model elements.*ma"):
        plant.RemoveJoint(ja)
    assert plant.num_joints() == 3


@pytest.mark.parametrize("lib", LIBS, ids=IDS)
def test_remove_after_finalize_throws(lib):
    plant, _, (ja, jb, jc), (ma, mb, mc) = build(lib)
    plant.RemoveJointActuator(mc)  # so that jc has no dependent actuator
    plant.Finalize()
    with pytest.raises(Exception,
                       match=r"(?i)post-finalize calls to 'RemoveJoint\(\)'"):
        plant.RemoveJoint(jc)
    with pytest.raises(
            Exception,
            match=r"(?i)post-finalize calls to 'RemoveJointActuator\(\)'"):
        plant.RemoveJointActuator(mb)


@pytest.mark.parametrize("lib", LIBS, ids=IDS)
def test_remove_with_force_elements_throws(lib):
    plant = lib.plant.MultibodyPlant(0.0)
    C = plant.AddRigidBody("C", box(lib))
    D = plant.AddRigidBody("D", box(lib))
    jc = plant.AddJoint(lib.tree.RevoluteJoint(
        "jc", plant.world_frame(), C.body_frame(), [0.0, 0.0, 1.0]))
    if not hasattr(lib.tree, "LinearSpringDamper"):
        pytest.skip("LinearSpringDamper not bound yet")
    plant.AddForceElement(lib.tree.LinearSpringDamper(
        C, [0, 0, 0], D, [0, 0, 0], 1.0, 1.0, 1.0))
    with pytest.raises(Exception, match="1 user-added force elements"):
        plant.RemoveJoint(jc)


@pytest.mark.parametrize("lib", LIBS, ids=IDS)
def test_remove_element_of_another_plant_throws(lib):
    plant, _, (ja, jb, jc), (ma, mb, mc) = build(lib)
    other, _, (oa, ob, oc), (pa, pb, pc) = build(lib)
    # No actuator on index 2 in either plant: the reference checks the
    # dependents (by index, in this plant) before the ownership.
    plant.RemoveJointActuator(mc)
    other.RemoveJointActuator(pc)
    with pytest.raises(Exception, match="does not belong"):
        plant.RemoveJoint(oc)
    with pytest.raises(Exception, match="does not belong"):
        plant.RemoveJointActuator(pb)
    with pytest.raises(Exception, match="does not belong"):
        plant.RemoveJointActuator(mc)


@pytest.mark.parametrize("lib", LIBS, ids=IDS)
def test_removing_a_weld_frees_the_body(lib):
    plant = lib.plant.MultibodyPlant(0.0)
    E = plant.AddRigidBody("E", box(lib))
    weld = plant.WeldFrames(plant.world_frame(), E.body_frame())
    plant.RemoveJoint(weld)
    assert plant.num_joints() == 0
    plant.Finalize()
    assert E.is_floating_base_body()
    assert plant.num_positions() == 7
