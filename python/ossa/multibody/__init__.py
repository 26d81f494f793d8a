"""ossa.multibody: multibody math, tree, plant and parsing."""
