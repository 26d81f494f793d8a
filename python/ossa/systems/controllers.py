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


# -- JointStiffnessController (a LeafSystem written in Python, every scalar) -

from ossa._cpp_template import TemplateClass as _TemplateClass  # noqa: E402
from ossa.systems.framework import LeafSystem as _LeafSystem  # noqa: E402
from ossa.systems.framework import LeafSystem_ as _LeafSystem_  # noqa: E402


def _scalar_value(x):
    """The float of a float, AutoDiffXd or constant Expression entry."""
    if hasattr(x, "derivatives"):
        return x.value()
    if hasattr(x, "Evaluate"):
        return x.Evaluate()
    return float(x)


def _make_joint_stiffness_controller(T):
    """JointStiffnessController on LeafSystem_[T]."""

    class JointStiffnessController(_LeafSystem_[T]):
        """Joint-space stiffness control of a fully actuated plant:
        τ = −τ_g(q) − τ_app(q, v) + kp⊙(q_d − q) + kd⊙(v_d − v), where τ_g is
        the gravity generalized force and τ_app that of the plant's force
        elements; the output is the actuation u with B·u = τ. Ports: inputs
        "estimated_state" and "desired_state" ([q; v] each), output
        "actuation". `plant` is a MultibodyPlant_[T]; ToAutoDiffXd() and
        ToSymbolic() build the controller on a converted copy of it, as the
        reference's do."""

        def __init__(self, plant, kp, kd):
            _LeafSystem_[T].__init__(self)
            import numpy as np
            from ossa.multibody.tree import MultibodyForces_
            if not plant.is_finalized():
                raise RuntimeError("JointStiffnessController(): the plant "
                                   "must be finalized")
            nq, nv = plant.num_positions(), plant.num_velocities()
            if nq != nv:
                raise RuntimeError("JointStiffnessController(): the plant "
                                   "must have as many positions as "
                                   "velocities")
            kp = np.asarray(kp, float).ravel()
            kd = np.asarray(kd, float).ravel()
            if kp.size != nv or kd.size != nv:
                raise RuntimeError(f"JointStiffnessController(): kp and kd "
                                   f"must have {nv} entries")
            # B holds numbers (its entries are ±1 and 0 on every scalar).
            B = np.vectorize(_scalar_value, otypes=[float])(
                np.asarray(plant.MakeActuationMatrix(), dtype=object))
            if B.shape != (nv, nv) or abs(np.linalg.det(B)) < 1e-12:
                raise RuntimeError("JointStiffnessController(): the plant "
                                   "must be fully actuated (one actuator "
                                   "per velocity)")
            self._plant = plant
            self._plant_context = plant.CreateDefaultContext()
            self._forces = MultibodyForces_[T](plant)
            self._kp, self._kd, self._B_inverse = kp, kd, np.linalg.inv(B)
            self._nv = nv
            self._estimated = self.DeclareVectorInputPort("estimated_state",
                                                          2 * nv)
            self._desired = self.DeclareVectorInputPort("desired_state",
                                                        2 * nv)
            self._actuation = self.DeclareVectorOutputPort(
                "actuation", plant.num_actuators(), self._CalcActuation)

        def _CalcActuation(self, context, output):
            import numpy as np
            x = np.asarray(self._estimated.Eval(context))
            x_d = np.asarray(self._desired.Eval(context))
            n = self._nv
            plant, plant_context = self._plant, self._plant_context
            plant.SetPositionsAndVelocities(plant_context, x)
            tau = -np.asarray(plant.CalcGravityGeneralizedForces(
                plant_context))
            self._forces.SetZero()
            plant.CalcForceElementsContribution(plant_context, self._forces)
            tau = tau - np.asarray(self._forces.generalized_forces())
            tau = tau + self._kp * (x_d[:n] - x[:n]) + \
                self._kd * (x_d[n:] - x[n:])
            output.SetFromVector(self._B_inverse @ tau)

        def get_input_port_estimated_state(self):
            return self._estimated

        def get_input_port_desired_state(self):
            return self._desired

        def get_output_port_actuation(self):
            return self._actuation

        def get_multibody_plant(self):
            return self._plant

        def ToAutoDiffXd(self):
            from ossa.autodiffutils import AutoDiffXd
            return JointStiffnessController_[AutoDiffXd](
                self._plant.ToAutoDiffXd(), self._kp, self._kd)

        def ToSymbolic(self):
            from ossa.symbolic import Expression
            return JointStiffnessController_[Expression](
                self._plant.ToSymbolic(), self._kp, self._kd)

        def ToAutoDiffXdMaybe(self):
            return self.ToAutoDiffXd()

        def ToSymbolicMaybe(self):
            return self.ToSymbolic()

    return JointStiffnessController


