"""Agreement of ossa.geometry with the reference (pydrake.geometry) on the
same scenes, built by one function run against both modules: for every pair
of shape kinds at random poses, the signed distance (value, witness points,
normal) and the point-pair penetration (depth, normal, witness points).

Tolerances, and why:
- Pairs with closed forms in both libraries (a sphere with a sphere, box,
  capsule, cylinder or half space; a box with a half space) agree to 1e-10:
  both evaluate the same formulas, so only rounding separates them.
- Pairs for which the reference runs an iterative solver (ossa has closed
  forms for capsule–box, and for box–box penetration, checked against coal
  at a tight tolerance in test_closed_forms_match_coal_at_tight_tolerance;
  for the others it runs coal's GJK/EPA at a tolerance of 1e-6 m): the
  reference runs FCL with libccd, whose distances
  for curved shapes are off by up to ~7e-3 on these 0.1 m shapes (measured:
  for capsule–capsule, where ossa's closed form is exact, the reference is
  off by 2.4e-5; for two ellipsoids by 6.6e-3 where an independent
  constrained minimization agrees with ossa to 5e-7, see
  test_ellipsoid_distance_against_independent_minimization). Distances of
  separated pairs agree to 1e-2 and normals to 0.2 (overlapping pairs: see
  penetration below); beyond that the
  test checks invariants of ossa's own answers that must hold to its solver
  tolerance: the witness points are |distance| apart along the normal, and
  the penetration depth equals minus the signed distance.
- Penetration depth of those pairs is not unique across libraries: the
  reference estimates it with libccd's MPR, which finds a separating
  translation that is not always the shortest, so its depth is an upper
  bound of the true one. ossa's EPA (or separating axis test) finds the
  shortest: the test checks that
  both report the same colliding pairs and that ossa's depth never exceeds
  the reference's (beyond 1e-6).
"""
import itertools
import os
import tempfile

import numpy as np
import pytest

import ossa.geometry
import ossa.math

pydrake_geometry = pytest.importorskip("pydrake.geometry")
import pydrake.math  # noqa: E402

KINDS = ["Sphere", "Box", "Capsule", "Cylinder", "Ellipsoid", "HalfSpace",
         "Convex"]
CLOSED_FORM = {("Sphere", k) for k in ("Sphere", "Box", "Capsule", "Cylinder",
                                       "HalfSpace")}
CLOSED_FORM_PENETRATION = CLOSED_FORM | {("Box", "HalfSpace")}
NUM_POSES = 250


def convex_obj():
    """A small closed convex solid (an irregular octahedron) as OBJ."""
    path = os.path.join(tempfile.gettempdir(), "ossa_agreement_convex.obj")
    v = [(0.15, 0, 0), (-0.1, 0, 0), (0, 0.12, 0), (0, -0.1, 0), (0, 0, 0.13),
         (0, 0, -0.11)]
    f = [(1, 3, 5), (3, 2, 5), (2, 4, 5), (4, 1, 5), (3, 1, 6), (2, 3, 6),
         (4, 2, 6), (1, 4, 6)]
    with open(path, "w") as out:
        for p in v:
            out.write("v %r %r %r\n" % p)
        for t in f:
            out.write("f %d %d %d\n" % t)
    return path


def make_shape(g, kind):
    return {"Sphere": lambda: g.Sphere(0.12),
            "Box": lambda: g.Box(0.2, 0.3, 0.16),
            "Capsule": lambda: g.Capsule(0.07, 0.25),
            "Cylinder": lambda: g.Cylinder(0.1, 0.22),
            "Ellipsoid": lambda: g.Ellipsoid(0.12, 0.08, 0.15),
            "HalfSpace": lambda: g.HalfSpace(),
            "Convex": lambda: g.Convex(convex_obj())}[kind]()


