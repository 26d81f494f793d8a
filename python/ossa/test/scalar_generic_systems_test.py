"""Systems written in Python on AutoDiffXd and Expression: LeafSystem_[T]
and Diagram_[T] subclassed in Python, VectorSystem_[T] and
StateInterpolatorWithDiscreteDerivative_[T].

Each program runs on float and on the other scalar at the same values:
AutoDiffXd derivatives equal the closed-form Jacobians, Expression results
evaluated equal the float ones; the programs the reference supports run on
pydrake too (a LeafSystem_[T] subclass with vector ports and continuous
state; the state interpolator and its scalar conversion). Scalar conversion
of a Python VectorSystem raises on both packages (the reference's Python
systems need a converter).

Tolerance: 1e-12 (a few products and sums of numbers of order one).
"""

import numpy as np
import pytest

pytest.importorskip("pydrake.systems.framework")

import ossa.autodiffutils as ossa_ad  # noqa: E402
import ossa.symbolic as ossa_sym  # noqa: E402
import ossa.systems.framework as ossa_framework  # noqa: E402
import ossa.systems.primitives as ossa_primitives  # noqa: E402
import pydrake.autodiffutils as drake_ad  # noqa: E402
import pydrake.symbolic as drake_sym  # noqa: E402
import pydrake.systems.framework as drake_framework  # noqa: E402
import pydrake.systems.primitives as drake_primitives  # noqa: E402

TOL = 1e-12
OSSA = dict(ad=ossa_ad, sym=ossa_sym, framework=ossa_framework,
            primitives=ossa_primitives)
DRAKE = dict(ad=drake_ad, sym=drake_sym, framework=drake_framework,
             primitives=drake_primitives)
LIBS = [OSSA, DRAKE]
U, X = 0.7, np.array([0.3, -1.2])


def scalar_type(lib, name):
    return {"float": float, "ad": lib["ad"].AutoDiffXd,
            "sym": lib["sym"].Expression}[name]


def numbers(lib, array):
    def one(x):
        if isinstance(x, lib["ad"].AutoDiffXd):
            return x.value()
        if isinstance(x, lib["sym"].Expression):
            return x.Evaluate()
        return float(x)
    return np.vectorize(one, otypes=[float])(np.asarray(array, dtype=object))


def oscillator(lib, T):
    """A forced oscillator written on LeafSystem_[T]: x = [p, w],
    ẋ = [w, −p + u], y = [p + u, w·u]."""
    LeafSystem = lib["framework"].LeafSystem_[T]

    class Oscillator(LeafSystem):
        def __init__(self):
            LeafSystem.__init__(self)
            self.DeclareContinuousState(2)
            self.u = self.DeclareVectorInputPort("u", 1)
            self.y = self.DeclareVectorOutputPort("y", 2, self.CalcY)

        def CalcY(self, context, output):
            x = context.get_continuous_state_vector().CopyToVector()
            u = self.u.Eval(context)[0]
            output.SetFromVector(np.array([x[0] + u, x[1] * u]))

        def DoCalcTimeDerivatives(self, context, derivatives):
            x = context.get_continuous_state_vector().CopyToVector()
            u = self.u.Eval(context)[0]
            derivatives.get_mutable_vector().SetFromVector(
                np.array([x[1], -x[0] + u]))

    return Oscillator()


def evaluate(system, T, u, x):
    context = system.CreateDefaultContext()
    context.SetContinuousState(np.array(x, dtype=object if T is not float
                                        else float))
    system.get_input_port(0).FixValue(context, np.array([u], dtype=object
                                      if T is not float else float))
    y = system.get_output_port(0).Eval(context)
    xdot = system.EvalTimeDerivatives(context).CopyToVector()
    return np.asarray(y), np.asarray(xdot)


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
def test_leaf_system_autodiff(lib):
    AD = lib["ad"].AutoDiffXd
    y0, xdot0 = evaluate(oscillator(lib, float), float, U, X)
    # Seeds: d/du, d/dp, d/dw.
    u = AD(U, [1.0, 0.0, 0.0])
    x = [AD(X[0], [0.0, 1.0, 0.0]), AD(X[1], [0.0, 0.0, 1.0])]
    y, xdot = evaluate(oscillator(lib, AD), AD, u, x)
    np.testing.assert_allclose(numbers(lib, y), y0, rtol=0, atol=TOL)
    np.testing.assert_allclose(numbers(lib, xdot), xdot0, rtol=0, atol=TOL)
    jacobian_y = np.array([entry.derivatives() for entry in y])
    jacobian_xdot = np.array([entry.derivatives() for entry in xdot])
    np.testing.assert_allclose(
        jacobian_y, [[1.0, 1.0, 0.0], [X[1], 0.0, U]], rtol=0, atol=TOL)
    np.testing.assert_allclose(
        jacobian_xdot, [[0.0, 0.0, 1.0], [1.0, -1.0, 0.0]], rtol=0, atol=TOL)


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
def test_leaf_system_symbolic(lib):
    E, Variable = lib["sym"].Expression, lib["sym"].Variable
    u, p, w = Variable("u"), Variable("p"), Variable("w")
    y, xdot = evaluate(oscillator(lib, E), E, E(u), [E(p), E(w)])
    y0, xdot0 = evaluate(oscillator(lib, float), float, U, X)
    env = {u: U, p: X[0], w: X[1]}
    for got, expected in ((y, y0), (xdot, xdot0)):
        values = [entry.Evaluate(env) for entry in got]
        np.testing.assert_allclose(values, expected, rtol=0, atol=TOL)


