"""InverseDynamics and InverseDynamicsController against the reference
(pydrake): the same script builds an actuated iiwa (with rotor inertia, gear
ratios and joint damping) in both libraries, and both controllers' outputs
are compared at the same inputs, to 1e-10 relative (the same recursions in
double precision on O(100) N·m torques; any modelling difference shows at
1e-3 or more)."""

import types

import numpy as np
import pytest

from ossa.common import GetBundledModelsPath

pydrake = pytest.importorskip("pydrake")

import pydrake.multibody.parsing  # noqa: E402
import pydrake.multibody.plant  # noqa: E402
import pydrake.multibody.tree  # noqa: E402
import pydrake.systems.controllers  # noqa: E402

import ossa.multibody.parsing  # noqa: E402
import ossa.multibody.plant  # noqa: E402
import ossa.multibody.tree  # noqa: E402
import ossa.systems.controllers  # noqa: E402

OSSA = types.SimpleNamespace(
    plant=ossa.multibody.plant, tree=ossa.multibody.tree,
    parsing=ossa.multibody.parsing, controllers=ossa.systems.controllers)
DRAKE = types.SimpleNamespace(
    plant=pydrake.multibody.plant, tree=pydrake.multibody.tree,
    parsing=pydrake.multibody.parsing,
    controllers=pydrake.systems.controllers)
LIBS = pytest.mark.parametrize("lib", [OSSA, DRAKE], ids=["ossa", "drake"])


def build_iiwa(lib):
    plant = lib.plant.MultibodyPlant(0.0)
    path = f"{GetBundledModelsPath()}/drake/kuka_iiwa_robot.urdf"
    lib.parsing.Parser(plant).AddModels(path)
    plant.WeldFrames(plant.world_frame(), plant.GetFrameByName("base"))
    for i in range(plant.num_joints()):
        joint = plant.get_joint(lib.tree.JointIndex(i))
        if joint.num_velocities() != 1:
            continue
        joint.set_default_damping(0.1 * (i + 1))
        actuator = plant.get_mutable_joint_actuator(
            plant.AddJointActuator("motor_" + joint.name(), joint).index())
        actuator.set_default_rotor_inertia(1e-3 * (i + 1))
        actuator.set_default_gear_ratio(10.0 + i)
    plant.Finalize()
    return plant


def controller_outputs(lib):
    plant = build_iiwa(lib)
    n = plant.num_positions()
    rng = np.random.default_rng(7)
    kp, ki, kd = (rng.uniform(1, 100, n) for _ in range(3))
    x, x_d = rng.uniform(-1, 1, 2 * n), rng.uniform(-1, 1, 2 * n)
    vd_d, integral = rng.uniform(-2, 2, n), rng.uniform(-0.1, 0.1, n)
    controller = lib.controllers.InverseDynamicsController(
        plant, kp, ki, kd, has_reference_acceleration=True)
    context = controller.CreateDefaultContext()
    controller.get_input_port_estimated_state().FixValue(context, x)
    controller.get_input_port_desired_state().FixValue(context, x_d)
    controller.get_input_port_desired_acceleration().FixValue(context, vd_d)
    controller.set_integral_value(context, integral)
    out = {
        "actuation": controller.get_output_port_control().Eval(context),
        "generalized_force":
            controller.get_output_port_generalized_force().Eval(context),
        "integral_rate":
            controller.EvalTimeDerivatives(context).CopyToVector(),
    }
    modes = lib.controllers.InverseDynamics.InverseDynamicsMode
    compensator = lib.controllers.InverseDynamics(
        plant, modes.kGravityCompensation)
    c = compensator.CreateDefaultContext()
    compensator.get_input_port_estimated_state().FixValue(c, x)
    out["gravity_compensation"] = \
        compensator.get_output_port_generalized_force().Eval(c)
    return out


def test_controller_outputs_match_reference():
    ours, theirs = controller_outputs(OSSA), controller_outputs(DRAKE)
    for key, value in theirs.items():
        value = np.asarray(value)
        scale = max(1.0, np.max(np.abs(value)))
        err = np.max(np.abs(np.asarray(ours[key]) - value))
        assert err <= 1e-10 * scale, (key, err, ours[key], value)
    # Not trivially zero: gravity and the PID terms load every joint.
    assert np.min(np.abs(theirs["actuation"])) > 1e-3


@LIBS
def test_ports_and_subsystems(lib):
    plant = build_iiwa(lib)
    n = plant.num_positions()
    k = np.ones(n)
    controller = lib.controllers.InverseDynamicsController(plant, k, k, k,
                                                           False)
    assert [controller.get_input_port(i).get_name()
            for i in range(controller.num_input_ports())] == \
        ["estimated_state", "desired_state"]
    assert [controller.get_output_port(i).get_name()
            for i in range(controller.num_output_ports())] == \
        ["actuation", "generalized_force"]
    assert sorted(s.get_name() for s in controller.GetSystems()) == \
        sorted(["InverseDynamics", "pid", "+", "B⁻¹",
                "desired_acceleration=0"])
    modes = lib.controllers.InverseDynamics.InverseDynamicsMode
    assert lib.controllers.InverseDynamics(
        plant, modes.kGravityCompensation).is_pure_gravity_compensation()


def test_underactuated_plant_is_refused():
    plant = OSSA.plant.MultibodyPlant(0.0)
    OSSA.parsing.Parser(plant).AddModels(
        f"{GetBundledModelsPath()}/drake/kuka_iiwa_robot.urdf")
    plant.WeldFrames(plant.world_frame(), plant.GetFrameByName("base"))
    plant.Finalize()
    k = np.ones(7)
    with pytest.raises(RuntimeError, match="7 positions, but only 0"):
        OSSA.controllers.InverseDynamicsController(plant, k, k, k, False)
    plant2 = build_iiwa(OSSA)
    controller = OSSA.controllers.InverseDynamicsController(plant2, k, k, k,
                                                            False)
    with pytest.raises(RuntimeError, match="has_reference_acceleration"):
        controller.get_input_port_desired_acceleration()