class PairScene:
    """Two geometries, each on its own frame, in one SceneGraph of module
    `g` (ossa.geometry or pydrake.geometry); `m` is the matching math
    module."""

    def __init__(self, g, m, kind_a, kind_b):
        self.g, self.m = g, m
        self.sg = g.SceneGraph()
        self.source = self.sg.RegisterSource("pair")
        self.frames, self.ids = [], []
        for k, kind in enumerate((kind_a, kind_b)):
            f = self.sg.RegisterFrame(self.source, g.GeometryFrame(f"f{k}"))
            gi = g.GeometryInstance(m.RigidTransform(), make_shape(g, kind),
                                    f"g{k}")
            gi.set_proximity_properties(g.ProximityProperties())
            self.ids.append(self.sg.RegisterGeometry(self.source, f, gi))
            self.frames.append(f)
        self.context = self.sg.CreateDefaultContext()

    def query(self, poses):
        poses_vector = self.g.FramePoseVector()
        for f, (R, p) in zip(self.frames, poses):
            poses_vector.set_value(
                f, self.m.RigidTransform(self.m.RotationMatrix(R), p))
        self.sg.get_source_pose_port(self.source).FixValue(self.context,
                                                           poses_vector)
        return self.sg.get_query_output_port().Eval(self.context)


def random_pose(rng):
    q = rng.normal(size=4)
    w, x, y, z = q / np.linalg.norm(q)
    R = np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])
    return R, rng.uniform(-0.15, 0.15, 3)


def signed_distance(scene, q):
    try:
        return q.ComputeSignedDistancePairClosestPoints(*scene.ids)
    except RuntimeError as e:
        return e


PAIRS = [p for p in itertools.combinations_with_replacement(KINDS, 2)
         if p != ("HalfSpace", "HalfSpace")]


@pytest.mark.parametrize("kind_a,kind_b", PAIRS)
def test_pair_agrees_with_reference(kind_a, kind_b, seed=0):
    ours = PairScene(ossa.geometry, ossa.math, kind_a, kind_b)
    ref = PairScene(pydrake_geometry, pydrake.math, kind_a, kind_b)
    closed = (kind_a, kind_b) in CLOSED_FORM
    closed_pen = (kind_a, kind_b) in CLOSED_FORM_PENETRATION
    rng = np.random.default_rng(
        [KINDS.index(kind_a), KINDS.index(kind_b), seed])
    penetrations = 0
    for _ in range(NUM_POSES):
        poses = [random_pose(rng), random_pose(rng)]
        q, qr = ours.query(poses), ref.query(poses)

        d, dr = signed_distance(ours, q), signed_distance(ref, qr)
        # Both support the pair, or both refuse it.
        assert isinstance(d, Exception) == isinstance(dr, Exception), (d, dr)
        if not isinstance(d, Exception):
            if closed:
                assert d.distance == pytest.approx(dr.distance, abs=1e-10)
                np.testing.assert_allclose(d.p_ACa, dr.p_ACa, atol=1e-10)
                np.testing.assert_allclose(d.p_BCb, dr.p_BCb, atol=1e-10)
                np.testing.assert_allclose(d.nhat_BA_W, dr.nhat_BA_W,
                                           atol=1e-10)
            elif dr.distance > 0:
                assert d.distance == pytest.approx(dr.distance, abs=1e-2)
                np.testing.assert_allclose(d.nhat_BA_W, dr.nhat_BA_W,
                                           atol=0.2)
            else:
                # Overlapping: the reference's depth (−distance) is an
                # upper bound (see the module docstring).
                assert d.distance >= dr.distance - 1e-6
            # Invariant: p_WCa − p_WCb = distance · nhat_BA_W.
            X_WA = q.GetPoseInWorld(ours.ids[0])
            X_WB = q.GetPoseInWorld(ours.ids[1])
            gap = X_WA.multiply(d.p_ACa) - X_WB.multiply(d.p_BCb)
            np.testing.assert_allclose(gap, d.distance * d.nhat_BA_W,
                                       atol=1e-5)
            assert np.linalg.norm(d.nhat_BA_W) == pytest.approx(1, abs=1e-12)

        p, pr = q.ComputePointPairPenetration(), qr.ComputePointPairPenetration()
        assert len(p) == len(pr)
        if not p:
            continue
        penetrations += 1
        a, b = p[0], pr[0]
        assert a.id_A < a.id_B
        if closed_pen:
            assert a.depth == pytest.approx(b.depth, abs=1e-10)
            np.testing.assert_allclose(a.nhat_BA_W, b.nhat_BA_W, atol=1e-10)
            np.testing.assert_allclose(a.p_WCa, b.p_WCa, atol=1e-10)
            np.testing.assert_allclose(a.p_WCb, b.p_WCb, atol=1e-10)
        else:
            assert a.depth <= b.depth + 1e-6
            if not isinstance(d, Exception):
                assert a.depth == pytest.approx(-d.distance, abs=1e-5)
        # Invariant: Ca − Cb = −depth · nhat_BA_W.
        np.testing.assert_allclose(a.p_WCa - a.p_WCb, -a.depth * a.nhat_BA_W,
                                   atol=1e-5)
    # The poses put the pair in penetration often enough to test it.
    assert penetrations > NUM_POSES // 4


