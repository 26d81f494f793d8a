"""ossa.geometry: mirrors the reference module of the same name: shapes
(Sphere, Box, Cylinder, Capsule, Ellipsoid, HalfSpace, Mesh, Convex), ids,
properties and roles, GeometryFrame / GeometryInstance, SceneGraph with its
inspector and QueryObject, the proximity query results and collision
filtering, and the browser visualizer (Meshcat, MeshcatParams,
MeshcatVisualizer, MeshcatVisualizerParams)."""

import importlib.util as _importlib_util
import os as _os

# Meshcat serves the viewer of the `meshcat` package: where this Python has
# it, unless OSSA_MESHCAT_JS names the file (found without importing it).
if "OSSA_MESHCAT_JS" not in _os.environ:
    _spec = _importlib_util.find_spec("meshcat")
    if _spec is not None and _spec.submodule_search_locations:
        _js = _os.path.join(list(_spec.submodule_search_locations)[0],
                            "viewer", "dist", "main.min.js")
        if _os.path.isfile(_js):
            _os.environ["OSSA_MESHCAT_JS"] = _js

from ossa._ext.geometry import *  # noqa: F401,F403,E402
from ossa._ext.geometry import _MakeConvexHull  # noqa: E402


def StartMeshcat():
    """A new Meshcat (first free port in 7000-7099), its URL printed."""
    meshcat = Meshcat()
    print(f"Meshcat is now available at {meshcat.web_url()}")
    return meshcat

from typing import Optional as _Optional  # noqa: E402
import numpy as _np  # noqa: E402

from ossa._struct_util import add_struct_fields as _add_struct_fields  # noqa
_Rgba, _Role = Rgba, Role  # noqa: F405

_add_struct_fields(DefaultProximityProperties, [  # noqa: F405
    ("compliance_type", str), ("hydroelastic_modulus", _Optional[float]),
    ("resolution_hint", _Optional[float]),
    ("slab_thickness", _Optional[float]), ("margin", _Optional[float]),
    ("dynamic_friction", _Optional[float]),
    ("static_friction", _Optional[float]),
    ("hunt_crossley_dissipation", _Optional[float]),
    ("relaxation_time", _Optional[float]),
    ("point_stiffness", _Optional[float])])
_add_struct_fields(SceneGraphConfig, [  # noqa: F405
    ("default_proximity_properties", DefaultProximityProperties)])  # noqa
_add_struct_fields(MeshcatParams, [
    ("host", str), ("port", int), ("web_url_pattern", str),
    ("initial_properties", list), ("show_stats_plot", bool),
    ("realtime_rate_period", float)])
_add_struct_fields(MeshcatVisualizerParams, [
    ("publish_period", float), ("role", _Role), ("default_color", _Rgba),
    ("prefix", str), ("delete_on_initialization_event", bool),
    ("enable_alpha_slider", bool), ("initial_alpha_slider_value", float),
    ("visible_by_default", bool), ("show_hydroelastic", bool),
    ("include_unspecified_accepting", bool)])


def _rgba_update(self, r=None, g=None, b=None, a=None):
    """Sets the given channels, keeping the others; raises RuntimeError if
    a value is outside [0, 1]."""
    try:
        self.set(r=self.r() if r is None else r,
                 g=self.g() if g is None else g,
                 b=self.b() if b is None else b,
                 a=self.a() if a is None else a)
    except ValueError as e:
        raise RuntimeError(str(e)) from None


Rgba.update = _rgba_update  # noqa: F405


def _rgba_repr(self):
    # Python's float repr (1.0, 0.1), as the reference prints the channels.
    return (f"Rgba(r={self.r()!r}, g={self.g()!r}, b={self.b()!r}, "
            f"a={self.a()!r})")


Rgba.__repr__ = _rgba_repr  # noqa: F405
# YAML as the reference's: {rgba: [r, g, b, a]} (3 values give a = 1).
_add_struct_fields(Rgba, [("rgba", _np.ndarray)], add_repr=False)  # noqa