JointStiffnessController_ = _TemplateClass("JointStiffnessController_",
                                           scope=__name__)
for _param in _LeafSystem_.param_list:
    _cls = _make_joint_stiffness_controller(_param[0])
    _cls.__module__ = __name__
    _cls.__qualname__ = _cls.__name__  # not the factory's <locals>
    JointStiffnessController_.add_instantiation(
        _param, _cls, skip_rename=_param == (float,))
JointStiffnessController = JointStiffnessController_[float]
del _param, _cls


# -- PidControlledSystem (a Diagram written in Python, float) ----------------

from ossa.systems.framework import Diagram as _Diagram  # noqa: E402
from ossa.systems.framework import DiagramBuilder as _DiagramBuilder  # noqa


class PidControlledSystem(_Diagram):
    """`plant` under PID control: the plant's input is the feedforward
    control plus the output of a PidController fed the plant's state (or
    feedback_selector · state). Overloads, as the reference's:
    (plant, kp, ki, kd) with scalar or vector gains, and
    (plant, feedback_selector, kp, ki, kd); both with keywords
    state_output_port_index and plant_input_port_index (0). Inputs
    "feedforward_control" and "desired_state"; the output is the plant's
    state output (same name)."""

    def __init__(self, plant, *args, state_output_port_index=0,
                 plant_input_port_index=0):
        _Diagram.__init__(self)
        from ossa.systems.primitives import Adder
        if len(args) == 4:
            selector, kp, ki, kd = args
        elif len(args) == 3:
            selector = None
            kp, ki, kd = args
        else:
            raise TypeError("PidControlledSystem(): give (plant, kp, ki, kd) "
                            "or (plant, feedback_selector, kp, ki, kd)")
        state_port = plant.get_output_port(int(state_output_port_index))
        input_port = plant.get_input_port(int(plant_input_port_index))
        feedback_size = state_port.size() if selector is None else \
            _np.asarray(selector, float).shape[0]
        if feedback_size % 2:
            raise RuntimeError(
                "PidControlledSystem(): the fed-back state must have an even "
                f"size ([q; v]); plant '{plant.get_name()}' gives "
                f"{feedback_size}")
        num_q = feedback_size // 2

        def gains(value, name):
            value = _np.asarray(value, float).reshape(-1)
            if value.size == 1:
                value = _np.full(num_q, value[0])
            if value.size != num_q:
                raise RuntimeError(f"PidControlledSystem(): {name} must have "
                                   f"{num_q} entries, got {value.size}")
            return value
        kp, ki, kd = gains(kp, "kp"), gains(ki, "ki"), gains(kd, "kd")
        if input_port.size() != num_q:
            raise RuntimeError(
                f"PidControlledSystem(): the plant's input port "
                f"'{input_port.get_name()}' has {input_port.size()} entries; "
                f"the controller gives {num_q}")
        builder = _DiagramBuilder()
        builder.AddSystem(plant)
        if selector is None:
            pid = PidController(kp, ki, kd)  # noqa: F405
        else:
            pid = PidController(_np.asarray(selector, float),  # noqa: F405
                                kp, ki, kd)
        builder.AddSystem(pid)
        adder = builder.AddSystem(Adder(2, num_q))
        builder.Connect(state_port, pid.get_input_port_estimated_state())
        builder.Connect(pid.get_output_port_control(), adder.get_input_port(1))
        builder.Connect(adder.get_output_port(), input_port)
        self._control = builder.ExportInput(adder.get_input_port(0),
                                            "feedforward_control")
        self._desired = builder.ExportInput(
            pid.get_input_port_desired_state(), "desired_state")
        self._state = builder.ExportOutput(state_port, state_port.get_name())
        builder.BuildInto(self)
        self._plant, self._controller = plant, pid

    def get_control_input_port(self):
        return self.get_input_port(0)

    def get_state_input_port(self):
        return self.get_input_port(1)

    def get_state_output_port(self):
        return self.get_output_port(0)


