"""Tests of the template machinery: ossa.common.cpp_template and
cpp_param in pure Python, and the C++ helpers (template_util.h) through the
test-only ScalarBox_ template of ossa._ext.common._testing."""

import copy
import pickle
import subprocess
import sys
import types
import typing

import numpy as np
import pytest

import ossa
from ossa.autodiffutils import AutoDiffXd
from ossa.common import cpp_param
from ossa.common.cpp_template import (
    TemplateClass,
    TemplateFunction,
    TemplateInstantiationError,
    TemplateMethod,
    get_or_init,
)

T = ossa._ext.common._testing


# ---------------------------------------------------------------------------
# Parameters.

def test_param_canonical_and_names():
    assert cpp_param.get_param_canonical(np.float64) is float
    assert cpp_param.get_param_canonical(np.bool_) is bool
    assert cpp_param.get_param_canonical(AutoDiffXd) is AutoDiffXd
    assert cpp_param.get_param_names((float, int, AutoDiffXd, 3)) == [
        "float", "int", "AutoDiffXd", "3"]
    assert cpp_param.get_param_name(cpp_param.List[np.float64]) == "List[float]"
    assert cpp_param.List[float] == typing.List[float]


# ---------------------------------------------------------------------------
# Pure-Python templates.

def make_class_template():
    @TemplateClass.define("Box_", param_list=[(float,), (int,)])
    def Box_(param):
        (T_,) = param

        class Box:
            scalar = T_
        return Box
    return Box_


def test_template_class_lookup_and_naming():
    Box_ = make_class_template()
    assert Box_.param_list == [(float,), (int,)]
    assert Box_[float].scalar is float
    # Aliases of the parameter find the same instantiation.
    assert Box_[np.float64] is Box_[float]
    assert Box_[(float,)] is Box_[float]
    assert Box_[None] is Box_[float] is Box_.default
    assert Box_[int].__name__ == "Box_[int]"
    assert Box_[int].__qualname__ == "Box_[int]"
    assert Box_.get_instantiation(int) == (Box_[int], (int,))
    assert Box_.get_instantiation() == (Box_[float], (float,))
    assert Box_.is_instantiation(Box_[int])
    assert not Box_.is_instantiation(int)
    assert Box_.get_param_set(Box_[int]) == {(int,)}
    assert float in Box_ and str not in Box_
    assert repr(Box_) == f"<TemplateClass {__name__}.Box_>"

    class Derived(Box_[int]):
        pass
    assert Box_.is_subclass_of_instantiation(Derived) is Box_[int]
    assert Box_.is_subclass_of_instantiation(int) is None


def test_missing_instantiation_raises():
    Box_ = make_class_template()
    with pytest.raises(TemplateInstantiationError,
                       match=r"Invalid instantiation: Box_\[str\].*\[float\], "
                             r"\[int\]"):
        Box_[str]
    # It is both a RuntimeError (as the reference raises) and a LookupError.
    with pytest.raises(RuntimeError):
        Box_[str]
    with pytest.raises(LookupError):
        Box_[str]
    assert Box_.get_instantiation(str, throw_error=False) == (None, (str,))
    no_default = TemplateClass("NoDefault", allow_default=False)
    no_default.add_instantiation(int, type("X", (), {}))
    with pytest.raises(TemplateInstantiationError, match="no default"):
        no_default[None]
    with pytest.raises(RuntimeError, match="already registered"):
        no_default.add_instantiation(int, object)


