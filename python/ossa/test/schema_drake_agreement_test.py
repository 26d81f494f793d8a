"""ossa.common.schema and the YAML variants of ossa.common.yaml against the
reference (pydrake.common.schema, pydrake.common.yaml): the same documents
load to the same values and dump to the same text; distributions give the
same means, the same deterministic values and, from the same seed, the
same draws; bad documents raise the same exception types.

Tolerance: means and deterministic values to 1e-12 (the same arithmetic on
the same numbers); draws to 1e-12 too (both follow the C++ standard
library's algorithms on the same Mersenne Twister stream; rotations come
from the same products of sines and cosines).
"""

import numpy as np
import pytest

pytest.importorskip("pydrake.common.schema")

import ossa.common as ossa_common  # noqa: E402
import ossa.common.schema as ossa_schema  # noqa: E402
import ossa.common.yaml as ossa_yaml  # noqa: E402
import pydrake.common as drake_common  # noqa: E402
import pydrake.common.schema as drake_schema  # noqa: E402
import pydrake.common.yaml as drake_yaml  # noqa: E402

LIBS = [(ossa_schema, ossa_yaml, ossa_common),
        (drake_schema, drake_yaml, drake_common)]
TOL = 1e-12

TRANSFORMS = [
    "{}",
    "base_frame: foo\ntranslation: [1, 2, 3]\n"
    "rotation: !Rpy {deg: [0, 0, 90]}",
    "rotation: !AngleAxis {angle_deg: 30, axis: [0, 0, 1]}",
    "rotation: !AngleAxis {angle_deg: 90, axis: [0, 0, 2]}",
    "rotation: !Identity {}",
    "rotation: !Rpy {}",
    "rotation: !Uniform {}",
    "translation: !UniformVector {min: [0, 0, 0], max: [1, 1, 1]}",
    "translation: !DeterministicVector {value: [1, 2, 3]}",
    "translation: !GaussianVector {mean: [1, 2, 3], stddev: [0.1]}\n"
    "rotation: !Rpy {deg: !UniformVector {min: [0, 0, 0], max: [1, 2, 3]}}",
    "rotation: !AngleAxis {angle_deg: !Gaussian {mean: 1, stddev: 2}, "
    "axis: !GaussianVector {mean: [0, 0, 1], stddev: [0.1]}}",
    "rotation: !AngleAxis {angle_deg: !UniformDiscrete {values: [1, 2, 4]}}",
    # (A random axis fails in the reference's Mean() and Sample().)
    "rotation: !AngleAxis {angle_deg: !Uniform {min: 10, max: 20}, "
    "axis: [1, 1, 0]}",
]


def _load(lib, text):
    schema, yaml, _ = lib
    return yaml.yaml_load_typed(schema=schema.Transform, data=text)


@pytest.mark.parametrize("text", TRANSFORMS)
def test_transform_documents_agree(text):
    ours, theirs = (_load(lib, text) for lib in LIBS)
    assert ossa_yaml.yaml_dump_typed(ours) == \
        drake_yaml.yaml_dump_typed(theirs)
    assert ours.base_frame == theirs.base_frame
    assert type(ours.rotation.value).__name__ == \
        type(theirs.rotation.value).__name__
    assert ours.IsDeterministic() == theirs.IsDeterministic()
    if ours.IsDeterministic():
        np.testing.assert_allclose(
            ours.GetDeterministicValue().GetAsMatrix4(),
            theirs.GetDeterministicValue().GetAsMatrix4(), atol=TOL)
    # The reference's Mean() handles uniform distributions only (ossa
    # raises for Gaussians, where it aborts).
    if "Gaussian" in text:
        with pytest.raises(RuntimeError, match="Gaussian"):
            ours.Mean()
    else:
        np.testing.assert_allclose(ours.Mean().GetAsMatrix4(),
                                   theirs.Mean().GetAsMatrix4(), atol=TOL)
    if ours.base_frame not in (None, "world"):
        for X in (ours, theirs):
            with pytest.raises(RuntimeError, match="base frame"):
                X.Sample(ossa_common.RandomGenerator() if X is ours
                         else drake_common.RandomGenerator())
        return
    if "angle_deg: !Gaussian" in text:
        # Gaussian angles abort the reference; ossa raises.
        with pytest.raises(RuntimeError, match="Gaussian"):
            ours.Sample(ossa_common.RandomGenerator())
        return
    draws = []
    for (_, _, common), X in zip(LIBS, (ours, theirs)):
        generator = common.RandomGenerator(42)
        draws.append([X.Sample(generator).GetAsMatrix4() for _ in range(3)])
    np.testing.assert_allclose(draws[0], draws[1], atol=TOL)