def closest_segment_points(p0, p1, q0, q1, iterations=5000):
    """Closest points of two segments by alternating exact minimization,
    which converges for this convex quadratic (an independent check of the
    closed form)."""
    s = t = 0.5
    d1, d2 = p1 - p0, q1 - q0
    for _ in range(iterations):
        s = np.clip(np.dot(q0 + t * d2 - p0, d1) / np.dot(d1, d1), 0, 1)
        t = np.clip(np.dot(p0 + s * d1 - q0, d2) / np.dot(d2, d2), 0, 1)
    return p0 + s * d1, q0 + t * d2


def test_capsule_capsule_closed_form_is_exact():
    scene = PairScene(ossa.geometry, ossa.math, "Capsule", "Capsule")
    rng = np.random.default_rng(7)
    for _ in range(30):
        poses = [random_pose(rng), random_pose(rng)]
        d = scene.query(poses).ComputeSignedDistancePairClosestPoints(
            *scene.ids)
        ends = [(p - 0.125 * R[:, 2], p + 0.125 * R[:, 2]) for R, p in poses]
        pa, pb = closest_segment_points(*ends[0], *ends[1])
        expected = np.linalg.norm(pa - pb) - 0.14
        # Alternating minimization converges linearly; 5000 rounds reach 1e-10
        # except for nearly parallel axes, which random poses avoid.
        assert d.distance == pytest.approx(expected, abs=1e-10)


def test_the_same_unsupported_pairs_raise():
    for g, m in ((ossa.geometry, ossa.math),
                 (pydrake_geometry, pydrake.math)):
        scene = PairScene(g, m, "Box", "HalfSpace")
        q = scene.query([random_pose(np.random.default_rng(0))] * 2)
        with pytest.raises(RuntimeError, match="(?i)box.*halfspace"):
            q.ComputeSignedDistancePairClosestPoints(*scene.ids)


def test_ellipsoid_distance_against_independent_minimization():
    """Two separated ellipsoids: ossa's GJK distance against a constrained
    minimization of |x − y| over x in A, y in B (SLSQP), to 1e-5 (the
    minimizer's own accuracy at these settings; GJK's is 1e-6)."""
    optimize = pytest.importorskip("scipy.optimize")
    scene = PairScene(ossa.geometry, ossa.math, "Ellipsoid", "Ellipsoid")
    axes = np.array([0.12, 0.08, 0.15])
    rng = np.random.default_rng(11)
    checked = 0
    while checked < 8:
        poses = [random_pose(rng), random_pose(rng)]
        d = scene.query(poses).ComputeSignedDistancePairClosestPoints(
            *scene.ids)
        if d.distance < 0.01:
            continue
        (RA, pA), (RB, pB) = poses
        constraints = [
            {"type": "ineq",
             "fun": lambda z: 1 - np.sum((RA.T @ (z[:3] - pA) / axes)**2)},
            {"type": "ineq",
             "fun": lambda z: 1 - np.sum((RB.T @ (z[3:] - pB) / axes)**2)}]
        best = min(
            (optimize.minimize(lambda z: np.sum((z[:3] - z[3:])**2),
                               np.r_[pA + 0.01 * rng.normal(size=3), pB],
                               constraints=constraints, method="SLSQP",
                               options={"ftol": 1e-16, "maxiter": 1000})
             for _ in range(3)), key=lambda r: r.fun)
        assert d.distance == pytest.approx(np.sqrt(best.fun), abs=1e-5)
        checked += 1


