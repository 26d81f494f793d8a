"""Side by side with the reference toolkit's Python package (pydrake, from
PyPI, when installed): the same calls give the same shapes, values,
gradients and printed forms."""

import numpy as np
import pytest

pydrake_ad = pytest.importorskip("pydrake.autodiffutils")

import ossa.autodiffutils as ossa_ad  # noqa: E402
from ossa.multibody import tree as ossa_tree  # noqa: E402


@pytest.mark.parametrize("value", [
    [1.0, 2.0], np.array([0.5, -1.0, 2.0]), np.arange(6.0).reshape(2, 3)])
def test_initialize_extract_match(value):
    ours = ossa_ad.InitializeAutoDiff(value)
    theirs = pydrake_ad.InitializeAutoDiff(value)
    assert ours.shape == theirs.shape
    # Both are exact copies of the inputs and of identity gradients.
    np.testing.assert_array_equal(ossa_ad.ExtractValue(ours),
                                  pydrake_ad.ExtractValue(theirs))
    np.testing.assert_array_equal(ossa_ad.ExtractGradient(ours),
                                  pydrake_ad.ExtractGradient(theirs))
    assert ossa_ad.ExtractValue(ours).shape == pydrake_ad.ExtractValue(
        theirs).shape


def test_tuple_and_offsets_match():
    ours = ossa_ad.InitializeAutoDiffTuple([1.0, 2.0], [3.0])
    theirs = pydrake_ad.InitializeAutoDiffTuple([1.0, 2.0], [3.0])
    for o, t in zip(ours, theirs):
        assert o.shape == t.shape
        np.testing.assert_array_equal(ossa_ad.ExtractGradient(o),
                                      pydrake_ad.ExtractGradient(t))
    o = ossa_ad.InitializeAutoDiff([1.0, 2.0], num_derivatives=4,
                                   deriv_num_start=1)
    t = pydrake_ad.InitializeAutoDiff([1.0, 2.0], num_derivatives=4,
                                      deriv_num_start=1)
    np.testing.assert_array_equal(ossa_ad.ExtractGradient(o),
                                  pydrake_ad.ExtractGradient(t))


def test_scalar_printing_and_math_match():
    o = ossa_ad.AutoDiffXd(0.3, [1.0, 2.0])
    t = pydrake_ad.AutoDiffXd(0.3, [1.0, 2.0])
    assert repr(o) == repr(t) and str(o) == str(t)
    # The same chain rule: identical to rounding (1e-15 relative).
    for name in ("sin", "cos", "tan", "exp", "log", "sqrt", "tanh", "asin"):
        ro, rt = getattr(o, name)(), getattr(t, name)()
        assert ro.value() == pytest.approx(rt.value(), rel=1e-15)
        np.testing.assert_allclose(ro.derivatives(), rt.derivatives(),
                                   rtol=1e-15)
    ro, rt = (o * o + 2.0) / o - o ** 3, (t * t + 2.0) / t - t ** 3
    np.testing.assert_allclose(ro.derivatives(), rt.derivatives(), rtol=1e-14)
    assert (o.ceil(), o.floor()) == (t.ceil(), t.floor())


def test_autodiff_equal_to_matches():
    cases = [((1.0, []), (1.0, [0.0])), ((1.0, [0.0]), (1.0, [0.0])),
             ((1.0, [0.0]), (1.0, [0.0, 0.0])), ((1.0, [1.0]), (2.0, [1.0]))]
    for (va, da), (vb, db) in cases:
        for semantic in (False, True):
            ours = ossa_ad.autodiff_equal_to(
                ossa_ad.AutoDiffXd(va, da), ossa_ad.AutoDiffXd(vb, db),
                semantic=semantic)
            theirs = pydrake_ad.autodiff_equal_to(
                pydrake_ad.AutoDiffXd(va, da), pydrake_ad.AutoDiffXd(vb, db),
                semantic=semantic)
            assert ours == theirs, (va, da, vb, db, semantic)


def test_index_types_match():
    tree = pytest.importorskip("pydrake.multibody.tree")
    for name in ("BodyIndex", "FrameIndex", "JointIndex",
                 "ModelInstanceIndex"):
        O, D = getattr(ossa_tree, name), getattr(tree, name)
        assert repr(O(3)) == repr(D(3))
        assert (O(3) == 3) == (D(3) == 3) and int(O(3)) == int(D(3))
        assert O(2).is_valid() == D(2).is_valid()
        assert O().is_valid() == D().is_valid()
    assert int(ossa_tree.default_model_instance()) == int(
        tree.default_model_instance())
    assert int(ossa_tree.world_model_instance()) == int(
        tree.world_model_instance())
