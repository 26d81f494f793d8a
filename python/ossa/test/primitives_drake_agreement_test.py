"""The primitives of ossa.systems.primitives against the reference toolkit's:
each system is built by ONE function of `lib` (a namespace holding either
library's modules), run on ossa and on pydrake, and the outputs,
derivatives, updates and exception types compared.

Floating-point results are compared to 1e-12 relative: both libraries
evaluate the same closed forms (sums of products of the same doubles), which
agree to a few ulps; a behavioural difference shows up at O(1e-3) or more.
Errors that abort the reference process (its internal assertions) are
checked on ossa alone.
"""


import numpy as np
import pytest

pytest.importorskip("pydrake")

from peer_modules import ModuleSet, error_of  # noqa: E402
from peer_modules import both as _both  # noqa: E402

OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")
RTOL = 1e-12


def both(program):
    """Runs program(lib) on both libraries: (ossa's result, pydrake's)."""
    return _both(program, OSSA, DRAKE)




def assert_same_errors(ours, theirs):
    """Each exception type of ossa's is the reference's (or a subclass)."""
    assert len(ours) == len(theirs)
    for o, t in zip(ours, theirs):
        assert (o is None and t is None) or (
            o is not None and t is not None and issubclass(o, t)), (o, t)


def assert_close(ours, theirs, what=""):
    ours, theirs = np.asarray(ours, float), np.asarray(theirs, float)
    assert ours.shape == theirs.shape, (what, ours.shape, theirs.shape)
    np.testing.assert_allclose(ours, theirs, rtol=RTOL, atol=RTOL,
                               err_msg=what)


def assert_results_close(ours, theirs):
    """Compares two dicts of arrays (or of plain values) key by key."""
    assert ours.keys() == theirs.keys()
    for key in ours:
        if isinstance(ours[key], (str, bool, type(None), tuple)):
            assert ours[key] == theirs[key], key
        else:
            assert_close(ours[key], theirs[key], key)


# -- Selector ----------------------------------------------------------------

def _selector_params(lib):
    P = lib.primitives.SelectorParams
    return P(
        inputs=[P.InputPortParams(size=2),
                P.InputPortParams(name="b", size=3)],
        outputs=[
            P.OutputPortParams(selections=[
                P.OutputSelection(input_port_index=1, input_offset=2),
                P.OutputSelection(input_port_index=0, input_offset=0),
                P.OutputSelection(input_port_index=1, input_offset=0)]),
            P.OutputPortParams(name="z", selections=[
                P.OutputSelection(input_port_index=1, input_offset=1)])])


def test_selector_routes_elements():
    def program(lib):
        params = _selector_params(lib)
        selector = lib.primitives.Selector(params)
        context = selector.CreateDefaultContext()
        selector.get_input_port(0).FixValue(context, [1.5, -2.0])
        selector.get_input_port(1).FixValue(context, [3.0, 4.25, 5.0])
        names = tuple(
            [selector.get_input_port(i).get_name() for i in range(2)] +
            [selector.get_output_port(i).get_name() for i in range(2)])
        feedthrough = tuple(selector.HasDirectFeedthrough(i, o)
                            for i in range(2) for o in range(2))
        return dict(
            names=names, feedthrough=feedthrough,
            y0=selector.get_output_port(0).Eval(context),
            z=selector.get_output_port(1).Eval(context),
            repr=repr(params).replace("ossa" if lib.is_ossa else "pydrake", ""),
            input_name=params.inputs[0].name,
            fields=tuple(f.name for f in type(params).__fields__))
    assert_results_close(*both(program))


def _make_selector(lib, inputs, selections):
    P = lib.primitives.SelectorParams
    return lib.primitives.Selector(P(
        inputs=[P.InputPortParams(name=name, size=size)
                for name, size in inputs],
        outputs=[P.OutputPortParams(selections=[
            P.OutputSelection(input_port_index=n, input_offset=j)
            for n, j in selections])]))


def test_selector_duplicate_port_name():
    def program(lib):
        return [error_of(lambda: _make_selector(
            lib, [("a", 1), ("a", 1)], []))]
    assert_same_errors(*both(program))


