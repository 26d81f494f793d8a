"""ossa.systems.primitives: mirrors the reference module of the same name."""

from ossa._ext.systems_primitives import *  # noqa: F401,F403


# -- Linearization and linear-system analysis (on the bound API) -------------

import numpy as _np  # noqa: E402

from ossa.autodiffutils import (ExtractGradient as _ExtractGradient,  # noqa
                                ExtractValue as _ExtractValue,
                                InitializeAutoDiff as _InitializeAutoDiff)
from ossa.systems.framework import (InputPortSelection,  # noqa: E402
                                    OutputPortSelection)


def _select_port(selection, count, no_port, first_port, kind):
    if selection is no_port:
        return None
    if selection is first_port:
        return 0 if count > 0 else None
    index = int(selection)
    if not 0 <= index < count:
        raise RuntimeError(f"Linearize(): the system has no {kind} port "
                           f"{index} (it has {count})")
    return index


def _check_vector_port(port, kind):
    from ossa.systems.framework import PortDataType
    if port.get_data_type() != PortDataType.kVectorValued:
        raise RuntimeError(f"Linearize(): {kind} port '{port.get_name()}' is "
                           "abstract-valued; give the index of a vector port")


def _taylor(system, context, input_port_index, output_port_index,
            equilibrium_check_tolerance=None):
    """(period, x0, u0, f0 = ẋ or x[n+1] at (x0, u0), A, B, y0, C, D) for
    `system` at `context`, by AutoDiffXd; with a tolerance, raises unless
    (x0, u0) is an equilibrium."""
    if context.num_abstract_states() > 0:
        raise RuntimeError("Linearize(): the system has abstract state")
    continuous = context.num_continuous_states()
    groups = context.num_discrete_state_groups()
    if continuous > 0 and groups > 0:
        raise RuntimeError("Linearize(): the system has both continuous and "
                           "discrete state")
    if groups > 1:
        raise RuntimeError("Linearize(): the system has more than one "
                           "discrete state group")
    period = 0.0
    if groups == 1:
        is_discrete, period = system.IsDifferenceEquationSystem()
        if not is_discrete:
            raise RuntimeError("Linearize(): the discrete state is not "
                               "updated by one periodic event")
        x0 = context.get_discrete_state(0).CopyToVector()
    else:
        x0 = context.get_continuous_state_vector().CopyToVector()
    i_in = _select_port(input_port_index, system.num_input_ports(),
                        InputPortSelection.kNoInput,
                        InputPortSelection.kUseFirstInputIfItExists, "input")
    i_out = _select_port(output_port_index, system.num_output_ports(),
                         OutputPortSelection.kNoOutput,
                         OutputPortSelection.kUseFirstOutputIfItExists,
                         "output")
    if i_in is not None:
        _check_vector_port(system.get_input_port(i_in), "input")
    if i_out is not None:
        _check_vector_port(system.get_output_port(i_out), "output")
    u0 = (system.get_input_port(i_in).Eval(context) if i_in is not None
          else _np.zeros(0))
    n, m = x0.size, u0.size
    ad = system.ToAutoDiffXd()
    ad_context = ad.CreateDefaultContext()
    ad_context.SetTime(context.get_time())
    for i in range(context.num_numeric_parameter_groups()):
        ad_context.get_mutable_numeric_parameter(i).SetFromVector(
            context.get_numeric_parameter(i).CopyToVector())
    # Every other input keeps its value from `context`.
    for i in range(system.num_input_ports()):
        if i != i_in and system.get_input_port(i).HasValue(context):
            ad.get_input_port(i).FixValue(
                ad_context, system.get_input_port(i).Eval(context))
    x = _InitializeAutoDiff(x0, num_derivatives=n + m, deriv_num_start=0)
    u = _InitializeAutoDiff(u0, num_derivatives=n + m, deriv_num_start=n)
    x, u = x.reshape(-1), u.reshape(-1)
    if i_in is not None:
        ad.get_input_port(i_in).FixValue(ad_context, u)
    if period > 0:
        ad_context.get_mutable_state().get_mutable_discrete_state() \
            .get_vector(0).SetFromVector(x)
        update = ad.EvalUniquePeriodicDiscreteUpdate(ad_context)
        f = _np.array(update.get_vector(0).CopyToVector()).reshape(-1)
    elif n > 0:
        ad_context.SetContinuousState(x)
        f = _np.array(ad.EvalTimeDerivatives(ad_context).CopyToVector())
    else:
        f = _np.zeros(0, dtype=object)
    jac = _ExtractGradient(f) if f.size else _np.zeros((0, n + m))
    f0 = _ExtractValue(f).reshape(-1) if f.size else _np.zeros(0)
    if equilibrium_check_tolerance is not None:
        residual = f0 - x0 if period > 0 else f0
        if residual.size and _np.max(_np.abs(residual)) > \
                equilibrium_check_tolerance:
            raise RuntimeError(
                "Linearize(): the operating point is not an equilibrium: "
                f"|residual| = {_np.max(_np.abs(residual)):.3g} > "
                f"{equilibrium_check_tolerance}")
    if i_out is not None:
        y = _np.array(ad.get_output_port(i_out).Eval(ad_context)).reshape(-1)
        y_jac = _ExtractGradient(y).reshape(y.size, n + m)
        y0 = _ExtractValue(y).reshape(-1)
    else:
        y_jac, y0 = _np.zeros((0, n + m)), _np.zeros(0)
    return (period, x0, u0, f0, jac[:, :n], jac[:, n:], y0, y_jac[:, :n],
            y_jac[:, n:])


