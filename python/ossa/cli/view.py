"""``ossa view MODEL``: the model in the browser (Meshcat) with a slider per
joint position, like the reference's model visualizer; ``--html FILE``
writes a static page of the model instead and exits."""

import pathlib
import sys

import numpy as np

from ossa.cli import model as model_files
from ossa.cli.library import CliError


def run(lib, args):
    import ossa.cli.library as library
    from ossa.cli import ground
    from ossa.geometry import Meshcat, MeshcatParams
    from ossa.visualization import AddStickFigure, ModelVisualizer

    path = model_files.resolve(args.model)
    params = MeshcatParams(host=args.host)
    if args.port is not None:
        params.port = args.port
    if args.html:
        params.port = 0  # nobody connects: any free port
    meshcat = Meshcat(params)
    visualizer = ModelVisualizer(meshcat=meshcat)
    # The viewer is ossa's whatever library runs the dynamics.
    try:
        model_files.add_model(library.load(None), visualizer.plant(), path)
    except CliError as e:
        # Visuals whose meshes are missing: the collision model (or the
        # kinematics alone), drawn as a stick figure.
        visualizer = ModelVisualizer(meshcat=meshcat)
        if not ground.add_drawable_model(library.load("ossa"),
                                         visualizer.plant(), path):
            raise e
        AddStickFigure(visualizer.plant())
        print(f"note: drawn as a stick figure ({e})", file=sys.stderr)
    position = None
    if args.position:
        try:
            position = np.array([float(s) for s in
                                 args.position.replace(",", " ").split()])
        except ValueError:
            raise CliError("--position must be numbers separated by commas, "
                           f"got '{args.position}'") from None
    visualizer.Finalize(position=position,
                        weld_free_bodies=not args.floating)
    if args.html:
        out = pathlib.Path(args.html)
        if out.parent and not out.parent.exists():
            out.parent.mkdir(parents=True)
        out.write_text(visualizer.StaticHtml())
        print(f"wrote {out}")
        return 0
    print(f"Meshcat: {meshcat.web_url()}  (open it in a browser; press the "
          "'Stop JointSliders' button or Ctrl-C to quit)", flush=True)
    try:
        visualizer.Run(timeout=args.timeout)
    except KeyboardInterrupt:
        pass
    return 0

