"""Meshcat's server, driven from Python as a browser would: HTTP pages, the
msgpack messages on the WebSocket (decoded and checked against the shapes,
poses and controls that made them), controls sent back by the client,
recordings and StaticHtml, and the server's robustness to hostile,
vanishing and non-reading clients."""

import base64
import os
import re
import socket
import struct
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import numpy as np
import pytest

msgpack = pytest.importorskip("msgpack")
websocket = pytest.importorskip("websocket")

from ossa.geometry import (  # noqa: E402
    Box, Capsule, Convex, Cylinder, Ellipsoid, HalfSpace, Mesh, Meshcat,
    MeshcatParams, Rgba, Sphere)
from ossa.math import RigidTransform, RollPitchYaw  # noqa: E402

SHARED = Path("/work/shared/models")
IIWA_MESHES = SHARED / "drake_models/iiwa_description/meshes/iiwa14"


def decode(data):
    return msgpack.unpackb(data, strict_map_key=False)


def floats(ext):
    """A Float32Array extension (0x17) as a numpy array."""
    assert ext.code == 0x17
    return np.frombuffer(ext.data, dtype="<f4")


class Client:
    """A WebSocket client that decodes every message it receives."""

    def __init__(self, meshcat):
        self.ws = websocket.create_connection(meshcat.ws_url(), timeout=5)

    def receive(self, quiet=0.3, limit=10000):
        """Messages until none arrives for `quiet` seconds."""
        out = []
        self.ws.settimeout(quiet)
        while len(out) < limit:
            try:
                data = self.ws.recv()
            except websocket.WebSocketTimeoutException:
                break
            out.append(decode(data))
        return out

    def send(self, message):
        self.ws.send_binary(msgpack.packb(message))

    def close(self):
        self.ws.close()


@pytest.fixture
def meshcat():
    return Meshcat(MeshcatParams(port=0))


def objects_by_path(messages):
    return {m["path"]: m["object"] for m in messages
            if m["type"] == "set_object"}


def geometry(obj):
    assert obj["metadata"]["version"] == 4.5
    (g,) = obj["geometries"]
    assert obj["object"]["geometry"] == g["uuid"]
    assert obj["object"]["material"] == obj["materials"][0]["uuid"]
    return g


def matrix(obj):
    return np.array(obj["object"]["matrix"]).reshape(4, 4).T


def wait_for(predicate, timeout=5.0):
    end = time.time() + timeout
    while time.time() < end:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


def test_default_port_range_and_localhost():
    a = Meshcat()
    b = Meshcat()
    # The reference's range; two servers never share a port.
    assert 7000 <= a.port() <= 7099 and 7000 <= b.port() <= 7099
    assert a.port() != b.port()
    assert a.web_url() == f"http://localhost:{a.port()}"
    assert a.ws_url() == f"ws://localhost:{a.port()}"
    # Bound to 127.0.0.1 only: the listening socket in /proc/net/tcp has
    # the loopback address (0100007F, little-endian hex).
    listening = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        if state == "0A":  # LISTEN
            address, port = local.split(":")
            listening.add((address, int(port, 16)))
    assert ("0100007F", a.port()) in listening
    assert ("00000000", a.port()) not in listening


def test_port_taken_and_bad_port():
    a = Meshcat(MeshcatParams(port=0))
    with pytest.raises(RuntimeError, match=f"{a.port()}"):
        Meshcat(MeshcatParams(port=a.port()))
    with pytest.raises(RuntimeError, match="70000"):
        Meshcat(MeshcatParams(port=70000))
    with pytest.raises(RuntimeError, match="not an IP address"):
        Meshcat(MeshcatParams(host="not-a-host", port=0))


def test_http_pages(meshcat):
    import meshcat as meshcat_package
    index = urllib.request.urlopen(meshcat.web_url()).read().decode()
    assert '<script src="meshcat.js">' in index and "viewer.connect()" in index
    served = urllib.request.urlopen(meshcat.web_url() + "/meshcat.js").read()
    js = Path(meshcat_package.__file__).parent / "viewer/dist/main.min.js"
    assert served == js.read_bytes()
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(meshcat.web_url() + "/../../etc/passwd")
    assert e.value.code == 404