def vector_oscillator(T):
    """The oscillator as a VectorSystem_[T] (ossa's VectorSystem fills y and
    xdot given as arrays of T)."""
    VectorSystem = ossa_framework.VectorSystem_[T]

    class VectorOscillator(VectorSystem):
        def __init__(self):
            VectorSystem.__init__(self, 1, 2, True)
            self.DeclareContinuousState(2)

        def DoCalcVectorOutput(self, context, u, x, y):
            y[:] = [x[0] + u[0], x[1] * u[0]]

        def DoCalcVectorTimeDerivatives(self, context, u, x, xdot):
            xdot[:] = [x[1], -x[0] + u[0]]

    return VectorOscillator()


def test_vector_system_scalars():
    AD, E = ossa_ad.AutoDiffXd, ossa_sym.Expression
    y0, xdot0 = evaluate(vector_oscillator(float), float, U, X)
    u = AD(U, [1.0, 0.0, 0.0])
    x = [AD(X[0], [0.0, 1.0, 0.0]), AD(X[1], [0.0, 0.0, 1.0])]
    y, xdot = evaluate(vector_oscillator(AD), AD, u, x)
    np.testing.assert_allclose(numbers(OSSA, y), y0, rtol=0, atol=TOL)
    np.testing.assert_allclose(numbers(OSSA, xdot), xdot0, rtol=0, atol=TOL)
    np.testing.assert_allclose([e.derivatives() for e in y],
                               [[1.0, 1.0, 0.0], [X[1], 0.0, U]], rtol=0,
                               atol=TOL)
    np.testing.assert_allclose([e.derivatives() for e in xdot],
                               [[0.0, 0.0, 1.0], [1.0, -1.0, 0.0]], rtol=0,
                               atol=TOL)
    vu, vp, vw = (ossa_sym.Variable(n) for n in "upw")
    y, xdot = evaluate(vector_oscillator(E), E, E(vu), [E(vp), E(vw)])
    env = {vu: U, vp: X[0], vw: X[1]}
    np.testing.assert_allclose([e.Evaluate(env) for e in y], y0, rtol=0,
                               atol=TOL)
    np.testing.assert_allclose([e.Evaluate(env) for e in xdot], xdot0,
                               rtol=0, atol=TOL)
    for T in (AD, E):
        assert issubclass(ossa_framework.VectorSystem_[T],
                          ossa_framework.LeafSystem_[T])


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
def test_python_vector_system_does_not_convert(lib):
    VectorSystem = lib["framework"].VectorSystem

    class Gain(VectorSystem):
        def __init__(self):
            VectorSystem.__init__(self, 1, 1, None)

        def DoCalcVectorOutput(self, context, u, x, y):
            y[:] = 2 * u

    system = Gain()
    for convert in (system.ToAutoDiffXd, system.ToSymbolic):
        with pytest.raises(RuntimeError, match="scalar conversion"):
            convert()
    assert system.ToAutoDiffXdMaybe() is None