PidControlledSystem_ = _TemplateClass("PidControlledSystem_", scope=__name__)
PidControlledSystem_.add_instantiation(float, PidControlledSystem,
                                       skip_rename=True)


# -- Finite-horizon LQR ---------------------------------------------------------

def _fields(cls, names):
    """Adds read-write properties `names` to cls, stored in self._values
    (bound fields, as the reference's structs have)."""
    def make(name):
        def get(self):
            return self._values[name]

        def set_(self, value):
            self._values[name] = value
        return property(get, set_)
    for name in names:
        setattr(cls, name, make(name))
    return cls


class FiniteHorizonLinearQuadraticRegulatorOptions:
    """Options of FiniteHorizonLinearQuadraticRegulator: the final cost Qf
    (None: zero), the cross term N (None: zero), the nominal trajectories
    x0, u0 and the desired ones xd, ud (Trajectory or None: the context's
    state and input; xd and ud default to x0 and u0), the input port, and
    the SimulatorConfig of the backward Riccati integration.
    use_square_root_method is accepted for compatibility; ossa integrates S
    itself either way."""

    def __init__(self, **kwargs):
        from ossa.systems.analysis import SimulatorConfig
        from ossa.systems.framework import InputPortSelection
        self._values = {}
        self.Qf = None
        self.N = None
        self.input_port_index = InputPortSelection.kUseFirstInputIfItExists
        self.use_square_root_method = False
        self.simulator_config = SimulatorConfig(
            integration_scheme="runge_kutta3", max_step_size=0.1,
            accuracy=1e-4, use_error_control=True)
        self.x0 = self.u0 = self.xd = self.ud = None
        for key, value in kwargs.items():
            if not hasattr(self, key):
                raise AttributeError(
                    "FiniteHorizonLinearQuadraticRegulatorOptions has no "
                    f"field '{key}'")
            setattr(self, key, value)

    def __repr__(self):
        return ("FiniteHorizonLinearQuadraticRegulatorOptions("
                f"Qf={self.Qf!r}, N={self.N!r}, "
                f"input_port_index={self.input_port_index}, "
                f"use_square_root_method={self.use_square_root_method}, "
                f"simulator_config={self.simulator_config!r})")


class FiniteHorizonLinearQuadraticRegulatorResult:
    """The regulator: u(t) = u0(t) − K(t)(x − x0(t)) − k0(t), and the
    cost-to-go J(x, t) = x̄ᵀS(t)x̄ + 2x̄ᵀsx(t) + s0(t), x̄ = x − x0(t); each a
    Trajectory."""

    def __init__(self):
        self._values = {}
        self.x0 = self.u0 = self.K = self.k0 = None
        self.S = self.sx = self.s0 = None


_fields(FiniteHorizonLinearQuadraticRegulatorOptions,
        ["Qf", "N", "input_port_index", "use_square_root_method",
         "simulator_config", "x0", "u0", "xd", "ud"])
_fields(FiniteHorizonLinearQuadraticRegulatorResult,
        ["x0", "u0", "K", "k0", "S", "sx", "s0"])


def _constant(value):
    from ossa.trajectories import PiecewisePolynomial
    return PiecewisePolynomial(_np.asarray(value, float).reshape(-1, 1))


