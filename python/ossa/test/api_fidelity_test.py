"""The helpers and overloads added for fidelity to the reference's Python
API (issue 24), checked on their own: closed forms, identities and the
errors of bad input. Their agreement with the reference itself is in
api_drake_agreement_test.py."""

import copy
import dataclasses
import os
import types
import typing
import warnings

import numpy as np
import pytest

import ossa.common as common
from ossa.autodiffutils import (AutoDiffXd, ExtractGradient, ExtractValue,
                                InitializeAutoDiff)
from ossa.common import cpp_param, cpp_template
from ossa.common import containers, deprecation
from ossa.common.value import AbstractValue, Value
import ossa.math as om
from ossa.systems import analysis, framework, primitives
from ossa import trajectories


# -- ossa.common --------------------------------------------------------------

def test_random_generator_is_the_standard_mersenne_twister():
    # The C++ standard fixes the 10000th output of a default-constructed
    # std::mt19937 ([rand.predef]): 4123659995.
    generator = common.RandomGenerator()
    for _ in range(9999):
        generator()
    assert generator() == 4123659995
    a, b = common.RandomGenerator(7), common.RandomGenerator(7)
    assert [a() for _ in range(4)] == [b() for _ in range(4)]
    c = copy.copy(a)
    assert c() == a()


def test_parallelism_and_small_helpers(tmp_path, monkeypatch):
    assert common.Parallelism().num_threads() == 1
    assert common.Parallelism(3).num_threads() == 3
    assert common.Parallelism(True).num_threads() == \
        common.Parallelism.Max().num_threads() >= 1
    with pytest.raises(ValueError):
        common.Parallelism(0)
    with pytest.raises(TypeError):
        common.Parallelism("many")
    monkeypatch.setenv("TEST_TMPDIR", str(tmp_path))
    made = common.temp_directory()
    assert os.path.isdir(made) and made.startswith(str(tmp_path))
    assert common.pretty_class_name(om.RigidTransform_[AutoDiffXd]) == \
        "RigidTransform_[AutoDiffXd]"
    assert common.pretty_class_name(om.RigidTransform) == "RigidTransform"
    assert common.pretty_class_name(dict) == "dict"


def test_value_deduces_the_instantiation():
    assert type(Value("x")) is Value[str]
    assert type(Value(2.5)) is Value[float]
    X = om.RigidTransform(p=[1.0, 2.0, 3.0])
    held = Value(X)
    assert type(held) is Value[om.RigidTransform]
    np.testing.assert_array_equal(held.get_value().translation(), [1, 2, 3])
    # No instantiation for the type: Value[object] holds the object itself.
    marker = object()
    assert Value(marker).get_value() is marker
    for param in (om.RotationMatrix_[AutoDiffXd], om.RigidTransform_[float],
                  cpp_param.List[om.RotationMatrix]):
        assert param in Value
    with pytest.raises(TypeError):
        Value(1.0, 2.0)
    assert isinstance(Value[float](1.0), AbstractValue)


def test_cpp_param_generics_and_mangling():
    assert cpp_param.Dict[str, np.float64] == typing.Dict[str, float]
    assert cpp_param.Optional[np.float64] == typing.Optional[float]
    assert cpp_param.Union[int, np.float64] == typing.Union[int, float]
    assert cpp_param.get_param_names((cpp_param.List[float],)) == \
        ["List[float]"]
    assert cpp_param.get_param_names((cpp_param.List[float],), mangle=True) \
        == ["List\U0001D4E3float\U0001D4E4"]


def test_template_deprecation_and_module_name():
    template = cpp_template.TemplateClass("Thing_")
    template.add_instantiation(float, type("ThingFloat", (), {}))
    template.add_instantiation(int, type("ThingInt", (), {}))
    template.deprecate_instantiation(int, "Use Thing_[float].",
                                     date="2038-01-19")
    with pytest.raises(RuntimeError):
        template.deprecate_instantiation(int, "twice")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        template[float]
        template[int]
    assert len(caught) == 1
    assert issubclass(caught[0].category, deprecation.DrakeDeprecationWarning)
    assert "2038-01-19" in str(caught[0].message)
    assert template.get_module_name() == __name__
    assert om.RigidTransform_.get_module_name() == "ossa.math"


