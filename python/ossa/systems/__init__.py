"""ossa.systems: the systems framework, analysis, primitives, controllers."""