def _get_convex_hull(self):
    """The convex hull of this shape's vertices as a PolygonSurfaceMesh in
    the shape's frame (coplanar faces merged, outward normals)."""
    return _MakeConvexHull(self)


Mesh.GetConvexHull = _get_convex_hull  # noqa: F405
Convex.GetConvexHull = _get_convex_hull  # noqa: F405


# Meshes given in memory. InMemoryMesh and MeshSource are plain Python
# values; a Mesh or Convex made from one reads a copy of its files written
# once to a folder named by the contents' checksum (the C++ shapes read
# files), and its source() gives back the in-memory description.
import hashlib as _hashlib  # noqa: E402
import pathlib as _pathlib  # noqa: E402
import tempfile as _tempfile  # noqa: E402

from ossa.common import MemoryFile as _MemoryFile  # noqa: E402

_IN_MEMORY_SOURCES = {}  # written file path -> InMemoryMesh


class InMemoryMesh:
    """A mesh file held in memory (mesh_file, a MemoryFile) with the files
    it names (supporting_files: name -> MemoryFile or path), such as an
    OBJ's material library."""

    def __init__(self, *, mesh_file=None, supporting_files=None):
        self.mesh_file = mesh_file if mesh_file is not None else _MemoryFile()
        self.supporting_files = dict(supporting_files or {})

    @property
    def mesh_file(self):
        """The mesh file's contents (a MemoryFile)."""
        return self._mesh_file

    @mesh_file.setter
    def mesh_file(self, value):
        self._mesh_file = value

    @property
    def supporting_files(self):
        """The files the mesh file names: name -> MemoryFile or path."""
        return self._supporting_files

    @supporting_files.setter
    def supporting_files(self, value):
        self._supporting_files = value

    def __copy__(self):
        return InMemoryMesh(mesh_file=self.mesh_file,
                            supporting_files=self.supporting_files)

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __repr__(self):
        text = f"InMemoryMesh(mesh_file={self.mesh_file!r}"
        if self.supporting_files:
            text += f", supporting_files={self.supporting_files!r}"
        return text + ")"


class MeshSource:
    """Where a mesh comes from: a file path or an InMemoryMesh."""

    def __init__(self, source):
        if isinstance(source, MeshSource):
            source = source._source
        if isinstance(source, InMemoryMesh):
            self._source = source
        else:
            self._source = _pathlib.Path(_os.fspath(source))

    def is_path(self):
        return not isinstance(self._source, InMemoryMesh)

    def is_in_memory(self):
        return isinstance(self._source, InMemoryMesh)

    def path(self):
        if not self.is_path():
            raise RuntimeError("MeshSource.path(): the source is in memory.")
        return self._source

    def in_memory(self):
        if not self.is_in_memory():
            raise RuntimeError(
                "MeshSource.in_memory(): the source is the path "
                f"'{self._source}'.")
        return self._source

    def description(self):
        if self.is_path():
            return str(self._source)
        return self._source.mesh_file.filename_hint()

    def extension(self):
        if self.is_path():
            return self._source.suffix.lower()
        return self._source.mesh_file.extension()

    def __copy__(self):
        return MeshSource(self)

    def __deepcopy__(self, memo):
        return MeshSource(self)

    def __repr__(self):
        if self.is_path():
            return f"MeshSource(path='{self._source}')"
        return f"MeshSource(in_memory={self._source!r})"


def _write_in_memory(mesh):
    """The path of a file with `mesh`'s contents, its supporting files
    beside it (written once per distinct contents)."""
    if not mesh.mesh_file.extension():
        raise RuntimeError(
            f"The in-memory mesh '{mesh.mesh_file.filename_hint()}' has no "
            "extension to tell its format.")
    digest = _hashlib.sha256(mesh.mesh_file.contents())
    files = {}
    for name, f in sorted(mesh.supporting_files.items()):
        data = (f.contents() if isinstance(f, _MemoryFile)
                else _pathlib.Path(_os.fspath(f)).read_bytes())
        files[name] = data
        digest.update(name.encode() + b"\0" + data)
    folder = (_pathlib.Path(_tempfile.gettempdir()) / "ossa_in_memory_meshes"
              / digest.hexdigest()[:32])
    path = folder / ("mesh" + mesh.mesh_file.extension())
    if not path.exists():
        for name, data in files.items():
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / (path.name + ".partial")
        partial.write_bytes(mesh.mesh_file.contents())
        partial.replace(path)
    _IN_MEMORY_SOURCES[str(path)] = mesh
    return str(path)