def test_template_function_and_method():
    f = TemplateFunction("Twice")
    f.add_instantiation(float, lambda x: 2.0 * x)
    f.add_instantiation(int, lambda x: 2 * x)
    assert f[float](1.5) == 3.0 and f[int](2) == 4
    assert f[int].__name__ == "Twice[int]"

    class Holder:
        def __init__(self, v):
            self.v = v

    m = get_or_init(Holder, "Get", TemplateMethod)
    m.add_instantiation(int, lambda self: int(self.v))
    m.add_instantiation(str, lambda self: str(self.v))
    h = Holder(3.0)
    assert h.Get[int]() == 3 and h.Get[str]() == "3.0"
    assert Holder.Get is m  # unbound access gives the template
    assert isinstance(h.Get[int], types.MethodType)
    assert "unbound TemplateMethod" in repr(Holder.Get)
    assert "bound TemplateMethod" in repr(h.Get)
    # get_or_init returns the existing template, and refuses other objects.
    assert get_or_init(Holder, "Get", TemplateMethod) is m
    Holder.Other = 1
    with pytest.raises(TypeError, match="not a TemplateMethod"):
        get_or_init(Holder, "Other", TemplateMethod)


# ---------------------------------------------------------------------------
# Templates registered from C++ (template_util.h).

def test_cpp_template_class_naming_and_default_alias():
    assert T.ScalarBox_.param_list == [(float,), (AutoDiffXd,)]
    assert T.ScalarBox is T.ScalarBox_[float]
    assert T.ScalarBox_[float].__name__ == "ScalarBox_[float]"
    assert T.ScalarBox_[AutoDiffXd].__name__ == "ScalarBox_[AutoDiffXd]"
    assert T.ScalarParamNames() == ("float", "AutoDiffXd")
    assert repr(T.ScalarBox_) == (
        "<TemplateClass ossa._ext.common._testing.ScalarBox_>")
    box = T.ScalarBox_[AutoDiffXd](AutoDiffXd(2.5, [1.0]))
    assert isinstance(box, T.ScalarBox_[AutoDiffXd])
    assert box.value.derivatives().tolist() == [1.0]
    assert T.ScalarBox(1.5).value == 1.5


def test_cpp_template_method_and_function():
    box = T.ScalarBox_[float](2.75)
    assert box.ValueAs[float]() == 2.75
    assert box.ValueAs[int]() == 2
    assert T.ScalarBox.ValueAs.param_list == [(float,), (int,)]
    assert T.Twice[float](1.25) == 2.5
    r = T.Twice[AutoDiffXd](AutoDiffXd(1.0, [1.0, 2.0]))
    assert r.value() == 2.0 and r.derivatives().tolist() == [2.0, 4.0]


def test_cpp_template_copy_and_pickle():
    for cls, value in [(T.ScalarBox_[float], 1.5),
                       (T.ScalarBox_[AutoDiffXd], AutoDiffXd(1.5, [3.0]))]:
        box = cls(value)
        for other in (copy.copy(box), copy.deepcopy(box),
                      pickle.loads(pickle.dumps(box))):
            assert type(other) is cls and other is not box
            assert other.value == 1.5
        # The copy is independent of the original.
        other = copy.copy(box)
        other.value = 7.0
        assert box.value == 1.5


def test_cpp_template_instance_unpickles_in_fresh_interpreter():
    # Pickle stores the class by module and "ScalarBox_[AutoDiffXd]"; a new
    # process must find it (ossa registers the extension's submodules).
    box = T.ScalarBox_[AutoDiffXd](AutoDiffXd(2.0, [1.0, 3.0]))
    code = ("import pickle, sys; b = pickle.loads(sys.stdin.buffer.read()); "
            "print(type(b).__name__, b.value.value(), "
            "b.value.derivatives().tolist())")
    out = subprocess.run([sys.executable, "-c", code],
                         input=pickle.dumps(box), capture_output=True,
                         check=True).stdout
    assert out.decode().split() == [
        "ScalarBox_[AutoDiffXd]", "2.0", "[1.0,", "3.0]"]


def test_bound_classes_report_their_public_module():
    # As the reference's do: ossa.common.Value[float], not ossa._ext....
    from ossa.common.value import Value
    assert AutoDiffXd.__module__ == "ossa.autodiffutils"
    assert Value[float].__module__ == "ossa.common"
    assert repr(Value) == "<TemplateClass ossa.common.Value>"
    assert repr(Value[float]) == "<class 'ossa.common.Value[float]'>"
