"""ossa.systems.controllers: mirrors the reference module of the same name."""

from ossa._ext.systems_controllers import *  # noqa: F401,F403


# -- Linear quadratic regulators (on ossa.math's Riccati solvers) ------------

import numpy as _np  # noqa: E402

from ossa.math import (ContinuousAlgebraicRiccatiEquation as _care,  # noqa
                       DiscreteAlgebraicRiccatiEquation as _dare)


def _lqr_gains(A, B, Q, R, N, discrete):
    A, B = _np.asarray(A, float), _np.asarray(B, float)
    Q, R = _np.asarray(Q, float), _np.asarray(R, float)
    n, m = B.shape
    N = _np.zeros((n, m)) if N is None or _np.size(N) == 0 else \
        _np.asarray(N, float)
    if N.shape != (n, m):
        raise ValueError(f"LinearQuadraticRegulator(): N must be {n}x{m}")
    if discrete:
        S = _dare(A, B, Q, R, N)
        K = _np.linalg.solve(R + B.T @ S @ B, B.T @ S @ A + N.T)
    else:
        Rinv_NT = _np.linalg.solve(R, N.T)
        S = _care(A - B @ Rinv_NT, B, Q - N @ Rinv_NT, R)
        K = _np.linalg.solve(R, B.T @ S + N.T)
    return K, S


def LinearQuadraticRegulator(*args, **kwargs):
    """The continuous-time LQR, as the reference's three overloads:

    * LinearQuadraticRegulator(A, B, Q, R, N=empty, F=empty) -> (K, S):
      u = -Kx minimizes ∫ xᵀQx + uᵀRu + 2xᵀNu for ẋ = Ax + Bu; S is the
      cost-to-go matrix (xᵀSx). F (a subspace constraint) is not
      supported and must be empty.
    * LinearQuadraticRegulator(system, Q, R, N=empty) for a LinearSystem:
      the controller LinearSystem with D = -K (a discrete system gets the
      discrete-time regulator).
    * LinearQuadraticRegulator(system, context, Q, R, N=empty,
      input_port_index=0): the AffineSystem u = u0 - K(x - x0) about the
      equilibrium in `context` (linearized with Linearize()).
    """
    from ossa.systems.framework import Context_, System_
    from ossa.systems import primitives
    names = ["A", "B", "Q", "R", "N", "F"]
    if args and isinstance(args[0], System_[float]) or "system" in kwargs:
        if len(args) > 1 and isinstance(args[1], Context_[float]) or \
                "context" in kwargs:
            names = ["system", "context", "Q", "R", "N", "input_port_index"]
        else:
            names = ["system", "Q", "R", "N"]
    if len(args) > len(names):
        raise TypeError("LinearQuadraticRegulator(): too many arguments")
    given = dict(zip(names, args))
    for key, value in kwargs.items():
        if key not in names or key in given:
            raise TypeError(f"LinearQuadraticRegulator(): unexpected or "
                            f"repeated argument '{key}'")
        given[key] = value
    required = 3 if names[1] == "Q" else 4
    missing = [k for k in names[:required] if k not in given]
    if missing:
        raise TypeError(f"LinearQuadraticRegulator(): missing {missing}")
    if names[0] == "A":
        if _np.size(given.get("F", [])) != 0:
            raise NotImplementedError(
                "LinearQuadraticRegulator(): F (constraints Fx = 0) is not "
                "supported by ossa")
        return _lqr_gains(given["A"], given["B"], given["Q"], given["R"],
                          given.get("N"), discrete=False)
    system = given["system"]
    if names[1] == "Q":
        K, _ = _lqr_gains(system.A(), system.B(), given["Q"], given["R"],
                          given.get("N"), discrete=system.time_period() > 0)
        n, m = system.num_states(), system.num_inputs()
        return primitives.LinearSystem(
            _np.zeros((0, 0)), _np.zeros((0, n)), _np.zeros((m, 0)), -K,
            system.time_period())
    context = given["context"]
    index = given.get("input_port_index", 0)
    linear = primitives.Linearize(
        system, context, input_port_index=index,
        output_port_index=primitives.OutputPortSelection.kNoOutput)
    K, _ = _lqr_gains(linear.A(), linear.B(), given["Q"], given["R"],
                      given.get("N"), discrete=linear.time_period() > 0)
    if linear.time_period() > 0:
        x0 = context.get_discrete_state(0).CopyToVector()
    else:
        x0 = context.get_continuous_state_vector().CopyToVector()
    u0 = system.get_input_port(int(index)).Eval(context)
    n, m = x0.size, u0.size
    return primitives.AffineSystem(
        _np.zeros((0, 0)), _np.zeros((0, n)), _np.zeros(0),
        _np.zeros((m, 0)), -K, u0 + K @ x0, linear.time_period())


