"""ossa.multibody.meshcat, as in the reference module of the same name:
JointSliders (one Meshcat slider per position of a MultibodyPlant, and a
system whose output port is the sliders' positions) and ContactVisualizer
(the plant's point contact forces drawn as shafts)."""

import math
import time

import numpy as np

from ossa.systems.framework import LeafSystem

__all__ = ["JointSliders", "ContactVisualizer", "ContactVisualizerParams"]

_DEFAULT_RANGE = math.pi  # a slider's half range when a joint has no limit


def _expand(value, size, default, what):
    if value is None:
        return np.full(size, default, dtype=float)
    array = np.asarray(value, dtype=float).reshape(-1)
    if array.size == 1:
        return np.full(size, float(array[0]))
    if array.size != size:
        raise ValueError(f"JointSliders: {what} has {array.size} values, "
                         f"the plant has {size} positions")
    return array


class JointSliders(LeafSystem):
    """Adds a slider per position of `plant` (named by
    plant.GetPositionNames(), limits from the joints' position limits, or
    ±pi about the initial value where a joint has none) and outputs the
    slider values on the vector port "positions" (size nq)."""

    def __init__(self, meshcat, plant, initial_value=None, lower_limit=None,
                 upper_limit=None, step=None, decrement_keycodes=None,
                 increment_keycodes=None):
        LeafSystem.__init__(self)
        self._meshcat = meshcat
        self._plant = plant
        nq = plant.num_positions()
        default = np.asarray(plant.GetPositions(plant.CreateDefaultContext()))
        self._initial = (default if initial_value is None else
                         _expand(initial_value, nq, 0.0, "initial_value"))
        lower = np.asarray(plant.GetPositionLowerLimits(), dtype=float)
        upper = np.asarray(plant.GetPositionUpperLimits(), dtype=float)
        lower = np.where(np.isfinite(lower), lower,
                         self._initial - _DEFAULT_RANGE)
        upper = np.where(np.isfinite(upper), upper,
                         self._initial + _DEFAULT_RANGE)
        if lower_limit is not None:
            lower = np.maximum(lower, _expand(lower_limit, nq, 0, "lower_limit"))
        if upper_limit is not None:
            upper = np.minimum(upper, _expand(upper_limit, nq, 0, "upper_limit"))
        steps = _expand(step, nq, 0.01, "step")
        self._names = []
        seen = set()
        for i, name in enumerate(plant.GetPositionNames()):
            # Names are unique per slider panel: suffix repeats.
            label, k = name, 2
            while label in seen:
                label, k = f"{name} ({k})", k + 1
            seen.add(label)
            self._names.append(label)
            meshcat.AddSlider(label, float(lower[i]), float(upper[i]),
                              float(steps[i]), float(self._initial[i]))
        self.DeclareVectorOutputPort("positions", nq, self._calc_positions)

    def _values(self):
        return np.array([self._meshcat.GetSliderValue(n)
                         for n in self._names])

    def _calc_positions(self, context, output):
        output.SetFromVector(self._values())

    def get_output_port(self, index=0):
        return LeafSystem.get_output_port(self, index)

    def SetPositions(self, q):
        """Moves the sliders to q (clamped to their ranges)."""
        q = np.asarray(q, dtype=float).reshape(-1)
        if q.size != len(self._names):
            raise ValueError(f"JointSliders.SetPositions(): {q.size} values "
                             f"for {len(self._names)} sliders")
        for name, value in zip(self._names, q):
            self._meshcat.SetSliderValue(name, float(value))

    def Delete(self):
        """Removes the sliders from the Meshcat."""
        for name in self._names:
            self._meshcat.DeleteSlider(name, strict=False)

    def Run(self, diagram, timeout=None, stop_button_keycode="Escape",
            poll_period=0.05):
        """Publishes `diagram` (which contains the plant) each time a slider
        moves, until the "Stop JointSliders" button is pressed or `timeout`
        seconds pass. Returns the final positions."""
        stop = "Stop JointSliders"
        self._meshcat.AddButton(stop, stop_button_keycode)
        context = diagram.CreateDefaultContext()
        plant_context = self._plant.GetMyMutableContextFromRoot(context)
        last = None
        start = time.monotonic()
        try:
            while True:
                q = self._values()
                if last is None or not np.array_equal(q, last):
                    self._plant.SetPositions(plant_context, q)
                    diagram.ForcedPublish(context)
                    last = q
                if self._meshcat.GetButtonClicks(stop) > 0:
                    break
                if timeout is not None and time.monotonic() - start >= timeout:
                    break
                time.sleep(poll_period)
        finally:
            self._meshcat.DeleteButton(stop, strict=False)
        return last