def Linearize(system, context,
              input_port_index=InputPortSelection.kUseFirstInputIfItExists,
              output_port_index=OutputPortSelection.kUseFirstOutputIfItExists,
              equilibrium_check_tolerance=1e-6):
    """The LinearSystem approximating `system` around the state and input
    of `context`, which must be an equilibrium (ẋ = 0, or x[n+1] = x[n],
    to equilibrium_check_tolerance). Works for systems that convert to
    AutoDiffXd, with continuous state or one periodically updated discrete
    group, at the Context's time and numeric parameters."""
    period, x0, u0, f0, A, B, y0, C, D = _taylor(
        system, context, input_port_index, output_port_index,
        equilibrium_check_tolerance)
    return LinearSystem(A, B, C, D, period)  # noqa: F405


def FirstOrderTaylorApproximation(
        system, context,
        input_port_index=InputPortSelection.kUseFirstInputIfItExists,
        output_port_index=OutputPortSelection.kUseFirstOutputIfItExists):
    """The AffineSystem approximating `system` to first order around the
    state and input of `context` (any operating point)."""
    period, x0, u0, f0, A, B, y0, C, D = _taylor(
        system, context, input_port_index, output_port_index)
    return AffineSystem(  # noqa: F405
        A, B, f0 - A @ x0 - B @ u0, C, D, y0 - C @ x0 - D @ u0, period)


def ControllabilityMatrix(sys, /):
    """[B, AB, ..., Aⁿ⁻¹B]."""
    A, B = sys.A(), sys.B()
    blocks, current = [], B
    for _ in range(max(A.shape[0], 1)):
        blocks.append(current)
        current = A @ current
    return _np.hstack(blocks[:A.shape[0]]) if A.shape[0] else \
        _np.zeros((0, B.shape[1]))


def ObservabilityMatrix(sys, /):
    """[C; CA; ...; CAⁿ⁻¹]."""
    A, C = sys.A(), sys.C()
    blocks, current = [], C
    for _ in range(A.shape[0]):
        blocks.append(current)
        current = current @ A
    return _np.vstack(blocks) if blocks else _np.zeros((0, A.shape[0]))


def _rank(matrix, threshold):
    if matrix.size == 0:
        return 0
    if threshold is None:
        return _np.linalg.matrix_rank(matrix)
    return int(_np.sum(_np.linalg.svd(matrix, compute_uv=False) > threshold))


