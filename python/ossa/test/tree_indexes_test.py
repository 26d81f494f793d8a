"""Tests of the index types of ossa.multibody.tree."""

import copy
import pickle
import subprocess
import sys

import numpy as np
import pytest

from ossa.multibody.tree import (
    BodyIndex,
    ForceElementIndex,
    FrameIndex,
    JointActuatorIndex,
    JointIndex,
    ModelInstanceIndex,
    default_model_instance,
    world_frame_index,
    world_index,
    world_model_instance,
)

ALL = [BodyIndex, FrameIndex, JointIndex, JointActuatorIndex,
       ForceElementIndex, ModelInstanceIndex]


@pytest.mark.parametrize("Index", ALL)
def test_validity_and_int_conversion(Index):
    assert not Index().is_valid()
    i = Index(4)
    assert i.is_valid() and int(i) == 4
    # operator.index: an index can index a list or an array.
    assert [10, 11, 12, 13, 14][i] == 14
    assert np.arange(5)[i] == 4
    assert repr(i) == f"{Index.__name__}(4)"
    assert repr(Index()) == f"{Index.__name__}()"
    with pytest.raises(RuntimeError, match="invalid"):
        int(Index())
    with pytest.raises(RuntimeError, match="negative"):
        Index(-1)


@pytest.mark.parametrize("Index", ALL)
def test_comparisons_and_hash(Index):
    a, b = Index(1), Index(2)
    assert a < b and a <= b and b > a and b >= a and a != b
    assert a == Index(1) and a == 1 and 1 == a and a != 2 and a < 2
    assert np.int64(1) == a
    assert Index() == Index() and Index() != 0
    # Equal objects hash equally, including an index and its int.
    assert hash(a) == hash(Index(1)) == hash(1)
    assert {a: "x"}[1] == "x"
    with pytest.raises(RuntimeError, match="invalid"):
        Index() < 1


def test_kinds_do_not_mix():
    assert BodyIndex(1) != JointIndex(1)
    assert not (BodyIndex(1) == JointIndex(1))
    with pytest.raises(TypeError):
        BodyIndex(1) < JointIndex(2)
    with pytest.raises(TypeError):
        BodyIndex(1.5)


@pytest.mark.parametrize("Index", ALL)
def test_copy_and_pickle(Index):
    for i in (Index(7), Index()):
        for j in (copy.copy(i), copy.deepcopy(i), pickle.loads(pickle.dumps(i))):
            assert type(j) is Index and j == i
            assert j.is_valid() == i.is_valid()


def test_well_known_indices():
    assert world_index() == BodyIndex(0) and type(world_index()) is BodyIndex
    assert world_frame_index() == FrameIndex(0)
    assert world_model_instance() == ModelInstanceIndex(0)
    assert default_model_instance() == ModelInstanceIndex(1)


def test_module_and_unpickling_in_fresh_interpreter():
    assert BodyIndex.__module__ == "ossa.multibody.tree"
    data = pickle.dumps([BodyIndex(5), ModelInstanceIndex()])
    code = ("import pickle, sys; i, j = pickle.loads(sys.stdin.buffer.read()); "
            "print(repr(i), repr(j), type(i).__module__)")
    out = subprocess.run([sys.executable, "-c", code], input=data,
                         capture_output=True, check=True).stdout
    assert out.decode().split() == [
        "BodyIndex(5)", "ModelInstanceIndex()", "ossa.multibody.tree"]
