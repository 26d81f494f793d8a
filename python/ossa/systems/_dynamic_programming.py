"""Fitted value iteration on a barycentric mesh, after the reference's
ossa.systems.controllers.FittedValueIteration and its options.

The discrete-time problem: minimize Σ γⁿ g(x[n], u[n]) with
g(x, u) = h·ℓ(x, u) (ℓ the continuous-time cost, h the time step) and
x[n+1] the state after simulating the system for h from x[n] with the
input held at u[n]. The cost-to-go J lives on the mesh points xᵢ of the
state grid; the state after a step is interpolated on the mesh with its
barycentric weights (Tᵢⱼ), so each iteration is
J⁺ᵢ = min_k ( g(xᵢ, u_k) + γ Σⱼ Tᵢⱼ(u_k)·J[index ⱼ] ) over the input mesh
points u_k, repeated until max |J⁺ − J| ≤ convergence_tol.
"""

import logging
import math
import numbers
import operator

import numpy as np

from ossa._struct_util import add_field_properties, fields_of
from ossa.math import BarycentricMesh
from ossa.systems.framework import InputPortSelection
from ossa.systems.primitives import BarycentricMeshSystem

_log = logging.getLogger("ossa")


class PeriodicBoundaryCondition:
    """State `state_index` is periodic on [low, high): after each step it is
    wrapped into that interval (an angle on [0, 2π), ...)."""

    def __init__(self, state_index, low, high):
        state_index = operator.index(state_index)
        low, high = float(low), float(high)
        if not low < high:
            raise RuntimeError(
                f"PeriodicBoundaryCondition(): low ({low}) must be less than "
                f"high ({high}) (state {state_index}).")
        self.state_index = state_index
        self.low = low
        self.high = high

    __fields__ = fields_of(("state_index", int), ("low", float),
                           ("high", float))

    def __repr__(self):
        return (f"PeriodicBoundaryCondition(state_index={self.state_index}, "
                f"low={self.low!r}, high={self.high!r})")


class DynamicProgrammingOptions:
    """Options of FittedValueIteration: the discount factor γ (1: no
    discount), the periodic states, the convergence tolerance on
    max |J⁺ − J|, an optional callback(iteration, state_mesh, J, policy)
    run after each iteration, which input port of the system the policy
    drives, and whether discrete and abstract states (held fixed) are
    allowed."""

    PeriodicBoundaryCondition = PeriodicBoundaryCondition
    __fields__ = fields_of(
        ("discount_factor", float), ("periodic_boundary_conditions", list),
        ("convergence_tol", float), ("visualization_callback", object),
        ("input_port_index", object),
        ("assume_non_continuous_states_are_fixed", bool))

    def __init__(self):
        self.discount_factor = 1.0
        self.periodic_boundary_conditions = []
        self.convergence_tol = 1e-4
        self.visualization_callback = None
        self.input_port_index = InputPortSelection.kUseFirstInputIfItExists
        self.assume_non_continuous_states_are_fixed = False


# The fields are properties of the classes, as the reference's are.
add_field_properties(PeriodicBoundaryCondition)
add_field_properties(DynamicProgrammingOptions)


def _input_port(system, selection):
    if isinstance(selection, InputPortSelection):
        if selection == InputPortSelection.kUseFirstInputIfItExists and \
                system.num_input_ports() > 0:
            return system.get_input_port(0)
        raise RuntimeError(
            "FittedValueIteration(): the system "
            f"'{system.get_name()}' has no input port to optimize "
            f"(input_port_index = {selection}).")
    return system.get_input_port(int(selection))


def _check_grid(what, grid, size):
    if len(grid) != size:
        raise RuntimeError(
            f"FittedValueIteration(): the {what} grid has {len(grid)} "
            f"dimensions but the system has {size}.")