def test_shapes(meshcat):
    red = Rgba(1, 0, 0, 0.5)
    meshcat.SetObject("sphere", Sphere(0.25), red)
    meshcat.SetObject("box", Box(1, 2, 3))
    meshcat.SetObject("cylinder", Cylinder(0.1, 0.7))
    meshcat.SetObject("capsule", Capsule(0.2, 0.6))
    meshcat.SetObject("ellipsoid", Ellipsoid(1, 2, 3))
    meshcat.SetObject("half_space", HalfSpace())
    client = Client(meshcat)
    objects = objects_by_path(client.receive())

    sphere = objects["/drake/sphere"]
    g = geometry(sphere)
    assert g["type"] == "SphereGeometry" and g["radius"] == 0.25
    material = sphere["materials"][0]
    assert material["color"] == 0xFF0000
    assert material["opacity"] == 0.5 and material["transparent"] is True

    g = geometry(objects["/drake/box"])
    # three.js: width, height, depth along x, y, z.
    assert (g["type"], g["width"], g["height"], g["depth"]) == (
        "BoxGeometry", 1, 2, 3)
    # 0.9 of 255, truncated as the reference does.
    assert objects["/drake/box"]["materials"][0]["color"] == 0xE5E5E5

    cylinder = objects["/drake/cylinder"]
    g = geometry(cylinder)
    assert g["type"] == "CylinderGeometry" and g["height"] == 0.7
    # three.js cylinders run along y: the object's matrix turns y into z.
    np.testing.assert_allclose(matrix(cylinder)[:3, :3] @ [0, 1, 0],
                               [0, 0, 1], atol=1e-12)

    # The capsule's vertices are all at distance r from its axis segment.
    g = geometry(objects["/drake/capsule"])
    p = floats(g["data"]["attributes"]["position"]["array"]).reshape(-1, 3)
    z = np.clip(p[:, 2], -0.3, 0.3)
    distance = np.linalg.norm(p - np.c_[0 * z, 0 * z, z], axis=1)
    np.testing.assert_allclose(distance, 0.2, atol=1e-6)  # float32 storage
    assert p[:, 2].min() == pytest.approx(-0.5) and p[:, 2].max() == \
        pytest.approx(0.5)

    np.testing.assert_allclose(np.diag(matrix(objects["/drake/ellipsoid"])),
                               [1, 2, 3, 1])
    g = geometry(objects["/drake/half_space"])
    # The slab's top face is the boundary plane z = 0.
    top = matrix(objects["/drake/half_space"])[2, 3] + g["depth"] / 2
    assert top == pytest.approx(0)


