"""Schemas for configuring random (or fixed) numbers, vectors, rotations
and poses from YAML, after the reference module of the same name.

A *distribution* is a plain struct whose fields are its parameters
(``Gaussian(mean=0, stddev=1)``); a *variant* is any of the alternatives a
schema field accepts, chosen in YAML by a tag (``!Gaussian {mean: 0,
stddev: 1}``) or, untagged, the first alternative (a plain number or list).

* Scalars: ``Deterministic``, ``Gaussian``, ``Uniform``, ``UniformDiscrete``
  (all Distributions); a field of the variant type ``DistributionVariant``
  also accepts a plain float.
* Vectors: ``DeterministicVector[N]``, ``GaussianVector[N]``,
  ``UniformVector[N]`` (N = 1..6, or None for any size; all
  DistributionVectors); the variant type ``DistributionVectorVariant(N)``
  also accepts a plain array.
* ``Rotation`` (Identity, Rpy, AngleAxis or Uniform over SO(3)) and
  ``Transform`` (an optional base frame name, a translation and a rotation).

``Sample(generator)`` draws with a ``RandomGenerator`` (a 32-bit Mersenne
Twister) as the reference's C++ standard library does
(ossa.common._std_random), so a seed gives the reference's numbers.
``ToSymbolic()`` gives the same distribution as an ``ossa.symbolic``
expression of random variables (named ``random_uniform_0`` and
``random_gaussian_0``, each call making new ones): a Uniform is
min + (max − min)·u, a Gaussian mean + stddev·g, a UniformDiscrete a chain
of ``if_then_else`` on n·u, a vector one such expression (and variable) per
element, a Rotation a ``RotationMatrix_[Expression]`` and a Transform a
``RigidTransform_[Expression]``. ``Expression.Evaluate(generator=...)``
then draws as ``Sample`` does: for the scalars and vectors, the same seed
gives the same numbers.
"""

import copy as _copy
import math as _math
import typing as _typing

import numpy as _np

from ossa._cpp_template import TemplateClass as _TemplateClass
from ossa._struct_util import FieldStruct as _FieldStruct
from ossa._struct_util import fields_of as _fields_of

__all__ = [
    "Deterministic", "DeterministicVector", "DeterministicVectorX",
    "Distribution", "DistributionVector", "Gaussian", "GaussianVector",
    "GaussianVectorX", "GetDeterministicValue", "IsDeterministic", "Mean",
    "Rotation", "Sample", "ToDistribution", "ToDistributionVector",
    "ToSymbolic", "Transform", "Uniform", "UniformDiscrete", "UniformVector",
    "UniformVectorX",
]


from ossa.common._std_random import (
    canonical as _canonical, draw_index as _draw_index,
    draw_normal as _draw_normal, draw_uniform as _draw_uniform)


def _symbolic():
    import ossa.symbolic
    return ossa.symbolic


def _random_expression(kind):
    """A new random variable of `kind` ("uniform" or "gaussian") as an
    Expression, named as the reference names them."""
    sym = _symbolic()
    variable_type = (sym.Variable.Type.RANDOM_UNIFORM if kind == "uniform"
                     else sym.Variable.Type.RANDOM_GAUSSIAN)
    return sym.Expression(sym.Variable(f"random_{kind}_0", variable_type))


# -- Scalar distributions -----------------------------------------------------

class Distribution(_FieldStruct):
    """Base class of the scalar distributions."""

    def Sample(self, generator):
        """A draw of this distribution."""
        raise NotImplementedError

    def ToSymbolic(self):
        """This distribution as an Expression of new random variables."""
        raise NotImplementedError

    def Mean(self):
        """The distribution's mean."""
        raise NotImplementedError

    def _is_deterministic(self):
        return False


