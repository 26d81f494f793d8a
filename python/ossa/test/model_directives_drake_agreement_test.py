"""Model directives (.dmd.yaml) processed by ossa and by the reference
toolkit (pydrake) give the same scene: model instance names, the
ModelInstanceInfo of each added model, default joint positions, the frames
and welds the directives add, every body's pose in a default context, the
free bodies' default poses, the collision filters of collision filter
groups, and the same flattened directives. Bad input raises with the file
and the directive named.

The directive files are python/ossa/test/data/model_directives/*.dmd.yaml;
a fixture copies them with the bundled models they use into a package
'dmd_test' in a temporary folder, which both libraries' PackageMaps get.

Tolerance: poses agree to 1e-12 (the same products of the same rotations;
only the order of a few floating-point operations may differ).
"""

import importlib
import pathlib
import shutil
import subprocess
import sys
import types

import numpy as np
import pytest

pytest.importorskip("pydrake.multibody.parsing")

ROOT = pathlib.Path(__file__).resolve().parents[3]
DATA = pathlib.Path(__file__).with_name("data") / "model_directives"
MODELS = ("kuka_iiwa_robot.urdf", "two_bodies.sdf", "cart_pole.sdf")
TOL = 1e-12

if not (ROOT / "models" / "drake").is_dir() or not DATA.is_dir():
    pytest.skip("the bundled models or the test data are not beside this "
                "test (installed copy)", allow_module_level=True)


def _lib(name):
    """The modules of ossa or pydrake this test uses, by short name."""
    mods = {}
    for short, module in (("parsing", "multibody.parsing"),
                          ("plant", "multibody.plant"),
                          ("tree", "multibody.tree"), ("yaml", "common.yaml"),
                          ("framework", "systems.framework")):
        mods[short] = importlib.import_module(f"{name}.{module}")
    return types.SimpleNamespace(**mods)


OSSA = _lib("ossa")
DRAKE = _lib("pydrake")


@pytest.fixture(scope="module")
def package(tmp_path_factory):
    """A package 'dmd_test' holding the directive files and models/."""
    root = tmp_path_factory.mktemp("dmd_test")
    (root / "package.xml").write_text(
        '<?xml version="1.0"?>\n<package format="2"><name>dmd_test</name>'
        '<version>0.0.0</version><description>test</description>'
        '<maintainer email="a@b.c">a</maintainer><license>BSD</license>'
        '</package>\n')
    (root / "models").mkdir()
    for model in MODELS:
        shutil.copy(ROOT / "models" / "drake" / model, root / "models")
    for f in DATA.glob("*.dmd.yaml"):
        shutil.copy(f, root)
    return root


def _parser(lib, package, plant=None, **kwargs):
    plant = plant or lib.plant.MultibodyPlant(0.0)
    parser = lib.parsing.Parser(plant, **kwargs)
    parser.package_map().Add("dmd_test", str(package))
    return plant, parser


def _instance_names(lib, plant):
    return [plant.GetModelInstanceName(lib.tree.ModelInstanceIndex(i))
            for i in range(plant.num_model_instances())]


def _summary(lib, plant, infos=None):
    """Everything the comparison looks at, keyed by names."""
    out = {"instances": _instance_names(lib, plant)}
    name = plant.GetModelInstanceName
    if infos is not None:
        out["infos"] = [(i.model_name, i.model_path, i.parent_frame_name,
                         i.child_frame_name, int(i.model_instance),
                         i.X_PC.GetAsMatrix34()) for i in infos]
    joints = {}
    for i in range(plant.num_joints()):
        joint = plant.get_joint(lib.tree.JointIndex(i))
        joints[(name(joint.model_instance()), joint.name())] = (
            joint.num_positions(), joint.default_positions(),
            joint.parent_body().name(), joint.child_body().name())
    out["joints"] = joints
    frames = {}
    for i in range(plant.num_frames()):
        frame = plant.get_frame(lib.tree.FrameIndex(i))
        if frame.name() in ("tool", "table_top", "cart_mount", "rail_end",
                            "body1_mark"):
            frames[(name(frame.model_instance()), frame.name())] = (
                frame.body().name(),
                frame.GetFixedPoseInBodyFrame().GetAsMatrix34())
    out["frames"] = frames
    plant.Finalize()
    context = plant.CreateDefaultContext()
    poses = {}
    for i in range(plant.num_bodies()):
        body = plant.get_body(lib.tree.BodyIndex(i))
        poses[(name(body.model_instance()), body.name())] = \
            plant.EvalBodyPoseInWorld(context, body).GetAsMatrix34()
    out["poses"] = poses
    return out