# -- deprecation and containers ----------------------------------------------

def test_deprecated_members_warn_and_still_work():
    class Widget:
        @deprecation.deprecated("Use size2.")
        @property
        def size(self):
            return 3

        @deprecation.deprecated("Use grow2().")
        def grow(self, n):
            return n + 1

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert Widget().size == 3
        assert Widget().grow(1) == 2
    assert [str(w.message) for w in caught] == ["Use size2.", "Use grow2()."]
    assert all(w.category is deprecation.DrakeDeprecationWarning
               for w in caught)


def test_module_shim_answers_missing_names():
    module = types.ModuleType("shimmed")
    module.present = 1

    def handler(name):
        if name == "old":
            return "replacement"
        raise AttributeError(name)

    shim = deprecation.ModuleShim(module, handler)
    assert shim.present == 1 and shim.old == "replacement"
    with pytest.raises(AttributeError):
        shim.absent
    shim.added = 5
    assert module.added == 5
    with pytest.raises(TypeError):
        deprecation.ModuleShim("not a module", handler)
    deprecation.install_numpy_warning_filters()
    deprecation.install_numpy_warning_filters(force=True)


def test_equal_to_dict_uses_equal_to():
    class Key:
        def __init__(self, v):
            self.v = v

        def __hash__(self):
            return hash(self.v)

        def __eq__(self, other):
            raise AssertionError("== must not be used")

        def EqualTo(self, other):
            return self.v == other.v

    d = containers.EqualToDict({Key(1): "a"})
    d[Key(2)] = "b"
    assert d[Key(1)] == "a" and Key(2) in d and Key(3) not in d
    assert sorted(k.v for k in d.keys()) == [1, 2]
    del d[Key(1)]
    assert len(d) == 1
    with pytest.raises(TypeError):
        containers.EqualToDict({1: 2})[1]


def test_namedview_shares_its_vector():
    View = containers.namedview("View", ["a", "b"])
    data = np.array([1.0, 2.0])
    view = View(data)
    view.b = 7.0
    assert data[1] == 7.0  # a view, not a copy
    view[0] = 3.0
    assert view.a == 3.0 and len(view) == 2
    with pytest.raises(ValueError):
        containers.namedview("Bad", ["a b"], sanitize_field_names=False)
    with pytest.raises(ValueError):
        containers.namedview("Dup", ["a", "a"])
    with pytest.raises(AssertionError):
        View([1.0])


# -- yaml ---------------------------------------------------------------------

@dataclasses.dataclass
class _Gains:
    kp: float = 1.0
    kd: float = 0.1
    names: typing.List[str] = dataclasses.field(default_factory=list)
    extra: typing.Dict[str, float] = dataclasses.field(
        default_factory=lambda: {"keep": 1.0})
    limit: typing.Optional[float] = None


def test_yaml_untyped(tmp_path):
    from ossa.common import yaml as oyaml
    assert oyaml.yaml_load_data("a: 1\n_private: 2") == {"a": 1}
    assert oyaml.yaml_load_data("_p: 2", private=True) == {"_p": 2}
    path = tmp_path / "x.yaml"
    oyaml.yaml_dump({"b": [1, 2], "a": 0.5}, filename=str(path))
    assert oyaml.yaml_load(filename=str(path)) == {"a": 0.5, "b": [1, 2]}
    with pytest.raises(RuntimeError):
        oyaml.yaml_load()
    with pytest.raises(RuntimeError):
        oyaml.yaml_load(data="a: 1", filename=str(path))


