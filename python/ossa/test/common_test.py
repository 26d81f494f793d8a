"""Tests of ossa.common: version, logging control, AbstractValue/Value."""

import copy
import logging
import pathlib
import re

import numpy as np
import pytest

import ossa
from ossa.common import set_log_level
from ossa.common.value import AbstractValue, Value

T = ossa._ext.common._testing


def test_version_matches_the_package_metadata():
    # The extension's version comes from the CMake project version; it must
    # agree with the wheel's version in pyproject.toml.
    assert ossa.common.__version__ == ossa.__version__
    pyproject = pathlib.Path(__file__).parents[3] / "pyproject.toml"
    declared = re.search(r'^version = "([^"]+)"', pyproject.read_text(),
                         re.MULTILINE).group(1)
    assert ossa.__version__ == declared


def test_set_log_level_round_trip_and_filtering():
    original = set_log_level("warn")
    try:
        assert set_log_level("err") == "warn"
        # Below the threshold nothing reaches the sink; at it, the message.
        assert T.LogAndCapture("warn", "dropped") == []
        assert T.LogAndCapture("err", "kept") == ["kept"]
        assert set_log_level("debug") == "err"
        assert T.LogAndCapture("debug", "now kept") == ["now kept"]
        assert set_log_level("off") == "debug"
        assert T.LogAndCapture("err", "x") == []
        with pytest.raises(RuntimeError, match="unknown level 'loud'"):
            set_log_level("loud")
    finally:
        set_log_level(original)


class _Records(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append(record)


@pytest.fixture
def ossa_records():
    logger = logging.getLogger("ossa")
    handler = _Records()
    logger.addHandler(handler)
    original = set_log_level("info")
    try:
        yield handler.records
    finally:
        set_log_level(original)
        logger.removeHandler(handler)
        ossa.common._redirect_cpp_logging_to_python()


def test_cpp_messages_go_to_python_logging(ossa_records):
    T.Log("warn", "from C++")
    T.Log("err", "bad")
    T.Log("debug", "below the C++ threshold")
    assert [(r.name, r.levelno, r.getMessage()) for r in ossa_records] == [
        ("ossa", logging.WARNING, "from C++"), ("ossa", logging.ERROR, "bad")]
    # The C++ threshold applies before Python sees anything.
    set_log_level("err")
    T.Log("warn", "dropped")
    assert len(ossa_records) == 2
    # Native logging bypasses Python.
    ossa.common.use_native_cpp_logging()
    T.Log("err", "to stderr directly")
    assert len(ossa_records) == 2


def test_python_log_lines_look_like_native_ones():
    record = logging.LogRecord("ossa", logging.WARNING, __file__, 1,
                               "watch out", None, None)
    assert ossa.common._OssaFormatter().format(record) == (
        "[ossa] [warning] watch out")
    handlers = logging.getLogger("ossa").handlers
    assert any(isinstance(h.formatter, ossa.common._OssaFormatter)
               for h in handlers)


def test_default_handler_writes_to_the_current_stderr(capsys):
    original = set_log_level("info")
    try:
        T.Log("warn", "seen by capsys")
    finally:
        set_log_level(original)
    assert "[ossa] [warning] seen by capsys" in capsys.readouterr().err


def test_messages_reach_caplog(caplog):
    with caplog.at_level(logging.INFO, logger="ossa"):
        T.Log("warn", "for caplog")
    assert ("ossa", logging.WARNING, "for caplog") in caplog.record_tuples


def test_value_template_instantiations():
    assert Value[float].__name__ == "Value[float]"
    assert Value[np.float64] is Value[float]
    assert Value[object].__name__ == "Value[object]"
    assert Value.param_list[0] == (float,)
    for cls, v in [(Value[float], 1.5), (Value[int], 3), (Value[bool], True),
                   (Value[str], "text")]:
        value = cls(v)
        assert isinstance(value, AbstractValue)
        assert value.get_value() == v
        value.set_value(type(v)(v * 2) if not isinstance(v, bool) else False)
        assert value.get_value() == (v * 2 if not isinstance(v, bool)
                                     else False)
    vec = Value[np.ndarray](np.array([1.0, 2.0]))
    np.testing.assert_array_equal(vec.get_value(), [1.0, 2.0])
    # get_mutable_value is a view into the held vector.
    vec.get_mutable_value()[0] = 5.0
    np.testing.assert_array_equal(vec.get_value(), [5.0, 2.0])


def test_make_picks_the_instantiation():
    assert type(AbstractValue.Make(1.0)) is Value[float]
    assert type(AbstractValue.Make(2)) is Value[int]
    assert type(AbstractValue.Make("s")) is Value[str]
    assert type(AbstractValue.Make(np.array([1.0]))) is Value[np.ndarray]
    # Anything else, including a 2-d array, is held as an object.
    for v in ([1, 2], {"a": 1}, np.zeros((2, 2))):
        assert type(AbstractValue.Make(v)) is Value[object]
        assert AbstractValue.Make(v).get_value() is v


def test_clone_set_from_and_copy():
    a = Value[float](1.0)
    b = a.Clone()
    # Clone returns the concrete Value[float] (polymorphic downcast).
    assert type(b) is Value[float]
    b.set_value(2.0)
    assert a.get_value() == 1.0
    a.SetFrom(b)
    assert a.get_value() == 2.0
    assert type(copy.copy(a)) is Value[float]
    assert copy.deepcopy(a).get_value() == 2.0
    with pytest.raises(RuntimeError, match="SetFrom|get_value"):
        a.SetFrom(Value[str]("x"))
    assert "double" in a.GetNiceTypeName()


def test_object_value_holds_and_deep_copies():
    payload = {"k": [1, 2]}
    v = Value[object](payload)
    # The value holds the object itself...
    assert v.get_value() is payload
    # ...and a clone holds a deep copy.
    c = v.Clone()
    assert c.get_value() == payload and c.get_value() is not payload
    c.get_value()["k"].append(3)
    assert payload == {"k": [1, 2]}
    v.set_value(None)
    assert v.get_value() is None
    assert Value[object]().get_value() is None