@pytest.mark.skipif(not IIWA_MESHES.exists(), reason="no shared meshes")
def test_mesh_files(meshcat):
    obj = IIWA_MESHES / "collision/link_1.obj"
    gltf = IIWA_MESHES / "visual/link_1.gltf"
    meshcat.SetObject("obj", Mesh(str(obj), 2.0))
    meshcat.SetObject("gltf", Mesh(str(gltf)))
    meshcat.SetObject("convex", Convex(str(obj)))
    stls = sorted(SHARED.glob("example_robot_data/**/*.stl"))
    if stls:
        meshcat.SetObject("stl", Mesh(str(stls[0])))
    daes = sorted(SHARED.glob("example_robot_data/**/*.dae"))
    if daes:
        meshcat.SetObject("dae", Mesh(str(daes[0])))
    objects = objects_by_path(Client(meshcat).receive(quiet=1.0))
    # OBJ, STL and DAE reach the viewer as the files' bytes.
    g = geometry(objects["/drake/obj"])
    assert g["type"] == "_meshfile_geometry" and g["format"] == "obj"
    assert g["data"] == obj.read_text()
    np.testing.assert_allclose(np.diag(matrix(objects["/drake/obj"])),
                               [2, 2, 2, 1])
    if stls:
        g = geometry(objects["/drake/stl"])
        assert g["format"] == "stl" and g["data"] == stls[0].read_bytes()
    if daes:
        g = geometry(objects["/drake/dae"])
        assert g["format"] == "dae" and g["data"] == daes[0].read_text()
    # glTF, which the viewer does not parse, arrives as triangles: their
    # bounding box is the one the file's POSITION accessors declare.
    g = geometry(objects["/drake/gltf"])
    assert g["type"] == "BufferGeometry"
    # glTF is y-up: the object's matrix turns the file's y into z.
    np.testing.assert_allclose(matrix(objects["/drake/gltf"])[:3, :3] @
                               [0, 1, 0], [0, 0, 1], atol=1e-12)
    p = floats(g["data"]["attributes"]["position"]["array"]).reshape(-1, 3)
    index = np.frombuffer(g["data"]["index"]["array"].data, "<u4")
    assert index.max() < len(p) and len(index) % 3 == 0
    import json
    doc = json.loads(gltf.read_text())
    positions = [doc["accessors"][p["attributes"]["POSITION"]]
                 for mesh in doc["meshes"] for p in mesh["primitives"]]
    mins = [a["min"] for a in positions]
    maxs = [a["max"] for a in positions]
    if all("matrix" not in n and "rotation" not in n and "scale" not in n
           and "translation" not in n for n in doc.get("nodes", [])):
        np.testing.assert_allclose(p.min(axis=0), np.min(mins, axis=0),
                                   atol=1e-5)
        np.testing.assert_allclose(p.max(axis=0), np.max(maxs, axis=0),
                                   atol=1e-5)
    # The hull of the OBJ's vertices contains them all.
    g = geometry(objects["/drake/convex"])
    hull = floats(g["data"]["attributes"]["position"]["array"]).reshape(-1, 3)
    assert 4 <= len(hull)
    with pytest.raises(RuntimeError, match="nowhere.obj"):
        meshcat.SetObject("missing", Mesh("/nowhere.obj"))


def test_lines_points_triangles(meshcat):
    vertices = np.array([[0, 1, 2], [0, 0, 1], [0, 1, 0]], dtype=float)
    meshcat.SetLine("line", vertices, 2.0, Rgba(0, 1, 0, 1))
    meshcat.SetLineSegments("segments", vertices[:, :2], vertices[:, 1:])
    meshcat.SetTriangleMesh("mesh", vertices, np.array([[0], [1], [2]],
                                                       dtype=np.int32),
                            side=Meshcat.SideOfFaceToRender.kBackSide)
    meshcat.SetObject("cloud", vertices, 0.01, Rgba(1, 1, 1, 1),
                      np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1]], float))
    objects = objects_by_path(Client(meshcat).receive())
    line = objects["/drake/line"]
    assert line["object"]["type"] == "Line"
    p = floats(geometry(line)["data"]["attributes"]["position"]["array"])
    np.testing.assert_allclose(p.reshape(-1, 3), vertices.T)
    assert line["materials"][0]["linewidth"] == 2.0
    seg = objects["/drake/segments"]
    assert seg["object"]["type"] == "LineSegments"
    p = floats(geometry(seg)["data"]["attributes"]["position"]["array"])
    np.testing.assert_allclose(p.reshape(-1, 3),
                               [[0, 0, 0], [1, 0, 1], [1, 0, 1], [2, 1, 0]])
    assert objects["/drake/mesh"]["materials"][0]["side"] == 1
    mesh = geometry(objects["/drake/mesh"])
    np.testing.assert_array_equal(
        np.frombuffer(mesh["data"]["index"]["array"].data, "<u4"), [0, 1, 2])
    cloud = objects["/drake/cloud"]
    assert cloud["object"]["type"] == "Points"
    assert cloud["materials"][0]["vertexColors"] is True
    with pytest.raises(ValueError, match="refers to vertex 7"):
        meshcat.SetTriangleMesh("bad", vertices,
                                np.array([[0], [1], [7]], dtype=np.int32))
    with pytest.raises(ValueError, match="start points"):
        meshcat.SetLineSegments("bad", vertices, vertices[:, :2])


