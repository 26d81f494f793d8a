"""ossa.multibody.meshcat: JointSliders, as in the reference module of the
same name: one Meshcat slider per position of a MultibodyPlant, and a system
whose output port is the sliders' positions."""

import math
import time

import numpy as np

from ossa.systems.framework import LeafSystem

__all__ = ["JointSliders"]

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