@pytest.mark.parametrize("inputs, selections, message", [
    ([(None, 2)], [(1, 0)], "selects input port 1"),
    ([(None, 2)], [(0, 2)], "selects offset 2"),
    ([(None, -1)], [], "has size -1")])
def test_selector_rejects_bad_params(inputs, selections, message):
    # The reference ends the process on these (a failed internal check);
    # ossa raises, naming the output element or the input port.
    with pytest.raises(RuntimeError, match=message):
        _make_selector(OSSA, inputs, selections)


# -- PortSwitch --------------------------------------------------------------

def test_port_switch_passes_the_selected_input():
    def program(lib):
        switch = lib.primitives.PortSwitch(2)
        a = switch.DeclareInputPort("a")
        b = switch.DeclareInputPort("b")
        context = switch.CreateDefaultContext()
        a.FixValue(context, [1.0, 2.0])
        b.FixValue(context, [3.0, 4.0])
        selector = switch.get_port_selector_input_port()
        results = dict(
            names=tuple(switch.get_input_port(i).get_name()
                        for i in range(3)) +
            (switch.get_output_port().get_name(),),
            feedthrough=tuple(switch.HasDirectFeedthrough(i, 0)
                              for i in range(3)),
            a_index=a.get_index(), b_index=b.get_index())
        for index in (1, 2):
            selector.FixValue(context, lib.framework.InputPortIndex(index))
            results[f"value{index}"] = switch.get_output_port().Eval(context)
        results["duplicate"] = error_of(lambda: switch.DeclareInputPort("a"))
        return results
    ours, theirs = both(program)
    assert ours.pop("duplicate") is not None
    assert theirs.pop("duplicate") is not None
    assert_results_close(ours, theirs)


def test_port_switch_rejects_a_bad_selector():
    # The reference aborts on a selector out of range; ossa raises.
    primitives, framework = OSSA.primitives, OSSA.framework
    switch = primitives.PortSwitch(1)
    switch.DeclareInputPort("a").FixValue(
        context := switch.CreateDefaultContext(), [1.0])
    switch.get_port_selector_input_port().FixValue(
        context, framework.InputPortIndex(5))
    with pytest.raises(RuntimeError, match="port_selector is 5"):
        switch.get_output_port().Eval(context)
    # A port declared after the Context was allocated is not in it.
    switch.DeclareInputPort("late")
    switch.get_port_selector_input_port().FixValue(
        context, framework.InputPortIndex(2))
    with pytest.raises(RuntimeError, match="declared after this Context"):
        switch.get_output_port().Eval(context)
    with pytest.raises(RuntimeError, match="vector_size"):
        primitives.PortSwitch(0)


# -- BusValue, BusCreator, BusSelector --------------------------------------

def test_bus_value_containers():
    def program(lib):
        bus = lib.framework.BusValue()
        Value = lib.value.Value
        bus.Set("z", lib.value.AbstractValue.Make(1.5))
        bus.Set("a", Value[str]("text"))
        bus.Set("z", lib.value.AbstractValue.Make(2.5))
        copied = __import__("copy").copy(bus)
        names = tuple(bus)
        found = (bus.Find("z"), bus.Find("a"), bus.Find("missing"),
                 bus["a"])
        errors = [error_of(lambda: bus["missing"]),
                  error_of(lambda: bus.Set("z", Value[str]("x")))]
        bus.Clear()
        return dict(names=names, found=found, copied=tuple(copied),
                    cleared=tuple(bus)), errors
    (ours, our_errors), (theirs, their_errors) = both(program)
    assert ours == theirs
    assert_same_errors(our_errors, their_errors)