def _assert_same(ours, theirs):
    assert ours.keys() == theirs.keys()
    for key in ours:
        a, b = ours[key], theirs[key]
        if isinstance(a, dict):
            assert a.keys() == b.keys(), key
            for k in a:
                _assert_close(a[k], b[k], (key, k))
        elif isinstance(a, list):
            assert len(a) == len(b), key
            for x, y in zip(a, b):
                _assert_close(x, y, key)
        else:
            assert a == b, key


def _assert_close(a, b, where):
    if isinstance(a, tuple):
        assert len(a) == len(b), where
        for x, y in zip(a, b):
            _assert_close(x, y, where)
    elif isinstance(a, np.ndarray):
        np.testing.assert_allclose(a, b, atol=TOL, rtol=0, err_msg=where)
    else:
        assert a == b, where


def _process(lib, package, name):
    plant, parser = _parser(lib, package)
    directives = lib.parsing.LoadModelDirectives(str(package / name))
    infos = lib.parsing.ProcessModelDirectives(directives, plant, parser)
    return plant, infos


def test_scene_agrees(package):
    ours = _summary(OSSA, *_process(OSSA, package, "scene.dmd.yaml"))
    theirs = _summary(DRAKE, *_process(DRAKE, package, "scene.dmd.yaml"))
    # The scene has every kind of directive; check it reached the plant.
    assert "left::box" in ours["instances"] and "empty" in ours["instances"]
    assert ("iiwa", "world_welds_to_base") in ours["joints"]
    assert ("left::cart", "rail_end") in ours["frames"]
    assert ("bodies", "body1_mark") in ours["frames"]
    assert len(ours["infos"]) == 6
    _assert_same(ours, theirs)


def test_free_body_poses_agree(package):
    ours = _summary(OSSA, *_process(OSSA, package, "free_bodies.dmd.yaml"))
    theirs = _summary(DRAKE, *_process(DRAKE, package,
                                       "free_bodies.dmd.yaml"))
    # body1 floats relative to the frame f on the pole.
    assert ours["joints"][("a", "body1")][2:] == ("Pole", "body1")
    _assert_same(ours, theirs)


def test_process_overloads_and_scoped_frames(package):
    for lib in (OSSA, DRAKE):
        plant, parser = _parser(lib, package)
        directives = lib.parsing.LoadModelDirectives(
            str(package / "cart_and_box.dmd.yaml"))
        # ProcessModelDirectives(directives, parser): the parser's plant.
        infos = lib.parsing.ProcessModelDirectives(directives, parser)
        assert [i.model_name for i in infos] == ["cart", "box"]
    results = []
    for lib in (OSSA, DRAKE):
        plant, _ = _process(lib, package, "scene.dmd.yaml")
        get = lib.parsing.GetScopedFrameByName
        maybe = lib.parsing.GetScopedFrameByNameMaybe
        frames = [get(plant, n) for n in (
            "world", "left::cart::cart_mount", "iiwa::tool", "table_top",
            "box::body1")]
        results.append((
            [(f.name(), plant.GetModelInstanceName(f.model_instance()))
             for f in frames],
            maybe(plant, "iiwa::nope") is None, maybe(plant, "nope") is None))
        with pytest.raises(RuntimeError, match="cart_mount"):
            get(plant, "left::cart_mount")  # in left::cart, not in left
    assert results[0] == results[1]


@pytest.mark.parametrize("how", ["file", "url", "contents", "from_string",
                                 "from_url", "prefix"])
