"""The `ossa` command: every subcommand and error path, run as a user runs
it (a subprocess), on ossa and on the reference toolkit, whose results must
agree (the command is written on the API the two share)."""

import csv
import os
import pathlib
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

LIBRARIES = ["ossa", "reference"]


def _skip_if_missing(library):
    if library == "reference":
        pytest.importorskip("pydrake")


def run_ossa(*args, library="ossa", check=True, cwd=None, timeout=600):
    command = [sys.executable, "-m", "ossa", "--library", library, *args]
    result = subprocess.run(command, capture_output=True, text=True,
                            timeout=timeout, cwd=cwd)
    if check and result.returncode != 0:
        raise AssertionError(f"{command} exited {result.returncode}:\n"
                             f"{result.stdout}\n{result.stderr}")
    return result


def read_csv(path):
    with open(path) as f:
        rows = list(csv.reader(f))
    return rows[0], np.array([[float(x) for x in row] for row in rows[1:]])


def test_help_lists_the_subcommands():
    out = run_ossa("--help").stdout
    for command in ("info", "simulate", "bench"):
        assert command in out


def test_unknown_option_is_one_line_and_status_2():
    result = run_ossa("info", "iiwa", "--no-such-option", check=False)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "unrecognized arguments: --no-such-option" in result.stderr


@pytest.mark.parametrize("library", LIBRARIES)
def test_missing_file_is_one_line(library):
    _skip_if_missing(library)
    result = run_ossa("info", "no_such_robot.urdf", library=library,
                      check=False)
    assert result.returncode == 1
    assert result.stderr == "ossa: error: model file not found: " \
                            "no_such_robot.urdf\n"


@pytest.mark.parametrize("library", LIBRARIES)
def test_malformed_model_is_one_line_without_traceback(library, tmp_path):
    _skip_if_missing(library)
    bad = tmp_path / "bad.urdf"
    bad.write_text("<robot name='r'>\n  <link name='a'>\n</robot>\n")
    result = run_ossa("info", str(bad), library=library, check=False)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"ossa: error: cannot load {bad}")


def test_debug_shows_the_traceback():
    result = run_ossa("--debug", "info", "no_such_robot.urdf", check=False)
    assert result.returncode != 0
    assert "Traceback" in result.stderr


@pytest.mark.parametrize("library", LIBRARIES)
def test_info_summarizes_the_arm(library, tmp_path):
    _skip_if_missing(library)
    dot = tmp_path / "iiwa.dot"
    out = run_ossa("info", "iiwa", "--graphviz", str(dot),
                   library=library).stdout
    # The iiwa URDF: 7 revolute joints, links of 5 + 5.76 + 6.35 + 3 * 3.5
    # + 1.8 + 1.2 kg (its <inertial> masses), a base left free.
    assert "total mass: 30.61 kg" in out
    assert out.count(" revolute ") == 7
    assert "positions: 14, velocities: 13" in out
    assert "└─ iiwa_link_7  (revolute iiwa_joint_7)" in out
    assert "digraph" in dot.read_text()


def test_info_agrees_with_the_reference():
    _skip_if_missing("reference")
    for model in ("iiwa", "acrobot", "atlas"):
        ours = run_ossa("info", model).stdout.splitlines()[1:]
        theirs = run_ossa("info", model, library="reference").stdout \
            .splitlines()[1:]
        assert ours == theirs, model