def test_yaml_typed_merges_into_defaults():
    from ossa.common import yaml as oyaml
    defaults = _Gains(kp=5.0)
    loaded = oyaml.yaml_load_typed(
        data="kd: 2\nextra: {new: 3}\nlimit: 4", defaults=defaults)
    assert loaded == _Gains(kp=5.0, kd=2.0, extra={"keep": 1.0, "new": 3.0},
                            limit=4.0)
    assert defaults == _Gains(kp=5.0)  # not modified
    replaced = oyaml.yaml_load_typed(schema=_Gains, data="extra: {new: 3}",
                                     retain_map_defaults=False)
    assert replaced.extra == {"new": 3.0}
    assert oyaml.yaml_load_typed(
        schema=_Gains, data="other: 1\nkp: 2",
        allow_yaml_with_no_schema=True).kp == 2.0
    nested = oyaml.yaml_load_typed(schema=_Gains, data="g: {kp: 9}",
                                   child_name="g")
    assert nested.kp == 9.0
    with pytest.raises(TypeError):
        oyaml.yaml_load_typed(schema=_Gains, data="kp: [1]")
    with pytest.raises(TypeError):
        oyaml.yaml_load_typed(schema=int, data="1")
    # Dump then load gives the same object back.
    original = _Gains(kp=2.5, names=["x", "y"], limit=1e-9)
    text = oyaml.yaml_dump_typed(original)
    assert oyaml.yaml_load_typed(schema=_Gains, data=text) == original
    assert oyaml.yaml_dump_typed(_Gains(), defaults=_Gains()) == "{}\n"


def test_yaml_reads_bound_config_structs():
    from ossa.common import yaml as oyaml
    config = oyaml.yaml_load_typed(
        schema=analysis.SimulatorConfig,
        data="integration_scheme: radau3\nstart_time: 2.0")
    assert config.integration_scheme == "radau3"
    assert config.start_time == 2.0
    assert config.max_step_size == analysis.SimulatorConfig().max_step_size
    assert [f.name for f in analysis.SimulatorConfig.__fields__][-3:] == [
        "start_time", "target_realtime_rate", "publish_every_time_step"]


# -- structs, autodiff, math --------------------------------------------------

def test_config_structs_take_keywords():
    config = analysis.SimulatorConfig(target_realtime_rate=2.0,
                                      accuracy=1e-3)
    assert (config.target_realtime_rate, config.accuracy) == (2.0, 1e-3)
    assert config.max_step_size == analysis.SimulatorConfig().max_step_size
    with pytest.raises(AttributeError):
        analysis.SimulatorConfig(no_such_field=1)
    with pytest.raises(TypeError):
        analysis.SimulatorConfig(accuracy="high")
    params = analysis.InitializeParams(suppress_initialization_events=True)
    assert copy.deepcopy(params).suppress_initialization_events


def test_autodiff_unit_derivative():
    x = AutoDiffXd(value=2.0, size=4, offset=3)
    assert x.value() == 2.0
    np.testing.assert_array_equal(x.derivatives(), [0, 0, 0, 1])
    for size, offset in ((2, 2), (2, -1), (-1, 0)):
        with pytest.raises(ValueError):
            AutoDiffXd(1.0, size, offset)


def test_math_functions_apply_the_chain_rule():
    x = AutoDiffXd(0.7, [1.0, 3.0])
    # d sin(x) = cos(x)·dx, d exp(x) = exp(x)·dx, d x^3 = 3x²·dx.
    np.testing.assert_allclose(om.sin(x).derivatives(),
                               np.cos(0.7) * np.array([1.0, 3.0]), rtol=1e-15)
    np.testing.assert_allclose(om.exp(x).derivatives(),
                               np.exp(0.7) * np.array([1.0, 3.0]), rtol=1e-15)
    np.testing.assert_allclose(om.pow(x, 3.0).derivatives(),
                               3 * 0.49 * np.array([1.0, 3.0]), rtol=1e-14)
    assert om.sin(0.7) == np.sin(0.7) and om.sqrt(4) == 2.0
    assert om.max(x, 0.5).value() == 0.7 and om.min(0.5, x) == 0.5
    assert om.isnan(float("nan")) and not om.isnan(x)
    with pytest.raises(TypeError):
        om.cos("x")
    with pytest.raises(ValueError):
        om.wrap_to(1.0, 2.0, 2.0)
    # wrap_to keeps the derivatives (a shift by a constant).
    wrapped = om.wrap_to(AutoDiffXd(7.0, [1.0]), 0.0, 2.0)
    assert wrapped.value() == 1.0 and wrapped.derivatives()[0] == 1.0