def test_transforms_properties_delete(meshcat):
    X = RigidTransform(RollPitchYaw(0.1, -0.2, 0.3), [1, 2, 3])
    meshcat.SetObject("a/b", Sphere(1))
    meshcat.SetTransform("a/b", X)
    meshcat.SetTransform("/Cameras/default", np.eye(4))
    meshcat.SetProperty("a", "visible", False)
    meshcat.SetProperty("a/b", "opacity", 0.25)
    meshcat.SetProperty("a/b", "color", [1.0, 0.5, 0.0])
    client = Client(meshcat)
    messages = client.receive()
    # A late client gets the object before its pose, parents first.
    kinds = [(m["type"], m["path"]) for m in messages]
    assert kinds.index(("set_object", "/drake/a/b")) < kinds.index(
        ("set_transform", "/drake/a/b"))
    (pose,) = [m for m in messages if m["type"] == "set_transform"
               and m["path"] == "/drake/a/b"]
    np.testing.assert_allclose(floats(pose["matrix"]).reshape(4, 4).T,
                               X.GetAsMatrix4(), atol=1e-6)  # float32
    props = {(m["path"], m["property"]): m["value"] for m in messages
             if m["type"] == "set_property"}
    assert props[("/drake/a", "visible")] is False
    assert props[("/drake/a/b", "opacity")] == 0.25
    assert props[("/drake/a/b", "color")] == [1.0, 0.5, 0.0]
    assert meshcat.HasPath("a") and meshcat.HasPath("/drake/a/b")
    meshcat.Delete("a")
    assert not meshcat.HasPath("a") and not meshcat.HasPath("a/b")
    assert meshcat.HasPath("/Cameras/default")
    (deleted,) = client.receive()
    assert deleted == {"type": "delete", "path": "/drake/a"}
    # Poses are coalesced: many SetTransforms of one path between two
    # flushes may reach a client as fewer messages, the last one last.
    for i in range(100):
        meshcat.SetTransform("c", RigidTransform([i, 0, 0]))
    poses = [m for m in client.receive() if m["type"] == "set_transform"]
    assert 1 <= len(poses) <= 100
    assert floats(poses[-1]["matrix"])[12] == 99


def test_camera_pose(meshcat):
    meshcat.SetCameraPose([3, -2, 1], [0, 0, 0.5])
    messages = Client(meshcat).receive()
    (t,) = [m for m in messages if m["path"] == "/Cameras/default"]
    np.testing.assert_allclose(floats(t["matrix"])[12:15], [0, 0, 0.5])
    (p,) = [m for m in messages if m["type"] == "set_property"]
    # The camera frame is y-up: world offset (3, -2, 0.5) is (3, 0.5, 2).
    assert p["path"] == "/Cameras/default/rotated/<object>"
    np.testing.assert_allclose(p["value"], [3, 0.5, 2])


