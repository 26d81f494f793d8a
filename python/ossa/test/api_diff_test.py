"""The API diff against the reference package (tools/api_diff.py): its
figures must not fall below the checked-in floor, and the comparer itself
finds what it is meant to find."""

import importlib.util
import json
import pathlib
import types

import pytest

_ROOT = pathlib.Path(__file__).resolve().parents[3]
_TOOL = _ROOT / "tools" / "api_diff.py"
_FLOOR = pathlib.Path(__file__).with_name("api_diff_floor.json")

if not _TOOL.exists():
    pytest.skip("tools/api_diff.py is not beside this test (installed copy)",
                allow_module_level=True)

_spec = importlib.util.spec_from_file_location("ossa_api_diff", _TOOL)
api_diff = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(api_diff)

_FIGURES = ("names", "signatures", "instantiations", "subclassable")


def test_figures_do_not_regress():
    pytest.importorskip("pydrake")
    floor = json.loads(_FLOOR.read_text())
    reports, _ = api_diff.run(excluded=False)
    by_label = {r.label: r for r in reports}
    assert set(by_label) == {label for label, _, _ in api_diff.MODULES}
    regressions = []
    for label, expected in floor.items():
        if label in ("total", "excluded"):
            continue
        report = by_label[label]
        assert report.error is None, report.error
        got = report.figures()
        # The reference's own counts change only with its version.
        for key in _FIGURES:
            if got[key] < expected[key]:
                regressions.append("%s %s: %d < floor %d" % (
                    label, key, got[key], expected[key]))
    assert not regressions, (
        "API fidelity regressed (tools/api_diff.py -v --module LABEL "
        "lists what is missing):\n" + "\n".join(regressions))


def _ref_module():
    ref = types.ModuleType("refpkg.mod")

    def plain(a, b=1.5, *, c=None):
        return a

    def shifted(a, b):
        return a

    class Doc:
        """pybind11 style: the signature is the docstring's first line."""

        __doc__ = ("doc(arg0: int, name: str = 'x', "
                   "flag: bool = True) -> None\n\nText.")

        def __call__(self, *args, **kwargs):
            pass

    class Base:
        def Method(self, x, y=2):
            return x

        @property
        def value(self):
            return 1

    for obj in (plain, shifted, Base):
        obj.__module__ = ref.__name__
    ref.plain, ref.shifted, ref.Base = plain, shifted, Base
    ref.only_in_reference = plain
    ref.doc = Doc()
    ref.doc.__module__ = ref.__name__
    return ref


def _ours_module():
    ours = types.ModuleType("ourpkg.mod")

    def plain(a, b=1.5, *, c=None, d=3):  # an extra optional: accepted
        return a

    def shifted(b, a):  # names swapped: differs
        return a

    class Doc:
        __doc__ = ("doc(arg0: int, name: str = 'y', "
                   "flag: bool = True) -> None")  # another default

        def __call__(self, *args, **kwargs):
            pass

    class Base:
        def Method(self, x):  # y missing
            return x

        def value(self):  # a method where the reference has a property
            return 1

    ours.plain, ours.shifted, ours.Base, ours.doc = plain, shifted, Base, Doc()
    return ours


def test_comparer_finds_missing_and_mismatched_names():
    report = api_diff.compare_modules("mod", _ref_module(), _ours_module())
    # plain, shifted, Base, Base.Method, Base.value, only_in_reference, doc.
    assert report.names_total == 7
    assert report.missing == ["only_in_reference"]
    assert sorted(name for name, _ in report.mismatched) == [
        "Base.Method", "Base.value", "doc", "shifted"]
    assert report.signatures_ok == 2  # plain and Base
    assert report.subclass_total == 1 and report.subclass_ok == 1


def test_comparer_with_ossa_absent_counts_everything_missing():
    report = api_diff.compare_modules("mod", _ref_module(), None)
    assert report.names_present == 0 and report.names_total == 7
    assert report.subclass_ok == 0


def test_parses_pybind11_and_nanobind_signatures():
    params = api_diff.parse_signature_text(
        "f(self: A, arg0: int, x: Dict[str, int] = {'a': 1}, "
        "y: float = -0.5, *, z: str = 'q, r') -> None")
    assert [p.name for p in params] == [None, "x", "y", "z"]
    assert [p.kind for p in params] == ["pos", "poskw", "poskw", "kw"]
    assert params[2].default == -0.5 and params[3].default == "q, r"
    # nanobind: defaults by placeholder into a tuple.
    params = api_diff.parse_signature_text(
        "def f(self, a: int, b: float = \\0, /) -> int", (2.5,))
    assert [p.kind for p in params] == ["pos", "pos"]
    assert params[1].default == 2.5


def test_excluded_areas_are_classified():
    assert api_diff.classify_name("RegisterCollisionGeometry") == "geometry"
    assert api_diff.classify_name("get_contact_results_output_port") == \
        "contact"
    assert api_diff.classify_name("MakeSymbolic") == "symbolic"
    assert api_diff.classify_name("CalcMassMatrix") is None
    assert api_diff.classify_name("PiecewisePolynomial") is None
