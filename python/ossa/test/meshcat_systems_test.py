"""The systems drawing into Meshcat, bound from C++: ContactVisualizer
(point contact forces as shafts), JointSliders and ModelVisualizer, and
Meshcat's zip page and camera target, checked through the messages a
browser receives."""

import numpy as np
import pytest

msgpack = pytest.importorskip("msgpack")
websocket = pytest.importorskip("websocket")

from ossa.geometry import Meshcat, MeshcatParams  # noqa: E402


def receive_all(meshcat):
    ws = websocket.create_connection(meshcat.ws_url(), timeout=5)
    ws.settimeout(0.5)
    messages = []
    try:
        while True:
            messages.append(msgpack.unpackb(ws.recv(), strict_map_key=False))
    except websocket.WebSocketTimeoutException:
        pass
    ws.close()
    return messages


def test_contact_visualizer_draws_the_force():
    """A ball resting 1 cm into the ground: the arrow starts at the contact
    point and is |f| / newtons_per_meter long, along the force on body
    B."""
    from ossa.math import RigidTransform
    from ossa.multibody.meshcat import (ContactVisualizer,
                                        ContactVisualizerParams)
    from ossa.systems.analysis import Simulator
    from ossa.systems.framework import DiagramBuilder
    from scenes import ball_on_ground

    builder = DiagramBuilder()
    plant, ball = ball_on_ground(builder)
    meshcat = Meshcat(MeshcatParams(port=0))
    params = ContactVisualizerParams(newtons_per_meter=1000.0)
    ContactVisualizer.AddToBuilder(builder, plant, meshcat, params)
    diagram = builder.Build()
    simulator = Simulator(diagram)
    context = simulator.get_mutable_context()
    plant_context = plant.GetMyMutableContextFromRoot(context)
    plant.SetFreeBodyPose(plant_context, ball, RigidTransform([0, 0, 0.09]))
    simulator.Initialize()  # the initialization publish draws the contact
    results = plant.get_contact_results_output_port().Eval(plant_context)
    assert results.num_point_pair_contacts() == 1
    info = results.point_pair_contact_info(0)
    force = np.asarray(info.contact_force())
    messages = receive_all(meshcat)
    path = (f"/drake/contact_forces/{int(info.bodyA_index())}+"
            f"{int(info.bodyB_index())}")
    (obj,) = [m for m in messages if m["type"] == "set_object"
              and m["path"] == path + "/shaft"]
    assert obj["object"]["geometries"][0]["type"] == "CylinderGeometry"
    poses = {m["path"]: np.frombuffer(m["matrix"].data, "<f4").reshape(4, 4).T
             for m in messages if m["type"] == "set_transform"}
    X_WA, X_AH = poses[path], poses[path + "/head"]
    # The arrow frame sits at the contact point with z along the force; the
    # head's apex (its unit cone's (0, 0, 1)) where the force, at 1000 N/m,
    # ends. Float32 on the wire.
    np.testing.assert_allclose(X_WA[:3, 3], info.contact_point(), atol=1e-6)
    np.testing.assert_allclose(X_WA[:3, 2], force / np.linalg.norm(force),
                               atol=1e-6)
    apex = X_WA @ X_AH @ [0, 0, 1, 1]
    np.testing.assert_allclose(apex[:3], np.asarray(info.contact_point()) +
                               force / 1000.0, rtol=1e-5, atol=1e-6)


def test_joint_sliders_and_model_visualizer():
    import ossa.common
    from ossa.multibody.meshcat import JointSliders
    from ossa.visualization import ModelVisualizer

    meshcat = Meshcat(MeshcatParams(port=0))
    visualizer = ModelVisualizer(meshcat=meshcat)
    visualizer.AddModels(ossa.common.GetBundledModelsPath() +
                         "/drake/acrobot.urdf")
    visualizer.Finalize()
    plant = visualizer.plant()
    names = meshcat.GetSliderNames()
    assert names == list(plant.GetPositionNames())
    # A new JointSliders on the same Meshcat would reuse the names.
    with pytest.raises(RuntimeError, match="already exists"):
        JointSliders(meshcat, plant)
    # Run once with a timeout: the sliders' values pose the model.
    meshcat.SetSliderValue(names[0], 0.5)
    sliders = visualizer.sliders()
    assert isinstance(sliders, JointSliders)
    q = sliders.Run(visualizer.diagram(), timeout=0.2)
    assert q[0] == pytest.approx(0.5)
    with pytest.raises(ValueError, match="2 sliders"):
        sliders.SetPositions([1.0])
    # The sliders' output port gives their values.
    context = sliders.CreateDefaultContext()
    np.testing.assert_allclose(sliders.get_output_port().Eval(context),
                               [0.5, 0.0], atol=1e-12)
    # The acrobot's links are drawn from its own visuals.
    objects = [m for m in receive_all(meshcat) if m["type"] == "set_object"]
    assert len(objects) >= 2


