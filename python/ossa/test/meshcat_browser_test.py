"""Meshcat in a real browser: headless Chromium (driven by selenium) opens
the live page and the static HTML of the iiwa arm (glTF meshes), and the
screenshots show that the robot is drawn, that new poses and a slider move
it, and that the recording's animation advances. Screenshots are saved
under build/test_artifacts/meshcat (or $OSSA_TEST_ARTIFACTS)."""

import io
import os
import shutil
import time
from pathlib import Path

import numpy as np
import pytest

webdriver = pytest.importorskip("selenium.webdriver")
Image = pytest.importorskip("PIL.Image")

import ossa  # noqa: E402
from ossa.geometry import (  # noqa: E402
    Meshcat, MeshcatParams, MeshcatVisualizer)
from ossa.multibody.parsing import Parser  # noqa: E402
from ossa.multibody.plant import AddMultibodyPlantSceneGraph  # noqa: E402
from ossa.systems.framework import DiagramBuilder  # noqa: E402

SHARED = Path("/work/shared/models")
IIWA = SHARED / "drake_models/iiwa_description/sdf/iiwa14_no_collision.sdf"
NUM_IIWA_VISUALS = 15  # the SDFormat file's visual elements
CAMERA = ([1.0, -1.0, 0.8], [0.0, 0.0, 0.5])


def artifacts_dir():
    folder = os.environ.get("OSSA_TEST_ARTIFACTS")
    if folder:
        path = Path(folder) / "meshcat"
    else:  # build/python/ossa/__init__.py -> build/test_artifacts
        path = Path(ossa.__file__).resolve().parents[2] / "test_artifacts" / \
            "meshcat"
    path.mkdir(parents=True, exist_ok=True)
    return path


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        binary = shutil.which(name)
        if binary:
            return binary
    return None


@pytest.fixture(scope="module")
def browser():
    binary = find_chromium()
    driver_path = shutil.which("chromedriver")
    if binary is None or driver_path is None:
        pytest.skip("chromium and chromedriver are not installed "
                    "(Debian: chromium chromium-driver; scripts/setup.sh "
                    "installs them)")
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    # swiftshader: WebGL on the CPU, no GPU needed.
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                "--window-size=800,600", "--use-angle=swiftshader",
                "--enable-unsafe-swiftshader", "--disable-gpu",
                "--allow-file-access-from-files"]:
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


def iiwa_diagram(meshcat):
    if not IIWA.exists():
        pytest.skip(f"the iiwa model with meshes is not at {IIWA}")
    builder = DiagramBuilder()
    plant, scene_graph = AddMultibodyPlantSceneGraph(builder, 0.0)
    parser = Parser(plant)
    parser.package_map().AddPackageXml(
        str(SHARED / "drake_models/package.xml"))
    parser.AddModels(str(IIWA))
    plant.WeldFrames(plant.world_frame(), plant.GetFrameByName("iiwa_link_0"))
    plant.Finalize()
    MeshcatVisualizer.AddToBuilder(builder, scene_graph, meshcat)
    diagram = builder.Build()
    context = diagram.CreateDefaultContext()
    return diagram, plant, context


COUNT_MESHES = """
function count(o) {
  let n = o.isMesh ? 1 : 0;
  for (const c of o.children) n += count(c);
  return n;
}
const node = viewer.scene_tree.find(["drake"]);
return node ? count(node.object) : 0;
"""


def wait_until(driver, script, predicate, timeout=30):
    end = time.time() + timeout
    value = None
    while time.time() < end:
        value = driver.execute_script(script)
        if predicate(value):
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out; last value {value!r}")


def screenshot(driver, name):
    # Two animation frames so that the last change is rendered.
    driver.execute_script("viewer.set_dirty();")
    time.sleep(0.5)
    png = driver.get_screenshot_as_png()
    (artifacts_dir() / f"{name}.png").write_bytes(png)
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=int)


def changed_fraction(a, b):
    """The fraction of pixels whose color changed by more than 30 (of
    255) in some channel: rendering noise stays far below."""
    return float(np.mean(np.abs(a - b).max(axis=2) > 30))