def test_controls(meshcat):
    assert meshcat.AddSlider("q", -1, 1, 0.25, 0.3) == pytest.approx(0.25)
    meshcat.AddButton("go")
    with pytest.raises(RuntimeError, match="'q' already exists"):
        meshcat.AddSlider("q", 0, 1, 0.1, 0)
    with pytest.raises(ValueError, match="step > 0"):
        meshcat.AddSlider("r", 0, 1, 0, 0)
    client = Client(meshcat)
    controls = {m["name"]: m for m in client.receive()
                if m["type"] == "set_control"}
    assert controls["q"]["min"] == -1 and controls["q"]["max"] == 1
    assert controls["q"]["value"] == 0.25 and "msgpack.encode" in \
        controls["q"]["callback"]
    assert "value" not in controls["go"]
    # What the viewer's callbacks send back.
    client.send({"type": "slider", "name": "q", "value": 0.61})
    client.send({"type": "button", "name": "go"})
    client.send({"type": "button", "name": "go"})
    client.send({"type": "slider", "name": "nope", "value": 1})
    assert wait_for(lambda: meshcat.GetButtonClicks("go") == 2)
    assert meshcat.GetSliderValue("q") == pytest.approx(0.5)
    client.send({"type": "slider", "name": "q", "value": 1e9})
    assert wait_for(lambda: meshcat.GetSliderValue("q") == 1)
    assert meshcat.SetSliderValue("q", -0.9) == pytest.approx(-1)
    assert meshcat.GetSliderNames() == ["q"]
    assert meshcat.GetButtonNames() == ["go"]
    with pytest.raises(IndexError, match="no slider named 'x'"):
        meshcat.GetSliderValue("x")
    with pytest.raises(IndexError, match="no button named 'x'"):
        meshcat.GetButtonClicks("x")
    assert meshcat.DeleteSlider("x", strict=False) is False
    meshcat.DeleteAddedControls()
    assert meshcat.GetSliderNames() == [] and meshcat.GetButtonNames() == []
    deleted = [m["name"] for m in client.receive()
               if m["type"] == "delete_control"]
    assert sorted(deleted) == ["go", "q"]


def test_recording_and_static_html(meshcat):
    meshcat.SetObject("box", Box(1, 1, 1))
    meshcat.StartRecording(10.0, set_visualizations_while_recording=False)
    for i in range(6):
        meshcat.SetTransform("box", RigidTransform([0.1 * i, 0, 0]),
                             time_in_recording=0.1 * i)
        meshcat.SetProperty("box", "visible", i % 2 == 0,
                            time_in_recording=0.1 * i)
    meshcat.StopRecording()
    assert meshcat.recording_num_frames() == 6
    client = Client(meshcat)
    before = client.receive()
    # Not live while recording without set_visualizations_while_recording.
    assert not any(m["type"] == "set_transform" and m["path"] == "/drake/box"
                   for m in before)
    meshcat.PublishRecording()
    (animation,) = client.receive()
    assert animation["type"] == "set_animation"
    (clip,) = animation["animations"]
    assert clip["path"] == "/drake/box" and clip["clip"]["fps"] == 10.0
    tracks = {t["name"]: t for t in clip["clip"]["tracks"]}
    position = tracks[".position"]
    assert position["type"] == "vector3"
    # Key times are frame numbers (the viewer divides by fps).
    assert [k["time"] for k in position["keys"]] == list(range(6))
    np.testing.assert_allclose(position["keys"][3]["value"], [0.3, 0, 0])
    assert tracks[".quaternion"]["keys"][0]["value"] == [0, 0, 0, 1]
    assert [k["value"] for k in tracks[".visible"]["keys"]] == [
        True, False, True, False, True, False]

    html = meshcat.StaticHtml()
    import meshcat as meshcat_package
    js = (Path(meshcat_package.__file__).parent /
          "viewer/dist/main.min.js").read_text()
    assert js[:1000] in html and "<script src=" not in html
    commands = [decode(base64.b64decode(c)) for c in
                re.findall(r'^"([A-Za-z0-9+/=]+)",$', html, re.M)]
    assert [c["type"] for c in commands] == ["set_object", "set_animation"]
    assert commands[1] == animation


