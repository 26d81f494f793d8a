"""ossa.common against the reference: CalcProbabilityDensity on the three
distributions, for float and AutoDiffXd vectors. The densities are closed
forms (1 on the unit box, exp(−x·x/2)/(2π)^(n/2), exp(−Σx) on x ≥ 0);
both libraries evaluate them in double precision, which agree to a few
ulps (1e-14 relative)."""

import importlib

import numpy as np
import pytest

pytest.importorskip("pydrake")


@pytest.mark.parametrize("package", ["ossa", "pydrake"])
def test_probability_density_closed_forms(package):
    common = importlib.import_module(f"{package}.common")
    R = common.RandomDistribution
    f = common.CalcProbabilityDensity
    x = np.array([0.3, -1.0])
    assert f(R.kGaussian, x) == pytest.approx(
        np.exp(-0.5 * (0.09 + 1.0)) / (2 * np.pi), rel=1e-14)
    assert f(R.kUniform, np.array([0.5, 0.2])) == 1.0
    assert f(R.kUniform, np.array([1.5])) == 0.0
    assert f(R.kExponential, np.array([0.3, 2.0])) == pytest.approx(
        np.exp(-2.3), rel=1e-14)
    assert f(R.kExponential, np.array([-0.3])) == 0.0


def test_probability_density_agrees_with_reference():
    values = {}
    for package in ("ossa", "pydrake"):
        common = importlib.import_module(f"{package}.common")
        ad = importlib.import_module(f"{package}.autodiffutils").AutoDiffXd
        R = common.RandomDistribution
        rows = []
        for distribution in (R.kUniform, R.kGaussian, R.kExponential):
            for x in ([0.0], [1.0], [0.25, 0.5, 0.75], [-0.1, 0.4],
                      [2.0, 0.1]):
                rows.append(common.CalcProbabilityDensity(
                    distribution, np.array(x)))
            # d/dx of the Gaussian density at x: −x·p(x).
            p = common.CalcProbabilityDensity(
                distribution, np.array([ad(0.5, [1.0])]))
            rows.append((p.value(), list(p.derivatives())))
        values[package] = rows
    for a, b in zip(values["ossa"], values["pydrake"]):
        if not isinstance(a, tuple):
            assert a == pytest.approx(b, rel=1e-14)
            continue
        assert a[0] == pytest.approx(b[0], rel=1e-14)
        # A constant density may carry no derivatives at all: zeros.
        da, db = (np.resize(d, 1) if len(d) else np.zeros(1)
                  for d in (a[1], b[1]))
        np.testing.assert_allclose(da, db, rtol=1e-14)
    gauss = values["ossa"][11]
    assert gauss[1][0] == pytest.approx(-0.5 * gauss[0], rel=1e-14)


# A resource each library bundles: GetDrakePath() joined with it is what
# FindResourceOrThrow("drake/...") finds.
@pytest.mark.parametrize("package,resource", [
    ("ossa", "acrobot.urdf"),
    ("pydrake", "examples/pendulum/Pendulum.urdf")])
def test_get_drake_path_is_where_resources_resolve(package, resource):
    import os
    common = importlib.import_module(f"{package}.common")
    root = common.GetDrakePath()
    assert os.path.isdir(root)
    assert os.path.samefile(os.path.join(root, resource),
                            common.FindResourceOrThrow("drake/" + resource))