def FiniteHorizonLinearQuadraticRegulator(system, context, t0, tf, Q, R,
                                          options=None):
    """The finite-horizon LQR of a continuous-time `system` linearized
    along x0(t), u0(t): ẋ̄ = A(t)x̄ + B(t)ū + c(t), with c = f(t, x0, u0) −
    ẋ0, minimizing (x(tf)−xd)ᵀQf(x(tf)−xd) + ∫ (x−xd)ᵀQ(x−xd) +
    (u−ud)ᵀR(u−ud) + 2(x−xd)ᵀN(u−ud) dt over [t0, tf]. The Riccati
    differential equations, with K = R⁻¹(Nᵀ + BᵀS) and h = Bᵀsx − Nᵀx̄d,
      −Ṡ = Q + SA + AᵀS − (SB + N)R⁻¹(BᵀS + Nᵀ),
      −ṡx = −Qx̄d + S(Būd + c) + Aᵀsx − (SB + N)R⁻¹h,
      −ṡ0 = x̄dᵀQx̄d + 2sxᵀ(Būd + c) − hᵀR⁻¹h,
    (x̄d = xd − x0, ūd = ud − u0) are integrated backwards from
    S(tf) = Qf, sx(tf) = −Qf x̄d, s0(tf) = x̄dᵀQf x̄d with ossa's Simulator
    (options.simulator_config) and its dense output; k0 = R⁻¹h − ūd.
    A difference-equation system gets the discrete-time recursion instead
    (_discrete_regulator)."""
    from ossa.systems.analysis import ApplySimulatorConfig, Simulator
    from ossa.systems.framework import LeafSystem
    from ossa.systems import primitives
    from ossa.trajectories import FunctionHandleTrajectory, \
        PiecewisePolynomial
    if options is None:
        options = FiniteHorizonLinearQuadraticRegulatorOptions()
    if not tf > t0:
        raise RuntimeError("FiniteHorizonLinearQuadraticRegulator(): tf "
                           f"({tf}) must be after t0 ({t0})")
    period = 0.0
    if context.num_discrete_state_groups():
        is_discrete, period = system.IsDifferenceEquationSystem()
        if not is_discrete or context.num_continuous_states():
            raise RuntimeError(
                "FiniteHorizonLinearQuadraticRegulator(): the system "
                f"'{system.get_name()}' must be continuous or a difference "
                "equation (one discrete group, one periodic update)")
    if context.num_abstract_states():
        raise RuntimeError(
            "FiniteHorizonLinearQuadraticRegulator(): the system "
            f"'{system.get_name()}' has abstract state")
    port = primitives._select_port(
        options.input_port_index, system.num_input_ports(),
        primitives.InputPortSelection.kNoInput,
        primitives.InputPortSelection.kUseFirstInputIfItExists, "input")
    if port is None:
        raise RuntimeError("FiniteHorizonLinearQuadraticRegulator(): the "
                           "system has no input port to control")
    n = context.get_discrete_state(0).CopyToVector().size \
        if period > 0 else context.num_continuous_states()
    m = system.get_input_port(port).size()
    Q, R = _np.asarray(Q, float), _np.asarray(R, float)
    if Q.shape != (n, n) or R.shape != (m, m):
        raise RuntimeError(f"FiniteHorizonLinearQuadraticRegulator(): Q must "
                           f"be {n}x{n} and R {m}x{m}, got {Q.shape} and "
                           f"{R.shape}")
    Qf = _np.zeros((n, n)) if options.Qf is None else \
        _np.asarray(options.Qf, float)
    N = _np.zeros((n, m)) if options.N is None else \
        _np.asarray(options.N, float)
    if Qf.shape != (n, n) or N.shape != (n, m):
        raise RuntimeError(f"FiniteHorizonLinearQuadraticRegulator(): Qf "
                           f"must be {n}x{n} and N {n}x{m}")
    Rinv = _np.linalg.inv(R)
    x0 = options.x0 if options.x0 is not None else _constant(
        context.get_discrete_state(0).CopyToVector() if period > 0 else
        context.get_continuous_state_vector().CopyToVector())
    u0 = options.u0 if options.u0 is not None else _constant(
        system.get_input_port(port).Eval(context))
    xd = options.xd if options.xd is not None else x0
    ud = options.ud if options.ud is not None else u0

    def vec(trajectory, t, order=0):
        value = trajectory.value(t) if order == 0 else \
            trajectory.EvalDerivative(t, order)
        return _np.asarray(value, float).reshape(-1)

    if period > 0:
        return _discrete_regulator(system, context, port, t0, tf, period, Q,
                                   R, Qf, N, x0, u0, xd, ud)

    # The linearization along (x0, u0), memoized per time (the Riccati
    # integration asks at each stage's time).
    local = context.Clone()
    memo = {}

    def linearization(t):
        if t not in memo:
            local.SetTime(t)
            local.SetContinuousState(vec(x0, t))
            system.get_input_port(port).FixValue(local, vec(u0, t))
            _, _, _, f, A, B, _, _, _ = primitives._taylor(
                system, local, port,
                primitives.OutputPortSelection.kNoOutput)
            xdot0 = vec(x0, t, 1) if x0.has_derivative() else _np.zeros(n)
            if len(memo) > 10000:
                memo.clear()
            memo[t] = (A, B, f - xdot0)
        return memo[t]

    def riccati_rates(t, S, sx):
        A, B, c = linearization(t)
        xbar_d = vec(xd, t) - vec(x0, t)
        ubar_d = vec(ud, t) - vec(u0, t)
        SBN = S @ B + N
        h = B.T @ sx - N.T @ xbar_d
        Sdot = -(Q + S @ A + A.T @ S - SBN @ Rinv @ SBN.T)
        drift = B @ ubar_d + c
        sxdot = -(-Q @ xbar_d + S @ drift + A.T @ sx - SBN @ Rinv @ h)
        s0dot = -(xbar_d @ Q @ xbar_d + 2 * sx @ drift - h @ Rinv @ h)
        return Sdot, sxdot, s0dot

    def unpack(z):
        return z[:n * n].reshape(n, n), z[n * n:n * n + n], z[-1]

    class _BackwardRiccati(LeafSystem):
        # State z(τ) = [vec S; sx; s0] at t = tf − τ: dz/dτ = −dz/dt.
        def __init__(self):
            LeafSystem.__init__(self)
            self.DeclareContinuousState(n * n + n + 1)

        def DoCalcTimeDerivatives(self, ctx, derivatives):
            z = ctx.get_continuous_state_vector().CopyToVector()
            S, sx, _ = unpack(z)
            S = 0.5 * (S + S.T)
            Sdot, sxdot, s0dot = riccati_rates(tf - ctx.get_time(), S, sx)
            derivatives.get_mutable_vector().SetFromVector(-_np.concatenate(
                [Sdot.reshape(-1), sxdot, [s0dot]]))

    xbar_d_f = vec(xd, tf) - vec(x0, tf)
    z_f = _np.concatenate([Qf.reshape(-1), -Qf @ xbar_d_f,
                           [xbar_d_f @ Qf @ xbar_d_f]])
    riccati = _BackwardRiccati()
    simulator = Simulator(riccati)
    ApplySimulatorConfig(options.simulator_config, simulator)
    simulator.get_mutable_context().SetTime(0.0)
    simulator.get_mutable_context().SetContinuousState(z_f)
    simulator.Initialize()
    integrator = simulator.get_mutable_integrator()
    integrator.StartDenseIntegration()
    simulator.AdvanceTo(tf - t0)
    dense = integrator.StopDenseIntegration()

    # The dense output is a cubic Hermite spline in τ; the same spline in
    # t = tf − τ from its values and (negated) slopes at the breaks.
    taus = list(dense.get_segment_times())[::-1]
    times = [tf - tau for tau in taus]
    values = [_np.asarray(dense.value(tau)).reshape(-1) for tau in taus]
    slopes = [-_np.asarray(dense.EvalDerivative(tau, 1)).reshape(-1)
              for tau in taus]

    def spline(select, shape):
        return PiecewisePolynomial.CubicHermite(
            times, [select(v).reshape(shape) for v in values],
            [select(v).reshape(shape) for v in slopes])
    result = FiniteHorizonLinearQuadraticRegulatorResult()
    result.S = spline(lambda z: z[:n * n], (n, n))
    result.sx = spline(lambda z: z[n * n:n * n + n], (n, 1))
    result.s0 = spline(lambda z: z[-1:], (1, 1))
    result.x0, result.u0 = x0, u0

    def gain(t):
        _, B, _ = linearization(t)
        S = _np.asarray(result.S.value(t))
        return Rinv @ (N.T + B.T @ (0.5 * (S + S.T)))

    def offset(t):
        _, B, _ = linearization(t)
        h = B.T @ _np.asarray(result.sx.value(t)).reshape(-1) - \
            N.T @ (vec(xd, t) - vec(x0, t))
        return (Rinv @ h - (vec(ud, t) - vec(u0, t))).reshape(m, 1)
    result.K = FunctionHandleTrajectory(gain, m, n, t0, tf)
    result.k0 = FunctionHandleTrajectory(offset, m, 1, t0, tf)
    return result