def test_inverse_of_an_autodiff_matrix():
    A = np.array([[3.0, 1.0, 0.0], [1.0, 4.0, 1.0], [0.5, 0.0, 2.0]])
    Ad = InitializeAutoDiff(A)
    Ainv = om.inv(Ad)
    np.testing.assert_allclose(ExtractValue(Ainv), np.linalg.inv(A),
                               rtol=1e-14)
    # d(A⁻¹)/dA_k = -A⁻¹ (dA/dA_k) A⁻¹, for each entry k (column-major).
    inv = np.linalg.inv(A)
    gradient = ExtractGradient(Ainv)
    for k in range(9):
        dA = np.zeros(9)
        dA[k] = 1.0
        dA = dA.reshape(3, 3, order="F")
        expected = -inv @ dA @ inv
        np.testing.assert_allclose(gradient[:, k],
                                   expected.ravel(order="F"), atol=1e-14)
    with pytest.raises(ValueError):
        om.inv(InitializeAutoDiff(np.zeros((2, 2))))
    with pytest.raises(ValueError):
        om.inv(np.ones((2, 3)))
    np.testing.assert_allclose(om.matmul(A, inv), np.eye(3), atol=1e-14)


def test_eigen_geometry_casts_keep_values():
    from ossa.common.eigen_geometry import AngleAxis_, Isometry3, Quaternion
    q = Quaternion(AngleAxis_[float](0.3, [0.0, 1.0, 0.0]).quaternion())
    q_ad = q.cast[AutoDiffXd]()
    np.testing.assert_array_equal(
        [v.value() for v in q_ad.wxyz()], q.wxyz())
    back = q_ad.cast[float]()
    np.testing.assert_array_equal(back.wxyz(), q.wxyz())
    X = Isometry3(q, [1.0, 2.0, 3.0])
    np.testing.assert_allclose(X.quaternion().wxyz(), q.wxyz(), atol=1e-15)
    X.set_quaternion(Quaternion())
    np.testing.assert_array_equal(X.rotation(), np.eye(3))
    # slerp halfway between identity and a rotation by θ rotates by θ/2.
    half = Quaternion().slerp(0.5, q)
    np.testing.assert_allclose(
        half.wxyz(), AngleAxis_[float](0.15, [0.0, 1.0, 0.0])
        .quaternion().wxyz(), atol=1e-15)


# -- systems and trajectories -------------------------------------------------

def test_default_port_names_and_random_inputs():
    class Ports(framework.LeafSystem):
        def __init__(self):
            framework.LeafSystem.__init__(self)
            self.DeclareVectorInputPort(framework.kUseDefaultName, 2)
            self.DeclareVectorInputPort("named", framework.BasicVector(3))
            index = self.DeclareDiscreteState(framework.BasicVector([4.0]))
            self.DeclareStateOutputPort(framework.kUseDefaultName, index)

    system = Ports()
    assert [system.get_input_port(i).get_name() for i in range(2)] == [
        "u0", "named"]
    assert system.get_input_port(1).size() == 3
    assert system.get_output_port().get_name() == "y0"
    assert list(system.get_output_port().Eval(
        system.CreateDefaultContext())) == [4.0]
    assert repr(framework.kUseDefaultName) == "kUseDefaultName"

    class Random(framework.LeafSystem):
        def __init__(self):
            framework.LeafSystem.__init__(self)
            self.DeclareVectorInputPort(
                "u", 1, random_type=common.RandomDistribution.kGaussian)

    # A random port is honoured: AddRandomInputs connects a RandomSource.
    from ossa.systems.primitives import AddRandomInputs
    builder = framework.DiagramBuilder()
    builder.AddSystem(Random())
    assert AddRandomInputs(0.1, builder) == 1
    assert AddRandomInputs(0.1, builder) == 0  # now connected

    class BadName(framework.LeafSystem):
        def __init__(self):
            framework.LeafSystem.__init__(self)
            self.DeclareVectorInputPort(3, 1)

    with pytest.raises(TypeError):
        BadName()