class Deterministic(Distribution):
    """A single deterministic ``value``."""

    __fields__ = _fields_of(("value", float))

    def _defaults(self):
        return {"value": 0.0}

    def Sample(self, generator):
        return float(self.value)

    def ToSymbolic(self):
        return _symbolic().Expression(float(self.value))

    def Mean(self):
        return float(self.value)

    def _is_deterministic(self):
        return True


class Gaussian(Distribution):
    """A Gaussian distribution with ``mean`` and ``stddev``."""

    __fields__ = _fields_of(("mean", float), ("stddev", float))

    def _defaults(self):
        return {"mean": 0.0, "stddev": 0.0}

    def Sample(self, generator):
        return _draw_normal(generator, float(self.mean), float(self.stddev))

    def ToSymbolic(self):
        return float(self.mean) + float(self.stddev) * _random_expression(
            "gaussian")

    def Mean(self):
        return float(self.mean)

    def _is_deterministic(self):
        return self.stddev == 0.0


class Uniform(Distribution):
    """A uniform distribution on [``min``, ``max``)."""

    __fields__ = _fields_of(("min", float), ("max", float))

    def _defaults(self):
        return {"min": 0.0, "max": 0.0}

    def Sample(self, generator):
        return _draw_uniform(generator, float(self.min), float(self.max))

    def ToSymbolic(self):
        low, high = float(self.min), float(self.max)
        return low + (high - low) * _random_expression("uniform")

    def Mean(self):
        return (float(self.min) + float(self.max)) / 2.0

    def _is_deterministic(self):
        return self.min == self.max


class UniformDiscrete(Distribution):
    """Chooses among ``values`` with equal probability."""

    __fields__ = _fields_of(("values", _typing.List[float]))

    def _defaults(self):
        return {"values": []}

    def Sample(self, generator):
        if not self.values:
            raise RuntimeError(
                "UniformDiscrete: cannot Sample() empty values")
        return float(self.values[_draw_index(generator, len(self.values))])

    def ToSymbolic(self):
        """values[i] where i ≤ n·u < i + 1 (as Sample picks), one
        if_then_else per value but the last; a single value is a
        constant."""
        if not self.values:
            raise RuntimeError(
                "Cannot ToSymbolic() empty UniformDiscrete distribution.")
        sym = _symbolic()
        values = [float(v) for v in self.values]
        result = sym.Expression(values[-1])
        if len(values) == 1:
            return result
        scaled = len(values) * _random_expression("uniform")
        for i in range(len(values) - 2, -1, -1):
            result = sym.if_then_else(scaled < i + 1, values[i], result)
        return result

    def Mean(self):
        if not self.values:
            raise RuntimeError("UniformDiscrete: cannot Mean() empty values")
        return float(sum(self.values)) / len(self.values)

    def _is_deterministic(self):
        return len(self.values) == 1


DistributionVariant = _typing.Union[float, Deterministic, Gaussian, Uniform,
                                    UniformDiscrete]
_SCALARS = (Deterministic, Gaussian, Uniform, UniformDiscrete)


def _as_distribution(var, where):
    if isinstance(var, Distribution):
        return var
    if isinstance(var, (int, float, _np.floating, _np.integer)) and \
            not isinstance(var, bool):
        return Deterministic(float(var))
    raise TypeError(f"{where}: expected a float or a Distribution, got "
                    f"{type(var).__name__}")


def ToDistribution(var):
    """The variant `var` (a float or a distribution) as a Distribution."""
    return _copy.deepcopy(_as_distribution(var, "ToDistribution()"))


def ToSymbolic(var):
    """The scalar variant `var` (a float or a Distribution) as an
    Expression of new random variables (Distribution.ToSymbolic())."""
    if isinstance(var, DistributionVector) or not isinstance(
            var, (Distribution, int, float, _np.floating, _np.integer)) or \
            isinstance(var, bool):
        raise TypeError(
            "ToSymbolic(): expected a float or a Distribution (a scalar "
            f"variant), got {type(var).__name__}")
    return _as_distribution(var, "ToSymbolic()").ToSymbolic()