@pytest.mark.parametrize("library", LIBRARIES)
def test_simulate_writes_csv_plot_and_summary(library, tmp_path):
    _skip_if_missing(library)
    out = run_ossa("simulate", "--duration", "0.5", "--output-dir",
                   str(tmp_path), library=library).stdout
    header, data = read_csv(tmp_path / "trajectory.csv")
    # Rows every 10 ms from 0 to 0.5 s; time, 7 q, 7 v, 3 energies.
    assert data.shape == (51, 1 + 7 + 7 + 3)
    np.testing.assert_allclose(data[:, 0], np.linspace(0, 0.5, 51),
                               atol=1e-12)
    assert header[1] == "iiwa14_iiwa_joint_1_q"
    # The sine controller moves every joint.
    assert np.all(np.abs(data[-1, 1:8]) > 1e-3)
    assert (tmp_path / "plot.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "real-time rate" in out
    assert "steps: 500" in out
    assert (tmp_path / "summary.txt").read_text().startswith("model: kuka")


@pytest.mark.parametrize("library", LIBRARIES)
def test_continuous_conservative_run_keeps_its_energy(library, tmp_path):
    _skip_if_missing(library)
    # The SDFormat double pendulum has no joint damping.
    out = run_ossa("simulate", "double_pendulum", "--time-step", "0",
                   "--controller", "none", "--q0", "0.8,-0.4",
                   "--accuracy", "1e-9", "--duration", "2", "--no-plot",
                   "--output-dir", str(tmp_path), library=library).stdout
    _, data = read_csv(tmp_path / "trajectory.csv")
    total = data[:, -1]
    # RK3 at accuracy 1e-9 over 2 s: the drift is set by the local error
    # control; 1e-6 of the energy scale is far above it and far below any
    # modelling error (a missing term changes energy at the 1e-1 level).
    scale = np.max(np.abs(data[:, -3:-1]))
    assert np.max(np.abs(total - total[0])) < 1e-6 * scale
    assert "energy drift" in out


def test_simulations_agree_with_the_reference(tmp_path):
    _skip_if_missing("reference")
    results = {}
    for library in LIBRARIES:
        d = tmp_path / library
        run_ossa("simulate", "--duration", "1", "--no-plot", "--output-dir",
                 str(d), library=library)
        results[library] = read_csv(d / "trajectory.csv")
    assert results["ossa"][0] == results["reference"][0]
    # The same discrete scheme (1 ms steps, implicit in v, no contact) and
    # the same controller: the states agree to round-off growth over 1000
    # steps.
    np.testing.assert_allclose(results["ossa"][1], results["reference"][1],
                               rtol=1e-7, atol=1e-8)


@pytest.mark.parametrize("library", LIBRARIES)
def test_bench_times_four_workloads(library):
    _skip_if_missing(library)
    out = run_ossa("bench", "acrobot", "--seconds", "0.02",
                   library=library).stdout
    for workload in ("forward_kinematics", "inverse_dynamics", "mass_matrix",
                     "forward_dynamics"):
        line = next(l for l in out.splitlines() if l.startswith(workload))
        assert float(line.split()[1]) > 0


def test_bench_compare_prints_ratios():
    _skip_if_missing("reference")
    out = run_ossa("bench", "acrobot", "--seconds", "0.02",
                   "--compare").stdout
    assert "ratio = ossa / reference" in out


@pytest.mark.parametrize("library", LIBRARIES)
def test_ctrl_c_stops_cleanly_and_keeps_the_csv(library, tmp_path):
    _skip_if_missing(library)
    command = [sys.executable, "-m", "ossa", "--library", library,
               "simulate", "--duration", "100",
               "--no-plot", "--output-dir", str(tmp_path)]
    # The child gets the default SIGINT disposition even when this test
    # runs in a background job (whose shell ignores SIGINT, and Python then
    # installs no KeyboardInterrupt handler).
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    csv_path = tmp_path / "trajectory.csv"
    deadline = time.time() + 120
    while time.time() < deadline:
        if csv_path.exists() and csv_path.read_text().count("\n") > 5:
            break
        time.sleep(0.1)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "interrupted at t =" in out
    _, data = read_csv(csv_path)
    assert data.shape[0] > 5
    assert "Traceback" not in err


def test_bench_state_keeps_free_joints_valid():
    # Cassie floats: its quaternion must stay unit; its 1-dof joints are
    # drawn inside their limits.
    from ossa.cli import bench, library, model
    lib = library.load("ossa")
    plant = lib.plant.MultibodyPlant(time_step=0.0)
    model.add_model(lib, plant, model.resolve("cassie"))
    plant.Finalize()
    q, v = bench._random_state(lib, plant, np.random.default_rng(1))
    (body,) = plant.GetFloatingBaseBodies()
    start = plant.get_body(body).floating_positions_start()
    assert abs(np.linalg.norm(q[start:start + 4]) - 1) < 1e-15
    lower = np.asarray(plant.GetPositionLowerLimits())
    upper = np.asarray(plant.GetPositionUpperLimits())
    assert np.all((q >= lower) & (q <= upper))
    assert v.shape == (plant.num_velocities(),)


def test_info_lists_constraints_and_simulate_imposes_them(tmp_path):
    four_bar = pathlib.Path(__file__).resolve().parents[3] / "models" / \
        "drake" / "four_bar.sdf"
    if not four_bar.is_file():
        pytest.skip("the source tree's models are not beside this test")
    out = run_ossa("info", str(four_bar)).stdout
    assert "constraints (1):" in out
    assert "ball      B [4, 0, 0] - C [4, 0, 0]" in out
    out = run_ossa("info", "panda").stdout
    assert "coupler   panda_finger_joint2 = 1 * panda_finger_joint1 + 0" \
        in out
    # The discrete (SAP) step imposes the mimic coupler: the fingers move
    # together, without a warning. (No animation: the bundled panda comes
    # without its meshes.)
    result = run_ossa("simulate", "panda", "--duration", "0.02", "--no-plot",
                      "--no-animation", "--output-dir", str(tmp_path))
    assert "constraint" not in result.stderr
    assert "steps: 20" in result.stdout
    header, data = read_csv(tmp_path / "trajectory.csv")
    (f1,) = [i for i, n in enumerate(header) if n.endswith("finger_joint1_x")]
    (f2,) = [i for i, n in enumerate(header) if n.endswith("finger_joint2_x")]
    # Near-rigid accuracy of the coupler (q2 = q1).
    assert np.max(np.abs(data[:, f2] - data[:, f1])) < 1e-6