def test_visualizer_draws_proximity_geometry():
    """role=kProximity draws the collision shapes (and not the visuals)."""
    from ossa.geometry import (Box, MeshcatVisualizer,
                               MeshcatVisualizerParams, ProximityProperties,
                               Role, Sphere)
    from ossa.math import RigidTransform
    from ossa.multibody.plant import AddMultibodyPlantSceneGraph
    from ossa.multibody.tree import SpatialInertia
    from ossa.systems.framework import DiagramBuilder

    builder = DiagramBuilder()
    plant, scene_graph = AddMultibodyPlantSceneGraph(builder, 0.0)
    body = plant.AddRigidBody("body", SpatialInertia.SolidSphereWithMass(
        1.0, 0.1))
    plant.RegisterCollisionGeometry(body, RigidTransform(), Sphere(0.1),
                                    "collision", ProximityProperties())
    plant.RegisterVisualGeometry(body, RigidTransform(), Box(1, 1, 1),
                                 "visual", np.array([0, 1, 0, 1.0]))
    plant.Finalize()
    meshcat = Meshcat(MeshcatParams(port=0))
    MeshcatVisualizer.AddToBuilder(builder, scene_graph, meshcat,
                                   MeshcatVisualizerParams(
                                       role=Role.kProximity, prefix="proximity"))
    MeshcatVisualizer.AddToBuilder(builder, scene_graph, meshcat,
                                   MeshcatVisualizerParams(prefix="visual"))
    diagram = builder.Build()
    diagram.ForcedPublish(diagram.CreateDefaultContext())
    objects = {m["path"]: m["object"]["geometries"][0]["type"]
               for m in receive_all(meshcat) if m["type"] == "set_object"}
    proximity = [t for p, t in objects.items()
                 if p.startswith("/drake/proximity/")]
    visual = [t for p, t in objects.items() if p.startswith("/drake/visual/")]
    assert proximity == ["SphereGeometry"]
    assert visual == ["BoxGeometry"]


def test_contact_visualizer_params_match_the_reference():
    """The reference's names and defaults; keyword construction."""
    from ossa.multibody.meshcat import ContactVisualizerParams
    params = ContactVisualizerParams()
    assert params.publish_period == 1 / 32
    assert params.newtons_per_meter == 10.0
    assert params.prefix == "contact_forces"
    assert (params.color.r(), params.color.g(), params.color.b()) == (0, 1, 0)
    assert ContactVisualizerParams(radius=0.01).radius == 0.01
    assert repr(params).startswith("ContactVisualizerParams(publish_period=")
    pydrake_meshcat = pytest.importorskip("pydrake.multibody.meshcat")
    theirs = pydrake_meshcat.ContactVisualizerParams()
    for name in ("publish_period", "prefix", "delete_on_initialization_event",
                 "force_threshold", "moment_threshold", "newtons_per_meter",
                 "newton_meters_per_meter", "radius"):
        assert getattr(params, name) == getattr(theirs, name), name


def test_joint_sliders_bounds_and_errors():
    import ossa.common
    from ossa.multibody.meshcat import JointSliders
    from ossa.multibody.parsing import Parser
    from ossa.multibody.plant import MultibodyPlant

    plant = MultibodyPlant(0.0)
    Parser(plant).AddModels(ossa.common.GetBundledModelsPath() +
                            "/drake/acrobot.urdf")
    plant.Finalize()
    meshcat = Meshcat(MeshcatParams(port=0))
    # A scalar bound applies to every slider; a vector per position.
    sliders = JointSliders(meshcat, plant, initial_value=[0.1, 0.2],
                           lower_limit=-0.5, upper_limit=[0.5, 1.0],
                           step=0.1)
    names = sliders.slider_names()
    assert meshcat.SetSliderValue(names[0], -9) == pytest.approx(-0.5)
    assert meshcat.SetSliderValue(names[1], 9) == pytest.approx(1.0)
    sliders.Delete()
    assert meshcat.GetSliderNames() == []
    with pytest.raises(ValueError, match="upper_limit has 3 values"):
        JointSliders(meshcat, plant, upper_limit=[1, 2, 3])
    with pytest.raises(ValueError, match="must be None, a number"):
        JointSliders(meshcat, plant, step="fine")


