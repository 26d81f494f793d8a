"""Hostile use of the Python API: inputs that once crashed, hung or gave NaN
silently. Each case runs in its own interpreter with a time limit and is
classified as

  crash   the interpreter died (a signal or an abort)
  hang    it did not finish within the limit
  nan     it returned NaN or inf without an error
  error   it raised an exception (what a bad input should do)
  ok      it returned finite values (what a valid input should do)

and compared with what the case expects. Usage:

  PYTHONPATH=build/python python3 tests/hostile/api_probe.py [--library reference]

Prints one line per case and the counts; exits 1 if a case is a crash, a
hang, a silent NaN, or otherwise not what it expects. Not part of the test
suite (the suite's regression tests are python/ossa/test/reliability_test.py
and multibody_plant_reliability_test); a soak-style check to run by hand."""

import argparse
import os
import signal
import subprocess
import sys
import textwrap
import time

PRELUDE = {
    "ossa": """
from ossa.common import FindResourceOrThrow
from ossa.multibody.plant import MultibodyPlant, MultibodyPlant_
from ossa.multibody.parsing import Parser
from ossa.multibody.tree import (RevoluteJoint, RevoluteJoint_, SpatialInertia,
                                 UnitInertia, PrismaticJoint)
from ossa.systems.analysis import Simulator
from ossa.autodiffutils import AutoDiffXd
def model(name):
    return FindResourceOrThrow(name)
""",
    "reference": """
from pydrake.all import (MultibodyPlant, MultibodyPlant_, Parser,
                         RevoluteJoint, RevoluteJoint_, SpatialInertia, UnitInertia,
                         PrismaticJoint, Simulator, AutoDiffXd)
import os
MODELS = os.environ["OSSA_MODELS"]
def model(name):
    return os.path.join(MODELS, name)
""",
}

COMMON = """
import math, sys
import numpy as np
def pendulum_and_ball(time_step, T=float):
    plant = MultibodyPlant_[T](time_step)
    link = plant.AddRigidBody("link", SpatialInertia.SolidSphereWithMass(1.0, 0.1))
    plant.AddJoint(RevoluteJoint_[T]("pin", plant.world_frame(), link.body_frame(), [0, 0, 1]))
    plant.AddRigidBody("ball", SpatialInertia.SolidSphereWithMass(2.0, 0.2))
    plant.Finalize()
    return plant
def massless_free(time_step):
    plant = MultibodyPlant(time_step)
    plant.AddRigidBody("dust", SpatialInertia(0.0, [0, 0, 0], UnitInertia(0, 0, 0)))
    plant.Finalize()
    return plant
def report(values):
    a = np.asarray(values, dtype=float)
    print("NAN" if not np.all(np.isfinite(a)) else "FINITE")
"""