def _difference_jacobians(system, context, port):
    """(f, ∂f/∂x, ∂f/∂u) of the unique periodic discrete update
    x[n+1] = f(x, u) of `system` at the state, input (port) and time of
    `context`: exact for an AffineSystem (LinearSystem included); for any
    other system by central differences of the float update (step
    1e-6·max(1, |·|), truncation error O(step²) relative to f's third
    derivatives)."""
    from ossa.systems.primitives import AffineSystem
    x = context.get_discrete_state(0).CopyToVector()
    u = _np.asarray(system.get_input_port(port).Eval(context), float)
    if isinstance(system, AffineSystem) and system.num_input_ports() == 1:
        A, B = _np.asarray(system.A()), _np.asarray(system.B())
        return A @ x + B @ u + _np.asarray(system.f0()).reshape(-1), A, B
    local = context.Clone()
    events = system.AllocateCompositeEventCollection()
    system.CalcNextUpdateTime(local, events)
    update = system.AllocateDiscreteVariables()

    def f(xv, uv):
        local.SetDiscreteState(xv)
        system.get_input_port(port).FixValue(local, uv)
        system.CalcDiscreteVariableUpdate(
            local, events.get_discrete_update_events(), update)
        return _np.asarray(update.get_vector(0).CopyToVector(), float)

    def jacobian(point, evaluate):
        columns = []
        for i in range(point.size):
            step = 1e-6 * max(1.0, abs(point[i]))
            plus, minus = point.copy(), point.copy()
            plus[i] += step
            minus[i] -= step
            columns.append((evaluate(plus) - evaluate(minus)) / (2 * step))
        return _np.column_stack(columns) if columns else \
            _np.zeros((x.size, 0))
    A = jacobian(x, lambda xv: f(xv, u))
    B = jacobian(u, lambda uv: f(x, uv))
    return f(x, u), A, B