def test_parser_reads_directives(package, how):
    text = (package / "cart_and_box.dmd.yaml").read_text()
    url = "package://dmd_test/cart_and_box.dmd.yaml"
    results = []
    for lib in (OSSA, DRAKE):
        kwargs = {"model_name_prefix": "pre"} if how == "prefix" else {}
        plant, parser = _parser(lib, package, **kwargs)
        added = {
            "file": lambda: parser.AddModels(
                package / "cart_and_box.dmd.yaml"),
            "url": lambda: parser.AddModels(url=url),
            "contents": lambda: parser.AddModels(file_contents=text,
                                                 file_type="dmd.yaml"),
            "from_string": lambda: parser.AddModelsFromString(text,
                                                              "dmd.yaml"),
            "from_url": lambda: parser.AddModelsFromUrl(url),
            "prefix": lambda: parser.AddModels(
                str(package / "cart_and_box.dmd.yaml")),
        }[how]()
        results.append(([int(i) for i in added],
                        [plant.GetModelInstanceName(i) for i in added],
                        _summary(lib, plant)))
    assert results[0][:2] == results[1][:2]
    assert results[0][1] == (["pre::cart", "pre::box"] if how == "prefix"
                             else ["cart", "box"])
    _assert_same(results[0][2], results[1][2])


def test_auto_renaming_applies_to_directives(package):
    """With the parser's auto renaming on, a taken name becomes name_1,
    name_2, ... (ModelInstanceInfo keeps the directive's name)."""
    text = ("directives:\n"
            f"- add_model: {{name: a, file: {MODEL}two_bodies.sdf}}\n"
            f"- add_model: {{name: a, file: {MODEL}two_bodies.sdf}}\n"
            "- add_model_instance: {name: a}\n")
    results = []
    for lib in (OSSA, DRAKE):
        plant, parser = _parser(lib, package)
        parser.SetAutoRenaming(True)
        infos = lib.parsing.ProcessModelDirectives(
            lib.parsing.LoadModelDirectivesFromString(text), parser)
        results.append(([(i.model_name, int(i.model_instance))
                         for i in infos], _instance_names(lib, plant)))
    assert results[0] == results[1]
    assert results[0][1][2:] == ["a", "a_1", "a_2"]


def test_model_files_still_parse_through_the_parser(package):
    plant, parser = _parser(OSSA, package)
    (instance,) = parser.AddModels(str(package / "models" / "cart_pole.sdf"))
    assert plant.GetModelInstanceName(instance) == "CartPole"


def test_load_dump_and_flatten_agree(package):
    texts = []
    for lib in (OSSA, DRAKE):
        directives = lib.parsing.LoadModelDirectives(
            str(package / "scene.dmd.yaml"))
        flat = lib.parsing.FlattenModelDirectives(
            directives, _parser(lib, package)[1].package_map())
        texts.append((lib.yaml.yaml_dump_typed(directives),
                      lib.yaml.yaml_dump_typed(flat)))
    assert texts[0] == texts[1]
    assert "add_directives" not in texts[0][1]
    assert "name: left::cart::cart_mount" in texts[0][1]


def test_flattened_directives_build_the_same_scene(package):
    plant, parser = _parser(OSSA, package)
    flat = OSSA.parsing.FlattenModelDirectives(
        OSSA.parsing.LoadModelDirectives(str(package / "scene.dmd.yaml")),
        parser.package_map())
    infos = OSSA.parsing.ProcessModelDirectives(flat, plant, parser)
    _assert_same(_summary(OSSA, plant, infos),
                 _summary(OSSA, *_process(OSSA, package, "scene.dmd.yaml")))


def test_directives_built_in_python(package):
    """The schema classes build directives as the YAML does."""
    results = []
    for lib in (OSSA, DRAKE):
        p, schema = lib.parsing, importlib.import_module(
            lib.yaml.__name__.replace(".yaml", ".schema"))
        X = schema.Transform()
        X.translation = [0.0, 0.1, 0.2]
        X.set_rotation_rpy_deg([0.0, 90.0, 0.0])
        directives = p.ModelDirectives(directives=[
            p.ModelDirective(add_model=p.AddModel(
                name="arm", file="package://dmd_test/models/"
                "kuka_iiwa_robot.urdf",
                default_joint_positions={"iiwa_joint_1": np.array([0.5])})),
            p.ModelDirective(add_weld=p.AddWeld(
                parent="world", child="arm::base", X_PC=X)),
        ])
        plant, parser = _parser(lib, package)
        infos = p.ProcessModelDirectives(directives, plant, parser)
        results.append((_summary(lib, plant, infos),
                        lib.yaml.yaml_dump_typed(directives)))
    _assert_same(results[0][0], results[1][0])
    assert results[0][1] == results[1][1]