# -- Vector distributions -----------------------------------------------------

def _vector(value, size, where):
    array = _np.array(value, dtype=float).reshape(-1)
    if size is not None and array.size != size:
        raise TypeError(f"{where}: expected {size} elements, got "
                        f"{array.size}")
    return array


class DistributionVector(_FieldStruct):
    """Base class of the vector distributions."""

    _size = None

    def Sample(self, generator):
        raise NotImplementedError

    def ToSymbolic(self):
        """This distribution as a 1-d array of Expressions, each entry with
        new random variables of its own."""
        raise NotImplementedError

    def Mean(self):
        raise NotImplementedError

    def _is_deterministic(self):
        return False

    def __setattr__(self, name, value):
        if name in self._vector_fields:
            value = _vector(value, self._vector_size(name),
                            f"{type(self).__name__}.{name}")
        super().__setattr__(name, value)

    _vector_fields = ()

    def _vector_size(self, name):
        return self._size


def _make_vector_classes(size):
    zeros = _np.zeros(0 if size is None else size)

    class DeterministicVector(DistributionVector):
        """A single deterministic vector ``value``."""

        _size = size
        _vector_fields = ("value",)
        __fields__ = _fields_of(("value", _np.ndarray))

        def _defaults(self):
            return {"value": zeros.copy()}

        def Sample(self, generator):
            return self.value.copy()

        def ToSymbolic(self):
            return _expression_array([_symbolic().Expression(float(v))
                                      for v in self.value])

        def Mean(self):
            return self.value.copy()

        def _is_deterministic(self):
            return True

    class GaussianVector(DistributionVector):
        """Elementwise Gaussians: vector ``mean``, and ``stddev`` of the same
        size or of one element (shared by every element)."""

        _size = size
        _vector_fields = ("mean", "stddev")
        __fields__ = _fields_of(("mean", _np.ndarray),
                                ("stddev", _np.ndarray))

        def _vector_size(self, name):
            return size if name == "mean" else None

        def _defaults(self):
            return {"mean": zeros.copy(), "stddev": zeros.copy()}

        def _stddevs(self):
            n, m = self.mean.size, self.stddev.size
            if m == n:
                return self.stddev
            if m == 1:
                return _np.full(n, self.stddev[0])
            raise RuntimeError(
                f"GaussianVector: the sizes of mean ({n}) and stddev ({m}) "
                "differ")

        def Sample(self, generator):
            stddevs = self._stddevs()
            return _np.array([_draw_normal(generator, m, s)
                              for m, s in zip(self.mean, stddevs)])

        def ToSymbolic(self):
            n, m = self.mean.size, self.stddev.size
            if m != n and m != 1:
                raise RuntimeError(
                    "Cannot ToSymbolic() a GaussianVector distribution with "
                    f"size {n} mean but size {m} dev")
            return _expression_array([
                float(mean) + float(dev) * _random_expression("gaussian")
                for mean, dev in zip(self.mean, self._stddevs())])

        def Mean(self):
            return self.mean.copy()

        def _is_deterministic(self):
            return bool(_np.all(self._stddevs() == 0.0))

    class UniformVector(DistributionVector):
        """Elementwise uniform distributions on [``min``, ``max``)."""

        _size = size
        _vector_fields = ("min", "max")
        __fields__ = _fields_of(("min", _np.ndarray), ("max", _np.ndarray))

        def _defaults(self):
            return {"min": zeros.copy(), "max": zeros.copy()}

        def _check(self):
            if self.min.size != self.max.size:
                raise RuntimeError(
                    f"UniformVector: the sizes of min ({self.min.size}) and "
                    f"max ({self.max.size}) differ")

        def Sample(self, generator):
            self._check()
            return _np.array([_draw_uniform(generator, lo, hi)
                              for lo, hi in zip(self.min, self.max)])

        def ToSymbolic(self):
            if self.min.size != self.max.size:
                raise RuntimeError(
                    "Cannot ToSymbolic() a UniformVector distribution with "
                    f"size {self.min.size} min but size {self.max.size} max")
            return _expression_array([
                float(lo) + (float(hi) - float(lo)) *
                _random_expression("uniform")
                for lo, hi in zip(self.min, self.max)])

        def Mean(self):
            self._check()
            return (self.min + self.max) / 2.0

        def _is_deterministic(self):
            self._check()
            return bool(_np.all(self.min == self.max))

    return DeterministicVector, GaussianVector, UniformVector