class ContactVisualizerParams:
    """Parameters of ContactVisualizer (the reference's names)."""

    def __init__(self, publish_period=1.0 / 64.0, color=None,
                 prefix="contact_forces", delete_on_initialization_event=True,
                 force_threshold=0.01, newtons_per_meter=100.0, radius=0.002):
        from ossa.geometry import Rgba
        self.publish_period = publish_period
        self.color = color if color is not None else Rgba(1.0, 0.0, 0.0, 1.0)
        self.prefix = prefix
        self.delete_on_initialization_event = delete_on_initialization_event
        self.force_threshold = force_threshold
        self.newtons_per_meter = newtons_per_meter
        self.radius = radius

    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"ContactVisualizerParams({fields})"


def _arrow_matrix(p_WC, f_W, length):
    """The 4×4 pose-and-scale of a unit cylinder (axis z, centered) turned
    into a shaft from p_WC along f_W, `length` long."""
    z = f_W / np.linalg.norm(f_W)
    helper = np.array([1.0, 0, 0]) if abs(z[0]) < 0.9 else np.array([0, 1.0, 0])
    x = np.cross(helper, z)
    x /= np.linalg.norm(x)
    y = np.cross(z, x)
    X = np.eye(4)
    X[:3, 0], X[:3, 1], X[:3, 2] = x, y, z * length
    X[:3, 3] = np.asarray(p_WC) + z * length / 2
    return X


class ContactVisualizer(LeafSystem):
    """Draws the point contacts of a plant's ContactResults in a Meshcat: a
    shaft per contacting body pair from the contact point along the force
    on body B, `newtons_per_meter` newtons per meter of length, hidden while
    the force is under `force_threshold`. Input port "contact_results";
    publishes every publish_period (and at initialization)."""

    def __init__(self, meshcat, params=None):
        from ossa.common.value import AbstractValue
        from ossa.multibody.plant import ContactResults
        LeafSystem.__init__(self)
        self._meshcat = meshcat
        self._params = params or ContactVisualizerParams()
        if not self._params.publish_period > 0:
            raise ValueError("ContactVisualizer: publish_period must be "
                             f"positive, not {self._params.publish_period}")
        self._arrows = {}  # (bodyA, bodyB) -> path
        self.DeclareAbstractInputPort("contact_results",
                                      AbstractValue.Make(ContactResults()))
        self.DeclarePeriodicPublishEvent(self._params.publish_period, 0.0,
                                         self._publish)
        self.DeclareInitializationPublishEvent(self._initialize)

    @staticmethod
    def AddToBuilder(builder, plant, meshcat, params=None):
        visualizer = builder.AddSystem(ContactVisualizer(meshcat, params))
        builder.Connect(plant.get_contact_results_output_port(),
                        visualizer.contact_results_input_port())
        return visualizer

    def contact_results_input_port(self):
        return self.get_input_port(0)

    def Delete(self):
        self._meshcat.Delete(self._params.prefix)
        self._arrows.clear()

    def _initialize(self, context):
        if self._params.delete_on_initialization_event:
            self.Delete()
        self._publish(context)

    def _publish(self, context):
        from ossa.geometry import Cylinder
        params = self._params
        results = self.get_input_port(0).Eval(context)
        shown = set()
        for i in range(results.num_point_pair_contacts()):
            info = results.point_pair_contact_info(i)
            f = np.asarray(info.contact_force(), dtype=float)
            magnitude = float(np.linalg.norm(f))
            if magnitude < params.force_threshold:
                continue
            key = (int(info.bodyA_index()), int(info.bodyB_index()))
            path = self._arrows.get(key)
            if path is None:
                path = f"{params.prefix}/{key[0]}+{key[1]}"
                self._meshcat.SetObject(path, Cylinder(params.radius, 1.0),
                                        params.color)
                self._arrows[key] = path
            self._meshcat.SetTransform(path, _arrow_matrix(
                info.contact_point(), f, magnitude / params.newtons_per_meter))
            self._meshcat.SetProperty(path, "visible", True)
            shown.add(key)
        for key, path in self._arrows.items():
            if key not in shown:
                self._meshcat.SetProperty(path, "visible", False)
