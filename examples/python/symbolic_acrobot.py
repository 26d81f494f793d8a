"""The acrobot's equations of motion, derived symbolically from the plant.

The acrobot of models/drake/acrobot.urdf is built as a MultibodyPlant on
double and converted with ToSymbolic() to a MultibodyPlant_[Expression];
with q and v set to variables in its Context, the plant's own queries give

    M(q)·v̇ + C(q, v)·v = τ_g(q) + B·u

as expressions: M from CalcMassMatrix, C·v from CalcBiasTerm, τ_g from
CalcGravityGeneralizedForces, and v̇ = f(q, v) from CalcTimeDerivatives.

Checks (asserts): M, C·v and τ_g equal Spong's closed forms ("The swing up
control problem for the Acrobot", 1995; q measured from the downward
vertical, q₂ relative to link 1) with the URDF's parameters, at random
states; and the symbolic time derivatives equal the double plant's.
"""

import pathlib

import numpy as np

import ossa.symbolic as sym
from ossa.multibody.parsing import Parser
from ossa.multibody.plant import MultibodyPlant

ACROBOT = (pathlib.Path(__file__).resolve().parents[2] / "models" / "drake" /
           "acrobot.urdf")

plant = MultibodyPlant(time_step=0.0)
Parser(plant).AddModels(str(ACROBOT))
plant.Finalize()
symbolic_plant = plant.ToSymbolic()
context = symbolic_plant.CreateDefaultContext()

q = sym.MakeVectorVariable(2, "q")
v = sym.MakeVectorVariable(2, "v")
symbolic_plant.SetPositions(context, q)
symbolic_plant.SetVelocities(context, v)

M = symbolic_plant.CalcMassMatrix(context)
Cv = symbolic_plant.CalcBiasTerm(context)
tau_g = symbolic_plant.CalcGravityGeneralizedForces(context)
B = symbolic_plant.MakeActuationMatrix()
derivatives = symbolic_plant.AllocateTimeDerivatives()
symbolic_plant.CalcTimeDerivatives(context, derivatives)
xdot = derivatives.CopyToVector()

# Expanded (a polynomial in the sines and cosines of q, and in v), as the
# plant's expressions follow its recursions.
print("The acrobot: M(q)·v̇ + C(q, v)·v = τ_g(q) + B·u")
for i in range(2):
    for j in range(2):
        print(f"M[{i}, {j}] = {M[i, j].Expand()}")
for i in range(2):
    print(f"(C·v)[{i}] = {Cv[i].Expand()}")
for i in range(2):
    print(f"τ_g[{i}] = {tau_g[i].Expand()}")
print(f"B = {[[str(e) for e in row] for row in B]}")
print(f"v̇[1] = f(q, v), {xdot[3].GetDistinctNodeCount()} distinct nodes")

# Spong's closed forms with the URDF's parameters: link i of mass mᵢ, com at
# lcᵢ from its joint, inertia Iᵢ about its com (about the joint axis); link 1
# of length l₁; g = 9.81.
m1, m2, l1, lc1, lc2, I1, I2, g = 1.0, 1.0, 1.0, 0.5, 1.0, 0.083, 0.33, 9.81


def closed_form(q1, q2, v1, v2):
    c2, s2 = np.cos(q2), np.sin(q2)
    M_cf = np.array([
        [I1 + I2 + m1 * lc1**2 + m2 * (l1**2 + lc2**2 + 2 * l1 * lc2 * c2),
         I2 + m2 * (lc2**2 + l1 * lc2 * c2)],
        [I2 + m2 * (lc2**2 + l1 * lc2 * c2), I2 + m2 * lc2**2]])
    Cv_cf = np.array([-m2 * l1 * lc2 * s2 * (2 * v1 * v2 + v2**2),
                      m2 * l1 * lc2 * s2 * v1**2])
    s12 = np.sin(q1 + q2)
    tau_cf = -np.array([g * (m1 * lc1 + m2 * l1) * np.sin(q1) +
                        m2 * g * lc2 * s12, m2 * g * lc2 * s12])
    return M_cf, Cv_cf, tau_cf


def evaluate(expressions, env):
    array = np.asarray(expressions)
    return np.asarray(sym.Evaluate(array.reshape(array.shape[0], -1), env),
                      dtype=float).reshape(array.shape)


double_context = plant.CreateDefaultContext()
rng = np.random.default_rng(0)
for _ in range(20):
    state = rng.uniform(-3, 3, 4)
    env = dict(zip(list(q) + list(v), state))
    M_cf, Cv_cf, tau_cf = closed_form(*state)
    # Different arithmetic on O(10) values: 1e-12.
    assert np.allclose(evaluate(M, env), M_cf, rtol=0, atol=1e-12)
    assert np.allclose(evaluate(Cv, env), Cv_cf, rtol=0, atol=1e-12)
    assert np.allclose(evaluate(tau_g, env), tau_cf, rtol=0, atol=1e-12)
    plant.SetPositionsAndVelocities(double_context, state)
    xdot_double = plant.EvalTimeDerivatives(double_context).CopyToVector()
    assert np.allclose(evaluate(xdot, env), xdot_double, rtol=0,
                       atol=1e-12 * (1 + np.abs(xdot_double).max()))
print("The plant's symbolic equations equal Spong's closed forms and the "
      "double plant's time derivatives at 20 random states.")