def open_live(driver, meshcat, expected_meshes):
    driver.get(meshcat.web_url())
    wait_until(driver, "return window.viewer ? 1 : 0", lambda v: v == 1)
    wait_until(driver, COUNT_MESHES, lambda n: n >= expected_meshes)


def test_live_page(browser):
    empty = Meshcat(MeshcatParams(port=0))
    empty.SetCameraPose(*CAMERA)
    open_live(browser, empty, 0)
    empty_image = screenshot(browser, "live_empty")

    meshcat = Meshcat(MeshcatParams(port=0))
    meshcat.SetCameraPose(*CAMERA)
    diagram, plant, context = iiwa_diagram(meshcat)
    diagram.ForcedPublish(context)
    open_live(browser, meshcat, NUM_IIWA_VISUALS)
    robot = screenshot(browser, "live_iiwa")
    # The arm covers more than 1% of the view (about 3% here).
    assert changed_fraction(empty_image, robot) > 0.01

    # New poses reach the page: the link 2 frame moves in the browser.
    link2 = ('return Array.from(viewer.scene_tree.find(["drake", '
             '"visualizer", "iiwa14", "iiwa_link_2"]).object.matrix.elements)')
    before = browser.execute_script(link2)
    plant_context = plant.GetMyContextFromRoot(context)
    plant.SetPositions(plant_context, [0.8, 1.0, 0, -1.2, 0, 0.6, 0])
    diagram.ForcedPublish(context)
    wait_until(browser, link2, lambda m: np.abs(np.subtract(m, before)).max()
               > 0.1)
    moved = screenshot(browser, "live_iiwa_moved")
    assert changed_fraction(robot, moved) > 0.01

    # A slider in the page: moving it sends the value to the server, which
    # poses the arm with it (as JointSliders does).
    meshcat.AddSlider("iiwa_joint_2", -2, 2, 0.01, 1.0)
    wait_until(browser, "return viewer.gui_controllers['iiwa_joint_2'] ? 1 : 0",
               lambda v: v == 1)
    browser.execute_script(
        "viewer.gui_controllers['iiwa_joint_2'].setValue(-1.5);")
    end = time.time() + 10
    while meshcat.GetSliderValue("iiwa_joint_2") != pytest.approx(-1.5):
        assert time.time() < end, "the slider's value never arrived"
        time.sleep(0.05)
    plant.SetPositions(plant_context, [0.8, meshcat.GetSliderValue(
        "iiwa_joint_2"), 0, -1.2, 0, 0.6, 0])
    diagram.ForcedPublish(context)
    wait_until(browser, link2, lambda m: np.abs(np.subtract(m, before)).max()
               > 0.1)
    slid = screenshot(browser, "live_iiwa_slider")
    assert changed_fraction(moved, slid) > 0.01


def test_static_html_animation(browser):
    meshcat = Meshcat(MeshcatParams(port=0))
    meshcat.SetCameraPose(*CAMERA)
    diagram, plant, context = iiwa_diagram(meshcat)
    plant_context = plant.GetMyContextFromRoot(context)
    meshcat.StartRecording(32.0)
    for i in range(33):  # one second
        t = i / 32.0
        context.SetTime(t)
        plant.SetPositions(plant_context,
                           [1.5 * t, 1.2 * t, 0, -1.5 * t, 0, 0.5, 0])
        diagram.ForcedPublish(context)
    meshcat.StopRecording()
    meshcat.PublishRecording()
    html = meshcat.StaticHtml()
    path = artifacts_dir() / "iiwa_animation.html"
    path.write_text(html)
    # The page needs no server: this Meshcat goes away first.
    del meshcat
    browser.get(path.as_uri())
    wait_until(browser, "return window.viewer ? 1 : 0", lambda v: v == 1)
    wait_until(browser, COUNT_MESHES, lambda n: n >= NUM_IIWA_VISUALS)
    duration = browser.execute_script("return viewer.animator.duration")
    assert duration == pytest.approx(1.0, abs=1e-6)
    # Playing advances the animation's time. It is slowed a hundredfold so
    # that even a busy machine, whose page may stall for seconds before the
    # first frame, does not reach the end (where the viewer rewinds it)
    # within wait_until's timeout.
    browser.execute_script("viewer.animator.mixer.timeScale = 0.01; "
                           "viewer.animator.reset(); viewer.animator.play();")
    played = wait_until(
        browser, "return Math.max(...viewer.animator.actions.map("
        "a => a.time))", lambda t: t > 0)
    assert played <= 1.0
    browser.execute_script("viewer.animator.pause(); viewer.animator.seek(0);")
    start = screenshot(browser, "static_start")
    browser.execute_script("viewer.animator.seek(0.999);")
    end = screenshot(browser, "static_end")
    assert changed_fraction(start, end) > 0.01


