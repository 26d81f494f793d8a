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


def StartMeshcat():
    """A new Meshcat (first free port in 7000-7099), its URL printed."""
    meshcat = Meshcat()
    print(f"Meshcat is now available at {meshcat.web_url()}")
    return meshcat

from typing import Optional as _Optional  # noqa: E402

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
