"""Simulate a robot under PID control in a Diagram.

The iiwa arm (base welded to the world, a discrete plant at 1 ms steps)
is driven to a target posture by a PidController whose output goes into
the plant's applied generalized forces. The integral term removes the
steady error that gravity would leave under pure PD; after 6 s every joint
is at its target.
"""

import pathlib

import numpy as np

from ossa.multibody.parsing import Parser
from ossa.multibody.plant import MultibodyPlant
from ossa.systems.analysis import Simulator
from ossa.systems.controllers import PidController
from ossa.systems.framework import DiagramBuilder
from ossa.systems.primitives import ConstantVectorSource

MODEL = (pathlib.Path(__file__).resolve().parents[2] /
         "models/drake/kuka_iiwa_robot.urdf")

builder = DiagramBuilder()
plant = builder.AddSystem(MultibodyPlant(time_step=1e-3))
Parser(plant).AddModels(str(MODEL))
plant.WeldFrames(plant.world_frame(), plant.GetFrameByName("base"))
plant.Finalize()
n = plant.num_positions()

q_target = np.array([0.5, 0.6, -0.3, -1.2, 0.4, 0.8, 0.0])
# Gains in proportion to each joint's inertia at the target (M_ii, from the
# mass matrix): a 2.5 Hz loop per joint, damped, with an integral term.
context = plant.CreateDefaultContext()
plant.SetPositions(context, q_target)
inertia = np.diag(plant.CalcMassMatrix(context))
omega = 2 * np.pi * 2.5
kp = inertia * omega**2
kd = inertia * 2 * omega
ki = kp * 0.3 * omega  # Routh: stable while ki < kp·kd/M_ii = 2ω·kp
pid = builder.AddSystem(PidController(kp=kp, ki=ki, kd=kd))
target = builder.AddSystem(
    ConstantVectorSource(np.concatenate([q_target, np.zeros(n)])))
builder.Connect(plant.get_state_output_port(),
                pid.get_input_port_estimated_state())
builder.Connect(target.get_output_port(), pid.get_input_port_desired_state())
builder.Connect(pid.get_output_port_control(),
                plant.get_applied_generalized_force_input_port())
diagram = builder.Build()

simulator = Simulator(diagram)
simulator.AdvanceTo(6.0)
plant_context = plant.GetMyContextFromRoot(simulator.get_context())
q = plant.GetPositions(plant_context)
error = np.max(np.abs(q - q_target))
print("final posture  ", np.round(q, 4))
print("target posture ", q_target)
print(f"largest joint error {error:.2e} rad")
assert error < 1e-3
