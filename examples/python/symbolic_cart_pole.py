"""The cart-pole's equations of motion and their linearisation about the
upright equilibrium, as symbolic matrices.

The cart (mass m_c) slides along x̂; the pole is a point mass m_p at distance
ℓ from the pin, at p = (x − ℓ·sin θ, ℓ·cos θ) in the x-z plane, so θ = 0 is
upright; gravity g acts along −ẑ and the force u pushes the cart. From the
kinetic and potential energies T(q, v), V(q) written with ossa.symbolic, the
Euler–Lagrange equations give

    M(q) = ∂²T/∂v²,   C(q, v)·v = ∂(M·v)/∂q · v − ∂T/∂q,   τ_g = −∂V/∂q,

and M·v̇ + C·v = τ_g + B·u. These become a SymbolicVectorSystem with state
(x, θ, ẋ, θ̇), input u and parameters (m_c, m_p, ℓ, g), and its ToSymbolic()
copy gives back ẋ = f(x, u) as expressions, whose Jacobians at the upright
state are the linearisation ẋ ≈ A·x + B·u with the parameters as symbols.

Checks (asserts): M, C·v and τ_g equal the double MultibodyPlant's
(CalcMassMatrix, CalcBiasTerm, CalcGravityGeneralizedForces) for the same
cart-pole at random states; A and B equal the textbook ones,
A[2, 1] = m_p·g/m_c, A[3, 1] = (m_c + m_p)·g/(m_c·ℓ), B = [0, 0, 1/m_c,
1/(m_c·ℓ)]ᵀ; and Linearize() of the double system (AutoDiffXd) gives the same
A and B as the symbolic ones evaluated.
"""

import numpy as np

import ossa.symbolic as sym
from ossa.multibody.plant import MultibodyPlant
from ossa.multibody.tree import (PrismaticJoint, RevoluteJoint,
                                 SpatialInertia)
from ossa.systems.primitives import Linearize, SymbolicVectorSystem

Expression = sym.Expression
x, theta = sym.Variable("x"), sym.Variable("theta")
xdot, thetadot = sym.Variable("xdot"), sym.Variable("thetadot")
u = sym.Variable("u")
m_c, m_p, ell, g = (sym.Variable(name) for name in ("m_c", "m_p", "l", "g"))
q, v = [x, theta], [xdot, thetadot]

# Energies: the pole's velocity is ṗ = (ẋ − ℓ·cos θ·θ̇, −ℓ·sin θ·θ̇).
pole_vx = xdot - ell * sym.cos(theta) * thetadot
pole_vz = -ell * sym.sin(theta) * thetadot
T = 0.5 * m_c * xdot * xdot + 0.5 * m_p * (pole_vx * pole_vx +
                                           pole_vz * pole_vz)
V = m_p * g * ell * sym.cos(theta)

# Euler–Lagrange: momentum p = ∂T/∂v, M = ∂p/∂v, C·v = ∂p/∂q·v − ∂T/∂q.
momentum = sym.Jacobian(np.array([T]), v).ravel()
M = sym.Jacobian(momentum, v)
Cv = sym.Jacobian(momentum, q).dot(np.array(v, dtype=object)) - \
    sym.Jacobian(np.array([T]), q).ravel()
tau_g = -sym.Jacobian(np.array([V]), q).ravel()
Bu = np.array([Expression(u), Expression(0.0)], dtype=object)

print("M(q) =")
for row in M:
    print("  [" + ", ".join(str(e.Expand()) for e in row) + "]")
print("C(q, v)·v =", [str(e.Expand()) for e in Cv])
print("tau_g(q) =", [str(e.Expand()) for e in tau_g])

# v̇ = M⁻¹·(τ_g + B·u − C·v), with the 2×2 inverse written out.
det = M[0, 0] * M[1, 1] - M[0, 1] * M[1, 0]
rhs = tau_g + Bu - Cv
vdot = np.array([(M[1, 1] * rhs[0] - M[0, 1] * rhs[1]) / det,
                 (M[0, 0] * rhs[1] - M[1, 0] * rhs[0]) / det], dtype=object)

state = [x, theta, xdot, thetadot]
parameters = [m_c, m_p, ell, g]
cart_pole = SymbolicVectorSystem(
    state=state, input=[u], parameter=parameters,
    dynamics=np.array([Expression(xdot), Expression(thetadot), vdot[0],
                       vdot[1]], dtype=object),
    output=np.array([Expression(x), Expression(theta)], dtype=object))