def test_hostile_clients(meshcat):
    meshcat.SetObject("box", Box(1, 1, 1))
    meshcat.AddSlider("s", 0, 1, 0.1, 0.5)
    hostile = Client(meshcat)
    for payload in [b"", b"\xc1", b"\xff" * 100, os.urandom(60000),
                    msgpack.packb([1, 2, 3]), msgpack.packb("slider"),
                    msgpack.packb({"type": "slider", "name": "s",
                                   "value": "NaN"}),
                    msgpack.packb({"type": "slider", "name": "s",
                                   "value": float("nan")}),
                    msgpack.packb({"type": 7, "name": ["s"]}),
                    # Deep nesting and a huge declared array.
                    b"\x91" * 50000, b"\xdd\xff\xff\xff\xff",
                    msgpack.packb({"type": "button", "name": "x" * 50000})]:
        hostile.send_raw = hostile.ws.send_binary(payload)
    hostile.ws.send("text, not msgpack")
    # A message larger than the server accepts closes that client only.
    big = Client(meshcat)
    try:
        big.ws.send_binary(b"\x00" * (1 << 20))
    except Exception:  # noqa: BLE001 -- the server may close first
        pass
    assert wait_for(lambda: meshcat.GetNumActiveConnections() <= 2)
    assert 0 <= meshcat.GetSliderValue("s") <= 1
    # Raw garbage on the TCP port (not HTTP at all) and a half request.
    for garbage in [os.urandom(4096), b"GET / HTTP/1.1\r\nHost: x\r\n",
                    b"POST / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n"]:
        with socket.create_connection(("127.0.0.1", meshcat.port())) as s:
            s.sendall(garbage)
    # The server still serves a new client the whole scene.
    fresh = Client(meshcat)
    assert "/drake/box" in objects_by_path(fresh.receive())


def test_many_clients_connect_and_vanish(meshcat):
    meshcat.SetObject("box", Box(1, 1, 1))
    clients = [Client(meshcat) for _ in range(40)]
    assert wait_for(lambda: meshcat.GetNumActiveConnections() == 40)
    # Half leave politely, half drop the TCP connection mid-stream.
    for c in clients[:20]:
        c.close()
    for c in clients[20:]:
        c.ws.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                             struct.pack("ii", 1, 0))
        c.ws.sock.close()
    for i in range(50):
        meshcat.SetTransform("box", RigidTransform([i, 0, 0]))
    assert wait_for(lambda: meshcat.GetNumActiveConnections() == 0, 10)
    assert "/drake/box" in objects_by_path(Client(meshcat).receive())


def test_client_that_stops_reading(meshcat):
    """A client that never reads: the server drops its frames and finally
    closes it, while a reading client keeps up and the caller never
    waits."""
    stalled = socket.create_connection(("127.0.0.1", meshcat.port()))
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stalled.sendall(
        b"GET / HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
        b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        b"Sec-WebSocket-Version: 13\r\n\r\n")
    reader = Client(meshcat)
    assert wait_for(lambda: meshcat.GetNumActiveConnections() == 2)
    received = []
    stop = threading.Event()

    def read():
        reader.ws.settimeout(0.5)
        while not stop.is_set():
            try:
                received.append(len(reader.ws.recv()))
            except websocket.WebSocketTimeoutException:
                continue
            except Exception:  # noqa: BLE001
                return

    thread = threading.Thread(target=read)
    thread.start()
    vertices = np.random.default_rng(0).random((3, 300000))
    faces = np.arange(300000, dtype=np.int32).reshape(3, -1, order="F")
    worst = 0.0
    for i in range(20):  # ~5.6 MB per mesh, 110 MB in all
        start = time.perf_counter()
        meshcat.SetTriangleMesh("big", vertices, faces)
        meshcat.SetTransform("big", RigidTransform([i, 0, 0]))
        worst = max(worst, time.perf_counter() - start)
        # The reading client (Python, slower than the server) keeps its
        # backlog under the limit.
        time.sleep(0.15)
    # The stalled client is gone; the reader is still connected.
    assert wait_for(lambda: meshcat.GetNumActiveConnections() == 1, 20)
    stop.set()
    thread.join()
    assert len(received) > 20
    # Building a 5.6 MB message takes time, waiting for a client does not:
    # the generous bound only fails if the caller blocked on the socket.
    assert worst < 2.0
    stalled.close()