def _filtered_pairs(lib, package):
    builder = lib.framework.DiagramBuilder()
    plant, scene_graph = lib.plant.AddMultibodyPlantSceneGraph(builder, 0.0)
    _, parser = _parser(lib, package, plant=plant)
    lib.parsing.ProcessModelDirectives(
        lib.parsing.LoadModelDirectives(str(package / "collision.dmd.yaml")),
        plant, parser)
    plant.Finalize()
    inspector = scene_graph.model_inspector()
    bodies = [(m, b) for m in ("a", "b") for b in ("body1", "body2")]
    ids = {(m, b): plant.GetCollisionGeometriesForBody(
        plant.GetBodyByName(b, plant.GetModelInstanceByName(m)))[0]
        for m, b in bodies}
    return {(x, y): inspector.CollisionFiltered(ids[x], ids[y])
            for i, x in enumerate(bodies) for y in bodies[i + 1:]}


def test_collision_filter_groups_agree(package):
    ours = _filtered_pairs(OSSA, package)
    theirs = _filtered_pairs(DRAKE, package)
    assert ours == theirs
    # firsts ignores itself and the other group; a second pair stays.
    assert ours[(("a", "body1"), ("b", "body1"))]
    assert ours[(("a", "body2"), ("b", "body1"))]
    assert not ours[(("a", "body2"), ("b", "body2"))]


# -- Bad input ----------------------------------------------------------------

MODEL = "package://dmd_test/models/"

# Inputs both libraries reject with an exception: (name, text, the gist of
# ossa's message).
RAISING = [
    ("unknown_key", f"- add_model: {{name: a, file: {MODEL}two_bodies.sdf, "
     "bogus: 1}", r"directives\[0\]\.add_model.*bogus"),
    ("missing_file", f"- add_model: {{name: a, file: {MODEL}nope.sdf}}",
     r"directives\[0\] \(add_model\).*nope\.sdf"),
    ("unknown_package", "- add_model: {name: a, file: "
     "package://nopkg/x.sdf}", r"directives\[0\] \(add_model\).*nopkg"),
    ("unknown_frame", f"- add_model: {{name: a, file: {MODEL}two_bodies.sdf}}"
     "\n- add_weld: {parent: world, child: a::nope}",
     r"directives\[1\] \(add_weld\).*'nope'"),
    ("unknown_instance", "- add_weld: {parent: world, child: zz::nope}",
     r"directives\[0\] \(add_weld\).*'zz'"),
    ("bad_tag", "- add_frame: {name: f, X_PF: {base_frame: world, "
     "rotation: !Rpx {deg: [1, 2, 3]}}}", r"X_PF\.rotation.*!Rpx"),
    ("unknown_joint", f"- add_model: {{name: a, file: {MODEL}cart_pole.sdf, "
     "default_joint_positions: {nope: [1]}}",
     r"directives\[0\] \(add_model\).*'nope'"),
    ("joint_size", f"- add_model: {{name: a, file: {MODEL}cart_pole.sdf, "
     "default_joint_positions: {CartSlider: [1, 2]}}", r"CartSlider"),
    ("duplicate_name", f"- add_model: {{name: a, file: {MODEL}"
     f"two_bodies.sdf}}\n- add_model: {{name: a, file: {MODEL}"
     "two_bodies.sdf}", r"directives\[1\] \(add_model\).*'a'"),
    ("missing_namespace", "- add_directives: {file: package://dmd_test/"
     "cart_and_box.dmd.yaml, model_namespace: nope}",
     r"Namespace 'nope' does not exist"),
    ("not_yaml", "- add_model: [", r"<string>"),
]


@pytest.mark.parametrize("name,text,gist", RAISING,
                         ids=[r[0] for r in RAISING])
