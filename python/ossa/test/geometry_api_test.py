"""ossa.geometry through Python: shapes and their measures, mesh formats,
properties, SceneGraph registration and its errors (checked against the
reference where it has the same behaviour), filtering and the queries."""
import base64
import json
import os
import struct

import numpy as np
import pytest

import ossa.geometry as g
from ossa.math import RigidTransform

SHARED_MODELS = os.path.join(os.path.dirname(__file__), "..", "..", "..",
                             "..", "shared", "models")

# A unit cube [0, 1]³: 8 corners, 12 outward triangles (0-based indices).
CORNERS = [(x, y, z) for z in (0, 1) for y in (0, 1) for x in (0, 1)]
TRIANGLES = [(0, 2, 3), (0, 3, 1), (4, 5, 7), (4, 7, 6), (0, 1, 5), (0, 5, 4),
             (2, 6, 7), (2, 7, 3), (0, 4, 6), (0, 6, 2), (1, 3, 7), (1, 7, 5)]


def write_cube(path):
    """Writes the cube in the format named by the extension."""
    ext = os.path.splitext(path)[1]
    if ext == ".obj":
        with open(path, "w") as f:
            f.writelines("v %d %d %d\n" % c for c in CORNERS)
            f.writelines("f %d %d %d\n" % tuple(i + 1 for i in t)
                         for t in TRIANGLES)
    elif ext == ".stl":
        with open(path, "w") as f:
            f.write("solid cube\n")
            for t in TRIANGLES:
                f.write(" facet normal 0 0 0\n  outer loop\n")
                for i in t:
                    f.write("   vertex %d %d %d\n" % CORNERS[i])
                f.write("  endloop\n endfacet\n")
            f.write("endsolid cube\n")
    elif ext == ".gltf":
        positions = b"".join(struct.pack("<3f", *c) for c in CORNERS)
        indices = b"".join(struct.pack("<3H", *t) for t in TRIANGLES)
        data = positions + indices
        doc = {
            "asset": {"version": "2.0"},
            "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
            "meshes": [{"primitives": [{"attributes": {"POSITION": 0},
                                        "indices": 1}]}],
            "buffers": [{"byteLength": len(data), "uri":
                         "data:application/octet-stream;base64," +
                         base64.b64encode(data).decode()}],
            "bufferViews": [
                {"buffer": 0, "byteOffset": 0, "byteLength": len(positions)},
                {"buffer": 0, "byteOffset": len(positions),
                 "byteLength": len(indices)}],
            "accessors": [
                {"bufferView": 0, "componentType": 5126, "count": 8,
                 "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 1]},
                {"bufferView": 1, "componentType": 5123, "count": 36,
                 "type": "SCALAR"}]}
        with open(path, "w") as f:
            json.dump(doc, f)
    elif ext == ".dae":
        pos = " ".join("%d %d %d" % c for c in CORNERS)
        idx = " ".join("%d %d %d" % t for t in TRIANGLES)
        with open(path, "w") as f:
            f.write(f"""<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
 <asset><unit meter="1"/><up_axis>Z_UP</up_axis></asset>
 <library_geometries><geometry id="cube"><mesh>
  <source id="p"><float_array id="pa" count="24">{pos}</float_array>
   <technique_common><accessor source="#pa" count="8" stride="3">
    <param name="X" type="float"/><param name="Y" type="float"/>
    <param name="Z" type="float"/></accessor></technique_common></source>
  <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
  <triangles count="12"><input semantic="VERTEX" source="#v" offset="0"/>
   <p>{idx}</p></triangles>
 </mesh></geometry></library_geometries>
 <library_visual_scenes><visual_scene id="s"><node id="n">
  <instance_geometry url="#cube"/></node></visual_scene>
 </library_visual_scenes>
 <scene><instance_visual_scene url="#s"/></scene>
</COLLADA>
""")
    return path


@pytest.mark.parametrize("ext", [".obj", ".stl", ".gltf", ".dae"])
def test_every_mesh_format_gives_the_cube(tmp_path, ext):
    path = write_cube(str(tmp_path / ("cube" + ext)))
    # Scaled by (2, 1, 3): a 2×1×3 box with a corner at the origin.
    mesh = g.Mesh(path, [2.0, 1.0, 3.0])
    assert g.CalcVolume(mesh) == pytest.approx(6.0, abs=1e-12)
    assert g.CalcVolume(g.Convex(path)) == pytest.approx(1.0, abs=1e-12)
    M = g.CalcSpatialInertia(mesh, 2.0)
    assert M.get_mass() == pytest.approx(12.0, abs=1e-12)
    np.testing.assert_allclose(M.get_com(), [1.0, 0.5, 1.5], atol=1e-12)


def test_unreadable_mesh_is_reported_by_name(tmp_path):
    bad = tmp_path / "thing.xyzmesh"
    bad.write_text("nothing")
    with pytest.raises(RuntimeError, match=r"format '\.xyzmesh'"):
        g.CalcVolume(g.Mesh(str(bad)))
    with pytest.raises(RuntimeError, match="does not exist"):
        g.CalcVolume(g.Convex(str(tmp_path / "missing.obj")))


@pytest.mark.parametrize("rel", [
    "example_robot_data/robots/panda_description/meshes/collision/link4.stl",
    "example_robot_data/robots/panda_description/meshes/visual/link2.dae",
    "drake_models/allegro_hand_description/meshes/link_13.0.gltf"])
def test_robot_meshes_read(rel):
    path = os.path.join(SHARED_MODELS, rel)
    if not os.path.exists(path):
        pytest.skip("shared models not present")
    # The hull encloses the mesh: its volume is at least the mesh's (visual
    # meshes need not be closed, so only the hull's is checked positive).
    hull = g.CalcVolume(g.Convex(path))
    assert hull > 0
    if rel.endswith(".stl"):
        assert 0 < g.CalcVolume(g.Mesh(path)) <= hull * (1 + 1e-9)


def test_shapes_measures_and_errors():
    assert repr(g.Box(1, 2, 3)) == "Box(width=1, depth=2, height=3)"
    assert g.Capsule(1, 2).length() == 2
    assert g.CalcVolume(g.Sphere(1)) == pytest.approx(4 / 3 * np.pi)
    for bad in (lambda: g.Sphere(-1), lambda: g.Box(0, 1, 1),
                lambda: g.Cylinder(1, float("nan")),
                lambda: g.Ellipsoid(1, 0, 1), lambda: g.Mesh("a.obj", 0.0)):
        with pytest.raises(RuntimeError):
            bad()
    with pytest.raises(ValueError, match="Cannot compute mass of a HalfSpace"):
        g.CalcSpatialInertia(g.HalfSpace(), 1.0)


def test_properties_like_the_reference():
    pydrake_geometry = pytest.importorskip("pydrake.geometry")
    for mod in (g, pydrake_geometry):
        p = mod.ProximityProperties()
        mod.AddContactMaterial(dissipation=1.0, point_stiffness=2.0,
                               properties=p)
        assert p.GetProperty("material", "point_contact_stiffness") == 2.0
        assert p.num_groups() == 2
        with pytest.raises(RuntimeError, match="already exists"):
            p.AddProperty("material", "point_contact_stiffness", 3.0)
        with pytest.raises(RuntimeError, match="group does not exist"):
            p.GetProperty("nope", "x")
        assert p.GetPropertyOrDefault("material", "x", 5) == 5
        with pytest.raises(RuntimeError, match="dissipation can't be negative"):
            mod.AddContactMaterial(dissipation=-1.0,
                                   properties=mod.ProximityProperties())
        p.AddProperty("a", "rgba", mod.Rgba(0.1, 0.2, 0.3))
        assert p.GetProperty("a", "rgba").g() == 0.2


def bad_registrations(mod, math):
    """Runs the same bad registrations against a geometry module; returns
    the message of each (None where nothing was raised)."""
    out = {}

    def attempt(name, f):
        try:
            f()
            out[name] = None
        except RuntimeError as e:
            out[name] = str(e)

    sg = mod.SceneGraph()
    s = sg.RegisterSource("src")
    attempt("duplicate source", lambda: sg.RegisterSource("src"))
    f = sg.RegisterFrame(s, mod.GeometryFrame("f"))
    attempt("duplicate frame", lambda: sg.RegisterFrame(s, mod.GeometryFrame("f")))

    def instance(name):
        gi = mod.GeometryInstance(math.RigidTransform(), mod.Sphere(1), name)
        gi.set_proximity_properties(mod.ProximityProperties())
        return gi

    attempt("unknown source",
            lambda: sg.RegisterGeometry(mod.SourceId.get_new_id(), f,
                                        instance("a")))
    attempt("unknown frame",
            lambda: sg.RegisterGeometry(s, mod.FrameId.get_new_id(),
                                        instance("a")))
    gid = sg.RegisterGeometry(s, f, instance("a"))
    attempt("duplicate name", lambda: sg.RegisterGeometry(s, f, instance("a")))
    attempt("role twice",
            lambda: sg.AssignRole(s, gid, mod.ProximityProperties()))
    attempt("replace missing role",
            lambda: sg.AssignRole(s, gid, mod.IllustrationProperties(),
                                  mod.RoleAssign.kReplace))
    other = sg.RegisterSource("other")
    attempt("remove from other source", lambda: sg.RemoveGeometry(other, gid))
    attempt("empty name", lambda: mod.GeometryInstance(
        math.RigidTransform(), mod.Sphere(1), " "))
    context = sg.CreateDefaultContext()
    attempt("unconnected pose port", lambda: sg.get_query_output_port().Eval(
        context).ComputePointPairPenetration())
    return out


def test_bad_input_raises_where_the_reference_raises():
    pydrake_geometry = pytest.importorskip("pydrake.geometry")
    import ossa.math
    import pydrake.math
    ours = bad_registrations(g, ossa.math)
    ref = bad_registrations(pydrake_geometry, pydrake.math)
    assert ours.keys() == ref.keys()
    for case in ours:
        assert (ours[case] is None) == (ref[case] is None), case
        assert ours[case] is not None, case
    # The messages say the same thing.
    assert "duplicate name" in ours["duplicate source"]
    assert "already been used by a geometry with the 'proximity' role" in \
        ours["duplicate name"]
    assert "already has the role assigned" in ours["role twice"]
    assert "doesn't belong to the source" in ours["unknown frame"]
    assert "not connected" in ours["unconnected pose port"]


def test_nan_pose_is_refused():
    sg = g.SceneGraph()
    s = sg.RegisterSource("src")
    f = sg.RegisterFrame(s, g.GeometryFrame("f"))
    gi = g.GeometryInstance(RigidTransform(), g.Sphere(1), "a")
    gid = sg.RegisterGeometry(s, f, gi)
    context = sg.CreateDefaultContext()
    poses = g.FramePoseVector()
    poses.set_value(f, RigidTransform([0.0, float("nan"), 0.0]))
    sg.get_source_pose_port(s).FixValue(context, poses)
    with pytest.raises(RuntimeError, match="not finite"):
        sg.get_query_output_port().Eval(context).GetPoseInWorld(gid)


def test_filters_and_queries():
    sg = g.SceneGraph()
    s = sg.RegisterSource("balls")
    frames, ids = [], []
    for k in range(3):
        f = sg.RegisterFrame(s, g.GeometryFrame(f"f{k}"))
        gi = g.GeometryInstance(RigidTransform(), g.Sphere(0.5), f"b{k}")
        gi.set_proximity_properties(g.ProximityProperties())
        ids.append(sg.RegisterGeometry(s, f, gi))
        frames.append(f)
    # Persistent on the model: b0–b1 never collide.
    sg.collision_filter_manager().Apply(
        g.CollisionFilterDeclaration().ExcludeWithin(
            g.GeometrySet([ids[0], ids[1]])))
    context = sg.CreateDefaultContext()
    poses = g.FramePoseVector()
    for k, f in enumerate(frames):
        poses.set_value(f, RigidTransform([0.6 * k, 0.0, 0.0]))
    sg.get_source_pose_port(s).FixValue(context, poses)
    q = sg.get_query_output_port().Eval(context)
    pairs = [(p.id_A, p.id_B) for p in q.ComputePointPairPenetration()]
    # b0–b2 are 1.2 apart (no contact), b0–b1 filtered.
    assert pairs == [(ids[1], ids[2])]
    manager = sg.collision_filter_manager(context)
    fid = manager.ApplyTransient(g.CollisionFilterDeclaration().ExcludeBetween(
        g.GeometrySet(frames[2]), g.GeometrySet(ids[1])))
    assert manager.IsActive(fid)
    assert len(q.ComputePointPairPenetration()) == 0
    assert manager.RemoveDeclaration(fid)
    assert len(q.ComputePointPairPenetration()) == 1
    assert q.HasCollisions()
    # b0 and b2 are 1.2 apart: distance 0.2; b1 is in reach of both.
    d = q.ComputeSignedDistancePairwiseClosestPoints(max_distance=0.1)
    assert [(r.id_A, r.id_B) for r in d] == [(ids[1], ids[2])]
    to_point = q.ComputeSignedDistanceToPoint([0.0, 0.0, 2.0])
    assert [r.id_G for r in to_point] == ids
    assert to_point[0].distance == pytest.approx(1.5, abs=1e-14)
    inspector = q.inspector()
    assert inspector.NumGeometriesWithRole(g.Role.kProximity) == 3
    assert inspector.GetName(ids[1]) == "b1"
    assert inspector.CollisionFiltered(ids[0], ids[1])


def test_geometry_without_proximity_role_is_refused_like_the_reference():
    pydrake_geometry = pytest.importorskip("pydrake.geometry")
    import ossa.math
    import pydrake.math
    for mod, math in ((g, ossa.math), (pydrake_geometry, pydrake.math)):
        sg = mod.SceneGraph()
        s = sg.RegisterSource("s")
        f = sg.RegisterFrame(s, mod.GeometryFrame("f"))
        with_role = mod.GeometryInstance(math.RigidTransform(), mod.Sphere(1),
                                         "a")
        with_role.set_proximity_properties(mod.ProximityProperties())
        a = sg.RegisterGeometry(s, f, with_role)
        b = sg.RegisterGeometry(s, f, mod.GeometryInstance(
            math.RigidTransform(), mod.Sphere(1), "b"))
        context = sg.CreateDefaultContext()
        poses = mod.FramePoseVector()
        poses.set_value(f, math.RigidTransform())
        sg.get_source_pose_port(s).FixValue(context, poses)
        q = sg.get_query_output_port().Eval(context)
        with pytest.raises(RuntimeError, match="does not have a proximity role"):
            q.ComputeSignedDistancePairClosestPoints(a, b)
        with pytest.raises(RuntimeError, match="does not have a proximity role"):
            q.inspector().CollisionFiltered(a, b)


def test_calc_spatial_inertia_matches_the_reference():
    """CalcSpatialInertia is where the reference has it (multibody.tree) and
    agrees with it for every solid shape (1e-12: closed forms; 1e-10 for the
    mesh, summed over its triangles)."""
    tree = pytest.importorskip("pydrake.multibody.tree")
    pydrake_geometry = pytest.importorskip("pydrake.geometry")
    from ossa.multibody.tree import CalcSpatialInertia
    import tempfile
    obj = write_cube(os.path.join(tempfile.mkdtemp(), "cube.obj"))
    for make in (lambda m: m.Sphere(0.3), lambda m: m.Box(0.1, 0.2, 0.3),
                 lambda m: m.Cylinder(0.1, 0.4), lambda m: m.Capsule(0.1, 0.4),
                 lambda m: m.Ellipsoid(0.1, 0.2, 0.3),
                 lambda m: m.Mesh(obj, 0.5), lambda m: m.Convex(obj, 2.0)):
        ours = CalcSpatialInertia(make(g), 900.0)
        ref = tree.CalcSpatialInertia(make(pydrake_geometry), 900.0)
        np.testing.assert_allclose(ours.CopyToFullMatrix6(),
                                   ref.CopyToFullMatrix6(), rtol=1e-10,
                                   atol=1e-12)


def test_cloned_context_does_not_follow_the_original():
    """A cloned Context's query value is a baked copy (as in the reference):
    changing or deleting the original leaves it alone, and a change of the
    clone's own input makes it live on the clone."""
    sg = g.SceneGraph()
    s = sg.RegisterSource("s")
    f = sg.RegisterFrame(s, g.GeometryFrame("f"))
    gid = sg.RegisterGeometry(s, f, g.GeometryInstance(RigidTransform(),
                                                       g.Sphere(1), "a"))
    context = sg.CreateDefaultContext()

    def fix(ctx, x):
        poses = g.FramePoseVector()
        poses.set_value(f, RigidTransform([x, 0.0, 0.0]))
        sg.get_source_pose_port(s).FixValue(ctx, poses)

    fix(context, 1.0)
    q = sg.get_query_output_port().Eval(context)
    assert q.GetPoseInWorld(gid).translation()[0] == 1.0
    clone = context.Clone()
    q2 = sg.get_query_output_port().Eval(clone)
    fix(context, 5.0)
    del context
    assert q2.GetPoseInWorld(gid).translation()[0] == 1.0
    fix(clone, 2.0)
    q2 = sg.get_query_output_port().Eval(clone)
    assert q2.GetPoseInWorld(gid).translation()[0] == 2.0


def test_query_object_keeps_its_context_alive():
    """The QueryObject from Eval reads the Context: it keeps it alive, so
    dropping every other reference to the Context is safe."""
    import gc
    sg = g.SceneGraph()
    s = sg.RegisterSource("s")
    f = sg.RegisterFrame(s, g.GeometryFrame("f"))
    gid = sg.RegisterGeometry(s, f, g.GeometryInstance(RigidTransform(),
                                                       g.Sphere(1), "a"))
    context = sg.CreateDefaultContext()
    poses = g.FramePoseVector()
    poses.set_value(f, RigidTransform([3.0, 0.0, 0.0]))
    sg.get_source_pose_port(s).FixValue(context, poses)
    q = sg.get_query_output_port().Eval(context)
    del context
    gc.collect()
    assert q.GetPoseInWorld(gid).translation()[0] == 3.0