def test_model_visualizer_sliders_in_the_page(browser):
    """ossa.visualization.ModelVisualizer (C++) serves the iiwa with a
    slider per joint: a slider moved in the page reaches JointSliders, whose
    Run() poses the arm with it."""
    from ossa.visualization import ModelVisualizer
    if not IIWA.exists():
        pytest.skip(f"the iiwa model with meshes is not at {IIWA}")
    meshcat = Meshcat(MeshcatParams(port=0))
    visualizer = ModelVisualizer(meshcat=meshcat)
    visualizer.package_map().AddPackageXml(
        str(SHARED / "drake_models/package.xml"))
    visualizer.AddModels(str(IIWA))
    visualizer.Finalize(weld_free_bodies=True)
    meshcat.SetCameraPose(*CAMERA)
    open_live(browser, meshcat, NUM_IIWA_VISUALS)
    link2 = ('return Array.from(viewer.scene_tree.find(["drake", '
             '"visualizer", "iiwa14", "iiwa_link_2"]).object.matrix.elements)')
    start = browser.execute_script(link2)
    before = screenshot(browser, "model_visualizer_start")
    (name,) = [n for n in visualizer.sliders().slider_names()
               if n.endswith("iiwa_joint_2_q")]
    wait_until(browser, f"return viewer.gui_controllers['{name}'] ? 1 : 0",
               lambda v: v == 1)
    browser.execute_script(
        f"viewer.gui_controllers['{name}'].setValue(1.2);")
    end = time.time() + 10
    while meshcat.GetSliderValue(name) != pytest.approx(1.2):
        assert time.time() < end, "the slider's value never arrived"
        time.sleep(0.05)
    q = visualizer.sliders().Run(visualizer.diagram(), timeout=0.3)
    assert q[1] == pytest.approx(1.2)
    wait_until(browser, link2, lambda m: np.abs(np.subtract(m, start)).max()
               > 0.1)
    after = screenshot(browser, "model_visualizer_slider")
    assert changed_fraction(before, after) > 0.01


