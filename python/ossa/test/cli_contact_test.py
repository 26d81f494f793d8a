"""`ossa simulate` with contact: models with free bodies and collision
geometry are dropped onto a ground half-space (discrete SAP point contact)
and must land and rest; the contact forces go to the CSV, the plot and the
summary; `ossa info` lists collision geometries. Run as a user runs the
command (a subprocess), on ossa and, where noted, on the reference."""

import base64
import csv
import re
import subprocess
import sys

import numpy as np
import pytest

G = 9.81


def run_ossa(*args, library="ossa", timeout=600):
    command = [sys.executable, "-m", "ossa", "--library", library, *args]
    result = subprocess.run(command, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, (f"{command} exited {result.returncode}:"
                                    f"\n{result.stdout}\n{result.stderr}")
    return result


def read_csv(path):
    with open(path) as f:
        rows = list(csv.reader(f))
    header = rows[0]
    data = np.array([[float(x) for x in row] for row in rows[1:]])
    return {name: data[:, k] for k, name in enumerate(header)}, header


def column(columns, suffix):
    (name,) = [n for n in columns if n.endswith(suffix)]
    return columns[name]


def lowest_collision_point(model, q):
    """The smallest world z of the model's collision geometry at q, on
    ossa's plant of the model's collision geometry."""
    from ossa.cli import ground, library, model as model_files
    lib = library.load("ossa")
    builder = lib.framework.DiagramBuilder()
    plant, scene_graph = lib.plant.AddMultibodyPlantSceneGraph(builder,
                                                               0.001)
    ground.add_collision_model(lib, plant, model_files.resolve(model))
    plant.Finalize()
    context = plant.CreateDefaultContext()
    plant.SetPositions(context, q)
    return ground.lowest_collision_z(lib, plant, scene_graph, context)


@pytest.mark.parametrize("library", ["ossa", "reference"])
def test_box_stack_settles_at_the_closed_form_heights(library, tmp_path):
    if library == "reference":
        pytest.importorskip("pydrake")
    out = run_ossa("simulate", "box_stack", "--duration", "1.5",
                   "--no-animation", "--output-dir", str(tmp_path),
                   library=library).stdout
    columns, header = read_csv(tmp_path / "trajectory.csv")
    # Box i (0.1 m tall, on spheres of radius 0.01 m at its bottom corners)
    # rests with its center at 0.06 + 0.11 i m. The contacts compress by
    # m·g/k per stage (k = 5e5 N/m for two default materials in series,
    # four feet): under 0.1 mm each; 2 mm allows for the solver's
    # regularization and a 1 mm residual tilt.
    for i in range(5):
        z = column(columns, f"box{i}_z")
        assert abs(z[-1] - (0.06 + 0.11 * i)) < 2e-3, (i, z[-1])
        # At rest the net contact force on each 1 kg box is its weight.
        fz = columns[f"contact_fz_box{i}"]
        assert fz[-1] == pytest.approx(G, rel=0.01)
    # The ground carries the five boxes, through their 4 × 5 feet.
    assert columns["contact_ground_fz"][-1] == pytest.approx(5 * G, rel=0.01)
    assert columns["contact_count"][-1] == 20
    # Sum of the normal forces: the ground's and those between boxes,
    # (5 + 4 + 3 + 2 + 1) box weights.
    assert columns["contact_normal_force"][-1] == pytest.approx(15 * G,
                                                                rel=0.01)
    # The contact columns come before the energies.
    assert header[-3:] == ["kinetic_energy", "potential_energy",
                           "total_energy"]
    assert "the ground carries" in out
    assert (tmp_path / "plot.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("model", ["atlas", "cassie"])
def test_legged_robot_drops_lands_and_stands(model, tmp_path):
    out = run_ossa("simulate", model, "--duration", "2", "--no-animation",
                   "--no-plot", "--output-dir", str(tmp_path)).stdout
    columns, header = read_csv(tmp_path / "trajectory.csv")
    assert "contact_ground_fz" in header
    t = columns["time"]
    z = [columns[n] for n in header if n.endswith("_z")][0]  # the base
    weight = float(out.split("(weight ")[1].split(" N")[0])
    ground = columns["contact_ground_fz"]
    # Dropped from 5 cm: no contact at first, then it lands.
    assert ground[0] == 0.0
    assert columns["contact_count"][-1] >= 4
    # Resting for the last half second: the base height settles (moves
    # less than 2 mm) and the ground carries the weight within 2 %.
    rest = t >= 1.5
    assert np.ptp(z[rest]) < 2e-3, np.ptp(z[rest])
    np.testing.assert_allclose(ground[rest], weight, rtol=0.02)
    # On its feet: the base ends a little under its start, by the 5 cm drop
    # and the joints' sag under the weight (under 10 cm), nowhere near the
    # ground; and no collision point is more than 3 mm into the ground.
    assert z[0] - 0.05 - 0.10 < z[-1] < z[0] - 0.05 + 0.005
    q = np.array([columns[n][-1] for n in header
                  if n not in ("time",) and n.endswith(
                      ("_q", "_qw", "_qx", "_qy", "_qz", "_x", "_y", "_z"))])
    assert lowest_collision_point(model, q) > -3e-3


def test_drop_agrees_with_the_reference(tmp_path):
    """Cassie dropped and held, by the same command on both libraries (the
    same SAP step, contact and PD actuators): the trajectories agree."""
    pytest.importorskip("pydrake")
    runs = {}
    for library in ("ossa", "reference"):
        run_ossa("simulate", "cassie", "--duration", "1", "--no-animation",
                 "--no-plot", "--output-dir", str(tmp_path / library),
                 library=library)
        runs[library] = read_csv(tmp_path / library / "trajectory.csv")
    (ours, header), (theirs, their_header) = runs["ossa"], runs["reference"]
    assert header == their_header
    # 1000 SAP steps with contact, each solved to the solvers' own
    # tolerances: positions agree to 1e-6 m (or rad), forces to 1e-3 N
    # (of 324 N).
    for name in header:
        if name.startswith("contact_") and name != "contact_count":
            np.testing.assert_allclose(ours[name], theirs[name], atol=1e-3,
                                       err_msg=name)
        elif name.endswith(("_q", "_x", "_y", "_z")):
            np.testing.assert_allclose(ours[name], theirs[name], atol=1e-6,
                                       err_msg=name)


def test_fixed_base_run_has_no_contact_columns(tmp_path):
    # The iiwa has no collision geometry: welded, no ground, no columns.
    run_ossa("simulate", "--duration", "0.05", "--no-plot", "--no-animation",
             "--output-dir", str(tmp_path))
    _, header = read_csv(tmp_path / "trajectory.csv")
    assert not [n for n in header if n.startswith("contact")]


def test_weld_and_floating_options(tmp_path):
    # --weld keeps the old behaviour: no ground, the base does not move.
    run_ossa("simulate", "box_stack", "--weld", "--duration", "0.1",
             "--no-plot", "--no-animation", "--output-dir", str(tmp_path))
    _, header = read_csv(tmp_path / "trajectory.csv")
    assert not [n for n in header if n.startswith("contact")]
    command = [sys.executable, "-m", "ossa", "simulate", "box_stack",
               "--weld", "--floating"]
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 1
    assert "exclude each other" in result.stderr


def test_info_lists_collision_geometries():
    out = run_ossa("info", "cassie").stdout
    assert "collision geometries (4):" in out
    assert out.count("Sphere r=0") == 4
    out = run_ossa("info", "box_stack").stdout
    # Per box: the box and four corner spheres.
    assert "collision geometries (25):" in out
    assert "Box x=0.2 y=0.2 z=0.1" in out
    assert "constraints (0):" in out


def test_models_without_their_meshes_are_drawn(tmp_path):
    """Cassie's bundled URDF names meshes that are not shipped: `view` and
    `simulate` draw its collision model as a stick figure on the ground
    instead of giving up (a model whose collision meshes are missing as
    well, from its kinematics alone)."""
    page = tmp_path / "cassie.html"
    result = run_ossa("view", "cassie", "--html", str(page))
    assert "drawn as a stick figure" in result.stderr
    assert "MeshCat.Viewer" in page.read_text()
    # The panda's collision meshes are missing too: its kinematics alone.
    page = tmp_path / "panda.html"
    result = run_ossa("view", "panda", "--html", str(page))
    assert "drawn as a stick figure" in result.stderr
    assert "MeshCat.Viewer" in page.read_text()
    out = run_ossa("simulate", "cassie", "--duration", "0.05", "--no-plot",
                   "--output-dir", str(tmp_path)).stdout
    assert f"wrote {tmp_path / 'animation.html'}" in out
    msgpack = pytest.importorskip("msgpack")
    html = (tmp_path / "animation.html").read_text()
    commands = [msgpack.unpackb(base64.b64decode(c), strict_map_key=False)
                for c in re.findall(r'^"([A-Za-z0-9+/=]+)",$', html, re.M)]
    kinds = [c["object"]["geometries"][0]["type"] for c in commands
             if c["type"] == "set_object"]
    # A sphere per body of the stick figure (the world's excepted), and
    # the ground: a slab (a box) on the world frame.
    from ossa.cli import library, model as model_files
    lib = library.load("ossa")
    plant = lib.plant.MultibodyPlant(0.001)
    lib.parsing.Parser(plant).AddModelsFromString(
        *ground_text(model_files.resolve("cassie")))
    assert kinds.count("SphereGeometry") == plant.num_bodies() - 1
    assert kinds.count("BoxGeometry") == 1
    assert any(c["type"] == "set_animation" for c in commands)


def ground_text(path):
    from ossa.cli import ground
    return ground.collision_only_text(path)