def IsControllable(sys, threshold=None):
    """rank(ControllabilityMatrix) == num_states."""
    return _rank(ControllabilityMatrix(sys), threshold) == sys.num_states()


def IsObservable(sys, threshold=None):
    """rank(ObservabilityMatrix) == num_states."""
    return _rank(ObservabilityMatrix(sys), threshold) == sys.num_states()


def _unstable(eigenvalue, discrete):
    return abs(eigenvalue) >= 1.0 if discrete else eigenvalue.real >= 0.0


def IsStabilizable(sys, threshold=None):
    """Every unstable mode is controllable (the PBH test: rank[λI - A, B]
    = n for each eigenvalue λ that is not stable)."""
    A, B = sys.A(), sys.B()
    n = A.shape[0]
    discrete = sys.time_period() > 0
    for eigenvalue in _np.linalg.eigvals(A):
        if _unstable(eigenvalue, discrete):
            test = _np.hstack([eigenvalue * _np.eye(n) - A, B])
            if _rank(test, threshold) < n:
                return False
    return True


def IsDetectable(sys, threshold=None):
    """Every unstable mode is observable (PBH: rank[λI - A; C] = n)."""
    A, C = sys.A(), sys.C()
    n = A.shape[0]
    discrete = sys.time_period() > 0
    for eigenvalue in _np.linalg.eigvals(A):
        if _unstable(eigenvalue, discrete):
            test = _np.vstack([eigenvalue * _np.eye(n) - A, C])
            if _rank(test, threshold) < n:
                return False
    return True


# -- StateInterpolatorWithDiscreteDerivative (a Diagram, every scalar) -------

from ossa._cpp_template import TemplateClass as _TemplateClass  # noqa: E402
from ossa.systems.framework import (Diagram_ as _Diagram_,  # noqa: E402
                                    DiagramBuilder_ as _DiagramBuilder_)
from ossa.systems.framework import DiagramBuilder as _DiagramBuilder  # noqa


def _make_state_interpolator(T):
    """StateInterpolatorWithDiscreteDerivative on Diagram_[T]."""

    class StateInterpolatorWithDiscreteDerivative(_Diagram_[T]):
        """Estimates a state [q; v] from positions q alone: v is the
        DiscreteDerivative of q (sampled every time_step). Input "position"
        (num_positions), output "state" (2·num_positions). ToAutoDiffXd(),
        ToSymbolic() and ToScalarType[U]() build the same diagram on the
        other scalar (from Python; a C++ Diagram holding it does not convert
        it)."""

        def __init__(self, num_positions, time_step,
                     suppress_initial_transient=True):
            _Diagram_[T].__init__(self)
            self._arguments = (num_positions, time_step,
                               suppress_initial_transient)
            builder = _DiagramBuilder_[T]()
            self._derivative = builder.AddSystem(
                DiscreteDerivative_[T](  # noqa: F405
                    num_positions, time_step, suppress_initial_transient))
            mux = builder.AddSystem(Multiplexer_[T](  # noqa: F405
                [num_positions, num_positions]))
            builder.ExportInput(self._derivative.get_input_port(), "position")
            builder.ConnectInput("position", mux.get_input_port(0))
            builder.Connect(self._derivative.get_output_port(),
                            mux.get_input_port(1))
            builder.ExportOutput(mux.get_output_port(), "state")
            builder.BuildInto(self)

        def suppress_initial_transient(self):
            return self._derivative.suppress_initial_transient()

        def set_initial_position(self, context, position):
            """Sets the sampled position history to `position`, so that the
            velocity estimate starts at zero (and is not suppressed)."""
            derivative_context = self.GetMutableSubsystemContext(
                self._derivative, context)
            position = list(position)
            derivative_context.SetDiscreteState(0, position)
            derivative_context.SetDiscreteState(1, position)
            if self._derivative.suppress_initial_transient():
                derivative_context.SetDiscreteState(2, [2.0])

        def _converted(self, U):
            return StateInterpolatorWithDiscreteDerivative_[U](
                *self._arguments)

        def ToAutoDiffXd(self):
            from ossa.autodiffutils import AutoDiffXd
            return self._converted(AutoDiffXd)

        def ToSymbolic(self):
            from ossa.symbolic import Expression
            return self._converted(Expression)

        def ToAutoDiffXdMaybe(self):
            return self.ToAutoDiffXd()

        def ToSymbolicMaybe(self):
            return self.ToSymbolic()

    return StateInterpolatorWithDiscreteDerivative