def test_bus_creator_and_selector_round_trip():
    def program(lib):
        Value = lib.value.Value
        builder = lib.framework.DiagramBuilder()
        creator = builder.AddSystem(lib.primitives.BusCreator())
        position = creator.DeclareVectorInputPort("position", 2)
        label = creator.DeclareAbstractInputPort(
            name="label", model_value=Value[str]("none"))
        unused = creator.DeclareVectorInputPort(
            lib.framework.kUseDefaultName, 1)
        selector = builder.AddSystem(lib.primitives.BusSelector("bus"))
        selected = selector.DeclareVectorOutputPort("position", 2)
        selected_label = selector.DeclareAbstractOutputPort(
            "label", Value[str]("none"))
        missing = selector.DeclareVectorOutputPort("velocity", 2)
        builder.Connect(creator.get_output_port(), selector.get_input_port())
        source = builder.AddSystem(
            lib.primitives.ConstantVectorSource([0.5, -4.0]))
        builder.Connect(source.get_output_port(), position)
        builder.ExportInput(label, "label")
        builder.ExportOutput(selected, "position")
        builder.ExportOutput(selected_label, "label")
        builder.ExportOutput(missing, "velocity")
        diagram = builder.Build()
        context = diagram.CreateDefaultContext()
        diagram.get_input_port(0).FixValue(context, Value[str]("tag"))
        creator_context = creator.GetMyContextFromRoot(context)
        bus = creator.get_output_port().Eval(creator_context)
        return dict(
            names=(creator.get_output_port().get_name(),
                   selector.get_input_port().get_name(),
                   unused.get_name(), missing.get_name()),
            bus_names=tuple(bus),
            position=diagram.get_output_port(0).Eval(context),
            label=(diagram.get_output_port(1).Eval(context),),
            feedthrough=(diagram.HasDirectFeedthrough(0, 1),
                         selector.HasDirectFeedthrough(0, 0)),
            missing=error_of(lambda: diagram.get_output_port(2).Eval(
                context)))
    ours, theirs = both(program)
    assert ours.pop("missing") is not None
    assert theirs.pop("missing") is not None
    assert_results_close(ours, theirs)


# -- SparseMatrixGain --------------------------------------------------------

def test_sparse_matrix_gain():
    scipy_sparse = pytest.importorskip("scipy.sparse")

    def program(lib):
        dense = np.array([[1.0, 0, 0, 2.5], [0, 0, -3.0, 0],
                          [4.0, 0, 0, 5.0]])
        gain = lib.primitives.SparseMatrixGain(
            D=scipy_sparse.csc_matrix(dense))
        context = gain.CreateDefaultContext()
        gain.get_input_port().FixValue(context, [1.0, -2.0, 3.0, 0.5])
        y = gain.get_output_port().Eval(context)
        gain.set_D(D=scipy_sparse.csc_matrix(-2 * dense))
        # The new D applies to outputs computed afterwards.
        fresh = gain.CreateDefaultContext()
        gain.get_input_port().FixValue(fresh, [1.0, -2.0, 3.0, 0.5])
        y2 = gain.get_output_port().Eval(fresh)
        return dict(y=y, y2=y2, D=gain.D().toarray(),
                    names=(gain.get_input_port().get_name(),
                           gain.get_output_port().get_name()))
    assert_results_close(*both(program))


# -- SharedPointerSystem -----------------------------------------------------

def test_shared_pointer_system_holds_a_python_object():
    def program(lib):
        builder = lib.framework.DiagramBuilder()
        held = {"key": [1, 2]}
        alias = lib.primitives.SharedPointerSystem.AddToBuilder(
            builder=builder, value_to_hold=held)
        direct = lib.primitives.SharedPointerSystem(value_to_hold=None)
        diagram = builder.Build()
        system = diagram.GetSystems()[0]
        return dict(same=(alias is held, system.get() is held),
                    none=(direct.get() is None,),
                    ports=(system.num_input_ports(),
                           system.num_output_ports()))
    ours, theirs = both(program)
    assert ours == theirs == dict(same=(True, True), none=(True,),
                                  ports=(0, 0))


# -- Trajectory systems ------------------------------------------------------