def _expression_array(entries):
    """A 1-d object array of the Expressions `entries`."""
    array = _np.empty(len(entries), dtype=object)
    for i, e in enumerate(entries):
        array[i] = e
    return array


def _vector_to_symbolic(vec, where):
    """The vector variant `vec` (an array or a vector distribution) as a
    1-d array of Expressions."""
    return _as_distribution_vector(vec, where).ToSymbolic()


DeterministicVector = _TemplateClass("DeterministicVector", scope=__name__)
GaussianVector = _TemplateClass("GaussianVector", scope=__name__)
UniformVector = _TemplateClass("UniformVector", scope=__name__)
for _size in (None, 1, 2, 3, 4, 5, 6):
    for _template, _cls in zip(
            (DeterministicVector, GaussianVector, UniformVector),
            _make_vector_classes(_size)):
        _cls.__module__ = __name__
        _template.add_instantiation((_size,), _cls)
DeterministicVectorX = DeterministicVector[None]
GaussianVectorX = GaussianVector[None]
UniformVectorX = UniformVector[None]


def DistributionVectorVariant(size=None):
    """The variant type of a vector field of `size` elements (None: any):
    a plain array or a vector distribution of that size."""
    return _typing.Union[_np.ndarray, DeterministicVector[size],
                         GaussianVector[size], UniformVector[size]]


def _as_distribution_vector(vec, where):
    if isinstance(vec, DistributionVector):
        return vec
    if isinstance(vec, Distribution):
        # A scalar distribution is a vector of one element.
        if isinstance(vec, Deterministic):
            return DeterministicVectorX([vec.value])
        if isinstance(vec, Gaussian):
            return GaussianVectorX([vec.mean], [vec.stddev])
        if isinstance(vec, Uniform):
            return UniformVectorX([vec.min], [vec.max])
        raise TypeError(f"{where}: {type(vec).__name__} is not a vector "
                        "distribution")
    try:
        return DeterministicVectorX(_np.array(vec, dtype=float).reshape(-1))
    except (TypeError, ValueError) as e:
        raise TypeError(f"{where}: expected an array or a "
                        f"DistributionVector, got {type(vec).__name__}") from e


def ToDistributionVector(vec):
    """The vector variant `vec` (an array or a vector distribution) as a
    DistributionVector."""
    return _copy.deepcopy(_as_distribution_vector(vec,
                                                  "ToDistributionVector()"))


# -- Functions on either kind of variant --------------------------------------

def _any_distribution(var, where):
    if isinstance(var, (Distribution, DistributionVector)):
        return var
    if isinstance(var, (int, float, _np.floating, _np.integer)) and \
            not isinstance(var, bool):
        return Deterministic(float(var))
    return _as_distribution_vector(var, where)


def _var_or_vec(function, args, kwargs):
    """The one argument of a function the reference overloads on a scalar
    `var` and a vector `vec`: given by position or as var= or vec=."""
    given = list(args) + [kwargs.pop(k) for k in ("var", "vec")
                          if k in kwargs]
    if len(given) != 1 or kwargs:
        raise TypeError(f"{function}() takes one argument, var (a scalar "
                        "variant) or vec (a vector variant)")
    return given[0]


