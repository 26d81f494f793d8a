"""``ossa simulate [MODEL]``: simulate a model and write its trajectory."""

import math
import pathlib
import sys
import time

import numpy as np

from ossa.cli import controllers
from ossa.cli import ground as ground_module
from ossa.cli import model as model_files
from ossa.cli import outputs
from ossa.cli.library import CliError
from ossa.cli.progress import ProgressBar


def _parse_vector(text, size, what):
    if text is None:
        return None
    try:
        values = np.array([float(s) for s in text.replace(",", " ").split()])
    except ValueError:
        raise CliError(f"{what} must be numbers separated by commas, "
                       f"got '{text}'") from None
    if values.size != size:
        raise CliError(f"{what} needs {size} values, got {values.size}")
    return values


def _floating_base_bodies(lib, path):
    """(name, model instance) of the bodies that `path` leaves free, found
    on a scratch plant (a plant cannot be changed after Finalize)."""
    # Discrete like the simulated plant, so that the parsers treat the file's
    # constraints alike (and warn once).
    scratch = lib.plant.MultibodyPlant(time_step=0.001)
    model_files.add_model(lib, scratch, path)
    scratch.Finalize()
    return [(scratch.get_body(index).name(),
             scratch.get_body(index).model_instance())
            for index in sorted(scratch.GetFloatingBaseBodies(), key=int)]


def on_ground(lib, args, path, free_bodies):
    """Whether the run puts the model on a ground half-space: a discrete
    run (a continuous plant would integrate the stiff contact with tiny
    steps) of a model with free bodies and collision geometry that
    registers, with neither --floating nor --weld."""
    ground_module.check_ground_options(args)
    if (args.floating or args.weld or not free_bodies or
            not args.time_step > 0):
        return False
    return ground_module.has_usable_collision_geometry(lib, path)


def build(lib, args, path):
    """The diagram (plant + controller), the plant, its initial state and,
    on the ground, the SceneGraph (else None)."""
    builder = lib.framework.DiagramBuilder()
    free_bodies = _floating_base_bodies(lib, path)
    ground = on_ground(lib, args, path, free_bodies)
    scene_graph = None
    if ground:
        plant, scene_graph = lib.plant.AddMultibodyPlantSceneGraph(
            builder, args.time_step)
        ground_module.add_collision_model(lib, plant, path)
        ground_module.add_ground(lib, plant)
        plant.set_contact_model(lib.plant.ContactModel.kPoint)
        plant.set_discrete_contact_approximation(
            lib.plant.DiscreteContactApproximation.kSap)
    else:
        plant = builder.AddSystem(
            lib.plant.MultibodyPlant(time_step=args.time_step))
        model_files.add_model(lib, plant, path)
    if not ground and not args.floating:
        # Without a ground a free robot only falls: fix its base bodies to
        # the world where they are by default.
        for name, instance in free_bodies:
            body = plant.GetBodyByName(name, instance)
            plant.WeldFrames(plant.world_frame(), body.body_frame())
    kind = args.controller or ("hold" if ground else "sine")
    implicit_pd = ground and kind in ("hold", "sine")
    if implicit_pd:
        controllers.add_hold_actuators(lib, plant)
    posture = model_files.STANDING_POSTURES.get(args.model) if ground else None
    if implicit_pd:
        # The gains need the robot's mass and height: a finalized copy.
        mass, height = _mass_and_height(lib, path, args.time_step, posture)
        controllers.set_standing_gains(lib, plant, mass, height,
                                       args.bandwidth)
    plant.Finalize()
    nq, nv = plant.num_positions(), plant.num_velocities()

    context = plant.CreateDefaultContext()
    if posture:
        _set_posture(plant, context, posture)
    x0 = np.asarray(plant.GetPositionsAndVelocities(context))
    q0 = _parse_vector(args.q0, nq, "--q0")
    v0 = _parse_vector(args.v0, nv, "--v0")
    if q0 is not None:
        x0[:nq] = q0
    if v0 is not None:
        x0[nq:] = v0
    if ground:
        # Dropped from just above the ground.
        plant.SetPositionsAndVelocities(context, x0)
        ground_module.place_above_ground(
            lib, plant, scene_graph, context,
            sorted(plant.GetFloatingBaseBodies(), key=int))
        x0 = np.asarray(plant.GetPositionsAndVelocities(context))

    if implicit_pd:
        for source, instance in controllers.make_desired_states(
                lib, plant, kind, x0):
            builder.AddSystem(source)
            builder.Connect(source.get_output_port(0),
                            plant.get_desired_state_input_port(instance))
    else:
        controller = controllers.make(lib, plant, kind, x0,
                                      bandwidth=args.bandwidth)
        if controller is not None:
            builder.AddSystem(controller)
            builder.Connect(plant.get_state_output_port(),
                            controller.get_input_port(0))
            builder.Connect(controller.get_output_port(0),
                            plant.get_applied_generalized_force_input_port())
    diagram = builder.Build()
    return diagram, plant, x0, scene_graph, kind


def _set_posture(plant, context, posture):
    """Sets the named 1-dof joints' angles (a bundled model's standing
    posture)."""
    for name, angle in posture.items():
        plant.GetJointByName(name).set_angle(context, angle)