@pytest.mark.parametrize("kind", KINDS)
def test_signed_distance_to_point_agrees_with_reference(kind):
    """Points around and inside one geometry; closed forms (every kind but
    Ellipsoid and Convex) to 1e-10, the others to the solvers' accuracy:
    1e-5 for the convex hull, 2e-5 for the ellipsoid (the reference is off
    by up to 1.1e-5 there, ossa by 1.2e-6: see
    test_point_to_ellipsoid_distance_is_exact_to_the_solver_tolerance)."""
    tol = {"Ellipsoid": 2e-5, "Convex": 1e-5}.get(kind, 1e-10)
    ours = PairScene(ossa.geometry, ossa.math, kind, "Sphere")
    ref = PairScene(pydrake_geometry, pydrake.math, kind, "Sphere")
    rng = np.random.default_rng(KINDS.index(kind))
    far = (np.eye(3), np.array([5.0, 5.0, 5.0]))  # The sphere stays away.
    for _ in range(60):
        poses = [random_pose(rng), far]
        q, qr = ours.query(poses), ref.query(poses)
        p_WQ = rng.uniform(-0.25, 0.25, 3)
        (a,) = [r for r in q.ComputeSignedDistanceToPoint(p_WQ, 1.0)
                if r.id_G == ours.ids[0]]
        (b,) = [r for r in qr.ComputeSignedDistanceToPoint(p_WQ, 1.0)
                if r.id_G == ref.ids[0]]
        assert a.distance == pytest.approx(b.distance, abs=tol)
        np.testing.assert_allclose(a.p_GN, b.p_GN, atol=tol if tol < 1e-9
                                   else 1e-3)
        # An iterative solver's normal is poorly determined when Q is near
        # the surface; compare it beyond 1 cm.
        if tol < 1e-9 or abs(b.distance) > 0.01:
            np.testing.assert_allclose(a.grad_W, b.grad_W,
                                       atol=tol if tol < 1e-9 else 1e-2)
        assert np.linalg.norm(a.grad_W) == pytest.approx(1, abs=1e-9)


def test_point_to_ellipsoid_distance_is_exact_to_the_solver_tolerance():
    """The distance from an outside point p to the ellipsoid Σ x²/a² = 1 is
    |p − x| with x = p a²/(a² + t), t > 0 the root of Σ (p a/(a² + t))² = 1
    (a monotone equation, solved by bisection to machine precision); ossa's
    GJK answer agrees to 2e-6 (its tolerance is 1e-6)."""
    scene = PairScene(ossa.geometry, ossa.math, "Ellipsoid", "Sphere")
    axes = np.array([0.12, 0.08, 0.15])
    rng = np.random.default_rng(3)
    far = (np.eye(3), np.array([5.0, 5.0, 5.0]))
    checked = 0
    while checked < 40:
        poses = [random_pose(rng), far]
        p_WQ = rng.uniform(-0.25, 0.25, 3)
        R, center = poses[0]
        p = R.T @ (p_WQ - center)
        if np.sum((p / axes)**2) <= 1:
            continue
        lo, hi = 0.0, 1.0
        for _ in range(200):
            mid = (lo + hi) / 2
            if np.sum((p * axes / (axes**2 + mid))**2) > 1:
                lo = mid
            else:
                hi = mid
        x = p * axes**2 / (axes**2 + lo)
        (r,) = [r for r in scene.query(poses).ComputeSignedDistanceToPoint(
            p_WQ, 1.0) if r.id_G == scene.ids[0]]
        assert r.distance == pytest.approx(np.linalg.norm(p - x), abs=2e-6)
        checked += 1


