"""The animation of ``ossa simulate``: the trajectory drawn by a Meshcat
recording (live in a browser with --meshcat) and saved as one
self-contained HTML page. The drawing uses its own plant and SceneGraph
(ossa's, whatever library simulates), so the simulated system is the same
with or without it."""

import numpy as np

from ossa.cli import model as model_files


class Animation:
    """With `ground`, the ground half-space is drawn too. A model whose
    visuals cannot be loaded (meshes the bundled models do not ship) is
    drawn from its collision model, or its kinematics alone, as a stick
    figure."""

    def __init__(self, path, weld_free_bodies, live, fps, host="localhost",
                 port=None, ground=False):
        import ossa.cli.library as library
        from ossa.cli import ground as ground_module
        from ossa.cli.library import CliError
        from ossa.geometry import Meshcat, MeshcatParams
        from ossa.visualization import AddStickFigure, ModelVisualizer

        params = MeshcatParams(host=host)
        # Only a live view needs a port people can find.
        params.port = port if live else 0
        self.meshcat = Meshcat(params)
        lib = library.load("ossa")
        try:
            self._viz = self._new_visualizer(ModelVisualizer)
            model_files.add_model(lib, self._viz.plant(), path)
        except CliError:
            self._viz = self._new_visualizer(ModelVisualizer)
            if not ground_module.add_drawable_model(lib, self._viz.plant(),
                                                    path):
                raise
            AddStickFigure(self._viz.plant())
        if ground:
            ground_module.add_ground(lib, self._viz.plant())
        self._viz.Finalize(weld_free_bodies=weld_free_bodies, sliders=False)
        self._plant = self._viz.plant()
        self._diagram = self._viz.diagram()
        self._context = self._diagram.CreateDefaultContext()
        self._plant_context = self._plant.GetMyMutableContextFromRoot(
            self._context)
        self._nq = self._plant.num_positions()
        self.meshcat.StartRecording(
            fps, set_visualizations_while_recording=live)

    def _new_visualizer(self, ModelVisualizer):
        # Contacts are not drawn: each frame would run a contact solve.
        return ModelVisualizer(meshcat=self.meshcat, publish_contacts=False)

    def publish(self, t, x):
        """Draws (and records) the state x = [q; v] at time t."""
        self._context.SetTime(t)
        self._plant.SetPositions(self._plant_context,
                                 np.asarray(x, float)[:self._nq])
        self._diagram.ForcedPublish(self._context)

    def finish(self, html_path):
        """Stops recording, sends the animation to browsers, writes the
        page."""
        self.meshcat.StopRecording()
        self.meshcat.PublishRecording()
        html_path.write_text(self.meshcat.StaticHtml())