def IsDeterministic(*args, **kwargs):
    """IsDeterministic(var) or IsDeterministic(vec): true iff the scalar or
    vector variant has one value only."""
    var = _var_or_vec("IsDeterministic", args, kwargs)
    return _any_distribution(var, "IsDeterministic()")._is_deterministic()


def GetDeterministicValue(*args, **kwargs):
    """GetDeterministicValue(var) or GetDeterministicValue(vec): the value
    of the deterministic variant (a float, or an array for a vector);
    raises RuntimeError if it is a proper distribution."""
    var = _var_or_vec("GetDeterministicValue", args, kwargs)
    dist = _any_distribution(var, "GetDeterministicValue()")
    if not dist._is_deterministic():
        raise RuntimeError(
            f"GetDeterministicValue(): {dist!r} is not deterministic")
    return dist.Mean()


def Mean(var):
    """The mean of the variant `var`."""
    return _any_distribution(var, "Mean()").Mean()


def Sample(var, generator):
    """A draw of the variant `var` with `generator`."""
    return _any_distribution(var, "Sample()").Sample(generator)


# -- Rotation and Transform ---------------------------------------------------

def _pose_mean(var, where):
    """The mean a Rotation or Transform uses: the value with every uniform
    number at 0.5, as the reference evaluates it (so a UniformDiscrete
    gives its middle value, not the average). Gaussians have no such mean
    there and raise."""
    dist = _any_distribution(var, where)
    if _is_gaussian(dist) and not dist._is_deterministic():
        raise RuntimeError(
            f"{where}: the mean of a pose is defined for uniform "
            "distributions only, not for a Gaussian")
    if isinstance(dist, UniformDiscrete):
        if not dist.values:
            raise RuntimeError(f"{where}: UniformDiscrete has no values")
        return float(dist.values[int(0.5 * len(dist.values))])
    return dist.Mean()


def _is_gaussian(var):
    return isinstance(var, Gaussian) or any(
        isinstance(var, GaussianVector[size])
        for (size,) in GaussianVector.param_list)


def _check_angles(var, where):
    """Rotation angles may be fixed or uniform, not Gaussian (as in the
    reference)."""
    if _is_gaussian(var):
        raise RuntimeError(
            f"{where}: Gaussian distributions are not supported for rotation "
            "angles; use a Uniform one")


def _ossa_math():
    import ossa.math
    return ossa.math


class _RotationIdentity(_FieldStruct):
    """No rotation."""

    __fields__ = ()


class _RotationRpy(_FieldStruct):
    """Roll, pitch and yaw angles in degrees (``deg``), in the conventions
    of RollPitchYaw."""

    __fields__ = _fields_of(("deg", DistributionVectorVariant(3)))

    def _defaults(self):
        return {"deg": _np.zeros(3)}

    def __setattr__(self, name, value):
        if name == "deg" and not isinstance(value, DistributionVector):
            value = _vector(value, 3, "Rpy.deg")
        super().__setattr__(name, value)


class _RotationAngleAxis(_FieldStruct):
    """A rotation of ``angle_deg`` degrees about ``axis`` (normalized
    before use)."""

    __fields__ = _fields_of(("angle_deg", DistributionVariant),
                            ("axis", DistributionVectorVariant(3)))

    def _defaults(self):
        return {"angle_deg": 0.0, "axis": _np.array([0.0, 0.0, 1.0])}

    def __setattr__(self, name, value):
        if name == "axis" and not isinstance(value, DistributionVector):
            value = _vector(value, 3, "AngleAxis.axis")
        super().__setattr__(name, value)


class _RotationUniform(_FieldStruct):
    """A rotation drawn uniformly over SO(3)."""

    __fields__ = ()


for _cls, _name in ((_RotationIdentity, "Identity"), (_RotationRpy, "Rpy"),
                    (_RotationAngleAxis, "AngleAxis"),
                    (_RotationUniform, "Uniform")):
    _cls.__name__ = _name
    _cls.__qualname__ = "Rotation." + _name
    _cls.__module__ = __name__