@pytest.mark.parametrize("kind_a,kind_b", [("Capsule", "Box"), ("Box", "Box")])
def test_closed_forms_match_coal_at_tight_tolerance(kind_a, kind_b):
    """ossa's exact capsule–box (distance and penetration) and box–box
    (penetration, separating axis test) against coal's GJK/EPA run through
    its own Python bindings at a 1e-9 tolerance: they agree to 1e-8 (the
    reference's FCL is too inaccurate to check these, see above)."""
    coal = pytest.importorskip("coal")
    scene = PairScene(ossa.geometry, ossa.math, kind_a, kind_b)
    coal_shapes = {"Capsule": lambda: coal.Capsule(0.07, 0.25),
                   "Box": lambda: coal.Box(0.2, 0.3, 0.16)}
    rng = np.random.default_rng(5)
    penetrating = 0
    for _ in range(150):
        poses = [random_pose(rng), random_pose(rng)]
        q = scene.query(poses)
        objects = [coal.CollisionObject(coal_shapes[k](),
                                        coal.Transform3s(R, p))
                   for k, (R, p) in zip((kind_a, kind_b), poses)]
        request = coal.DistanceRequest()
        request.gjk_tolerance = request.epa_tolerance = 1e-9
        request.epa_max_iterations = 1000
        result = coal.DistanceResult()
        coal.distance(objects[0], objects[1], request, result)
        pairs = q.ComputePointPairPenetration()
        if kind_a == "Capsule" or result.min_distance > 0:
            d = q.ComputeSignedDistancePairClosestPoints(*scene.ids)
            assert d.distance == pytest.approx(result.min_distance, abs=1e-8)
        if result.min_distance < 0:
            penetrating += 1
            assert len(pairs) == 1
            assert pairs[0].depth == pytest.approx(-result.min_distance,
                                                   abs=1e-8)
        else:
            assert not pairs
    assert penetrating > 30


def autodiff_sphere_scene(g, m, ad, third):
    """Two spheres and a third shape (a box, or a sphere touching a half
    space: the reference refuses a box with a half space on AutoDiffXd) on
    SceneGraph_[AutoDiffXd], the first sphere's x the derivative variable;
    returns the query object, the geometry ids, the Context and the
    SceneGraph."""
    AutoDiffXd = ad.AutoDiffXd
    sg = g.SceneGraph_[AutoDiffXd]()
    s = sg.RegisterSource("s")
    shapes = [g.Sphere(0.2), g.Sphere(0.15),
              g.Box(0.3, 0.2, 0.4) if third == "Box" else g.Sphere(0.12)]
    xyz = [(0.1, 0.05, 0.3), (0.35, 0.1, 0.3), (0.0, 0.3, 0.1)]
    frames, ids = [], []
    for k, shape in enumerate(shapes):
        f = sg.RegisterFrame(s, g.GeometryFrame(f"f{k}"))
        gi = g.GeometryInstance(m.RigidTransform(), shape, f"g{k}")
        gi.set_proximity_properties(g.ProximityProperties())
        ids.append(sg.RegisterGeometry(s, f, gi))
        frames.append(f)
    if third != "Box":
        ground = g.GeometryInstance(m.RigidTransform(), g.HalfSpace(),
                                    "ground")
        ground.set_proximity_properties(g.ProximityProperties())
        ids.append(sg.RegisterAnchoredGeometry(s, ground))
    context = sg.CreateDefaultContext()
    poses = g.FramePoseVector_[AutoDiffXd]()
    for k, (f, p) in enumerate(zip(frames, xyz)):
        x = AutoDiffXd(p[0], [1.0]) if k == 0 else AutoDiffXd(p[0], [0.0])
        R = m.RotationMatrix_[AutoDiffXd].MakeZRotation(
            AutoDiffXd(0.3 * k, [0.0]))
        poses.set_value(f, m.RigidTransform_[AutoDiffXd](
            R, [x, AutoDiffXd(p[1], [0.0]), AutoDiffXd(p[2], [0.0])]))
    sg.get_source_pose_port(s).FixValue(context, poses)
    return sg.get_query_output_port().Eval(context), ids, context, sg