def _coefficients(lib):
    PP = lib.trajectories.PiecewisePolynomial
    t = [0.0, 1.0, 2.0]

    def hold(base, first_order=True):
        samples = [k * np.asarray(base, float) for k in (1.0, 2.5, 3.0)]
        return (PP.FirstOrderHold if first_order else PP.ZeroOrderHold)(
            t, samples)
    return dict(
        A=hold([[1.0, 0.5], [-0.25, 2.0]]), B=hold([[1.0], [0.5]], False),
        f0=hold([[0.3], [-0.7]]), C=hold([[1.0, -2.0]]),
        D=hold([[0.75]]), y0=hold([[0.1]]))


def test_trajectory_affine_system_continuous():
    def program(lib):
        k = _coefficients(lib)
        system = lib.primitives.TrajectoryAffineSystem(
            k["A"], k["B"], k["f0"], k["C"], k["D"], k["y0"],
            time_period=0.0)
        system.configure_default_state(x0=[0.5, -1.5])
        context = system.CreateDefaultContext()
        results = dict(x0=context.get_continuous_state_vector()
                       .CopyToVector(),
                       feedthrough=(system.HasDirectFeedthrough(0, 0),),
                       period=(system.time_period(),))
        context.SetContinuousState([1.0, 2.0])
        system.get_input_port().FixValue(context, [3.0])
        for time in (0.25, 1.5):
            context.SetTime(time)
            results[f"xdot{time}"] = system.EvalTimeDerivatives(
                context).CopyToVector()
            results[f"y{time}"] = system.get_output_port().Eval(context)
            for name in ("A", "B", "f0", "C", "D", "y0"):
                results[f"{name}{time}"] = getattr(system, name)(time)
        return results
    assert_results_close(*both(program))


def test_trajectory_linear_system_discrete():
    def program(lib):
        k = _coefficients(lib)
        system = lib.primitives.TrajectoryLinearSystem(
            A=k["A"], B=k["B"], C=k["C"], D=k["D"], time_period=0.5)
        simulator = lib.analysis.Simulator(system)
        context = simulator.get_mutable_context()
        context.SetDiscreteState([1.0, 2.0])
        system.get_input_port().FixValue(context, [3.0])
        simulator.AdvanceTo(1.75)
        return dict(x=context.get_discrete_state_vector().CopyToVector(),
                    y=system.get_output_port().Eval(context),
                    A=system.A(0.75), period=(system.time_period(),))
    assert_results_close(*both(program))


def test_trajectory_affine_system_shape_errors():
    # The reference accepts coefficients of mismatched shapes and ends the
    # process at the first evaluation; ossa raises at construction, naming
    # the coefficient.
    k = _coefficients(OSSA)
    make = OSSA.primitives.TrajectoryAffineSystem
    with pytest.raises(RuntimeError, match="f0 is 1x1; expected 2x1"):
        make(k["A"], k["B"], k["y0"], k["C"], k["D"], k["y0"])
    with pytest.raises(RuntimeError, match="D is 1x1; expected 2x1"):
        make(k["A"], k["B"], k["f0"], k["A"], k["D"], k["y0"])


def test_random_state_draws_agree():
    # The same generator (a 32-bit Mersenne twister from the same seed), one
    # standard normal per state through the same transformation, and
    # x = x0 + Σ^½·w with Σ^½ the symmetric square root: the draws agree.
    def program(lib):
        k = _coefficients(lib)
        sigma = np.array([[4.0, 1.0], [1.0, 2.0]])
        trajectory_system = lib.primitives.TrajectoryAffineSystem(
            k["A"], k["B"], k["f0"], k["C"], k["D"], k["y0"])
        affine = lib.primitives.AffineSystem(
            A=np.eye(2), B=np.ones((2, 1)), f0=[0.0, 0.0],
            C=np.ones((1, 2)), D=np.zeros((1, 1)), y0=[0.0],
            time_period=0.1)
        results = {}
        for label, system in (("trajectory", trajectory_system),
                              ("affine", affine)):
            system.configure_default_state([1.0, -1.0])
            system.configure_random_state(covariance=sigma)
            generator = lib.common.RandomGenerator(17)
            context = system.CreateDefaultContext()
            draws = []
            for _ in range(5):
                system.SetRandomContext(context, generator)
                state = (context.get_discrete_state_vector()
                         if label == "affine" else
                         context.get_continuous_state_vector())
                draws.append(state.CopyToVector())
            results[label] = np.array(draws)
        return results
    assert_results_close(*both(program))