def DiscreteTimeLinearQuadraticRegulator(A, B, Q, R, N=_np.zeros((0, 0))):
    """(K, S) of the discrete-time LQR: u[n] = -Kx[n] minimizes
    Σ xᵀQx + uᵀRu + 2xᵀNu for x[n+1] = Ax + Bu."""
    return _lqr_gains(A, B, Q, R, N, discrete=True)


# -- JointStiffnessController (a LeafSystem written in Python, float) --------

from ossa._cpp_template import TemplateClass as _TemplateClass  # noqa: E402
from ossa.systems.framework import LeafSystem as _LeafSystem  # noqa: E402


class JointStiffnessController(_LeafSystem):
    """Joint-space stiffness control of a fully actuated plant:
    τ = −τ_g(q) − τ_app(q, v) + kp⊙(q_d − q) + kd⊙(v_d − v), where τ_g is
    the gravity generalized force and τ_app that of the plant's force
    elements; the output is the actuation u with B·u = τ. Ports: inputs
    "estimated_state" and "desired_state" ([q; v] each), output
    "actuation"."""

    def __init__(self, plant, kp, kd):
        _LeafSystem.__init__(self)
        import numpy as np
        from ossa.multibody.tree import MultibodyForces
        if not plant.is_finalized():
            raise RuntimeError("JointStiffnessController(): the plant must "
                               "be finalized")
        nq, nv = plant.num_positions(), plant.num_velocities()
        if nq != nv:
            raise RuntimeError("JointStiffnessController(): the plant must "
                               "have as many positions as velocities")
        kp, kd = np.asarray(kp, float).ravel(), np.asarray(kd, float).ravel()
        if kp.size != nv or kd.size != nv:
            raise RuntimeError(f"JointStiffnessController(): kp and kd must "
                               f"have {nv} entries")
        B = plant.MakeActuationMatrix()
        if B.shape != (nv, nv) or abs(np.linalg.det(B)) < 1e-12:
            raise RuntimeError("JointStiffnessController(): the plant must "
                               "be fully actuated (one actuator per "
                               "velocity)")
        self._plant = plant
        self._plant_context = plant.CreateDefaultContext()
        self._forces = MultibodyForces(plant)
        self._kp, self._kd, self._B = kp, kd, B
        self._nv = nv
        self._estimated = self.DeclareVectorInputPort("estimated_state",
                                                      2 * nv)
        self._desired = self.DeclareVectorInputPort("desired_state", 2 * nv)
        self._actuation = self.DeclareVectorOutputPort(
            "actuation", plant.num_actuators(), self._CalcActuation)

    def _CalcActuation(self, context, output):
        import numpy as np
        x = self._estimated.Eval(context)
        x_d = self._desired.Eval(context)
        n = self._nv
        plant, plant_context = self._plant, self._plant_context
        plant.SetPositionsAndVelocities(plant_context, x)
        tau = -np.asarray(plant.CalcGravityGeneralizedForces(plant_context))
        self._forces.SetZero()
        plant.CalcForceElementsContribution(plant_context, self._forces)
        tau -= np.asarray(self._forces.generalized_forces())
        tau += self._kp * (x_d[:n] - x[:n]) + self._kd * (x_d[n:] - x[n:])
        output.SetFromVector(np.linalg.solve(self._B, tau))

    def get_input_port_estimated_state(self):
        return self._estimated

    def get_input_port_desired_state(self):
        return self._desired

    def get_output_port_actuation(self):
        return self._actuation

    def get_multibody_plant(self):
        return self._plant


JointStiffnessController_ = _TemplateClass("JointStiffnessController_",
                                           scope=__name__)
JointStiffnessController_.add_instantiation(float, JointStiffnessController,
                                            skip_rename=True)
