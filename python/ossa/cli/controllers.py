"""The simple controllers of ``ossa simulate``.

Each is a LeafSystem with the plant's state as input and generalized forces
(size nv, into the plant's applied_generalized_force port) as output, so it
works for any model, actuated or not. Only the coordinates of 1-dof joints
(revolute, prismatic, ...) are servoed; free and ball joints get no force.

  none     — no controller.
  gravity  — gravity compensation: tau = −tau_g(q).
  hold     — hold the initial posture.
  sine     — track q_d(t) = q0 + a·sin(2π f t + φ_i), a sine per joint with
             staggered phases (amplitudes kept inside the joint limits).

hold and sine are PD laws in acceleration space with the model's own
inverse dynamics (computed torque): tau = ID(q, v, a), a = a_d − kp·(q − q_d)
− kd·(v − v_d), kp = ω², kd = 2ω, ω = 2π·bandwidth. Every servoed joint then
behaves like a critically damped oscillator of natural frequency
`bandwidth`, however the links are coupled; gravity and Coriolis terms are
compensated exactly.
"""

import math

import numpy as np

CHOICES = ("none", "gravity", "hold", "sine")


def servoed_coordinates(lib, plant):
    """(q index, v index, lower, upper) of every 1-dof joint."""
    coordinates = []
    for i in range(plant.num_model_instances()):
        instance = lib.tree.ModelInstanceIndex(i)
        for index in plant.GetJointIndices(instance):
            joint = plant.get_joint(index)
            if joint.num_positions() == 1 and joint.num_velocities() == 1:
                coordinates.append(
                    (joint.position_start(), joint.velocity_start(),
                     joint.position_lower_limits()[0],
                     joint.position_upper_limits()[0]))
    return sorted(coordinates)


def make(lib, plant, kind, x0, bandwidth=4.0, amplitude=0.6, frequency=0.4):
    """The controller system for `kind` (None for 'none')."""
    if kind == "none":
        return None
    nq, nv = plant.num_positions(), plant.num_velocities()
    coordinates = servoed_coordinates(lib, plant)
    q_index = np.array([c[0] for c in coordinates], dtype=int)
    v_index = np.array([c[1] for c in coordinates], dtype=int)

    plant_context = plant.CreateDefaultContext()
    forces = lib.tree.MultibodyForces(plant)
    omega = 2 * math.pi * bandwidth
    kp, kd = omega**2, 2 * omega
    q0 = np.array(x0[:nq])[q_index]

    # Sine amplitudes stay inside the joint limits (with a 10% margin).
    a = np.full(len(coordinates), amplitude)
    for k, (_, _, lower, upper) in enumerate(coordinates):
        room = min(q0[k] - lower, upper - q0[k])
        if math.isfinite(room):
            a[k] = min(a[k], max(0.0, 0.9 * room))
    phase = np.linspace(0, math.pi, len(coordinates), endpoint=False)
    w = 2 * math.pi * frequency

    class SimpleController(lib.framework.LeafSystem):
        def __init__(self):
            super().__init__()
            self.DeclareVectorInputPort("state", nq + nv)
            self.DeclareVectorOutputPort("generalized_force", nv,
                                         self.CalcForce)

        def desired(self, t):
            """q_d, v_d, a_d of the servoed coordinates at time t."""
            if kind == "sine":
                angle = w * t + phase
                return (q0 + a * np.sin(angle), a * w * np.cos(angle),
                        -a * w * w * np.sin(angle))
            zero = np.zeros_like(q0)
            return q0, zero, zero

        def CalcForce(self, context, output):
            x = np.asarray(self.get_input_port(0).Eval(context))
            plant.SetPositionsAndVelocities(plant_context, x)
            if kind == "gravity":
                tau = -np.asarray(
                    plant.CalcGravityGeneralizedForces(plant_context))
            else:
                qd, vd, ad = self.desired(context.get_time())
                q, v = x[:nq][q_index], x[nq:][v_index]
                vdot = np.zeros(nv)
                vdot[v_index] = ad - kp * (q - qd) - kd * (v - vd)
                tau = np.asarray(plant.CalcInverseDynamics(
                    plant_context, vdot, forces))
                # Free and ball joints have no actuator to apply this.
                unservoed = np.ones(nv, dtype=bool)
                unservoed[v_index] = False
                tau[unservoed] = 0.0
            output.SetFromVector(tau)

    return SimpleController()