# -- AffineSystem.UpdateCoefficients and Multiplexer(model_vector) -----------

def test_affine_system_update_coefficients():
    def program(lib):
        system = lib.primitives.AffineSystem(
            A=[[0.0, 1.0], [-2.0, -3.0]], B=[[0.0], [1.0]], f0=[1.0, -1.0],
            C=[[1.0, 2.0]], D=[[0.0]], y0=[5.0])
        system.UpdateCoefficients(
            A=[[0.5, 1.0], [-2.0, 3.0]], B=[[2.0], [1.0]], f0=[0.0, 1.0],
            C=[[-1.0, 2.0]], D=[[0.0]], y0=[1.0])
        context = system.CreateDefaultContext()
        context.SetContinuousState([2.0, 3.0])
        system.get_input_port().FixValue(context, [7.0])
        errors = [
            error_of(lambda: system.UpdateCoefficients(
                A=np.eye(3), B=[[2.0], [1.0]], f0=[0.0, 1.0],
                C=[[-1.0, 2.0]], D=[[0.0]], y0=[1.0])),
            error_of(lambda: system.UpdateCoefficients(
                A=np.eye(2), B=[[2.0], [1.0]], f0=[0.0, 1.0],
                C=[[-1.0, 2.0]], D=[[4.0]], y0=[1.0]))]
        return dict(xdot=system.EvalTimeDerivatives(context).CopyToVector(),
                    y=system.get_output_port().Eval(context),
                    A=system.A(), D=system.D()), errors
    (ours, our_errors), (theirs, their_errors) = both(program)
    assert_results_close(ours, theirs)
    assert_same_errors(our_errors, their_errors)


def test_multiplexer_from_model_vector():
    def program(lib):
        model = lib.framework.BasicVector([7.0, 8.0, 9.0])
        mux = lib.primitives.Multiplexer(model_vector=model)
        context = mux.CreateDefaultContext()
        for i in range(3):
            mux.get_input_port(i).FixValue(context, [i + 0.5])
        return dict(y=mux.get_output_port().Eval(context),
                    sizes=(mux.num_input_ports(),
                           mux.get_output_port().size()))
    assert_results_close(*both(program))


# -- RandomSource and random input ports -------------------------------------

@pytest.mark.parametrize("distribution",
                         ["kUniform", "kGaussian", "kExponential"])
def test_random_source_draws_agree(distribution):
    # Seeded from the same RandomGenerator draw, the sources use the same
    # 32-bit Mersenne twister and the standard library's distributions (the
    # normal one keeps its second polar draw), so the samples agree.
    def program(lib):
        source = lib.primitives.RandomSource(
            getattr(lib.common.RandomDistribution, distribution), 3, 0.25)
        context = source.CreateDefaultContext()
        source.SetRandomContext(context, lib.common.RandomGenerator(5))
        samples = [source.get_output_port().Eval(context)]
        simulator = lib.analysis.Simulator(source, context)
        for time in (0.1, 0.3, 0.6):
            simulator.AdvanceTo(time)
            samples.append(source.get_output_port().Eval(context))
        return dict(samples=np.array(samples),
                    name=source.get_output_port().get_name(),
                    sizes=(context.num_discrete_state_groups(),
                           context.num_abstract_states()))
    assert_results_close(*both(program))


def _random_input_system(lib):
    class Noisy(lib.framework.LeafSystem):
        """y = 2·w for a random input w (Gaussian, size 2), plus a random
        uniform input that is fixed by hand (so not filled)."""

        def __init__(self):
            lib.framework.LeafSystem.__init__(self)
            self.noise = self.DeclareVectorInputPort(
                "noise", 2, random_type=lib.common.RandomDistribution.kGaussian)
            self.other = self.DeclareVectorInputPort(
                "other", 1, lib.common.RandomDistribution.kUniform)
            self.plain = self.DeclareVectorInputPort("plain", 1)
            self.DeclareVectorOutputPort("y", 2, self.calc)

        def calc(self, context, output):
            output.SetFromVector(2 * self.noise.Eval(context))
    return Noisy()