def FittedValueIteration(simulator, cost_function, state_grid, input_grid,
                         timestep, options=None):
    """Designs a state-feedback policy for the system of `simulator` (whose
    Context's parameters are used) by value iteration on the mesh of
    `state_grid` over the inputs of `input_grid` (a list of sets of
    values per dimension), with steps of `timestep` seconds simulated by
    `simulator` and the instantaneous cost `cost_function(context)` (which
    reads the state and the input from the Context). Returns
    (policy, J): a BarycentricMeshSystem from the state to the input and
    the cost-to-go at the state mesh points."""
    if not isinstance(timestep, numbers.Real):
        raise TypeError(
            f"FittedValueIteration(): timestep must be a number, not "
            f"{type(timestep).__name__}")
    if options is None:
        options = DynamicProgrammingOptions()
    system = simulator.get_system()
    context = simulator.get_mutable_context()
    port = _input_port(system, options.input_port_index)
    only_continuous = (context.num_discrete_state_groups() == 0 and
                       context.num_abstract_states() == 0)
    if not only_continuous and \
            not options.assume_non_continuous_states_are_fixed:
        raise RuntimeError(
            "FittedValueIteration(): the system has discrete or abstract "
            "state; set options.assume_non_continuous_states_are_fixed to "
            "hold it fixed.")
    num_states = context.num_continuous_states()
    _check_grid("state", state_grid, num_states)
    _check_grid("input", input_grid, port.size())
    for bc in options.periodic_boundary_conditions:
        if not 0 <= bc.state_index < num_states:
            raise RuntimeError(
                "FittedValueIteration(): a periodic boundary condition names "
                f"state {bc.state_index}; the system has {num_states}.")

    state_mesh = BarycentricMesh(state_grid)
    input_mesh = BarycentricMesh(input_grid)
    num_points = state_mesh.get_num_mesh_points()
    num_inputs = input_mesh.get_num_mesh_points()
    num_interpolants = state_mesh.get_num_interpolants()
    # Per input k and state point i: the step's cost and the barycentric
    # indices and weights of the state it reaches.
    cost = np.zeros((num_inputs, num_points))
    indices = np.zeros((num_inputs, num_points, num_interpolants), int)
    weights = np.zeros((num_inputs, num_points, num_interpolants))
    _log.info("Computing transition and cost matrices.")
    for k in range(num_inputs):
        port.FixValue(context, input_mesh.get_mesh_point(k))
        for i in range(num_points):
            context.SetTime(0.0)
            context.SetContinuousState(state_mesh.get_mesh_point(i))
            simulator.Initialize()
            cost[k, i] = timestep * cost_function(context)
            simulator.AdvanceTo(timestep)
            x = np.array(context.get_continuous_state_vector().CopyToVector())
            for bc in options.periodic_boundary_conditions:
                span = bc.high - bc.low
                x[bc.state_index] = bc.low + math.fmod(
                    x[bc.state_index] - bc.low, span)
                if x[bc.state_index] < bc.low:
                    x[bc.state_index] += span
            indices[k, i], weights[k, i] = state_mesh.EvalBarycentricWeights(x)
    _log.info("Done computing transition and cost matrices.")

    _log.info("Running value iteration.")
    gamma = options.discount_factor
    inputs = input_mesh.get_all_mesh_points()
    J = np.zeros(num_points)
    policy = np.zeros((port.size(), num_points))
    iteration = 0
    max_diff = math.inf
    while max_diff > options.convergence_tol:
        # Q[k, i]: the cost of input k at point i plus the discounted
        # cost-to-go of the state reached, interpolated (summed in the
        # order of the interpolants).
        Q = cost.copy()
        for j in range(num_interpolants):
            Q += gamma * weights[:, :, j] * J[indices[:, :, j]]
        best = np.argmin(Q, axis=0)  # the first minimum, as a strict <.
        J_next = Q[best, np.arange(num_points)]
        policy = inputs[:, best]
        max_diff = np.max(np.abs(J_next - J), initial=0.0)
        J = J_next
        iteration += 1
        if options.visualization_callback is not None:
            options.visualization_callback(iteration, state_mesh, J, policy)
    _log.info("Value iteration converged to requested tolerance.")
    return BarycentricMeshSystem(state_mesh, policy), J