def test_python_system_type_names_its_class():
    class Mine(framework.LeafSystem):
        def __init__(self):
            super().__init__()

    assert Mine().GetSystemType() == f"{__name__}.{Mine.__qualname__}"
    assert primitives.Gain(1.0, 1).GetSystemType().endswith("Gain<double>")


def test_system_random_context_uses_the_generator():
    system = primitives.Integrator(2)
    context = system.CreateDefaultContext()
    # Nothing is random in an Integrator: the default state results.
    system.SetRandomContext(context, common.RandomGenerator(1))
    np.testing.assert_array_equal(
        context.get_continuous_state_vector().CopyToVector(), [0.0, 0.0])


def test_linear_system_on_autodiff_gives_its_jacobians():
    A = np.array([[0.0, 1.0], [-2.0, -0.5]])
    B = np.array([[0.0], [1.0]])
    C = np.array([[1.0, 0.0], [0.0, 2.0]])
    D = np.array([[0.0], [3.0]])
    system = primitives.LinearSystem_[AutoDiffXd](A, B, C, D)
    context = system.CreateDefaultContext()
    xu = InitializeAutoDiff(np.array([0.3, -0.2, 1.5]))
    context.SetContinuousState(xu[:2])
    system.get_input_port().FixValue(context, xu[2:])
    xdot = system.EvalTimeDerivatives(context).CopyToVector()
    y = system.get_output_port().Eval(context)
    # ∂ẋ/∂(x, u) = [A B], ∂y/∂(x, u) = [C D].
    np.testing.assert_array_equal(ExtractGradient(xdot), np.hstack([A, B]))
    np.testing.assert_array_equal(ExtractGradient(y), np.hstack([C, D]))
    with pytest.raises(RuntimeError):
        primitives.LinearSystem(A, np.ones((3, 1)), C, D)


def test_piecewise_polynomial_of_a_vector_and_on_autodiff():
    constant = trajectories.PiecewisePolynomial([1.0, 2.0, 3.0])
    assert (constant.rows(), constant.cols()) == (3, 1)
    np.testing.assert_array_equal(constant.value(5.0).ravel(), [1, 2, 3])
    PP_ad = trajectories.PiecewisePolynomial_[AutoDiffXd]
    ramp = PP_ad.FirstOrderHold([0.0, 1.0], np.array([[0.0, 2.0]]))
    t = AutoDiffXd(0.25, [1.0])
    value = ramp.value(t)[0, 0]
    # y = 2t: value 0.5, dy/dt = 2.
    assert value.value() == 0.5 and value.derivatives()[0] == 2.0


def test_python_trajectory_needs_its_methods():
    class Half(trajectories.Trajectory):
        def __init__(self):
            trajectories.Trajectory.__init__(self)

        def do_rows(self):
            return 1

        def do_cols(self):
            return 1

        def do_start_time(self):
            return 0.0

        def do_end_time(self):
            return 2.0

        def do_value(self, t):
            return [0.5 * t]  # a 1-d result is a column

    # C++ clones a Python trajectory with copy.deepcopy, which needs
    # __deepcopy__ (the Python object is not picklable).
    with pytest.raises(TypeError, match="pickle"):
        primitives.TrajectorySource(Half())

    class CopyableHalf(Half):
        def __deepcopy__(self, memo):
            return CopyableHalf()

    half = CopyableHalf()
    assert half.value(3.0).tolist() == [[1.5]]
    assert not half.has_derivative()
    source = primitives.TrajectorySource(half)
    context = source.CreateDefaultContext()
    context.SetTime(1.0)
    assert list(source.get_output_port().Eval(context)) == [0.5]

    class Incomplete(trajectories.Trajectory):
        def __init__(self):
            trajectories.Trajectory.__init__(self)

    with pytest.raises(RuntimeError):
        Incomplete().rows()