RotationVariant = _typing.Union[_RotationIdentity, _RotationRpy,
                                _RotationAngleAxis, _RotationUniform]


def _uniform_rotation(u1, u2, u3):
    """The rotation of three uniform numbers in [0, 1) (a unit quaternion
    uniform over the 3-sphere, after Shoemake)."""
    from ossa.common.eigen_geometry import Quaternion
    a, b = _math_sqrt(1.0 - u1), _math_sqrt(u1)
    w = a * _math.sin(2.0 * _math.pi * u2)
    x = a * _math.cos(2.0 * _math.pi * u2)
    y = b * _math.sin(2.0 * _math.pi * u3)
    z = b * _math.cos(2.0 * _math.pi * u3)
    return _ossa_math().RotationMatrix(Quaternion(w, x, y, z))


def _math_sqrt(x):
    return _math.sqrt(max(x, 0.0))


class Rotation(_FieldStruct):
    """A rotation or a distribution of rotations, for YAML: ``value`` is a
    Rotation.Identity (the default), Rotation.Rpy, Rotation.AngleAxis or
    Rotation.Uniform. Rotation(RotationMatrix or RollPitchYaw) makes an
    Rpy. Attributes of the chosen alternative read through (``r.deg``)."""

    Identity = _RotationIdentity
    Rpy = _RotationRpy
    AngleAxis = _RotationAngleAxis
    Uniform = _RotationUniform

    __fields__ = _fields_of(("value", RotationVariant))

    def __init__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs and not isinstance(args[0],
                                                            Rotation):
            arg = args[0]
            m = _ossa_math()
            if isinstance(arg, m.RotationMatrix):
                arg = m.RollPitchYaw(arg)
            if isinstance(arg, m.RollPitchYaw):
                super().__init__()
                self.value = _RotationRpy(
                    deg=_np.degrees(arg.vector()))
                return
        super().__init__(*args, **kwargs)

    def _defaults(self):
        return {"value": _RotationIdentity()}

    def __setattr__(self, name, value):
        if name == "value" and not isinstance(value, (
                _RotationIdentity, _RotationRpy, _RotationAngleAxis,
                _RotationUniform)):
            raise TypeError(
                "Rotation.value: expected Rotation.Identity, Rotation.Rpy, "
                f"Rotation.AngleAxis or Rotation.Uniform, got "
                f"{type(value).__name__}")
        super().__setattr__(name, value)

    def __getattr__(self, name):
        if name.startswith("__") or name == "value":
            raise AttributeError(name)
        return getattr(self.value, name)

    def IsDeterministic(self):
        """True iff this is one rotation, not a distribution."""
        v = self.value
        if isinstance(v, _RotationIdentity):
            return True
        if isinstance(v, _RotationRpy):
            return IsDeterministic(v.deg)
        if isinstance(v, _RotationAngleAxis):
            return IsDeterministic(v.angle_deg) and IsDeterministic(v.axis)
        return False

    def GetDeterministicValue(self):
        """The RotationMatrix; raises RuntimeError for a distribution."""
        if not self.IsDeterministic():
            raise RuntimeError(
                f"Rotation.GetDeterministicValue(): {self!r} is not "
                "deterministic")
        v = self.value
        if isinstance(v, _RotationRpy):
            return self._from_angles(rpy_deg=GetDeterministicValue(v.deg))
        if isinstance(v, _RotationAngleAxis):
            return self._from_angles(
                angle_deg=GetDeterministicValue(v.angle_deg),
                axis=GetDeterministicValue(v.axis))
        return _ossa_math().RotationMatrix()

    def set_rpy_deg(self, rpy_deg):
        """Makes this the fixed roll-pitch-yaw rotation `rpy_deg`
        (degrees)."""
        self.value = _RotationRpy(deg=rpy_deg)

    def _from_angles(self, rpy_deg=None, angle_deg=None, axis=None):
        m = _ossa_math()
        if rpy_deg is not None:
            return m.RollPitchYaw(_np.radians(rpy_deg)).ToRotationMatrix()
        from ossa.common.eigen_geometry import AngleAxis
        axis = _np.asarray(axis, dtype=float)
        axis = axis / _np.linalg.norm(axis)
        return m.RotationMatrix(AngleAxis(_math.radians(angle_deg), axis))

    def _Mean(self):
        v = self.value
        if isinstance(v, _RotationIdentity):
            return _ossa_math().RotationMatrix()
        if isinstance(v, _RotationRpy):
            _check_angles(v.deg, "Rotation.Rpy.deg")
            return self._from_angles(rpy_deg=_pose_mean(v.deg, "Rotation"))
        if isinstance(v, _RotationAngleAxis):
            _check_angles(v.angle_deg, "Rotation.AngleAxis.angle_deg")
            return self._from_angles(
                angle_deg=_pose_mean(v.angle_deg, "Rotation"),
                axis=_pose_mean(v.axis, "Rotation"))
        return _uniform_rotation(0.5, 0.5, 0.5)

    def ToSymbolic(self):
        """This rotation as a RotationMatrix_[Expression]: constant entries
        when deterministic, else expressions of new random variables (the
        angles' distributions in radians; for Uniform, Shoemake's unit
        quaternion of three uniform variables). A random AngleAxis axis has
        no symbolic form and raises RuntimeError, as does a Gaussian
        angle."""
        m = _ossa_math()
        sym = _symbolic()
        RotationMatrix = m.RotationMatrix_[sym.Expression]
        v = self.value
        deg_to_rad = _math.pi / 180.0
        if isinstance(v, _RotationIdentity):
            return RotationMatrix()
        if isinstance(v, _RotationRpy):
            _check_angles(v.deg, "Rotation.Rpy.deg")
            rad = [e * deg_to_rad
                   for e in _vector_to_symbolic(v.deg, "Rotation.Rpy.deg")]
            return m.RollPitchYaw_[sym.Expression](
                _expression_array(rad)).ToRotationMatrix()
        if isinstance(v, _RotationAngleAxis):
            _check_angles(v.angle_deg, "Rotation.AngleAxis.angle_deg")
            if not IsDeterministic(v.axis):
                raise RuntimeError(
                    "Rotation.AngleAxis.ToSymbolic(): a random axis is not "
                    "supported (the axis must be a fixed vector)")
            from ossa.common.eigen_geometry import AngleAxis_
            axis = _np.asarray(GetDeterministicValue(v.axis), dtype=float)
            axis = axis / _np.linalg.norm(axis)
            angle = _as_distribution(
                v.angle_deg, "Rotation.AngleAxis.angle_deg").ToSymbolic()
            return RotationMatrix(AngleAxis_[sym.Expression](
                angle * deg_to_rad,
                _expression_array([sym.Expression(float(a)) for a in axis])))
        from ossa.common.eigen_geometry import Quaternion_
        u1, u2, u3 = (_random_expression("uniform") for _ in range(3))
        a, b = sym.sqrt(1.0 - u1), sym.sqrt(u1)
        two_pi = 2.0 * _math.pi
        return RotationMatrix(Quaternion_[sym.Expression](
            a * sym.sin(two_pi * u2), a * sym.cos(two_pi * u2),
            b * sym.sin(two_pi * u3), b * sym.cos(two_pi * u3)))

    def _Sample(self, generator):
        v = self.value
        if isinstance(v, _RotationIdentity):
            return _ossa_math().RotationMatrix()
        if isinstance(v, _RotationRpy):
            _check_angles(v.deg, "Rotation.Rpy.deg")
            return self._from_angles(rpy_deg=Sample(v.deg, generator))
        if isinstance(v, _RotationAngleAxis):
            _check_angles(v.angle_deg, "Rotation.AngleAxis.angle_deg")
            angle = Sample(v.angle_deg, generator)
            return self._from_angles(angle_deg=angle,
                                     axis=Sample(v.axis, generator))
        u = [_canonical(generator) for _ in range(3)]
        return _uniform_rotation(*u)