def test_merge_into_defaults_as_the_reference():
    """A document's variant replaces a default of another alternative; a
    mapping of the same alternative merges into it."""
    dumps = []
    for schema, yaml, _ in LIBS:
        default = schema.Transform()
        default.set_rotation_rpy_deg([1.0, 2.0, 3.0])
        default.base_frame = "base"
        out = []
        for text in ("translation: [4, 5, 6]", "rotation: !Rpy {}",
                     "rotation: !AngleAxis {angle_deg: 5}"):
            X = yaml.yaml_load_typed(schema=schema.Transform, data=text,
                                     defaults=default)
            out.append(yaml.yaml_dump_typed(X))
        dumps.append(out)
    assert dumps[0] == dumps[1]


BAD_TRANSFORMS = [
    "rotation: !Foo {}",          # no such alternative
    "rotation: {deg: [1, 2, 3]}",  # untagged: Identity, which has no deg
    "translation: [1, 2]",        # three elements needed
    "bogus: 1",
    "rotation: !Rpy {deg: [1, 2, 3], x: 1}",
    "translation: !Gaussian {mean: 1, stddev: 1}",  # a scalar distribution
    "rotation: !Rpy {deg: [1, 2]}",
    "rotation: !Uniform",         # a tag marks a mapping
]


@pytest.mark.parametrize("text", BAD_TRANSFORMS)
def test_bad_documents_raise_the_same_type(text):
    types = []
    for lib in LIBS:
        with pytest.raises(Exception) as info:
            _load(lib, text)
        types.append(info.type)
    if types[1].__module__.startswith("yaml"):
        assert types[0].__module__.startswith("yaml")
    else:
        assert types[0] is types[1]


def _scalars(schema):
    return [2.5, schema.Deterministic(3.0), schema.Gaussian(1.0, 2.0),
            schema.Gaussian(4.0, 0.0), schema.Uniform(-1.0, 3.0),
            schema.Uniform(2.0, 2.0), schema.UniformDiscrete([1.0, 5.0, 7.0]),
            schema.UniformDiscrete([6.0])]


def test_scalar_distributions_agree():
    results = []
    for schema, _, common in LIBS:
        generator = common.RandomGenerator(7)
        out = []
        for var in _scalars(schema):
            det = schema.IsDeterministic(var)
            out.append((det, schema.Mean(var),
                        schema.GetDeterministicValue(var) if det else None,
                        [schema.Sample(var, generator) for _ in range(4)],
                        type(schema.ToDistribution(var)).__name__))
            if not isinstance(var, float):
                out.append(var.Sample(generator))
        results.append(out)
    assert results[0] == pytest.approx(results[1], abs=TOL) or \
        _nested_close(results[0], results[1])


def _nested_close(a, b):
    if isinstance(a, (list, tuple)):
        assert len(a) == len(b)
        return all(_nested_close(x, y) for x, y in zip(a, b))
    if isinstance(a, float):
        assert a == pytest.approx(b, abs=TOL)
        return True
    assert a == b
    return True


def _vectors(schema, size):
    n = 3 if size in (None, 3) else size
    mean = np.arange(1.0, n + 1)
    return [mean.copy(), schema.DeterministicVector[size](mean),
            schema.GaussianVector[size](mean, [0.5]),
            schema.GaussianVector[size](mean, np.full(n, 0.0)),
            schema.UniformVector[size](mean, mean + 1),
            schema.UniformVector[size](mean, mean)]