def _mesh_file_path(source):
    """The file a Mesh or Convex reads for `source`: a path-like, a
    MeshSource or an InMemoryMesh."""
    if isinstance(source, MeshSource):
        source = source._source
    if isinstance(source, InMemoryMesh):
        return _write_in_memory(source)
    try:
        return _os.fspath(source)
    except TypeError:
        raise TypeError(
            "A Mesh or Convex is made from a path, a MeshSource or an "
            f"InMemoryMesh, not {type(source).__name__}.") from None


def _mesh_source(self):
    """The MeshSource this shape was made from."""
    mesh = _IN_MEMORY_SOURCES.get(self.filename())
    return MeshSource(mesh if mesh is not None else self.filename())


Mesh.source = _mesh_source  # noqa: F405
Convex.source = _mesh_source  # noqa: F405


def _compute_aabb_in_world(self, geometry_id):
    """None: only deformable geometries have this query in the reference,
    and ossa has none (raises for an invalid id, as the reference)."""
    self.GetPoseInWorld(geometry_id=geometry_id)
    return None


def _compute_obb_in_world(self, geometry_id):
    """The Obb of the geometry's shape (CalcObb) posed in the world frame;
    None for a HalfSpace."""
    X_WG = self.GetPoseInWorld(geometry_id=geometry_id)
    obb = CalcObb(self.inspector().GetShape(geometry_id))  # noqa: F405
    if obb is None:
        return None
    return Obb(X_WG.multiply(obb.pose()), obb.half_width())  # noqa: F405


QueryObject.ComputeAabbInWorld = _compute_aabb_in_world  # noqa: F405
QueryObject.ComputeObbInWorld = _compute_obb_in_world  # noqa: F405


# Camera ranges: plain values (ossa has no render engine yet to use them).
def _positive_increasing(lower, upper):
    import math
    return (math.isfinite(lower) and math.isfinite(upper) and lower > 0
            and upper > lower)


class ClippingRange:
    """A camera's near and far clipping distances (m), 0 < near < far.
    ClippingRange(other) copies."""

    def __init__(self, near=None, far=None, *, other=None):
        if isinstance(near, ClippingRange) or other is not None:
            source = other if other is not None else near
            near, far = source.near(), source.far()
        near, far = float(near), float(far)
        if not _positive_increasing(near, far):
            raise RuntimeError(
                "The clipping range values must both be positive and finite "
                "and far must be greater than near. Instantiated with near = "
                f"{near:g} and far = {far:g}")
        self._near, self._far = near, far

    def near(self):
        return self._near

    def far(self):
        return self._far

    def __repr__(self):
        return f"ClippingRange(near={self._near!r}, far={self._far!r})"


class DepthRange:
    """The depths (m) a depth camera reports, 0 < min < max; the arguments
    keep the reference's names (min_in, min_out). DepthRange(other)
    copies."""

    def __init__(self, min_in=None, min_out=None, *, other=None):
        if isinstance(min_in, DepthRange) or other is not None:
            source = other if other is not None else min_in
            min_in, min_out = source.min_depth(), source.max_depth()
        low, high = float(min_in), float(min_out)
        if not _positive_increasing(low, high):
            raise RuntimeError(
                "The depth range values must both be positive and finite and "
                "the maximum depth must be greater than the minimum depth. "
                f"Instantiated with min = {low:g} and max = {high:g}")
        self._min, self._max = low, high

    def min_depth(self):
        return self._min

    def max_depth(self):
        return self._max

    def __copy__(self):
        return DepthRange(self)

    def __deepcopy__(self, memo):
        return DepthRange(self)

    def __repr__(self):
        return f"DepthRange(min_depth={self._min!r}, max_depth={self._max!r})"