def interpolator_state(lib, T, q_now, q_before, q_input, time_step=0.1):
    """The "state" output of StateInterpolatorWithDiscreteDerivative_[T]
    with the derivative's samples set to q_now, q_before."""
    system = lib["primitives"].StateInterpolatorWithDiscreteDerivative_[T](
        2, time_step)
    context = system.CreateDefaultContext()
    system.get_input_port().FixValue(context, q_input)
    system.set_initial_position(context, q_before)
    derivative = next(s for s in system.GetSystems()
                      if "DiscreteDerivative" in type(s).__name__)
    system.GetMutableSubsystemContext(derivative, context).SetDiscreteState(
        0, q_now)
    return system, np.asarray(system.get_output_port().Eval(context))


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
@pytest.mark.parametrize("scalar", ["ad", "sym"])
def test_state_interpolator_scalars(lib, scalar):
    T = scalar_type(lib, scalar)
    q_now, q_before, q_input = [1.0, -0.5], [0.8, -0.1], [2.0, 3.0]
    _, expected = interpolator_state(lib, float, q_now, q_before, q_input)
    # The closed form: [q_input; (q_now − q_before)/h].
    np.testing.assert_allclose(
        expected, q_input + list((np.array(q_now) - q_before) / 0.1),
        rtol=0, atol=TOL)
    as_t = (lambda v: np.array([T(x) for x in v], dtype=object))
    system, state = interpolator_state(lib, T, as_t(q_now), as_t(q_before),
                                       as_t(q_input))
    np.testing.assert_allclose(numbers(lib, state), expected, rtol=0,
                               atol=TOL)
    assert isinstance(
        system, lib["primitives"].StateInterpolatorWithDiscreteDerivative_[T])


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
def test_state_interpolator_converts(lib):
    template = lib["primitives"].StateInterpolatorWithDiscreteDerivative_
    system = template[float](3, 0.05, False)
    for convert, T in ((system.ToAutoDiffXd, lib["ad"].AutoDiffXd),
                       (system.ToSymbolic, lib["sym"].Expression)):
        # The reference returns a Diagram_[T] (ossa the interpolator on T,
        # which is one); both have the interpolator's ports and dynamics.
        converted = convert()
        assert isinstance(converted, lib["framework"].Diagram_[T])
        assert converted.num_input_ports() == 1
        assert converted.get_output_port().size() == 6
        context = converted.CreateDefaultContext()
        converted.get_input_port().FixValue(
            context, np.array([T(v) for v in (1.0, 2.0, 3.0)]))
        np.testing.assert_allclose(
            numbers(lib, converted.get_output_port().Eval(context)),
            [1.0, 2.0, 3.0, 0.0, 0.0, 0.0], rtol=0, atol=TOL)


# -- Integrators on Expression ------------------------------------------------

A = np.array([[0.0, 1.0], [-2.0, -0.5]])


def symbolic_integrator(lib, max_step):
    """RungeKutta2Integrator_[Expression] on a symbolic linear system
    ẋ = A x, its state x = (x0, x1) variables."""
    import importlib
    analysis = importlib.import_module(
        lib["framework"].__name__.replace("framework", "analysis"))
    E, Variable = lib["sym"].Expression, lib["sym"].Variable
    LinearSystem = lib["primitives"].LinearSystem
    system = LinearSystem(A, np.zeros((2, 1)), np.eye(2),
                          np.zeros((2, 1))).ToSymbolic()
    context = system.CreateDefaultContext()
    x = [Variable("x0"), Variable("x1")]
    context.SetContinuousState(np.array([E(v) for v in x]))
    system.get_input_port().FixValue(context, np.array([E(0.0)]))
    integrator = analysis.RungeKutta2Integrator_[E](system, E(max_step),
                                                    context)
    integrator.Initialize()
    return integrator, context, x


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
def test_symbolic_integrator_configuration(lib):
    integrator, _, _ = symbolic_integrator(lib, 0.1)
    E = lib["sym"].Expression
    assert isinstance(integrator.get_maximum_step_size(), E)
    assert integrator.get_maximum_step_size().Evaluate() == 0.1
    integrator.set_fixed_step_mode(True)
    assert integrator.get_fixed_step_mode()
    assert integrator.get_num_steps_taken() == 0