StateInterpolatorWithDiscreteDerivative_ = _TemplateClass(
    "StateInterpolatorWithDiscreteDerivative_", scope=__name__)
for _param in _Diagram_.param_list:
    _cls = _make_state_interpolator(_param[0])
    _cls.__module__ = __name__
    _cls.__qualname__ = _cls.__name__  # not the factory's <locals>
    StateInterpolatorWithDiscreteDerivative_.add_instantiation(
        _param, _cls, skip_rename=_param == (float,))
StateInterpolatorWithDiscreteDerivative = \
    StateInterpolatorWithDiscreteDerivative_[float]
del _param, _cls


# -- SelectorParams: fields and repr, as the reference's structs have --------

from ossa._struct_util import add_struct_fields as _add_struct_fields  # noqa

_add_struct_fields(SelectorParams.InputPortParams, [  # noqa: F405
    ("name", str), ("size", int)])
_add_struct_fields(SelectorParams.OutputSelection, [  # noqa: F405
    ("input_port_index", int), ("input_offset", int)])
_add_struct_fields(SelectorParams.OutputPortParams, [  # noqa: F405
    ("name", str), ("selections", list)])
_add_struct_fields(SelectorParams, [  # noqa: F405
    ("inputs", list), ("outputs", list)])


# -- AddRandomInputs ---------------------------------------------------------

def AddRandomInputs(sampling_interval_sec, builder):
    """For each input port of a subsystem of `builder` that is marked random
    (declared with a random_type) and is neither connected nor exported,
    adds a RandomSource of that distribution and size, sampling every
    sampling_interval_sec, and connects it. Returns the number of sources
    added. RandomSource is defined for float only: a builder of another
    scalar with a random port to fill raises."""
    added = 0
    for system in list(builder.GetSystems()):
        ports = getattr(system, "_ossa_random_input_ports", None) or {}
        for index, distribution in sorted(ports.items()):
            port = system.get_input_port(index)
            if builder.IsConnectedOrExported(port):
                continue
            if not isinstance(builder, _DiagramBuilder):
                raise RuntimeError(
                    "AddRandomInputs(): RandomSource is defined for float "
                    f"only; cannot fill the random port '{port.get_name()}' "
                    f"of '{system.get_name()}' in a {type(builder).__name__}")
            source = builder.AddSystem(RandomSource(  # noqa: F405
                distribution, port.size(), sampling_interval_sec))
            builder.Connect(source.get_output_port(0), port)
            added += 1
    return added


# -- Small members of the reference's classes, on the bound API --------------

def _zero_order_hold_set_vector_state(self, context, value):
    """Sets the held vector (the discrete state) in `context`; for a
    vector-valued hold only."""
    if self.get_input_port().get_data_type() != \
            _PortDataType.kVectorValued:
        raise RuntimeError("ZeroOrderHold.SetVectorState(): the hold is "
                           "abstract-valued; set its abstract state instead")
    value = _np.asarray(value).reshape(-1)
    size = self.get_input_port().size()
    if value.size != size:
        raise RuntimeError(f"ZeroOrderHold.SetVectorState(): the value has "
                           f"{value.size} entries; the hold has {size}")
    context.SetDiscreteState(0, value)


from ossa.systems.framework import PortDataType as _PortDataType  # noqa: E402

for _param in ZeroOrderHold_.param_list:  # noqa: F405
    ZeroOrderHold_[_param].SetVectorState = \
        _zero_order_hold_set_vector_state  # noqa: F405
del _param

# Enum values convert to int, as the reference's do.
PerceptronActivationType.__int__ = \
    lambda self: int(self.value)  # noqa: F405