def test_static_zip_holds_the_page():
    import io
    import zipfile
    from ossa.geometry import Box
    meshcat = Meshcat(MeshcatParams(port=0))
    meshcat.SetObject("box", Box(1, 2, 3))
    data = meshcat.StaticZip()
    # zipfile checks the CRC-32 while reading.
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.namelist() == ["index.html"]
        assert archive.read("index.html").decode() == meshcat.StaticHtml()


def test_camera_target_keeps_the_camera_in_place():
    meshcat = Meshcat(MeshcatParams(port=0))
    meshcat.SetCameraPose([1.0, 2.0, 3.0], [0.0, 0.0, 1.0])
    meshcat.SetCameraTarget([0.5, 0.0, 0.0])
    pose = msgpack.unpackb(meshcat._GetPackedTransform("/Cameras/default"))
    X = np.frombuffer(pose["matrix"].data, "<f4").reshape(4, 4).T
    np.testing.assert_allclose(X[:3, 3], [0.5, 0, 0])
    position = msgpack.unpackb(meshcat._GetPackedProperty(
        "/Cameras/default/rotated/<object>", "position"))
    # The camera, 1 - 0.5, 2, 3 from the target, in the y-up frame.
    np.testing.assert_allclose(position["value"], [0.5, 3.0, -2.0])


def pose_slider_run(pkg):
    """MeshcatPoseSliders driven as a user would (slider moves through the
    Meshcat API), run on one package; the values it reports."""
    g = __import__(pkg + ".geometry", fromlist=["x"])
    m = __import__(pkg + ".math", fromlist=["x"])
    vis = __import__(pkg + ".visualization", fromlist=["x"])
    meshcat = g.Meshcat(g.MeshcatParams(port=0) if pkg == "ossa" else
                        g.MeshcatParams())
    initial = m.RigidTransform(m.RollPitchYaw(0.1, 0.2, 0.3), [0.4, 0.5, 0.6])
    sliders = vis.MeshcatPoseSliders(
        meshcat, initial_pose=initial, prefix="p",
        visible=[True, True, True, True, True, False])
    context = sliders.CreateDefaultContext()
    out = {"names": sorted(meshcat.GetSliderNames()),
           "initial": sliders.get_output_port().Eval(context).GetAsMatrix34()}
    meshcat.SetSliderValue("p_x", 0.25)
    meshcat.SetSliderValue("p_yaw", -1.0)
    out["moved"] = sliders.get_output_port().Eval(context).GetAsMatrix34()
    sliders.SetPose(m.RigidTransform([0.1, 0.2, 0.3]))
    out["set"] = [meshcat.GetSliderValue("p_x"),
                  sliders.get_output_port().Eval(context).GetAsMatrix34()]
    out["run"] = sliders.Run(sliders, context, timeout=0.05).GetAsMatrix34()
    # The input port, when connected, sets the pose at initialization.
    sliders.get_input_port().FixValue(context, m.RigidTransform([0, 0, 0.7]))
    sliders.ExecuteInitializationEvents(context)
    out["initialized"] = sliders.get_output_port().Eval(
        context).GetAsMatrix34()
    sliders.Delete()
    out["deleted"] = list(meshcat.GetSliderNames())
    out["ports"] = (sliders.get_input_port().get_name(),
                    sliders.get_output_port().get_name())
    return out


def test_pose_sliders_agree_with_the_reference():
    pytest.importorskip("pydrake.visualization")
    ours, ref = pose_slider_run("ossa"), pose_slider_run("pydrake")
    assert ours.keys() == ref.keys()
    for key in ("names", "deleted", "ports"):
        assert ours[key] == ref[key], key
    for key in ("initial", "moved", "run", "initialized"):
        np.testing.assert_allclose(ours[key], ref[key], atol=1e-14,
                                   err_msg=key)
    assert ours["set"][0] == ref["set"][0] == 0.1
    np.testing.assert_allclose(ours["set"][1], ref["set"][1], atol=1e-14)
    # The hidden z slider keeps the nominal value.
    assert ours["moved"][2, 3] == pytest.approx(0.6)