def test_messages_agree_with_the_reference():
    """The same calls on ossa's Meshcat and on the reference's send the same
    commands to a browser: paths, geometry fields, colors, poses, slider
    values. (Float32Array against a list of doubles for matrices: the viewer
    reads both.)"""
    pydrake_geometry = pytest.importorskip("pydrake.geometry")
    pydrake_math = pytest.importorskip("pydrake.math")

    def drive(lib_geometry, lib_math, meshcat):
        meshcat.SetObject("a/box", lib_geometry.Box(1, 2, 3),
                          lib_geometry.Rgba(1, 0, 0, 0.5))
        meshcat.SetObject("a/sphere", lib_geometry.Sphere(0.25))
        meshcat.SetTransform("a/box", lib_math.RigidTransform(
            lib_math.RollPitchYaw(0.1, 0.2, 0.3), [1, 2, 3]))
        meshcat.SetProperty("a", "visible", False)
        value = meshcat.AddSlider("s", 0, 1, 0.25, 0.6)
        client = Client(meshcat)
        messages = [m for m in client.receive(quiet=0.5)
                    if m["type"] != "show_realtime_rate"]
        client.close()
        return value, messages

    import ossa.geometry as ossa_geometry
    import ossa.math as ossa_math
    ours = drive(ossa_geometry, ossa_math, Meshcat(MeshcatParams(port=0)))
    theirs = drive(pydrake_geometry, pydrake_math,
                   pydrake_geometry.Meshcat(
                       pydrake_geometry.MeshcatParams(host="localhost")))
    assert ours[0] == theirs[0] == 0.5

    def summary(messages):
        out = {}
        for m in messages:
            key = (m["type"], m.get("path", m.get("name")))
            if m["type"] == "set_object":
                g = m["object"]["geometries"][0]
                material = m["object"]["materials"][0]
                out[key] = ({k: v for k, v in g.items() if k in (
                    "type", "width", "height", "depth", "radius")},
                    material["color"], material.get("opacity", 1.0))
            elif m["type"] == "set_transform":
                matrix = m["matrix"]
                if isinstance(matrix, msgpack.ExtType):
                    matrix = floats(matrix)
                out[key] = np.round(np.asarray(matrix, float), 6).tolist()
            elif m["type"] == "set_control":
                out[key] = (m["value"], m["min"], m["max"], m["step"],
                            "'slider'" in m["callback"] or
                            '"slider"' in m["callback"])
            else:
                out[key] = m.get("value")
        return out

    assert summary(ours[1]) == summary(theirs[1])


def test_slow_client_drops_pose_frames_then_catches_up(meshcat):
    """A client behind by more than the drop threshold (4 MB) misses pose
    frames instead of queueing them, stays connected, and once it drains
    gets the current poses."""
    ws = websocket.create_connection(
        meshcat.ws_url(), timeout=10,
        sockopt=((socket.SOL_SOCKET, socket.SO_RCVBUF, 4096),))
    assert wait_for(lambda: meshcat.GetNumActiveConnections() == 1)
    vertices = np.random.default_rng(1).random((3, 300000))
    faces = np.arange(300000, dtype=np.int32).reshape(3, -1, order="F")
    for i in range(3):  # ~17 MB the client does not read yet
        meshcat.SetTriangleMesh(f"big{i}", vertices, faces)
    meshcat.Flush()
    frames = 3000
    for i in range(frames):
        meshcat.SetTransform("pose", RigidTransform([i, 0, 0]))
        if i % 100 == 0:
            meshcat.Flush()  # let the server thread see each batch
    meshcat.Flush()
    assert meshcat.GetNumActiveConnections() == 1
    ws.settimeout(2)
    poses = []
    while True:
        try:
            m = decode(ws.recv())
        except websocket.WebSocketTimeoutException:
            break
        if m["type"] == "set_transform" and m["path"] == "/drake/pose":
            poses.append(floats(m["matrix"])[12])
    # Most frames were dropped while the client was behind.
    assert len(poses) < frames / 2
    # The next frame after it drained brings it up to date.
    meshcat.SetTransform("pose", RigidTransform([frames, 0, 0]))
    latest = None
    while True:
        try:
            m = decode(ws.recv())
        except websocket.WebSocketTimeoutException:
            break
        if m["type"] == "set_transform" and m["path"] == "/drake/pose":
            latest = floats(m["matrix"])[12]
    assert latest == frames
    ws.close()
