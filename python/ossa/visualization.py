"""ossa.visualization: ModelVisualizer (as in the reference module of the
same name): load models, show them in a Meshcat with joint sliders, or write
them as a static HTML page; AddStickFigure draws a model without
illustration geometry as a sphere per body and a rod per joint. Both are the
C++ classes of ossa::visualization."""

import ossa.geometry  # noqa: F401  (Meshcat, and the viewer's location)
import ossa.multibody.meshcat  # noqa: F401  (JointSliders, returned by sliders())
import ossa.multibody.parsing  # noqa: F401  (Parser, returned by parser())
from ossa._ext.visualization import AddStickFigure, ModelVisualizer  # noqa

__all__ = ["ModelVisualizer", "AddStickFigure"]
