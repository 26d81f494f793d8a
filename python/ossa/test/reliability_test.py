"""What used to crash, hang or return NaN silently through the Python API:
a discrete plant's time derivatives, non-finite state and times, singular
articulated-body inertias (the bundled double pendulum has a massless body
on a floating joint), the Simulator taking the caller's Context away, and
Ctrl-C during a long AdvanceTo. Each case runs in a subprocess with a time
limit where a regression would hang."""

import math
import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

from ossa.common import FindResourceOrThrow
from ossa.multibody.parsing import Parser
from ossa.multibody.plant import MultibodyPlant
from ossa.multibody.tree import RevoluteJoint, SpatialInertia, UnitInertia
from ossa.systems.analysis import Simulator



def pendulum_and_ball(time_step):
    plant = MultibodyPlant(time_step)
    link = plant.AddRigidBody("link", SpatialInertia.SolidSphereWithMass(1.0, 0.1))
    plant.AddJoint(RevoluteJoint("pin", plant.world_frame(), link.body_frame(), [0, 0, 1]))
    plant.AddRigidBody("ball", SpatialInertia.SolidSphereWithMass(2.0, 0.2))
    plant.Finalize()
    return plant


def run_isolated(code, timeout=60):
    """Runs `code` in a fresh interpreter (a crash or hang there fails the
    test instead of ending the test process)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(sys.path)
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


def test_discrete_plant_time_derivatives_are_empty():
    result = run_isolated(
        """
        from ossa.multibody.plant import MultibodyPlant
        from ossa.multibody.tree import RevoluteJoint, SpatialInertia
        plant = MultibodyPlant(0.01)
        link = plant.AddRigidBody("link", SpatialInertia.SolidSphereWithMass(1.0, 0.1))
        plant.AddJoint(RevoluteJoint("pin", plant.world_frame(), link.body_frame(), [0, 0, 1]))
        plant.Finalize()
        context = plant.CreateDefaultContext()
        print(plant.EvalTimeDerivatives(context).CopyToVector().size)
        derivatives = plant.AllocateTimeDerivatives()
        plant.CalcTimeDerivatives(context, derivatives)
        print(derivatives.size())
        # Every output port evaluates on a discrete plant.
        for i in range(plant.num_output_ports()):
            plant.get_output_port(i).EvalAbstract(context)
        print("ports ok")
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["0", "0", "ports", "ok"]


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_state_setters_reject_non_finite_values(value):
    plant = pendulum_and_ball(0.0)
    context = plant.CreateDefaultContext()
    q0 = plant.GetPositions(context)
    q = q0.copy()
    q[0] = value
    with pytest.raises(RuntimeError, match=r"SetPositions\(\): q\[0\] is"):
        plant.SetPositions(context, q)
    v = np.zeros(plant.num_velocities())
    v[3] = value
    with pytest.raises(RuntimeError, match=r"SetVelocities\(\): v\[3\] is"):
        plant.SetVelocities(context, v)
    np.testing.assert_array_equal(plant.GetPositions(context), q0)


def test_zero_quaternion_is_an_error_not_nan():
    plant = pendulum_and_ball(0.0)
    context = plant.CreateDefaultContext()
    q = plant.GetPositions(context)
    q[1:5] = 0.0
    plant.SetPositions(context, q)
    with pytest.raises(RuntimeError, match="quaternion are zero"):
        plant.CalcMassMatrix(context)


def test_advance_to_nan_and_nan_time_raise():
    plant = pendulum_and_ball(0.0)
    simulator = Simulator(plant)
    with pytest.raises(RuntimeError, match="boundary time is NaN"):
        simulator.AdvanceTo(math.nan)
    context = plant.CreateDefaultContext()
    context.SetTime(math.nan)
    simulator = Simulator(plant, context)
    with pytest.raises(RuntimeError, match="time is nan"):
        simulator.AdvanceTo(1.0)