def test_symbolic_integrator_step_is_the_rk2_polynomial():
    # One explicit trapezoid step of ẋ = A x is x⁺ = (I + hA + h²A²/2) x;
    # the symbolic step, evaluated, equals it and the float integrator's.
    import ossa.systems.analysis as analysis
    h = 0.1
    integrator, context, x = symbolic_integrator(OSSA, h)
    integrator.IntegrateWithSingleFixedStepToTime(ossa_sym.Expression(h))
    state = context.get_continuous_state_vector().CopyToVector()
    assert abs(context.get_time().Evaluate() - h) < TOL
    step = np.eye(2) + h * A + h * h / 2 * A @ A
    system = ossa_primitives.LinearSystem(A, np.zeros((2, 1)), np.eye(2),
                                          np.zeros((2, 1)))
    for x_value in ([1.0, 0.0], [0.3, -1.2]):
        env = dict(zip(x, x_value))
        got = [entry.Evaluate(env) for entry in state]
        np.testing.assert_allclose(got, step @ x_value, rtol=0, atol=TOL)
        float_context = system.CreateDefaultContext()
        float_context.SetContinuousState(x_value)
        system.get_input_port().FixValue(float_context, [0.0])
        rk2 = analysis.RungeKutta2Integrator(system, h, float_context)
        rk2.Initialize()
        rk2.IntegrateWithSingleFixedStepToTime(h)
        np.testing.assert_allclose(
            got, float_context.get_continuous_state_vector().CopyToVector(),
            rtol=0, atol=TOL)


# -- JointStiffnessController on the other scalars -------------------------

def pendulum_controller(lib):
    """A double pendulum under gravity (two revolute joints about y, each
    actuated) and its JointStiffnessController on float."""
    import importlib
    root = lib["framework"].__name__.split(".")[0]
    plant_module = importlib.import_module(f"{root}.multibody.plant")
    tree = importlib.import_module(f"{root}.multibody.tree")
    controllers = importlib.import_module(f"{root}.systems.controllers")
    math = importlib.import_module(f"{root}.math")
    plant = plant_module.MultibodyPlant(0.0)
    inertia = tree.SpatialInertia.SolidSphereWithMass(1.5, 0.1)
    upper = plant.AddRigidBody("upper", inertia)
    lower = plant.AddRigidBody("lower", inertia)
    shoulder = plant.AddJoint(tree.RevoluteJoint(
        "shoulder", plant.world_frame(), upper.body_frame(), [0.0, 1.0, 0.0]))
    elbow = plant.AddJoint(tree.RevoluteJoint(
        "elbow", plant.AddFrame(tree.FixedOffsetFrame(
            "elbow_parent", upper.body_frame(),
            math.RigidTransform([0.0, 0.0, -0.5]))),
        lower.body_frame(), [0.0, 1.0, 0.0]))
    plant.AddJointActuator("shoulder", shoulder)
    plant.AddJointActuator("elbow", elbow)
    plant.Finalize()
    return controllers.JointStiffnessController(plant, [3.0, 2.0],
                                                [0.5, 0.25])


STATE = [0.4, -0.7, 0.2, 0.1]
DESIRED = [0.1, 0.3, 0.0, -0.2]


def actuation(controller, T, desired):
    context = controller.CreateDefaultContext()
    # Ports by index: the reference's converted controller is a System_[T].
    controller.get_input_port(0).FixValue(
        context, np.array([T(v) for v in STATE], dtype=object)
        if T is not float else STATE)
    controller.get_input_port(1).FixValue(context, desired)
    return np.asarray(controller.get_output_port(0).Eval(context))


@pytest.mark.parametrize("lib", LIBS, ids=["ossa", "drake"])
def test_joint_stiffness_controller_converts(lib):
    controller = pendulum_controller(lib)
    u = actuation(controller, float, DESIRED)
    AD, E = lib["ad"].AutoDiffXd, lib["sym"].Expression
    # ∂u/∂x_d = [diag(kp) diag(kd)] (B is the identity).
    seeded = np.array([AD(v, np.eye(4)[i]) for i, v in enumerate(DESIRED)])
    u_ad = actuation(controller.ToAutoDiffXd(), AD, seeded)
    np.testing.assert_allclose(numbers(lib, u_ad), u, rtol=0, atol=TOL)
    np.testing.assert_allclose(
        [entry.derivatives() for entry in u_ad],
        [[3.0, 0.0, 0.5, 0.0], [0.0, 2.0, 0.0, 0.25]], rtol=0, atol=TOL)
    u_sym = actuation(controller.ToSymbolic(), E,
                      np.array([E(v) for v in DESIRED]))
    np.testing.assert_allclose(numbers(lib, u_sym), u, rtol=0, atol=TOL)


def test_joint_stiffness_controller_template():
    import ossa.systems.controllers as controllers
    for T in (ossa_ad.AutoDiffXd, ossa_sym.Expression):
        converted = pendulum_controller(OSSA).ToScalarType[T]()
        assert isinstance(converted, controllers.JointStiffnessController_[T])
        assert isinstance(converted, ossa_framework.LeafSystem_[T])
