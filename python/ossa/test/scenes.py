"""Small ossa scenes that several tests build (conftest.py puts this folder
on sys.path; pytest does not collect this file)."""


def ball_on_ground(builder, radius=0.1, mass=1.0):
    """Adds a continuous plant with a SceneGraph to `builder`: a free sphere
    `ball` (solid, `mass`, `radius`) above a ground half-space, both with
    default proximity properties. Returns (plant, ball), the plant
    finalized."""
    from ossa.geometry import HalfSpace, ProximityProperties, Sphere
    from ossa.math import RigidTransform
    from ossa.multibody.plant import AddMultibodyPlantSceneGraph
    from ossa.multibody.tree import SpatialInertia

    plant, _ = AddMultibodyPlantSceneGraph(builder, 0.0)
    ball = plant.AddRigidBody("ball", SpatialInertia.SolidSphereWithMass(
        mass, radius))
    plant.RegisterCollisionGeometry(ball, RigidTransform(), Sphere(radius),
                                    "ball", ProximityProperties())
    plant.RegisterCollisionGeometry(plant.world_body(), RigidTransform(),
                                    HalfSpace(), "ground",
                                    ProximityProperties())
    plant.Finalize()
    return plant, ball