def _mass_and_height(lib, path, time_step, posture):
    """The model's total mass and the height of its center of mass above
    its lowest collision point, in its default (or standing) posture."""
    builder = lib.framework.DiagramBuilder()
    plant, scene_graph = lib.plant.AddMultibodyPlantSceneGraph(
        builder, time_step)
    ground_module.add_collision_model(lib, plant, path)
    plant.Finalize()
    context = plant.CreateDefaultContext()
    if posture:
        _set_posture(plant, context, posture)
    lowest = ground_module.lowest_collision_z(lib, plant, scene_graph,
                                              context)
    com = plant.CalcCenterOfMassPositionInWorld(context)
    return plant.CalcTotalMass(context), float(com[2] - lowest)


def run(lib, args):
    if args.duration <= 0:
        raise CliError("--duration must be positive")
    if args.time_step < 0:
        raise CliError("--time-step must be 0 (continuous) or positive")
    path = model_files.resolve(args.model)
    diagram, plant, x0, scene_graph, kind = build(lib, args, path)

    simulator = lib.analysis.Simulator(diagram)
    root_context = simulator.get_mutable_context()
    plant_context = plant.GetMyMutableContextFromRoot(root_context)
    plant.SetPositionsAndVelocities(plant_context, x0)
    if args.time_step == 0:
        config = lib.analysis.SimulatorConfig()
        config.integration_scheme = args.integrator
        config.accuracy = args.accuracy
        config.max_step_size = args.max_step
        lib.analysis.ApplySimulatorConfig(config, simulator)
    simulator.Initialize()

    out = pathlib.Path(args.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    csv_path = out / "trajectory.csv"
    position_names = list(plant.GetPositionNames())
    velocity_names = list(plant.GetVelocityNames())
    contact = None
    if scene_graph is not None:
        contact = ground_module.ContactColumns(lib, plant)
    trajectory = outputs.TrajectoryCsv(
        csv_path, position_names, velocity_names,
        contact.names if contact is not None else ())

    animation = None
    if args.meshcat or not args.no_animation:
        from ossa.cli.animation import Animation
        try:
            animation = Animation(path, weld_free_bodies=(
                                      scene_graph is None and
                                      not args.floating),
                                  ground=scene_graph is not None,
                                  live=args.meshcat,
                                  fps=1.0 / args.sample_period,
                                  port=args.port)
        except CliError as e:
            # The drawing needs the model's geometry files (meshes); the
            # simulation does not, so it runs without the animation.
            print(f"note: no animation: {e}", file=sys.stderr)
        if animation is not None and args.meshcat:
            print(f"Meshcat: {animation.meshcat.web_url()}", flush=True)
            if hasattr(simulator, "set_target_realtime_rate"):
                simulator.set_target_realtime_rate(1.0)

    def record():
        x = plant.GetPositionsAndVelocities(plant_context)
        trajectory.write(root_context.get_time(), x,
                         plant.EvalKineticEnergy(plant_context),
                         plant.EvalPotentialEnergy(plant_context),
                         contact.values(plant_context)
                         if contact is not None else ())
        if animation is not None:
            animation.publish(root_context.get_time(), x)

    samples = max(1, int(math.ceil(args.duration / args.sample_period)))
    bar = ProgressBar(args.duration, enabled=args.progress)
    interrupted = False
    start = time.perf_counter()
    record()
    try:
        for k in range(1, samples + 1):
            simulator.AdvanceTo(min(args.duration, k * args.sample_period))
            record()
            bar.update(root_context.get_time())
    except KeyboardInterrupt:
        interrupted = True
    wall = time.perf_counter() - start
    bar.close()
    trajectory.close()

    written = [str(csv_path)]
    title = f"{path.name}: controller {kind} ({lib.name})"
    png = out / "plot.png"
    weight = (9.81 * plant.CalcTotalMass(plant_context)
              if contact is not None else None)
    if not args.no_plot:
        if outputs.plot(png, trajectory.rows, position_names, title,
                        contact_names=trajectory.extra_names,
                        weight=weight):
            written.append(str(png))
        else:
            print("note: matplotlib is not installed: no plot")
    if animation is not None and not args.no_animation:
        html = out / "animation.html"
        animation.finish(html)
        written.append(str(html))
    lines = outputs.summary_lines(
        model=path.name, library=lib.name, t_end=root_context.get_time(),
        duration=args.duration, wall=wall,
        steps=simulator.get_num_steps_taken(), rows=trajectory.rows,
        conservative=kind == "none" and contact is None,
        interrupted=interrupted, contact_names=trajectory.extra_names,
        weight=weight)
    summary = out / "summary.txt"
    summary.write_text("\n".join(lines) + "\n")
    written.append(str(summary))
    for line in lines:
        print(line)
    for f in written:
        print(f"wrote {f}")
    if (animation is not None and args.meshcat and not interrupted
            and sys.stdin.isatty()):
        # The browser keeps the scene and the animation while we wait.
        try:
            input(f"Meshcat: {animation.meshcat.web_url()} has the run's "
                  "animation; press Enter to quit. ")
        except (EOFError, KeyboardInterrupt):
            pass
    return 130 if interrupted else 0