# (name, expected outcome, code). The code prints NAN or FINITE through
# report() for a result, or raises.
CASES = [
    ("discrete EvalTimeDerivatives", "ok", """
        p = pendulum_and_ball(0.01); c = p.CreateDefaultContext()
        report(p.EvalTimeDerivatives(c).CopyToVector())"""),
    ("discrete CalcTimeDerivatives", "ok", """
        p = pendulum_and_ball(0.01); c = p.CreateDefaultContext()
        d = p.AllocateTimeDerivatives(); p.CalcTimeDerivatives(c, d)
        report(d.CopyToVector())"""),
    ("discrete EvalTimeDerivatives AutoDiffXd", "ok", """
        p = pendulum_and_ball(0.01, AutoDiffXd); c = p.CreateDefaultContext()
        report([x.value() for x in p.EvalTimeDerivatives(c).CopyToVector()])"""),
    ("discrete every output port", "ok", """
        p = pendulum_and_ball(0.01); c = p.CreateDefaultContext()
        for i in range(p.num_output_ports()):
            p.get_output_port(i).EvalAbstract(c)
        report([0.0])"""),
    ("SetPositions NaN", "error", """
        p = pendulum_and_ball(0.0); c = p.CreateDefaultContext()
        q = p.GetPositions(c); q[0] = math.nan; p.SetPositions(c, q)
        report(p.EvalTimeDerivatives(c).CopyToVector())"""),
    ("SetVelocities inf", "error", """
        p = pendulum_and_ball(0.0); c = p.CreateDefaultContext()
        v = p.GetVelocities(c); v[2] = math.inf; p.SetVelocities(c, v)
        report(p.EvalTimeDerivatives(c).CopyToVector())"""),
    ("zero quaternion mass matrix", "error", """
        p = pendulum_and_ball(0.0); c = p.CreateDefaultContext()
        q = p.GetPositions(c); q[1:5] = 0; p.SetPositions(c, q)
        report(p.CalcMassMatrix(c))"""),
    ("zero quaternion derivatives", "error", """
        p = pendulum_and_ball(0.0); c = p.CreateDefaultContext()
        q = p.GetPositions(c); q[1:5] = 0; p.SetPositions(c, q)
        report(p.EvalTimeDerivatives(c).CopyToVector())"""),
    ("AdvanceTo(nan)", "error", """
        s = Simulator(pendulum_and_ball(0.0)); s.AdvanceTo(math.nan)
        report([s.get_context().get_time()])"""),
    ("SetTime(nan) then AdvanceTo", "error", """
        p = pendulum_and_ball(0.0); c = p.CreateDefaultContext(); c.SetTime(math.nan)
        s = Simulator(p, c); s.AdvanceTo(1.0)
        report([s.get_context().get_time()])"""),
    ("NaN in the continuous state, AdvanceTo", "error", """
        p = pendulum_and_ball(0.0); c = p.CreateDefaultContext()
        x = c.get_continuous_state_vector().CopyToVector(); x[p.num_positions()] = math.nan
        c.SetContinuousState(x); s = Simulator(p, c); s.AdvanceTo(1.0)
        report(s.get_context().get_continuous_state_vector().CopyToVector())"""),
    ("double_pendulum.urdf derivatives", "error", """
        p = MultibodyPlant(0.0); Parser(p).AddModels(model("drake/double_pendulum.urdf")); p.Finalize()
        report(p.EvalTimeDerivatives(p.CreateDefaultContext()).CopyToVector())"""),
    ("double_pendulum.urdf AdvanceTo", "error", """
        p = MultibodyPlant(0.0); Parser(p).AddModels(model("drake/double_pendulum.urdf")); p.Finalize()
        s = Simulator(p); s.AdvanceTo(1.0)
        report(s.get_context().get_continuous_state_vector().CopyToVector())"""),
    ("romeo.urdf derivatives", "error", """
        p = MultibodyPlant(0.0); Parser(p).AddModels(model("example_robot_data/romeo.urdf")); p.Finalize()
        report(p.EvalTimeDerivatives(p.CreateDefaultContext()).CopyToVector())"""),
    ("massless free body derivatives", "error", """
        p = massless_free(0.0)
        report(p.EvalTimeDerivatives(p.CreateDefaultContext()).CopyToVector())"""),
    ("massless free body discrete AdvanceTo", "error", """
        p = massless_free(1e-3); s = Simulator(p); s.AdvanceTo(0.01)
        report(p.GetPositions(s.get_context()))"""),
    ("massless free body mass matrix", "ok", """
        p = massless_free(0.0)
        report(p.CalcMassMatrix(p.CreateDefaultContext()))"""),
    ("massless tip on a revolute joint", "error", """
        p = MultibodyPlant(0.0)
        a = p.AddRigidBody("a", SpatialInertia.SolidSphereWithMass(1.0, 0.1))
        b = p.AddRigidBody("b", SpatialInertia(0.0, [0, 0, 0], UnitInertia(0, 0, 0)))
        p.AddJoint(RevoluteJoint("j1", p.world_frame(), a.body_frame(), [0, 0, 1]))
        p.AddJoint(RevoluteJoint("j2", a.body_frame(), b.body_frame(), [0, 0, 1]))
        p.Finalize()
        report(p.EvalTimeDerivatives(p.CreateDefaultContext()).CopyToVector())"""),
    ("massless tip on a prismatic joint, discrete", "error", """
        p = MultibodyPlant(1e-3)
        a = p.AddRigidBody("a", SpatialInertia.SolidSphereWithMass(1.0, 0.1))
        b = p.AddRigidBody("b", SpatialInertia(0.0, [0, 0, 0], UnitInertia(0, 0, 0)))
        p.AddJoint(RevoluteJoint("j1", p.world_frame(), a.body_frame(), [0, 0, 1]))
        p.AddJoint(PrismaticJoint("j2", a.body_frame(), b.body_frame(), [0, 0, 1]))
        p.Finalize(); s = Simulator(p); s.AdvanceTo(0.01)
        report(p.GetPositions(s.get_context()))"""),
    ("Simulator(plant, context) keeps context", "ok", """
        p = pendulum_and_ball(0.0); c = p.CreateDefaultContext()
        s = Simulator(p, c); s.AdvanceTo(0.01)
        report([c.get_time(), s.get_context().get_time()])"""),
    ("Ctrl-C during a long AdvanceTo", "error", """
        import os, signal, threading
        s = Simulator(pendulum_and_ball(1e-3))
        threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        try:
            s.AdvanceTo(1e9)
        except KeyboardInterrupt:
            raise RuntimeError("KeyboardInterrupt: stopped at t = %g" % s.get_context().get_time())
        report([s.get_context().get_time()])"""),
]


def run_case(library, code, timeout):
    source = PRELUDE[library] + COMMON + textwrap.dedent(code)
    env = dict(os.environ)
    env.setdefault("OSSA_MODELS", os.path.join(os.path.dirname(__file__), "..", "..", "models"))
    start = time.monotonic()
    try:
        result = subprocess.run([sys.executable, "-c", source], capture_output=True,
                                text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return "hang", f"no result after {timeout} s"
    took = time.monotonic() - start
    if result.returncode < 0:
        return "crash", f"signal {-result.returncode}"
    out = result.stdout.strip().splitlines()
    if result.returncode == 0 and out and out[-1] == "NAN":
        return "nan", ""
    if result.returncode == 0 and out and out[-1] == "FINITE":
        return "ok", f"{took:.1f} s"
    lines = [line for line in result.stderr.strip().splitlines() if line.strip()]
    last = lines[-1] if lines else f"exit {result.returncode}"
    if "Fatal Python error" in result.stderr or "Segmentation" in result.stderr:
        return "crash", last
    return "error", last[:160]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library", choices=sorted(PRELUDE), default="ossa")
    parser.add_argument("--timeout", type=float, default=20.0)
    args = parser.parse_args()
    counts = {}
    unexpected = 0
    for name, expected, code in CASES:
        outcome, detail = run_case(args.library, code, args.timeout)
        counts[outcome] = counts.get(outcome, 0) + 1
        mark = "  " if outcome == expected else "!!"
        unexpected += outcome != expected
        print(f"{mark} {outcome:5s} (expects {expected:5s}) {name}: {detail}")
    print(f"{len(CASES)} cases: " +
          ", ".join(f"{counts.get(k, 0)} {k}" for k in ("ok", "error", "nan", "hang", "crash")) +
          f"; {unexpected} not as expected")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
