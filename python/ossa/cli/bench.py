"""``ossa bench [MODEL]``: times the dynamics of a model through the public
API (Python calls into the compiled library; the per-call Python overhead,
typically a few hundred ns, is included and is the same for every
workload). benchmarks/run times the raw kernels without Python."""

import statistics
import time

import numpy as np

from ossa.cli import controllers
from ossa.cli import library
from ossa.cli import model as model_files


def _random_state(lib, plant, rng):
    """The default positions with every 1-dof joint's coordinate drawn
    within its limits (±1 around the default where it has none), so free
    joints keep unit quaternions; random velocities in [-1, 1]."""
    q = np.asarray(plant.GetPositions(plant.CreateDefaultContext())).copy()
    for q_index, _, lower, upper in controllers.servoed_coordinates(lib, plant):
        lo = lower if np.isfinite(lower) else q[q_index] - 1.0
        hi = upper if np.isfinite(upper) else q[q_index] + 1.0
        q[q_index] = rng.uniform(lo, hi)
    v = rng.uniform(-1, 1, plant.num_velocities())
    return q, v


def workloads(lib, plant, q, v):
    """name → a function doing one call; each sets q (and v) first, so that
    no cached result is reused between calls."""
    context = plant.CreateDefaultContext()
    plant.SetPositions(context, q)
    plant.SetVelocities(context, v)
    tip = plant.get_body(lib.tree.BodyIndex(plant.num_bodies() - 1))
    vdot = np.zeros(plant.num_velocities())
    forces = lib.tree.MultibodyForces(plant)
    derivatives = plant.AllocateTimeDerivatives()

    def forward_kinematics():
        plant.SetPositions(context, q)
        plant.EvalBodyPoseInWorld(context, tip)

    def inverse_dynamics():
        plant.SetPositions(context, q)
        plant.CalcInverseDynamics(context, vdot, forces)

    def mass_matrix():
        plant.SetPositions(context, q)
        plant.CalcMassMatrix(context)

    def forward_dynamics():
        plant.SetPositions(context, q)
        plant.CalcTimeDerivatives(context, derivatives)

    return {
        "forward_kinematics": forward_kinematics,
        "inverse_dynamics": inverse_dynamics,
        "mass_matrix": mass_matrix,
        "forward_dynamics": forward_dynamics,
    }


def median_ns(function, seconds):
    """Median over batches of the time per call, in ns."""
    function()
    batch = 1
    while True:  # a batch of at least ~2 ms
        start = time.perf_counter_ns()
        for _ in range(batch):
            function()
        elapsed = time.perf_counter_ns() - start
        if elapsed > 2e6:
            break
        batch *= 4
    medians = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(medians) < 5:
        start = time.perf_counter_ns()
        for _ in range(batch):
            function()
        medians.append((time.perf_counter_ns() - start) / batch)
    return statistics.median(medians)


def time_library(lib, path, seconds):
    plant = lib.plant.MultibodyPlant(time_step=0.0)
    model_files.add_model(lib, plant, path)
    plant.Finalize()
    q, v = _random_state(lib, plant, np.random.default_rng(0))
    results = {name: median_ns(f, seconds)
               for name, f in workloads(lib, plant, q, v).items()}
    return plant.num_velocities(), results


def run(lib, args):
    path = model_files.resolve(args.model)
    libs = [lib]
    if args.compare:
        other = "reference" if lib.name == "ossa" else "ossa"
        libs.append(library.load(other))
    table = {}
    nv = None
    for each in libs:
        nv, table[each.name] = time_library(each, path, args.seconds)
    print(f"model: {path.name}  (nv = {nv}), median ns per call through "
          "the Python API")
    header = f"{'workload':20s}" + "".join(f"{each.name:>14s}" for each in libs)
    if args.compare:
        header += f"{'ratio':>10s}"
    print(header)
    for workload in table[libs[0].name]:
        row = f"{workload:20s}" + "".join(
            f"{table[each.name][workload]:14.0f}" for each in libs)
        if args.compare:
            ossa_ns = table["ossa"][workload]
            reference_ns = table["reference"][workload]
            row += f"{ossa_ns / reference_ns:10.2f}"
        print(row)
    if args.compare:
        print("ratio = ossa / reference (below 1: ossa is faster)")
    return 0