def test_contact_visualizer_arrow_in_the_page(browser):
    """A ball resting on the ground: ContactVisualizer's arrow reaches the
    page, as long as the force over newtons_per_meter, and is drawn."""
    from ossa.math import RigidTransform
    from ossa.multibody.meshcat import (ContactVisualizer,
                                        ContactVisualizerParams)
    from scenes import ball_on_ground

    builder = DiagramBuilder()
    plant, ball = ball_on_ground(builder)
    meshcat = Meshcat(MeshcatParams(port=0))
    meshcat.SetCameraPose([1.0, -1.0, 0.6], [0.0, 0.0, 0.2])
    open_live(browser, meshcat, 0)
    empty = screenshot(browser, "contact_empty")
    # The ball 1 cm deep: about 5000 N, drawn 0.5 m long.
    params = ContactVisualizerParams(newtons_per_meter=1e4, radius=0.02)
    ContactVisualizer.AddToBuilder(builder, plant, meshcat, params)
    diagram = builder.Build()
    context = diagram.CreateDefaultContext()
    plant_context = plant.GetMyMutableContextFromRoot(context)
    plant.SetFreeBodyPose(plant_context, ball, RigidTransform([0, 0, 0.09]))
    diagram.ForcedPublish(context)
    info = plant.get_contact_results_output_port().Eval(
        plant_context).point_pair_contact_info(0)
    force = np.asarray(info.contact_force())
    path = ["drake", "contact_forces",
            f"{int(info.bodyA_index())}+{int(info.bodyB_index())}"]
    matrix = (f"const n = viewer.scene_tree.find({path!r}); "
              "return n && n.object ? Array.from(n.object.matrix.elements) "
              ": null")
    # three.js stores the matrix column by column: elements 8-10 are its
    # third column, the force's direction, 12-14 its origin, the contact
    # point (once the pose, which follows the objects, has arrived; float32
    # on the wire).
    direction = force / np.linalg.norm(force)
    m = wait_until(browser, matrix, lambda v: v is not None and np.allclose(
        v[8:11], direction, atol=1e-6))
    np.testing.assert_allclose(m[12:15], info.contact_point(), atol=1e-6)
    # The head's apex in the page: where the force, at 1e4 N/m, ends. The
    # page's scene is y-up; /drake turns it to z-up: (x, y, z) is shown at
    # (x, z, -y).
    apex = wait_until(
        browser,
        f"const n = viewer.scene_tree.find({path + ['head']!r}); "
        "if (!n || !n.object) return null; "
        "n.object.updateMatrixWorld(true); "
        "const p = new n.object.position.constructor(0, 0, 1); "
        "p.applyMatrix4(n.object.matrixWorld); return [p.x, p.y, p.z];",
        lambda v: v is not None)
    np.testing.assert_allclose(
        [apex[0], -apex[2], apex[1]],
        np.asarray(info.contact_point()) + force / 1e4, atol=1e-6)
    arrow = screenshot(browser, "contact_arrow")
    assert changed_fraction(empty, arrow) > 0.001


# The opacity of the first material under a path, in the page.
OPACITY = """
const node = viewer.scene_tree.find(%r);
let found = null;
node.object.traverse(o => { if (found === null && o.material) found = o; });
return found ? [found.material.opacity, found.material.transparent] : null;
"""


def test_modulated_opacity_in_the_page(browser):
    """The alpha sliders' "modulated_opacity" property (which the standard
    viewer lacks) scales every material's own opacity under the path, live
    and in the static page."""
    from ossa.geometry import Box, Rgba
    meshcat = Meshcat(MeshcatParams(port=0))
    meshcat.SetObject("layer/half", Box(0.1, 0.1, 0.1), Rgba(1, 0, 0, 0.5))
    meshcat.SetObject("layer/full", Box(0.1, 0.1, 0.1), Rgba(0, 1, 0, 1))
    half = OPACITY % ["drake", "layer", "half"]
    full = OPACITY % ["drake", "layer", "full"]
    open_live(browser, meshcat, 2)
    assert browser.execute_script(half)[0] == pytest.approx(0.5)
    meshcat.SetProperty("layer", "modulated_opacity", 0.4)
    wait_until(browser, full, lambda v: v is not None and
               v[0] == pytest.approx(0.4))
    assert browser.execute_script(half) == [pytest.approx(0.2), True]
    # Applied again, it scales the objects' own opacity, not the last one.
    meshcat.SetProperty("layer", "modulated_opacity", 1.0)
    wait_until(browser, half, lambda v: v[0] == pytest.approx(0.5))
    assert browser.execute_script(full) == [pytest.approx(1.0), False]

    meshcat.SetProperty("layer", "modulated_opacity", 0.4)
    path = artifacts_dir() / "modulated_opacity.html"
    path.write_text(meshcat.StaticHtml())
    browser.get(path.as_uri())
    wait_until(browser, "return window.viewer ? 1 : 0", lambda v: v == 1)
    assert browser.execute_script(half)[0] == pytest.approx(0.2)
    assert browser.execute_script(full)[0] == pytest.approx(0.4)