def test_add_random_inputs_agrees():
    def program(lib):
        builder = lib.framework.DiagramBuilder()
        noisy = builder.AddSystem(_random_input_system(lib))
        builder.ExportInput(noisy.other, "other")
        builder.ExportInput(noisy.plain, "plain")
        builder.ExportOutput(noisy.get_output_port(), "y")
        added = lib.primitives.AddRandomInputs(
            sampling_interval_sec=0.5, builder=builder)
        diagram = builder.Build()
        context = diagram.CreateDefaultContext()
        diagram.SetRandomContext(context, lib.common.RandomGenerator(3))
        diagram.get_input_port(0).FixValue(context, [0.0])
        diagram.get_input_port(1).FixValue(context, [0.0])
        samples = [diagram.get_output_port().Eval(context)]
        simulator = lib.analysis.Simulator(diagram, context)
        simulator.AdvanceTo(0.75)
        samples.append(diagram.get_output_port().Eval(context))
        return dict(added=(added, len(diagram.GetSystems())),
                    samples=np.array(samples))
    assert_results_close(*both(program))


def test_random_type_must_be_a_distribution():
    class Bad(OSSA.framework.LeafSystem):
        def __init__(self):
            OSSA.framework.LeafSystem.__init__(self)
            self.DeclareVectorInputPort("u", 1, random_type="gaussian")
    with pytest.raises(TypeError, match="RandomDistribution"):
        Bad()


# -- MultilayerPerceptron ----------------------------------------------------

def _mlp(lib, sin_cos=False):
    P = lib.primitives.PerceptronActivationType
    if sin_cos:
        return lib.primitives.MultilayerPerceptron(
            use_sin_cos_for_input=[True, False], remaining_layers=[4, 1],
            activation_types=[P.kTanh, P.kIdentity])
    return lib.primitives.MultilayerPerceptron(
        layers=[2, 4, 3, 2], activation_types=[P.kTanh, P.kReLU, P.kIdentity])


_X = np.array([[0.1, -0.4, 0.9, 1.3, -2.0], [0.5, 0.2, -0.8, 0.05, 0.7]])
_Y_DESIRED = np.array([[1, 0, -1, 0.5, 0.25], [0, 1, 0.5, -0.5, 2.0]])


def test_multilayer_perceptron_outputs_and_gradients():
    def program(lib):
        mlp = _mlp(lib)
        context = mlp.CreateDefaultContext()
        params = np.sin(np.arange(mlp.num_parameters()) + 0.5)
        mlp.SetParameters(context, params)
        mlp.get_input_port().FixValue(context, _X[:, 0])
        gradient = np.zeros(mlp.num_parameters())
        mse = mlp.BackpropagationMeanSquaredError(
            context, _X, _Y_DESIRED, gradient)

        def loss(Y, dloss_dY):
            # Σ y³ / 3 over the batch, whose gradient is y².
            dloss_dY[:] = Y ** 2
            return float(np.sum(Y ** 3) / 3)
        custom_gradient = np.zeros(mlp.num_parameters())
        custom = mlp.Backpropagation(context, _X, loss, custom_gradient)
        Y = np.asfortranarray(np.zeros((2, 5)))
        mlp.BatchOutput(context, _X, Y)
        return dict(
            y=mlp.get_output_port().Eval(context),
            batch=mlp.BatchOutput(context, _X), batch_in_place=Y,
            mse=np.array([mse]), gradient=gradient, custom=np.array([custom]),
            custom_gradient=custom_gradient,
            W1=mlp.GetWeights(context, 1), b2=mlp.GetBiases(context, 2),
            W1_from_params=mlp.GetWeights(params, 1),
            layers=tuple(mlp.layers()), num=(mlp.num_parameters(),),
            activations=tuple(str(mlp.activation_type(k)).split(".")[-1]
                              for k in range(3)),
            names=(mlp.get_input_port().get_name(),
                   mlp.get_output_port().get_name()))
    assert_results_close(*both(program))


