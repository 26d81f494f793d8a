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


# --- Models standing on the ground ------------------------------------------
#
# A robot standing on the ground carries its weight through its joints, so
# the computed-torque laws above (which know nothing of the contact forces)
# let it sag and fall. On the ground, hold and sine instead make every 1-dof
# joint a PD-controlled actuator of the discrete (SAP) plant: the joint force
# u = −kp·(q − q_d) − kd·(v − v_d), clamped to the actuator's effort limit,
# enters the step implicitly, so stiff gains stay stable at any time step.
# Joints without an actuator in the model (Cassie's springs) get one named
# "{joint}_hold_actuator", with no effort limit.
#
# Gains: a joint that holds the whole robot (mass m) as an inverted pendulum
# of height h (its center of mass above the lowest collision point) needs
# kp > m·g·h; kp = 10·m·g·h sags at most 0.1 rad under that load. kd = kp/ω,
# ω = 2π·bandwidth, damps a joint's motion with the time constant 1/ω.

STANDING_GAIN_FACTOR = 10.0


def add_hold_actuators(lib, plant):
    """Adds an actuator to every 1-dof joint of the unfinalized `plant`
    without one; returns the 1-dof joints in joint-index order."""
    # (The reference's GetJointActuatorIndices(instance) is empty before
    # Finalize(): actuators are visited by index.)
    actuated = set()
    for a in range(plant.num_actuators()):
        actuator = plant.get_joint_actuator(lib.tree.JointActuatorIndex(a))
        actuated.add(int(actuator.joint().index()))
    joints = []
    for j in range(plant.num_joints()):
        joint = plant.get_joint(lib.tree.JointIndex(j))
        if joint.num_velocities() != 1 or joint.num_positions() != 1:
            continue
        if int(joint.index()) not in actuated:
            plant.AddJointActuator(f"{joint.name()}_hold_actuator", joint)
        joints.append(joint)
    return joints


def set_standing_gains(lib, plant, mass, height, bandwidth):
    """Gives every actuator of the unfinalized plant the standing gains
    (see above) for a robot of `mass` whose center of mass is `height`
    above its lowest point."""
    kp = STANDING_GAIN_FACTOR * mass * 9.81 * max(height, 0.1)
    kd = kp / (2 * math.pi * bandwidth)
    for a in range(plant.num_actuators()):
        plant.get_mutable_joint_actuator(
            lib.tree.JointActuatorIndex(a)).set_controller_gains(
                lib.tree.PdControllerGains(p=kp, d=kd))


def make_desired_states(lib, plant, kind, x0, amplitude=0.6, frequency=0.4):
    """One system per model instance with actuators, outputting that
    instance's desired state [q_d; v_d] (actuators in index order) for
    plant.get_desired_state_input_port(instance): x0's positions (hold) or
    the sine of make() about them. Returns [(system, instance)]."""
    nq = plant.num_positions()
    q0_all = np.asarray(x0[:nq], float)
    w = 2 * math.pi * frequency
    systems = []
    for i in range(plant.num_model_instances()):
        instance = lib.tree.ModelInstanceIndex(i)
        indices = list(plant.GetJointActuatorIndices(instance))
        if not indices:
            continue
        joints = [plant.get_joint_actuator(a).joint() for a in indices]
        q0 = np.array([q0_all[j.position_start()] for j in joints])
        a = np.full(len(joints), amplitude if kind == "sine" else 0.0)
        for k, joint in enumerate(joints):
            lower = joint.position_lower_limits()[0]
            upper = joint.position_upper_limits()[0]
            room = min(q0[k] - lower, upper - q0[k])
            if math.isfinite(room):
                a[k] = min(a[k], max(0.0, 0.9 * room))
        phase = np.linspace(0, math.pi, len(joints), endpoint=False)

        class DesiredState(lib.framework.LeafSystem):
            def __init__(self, q0=q0, a=a, phase=phase):
                super().__init__()
                self._q0, self._a, self._phase = q0, a, phase
                self.DeclareVectorOutputPort("desired_state", 2 * len(q0),
                                             self.CalcDesired)

            def CalcDesired(self, context, output):
                angle = w * context.get_time() + self._phase
                output.SetFromVector(np.concatenate([
                    self._q0 + self._a * np.sin(angle),
                    self._a * w * np.cos(angle)]))

        systems.append((DesiredState(), instance))
    return systems
