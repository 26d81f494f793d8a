"""The `ossa` command's views: `ossa view` (live, with joint sliders, and
--html), `ossa simulate --meshcat`, and the animation.html that every
simulate run writes, checked by decoding the messages in the page and on
the WebSocket."""

import base64
import csv
import re
import subprocess
import sys
import time

import numpy as np
import pytest

msgpack = pytest.importorskip("msgpack")
websocket = pytest.importorskip("websocket")


def run_ossa(*args, check=True, timeout=300):
    command = [sys.executable, "-m", "ossa", *args]
    result = subprocess.run(command, capture_output=True, text=True,
                            timeout=timeout, stdin=subprocess.DEVNULL)
    if check and result.returncode != 0:
        raise AssertionError(f"{command} exited {result.returncode}:\n"
                             f"{result.stdout}\n{result.stderr}")
    return result


def page_commands(html):
    return [msgpack.unpackb(base64.b64decode(c), strict_map_key=False)
            for c in re.findall(r'^"([A-Za-z0-9+/=]+)",$', html, re.M)]


def test_simulate_writes_the_animation(tmp_path):
    out = run_ossa("simulate", "--duration", "0.5", "--output-dir",
                   str(tmp_path)).stdout
    html_path = tmp_path / "animation.html"
    assert f"wrote {html_path}" in out
    commands = page_commands(html_path.read_text())
    (animation,) = [c for c in commands if c["type"] == "set_animation"]
    with open(tmp_path / "trajectory.csv") as f:
        rows = list(csv.reader(f))
    header, data = rows[0], np.array([[float(x) for x in r] for r in rows[1:]])
    clips = {a["path"]: a["clip"] for a in animation["animations"]}
    link1 = [p for p in clips if p.endswith("/iiwa_link_1")]
    assert len(link1) == 1
    clip = clips[link1[0]]
    # One key per CSV row (fps = 1 / sample period).
    assert clip["fps"] == pytest.approx(100.0)
    tracks = {t["name"]: t for t in clip["tracks"]}
    keys = tracks[".quaternion"]["keys"]
    assert [k["time"] for k in keys] == list(range(len(data)))
    # Joint 1 turns link 1 about the world z axis by q1 (its joint frame
    # is not rotated): the recorded quaternion (x, y, z, w) says so.
    q1 = data[:, header.index("iiwa14_iiwa_joint_1_q")]
    quaternions = np.array([k["value"] for k in keys])
    np.testing.assert_allclose(quaternions[:, :2], 0, atol=1e-9)
    np.testing.assert_allclose(
        2 * np.arctan2(quaternions[:, 2], quaternions[:, 3]), q1, atol=1e-9)


def test_view_html(tmp_path):
    page = tmp_path / "iiwa.html"
    out = run_ossa("view", "iiwa", "--html", str(page)).stdout
    assert f"wrote {page}" in out
    commands = page_commands(page.read_text())
    objects = [c for c in commands if c["type"] == "set_object"]
    # The bundled iiwa has no visuals: a stick figure, a sphere per body
    # (base and links 0 to 7) and a rod per revolute joint (the fixed base
    # joint has no length).
    assert len(objects) == 9 + 7
    assert "MeshCat.Viewer" in page.read_text()


def test_view_live_follows_the_sliders():
    command = [sys.executable, "-m", "ossa", "view", "iiwa", "--port", "0",
               "--timeout", "20"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               stdin=subprocess.DEVNULL)
    try:
        line = process.stdout.readline()
        match = re.search(r"http://localhost:(\d+)", line)
        assert match, line + process.stderr.read()
        ws = websocket.create_connection(f"ws://localhost:{match[1]}",
                                         timeout=5)
        ws.settimeout(1.0)
        messages = []
        try:
            while True:
                messages.append(msgpack.unpackb(ws.recv(),
                                                strict_map_key=False))
        except websocket.WebSocketTimeoutException:
            pass
        sliders = {m["name"]: m for m in messages
                   if m["type"] == "set_control" and "value" in m}
        assert len(sliders) == 7
        joint1 = sliders["iiwa14_iiwa_joint_1_q"]
        # The file gives no limits: the slider spans ±pi about q = 0.
        assert (joint1["min"], joint1["max"]) == pytest.approx((-np.pi, np.pi))
        # Moving a slider (as the page's callback does) moves link 1.
        ws.send_binary(msgpack.packb({"type": "slider",
                                      "name": "iiwa14_iiwa_joint_1_q",
                                      "value": 1.0}))
        end = time.time() + 10
        moved = None
        while moved is None and time.time() < end:
            try:
                m = msgpack.unpackb(ws.recv(), strict_map_key=False)
            except websocket.WebSocketTimeoutException:
                continue
            if m["type"] == "set_transform" and m["path"].endswith(
                    "/iiwa_link_1"):
                moved = np.frombuffer(m["matrix"].data, "<f4").reshape(4, 4).T
        assert moved is not None
        q1 = 1.0
        np.testing.assert_allclose(moved[:2, :2],
                                   [[np.cos(q1), -np.sin(q1)],
                                    [np.sin(q1), np.cos(q1)]], atol=1e-6)
        # The Stop button ends the command.
        stop = [m["name"] for m in messages if m["type"] == "set_control"
                and "value" not in m]
        assert stop == ["Stop JointSliders"]
        ws.send_binary(msgpack.packb({"type": "button",
                                      "name": "Stop JointSliders"}))
        assert process.wait(timeout=10) == 0
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def test_simulate_meshcat_live(tmp_path):
    out = run_ossa("simulate", "--meshcat", "--port", "0", "--duration",
                   "0.2", "--output-dir", str(tmp_path)).stdout
    assert re.search(r"Meshcat: http://localhost:\d+", out)
    assert (tmp_path / "animation.html").exists()


def test_view_errors_are_one_line():
    result = run_ossa("view", "no_such_model.urdf", check=False)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "not found" in result.stderr
    result = run_ossa("view", "iiwa", "--position", "1,2", "--html",
                      "/dev/null", check=False)
    assert result.returncode == 1 and "ossa: error" in result.stderr