def test_nan_state_raises_instead_of_hanging():
    result = run_isolated(
        """
        import math
        from ossa.multibody.plant import MultibodyPlant
        from ossa.multibody.tree import RevoluteJoint, SpatialInertia
        from ossa.systems.analysis import Simulator
        plant = MultibodyPlant(0.0)
        link = plant.AddRigidBody("link", SpatialInertia.SolidSphereWithMass(1.0, 0.1))
        plant.AddJoint(RevoluteJoint("pin", plant.world_frame(), link.body_frame(), [0, 0, 1]))
        plant.AddRigidBody("ball", SpatialInertia.SolidSphereWithMass(2.0, 0.2))
        plant.Finalize()
        context = plant.CreateDefaultContext()
        x = context.get_continuous_state_vector().CopyToVector()
        x[plant.num_positions()] = math.nan  # the pin's rate
        context.SetContinuousState(x)
        try:
            Simulator(plant, context).AdvanceTo(1.0)
            print("no error")
        except RuntimeError as e:
            print(e)
        """,
        timeout=30,
    )
    assert result.returncode == 0, result.stderr
    assert "non-finite state" in result.stdout, result.stdout


def test_massless_floating_body_raises_naming_the_bodies():
    # models/drake/double_pendulum.urdf: a massless "base" on the floating
    # joint Finalize() adds. The reference raises here too.
    plant = MultibodyPlant(0.0)
    Parser(plant).AddModels(FindResourceOrThrow("drake/double_pendulum.urdf"))
    plant.Finalize()
    context = plant.CreateDefaultContext()
    with pytest.raises(RuntimeError, match="body 'world' to body 'base'.*not positive-definite"):
        plant.EvalTimeDerivatives(context)
    # The mass matrix is singular but finite, as the reference's.
    assert np.all(np.isfinite(plant.CalcMassMatrix(context)))
    simulator = Simulator(plant, context)
    with pytest.raises(RuntimeError, match="not positive-definite"):
        simulator.AdvanceTo(1.0)


def test_massless_body_on_a_free_joint_in_a_discrete_plant_raises():
    plant = MultibodyPlant(1e-3)
    plant.AddRigidBody("dust", SpatialInertia(0.0, [0, 0, 0], UnitInertia(0, 0, 0)))
    plant.Finalize()
    simulator = Simulator(plant)
    with pytest.raises(RuntimeError, match="body 'dust'.*not positive-definite"):
        simulator.AdvanceTo(0.01)


def test_simulator_keeps_the_callers_context_usable():
    plant = pendulum_and_ball(0.0)
    context = plant.CreateDefaultContext()
    plant.SetPositions(context, [0.3] + [1, 0, 0, 0, 0, 0, 0])
    simulator = Simulator(plant, context)
    assert simulator.get_context() is context
    simulator.AdvanceTo(0.1)
    assert context.get_time() == pytest.approx(0.1)
    assert plant.GetPositions(context)[0] == plant.GetPositions(simulator.get_context())[0]
    # The caller's changes reach the simulation (a new time needs
    # Initialize(), as in the reference).
    context.SetTime(0.5)
    with pytest.raises(RuntimeError, match="Initialize"):
        simulator.AdvanceTo(0.6)
    simulator.Initialize()
    simulator.AdvanceTo(0.6)
    assert simulator.get_context().get_time() == pytest.approx(0.6)
    # The Context outlives the caller's reference.
    del context
    simulator.AdvanceTo(0.7)
    assert simulator.get_context().get_time() == pytest.approx(0.7)


def test_ctrl_c_stops_a_long_advance_to():
    code = """
        import sys, time
        from ossa.multibody.plant import MultibodyPlant
        from ossa.multibody.tree import RevoluteJoint, SpatialInertia
        from ossa.systems.analysis import Simulator
        plant = MultibodyPlant(1e-3)
        link = plant.AddRigidBody("link", SpatialInertia.SolidSphereWithMass(1.0, 0.1))
        plant.AddJoint(RevoluteJoint("pin", plant.world_frame(), link.body_frame(), [0, 0, 1]))
        plant.Finalize()
        simulator = Simulator(plant)
        print("ready", flush=True)
        try:
            simulator.AdvanceTo(1e9)
        except KeyboardInterrupt:
            t = simulator.get_context().get_time()
            print("interrupted at", t, flush=True)
            sys.exit(3)
        """
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(sys.path)
    process = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=10)
        stopped_after = time.monotonic() - sent
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 3, err
    assert "interrupted at" in out
    # The interrupt check runs every 50 ms of wall time.
    assert stopped_after < 2.0