class Transform(_FieldStruct):
    """A pose or a distribution of poses, for YAML: ``translation`` (an
    array or a vector distribution of 3 elements), ``rotation`` (a
    Rotation; assigning one of its alternatives wraps it) and an optional
    ``base_frame`` name the pose is measured from. Transform(RigidTransform)
    makes a fixed one."""

    __fields__ = _fields_of(("base_frame", _typing.Optional[str]),
                            ("translation", DistributionVectorVariant(3)),
                            ("rotation", RotationVariant))

    def __init__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs and isinstance(
                args[0], _ossa_math().RigidTransform):
            super().__init__()
            self.translation = args[0].translation()
            self.rotation = Rotation(args[0].rotation())
            return
        super().__init__(*args, **kwargs)

    def _defaults(self):
        return {"base_frame": None, "translation": _np.zeros(3),
                "rotation": Rotation()}

    def __setattr__(self, name, value):
        if name == "translation" and not isinstance(value,
                                                    DistributionVector):
            value = _vector(value, 3, "Transform.translation")
        elif name == "rotation" and not isinstance(value, Rotation):
            value = Rotation(value=value)
        elif name == "base_frame" and value is not None and \
                not isinstance(value, str):
            raise TypeError("Transform.base_frame: expected a str or None, "
                            f"got {type(value).__name__}")
        super().__setattr__(name, value)

    def set_rotation_rpy_deg(self, rpy_deg):
        """Makes the rotation the fixed roll-pitch-yaw `rpy_deg`
        (degrees)."""
        self.rotation.set_rpy_deg(rpy_deg)

    def IsDeterministic(self):
        """True iff both translation and rotation are fixed."""
        return IsDeterministic(self.translation) and \
            self.rotation.IsDeterministic()

    def GetDeterministicValue(self):
        """The RigidTransform (base_frame is not applied); raises
        RuntimeError for a distribution."""
        if not self.IsDeterministic():
            raise RuntimeError(
                f"Transform.GetDeterministicValue(): {self!r} is not "
                "deterministic")
        return _ossa_math().RigidTransform(
            self.rotation.GetDeterministicValue(),
            GetDeterministicValue(self.translation))

    def Mean(self):
        """The RigidTransform at the middle of the distributions (every
        uniform number at 0.5; base_frame is not applied). Raises
        RuntimeError for a Gaussian, as the reference does."""
        return _ossa_math().RigidTransform(
            self.rotation._Mean(),
            _pose_mean(self.translation, "Transform.Mean()"))

    def ToSymbolic(self):
        """This pose as a RigidTransform_[Expression] (base_frame is not
        applied): the translation's expressions (made first, so they draw
        first, as Sample does) and Rotation.ToSymbolic()."""
        sym = _symbolic()
        p = _vector_to_symbolic(self.translation, "Transform.translation")
        R = self.rotation.ToSymbolic()
        return _ossa_math().RigidTransform_[sym.Expression](R, p)

    def Sample(self, generator):
        """A draw of this pose as a RigidTransform. Raises RuntimeError when
        base_frame names a frame other than the world (the draw would lose
        it)."""
        if self.base_frame and self.base_frame != "world":
            raise RuntimeError(
                "Transform.Sample() would discard the non-trivial base "
                f"frame \"{self.base_frame}\"")
        # The translation draws first, as in the reference.
        p = Sample(self.translation, generator)
        R = self.rotation._Sample(generator)
        return _ossa_math().RigidTransform(R, p)
