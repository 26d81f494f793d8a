"""ossa.multibody.parsing: PackageMap (and Parser once the plant is bound)."""

import copy
import pathlib

import pytest

from ossa.multibody.parsing import PackageMap

ROOT = pathlib.Path(__file__).resolve().parents[3]
DATA = ROOT / "src" / "ossa" / "multibody" / "parsing" / "test" / "data"
MODELS = ROOT / "models"


def test_package_map_add_get_remove(tmp_path):
    m = PackageMap()
    assert m.size() == 0 and len(m) == 0
    assert PackageMap.MakeEmpty().size() == 0
    m.Add("foo", tmp_path)  # a pathlib.Path is accepted like a str
    assert m.Contains("foo")
    assert not m.Contains("bar")
    assert m.GetPath("foo") == str(tmp_path)
    assert m.GetPackageNames() == ["foo"]
    # Re-adding the same pair is allowed; another folder is an error.
    m.Add("foo", str(tmp_path))
    other = tmp_path / "other"
    other.mkdir()
    with pytest.raises(RuntimeError, match="foo"):
        m.Add("foo", other)
    with pytest.raises(RuntimeError, match="bar"):
        m.GetPath("bar")
    m.Remove("foo")
    assert m.size() == 0
    with pytest.raises(RuntimeError, match="foo"):
        m.Remove("foo")


def test_package_map_populate_and_resolve(tmp_path):
    m = PackageMap()
    m.PopulateFromFolder(DATA / "packages")
    # pkg_b (declared as pkg_b_name): its inner package.xml is not visited,
    # ROS stops at a package.
    assert m.GetPackageNames() == ["pkg_a", "pkg_b_name"]
    urdf = m.ResolveUrl("package://pkg_a/models/two_link.urdf")
    assert pathlib.Path(urdf).is_file()
    assert pathlib.Path(urdf) == (DATA / "packages" / "pkg_a" / "models" /
                                  "two_link.urdf")
    with pytest.raises(RuntimeError, match="nope"):
        m.ResolveUrl("package://nope/x.urdf")

    n = PackageMap()
    n.AddPackageXml(DATA / "packages" / "pkg_a" / "package.xml")
    assert n.GetPackageNames() == ["pkg_a"]
    n.AddMap(m)
    assert n.size() == 2
    c = copy.deepcopy(n)
    c.Remove("pkg_a")
    assert n.Contains("pkg_a") and not c.Contains("pkg_a")


def test_package_map_from_environment(monkeypatch):
    monkeypatch.setenv("OSSA_TEST_PACKAGE_PATH", str(DATA / "packages"))
    m = PackageMap()
    m.PopulateFromEnvironment("OSSA_TEST_PACKAGE_PATH")
    assert m.Contains("pkg_a") and m.Contains("pkg_b_name")
    monkeypatch.setenv("ROS_PACKAGE_PATH", str(DATA / "packages" / "group"))
    r = PackageMap()
    r.PopulateFromRosPackagePath()
    assert r.GetPackageNames() == ["pkg_b_name"]


def test_find_resource_or_throw():
    from ossa.common import FindResourceOrThrow, GetBundledModelsPath
    path = pathlib.Path(FindResourceOrThrow("drake/acrobot.urdf"))
    assert path.is_absolute() and path.is_file()
    assert path == pathlib.Path(GetBundledModelsPath()) / "drake" / \
        "acrobot.urdf"
    with pytest.raises(RuntimeError, match="no_such.urdf"):
        FindResourceOrThrow("drake/no_such.urdf")


def _acrobot():
    from ossa.common import FindResourceOrThrow
    return FindResourceOrThrow("drake/acrobot.urdf")


def test_parser_add_models_three_ways():
    from ossa.multibody.parsing import Parser
    from ossa.multibody.plant import MultibodyPlant
    plant = MultibodyPlant(0.0)
    parser = Parser(plant)
    assert parser.plant() is plant
    (a,) = parser.AddModels(pathlib.Path(_acrobot()))
    assert plant.GetModelInstanceName(a) == "acrobot"
    (b,) = Parser(plant, "b").AddModels(url="file://" + _acrobot())
    assert plant.GetModelInstanceName(b) == "b::acrobot"
    text = pathlib.Path(_acrobot()).read_text()
    (c,) = Parser(plant=plant, model_name_prefix="c").AddModels(
        file_contents=text, file_type="urdf")
    (d,) = Parser(plant, scene_graph=None, model_name_prefix="d") \
        .AddModelsFromString(text, "urdf")
    assert plant.GetModelInstanceName(d) == "d::acrobot"
    parser.package_map().PopulateFromFolder(DATA / "packages")
    (e,) = parser.AddModelsFromUrl("package://pkg_a/models/two_link.urdf")
    plant.Finalize()
    # Four acrobots of two revolute joints each, plus two_link's dofs.
    assert plant.num_velocities() == 8 + plant.num_velocities(e)
    assert plant.GetJointByName("ElbowJoint", c).default_damping() == 0.1


def test_parser_renaming_and_errors():
    from ossa.multibody.parsing import Parser
    from ossa.multibody.plant import MultibodyPlant
    plant = MultibodyPlant(0.0)
    parser = Parser(plant)
    parser.AddModels(_acrobot())
    with pytest.raises(RuntimeError, match="'acrobot' already exists"):
        parser.AddModels(_acrobot())
    assert not parser.GetAutoRenaming()
    parser.SetAutoRenaming(True)
    (renamed,) = parser.AddModels(_acrobot())
    assert plant.GetModelInstanceName(renamed) == "acrobot_1"
    with pytest.raises(RuntimeError, match=r"<string>\.urdf:1:.*'a'"):
        parser.AddModelsFromString(
            '<robot name="x"><link name="a"/><link name="a"/></robot>',
            "urdf")
    strict = Parser(plant, "s")
    strict.SetStrictParsing()
    with pytest.raises(RuntimeError, match="bogus"):
        strict.AddModelsFromString(
            '<robot name="y"><link name="a"/><bogus/></robot>', "urdf")
    # A scene graph must be a SceneGraph (as in the reference: TypeError).
    with pytest.raises(TypeError):
        Parser(plant, scene_graph=object())
    plant.Finalize()
    with pytest.raises(RuntimeError, match="finalized"):
        Parser(plant).AddModels(_acrobot())