def test_bad_input_raises_as_the_reference_does(package, name, text, gist):
    errors = []
    for lib in (OSSA, DRAKE):
        plant, parser = _parser(lib, package)
        with pytest.raises(Exception) as info:
            lib.parsing.ProcessModelDirectives(
                lib.parsing.LoadModelDirectivesFromString(
                    "directives:\n" + text), plant, parser)
        errors.append(info)
    assert errors[0].type is errors[1].type
    errors[0].match(gist)


def test_errors_name_the_file(package, tmp_path):
    bad = tmp_path / "bad.dmd.yaml"
    bad.write_text("directives:\n- add_weld: {parent: world, child: x::y}\n")
    plant, parser = _parser(OSSA, package)
    with pytest.raises(RuntimeError, match=r"bad\.dmd\.yaml: directives\[0\] "
                       r"\(add_weld\)"):
        parser.AddModels(bad)
    with pytest.raises(RuntimeError, match="missing.dmd.yaml"):
        OSSA.parsing.LoadModelDirectives(str(tmp_path / "missing.dmd.yaml"))


def test_files_that_include_themselves_raise(package, tmp_path):
    """A cycle of add_directives raises (naming the chain of files) instead
    of recursing without end."""
    (tmp_path / "a.dmd.yaml").write_text(
        "directives:\n- add_directives: {file: package://cycle/b.dmd.yaml}\n")
    (tmp_path / "b.dmd.yaml").write_text(
        "directives:\n- add_directives: {file: package://cycle/a.dmd.yaml}\n")
    plant, parser = _parser(OSSA, package)
    parser.package_map().Add("cycle", str(tmp_path))
    with pytest.raises(RuntimeError, match=r"a\.dmd\.yaml' includes itself"):
        parser.AddModels(tmp_path / "a.dmd.yaml")
    with pytest.raises(RuntimeError, match="includes itself"):
        OSSA.parsing.FlattenModelDirectives(
            OSSA.parsing.LoadModelDirectives(tmp_path / "b.dmd.yaml"),
            parser.package_map())


# Invalid directives the reference rejects by aborting the process (a failed
# assertion after logging the message): ossa raises RuntimeError with the
# same message.
INVALID = [
    ("two_kinds", "- add_model_instance: {name: a}\n  add_frame: {name: f, "
     "X_PF: {base_frame: world}}", "directive: Specify one of `add_model`"),
    ("none", "- {}", "directive: Specify one of `add_model`"),
    ("model_without_name", f"- add_model: {{file: {MODEL}two_bodies.sdf}}",
     "add_model: `name` must be non-empty"),
    ("frame_without_base", "- add_frame: {name: f, X_PF: {translation: "
     "[1, 2, 3]}}", "add_frame: `X_PF.base_frame` must be defined"),
    ("random_frame", "- add_frame: {name: f, X_PF: {base_frame: world, "
     "rotation: !Uniform {}}}", "add_frame: `X_PF` must specify a "
     "deterministic transform"),
    ("weld_base_frame", "- add_weld: {parent: world, child: a::b, X_PC: "
     "{base_frame: world}}", "add_weld: `X_PC` must not specify a "
     "`base_frame`"),
    ("empty_group", "- add_collision_filter_group: {name: g}",
     "add_collision_filter_group: at least one of `members`"),
]


@pytest.mark.parametrize("name,text,message", INVALID,
                         ids=[r[0] for r in INVALID])
def test_invalid_directives_raise(name, text, message):
    with pytest.raises(RuntimeError) as info:
        OSSA.parsing.LoadModelDirectivesFromString("directives:\n" + text)
    assert message in str(info.value)
    assert "<string>: directives[0]" in str(info.value)


@pytest.mark.parametrize("name,text,message", INVALID[:3],
                         ids=[r[0] for r in INVALID[:3]])
def test_reference_rejects_the_invalid_directives_too(name, text, message):
    code = ("from pydrake.multibody.parsing import "
            "LoadModelDirectivesFromString as load\n"
            f"load({'directives:' + chr(10) + text!r})\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode != 0
    assert message in run.stderr