def test_autodiff_closed_forms_agree_with_reference():
    """On AutoDiffXd both differentiate the closed forms: values and
    derivatives agree to 1e-10."""
    import ossa.autodiffutils
    import pydrake.autodiffutils

    def value_and_gradient(x):
        return x.value(), np.asarray(x.derivatives(), dtype=float)

    for third in ("Box", "Sphere"):
        ours = autodiff_sphere_scene(ossa.geometry, ossa.math,
                                     ossa.autodiffutils, third)
        ref = autodiff_sphere_scene(pydrake_geometry, pydrake.math,
                                    pydrake.autodiffutils, third)
        (q, ids), (qr, idr) = ours[:2], ref[:2]
        pen = q.ComputePointPairPenetration()
        penr = qr.ComputePointPairPenetration()
        assert len(pen) == len(penr) >= 2
        for a, b in zip(pen, penr):
            # (The reference's bindings cannot return its AutoDiffXd
            # vectors, so the depth is compared; ossa's vectors are read.)
            va, ga = value_and_gradient(a.depth)
            vb, gb = value_and_gradient(b.depth)
            assert va == pytest.approx(vb, abs=1e-10)
            np.testing.assert_allclose(ga, gb, atol=1e-10)
            values = [np.array([x.value() for x in v])
                      for v in (a.p_WCa, a.p_WCb, a.nhat_BA_W)]
            np.testing.assert_allclose(values[0] - values[1],
                                       -a.depth.value() * values[2],
                                       atol=1e-12)
        for pair in ((0, 1), (0, 2)):
            d = q.ComputeSignedDistancePairClosestPoints(
                ids[pair[0]], ids[pair[1]])
            dr = qr.ComputeSignedDistancePairClosestPoints(
                idr[pair[0]], idr[pair[1]])
            va, ga = value_and_gradient(d.distance)
            vb, gb = value_and_gradient(dr.distance)
            assert va == pytest.approx(vb, abs=1e-10)
            np.testing.assert_allclose(ga, gb, atol=1e-10)
            # The first sphere moves along x: ∂d/∂x is the normal's x.
            assert ga[0] == pytest.approx(d.nhat_BA_W[0].value(), abs=1e-12)


def test_autodiff_refuses_what_the_reference_refuses():
    """Two touching boxes: box–box penetration has no derivative here, nor
    in the reference; both raise naming the shapes."""
    import ossa.autodiffutils
    import pydrake.autodiffutils
    for g, m, ad in ((ossa.geometry, ossa.math, ossa.autodiffutils),
                     (pydrake_geometry, pydrake.math,
                      pydrake.autodiffutils)):
        AutoDiffXd = ad.AutoDiffXd
        scene = g.SceneGraph_[AutoDiffXd]()
        s = scene.RegisterSource("s")
        poses = g.FramePoseVector_[AutoDiffXd]()
        for k in range(2):
            f = scene.RegisterFrame(s, g.GeometryFrame(f"f{k}"))
            gi = g.GeometryInstance(m.RigidTransform(), g.Box(1, 1, 1),
                                    f"b{k}")
            gi.set_proximity_properties(g.ProximityProperties())
            scene.RegisterGeometry(s, f, gi)
            poses.set_value(f, m.RigidTransform_[AutoDiffXd]())
        context = scene.CreateDefaultContext()
        scene.get_source_pose_port(s).FixValue(context, poses)
        query = scene.get_query_output_port().Eval(context)
        with pytest.raises(RuntimeError, match="'?Box'? and '?Box'?"):
            query.ComputePointPairPenetration()