def test_multilayer_perceptron_input_gradient_and_random_parameters():
    def program(lib):
        mlp = _mlp(lib, sin_cos=True)
        context = mlp.CreateDefaultContext()
        mlp.SetRandomContext(context, lib.common.RandomGenerator(8))
        Y = np.asfortranarray(np.zeros((1, 5)))
        dYdX = np.asfortranarray(np.zeros((2, 5)))
        mlp.BatchOutput(context, _X, Y, dYdX)
        params = np.array(mlp.GetParameters(context))
        mlp.SetWeights(params, 0, np.ones((4, 3)))
        mlp.SetBiases(context, 1, [0.25])
        mutable = mlp.GetMutableParameters(context)
        mutable[0] = -3.0
        return dict(random=np.array(mlp.GetParameters(context)), Y=Y,
                    dYdX=dYdX, edited=params, layers=tuple(mlp.layers()))
    assert_results_close(*both(program))


# -- Logging triggers and the abstract delay ---------------------------------

def test_log_vector_output_publish_triggers():
    def program(lib):
        TriggerType = lib.framework.TriggerType
        builder = lib.framework.DiagramBuilder()
        sine = builder.AddSystem(lib.primitives.Sine(
            amplitude=2.0, frequency=3.0, phase=0.5, size=1))
        periodic = lib.primitives.LogVectorOutput(
            sine.get_output_port(0), builder,
            publish_triggers={TriggerType.kPeriodic}, publish_period=0.125)
        forced = lib.primitives.LogVectorOutput(
            src=sine.get_output_port(0), builder=builder,
            publish_triggers={TriggerType.kForced})
        sink = builder.AddSystem(lib.primitives.VectorLogSink(
            input_size=1, publish_triggers={TriggerType.kPeriodic,
                                            TriggerType.kForced},
            publish_period=0.25))
        builder.Connect(sine.get_output_port(0), sink.get_input_port())
        diagram = builder.Build()
        simulator = lib.analysis.Simulator(diagram)
        simulator.AdvanceTo(1.0)
        context = simulator.get_context()
        diagram.ForcedPublish(context)
        results = {}
        for label, logger in (("periodic", periodic), ("forced", forced),
                              ("both", sink)):
            log = logger.FindLog(context)
            results[f"{label}_times"] = log.sample_times()
            results[f"{label}_data"] = log.data()
        results["capacity"] = (lib.primitives.VectorLog.kDefaultCapacity,)
        return results
    assert_results_close(*both(program))


def test_abstract_discrete_time_delay():
    def program(lib):
        Value = lib.value.Value
        delay = lib.primitives.DiscreteTimeDelay(
            update_sec=0.5, delay_time_steps=2,
            abstract_model_value=Value[str]("none"))
        simulator = lib.analysis.Simulator(delay)
        context = simulator.get_mutable_context()
        outputs = []
        for k in range(5):
            delay.get_input_port().FixValue(context, Value[str](f"s{k}"))
            simulator.AdvanceTo(0.5 * k + 0.25)
            outputs.append(delay.get_output_port().Eval(context))
        return dict(outputs=tuple(outputs),
                    feedthrough=(delay.HasAnyDirectFeedthrough(),),
                    name=delay.get_output_port().get_name())
    ours, theirs = both(program)
    assert ours == theirs


# -- BarycentricMesh and BarycentricMeshSystem -------------------------------