def _discrete_regulator(system, context, port, t0, tf, period, Q, R, Qf, N,
                        x0, u0, xd, ud):
    """The discrete-time finite-horizon LQR of a difference-equation system
    linearized along (x0, u0): x̄[n+1] = Ax̄ + Bū + c with
    c = f(t_n, x0, u0) − x0(t_{n+1}), at t_n = t0 + n·h, n = 0 … N. With
    S', sx', s0' at n + 1, H = R + BᵀS'B, G = Nᵀ + BᵀS'A, w = Būd + c and
    h = Bᵀ(S'w + sx') − Nᵀx̄d:
      S = Q + AᵀS'A − GᵀH⁻¹G,
      sx = −Qx̄d + AᵀS'w + Aᵀsx' − GᵀH⁻¹h,
      s0 = x̄dᵀQx̄d + wᵀS'w + 2wᵀsx' + s0' − hᵀH⁻¹h,
    K = H⁻¹G, k0 = H⁻¹h − ūd; the results are DiscreteTimeTrajectory
    values at the steps (S, sx, s0 at n = 0 … N; K, k0 at n < N)."""
    from ossa.trajectories import DiscreteTimeTrajectory
    steps = int(round((tf - t0) / period))
    if steps < 1 or abs(t0 + steps * period - tf) > 1e-9 * max(1.0, tf):
        raise RuntimeError(
            "FiniteHorizonLinearQuadraticRegulator(): tf − t0 must be a "
            f"positive multiple of the system's period {period}")
    times = [t0 + k * period for k in range(steps + 1)]

    def vec(trajectory, t):
        return _np.asarray(trajectory.value(t), float).reshape(-1)

    local = context.Clone()
    n = Q.shape[0]
    S, sx = Qf.copy(), -Qf @ (vec(xd, tf) - vec(x0, tf))
    s0 = float(-sx @ (vec(xd, tf) - vec(x0, tf)))
    Ss, sxs, s0s, Ks, k0s = [S], [sx], [s0], [], []
    for k in range(steps - 1, -1, -1):
        t = times[k]
        local.SetTime(t)
        local.SetDiscreteState(vec(x0, t))
        system.get_input_port(port).FixValue(local, vec(u0, t))
        f, A, B = _difference_jacobians(system, local, port)
        c = f - vec(x0, times[k + 1])
        xbar_d = vec(xd, t) - vec(x0, t)
        ubar_d = vec(ud, t) - vec(u0, t)
        H = R + B.T @ S @ B
        G = N.T + B.T @ S @ A
        w = B @ ubar_d + c
        h = B.T @ (S @ w + sx) - N.T @ xbar_d
        Hinv_G, Hinv_h = _np.linalg.solve(H, G), _np.linalg.solve(H, h)
        S, sx, s0 = (
            Q + A.T @ S @ A - G.T @ Hinv_G,
            -Q @ xbar_d + A.T @ S @ w + A.T @ sx - G.T @ Hinv_h,
            float(xbar_d @ Q @ xbar_d + w @ S @ w + 2 * w @ sx + s0 -
                  h @ Hinv_h))
        S = 0.5 * (S + S.T)
        Ss.append(S)
        sxs.append(sx)
        s0s.append(s0)
        Ks.append(Hinv_G)
        k0s.append((Hinv_h - ubar_d).reshape(-1, 1))
    result = FiniteHorizonLinearQuadraticRegulatorResult()
    result.S = DiscreteTimeTrajectory(times, Ss[::-1])
    result.sx = DiscreteTimeTrajectory(times, [v.reshape(n, 1)
                                               for v in sxs[::-1]])
    result.s0 = DiscreteTimeTrajectory(times, [_np.array([[v]])
                                               for v in s0s[::-1]])
    result.K = DiscreteTimeTrajectory(times[:-1], Ks[::-1])
    result.k0 = DiscreteTimeTrajectory(times[:-1], k0s[::-1])
    result.x0, result.u0 = x0, u0
    return result


