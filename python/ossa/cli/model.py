"""Finding and loading model files into a plant."""

import os
import pathlib

from ossa.cli.library import CliError

# Short names for the bundled models (files under the package's models/).
BUNDLED = {
    "iiwa": "drake/kuka_iiwa_robot.urdf",
    "acrobot": "drake/acrobot.urdf",
    "pendulum": "drake/Pendulum.urdf",
    "double_pendulum": "drake/double_pendulum.sdf",
    "cart_pole": "drake/cart_pole.sdf",
    "cassie": "drake/cassie_v2.urdf",
    "atlas": "drake/atlas_with_fixed_joints.urdf",
    "panda": "example_robot_data/panda.urdf",
    "ur5": "example_robot_data/ur5_robot.urdf",
    "talos": "example_robot_data/talos_reduced.urdf",
    "hyq": "example_robot_data/hyq_no_sensors.urdf",
    "solo12": "example_robot_data/solo12.urdf",
    "anymal": "example_robot_data/anymal.urdf",
    "allegro": "example_robot_data/allegro_right_hand.urdf",
    "romeo": "example_robot_data/romeo.urdf",
    "box_stack": "ossa/box_stack.sdf",
}

# Joint angles (rad) a bundled model starts from when it is dropped onto
# the ground, where its default posture cannot stand: Cassie's feet are
# tilted at zero toe angles (heel 13 cm below the toe tip); these angles
# put each foot's two contact points level.
STANDING_POSTURES = {
    "cassie": {"toe_left": -0.8735, "toe_right": -0.8735},
}

# The model `ossa simulate` shows when given none: a 7-dof arm.
DEFAULT_MODEL = "iiwa"


def models_dir():
    """The folder of the bundled models (ossa.common.GetBundledModelsPath:
    $OSSA_MODELS_PATH, the package's models/, or the source tree's)."""
    from ossa.common import GetBundledModelsPath
    path = GetBundledModelsPath()
    if path is None:
        raise CliError("the bundled models are missing (set OSSA_MODELS_PATH "
                       "to the models/ folder)")
    return pathlib.Path(path)


def resolve(model):
    """The path of `model`: an existing file, or a bundled model's short
    name (see BUNDLED); None means the default model."""
    model = model or DEFAULT_MODEL
    path = pathlib.Path(model)
    if path.is_file():
        return path.resolve()
    if model in BUNDLED:
        bundled = models_dir() / BUNDLED[model]
        if not bundled.is_file():
            raise CliError(f"the bundled model '{model}' is missing: "
                           f"{bundled} does not exist")
        return bundled
    if path.suffix or os.sep in model:
        raise CliError(f"model file not found: {model}")
    raise CliError(f"'{model}' is neither a file nor a bundled model "
                   f"(bundled: {', '.join(sorted(BUNDLED))})")


def _add_enclosing_packages(package_map, path):
    """Makes package:// URIs of a model inside a ROS package (a folder with
    a package.xml above the file) resolve to that package."""
    import xml.etree.ElementTree as ET
    for folder in pathlib.Path(path).resolve().parents:
        xml = folder / "package.xml"
        if not xml.is_file():
            continue
        try:
            name = ET.parse(xml).getroot().findtext("name")
        except ET.ParseError:
            continue
        if name and not package_map.Contains(name.strip()):
            package_map.AddPackageXml(str(xml))


def add_model(lib, plant, path):
    """Parses the file at `path` into `plant` (not finalized); returns the
    model instances it created. Parse errors become one-line CliErrors."""
    parser = lib.parsing.Parser(plant)
    _add_enclosing_packages(parser.package_map(), path)
    try:
        return parser.AddModels(str(path))
    except (RuntimeError, ValueError) as e:
        message = " ".join(str(e).split())
        raise CliError(f"cannot load {path}: {message}") from e