# The same system on Expression: its time derivatives at a Context whose
# state, input and parameters are the symbols are the dynamics themselves.
symbolic = cart_pole.ToSymbolic()
context = symbolic.CreateDefaultContext()
context.SetContinuousState(np.array(state, dtype=object))
context.get_mutable_numeric_parameter(0).SetFromVector(
    np.array(parameters, dtype=object))
symbolic.get_input_port(0).FixValue(context, np.array([u], dtype=object))
f = symbolic.EvalTimeDerivatives(context).CopyToVector()

# Linearisation about upright (x = θ = 0, v = 0, u = 0).
upright_sub = {var: Expression(0.0) for var in state + [u]}
A = sym.Substitute(sym.Jacobian(f, state), upright_sub)
B = sym.Substitute(sym.Jacobian(f, [u]), upright_sub)
print("A =")
for row in A:
    print("  [" + ", ".join(str(e) for e in row) + "]")
print("B =", [str(e) for e in B.ravel()])

rng = np.random.default_rng(4)
for _ in range(5):
    mc, mp, length, gravity = rng.uniform(0.5, 2.0, 4)
    env = {m_c: mc, m_p: mp, ell: length, g: gravity}
    A_textbook = np.zeros((4, 4))
    A_textbook[0, 2] = A_textbook[1, 3] = 1.0
    A_textbook[2, 1] = mp * gravity / mc
    A_textbook[3, 1] = (mc + mp) * gravity / (mc * length)
    B_textbook = np.array([[0.0], [0.0], [1.0 / mc], [1.0 / (mc * length)]])
    # A handful of operations on O(1) values: 1e-12.
    assert np.allclose(sym.Evaluate(A, env), A_textbook, rtol=0, atol=1e-12)
    assert np.allclose(sym.Evaluate(B, env), B_textbook, rtol=0, atol=1e-12)

    # Linearize() of the double system (AutoDiffXd through the same
    # expressions) at upright with these parameters.
    double_context = cart_pole.CreateDefaultContext()
    double_context.SetContinuousState(np.zeros(4))
    double_context.get_mutable_numeric_parameter(0).SetFromVector(
        [mc, mp, length, gravity])
    cart_pole.get_input_port(0).FixValue(double_context, [0.0])
    linear = Linearize(cart_pole, double_context)
    assert np.allclose(linear.A(), A_textbook, rtol=0, atol=1e-12)
    assert np.allclose(linear.B(), B_textbook, rtol=0, atol=1e-12)

    # The double plant of the same cart-pole: M, C·v and τ_g at random
    # states equal the symbolic ones evaluated.
    plant = MultibodyPlant(0.0)
    cart = plant.AddRigidBody(
        "cart", SpatialInertia.PointMass(mc, np.zeros(3)))
    pole = plant.AddRigidBody(
        "pole", SpatialInertia.PointMass(mp, np.array([0.0, 0.0, length])))
    plant.AddJoint(PrismaticJoint("slider", plant.world_frame(),
                                  cart.body_frame(), [1.0, 0.0, 0.0]))
    # About −ŷ, so that θ > 0 moves the pole toward −x̂.
    plant.AddJoint(RevoluteJoint("pin", cart.body_frame(), pole.body_frame(),
                                 [0.0, -1.0, 0.0]))
    plant.mutable_gravity_field().set_gravity_vector([0.0, 0.0, -gravity])
    plant.Finalize()
    plant_context = plant.CreateDefaultContext()
    for _ in range(5):
        values = rng.uniform(-3.0, 3.0, 4)
        plant.SetPositions(plant_context, values[:2])
        plant.SetVelocities(plant_context, values[2:])
        env_state = dict(env)
        env_state.update(zip(state, values))
        # Different arithmetic on O(10) values: 1e-12.
        assert np.allclose(sym.Evaluate(M, env_state),
                           plant.CalcMassMatrix(plant_context),
                           rtol=0, atol=1e-12)
        assert np.allclose(
            sym.Evaluate(Cv.reshape(-1, 1), env_state).ravel(),
            plant.CalcBiasTerm(plant_context), rtol=0, atol=1e-12)
        assert np.allclose(
            sym.Evaluate(tau_g.reshape(-1, 1), env_state).ravel(),
            plant.CalcGravityGeneralizedForces(plant_context),
            rtol=0, atol=1e-12)
print("checks passed: the plant's M, C·v and τ_g; the textbook A and B; "
      "Linearize()")