def test_barycentric_mesh_and_system():
    def program(lib):
        mesh = lib.math.BarycentricMesh(
            [{0.0, 1.0, 2.5}, {-1.0, 0.5}, {0.0, 0.2, 0.3, 2.0}])
        values = mesh.MeshValuesFrom(
            lambda x: np.array([np.sin(x[0]) + x[1] * x[2], x[0] * x[2]]))
        results = dict(
            points=mesh.get_all_mesh_points(), values=values,
            sizes=(mesh.get_input_size(), mesh.get_num_mesh_points(),
                   mesh.get_num_interpolants()),
            grid=tuple(tuple(sorted(g)) for g in mesh.get_input_grid()),
            point7=mesh.get_mesh_point(7))
        # Inside, on grid values (ties of fractions), on the bounds and
        # outside the grid.
        inputs = [[0.3, -0.2, 0.25], [1.0, 0.5, 0.2], [2.5, -1.0, 0.0],
                  [0.5, -0.25, 1.15], [-3.0, 4.0, 0.1], [1.75, 0.5, 7.0]]
        for k, x in enumerate(inputs):
            indices, weights = mesh.EvalBarycentricWeights(x)
            results[f"indices{k}"] = np.asarray(indices, float)
            results[f"weights{k}"] = weights
            results[f"eval{k}"] = mesh.Eval(values, x)
        system = lib.primitives.BarycentricMeshSystem(mesh, values)
        context = system.CreateDefaultContext()
        system.get_input_port().FixValue(context, inputs[3])
        results["system"] = system.get_output_port().Eval(context)
        results["system_values"] = system.get_output_values()
        results["system_mesh_points"] = (
            system.get_mesh().get_num_mesh_points(),)
        return results
    assert_results_close(*both(program))


# -- LinearTransformDensity --------------------------------------------------

@pytest.mark.parametrize("distribution",
                         ["kUniform", "kGaussian", "kExponential"])
def test_linear_transform_density(distribution):
    def program(lib):
        system = lib.primitives.LinearTransformDensity(
            distribution=getattr(lib.common.RandomDistribution, distribution),
            input_size=2, output_size=2)
        context = system.CreateDefaultContext()
        system.get_input_port_w_in().FixValue(context, [0.25, 0.5])
        system.FixConstantA(context, np.array([[2.0, 0.5], [-0.3, 1.2]]))
        results = dict(
            w_out_without_b=system.get_output_port_w_out().Eval(context))
        system.FixConstantB(context, [0.4, -1.0])
        results["w_out"] = system.get_output_port_w_out().Eval(context)
        results["density"] = np.array([system.CalcDensity(context)])
        results["density_port"] = \
            system.get_output_port_w_out_density().Eval(context)
        results["names"] = tuple(
            port.get_name() for port in (
                system.get_input_port_w_in(), system.get_input_port_A(),
                system.get_input_port_b(), system.get_output_port_w_out(),
                system.get_output_port_w_out_density()))
        results["distribution"] = system.get_distribution().name
        # On and off the supports' boundaries.
        system.FixConstantA(context, np.eye(2))
        system.FixConstantB(context, [0.0, 0.0])
        for k, w_in in enumerate([[0.0, 0.5], [1.0, 0.5], [-1e-9, 0.2]]):
            system.get_input_port_w_in().FixValue(context, w_in)
            results[f"boundary{k}"] = np.array([system.CalcDensity(context)])
        return results
    assert_results_close(*both(program))


# -- Linearize of a difference-equation system --------------------------------

def test_linearize_discrete_affine_system():
    """Linearize of a discrete AffineSystem about a non-equilibrium point
    (a loose equilibrium check) gives its own A, B, C, D and period."""
    def program(lib):
        A = np.array([[0.9, 0.2], [-0.1, 0.8]])
        B = np.array([[0.0], [0.5]])
        C = np.array([[1.0, 2.0]])
        D = np.array([[0.3]])
        system = lib.primitives.AffineSystem(A, B, [0.1, -0.2], C, D, [0.4],
                                             0.05)
        context = system.CreateDefaultContext()
        context.SetDiscreteState([1.0, -2.0])
        system.get_input_port().FixValue(context, [0.7])
        lin = lib.primitives.Linearize(
            system, context, equilibrium_check_tolerance=1e9)
        return {"A": lin.A(), "B": lin.B(), "C": lin.C(), "D": lin.D(),
                "period": lin.time_period()}
    assert_results_close(*both(program))