class _FiniteHorizonController(_LeafSystem):
    """u = u0(t) − K(t)(x − x0(t)) − k0(t) from the plant state x."""

    def __init__(self, result, num_states):
        _LeafSystem.__init__(self)
        self._result = result
        self._state = self.DeclareVectorInputPort("plant_state", num_states)
        self.DeclareVectorOutputPort("control", result.K.rows(), self._calc)

    def _calc(self, context, output):
        t = context.get_time()
        r = self._result
        x = _np.asarray(self._state.Eval(context)).reshape(-1)
        xbar = x - _np.asarray(r.x0.value(t)).reshape(-1)
        u = _np.asarray(r.u0.value(t)).reshape(-1) - \
            _np.asarray(r.K.value(t)) @ xbar - \
            _np.asarray(r.k0.value(t)).reshape(-1)
        output.SetFromVector(u)


def MakeFiniteHorizonLinearQuadraticRegulator(system, context, t0, tf, Q, R,
                                              options=None):
    """The controller system of FiniteHorizonLinearQuadraticRegulator(): an
    input "plant_state" (x) and an output "control",
    u = u0(t) − K(t)(x − x0(t)) − k0(t). For continuous-time systems (a
    difference-equation system raises RuntimeError: its gains are defined
    at the steps only; use FiniteHorizonLinearQuadraticRegulator)."""
    if context.num_discrete_state_groups():
        raise RuntimeError(
            "MakeFiniteHorizonLinearQuadraticRegulator(): the system "
            f"'{system.get_name()}' is discrete; ossa builds controllers "
            "for continuous-time systems only")
    result = FiniteHorizonLinearQuadraticRegulator(system, context, t0, tf,
                                                   Q, R, options)
    return _FiniteHorizonController(result,
                                    context.num_continuous_states())