@pytest.mark.parametrize("size", [None, 2, 3])
def test_vector_distributions_agree(size):
    results = []
    for schema, _, common in LIBS:
        generator = common.RandomGenerator(11)
        out = []
        for vec in _vectors(schema, size):
            det = schema.IsDeterministic(vec)
            out.append((det, schema.GetDeterministicValue(vec).tolist()
                        if det else None,
                        schema.ToDistributionVector(vec).Mean().tolist()))
            if not isinstance(vec, np.ndarray):
                out.append(vec.Sample(generator).tolist())
        results.append(out)
    _nested_close(results[0], results[1])


def test_scalar_sample_through_the_module_function_matches_member():
    """Sample(var, generator) and var.Sample(generator) draw alike."""
    a, b = (ossa_common.RandomGenerator(3) for _ in range(2))
    var = ossa_schema.Gaussian(0.0, 1.0)
    assert ossa_schema.Sample(var, a) == var.Sample(b)


def test_struct_api_agrees():
    for schema, yaml, common in LIBS:
        math = __import__(schema.__name__.replace("common.schema", "math"),
                          fromlist=["RollPitchYaw"])
        X = schema.Transform(math.RigidTransform(
            math.RollPitchYaw(0.1, 0.2, 0.3), [1.0, 2.0, 3.0]))
        assert isinstance(X.rotation.value, schema.Rotation.Rpy)
        np.testing.assert_allclose(X.rotation.deg,
                                   np.degrees([0.1, 0.2, 0.3]), atol=TOL)
        R = schema.Rotation(math.RollPitchYaw(0.3, 0.0, 0.0))
        np.testing.assert_allclose(R.GetDeterministicValue().matrix(),
                                   math.RotationMatrix.MakeXRotation(
                                       0.3).matrix(), atol=TOL)
        assert isinstance(schema.Rotation().value, schema.Rotation.Identity)
        assert schema.DeterministicVectorX is schema.DeterministicVector[None]
        assert schema.Rotation.AngleAxis().axis.tolist() == [0.0, 0.0, 1.0]
        copy = schema.Transform(X)
        copy.translation = [0.0, 0.0, 0.0]
        assert X.translation.tolist() == [1.0, 2.0, 3.0]
        with pytest.raises(TypeError):
            schema.DeterministicVector[3]([1.0, 2.0])
    assert repr(ossa_schema.Transform()) == repr(drake_schema.Transform())
    assert repr(ossa_schema.Rotation.Rpy()) == \
        repr(drake_schema.Rotation.Rpy())


def test_non_deterministic_values_raise():
    """The reference aborts the process here; ossa raises."""
    with pytest.raises(RuntimeError, match="not deterministic"):
        ossa_schema.GetDeterministicValue(ossa_schema.Gaussian(1.0, 1.0))
    X = ossa_schema.Transform()
    X.rotation = ossa_schema.Rotation.Uniform()
    with pytest.raises(RuntimeError, match="not deterministic"):
        X.GetDeterministicValue()


UNTYPED = ["a: !Rpy {deg: [1, 2, 3]}\nb: [1, 2]",
           "!Foo {x: 1}",
           "list: [!Uniform {}, !AngleAxis {angle_deg: 3, axis: [0, 1, 0]}]"]


@pytest.mark.parametrize("text", UNTYPED)
@pytest.mark.parametrize("private", [False, True])
def test_untyped_tags_agree(text, private):
    """Untyped loading keeps a mapping's tag under "_tag" (a top-level one
    only when private), and dumping writes it back as a tag."""
    ours = ossa_yaml.yaml_load_data(text, private=private)
    theirs = drake_yaml.yaml_load_data(text, private=private)
    assert ours == theirs
    assert ossa_yaml.yaml_dump(ours) == drake_yaml.yaml_dump(theirs)
